#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# One count on 1 thread, 2 threads, 1 MPI rank and 2 MPI ranks (one thread each), run alternately so that all
# see the same machine load: solutions, nodes, the median of the seconds piecework reports (from the job split
# to the result), and the median wall and processor (user + system, every process) seconds of the whole
# command, mpirun's start-up included.
# usage: bench/ranks.sh PIECEWORK_BINARY RUNS PUZZLE
#   e.g. bench/ranks.sh build/release/cli/piecework 5 pentacubes-3x4x5
# (root may run mpirun: OMPI_ALLOW_RUN_AS_ROOT* are set here; --oversubscribe lets 2 ranks start on 1 core)
set -euo pipefail
if [ $# -ne 3 ]; then
  sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
fi
piecework=$1 runs=$2 puzzle=$3
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
field() { echo "$2" | sed "s/.*\"$1\":\([0-9.e+-]*\).*/\1/"; }
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
setups=("1 thread" "2 threads" "1 rank" "2 ranks")
commands=("$piecework count $puzzle --threads 1 --json"
          "$piecework count $puzzle --threads 2 --json"
          "mpirun --oversubscribe -np 1 $piecework count $puzzle --threads 1 --json"
          "mpirun --oversubscribe -np 2 $piecework count $puzzle --threads 1 --json")
declare -A seconds walls cpus jsons
out=$(mktemp)
trap 'rm -f "$out"' EXIT
TIMEFORMAT='%R %U %S'
for _ in $(seq "$runs"); do
  for i in "${!commands[@]}"; do
    times=$( { time ${commands[$i]} >"$out"; } 2>&1 )
    json=$(cat "$out")
    jsons[$i]=$json
    read -r real user sys <<<"$times"
    seconds[$i]="${seconds[$i]:-} $(field seconds "$json")"
    walls[$i]="${walls[$i]:-} $real"
    cpus[$i]="${cpus[$i]:-} $(awk -v u="$user" -v s="$sys" 'BEGIN {print u + s}')"
  done
done
printf '%-10s %10s %10s %10s %10s %10s\n' setup solutions nodes median_s median_wall median_cpu
for i in "${!commands[@]}"; do
  # shellcheck disable=SC2086
  printf '%-10s %10s %10s %10.3f %10.3f %10.3f\n' "${setups[$i]}" "$(field solutions "${jsons[$i]}")" \
    "$(field nodes "${jsons[$i]}")" "$(median ${seconds[$i]})" "$(median ${walls[$i]})" "$(median ${cpus[$i]})"
done

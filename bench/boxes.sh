#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# piecework against the textbook dancing-links baseline (bench/dlx_baseline.cpp) on the same puzzle, run
# alternately so that both see the same machine load: every solution's count, nodes and median wall seconds of
# each, and the speed-up of piecework (one thread) over the baseline.
# usage: bench/boxes.sh PIECEWORK_BINARY DLX_BASELINE_BINARY RUNS PUZZLE...
#   e.g. bench/boxes.sh build/bench/cli/piecework build/bench/bench/dlx_baseline 3 pentacubes-3x4x5
# (the bench preset builds both: cmake --preset bench && cmake --build --preset bench)
set -euo pipefail
if [ $# -lt 4 ]; then
  sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
fi
piecework=$1 dlx=$2 runs=$3
shift 3
field() { echo "$2" | sed "s/.*\"$1\":\([0-9.e+-]*\).*/\1/"; }
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
printf '%-20s %-10s %10s %14s %10s\n' puzzle program solutions nodes median_s
for puzzle in "$@"; do
  dlx_times=() pw_times=()
  for _ in $(seq "$runs"); do
    dlx_json=$("$dlx" "$puzzle" --json)
    pw_json=$("$piecework" count "$puzzle" --threads 1 --json)
    dlx_times+=("$(field seconds "$dlx_json")")
    pw_times+=("$(field seconds "$pw_json")")
  done
  dlx_median=$(median "${dlx_times[@]}")
  pw_median=$(median "${pw_times[@]}")
  printf '%-20s %-10s %10s %14s %10.4f\n' "$puzzle" dlx "$(field solutions "$dlx_json")" \
    "$(field nodes "$dlx_json")" "$dlx_median"
  printf '%-20s %-10s %10s %14s %10.4f\n' "$puzzle" piecework "$(field solutions "$pw_json")" \
    "$(field nodes "$pw_json")" "$pw_median"
  awk -v a="$dlx_median" -v b="$pw_median" -v p="$puzzle" 'BEGIN {printf "%s: piecework %.1fx faster\n", p, a / b}'
done

#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Two builds of piecework on the same `count` job, run alternately so that both see the same machine load:
# median wall seconds and node count of each, and the speed-up of the second over the first.
# usage: bench/compare.sh BASE_BINARY NEW_BINARY RUNS COUNT_ARGUMENTS...
#   e.g. bench/compare.sh /tmp/base/piecework build/release/cli/piecework 3 iq-link --threads 2
# A base binary comes from another checkout: git worktree add /tmp/base-src <commit> &&
#   cmake -S /tmp/base-src -B /tmp/base -DCMAKE_BUILD_TYPE=Release -DPIECEWORK_TESTS=OFF &&
#   cmake --build /tmp/base -j2 --target piecework   (the binary is /tmp/base/cli/piecework)
set -euo pipefail
if [ $# -lt 4 ]; then
  sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
fi
base=$1 new=$2 runs=$3
shift 3
field() { echo "$2" | sed "s/.*\"$1\":\([0-9.e+-]*\).*/\1/"; }
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
base_times=() new_times=()
for _ in $(seq "$runs"); do
  base_json=$("$base" count "$@" --json)
  new_json=$("$new" count "$@" --json)
  base_times+=("$(field seconds "$base_json")")
  new_times+=("$(field seconds "$new_json")")
done
base_median=$(median "${base_times[@]}")
new_median=$(median "${new_times[@]}")
printf 'job: count %s (%s runs each, alternating)\n' "$*" "$runs"
printf '%-5s %12s %12s %14s\n' build solutions median_s nodes
printf '%-5s %12s %12.4f %14s\n' base "$(field solutions "$base_json")" "$base_median" "$(field nodes "$base_json")"
printf '%-5s %12s %12.4f %14s\n' new "$(field solutions "$new_json")" "$new_median" "$(field nodes "$new_json")"
awk -v a="$base_median" -v b="$new_median" 'BEGIN {printf "speed-up: %.2fx\n", a / b}'

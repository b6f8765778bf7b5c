#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Median wall time and node count of `piecework count` over several runs, with 1 and 2 threads.
# usage: bench/counts.sh [BINARY] [RUNS] [PUZZLE...]
set -euo pipefail
bin=${1:-build/release/cli/piecework}
runs=${2:-5}
shift $(( $# > 2 ? 2 : $# )) || true
puzzles=("$@")
[ ${#puzzles[@]} -eq 0 ] && puzzles=(pentominoes-6x10 pentominoes-5x12 pentominoes-8x8-hole iq-blocks iq-fit soma super-iq-cube)
printf '%-22s %8s %12s %12s %10s %14s %9s\n' puzzle threads solutions distinct median_s nodes speedup
for p in "${puzzles[@]}"; do
  declare -A median=()
  for t in 1 2; do
    times=()
    for _ in $(seq "$runs"); do
      json=$("$bin" count "$p" --threads "$t" --json)
      times+=("$(echo "$json" | sed 's/.*"seconds":\([0-9.e-]*\).*/\1/')")
    done
    median[$t]=$(printf '%s\n' "${times[@]}" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
    sol=$(echo "$json" | sed 's/.*"solutions":\([0-9]*\).*/\1/')
    dis=$(echo "$json" | sed 's/.*"distinct":\([0-9]*\).*/\1/')
    nodes=$(echo "$json" | sed 's/.*"nodes":\([0-9]*\).*/\1/')
    speed=$(awk -v a="${median[1]}" -v b="${median[$t]}" 'BEGIN {printf "%.2fx", a / b}')
    printf '%-22s %8s %12s %12s %10.4f %14s %9s\n' "$p" "$t" "$sol" "$dis" "${median[$t]}" "$nodes" "$speed"
  done
  unset median
done

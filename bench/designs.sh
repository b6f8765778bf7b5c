#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Two builds of piecework side by side on BurrTools designs: for each problem, the whole process's CPU seconds
# (farm-bench, the two builds in turn, medians and the median of the pairs' ratios) of `count FILE#N --json
# --threads 1`, and the same with --disassemble when -d is given; with CALLGRIND=1 also each build's instruction
# total (valgrind's callgrind: the same figure on a busy machine).
# usage: bench/designs.sh [-d] [-n RUNS] BEFORE_BINARY AFTER_BINARY FILE.xmpuzzle#N...
#   e.g. bench/designs.sh -d -n 11 /tmp/main/piecework build/release/cli/piecework designs/lohe.xmpuzzle#1
set -euo pipefail
disassemble=0 runs=11
while [ $# -gt 0 ]; do
  case $1 in
    -d) disassemble=1; shift ;;
    -n) runs=$2; shift 2 ;;
    *) break ;;
  esac
done
if [ $# -lt 3 ]; then
  sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
fi
before=$1 after=$2
shift 2
command -v farm-bench >/dev/null || { echo "designs.sh: needs farm-bench on PATH" >&2; exit 2; }
instructions() {  # the callgrind total of one run, in millions
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p' | awk '{printf "%.2fM", $1 / 1e6}'
}
row() {  # row LABEL ARGS...: one line of the table
  local label=$1
  shift
  local report
  report=$(farm-bench -n "$runs" --vs "$before $*" -- "$after" "$@" 2>&1)
  local a b ratio
  a=$(awk '/^A cpu s/ {print $5}' <<<"$report")
  b=$(awk '/^B cpu s/ {print $5}' <<<"$report")
  ratio=$(awk '/^A\/B cpu/ {print $4}' <<<"$report")
  local counts=""
  if [ "${CALLGRIND:-0}" = 1 ]; then counts=" | $(instructions "$before" "$@") -> $(instructions "$after" "$@")"; fi
  printf '| %s | %s -> %s (%s)%s |\n' "$label" "$b" "$a" "$ratio" "$counts"
}
echo "| problem | CPU s before -> after (median ratio)$([ "${CALLGRIND:-0}" = 1 ] && echo ' | instructions before -> after') |"
echo "|---|---|$([ "${CALLGRIND:-0}" = 1 ] && echo '---|')"
for problem in "$@"; do
  row "$(basename "$problem") count" count "$problem" --json --threads 1
  if [ "$disassemble" = 1 ]; then row "$(basename "$problem") -d" count "$problem" --disassemble --json --threads 1; fi
done

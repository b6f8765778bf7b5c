#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Rating benchmark (issue 5): median user and wall time of `piecework rate PUZZLE --challenge-file FILE` over
# several runs, for the committed files of 120 generated challenges (24 per level) in bench/data/.
#
# usage: bench/rate.sh [BINARY] [RUNS]              time the committed files
#        bench/rate.sh --generate [BINARY] [SEED]   rewrite bench/data/ from `piecework generate` (24 per level)
# RATE_DATA=DIR uses DIR instead of bench/data/ (e.g. to time batches made from other seeds).
#
# The files are committed because a generated batch depends on the rater (generate keeps a challenge only when
# it is rated at the requested level): after a rater change, --generate gives a different file for the same
# seed. Each line of the files is one challenge; the level it was generated for is in the .levels file beside
# it, in the same order.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
data=${RATE_DATA:-$here/data}
levels=(Starter Junior Expert Master Wizard)

if [ "${1:-}" = "--generate" ]; then
  bin=${2:-build/release/cli/piecework}
  seed=${3:-1}
  mkdir -p "$data"
  for puzzle in iq-link iq-fit; do
    : >"$data/$puzzle-120.txt"
    : >"$data/$puzzle-120.levels"
    for level in "${levels[@]}"; do
      # One JSON object per line; the challenge text has no quotes or backslashes in either notation.
      "$bin" generate "$puzzle" --level "$level" --count 24 --seed "$seed" --json --quiet |
        sed 's/.*"challenge":"\([^"]*\)".*/\1/' >>"$data/$puzzle-120.txt"
      for _ in $(seq 24); do echo "$level"; done >>"$data/$puzzle-120.levels"
    done
    echo "wrote $data/$puzzle-120.txt (seed $seed)"
  done
  exit 0
fi

bin=${1:-build/release/cli/piecework}
runs=${2:-5}
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
printf '%-8s %10s %6s %14s %14s   %s\n' puzzle challenges runs median_user_s median_wall_s levels
for puzzle in iq-link iq-fit; do
  file=$data/$puzzle-120.txt
  [ -f "$file" ] || continue
  users=()
  walls=()
  for _ in $(seq "$runs"); do
    /usr/bin/time -f '%U %e' -o "$tmp" "$bin" rate "$puzzle" --challenge-file "$file" >"$tmp.out"
    read -r user wall <"$tmp"
    users+=("$user")
    walls+=("$wall")
  done
  # Levels the rater gives now (a check that the file still means what the .levels file says).
  got=$(awk '{print $2}' "$tmp.out" | sort | uniq -c | awk '{printf "%s%s %s", sep, $2, $1; sep=", "}')
  rm -f "$tmp.out"
  printf '%-8s %10s %6s %14s %14s   %s\n' "$puzzle" "$(grep -c . "$file")" "$runs" \
    "$(printf '%s\n' "${users[@]}" | median)" "$(printf '%s\n' "${walls[@]}" | median)" "$got"
done

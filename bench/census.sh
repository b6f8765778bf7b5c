#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The census costs in BENCHMARKS.md: whole censuses of IQ-Link and IQ Fit with the table method, samples of the
# solver method (seed 2), and the projection of a whole solver-method census over 1, 64 and 1,024 ranks.
# usage: bench/census.sh [BINARY] [PROJECTION] [OUTDIR]
#   PROJECTION: bench/census_projection.cpp built (cmake --preset bench && cmake --build --preset bench
#   --target census_projection gives build/bench/bench/census_projection)
set -euo pipefail
bin=${1:-build/release/cli/piecework}
projection=${2:-build/bench/bench/census_projection}
out=${3:-census-bench}
mkdir -p "$out"
for p in iq-link iq-fit; do
  /usr/bin/time -f "%e s wall, %U s user, %M KiB max resident" \
    "$bin" census "$p" --threads 2 --json --progress none >"$out/$p-table.json" 2>"$out/$p-table.time"
done
"$bin" census iq-fit --method solver --sample 1000 --seed 2 --json --progress none >"$out/iq-fit-solver-1000.json"
"$bin" census iq-link --method solver --sample 100 --seed 2 --json --progress none >"$out/iq-link-solver-100.json"
"$projection" "$out/iq-fit-solver-1000.json" | tee "$out/iq-fit-projection.txt"
"$projection" "$out/iq-link-solver-100.json" | tee "$out/iq-link-projection.txt"

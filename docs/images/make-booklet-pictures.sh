#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Makes the README's pictures from a committed seed: docs/images/booklet-page.png (the first Expert page of an
# IQ-Link booklet), docs/images/booklet-answers.png (the upper half of its first answer page) and
# docs/images/sheet-soma.png (a Soma sheet with its answer: layers and 3-D views), and the sheets of an IQ Stars
# challenge with marked cells (docs/images/sheet-iq-stars.png) and an IQ Focus colour pattern
# (docs/images/sheet-iq-focus.png), each with its answer, and of a part-cell design of its own
# (docs/images/sheet-part-cells.png); and the first Starter page of the same booklet on each
# paper size (docs/images/booklet-paper-a4.png, -a5.png, -letter.png, docs/printing.md). Run from the repository's top directory after building:
#
#   docs/images/make-booklet-pictures.sh [--piecework PATH] [--out DIR] [--count N] [--no-render]
#
# --count N generates N challenges per level (default 24, as the README says); --no-render writes the booklet
# but skips pdftoppm (poppler-utils), which tests use where it is missing. The catalog and the PDF go to a
# temporary directory that is removed at the end; with --out the pictures (and booklet.pdf) go there instead.
set -eu

piecework=build/release/cli/piecework
out=docs/images
count=24
render=yes
while [ $# -gt 0 ]; do
  case "$1" in
    --piecework) piecework=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --count) count=$2; shift 2 ;;
    --no-render) render=no; shift ;;
    *) echo "make-booklet-pictures.sh: unknown option $1" >&2; exit 2 ;;
  esac
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

for level in Starter Junior Expert Master Wizard; do
  "$piecework" generate iq-link --level "$level" --count "$count" --seed 7 --db "$work/demo.sqlite" >/dev/null
done
"$piecework" booklet --db "$work/demo.sqlite" --out "$work/demo.pdf"

# 4 challenges a page (the default), each level on new pages, the answer key after the five levels.
pages_per_level=$(( (count + 3) / 4 ))
expert_page=$(( 2 + 2 * pages_per_level ))
answer_page=$(( 2 + 5 * pages_per_level ))
echo "first Expert page: $expert_page, first answer page: $answer_page"
if [ "$out" != docs/images ]; then cp "$work/demo.pdf" "$out/booklet.pdf"; fi
# The same catalog on each paper size: its first challenge page (Starter), at one scale so sizes compare.
for paper in a4 a5 letter; do
  "$piecework" booklet --db "$work/demo.sqlite" --paper "$paper" --no-solutions --out "$work/demo-$paper.pdf" >/dev/null
  if [ "$render" = yes ]; then
    pdftoppm -png -r 40 -f 2 -l 2 -singlefile "$work/demo-$paper.pdf" "$out/booklet-paper-$paper"
  fi
done
if [ "$render" = yes ]; then
  pdftoppm -png -r 60 -f "$expert_page" -l "$expert_page" -singlefile "$work/demo.pdf" "$out/booklet-page"
  # The upper half of the answer page (its first nine answers) keeps the picture small.
  pdftoppm -png -r 60 -f "$answer_page" -l "$answer_page" -x 0 -y 0 -W 496 -H 352 -singlefile "$work/demo.pdf" \
    "$out/booklet-answers"
fi
"$piecework" sheet soma --challenge 'ZVV/.../...|ZVP/ZPP/..L|.../Z.P/LLL' --solution --out "$work/soma.pdf" >/dev/null
if [ "$render" = yes ]; then
  pdftoppm -png -r 50 -singlefile "$work/soma.pdf" "$out/sheet-soma"
fi
# IQ Stars: four cells marked with the piece that must cover them (a Wizard challenge); IQ Focus: the colours
# the framed window must show.
"$piecework" sheet iq-stars --challenge '...P..Y/....../G....../.....O' --solution --out "$work/stars.pdf" >/dev/null
"$piecework" sheet iq-focus --challenge 'RRR/BWB/BRB' --solution --out "$work/focus.pdf" >/dev/null
if [ "$render" = yes ]; then
  pdftoppm -png -r 50 -singlefile "$work/stars.pdf" "$out/sheet-iq-stars"
  pdftoppm -png -r 50 -singlefile "$work/focus.pdf" "$out/sheet-iq-focus"
fi
# Part-cells (docs/printing.md): two cubes of the rhombic grid's 48 tetrahedra, filled by pieces of square
# pyramids (a cube face's 4 tetrahedra; voxels as BurrTools numbers them, docs/puzzle-format.md).
cat > "$work/two-cubes.toml" <<'DESIGN'
name = "two-cubes"
title = "Two cubes of tetrahedra"
lattice = "rhombic-tetrahedra"
box = [10, 5, 5]

[[piece]]
letter = "A"
name = "square pyramid"
copies = 2
moves = "turn"
cubes = [[0, 1, 2], [0, 3, 2], [0, 2, 1], [0, 2, 3]]

[[piece]]
letter = "B"
name = "double pyramid"
moves = "turn"
cubes = [[4, 1, 2], [4, 3, 2], [4, 2, 1], [4, 2, 3], [5, 1, 2], [5, 3, 2], [5, 2, 1], [5, 2, 3]]

[[piece]]
letter = "C"
name = "two pyramids"
copies = 4
moves = "turn"
cubes = [[1, 0, 2], [3, 0, 2], [2, 0, 1], [2, 0, 3], [2, 1, 0], [1, 2, 0], [3, 2, 0], [2, 3, 0]]
DESIGN
"$piecework" sheet "$work/two-cubes.toml" --solution --out "$work/two-cubes.pdf" >/dev/null
if [ "$render" = yes ]; then
  pdftoppm -png -r 50 -singlefile "$work/two-cubes.pdf" "$out/sheet-part-cells"
fi

// SPDX-License-Identifier: Apache-2.0
// Which of a puzzle's board symmetries BurrTools merges solutions by, so that piecework can print BurrTools'
// `assemblies` count beside its own `solutions` and `distinct` (docs/interop.md, "Three counts").
#pragma once

#include <optional>
#include <vector>

#include "puzzle/puzzle.hpp"

namespace piecework {

// The subgroup of puzzle.symmetries (identity first) under which BurrTools counts two assemblies as one:
// turns of the whole result in space, and mirror images as well when every piece is its own mirror image
// or has its mirror image among the pieces with as many copies (and, with `coloursCount`, the same voxel
// colours: a puzzle read from a BurrTools file), or when copies come in ranges (BurrTools' assembler then
// always merges them). A one-layer board is a box to BurrTools, and turning it over in space is a mirror
// image in the plane, so on square boards every board symmetry counts. Empty where BurrTools cannot
// describe the puzzle (pegs, cells of the triangular lattice, pieces that may not be turned over or may be
// mirrored, coloured windows, marked cells, a linkage rule): there `assemblies` is not defined.
std::optional<std::vector<Symmetry>> burrToolsSymmetries(const Puzzle& puzzle, bool coloursCount);

}  // namespace piecework

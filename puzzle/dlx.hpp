// SPDX-License-Identifier: Apache-2.0
// Knuth's dlx1 input format (exact cover: the item names, then one option per line), so that piecework's
// counts can be checked with an independent exact-cover program (docs/interop.md).
#pragma once

#include <string>

#include "puzzle/puzzle.hpp"

namespace piecework {

// Items: one per piece copy ("F", or "F1" "F2" ... when the piece has copies), then one per board cell
// named as the notation names it: "r2c3" on flat boards (square and triangular: the row and column hints
// and drawn boards' labels use), "3.2.1" (layer.row.column of the picture) in boxes and the other layered
// lattices; cells that may stay empty are secondary.
// Options: every placement, once per copy of its piece. Each filling of the board is then found once, or
// c1! c2! ... times when pieces have c1, c2, ... copies (the copies are told apart). Rules beyond exact cover
// (IQ-Link's linkage) cannot be written: hex-peg puzzles throw InputError.
std::string toDlx(const Puzzle& puzzle);

}  // namespace piecework

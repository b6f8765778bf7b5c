// SPDX-License-Identifier: Apache-2.0
// An independent IQ Focus reference: every tiling of the board by a plain backtracking search written from
// the published facts (the pieces with their coloured squares, turned but never flipped;
// docs/puzzle-format.md), sharing no code with piecework's definitions, solver or notation. Used to check
// colour-pattern challenges.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace piecework::test {

// Every tiling of the empty board as its board picture (rows of piece letters A-J joined by '/', '.' for the
// two missing corners), grouped by the pattern the window shows (rows of W/R/B/G joined by '/').
const std::map<std::string, std::vector<std::string>>& iqFocusTilingsByPattern();

}  // namespace piecework::test

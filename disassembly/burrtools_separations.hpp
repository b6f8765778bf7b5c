// SPDX-License-Identifier: Apache-2.0
// Disassemblies written as BurrTools stores them, so that BurrTools opens piecework's solutions and plays
// their moves (docs/interop.md): per solution an <assembly> (each piece's position and BurrTools' number of
// its turn) and a <separation> tree (each piece's position after every move).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "disassembly/assemblies.hpp"
#include "disassembly/burrtools_turns.hpp"
#include "puzzle/geometry.hpp"
#include "puzzle/puzzle.hpp"

namespace piecework {

// The <solutions> element of the puzzle written by toBurrTools (puzzle/burrtools.hpp): each solution's
// assembly and its separation tree, in the order given. Cubes and triangular prisms
// (burrToolsTurns); a logic_error on other grids.
std::string burrToolsSolutionsXml(const Puzzle& puzzle, const std::vector<DisassembledSolution>& solutions);

}  // namespace piecework

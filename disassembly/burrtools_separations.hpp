// SPDX-License-Identifier: Apache-2.0
// Disassemblies written as BurrTools stores them, so that BurrTools opens piecework's solutions and plays
// their moves (docs/interop.md): per solution an <assembly> (each piece's position and BurrTools' number of
// its turn) and a <separation> tree (each piece's position after every move).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "disassembly/assemblies.hpp"
#include "puzzle/geometry.hpp"
#include "puzzle/puzzle.hpp"

namespace piecework {

// A piece in a BurrTools assembly: the shape as the file has it, turned by BurrTools' transformation number
// (0 to 23 on cubes) about the origin, then moved by `position` (which is where the shape's voxel (0, 0, 0)
// ends up).
struct BurrToolsPlacement {
  int transformation = 0;
  Site position;
};

// The cubic grid's rotation that BurrTools numbers `transformation` (0 to 23), applied to a point.
Site burrToolsTurned(int transformation, Site point);

// The placement that puts the shape `voxels` on `cells` (the same number of cubes, in any order): the
// smallest transformation number that does, as BurrTools writes it. None when no turn and shift does.
std::optional<BurrToolsPlacement> burrToolsPlacement(const std::vector<Site>& voxels,
                                                     const std::vector<Site>& cells);

// The <solutions> element of the puzzle written by toBurrTools (puzzle/burrtools.hpp): each solution's
// assembly and its separation tree, in the order given. Cubic grid only.
std::string burrToolsSolutionsXml(const Puzzle& puzzle, const std::vector<DisassembledSolution>& solutions);

}  // namespace piecework

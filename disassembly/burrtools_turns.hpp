// SPDX-License-Identifier: Apache-2.0
// BurrTools' numbers for the turns of a piece (the fourth number of each piece in an <assembly>), on the
// grids whose disassemblies piecework writes: cubes and triangular prisms (docs/interop.md, "Solutions and
// disassemblies").
#pragma once

#include <optional>
#include <vector>

#include "puzzle/geometry.hpp"

namespace piecework {

// A piece in a BurrTools assembly: the shape as the file has it, turned by BurrTools' transformation number,
// then moved so that its voxel (0, 0, 0) lands on `position` (it need not be filled).
struct BurrToolsPlacement {
  int transformation = 0;
  Site position;
};

// How many turns in space BurrTools numbers on the grid (0 to this less one): 24 on cubes, 12 on triangular
// prisms; 0 on the grids whose numbering piecework does not know.
int burrToolsTurns(Lattice lattice);

// The cubic grid's rotation that BurrTools numbers `transformation` (0 to 23), applied to a point.
Site burrToolsTurned(int transformation, Site point);

// The triangular-prism grid's turn that BurrTools numbers `transformation` (0 to 11), applied to a triangle
// (voxel x of row y of layer z, as puzzle/burrtools_grids.hpp has them): about the axis across the layers
// through the corner of the tiling at the left end of triangle (0, 0, 0)'s flat side, for numbers 6 to 11
// after turning it over (half a turn about the axis across the rows through that corner in layer 0).
Site burrToolsPrismTurned(int transformation, Site point);

// The placement that puts the shape `voxels` on `cells` (the same number of cells, in any order): the
// smallest transformation number that does, as BurrTools writes it. None when no turn and shift does.
std::optional<BurrToolsPlacement> burrToolsPlacement(const std::vector<Site>& voxels,
                                                     const std::vector<Site>& cells,
                                                     Lattice lattice = Lattice::Cubic);

}  // namespace piecework

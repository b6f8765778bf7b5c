// SPDX-License-Identifier: Apache-2.0
// The solid each part-cell is (geometry.hpp, Site): every part-cell of BurrTools' rhombic and
// tetrahedra-octahedra grids is a tetrahedron, given here by its four corners in cube edges, the cube of
// block (X, Y, Z) spanning [X, X + 1] x [Y, Y + 1] x [Z, Z + 1]. The drawings (output/iso_parts.*) draw
// these.
#pragma once

#include <array>

#include "puzzle/geometry.hpp"

namespace piecework {

using Point3 = std::array<double, 3>;

// The corners of part-cell `voxel` (isCell(lattice, voxel), partCells(lattice)). Rhombic tetrahedra: the
// cube's centre, the centre of the face the voxel's 0-or-4 coordinate names, and the two ends of that face's
// edge that its 1-or-3 coordinate names (the edge runs along the axis of its 2), so that the voxel's own
// centre lies in its tetrahedron. Tetrahedra-octahedra parts: the centre voxel is the tetrahedron spanned by
// the cube's four corners of even sum; a corner voxel is the eighth of the octahedron centred on its cube
// corner: that corner and its three neighbours along the cube's edges.
std::array<Point3, 4> partCellCorners(Lattice lattice, const Site& voxel);

}  // namespace piecework

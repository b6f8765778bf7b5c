// SPDX-License-Identifier: Apache-2.0
// BurrTools' grids other than cubes, and piecework's lattices for them (docs/interop.md): the voxels of a
// shape as read from a BurrTools file turned into piecework's sites, and back for writing. Internal to the
// BurrTools reader and writer (puzzle/burrtools.cpp).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "puzzle/geometry.hpp"

namespace piecework::burrtools {

enum class VoxelState { Empty, Filled, Variable };

struct Voxel {
  int x = 0, y = 0, z = 0;
  std::vector<VoxelState> state;  // index x + sx * (y + sy * z), as BurrTools stores it
  std::vector<int> colour;        // 0: neutral
  std::string name;
  int line = 0;
  VoxelState at(int i, int j, int k) const { return state[static_cast<std::size_t>(i + x * (j + y * k))]; }
  int colourAt(int i, int j, int k) const { return colour[static_cast<std::size_t>(i + x * (j + y * k))]; }
};

// BurrTools' sphere grid (grid type 2): voxel (x, y, z) is a ball when x + y + z is even, touching balls
// differing by (+-1, +-1, 0) in some order (the face-centred cubic lattice; docs/interop.md). The voxel box
// becomes a box in piecework's layer coordinates (puzzle/geometry.hpp): i = (x + y - z) / 2,
// j = (y - z - x) / 2, k = z, shifted to start at 0.
constexpr int kSphereGrid = 2;

// BurrTools' rhombic grid (grid type 3) cuts each cube of the grid into 24 tetrahedra by the six planes
// through its centre and two opposite edges; a cube is a 5 x 5 x 5 block of voxels, and the voxel of a
// tetrahedron has, within the block, one coordinate 0 or 4 (the cube face that is the tetrahedron's base),
// one 1 or 3 and one 2 (file format facts: docs/interop.md). A rhombic dodecahedron is a cube with the
// square pyramid of each neighbouring cube that stands on their common face: that cube's 24 tetrahedra and
// 4 from each of its 6 neighbours, 48 in all. With the dodecahedra on cubes whose coordinates have one
// parity of sum, the others are cut into pyramids. Their centres are thus the face-centred cubic lattice of
// the sphere grid, one cube to a ball.
constexpr int kRhombicGrid = 3;

// BurrTools' triangular-prism grid (grid type 1) stores triangle x of row y of layer z as voxel (x, y, z),
// the triangles alternating along a row, and those with x + y even facing row y - 1 with their flat side
// (file format facts: docs/interop.md): piecework's pictures as they are (puzzle/geometry.hpp, Site).
constexpr int kPrismGrid = 1;
constexpr int kRhombicBlock = 5;
constexpr int kTetrahedraPerCell = 48;

// BurrTools' tetrahedra-octahedra grid (grid type 4) gives each cube of the cubic grid a block of 3 x 3 x 3
// voxels, of which 5 are parts of cells: the centre (1, 1, 1), the cube's tetrahedron, and the four corners
// (0 or 2 in each coordinate) of the cube corners with an odd sum of grid coordinates, each an eighth of the
// octahedron centred on that grid corner, whose 8 eighths are thus the voxels 3X - 1..3X of each axis around
// corner X (file format facts from BurrTools' src/lib/voxel_4.cpp, validCoordinate: docs/interop.md). So
// BurrTools' octahedra sit on the grid corners of odd sum, piecework's on those of even sum (geometry.hpp,
// Site): BurrTools' grid point (X, Y, Z) is piecework's (X + 1, Y, Z), for the cubes' tetrahedra too.
constexpr int kTetraOctaGrid = 4;
constexpr int kTetraOctaBlock = 3;

// Reading: `shapes` (a problem's, `result` among them) turned into piecework's sites in place, for grid
// `gridType`; the name of the definition's lattice. Rhombic and tetrahedra-octahedra shapes are read as
// whole polyhedra when every shape is made of them and that counts as BurrTools does (docs/interop.md,
// "Part-cells"), else voxel by voxel, as BurrTools' part-cells. A voxel that is no cell of the grid is an
// InputError naming `file`, the shape's line and name.
std::string gridShapes(const std::string& file, int gridType, const std::vector<Voxel*>& shapes,
                       const Voxel* result);

// A shape's voxels in BurrTools' grid as a box of piecework's sites (Voxel in piecework's
// coordinates, its name and line kept). A voxel that is no cell of the grid, or a cell cut short, is an
// InputError naming `file`, the shape's line and name.
Voxel sphereLayers(const std::string& file, const Voxel& v);
// The rhombic grid's voxels as sphere-grid voxels (one per dodecahedron, at its cube), for sphereLayers.
Voxel rhombicSpheres(const std::string& file, const Voxel& v);
// The voxels of a tetrahedra-octahedra shape as piecework's sites, in a box from an aligned corner.
Voxel tetraOctaSites(const std::string& file, const Voxel& v);
// A part-cell shape as it is (its sites are BurrTools' voxels: geometry.hpp, Site), once every voxel is
// checked to be a cell of `lattice`.
Voxel partCellVoxels(const std::string& file, const Voxel& v, Lattice lattice);

// Writing: piecework's sites (with the character each is drawn with) as BurrTools' voxels, `size` set to the
// voxel box; the inverses of the above.
std::map<Site, char> sphereVoxels(const std::map<Site, char>& balls, Site& size);
std::map<Site, char> rhombicVoxels(const std::map<Site, char>& balls, Site& size);
std::map<Site, char> tetraOctaVoxels(const std::map<Site, char>& sites, Site& size);

}  // namespace piecework::burrtools

// SPDX-License-Identifier: Apache-2.0
// Lattice geometry: sites, the point groups of the four lattices, and shape normalisation.
#pragma once

#include <array>
#include <compare>
#include <cstddef>
#include <functional>
#include <vector>

namespace piecework {

enum class Lattice {
  Square,
  Cubic,
  HexPegs,
  Triangular,
  Spheres,
  RhombicDodecahedra,
  TriangularPrisms,
  TetrahedraOctahedra,
  RhombicTetrahedra,
  TetraOctaParts
};

// A site is one coverable item of a lattice. Square: (x, y, 0). Cubic: (x, y, z). Hex pegs: (q, r, slot) in
// axial coordinates, slot 0 the peg's centre and 1..6 its directions in HexDirection order plus one.
// Triangular (cells packed in offset rows, each with six neighbours, IQ Stars): (q, r, 0) in axial
// coordinates, q = column - floor(row / 2), so that a shift of the board is a plain vector addition.
// Spheres (balls in face-centred cubic packing, the stacking of ball pyramids): (i, j, k), ball i, j of the
// square layer k; layer k + 1 lies in the hollows of layer k, its ball (i, j) over the middle of the square
// of balls (i..i+1, j..j+1) below. With balls of diameter 1 the centre is (i + k/2, j + k/2, k / sqrt 2);
// each ball touches 12: 4 in its layer, 4 above, 4 below. Every integer (i, j, k) is a ball, so shifts are
// vector additions as on the cubic lattice.
// Rhombic dodecahedra (the space-filling cells whose centres are the face-centred cubic lattice, each sharing
// a face with the 12 cells whose centres are nearest): addressed exactly as spheres, cell (i, j) of square
// layer k, since a cell is the set of points nearer its centre than any other, and it shares a face with
// the cells whose balls its ball touches.
// Triangular prisms (equilateral triangles in rows, stacked in layers): (c, r, k), triangle c of row r of
// layer k, as the pictures show them; within a row the triangles alternate, and triangle (c, r) points down
// (its flat side up, shared with row r - 1) when c + r is even, up (flat side shared with row r + 1) when
// odd. Each has 5 neighbours: left and right in its row, the one across its flat side, above and below. Only
// shifts with an even dc + dr keep the triangles' directions, so boards and shapes move by those
// (shiftKeepsCells).
// Tetrahedra and octahedra (the tetrahedral-octahedral honeycomb): take the unit cubes of the cubic grid; an
// octahedron is centred on each grid point (x, y, k) with x + y + k even, its six corners the neighbouring
// points, and each cube holds one tetrahedron, spanned by its four corners with an odd sum (each cube's other
// four corners are cut off, an eighth of an octahedron each). The cells come in levels along z: octahedra at
// the grid points of height k (level 2k), tetrahedra in the cubes between heights k and k + 1 (level 2k + 1).
// Site (x, y, L): level L is the picture's layer; on an even level the octahedron on point (x, y, L / 2),
// which is a cell only when x + y + L / 2 is even (a checkerboard: the other sites of the layer are no
// cells), on an odd level the tetrahedron in the cube whose lowest corner is (x, y, (L - 1) / 2). A
// tetrahedron shares each face with an octahedron on a corner of its cube, an octahedron each face with the
// tetrahedra of the 8 cubes around its centre; two cells of one kind never share a face. The honeycomb's
// shifts are the grid's shifts with an even sum; on sites, shifts with an even dL and an even dx + dy + dL /
// 2 (shiftKeepsCells), which keep octahedra on octahedra and each tetrahedron's way round.
// BurrTools' part-cells (docs/puzzle-format.md, "Part-cells"): the same two grids at the granularity of
// BurrTools' voxels, a site being the voxel (x, y, z) as BurrTools stores it, a shape any set of them.
// Rhombic tetrahedra: the grid's cubes are blocks of 5 x 5 x 5 voxels, of which 24 are cells, the
// tetrahedra that the six planes through the block's centre and two opposite edges cut the cube into: the
// voxels with one coordinate 0 or 4 within the block (the cube face that is the tetrahedron's base), one 1
// or 3 and one 2. A rhombic dodecahedron is a cube's 24 and the 4 on the common face of each of its 6
// neighbours. The shifts are whole blocks (any multiple of 5 along each axis); the turns and mirrors are
// the cube's, about a block's centre (2, 2, 2).
// Tetrahedra-octahedra parts: the grid's cubes are blocks of 3 x 3 x 3 voxels; the centre (1, 1, 1) is the
// cube's tetrahedron, and the corners (0 or 2 in each coordinate) at the cube corners of odd sum of block
// coordinates are the eighths of the octahedra centred there (8 voxels, 3X - 1..3X along each axis, make
// the octahedron on corner X). The shifts are whole blocks with an even sum of block steps; the turns and
// mirrors are the cube's about a grid corner of even sum, acting on the parts' centres (apply).
struct Site {
  int x = 0;
  int y = 0;
  int z = 0;
  auto operator<=>(const Site&) const = default;
};

struct SiteHash {
  std::size_t operator()(const Site& s) const noexcept {
    return std::hash<long long>()((static_cast<long long>(s.x) * 1000003LL + s.y) * 1000003LL + s.z);
  }
};

// Hex directions in clockwise order on a screen whose y axis points down.
enum HexDirection { R = 0, DR = 1, DL = 2, L = 3, UL = 4, UR = 5 };
inline constexpr std::array<Site, 6> kHexStep = {Site{1, 0, 0},  Site{0, 1, 0},  Site{-1, 1, 0},
                                                 Site{-1, 0, 0}, Site{0, -1, 0}, Site{1, -1, 0}};

// Lattices whose cells are centred on the face-centred cubic lattice (spheres, rhombic dodecahedra): the same
// addressing, neighbours and point group; only their pictures and BurrTools grids differ.
inline bool faceCentred(Lattice lattice) {
  return lattice == Lattice::Spheres || lattice == Lattice::RhombicDodecahedra;
}

// Lattices whose boards are stacks of layers, shifted along all three axes (cubes, spheres, rhombic
// dodecahedra, triangular prisms, tetrahedra and octahedra).
inline bool layered(Lattice lattice) {
  return lattice == Lattice::Cubic || faceCentred(lattice) || lattice == Lattice::TriangularPrisms ||
         lattice == Lattice::TetrahedraOctahedra || lattice == Lattice::RhombicTetrahedra ||
         lattice == Lattice::TetraOctaParts;
}

// BurrTools' part-cell lattices (see Site): a site is a voxel of BurrTools' grid, `block` voxels to a cube.
inline bool partCells(Lattice lattice) {
  return lattice == Lattice::RhombicTetrahedra || lattice == Lattice::TetraOctaParts;
}
inline int partBlock(Lattice lattice) {
  return lattice == Lattice::RhombicTetrahedra ? 5 : 3;
}

// Whether sites one step apart along an axis are all the lattice neighbours there are, as the search's and
// the rater's region reasoning take them (on part-cells, face neighbours are mostly diagonal steps).
inline bool axisNeighbours(Lattice lattice) {
  return !partCells(lattice);
}

// a mod b, from 0 to b - 1 also for negative a.
inline int floorMod(int a, int b) {
  return ((a % b) + b) % b;
}

// Lattices whose cells are of several kinds that only some shifts keep (triangular prisms: an odd dx + dy
// turns triangles over; tetrahedra and octahedra: see Site).
inline bool shiftsKeepKinds(Lattice lattice) {
  return lattice == Lattice::TriangularPrisms || lattice == Lattice::TetrahedraOctahedra ||
         partCells(lattice);
}

// Whether shifting by d keeps every cell a cell of its kind (always, on the other lattices).
inline bool shiftKeepsCells(Lattice lattice, const Site& d) {
  if (lattice == Lattice::TriangularPrisms) return (d.x + d.y) % 2 == 0;
  if (lattice == Lattice::TetrahedraOctahedra) return d.z % 2 == 0 && (d.x + d.y + d.z / 2) % 2 == 0;
  if (partCells(lattice)) {
    const int b = partBlock(lattice);
    if (d.x % b != 0 || d.y % b != 0 || d.z % b != 0) return false;
    return lattice == Lattice::RhombicTetrahedra || (d.x / b + d.y / b + d.z / b) % 2 == 0;
  }
  return true;
}

// The nearest corner at or below `low` from which shifts keep cells (shiftKeepsCells from the origin): where
// boards and normalised shapes start.
inline Site alignedLow(Lattice lattice, Site low) {
  if (lattice == Lattice::TetrahedraOctahedra && low.z % 2 != 0) --low.z;  // (odd, also below 0: -1)
  if (lattice == Lattice::TriangularPrisms && (low.x + low.y) % 2 != 0) --low.x;
  if (lattice == Lattice::TetrahedraOctahedra && (low.x + low.y + low.z / 2) % 2 != 0) --low.x;
  if (partCells(lattice)) {
    const int b = partBlock(lattice);
    low = Site{low.x - floorMod(low.x, b), low.y - floorMod(low.y, b), low.z - floorMod(low.z, b)};
    if (lattice == Lattice::TetraOctaParts && floorMod(low.x / b + low.y / b + low.z / b, 2) != 0) low.x -= b;
  }
  return low;
}

// Whether a site is a cell of the lattice (all are, but the other half of an octahedron layer's sites, and
// on part-cells the voxels that are parts: see Site).
bool isCell(Lattice lattice, const Site& s);

// A direction pieces slide along in a disassembly (BurrTools' model of moves): `step`, the shortest shift
// that way that keeps every cell a cell of its kind, is one unit of a move; `sweep`, per kind of cell
// (cellKind), the cells relative to the cell that it passes through in one step, ending with where it
// lands, which must all be free. On cubes a cell only enters its neighbour; a prism slid along a row passes
// the triangle between (2 along x is one step), and slid along a side of its triangle, the one across.
struct SlideDirection {
  Site step;
  std::vector<std::vector<Site>> sweep;
};

// The lattice's slide directions, each also taken backwards, in BurrTools' order of trying them (cubes: x,
// y, z; prisms: z, along a row, then the two sides of the triangles); empty where piecework defines no moves.
const std::vector<SlideDirection>& slideDirections(Lattice lattice);

// The kind of cell a site is, indexing SlideDirection::sweep: on prisms 0 for a triangle pointing down (x + y
// even), 1 up; 0 on cubes.
int cellKind(Lattice lattice, const Site& s);

// One element of a lattice's point group: a linear map of the translatable coordinates and, on hex pegs, the
// matching permutation of the six directions.
struct Transform {
  std::array<std::array<int, 3>, 3> matrix{};
  std::array<int, 6> direction{0, 1, 2, 3, 4, 5};
  bool mirror = false;
  bool operator==(const Transform&) const = default;
};

Site apply(Lattice lattice, const Transform& t, const Site& s);
Transform compose(const Transform& outer, const Transform& inner);  // outer after inner

// Every element of the point group (rotations and reflections); rotations come first, identity at index 0.
const std::vector<Transform>& pointGroup(Lattice lattice);

// IQ-Link's orientation code 0..11: 0..5 turn the base clockwise that many times, 6..11 mirror in the
// horizontal axis first and then turn.
Transform hexOrientation(int code);

using Shape = std::vector<Site>;

// Translates a shape so that each translatable coordinate's minimum is 0, and sorts it.
Shape normalized(Lattice lattice, Shape shape);

// The indices of `cells` in the order of their sites (Site's <), found by a counting sort over their bounding
// box (where it is large against the cells, by sorting their places in it as plain numbers); false (then
// `order` is unspecified) where two cells coincide or the box is too large to number, for the caller to sort
// as it would.
bool sitesOrder(const std::vector<Site>& cells, std::vector<int>& order);
Shape transformed(Lattice lattice, const Transform& t, const Shape& shape);

// Whether a turn in space takes the shape to each of its mirror images although no turn of the lattice
// does: balls whose centres lie in one plane (a flat piece turned over about a line in its plane lies in
// the same plane again; in a triangular layer of the packing that is no symmetry of the packing, but every
// ball lands on a ball's place, as BurrTools' sphere grid turns it). Other cells are not round, so there
// the lattice's turns are all the turns.
bool turnedOverInSpace(Lattice lattice, const Shape& shape);

// The distinct normalised images of `shape` under the given group elements.
std::vector<Shape> distinctImages(Lattice lattice, const Shape& shape, const std::vector<Transform>& group);

}  // namespace piecework

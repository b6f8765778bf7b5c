// SPDX-License-Identifier: Apache-2.0
// Lattice geometry: sites, the point groups of the four lattices, and shape normalisation.
#pragma once

#include <array>
#include <compare>
#include <cstddef>
#include <functional>
#include <vector>

namespace piecework {

enum class Lattice { Square, Cubic, HexPegs, Triangular, Spheres, RhombicDodecahedra, TriangularPrisms };

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
// (shiftsKeepParity).
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
// dodecahedra, triangular prisms).
inline bool layered(Lattice lattice) {
  return lattice == Lattice::Cubic || faceCentred(lattice) || lattice == Lattice::TriangularPrisms;
}

// Lattices whose shifts must keep x + y even (triangular prisms: an odd shift would turn triangles over).
inline bool shiftsKeepParity(Lattice lattice) {
  return lattice == Lattice::TriangularPrisms;
}

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
Shape transformed(Lattice lattice, const Transform& t, const Shape& shape);

// The distinct normalised images of `shape` under the given group elements.
std::vector<Shape> distinctImages(Lattice lattice, const Shape& shape, const std::vector<Transform>& group);

}  // namespace piecework

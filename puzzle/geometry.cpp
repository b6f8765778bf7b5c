// SPDX-License-Identifier: Apache-2.0
#include "puzzle/geometry.hpp"

#include <algorithm>
#include <climits>
#include <cstdint>

namespace piecework {
namespace {

Transform identity() {
  Transform t;
  t.matrix = {{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}};
  return t;
}

int determinant(const std::array<std::array<int, 3>, 3>& m) {
  return m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) -
         m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
         m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
}

// Closes a set of generators under composition; rotations are sorted before reflections.
std::vector<Transform> closure(const std::vector<Transform>& generators) {
  std::vector<Transform> group{identity()};
  for (std::size_t i = 0; i < group.size(); ++i) {
    for (const auto& g : generators) {
      Transform product = compose(g, group[i]);
      if (std::find(group.begin(), group.end(), product) == group.end()) group.push_back(product);
    }
  }
  std::stable_partition(group.begin(), group.end(), [](const Transform& t) { return !t.mirror; });
  return group;
}

std::vector<Transform> makeSquareGroup() {
  Transform turn = identity();
  turn.matrix = {{{0, -1, 0}, {1, 0, 0}, {0, 0, 1}}};
  Transform mirror = identity();
  mirror.matrix = {{{-1, 0, 0}, {0, 1, 0}, {0, 0, 1}}};
  mirror.mirror = true;
  return closure({turn, mirror});
}

std::vector<Transform> makeCubicGroup() {
  Transform aboutZ = identity();
  aboutZ.matrix = {{{0, -1, 0}, {1, 0, 0}, {0, 0, 1}}};
  Transform aboutX = identity();
  aboutX.matrix = {{{1, 0, 0}, {0, 0, -1}, {0, 1, 0}}};
  Transform mirror = identity();
  mirror.matrix = {{{-1, 0, 0}, {0, 1, 0}, {0, 0, 1}}};
  mirror.mirror = true;
  return closure({aboutZ, aboutX, mirror});
}

// Spheres: the face-centred cubic lattice is the set of integer points (x, y, z) with x + y + z even (the
// ball centres; touching balls differ by (+-1, +-1, 0) in some order, 12 neighbours). Its point group is the
// cube's: the 48 signed permutations of x, y, z (24 of them proper rotations), as each maps the even-sum
// points onto themselves and no other linear map keeps the 12 neighbour vectors. Layer coordinates (i, j, k)
// (geometry.hpp) are x = i - j, y = i + j + k, z = k; each element g acts on them as L^-1 g L, an integer
// matrix since g keeps the lattice.
std::vector<Transform> makeSpheresGroup() {
  using Matrix = std::array<std::array<int, 3>, 3>;
  const Matrix toEven = {{{1, -1, 0}, {1, 1, 1}, {0, 0, 1}}};
  // 2 L^-1 (L has determinant 2): i = (x + y - z) / 2, j = (y - z - x) / 2, k = z.
  const Matrix twiceFromEven = {{{1, 1, -1}, {-1, 1, -1}, {0, 0, 2}}};
  const auto multiply = [](const Matrix& a, const Matrix& b) {
    Matrix m{};
    for (int r = 0; r < 3; ++r)
      for (int c = 0; c < 3; ++c)
        for (int k = 0; k < 3; ++k) m[r][c] += a[r][k] * b[k][c];
    return m;
  };
  std::vector<Transform> group;
  for (const Transform& g : makeCubicGroup()) {
    Transform t = g;
    t.matrix = multiply(twiceFromEven, multiply(g.matrix, toEven));
    for (auto& row : t.matrix)
      for (int& v : row) v /= 2;  // exact: L^-1 g L is an integer matrix
    group.push_back(t);
  }
  return group;
}

Transform hexTurn() {
  // 60 degrees clockwise: (q, r) -> (-r, q + r); R -> DR -> DL -> L -> UL -> UR -> R.
  Transform t = identity();
  t.matrix = {{{0, -1, 0}, {1, 1, 0}, {0, 0, 1}}};
  t.direction = {1, 2, 3, 4, 5, 0};
  return t;
}

Transform hexMirror() {
  // Mirror in the horizontal axis: (q, r) -> (q + r, -r); UL <-> DL, UR <-> DR.
  Transform t = identity();
  t.matrix = {{{1, 1, 0}, {0, -1, 0}, {0, 0, 1}}};
  t.direction = {R, UR, UL, L, DL, DR};
  t.mirror = true;
  return t;
}

// Triangular prisms: the triangles' centres in the basis of the triangular lattice, where the turns and
// mirrors of the plane are the hex pegs' integer matrices. With rows of height h and triangles of side 1,
// triangle (c, r) has its centre at x = (1 + c) / 2 (a corner of the tiling at the origin), y = (3r + 1) h /
// 3 when c + r is even, (3r + 2) h / 3 when odd. X = 6x and Y = 3y / h are integers of one parity, and (X -
// Y) / 2, Y are the coordinates in the basis (side 1 along x, side 1 at 60 degrees) divided by 3.
Site prismLattice(const Site& s) {
  const int x = 3 + 3 * s.x, y = 3 * s.y + ((s.x + s.y) % 2 == 0 ? 1 : 2);
  return Site{(x - y) / 2, y, s.z};
}

Site prismPicture(const Site& l) {
  const int y = l.y, x = 2 * l.x + y;
  const int row = (y - 1 >= 0 ? (y - 1) / 3 : -((1 - y + 2) / 3));  // floor((y - 1) / 3)
  return Site{x / 3 - 1, row, l.z};
}

// The plane's 12 turns and mirrors about a corner of the tiling, each with and without turning the layer
// stack over: 24, of which 12 turns in space.
std::vector<Transform> makePrismGroup() {
  Transform flip = identity();
  flip.matrix[2][2] = -1;
  flip.mirror = true;
  return closure({hexTurn(), hexMirror(), flip});
}

// Tetrahedra and octahedra: a site's centre in space, doubled so that it is whole (geometry.hpp, Site): an
// octahedron on grid point (x, y, k) is (2x, 2y, 2k), the tetrahedron in the cube from (a, b, k) is (2a + 1,
// 2b + 1, 2k + 1); in both the third coordinate is the level. The honeycomb's point group about the
// octahedron at the origin is the cube's: the 48 signed permutations of the axes keep the grid, the parity of
// a point's sum (so octahedra stay octahedra) and the cubes (so tetrahedra stay tetrahedra), and no other
// isometry keeps the six corners of that octahedron.
Site tetraOctaCentre(const Site& s) {
  return s.z % 2 == 0 ? Site{2 * s.x, 2 * s.y, s.z} : Site{2 * s.x + 1, 2 * s.y + 1, s.z};
}

Site tetraOctaSite(const Site& centre) {
  const auto half = [](int v) { return v >= 0 ? v / 2 : -((1 - v) / 2); };  // floor(v / 2)
  return Site{half(centre.x), half(centre.y), centre.z};
}

int translatableAxes(Lattice lattice) {
  return layered(lattice) ? 3 : 2;
}

// Part-cells (geometry.hpp, Site): a voxel coordinate as a coordinate about a centre of the cube's group.
// Rhombic tetrahedra: about a block's centre, v - 2. Tetrahedra-octahedra parts: the position of the part's
// centre in quarters of a cube edge about the grid corner 0, 4q + 1 + r for voxel 3q + r (an eighth at r = 0
// or 2 lies a quarter edge from its corner 4q or 4q + 4, the tetrahedron at r = 1 at the middle, 4q + 2); a
// signed permutation keeps the grid corners and the parity of their sums, so octahedra's eighths stay
// eighths and tetrahedra tetrahedra. Never a multiple of 4, so partVoxel inverts it on every image.
int partCoordinate(Lattice lattice, int v) {
  if (lattice == Lattice::RhombicTetrahedra) return v - 2;
  return 4 * ((v - floorMod(v, 3)) / 3) + 1 + floorMod(v, 3);
}

int partVoxel(Lattice lattice, int c) {
  if (lattice == Lattice::RhombicTetrahedra) return c + 2;
  return 3 * ((c - floorMod(c, 4)) / 4) + floorMod(c, 4) - 1;
}

}  // namespace

bool turnedOverInSpace(Lattice lattice, const Shape& shape) {
  if (lattice != Lattice::Spheres) return false;
  // (ball layer coordinates are an affine image of space, so coplanar there is coplanar in space)
  for (std::size_t a = 1; a < shape.size(); ++a)
    for (std::size_t b = a + 1; b < shape.size(); ++b)
      for (std::size_t c = b + 1; c < shape.size(); ++c) {
        const Site& o = shape[0];
        const long long u[3] = {shape[a].x - o.x, shape[a].y - o.y, shape[a].z - o.z};
        const long long v[3] = {shape[b].x - o.x, shape[b].y - o.y, shape[b].z - o.z};
        const long long w[3] = {shape[c].x - o.x, shape[c].y - o.y, shape[c].z - o.z};
        const long long volume = u[0] * (v[1] * w[2] - v[2] * w[1]) - u[1] * (v[0] * w[2] - v[2] * w[0]) +
                                 u[2] * (v[0] * w[1] - v[1] * w[0]);
        if (volume != 0) return false;
      }
  return true;
}

bool isCell(Lattice lattice, const Site& s) {
  if (lattice == Lattice::TetrahedraOctahedra) return s.z % 2 != 0 || (s.x + s.y + s.z / 2) % 2 == 0;
  if (lattice == Lattice::RhombicTetrahedra) {
    // one coordinate 0 or 4 within the block, one 1 or 3, one 2 (BurrTools' voxel_3 validCoordinate)
    std::array<int, 3> folded{};
    int k = 0;
    for (const int v : {s.x, s.y, s.z}) {
      const int in = floorMod(v, 5);
      folded[static_cast<std::size_t>(k++)] = std::min(in, 4 - in);
    }
    std::sort(folded.begin(), folded.end());
    return folded == std::array<int, 3>{0, 1, 2};
  }
  if (lattice == Lattice::TetraOctaParts) {
    const Site in{floorMod(s.x, 3), floorMod(s.y, 3), floorMod(s.z, 3)};
    if (in == Site{1, 1, 1}) return true;  // the cube's tetrahedron
    if (in.x == 1 || in.y == 1 || in.z == 1) return false;
    // a corner of the block: an eighth when its grid corner has an odd sum
    const int corner =
        (s.x - in.x) / 3 + in.x / 2 + (s.y - in.y) / 3 + in.y / 2 + (s.z - in.z) / 3 + in.z / 2;
    return floorMod(corner, 2) == 1;
  }
  return true;
}

Site apply(Lattice lattice, const Transform& t, const Site& s) {
  const auto& m = t.matrix;
  // (the square and cubic grids' plain product first, with nothing else to test. Measured (callgrind,
  // `count PelikanBurr#1`): 74.48M -> 74.24M instructions for the run, DraculasDentalDesaster#1 61.38M
  // -> 61.29M)
  if (lattice == Lattice::Square || lattice == Lattice::Cubic)
    return Site{m[0][0] * s.x + m[0][1] * s.y + m[0][2] * s.z, m[1][0] * s.x + m[1][1] * s.y + m[1][2] * s.z,
                m[2][0] * s.x + m[2][1] * s.y + m[2][2] * s.z};
  if (lattice == Lattice::TriangularPrisms) {
    const Site l = prismLattice(s);
    return prismPicture(Site{m[0][0] * l.x + m[0][1] * l.y + m[0][2] * l.z,
                             m[1][0] * l.x + m[1][1] * l.y + m[1][2] * l.z,
                             m[2][0] * l.x + m[2][1] * l.y + m[2][2] * l.z});
  }
  if (lattice == Lattice::TetrahedraOctahedra) {
    const Site c = tetraOctaCentre(s);
    return tetraOctaSite(Site{m[0][0] * c.x + m[0][1] * c.y + m[0][2] * c.z,
                              m[1][0] * c.x + m[1][1] * c.y + m[1][2] * c.z,
                              m[2][0] * c.x + m[2][1] * c.y + m[2][2] * c.z});
  }
  if (partCells(lattice)) {
    const Site c{partCoordinate(lattice, s.x), partCoordinate(lattice, s.y), partCoordinate(lattice, s.z)};
    return Site{partVoxel(lattice, m[0][0] * c.x + m[0][1] * c.y + m[0][2] * c.z),
                partVoxel(lattice, m[1][0] * c.x + m[1][1] * c.y + m[1][2] * c.z),
                partVoxel(lattice, m[2][0] * c.x + m[2][1] * c.y + m[2][2] * c.z)};
  }
  if (lattice == Lattice::HexPegs) {
    Site out{m[0][0] * s.x + m[0][1] * s.y, m[1][0] * s.x + m[1][1] * s.y, s.z};
    if (s.z > 0) out.z = 1 + t.direction[static_cast<std::size_t>(s.z - 1)];
    return out;
  }
  return Site{m[0][0] * s.x + m[0][1] * s.y + m[0][2] * s.z, m[1][0] * s.x + m[1][1] * s.y + m[1][2] * s.z,
              m[2][0] * s.x + m[2][1] * s.y + m[2][2] * s.z};
}

Transform compose(const Transform& outer, const Transform& inner) {
  Transform t;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      int sum = 0;
      for (int k = 0; k < 3; ++k) sum += outer.matrix[i][k] * inner.matrix[k][j];
      t.matrix[i][j] = sum;
    }
  for (std::size_t d = 0; d < 6; ++d)
    t.direction[d] = outer.direction[static_cast<std::size_t>(inner.direction[d])];
  t.mirror = determinant(t.matrix) < 0;
  return t;
}

// (each group built on first use, not all five at the first call. Measured (callgrind, `count Prisgon#1
// --json --threads 1`): the ten calls 0.26M -> 0.04M instructions, the run 15.82M -> 15.59M)
const std::vector<Transform>& pointGroup(Lattice lattice) {
  switch (lattice) {
    case Lattice::Square: {
      static const std::vector<Transform> square = makeSquareGroup();
      return square;
    }
    case Lattice::Cubic:
    case Lattice::TetrahedraOctahedra:  // the cube's group, acting on the cells' centres (apply)
    case Lattice::RhombicTetrahedra:
    case Lattice::TetraOctaParts: {
      static const std::vector<Transform> cubic = makeCubicGroup();
      return cubic;
    }
    case Lattice::Spheres:
    case Lattice::RhombicDodecahedra: {  // the same centres, so the same isometries
      static const std::vector<Transform> spheres = makeSpheresGroup();
      return spheres;
    }
    case Lattice::TriangularPrisms: {
      static const std::vector<Transform> prisms = makePrismGroup();
      return prisms;
    }
    case Lattice::HexPegs:
    case Lattice::Triangular:  // the same turns and mirrors of (q, r); cells have no slots to permute
      break;
  }
  static const std::vector<Transform> hex = closure({hexTurn(), hexMirror()});
  return hex;
}

Transform hexOrientation(int code) {
  Transform t = identity();
  if (code >= 6) t = hexMirror();
  for (int i = 0; i < code % 6; ++i) t = compose(hexTurn(), t);
  return t;
}

bool sitesOrder(const std::vector<Site>& cells, std::vector<int>& order) {
  order.clear();
  if (cells.empty()) return true;
  Site low = cells.front(), high = cells.front();
  for (const Site& s : cells) {
    low = Site{std::min(low.x, s.x), std::min(low.y, s.y), std::min(low.z, s.z)};
    high = Site{std::max(high.x, s.x), std::max(high.y, s.y), std::max(high.z, s.z)};
  }
  const long long ny = high.y - low.y + 1LL, nz = high.z - low.z + 1LL;
  const long long volume = (high.x - low.x + 1LL) * ny * nz;
  const auto at = [&](const Site& s) {
    return static_cast<std::size_t>(((s.x - low.x) * ny + (s.y - low.y)) * nz + (s.z - low.z));
  };
  if (volume > 4LL * static_cast<long long>(cells.size()) + 64) {
    // (a sparse box: the positions in it sorted as plain numbers, each with its index)
    if (volume >= (1LL << 31)) return false;
    thread_local std::vector<std::uint64_t> keys;
    keys.clear();
    for (std::size_t k = 0; k < cells.size(); ++k)
      keys.push_back(static_cast<std::uint64_t>(at(cells[k])) << 32 | k);
    std::sort(keys.begin(), keys.end());
    for (std::size_t i = 0; i < keys.size(); ++i) {
      if (i > 0 && keys[i] >> 32 == keys[i - 1] >> 32) return false;
      order.push_back(static_cast<int>(keys[i] & 0xffffffffU));
    }
    return true;
  }
  // (one box per thread, left all -1 between calls; each cell's place in it computed once)
  thread_local std::vector<int> box;
  thread_local std::vector<std::size_t> places;
  if (box.size() < static_cast<std::size_t>(volume)) box.assign(static_cast<std::size_t>(volume), -1);
  const std::size_t n = cells.size();
  places.resize(n);
  int* const slots = box.data();
  bool distinct = true;
  for (std::size_t k = 0; k < n; ++k) {
    const std::size_t place = places[k] = at(cells[k]);
    distinct = distinct && slots[place] < 0;
    slots[place] = static_cast<int>(k);
  }
  if (distinct) {
    order.resize(n);
    for (std::size_t i = 0, j = 0; j < n; ++i)
      if (slots[i] >= 0) order[j++] = slots[i];
  }
  for (std::size_t k = 0; k < n; ++k) slots[places[k]] = -1;
  return distinct;
}

Shape normalized(Lattice lattice, Shape shape) {
  if (shape.empty()) return shape;
  const int axes = translatableAxes(lattice);
  std::array<int, 3> low{INT_MAX, INT_MAX, INT_MAX};
  for (const auto& s : shape) {
    low[0] = std::min(low[0], s.x);
    low[1] = std::min(low[1], s.y);
    low[2] = std::min(low[2], s.z);
  }
  if (shiftsKeepKinds(lattice)) {  // (only shifts that keep the cells' kinds: see Site)
    const Site aligned = alignedLow(lattice, Site{low[0], low[1], low[2]});
    low = {aligned.x, aligned.y, aligned.z};
  }
  for (auto& s : shape) {
    s.x -= low[0];
    s.y -= low[1];
    if (axes == 3) s.z -= low[2];
  }
  std::sort(shape.begin(), shape.end());
  return shape;
}

Shape transformed(Lattice lattice, const Transform& t, const Shape& shape) {
  Shape out;
  out.reserve(shape.size());
  for (const auto& s : shape) out.push_back(apply(lattice, t, s));
  return out;
}

std::vector<Shape> distinctImages(Lattice lattice, const Shape& shape, const std::vector<Transform>& group) {
  std::vector<Shape> images;
  for (const auto& t : group) {
    Shape image = normalized(lattice, transformed(lattice, t, shape));
    if (std::find(images.begin(), images.end(), image) == images.end()) images.push_back(std::move(image));
  }
  return images;
}

const std::vector<SlideDirection>& slideDirections(Lattice lattice) {
  static const std::vector<SlideDirection> cubic = {
      {{1, 0, 0}, {{{1, 0, 0}}}}, {{0, 1, 0}, {{{0, 1, 0}}}}, {{0, 0, 1}, {{{0, 0, 1}}}}};
  // BurrTools' table for its prism grid (src/lib/movementcache_1.cpp), whose voxels are piecework's sites
  // as they are (docs/interop.md). A triangle pointing down (kind 0) slid forward-right leaves across its
  // lower right side into the triangle pointing up beside it, then across that one's flat side; one pointing
  // up leaves across its flat side first.
  static const std::vector<SlideDirection> prisms = {
      {{0, 0, 1}, {{{0, 0, 1}}, {{0, 0, 1}}}},
      {{2, 0, 0}, {{{1, 0, 0}, {2, 0, 0}}, {{1, 0, 0}, {2, 0, 0}}}},
      {{1, 1, 0}, {{{1, 0, 0}, {1, 1, 0}}, {{0, 1, 0}, {1, 1, 0}}}},
      {{-1, 1, 0}, {{{-1, 0, 0}, {-1, 1, 0}}, {{0, 1, 0}, {-1, 1, 0}}}}};
  static const std::vector<SlideDirection> none;
  return lattice == Lattice::Cubic ? cubic : lattice == Lattice::TriangularPrisms ? prisms : none;
}

int cellKind(Lattice lattice, const Site& s) {
  return lattice == Lattice::TriangularPrisms ? floorMod(s.x + s.y, 2) : 0;
}

}  // namespace piecework

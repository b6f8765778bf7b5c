// SPDX-License-Identifier: Apache-2.0
// The solids part-cells are (puzzle/part_cell_solids.hpp), checked against the geometry itself: the cells of
// a block, picked here by BurrTools' rule for its voxels, are tetrahedra that tile the block's cube (volumes
// that sum to the cube's, no two overlapping: each one's centroid inside it and inside no other), each holds
// its voxel's centre (the voxel grid approximates the solids), and the polyhedra the grids are made of come
// out whole: a rhombic dodecahedron of 48 tetrahedra, an octahedron of 8 eighths.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <vector>

#include "puzzle/part_cell_solids.hpp"

namespace {

using piecework::Lattice;
using piecework::partCellCorners;
using piecework::Point3;
using piecework::Site;
using Tetrahedron = std::array<Point3, 4>;

double solidVolume(const Tetrahedron& t) {
  const auto d = [&](int i, int k) {
    return t[static_cast<std::size_t>(i)][static_cast<std::size_t>(k)] - t[0][static_cast<std::size_t>(k)];
  };
  const double det = d(1, 0) * (d(2, 1) * d(3, 2) - d(2, 2) * d(3, 1)) -
                     d(1, 1) * (d(2, 0) * d(3, 2) - d(2, 2) * d(3, 0)) +
                     d(1, 2) * (d(2, 0) * d(3, 1) - d(2, 1) * d(3, 0));
  return std::abs(det) / 6;
}

// Whether p lies strictly inside t: each of the four sub-tetrahedra p makes with a face has a share of the
// volume, and the shares sum to the whole.
bool solidHolds(const Tetrahedron& t, const Point3& p) {
  double sum = 0;
  for (std::size_t i = 0; i < 4; ++i) {
    Tetrahedron part = t;
    part[i] = p;
    const double v = solidVolume(part);
    if (v < 1e-9) return false;
    sum += v;
  }
  return std::abs(sum - solidVolume(t)) < 1e-9;
}

Point3 solidCentroid(const Tetrahedron& t) {
  Point3 c{};
  for (const Point3& p : t)
    for (std::size_t k = 0; k < 3; ++k) c[k] += p[k] / 4;
  return c;
}

// The voxels of the block whose low corner is voxel `at` that BurrTools counts as cells: on the rhombic grid
// one coordinate 0 or 4 in the block, one 1 or 3, one 2; on the tetrahedra-octahedra grid the centre and the
// corners at grid corners of odd coordinate sum.
std::vector<Site> blockCells(Lattice lattice, const Site& at) {
  const int b = lattice == Lattice::RhombicTetrahedra ? 5 : 3;
  std::vector<Site> out;
  for (int x = 0; x < b; ++x)
    for (int y = 0; y < b; ++y)
      for (int z = 0; z < b; ++z) {
        std::array<int, 3> v{x, y, z};
        if (lattice == Lattice::RhombicTetrahedra) {
          std::array<int, 3> fold{};
          for (std::size_t i = 0; i < 3; ++i) fold[i] = std::min(v[i], 4 - v[i]);
          std::sort(fold.begin(), fold.end());
          if (fold != std::array<int, 3>{0, 1, 2}) continue;
        } else if (v != std::array<int, 3>{1, 1, 1}) {
          if (x == 1 || y == 1 || z == 1) continue;
          const int corner = at.x / 3 + x / 2 + at.y / 3 + y / 2 + at.z / 3 + z / 2;
          if (std::abs(corner) % 2 != 1) continue;
        }
        out.push_back({at.x + x, at.y + y, at.z + z});
      }
  return out;
}

void checkTiling(Lattice lattice, const Site& at, std::size_t cells, const std::vector<double>& volumes) {
  const double b = lattice == Lattice::RhombicTetrahedra ? 5 : 3;
  const std::vector<Site> block = blockCells(lattice, at);
  ASSERT_EQ(block.size(), cells);
  std::vector<Tetrahedron> solids;
  std::vector<double> seen;
  double total = 0;
  for (const Site& v : block) {
    const Tetrahedron t = partCellCorners(lattice, v);
    for (const Point3& p : t) {  // inside the block's cube
      EXPECT_GE(p[0], at.x / b - 1e-12);
      EXPECT_LE(p[0], at.x / b + 1 + 1e-12);
      EXPECT_GE(p[1], at.y / b - 1e-12);
      EXPECT_LE(p[1], at.y / b + 1 + 1e-12);
      EXPECT_GE(p[2], at.z / b - 1e-12);
      EXPECT_LE(p[2], at.z / b + 1 + 1e-12);
    }
    EXPECT_TRUE(solidHolds(t, {(v.x + 0.5) / b, (v.y + 0.5) / b, (v.z + 0.5) / b}))
        << "voxel " << v.x << " " << v.y << " " << v.z;
    seen.push_back(solidVolume(t));
    total += solidVolume(t);
    solids.push_back(t);
  }
  std::sort(seen.begin(), seen.end());
  ASSERT_EQ(seen.size(), volumes.size());
  for (std::size_t i = 0; i < seen.size(); ++i) EXPECT_NEAR(seen[i], volumes[i], 1e-12);
  EXPECT_NEAR(total, 1.0, 1e-12);
  for (std::size_t i = 0; i < solids.size(); ++i)
    for (std::size_t j = 0; j < solids.size(); ++j)
      EXPECT_EQ(solidHolds(solids[j], solidCentroid(solids[i])), i == j) << i << " in " << j;
}

}  // namespace

// 24 tetrahedra of a cube's centre and a quarter of a face: 1/3 x 1/4 x 1/2 = 1/24 each.
TEST(PartCellSolids, RhombicTetrahedraTileTheCube) {
  checkTiling(Lattice::RhombicTetrahedra, {0, 0, 0}, 24, std::vector<double>(24, 1.0 / 24));
  checkTiling(Lattice::RhombicTetrahedra, {5, -10, 15}, 24, std::vector<double>(24, 1.0 / 24));
}

// The cube's tetrahedron (1 - 4 x 1/6 = 1/3) and four eighths of octahedra of radius 1 (4/3 / 8 = 1/6).
TEST(PartCellSolids, TetraOctaPartsTileTheCube) {
  const std::vector<double> volumes{1.0 / 6, 1.0 / 6, 1.0 / 6, 1.0 / 6, 1.0 / 3};
  checkTiling(Lattice::TetraOctaParts, {0, 0, 0}, 5, volumes);
  checkTiling(Lattice::TetraOctaParts, {3, 0, 0}, 5, volumes);  // (odd block: the other corners)
  checkTiling(Lattice::TetraOctaParts, {-3, 3, 6}, 5, volumes);
}

// A rhombic dodecahedron about the centre c of cube (0, 0, 0), the set |p_i - c_i| + |p_j - c_j| <= 1 for
// each two axes, is its cube's 24 tetrahedra and the 4 on the common face of each of the 6 cubes around it:
// 48, of volume 2, all corners in it.
TEST(PartCellSolids, RhombicDodecahedronIsWhole) {
  std::vector<Site> cells = blockCells(Lattice::RhombicTetrahedra, {0, 0, 0});
  for (int axis = 0; axis < 3; ++axis)
    for (const int side : {-1, 1})
      for (const Site& v :
           blockCells(Lattice::RhombicTetrahedra,
                      {axis == 0 ? 5 * side : 0, axis == 1 ? 5 * side : 0, axis == 2 ? 5 * side : 0})) {
        const std::array<int, 3> in{((v.x % 5) + 5) % 5, ((v.y % 5) + 5) % 5, ((v.z % 5) + 5) % 5};
        if (in[static_cast<std::size_t>(axis)] == (side < 0 ? 4 : 0)) cells.push_back(v);
      }
  ASSERT_EQ(cells.size(), 48u);
  double total = 0;
  for (const Site& v : cells) {
    const Tetrahedron t = partCellCorners(Lattice::RhombicTetrahedra, v);
    total += solidVolume(t);
    for (const Point3& p : t) {
      const double a = std::abs(p[0] - 0.5), b = std::abs(p[1] - 0.5), c = std::abs(p[2] - 0.5);
      EXPECT_LE(a + b, 1 + 1e-12);
      EXPECT_LE(b + c, 1 + 1e-12);
      EXPECT_LE(a + c, 1 + 1e-12);
    }
  }
  EXPECT_NEAR(total, 2.0, 1e-12);
}

// The octahedron on grid corner X = (1, 1, 1) (odd sum) is the 8 voxels 3X - 1..3X along each axis: 8 eighths
// of volume 1/6, all corners within |p - X|_1 <= 1, together 4/3.
TEST(PartCellSolids, OctahedronIsWhole) {
  double total = 0;
  for (int x = 2; x <= 3; ++x)
    for (int y = 2; y <= 3; ++y)
      for (int z = 2; z <= 3; ++z) {
        const Tetrahedron t = partCellCorners(Lattice::TetraOctaParts, {x, y, z});
        total += solidVolume(t);
        for (const Point3& p : t)
          EXPECT_LE(std::abs(p[0] - 1) + std::abs(p[1] - 1) + std::abs(p[2] - 1), 1 + 1e-12);
      }
  EXPECT_NEAR(total, 4.0 / 3, 1e-12);
}

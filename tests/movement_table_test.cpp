// SPDX-License-Identifier: Apache-2.0
// The table of distances that the disassembler keeps over all the assemblies of a puzzle
// (disassembly/movement.hpp): shapes found again wherever they sit, distances counted by hand and against
// stepping cell by cell, and assemblies taken apart through one table as through a table each.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "disassembly/disassembler.hpp"
#include "disassembly/movement.hpp"
#include "disassembly/separation.hpp"

namespace piecework {
namespace {

TEST(MovementTable, AShapeIsFoundAgainWhereverItSits) {
  MovementTable table(Lattice::Cubic);
  const MovementTable::Shaped here = table.shapeOf({{0, 0, 0}, {1, 0, 0}, {1, 1, 0}});
  const MovementTable::Shaped there = table.shapeOf({{11, 5, 7}, {10, 4, 7}, {11, 4, 7}});  // (other order)
  const MovementTable::Shaped other = table.shapeOf({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}});
  EXPECT_EQ(here.shape, there.shape);
  EXPECT_NE(here.shape, other.shape);
  EXPECT_EQ(here.anchor, (Site{0, 0, 0}));
  EXPECT_EQ(there.anchor, (Site{10, 4, 7}));
}

// Triangles of a prism layer point down where x + y is even, up where odd: a shape moved by one along a row
// is another shape, by two the same.
TEST(MovementTable, PrismShapesKeepTheirKindsOfCell) {
  MovementTable table(Lattice::TriangularPrisms);
  const int down = table.shapeOf({{0, 0, 0}}).shape;
  EXPECT_NE(table.shapeOf({{1, 0, 0}}).shape, down);
  EXPECT_EQ(table.shapeOf({{2, 0, 0}}).shape, down);
}

// Two cubes three apart along x: the first slides two steps forward along x before it meets the second,
// and without limit backward and along y and z; the second, the other way round.
TEST(MovementTable, CubesThreeApartAlongX) {
  MovementTable table(Lattice::Cubic);
  const int cube = table.shapeOf({{0, 0, 0}}).shape;
  const SlideDistances first = table.distances(cube, cube, Site{3, 0, 0});
  EXPECT_EQ(first[0], 2);
  EXPECT_EQ(first[1], kFreeDistance);
  for (std::size_t entry = 2; entry < 6; ++entry) EXPECT_EQ(first[entry], kFreeDistance) << entry;
  const SlideDistances second = table.distances(cube, cube, Site{-3, 0, 0});
  EXPECT_EQ(second[0], kFreeDistance);
  EXPECT_EQ(second[1], 2);
}

// A ring of 3 x 3 cubes around (1, 1, 0) and a stick through its hole, here and moved elsewhere: one table
// for both assemblies (and a third, the first again) gives what a table each gives.
TEST(MovementTable, AssembliesThroughOneTableComeApartAsThroughTheirOwn) {
  std::vector<Site> ring, stick;
  for (int y = 0; y < 3; ++y)
    for (int x = 0; x < 3; ++x)
      if (x != 1 || y != 1) ring.push_back({x, y, 0});
  for (int z = -1; z <= 1; ++z) stick.push_back({1, 1, z});
  const std::vector<AssembledPiece> here{{ring, 0}, {stick, 0}};
  std::vector<AssembledPiece> moved = here;
  for (AssembledPiece& piece : moved)
    for (Site& s : piece.cells) s = Site{s.x + 7, s.y - 2, s.z + 4};
  MovementTable table(Lattice::Cubic);
  const std::vector<AssembledPiece>* const order[] = {&here, &moved, &here};
  for (const std::vector<AssembledPiece>* assembly : order) {
    const Disassembly shared = disassemble(*assembly, Lattice::Cubic, table);
    const Disassembly own = disassemble(*assembly, Lattice::Cubic);
    ASSERT_TRUE(shared.comesApart);
    ASSERT_TRUE(own.comesApart);
    EXPECT_EQ(levelText(*shared.tree), levelText(*own.tree));
    EXPECT_EQ(levelText(*shared.tree), "1");  // the stick slides out along z at once
    EXPECT_EQ(shared.nodes, own.nodes);
    EXPECT_EQ(shared.tree->direction, own.tree->direction);
  }
}

// The distance by its definition (puzzle/geometry.hpp, SlideDirection): how many whole steps a's cells make
// along the direction before one of the cells a cell passes on its next step is one of b's, tried step by
// step.
int movementTableStepsByHand(Lattice lattice, std::size_t direction, const std::vector<Site>& a,
                             const std::vector<Site>& b) {
  const SlideDirection& d = slideDirections(lattice)[direction];
  for (int k = 0; k < 64; ++k)
    for (const Site& c : a)
      for (const Site& passed : d.sweep[static_cast<std::size_t>(cellKind(lattice, c))]) {
        const Site at{c.x + k * d.step.x + passed.x, c.y + k * d.step.y + passed.y,
                      c.z + k * d.step.z + passed.z};
        if (std::find(b.begin(), b.end(), at) != b.end()) return k;
      }
  return kFreeDistance;
}

// Random pieces of up to eight cells in a 4 x 4 x 3 box, the second moved by random offsets (apart, side by
// side, interleaved) on cubes and on prisms (whose rows and layers the table reads from a box of steps, the
// triangles' sides by a merge): every entry as stepping cell by cell finds it, forward and backward.
TEST(MovementTable, DistancesAgreeWithSteppingCellByCell) {
  std::uint64_t seed = 12345;
  auto next = [&seed](int below) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<int>((seed >> 33U) % static_cast<std::uint64_t>(below));
  };
  for (const Lattice lattice : {Lattice::Cubic, Lattice::TriangularPrisms}) {
    MovementTable table(lattice);
    const std::size_t directions = slideDirections(lattice).size();
    for (int round = 0; round < 300; ++round) {
      auto piece = [&] {
        std::vector<Site> cells;
        const int size = 1 + next(8);
        while (static_cast<int>(cells.size()) < size) {
          const Site s{next(4), next(4), next(3)};
          if (std::find(cells.begin(), cells.end(), s) == cells.end()) cells.push_back(s);
        }
        return cells;
      };
      const std::vector<Site> a = piece();
      std::vector<Site> b = piece();
      const Site offset{next(13) - 6, next(13) - 6, next(9) - 4};
      for (Site& s : b) s = Site{s.x + offset.x, s.y + offset.y, s.z + offset.z};
      if (std::any_of(b.begin(), b.end(),
                      [&](const Site& s) { return std::find(a.begin(), a.end(), s) != a.end(); }))
        continue;  // (overlapping pieces are no position)
      const MovementTable::Shaped sa = table.shapeOf(a), sb = table.shapeOf(b);
      const SlideDistances got = table.distances(
          sa.shape, sb.shape,
          Site{sb.anchor.x - sa.anchor.x, sb.anchor.y - sa.anchor.y, sb.anchor.z - sa.anchor.z});
      for (std::size_t d = 0; d < directions; ++d) {
        EXPECT_EQ(got[2 * d], movementTableStepsByHand(lattice, d, a, b)) << round << " direction " << d;
        // (a sliding backward past b is b sliding forward past a)
        EXPECT_EQ(got[2 * d + 1], movementTableStepsByHand(lattice, d, b, a)) << round << " direction " << d;
      }
    }
  }
}

}  // namespace
}  // namespace piecework

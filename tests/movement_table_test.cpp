// SPDX-License-Identifier: Apache-2.0
// The table of distances that the disassembler keeps over all the assemblies of a puzzle
// (disassembly/movement.hpp): shapes found again wherever they sit, distances counted by hand, and
// assemblies taken apart through one table as through a table each.
#include <gtest/gtest.h>

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

}  // namespace
}  // namespace piecework

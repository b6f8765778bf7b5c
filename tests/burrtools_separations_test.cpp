// SPDX-License-Identifier: Apache-2.0
// BurrTools' numbers for the turns of a piece on cubes (disassembly/burrtools_turns.hpp), as measured
// on BurrTools' own files: there every stored assembly's pieces fit their result with one rotation per number
// only (measured once with a script over the shared designs' 336 stored assemblies, each number's rotation
// found alone among the 48 of the cube). The expected points below are those measured rotations applied by
// hand, not the code's rule.
#include <gtest/gtest.h>

#include <set>

#include "disassembly/burrtools_turns.hpp"

namespace piecework {
namespace {

TEST(BurrToolsTransformations, NumbersAreBurrToolsRotations) {
  const Site p{1, 2, 3};
  EXPECT_EQ(burrToolsTurned(0, p), (Site{1, 2, 3}));
  EXPECT_EQ(burrToolsTurned(1, p), (Site{1, -3, 2}));    // a quarter turn about x
  EXPECT_EQ(burrToolsTurned(2, p), (Site{1, -2, -3}));   // half a turn about x
  EXPECT_EQ(burrToolsTurned(4, p), (Site{-3, 2, 1}));    // a quarter turn about y
  EXPECT_EQ(burrToolsTurned(5, p), (Site{-2, -3, 1}));   // about x, then about y
  EXPECT_EQ(burrToolsTurned(8, p), (Site{-1, 2, -3}));   // half a turn about y
  EXPECT_EQ(burrToolsTurned(16, p), (Site{-2, 1, 3}));   // a quarter turn about z
  EXPECT_EQ(burrToolsTurned(20, p), (Site{2, -1, 3}));   // three quarters about z
  EXPECT_EQ(burrToolsTurned(23, p), (Site{3, -1, -2}));  // three about x, then three quarters about z
  // The 24 are the 24 rotations of the cube: a point with distinct coordinates goes to 24 places.
  std::set<Site> images;
  for (int t = 0; t < 24; ++t) images.insert(burrToolsTurned(t, p));
  EXPECT_EQ(images.size(), 24U);
}

TEST(BurrToolsTransformations, PlacementIsTheSmallestNumberThatFits) {
  // An L of three cubes in the plane z = 0, stood up in the plane x = 5: the corner at (5, 0, 0), its arms
  // along y and z. The placement found puts it there, and no smaller number turns it that way.
  const std::vector<Site> voxels{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
  const std::vector<Site> cells{{5, 0, 0}, {5, 0, 1}, {5, 1, 0}};
  const auto at = burrToolsPlacement(voxels, cells);
  ASSERT_TRUE(at.has_value());
  std::set<Site> placed;
  for (const Site& v : voxels) {
    const Site t = burrToolsTurned(at->transformation, v);
    placed.insert({t.x + at->position.x, t.y + at->position.y, t.z + at->position.z});
  }
  EXPECT_EQ(placed, std::set<Site>(cells.begin(), cells.end()));
  for (int smaller = 0; smaller < at->transformation; ++smaller) {
    std::set<Site> turned;
    for (const Site& v : voxels) turned.insert(burrToolsTurned(smaller, v));
    // (no smaller number gives the shape in that orientation, whatever the shift)
    std::set<Site> shifted;
    const Site low = *turned.begin();
    for (const Site& s : turned) shifted.insert({s.x - low.x, s.y - low.y, s.z - low.z});
    EXPECT_NE(shifted, (std::set<Site>{{0, 0, 0}, {0, 0, 1}, {0, 1, 0}})) << smaller;
  }
  EXPECT_FALSE(burrToolsPlacement(voxels, {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}}).has_value());  // (a bar)
}

}  // namespace
}  // namespace piecework

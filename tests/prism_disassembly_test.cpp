// SPDX-License-Identifier: Apache-2.0
// The disassembler on BurrTools' triangular-prism grid (slideDirections in puzzle/geometry.hpp): small
// assemblies whose moves are counted by hand, and the grids without moves refused.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "disassembly/describe.hpp"
#include "disassembly/disassembler.hpp"
#include "puzzle/errors.hpp"
#include "support/run.hpp"

namespace piecework {
namespace {

using Cells = std::vector<Site>;

AssembledPiece piece(Cells cells) {
  return AssembledPiece{std::move(cells), 0};
}

// A cage: every triangle of columns 0..7, rows 0..3 and layers 0..2 but a channel in the middle layer. The
// channel runs along row 1 from column 1 to 4, then up the side of the triangles towards the lower right,
// (4, 2), (5, 2), (5, 3), (6, 3), and out of the cage's last row.
Cells cageWithChannel() {
  const Cells channel{{1, 1, 1}, {2, 1, 1}, {3, 1, 1}, {4, 1, 1}, {4, 2, 1}, {5, 2, 1}, {5, 3, 1}, {6, 3, 1}};
  Cells out;
  for (int z = 0; z < 3; ++z)
    for (int y = 0; y < 4; ++y)
      for (int x = 0; x < 8; ++x)
        if (std::find(channel.begin(), channel.end(), Site{x, y, z}) == channel.end())
          out.push_back({x, y, z});
  return out;
}

TEST(PrismDisassembly, TwoPrismsSideBySideLiftApartInOneMove) {
  // Triangle (0, 0) points down, (1, 0) up beside it: nothing holds either above, so the first piece leaves
  // up (BurrTools tries the layers' direction first) in one move.
  const Disassembly d = disassemble({piece({{0, 0, 0}}), piece({{1, 0, 0}})}, Lattice::TriangularPrisms);
  ASSERT_TRUE(d.comesApart);
  ASSERT_TRUE(d.tree);
  EXPECT_EQ(levelText(*d.tree), "1");
  EXPECT_EQ(d.tree->direction, (Site{0, 0, 1}));
}

TEST(PrismDisassembly, TwoBarsInOneLayerHeldAboveAndBelowSlideApartAlongTheRow) {
  // Two rows of four triangles (rows 0 and 1 of the picture) between a floor and a ceiling that are one
  // piece with a wall at the left end: the bars cannot go up or down, and the frame cannot go right (its wall
  // meets the bars). Row 0's bar slides right along its row without limit (a step along a row is two
  // triangles): one move; then row 1's the same way: one move. Level 1.
  Cells frame;
  for (int x = -1; x < 4; ++x)
    for (int y = 0; y < 2; ++y) frame.push_back({x, y, 0}), frame.push_back({x, y, 2});
  frame.push_back({-1, 0, 1}), frame.push_back({-1, 1, 1});
  const Disassembly d = disassemble({piece(frame), piece({{0, 0, 1}, {1, 0, 1}, {2, 0, 1}, {3, 0, 1}}),
                                     piece({{0, 1, 1}, {1, 1, 1}, {2, 1, 1}, {3, 1, 1}})},
                                    Lattice::TriangularPrisms);
  ASSERT_TRUE(d.comesApart);
  ASSERT_TRUE(d.tree);
  EXPECT_EQ(levelText(*d.tree), "1");
  EXPECT_EQ(d.tree->direction, (Site{2, 0, 0}));
  EXPECT_EQ(d.tree->removed, (std::vector<bool>{false, true, false}));
}

TEST(PrismDisassembly, PrismInAChannelSlidesAlongTheRowThenOutAlongATriangleSide) {
  // By hand: the prism in the channel's first triangle (1, 1, 1) points down (1 + 1 even). The cage's floor
  // and ceiling hold it in z. Along its row, one step right (two triangles) passes (2, 1) to (3, 1), both
  // channel; a second step would pass (4, 1) into (5, 1), the cage, and one step left passes (0, 1), the
  // cage. Forward-right passes (2, 1) into (2, 2), the cage; forward-left, back-left and back-right cross
  // (0, 1) or (1, 0), the cage. So at the start it can only go one step right: nothing leaves in one move.
  // From (3, 1), forward-right passes (4, 1) into (4, 2), then (5, 2) into (5, 3), then (6, 3) into (6, 4),
  // out of the cage's rows: it leaves. Two moves, level 2.
  const Disassembly d =
      disassemble({piece(cageWithChannel()), piece({{1, 1, 1}})}, Lattice::TriangularPrisms);
  ASSERT_TRUE(d.comesApart);
  ASSERT_TRUE(d.tree);
  EXPECT_EQ(levelText(*d.tree), "2");
  EXPECT_EQ(d.tree->direction, (Site{1, 1, 0}));
  const std::vector<std::string> words = describeMoves(*d.tree, {"cage", "prism"});
  ASSERT_EQ(words.size(), 2U);
  EXPECT_EQ(words[0], "move prism 1 right");
  EXPECT_EQ(words[1], "take prism out, moving forward-right");
}

TEST(PrismDisassembly, PrismWithTheChannelsBendBlockedStaysIn) {
  // The same cage with the channel's last triangle (6, 3) filled: from (3, 1) the third step forward-right
  // meets it, and no other way is open (by hand as above), so the prism never comes out.
  Cells cage = cageWithChannel();
  cage.push_back({6, 3, 1});
  const Disassembly d = disassemble({piece(cage), piece({{1, 1, 1}})}, Lattice::TriangularPrisms);
  EXPECT_FALSE(d.comesApart);
}

TEST(PrismDisassembly, GridsWithoutMovesAreRefused) {
  EXPECT_THROW(disassemble({piece({{0, 0, 0}}), piece({{1, 0, 0}})}, Lattice::Spheres), InputError);
}

TEST(PrismDisassembly, CountSolveAndRateTakeAPrismDesignApart) {
  // A hexagon of six triangles in one layer (the first column is no cell) filled with three diamonds: nothing
  // holds a piece of a single layer from above, so every assembly comes apart, one piece lifted at a time
  // (level 1).
  const std::string dir = test::tempDir();
  std::ofstream(dir + "/hexagon.toml") << "name = \"hexagon\"\ntitle = \"hexagon\"\nlattice = "
                                          "\"triangular-prisms\"\nboard = \"\"\"\n#...\n#...\n"
                                          "\"\"\"\n\n[[piece]]\nletter = \"D\"\ncopies = 3\nmoves = "
                                          "\"turn\"\ncubes = [[0, 0, 0], [1, 0, 0]]\n";
  const auto counted = test::runPiecework("count '" + dir + "/hexagon.toml' --disassemble --json");
  ASSERT_EQ(counted.status, 0) << counted.err;
  const auto json = nlohmann::json::parse(counted.out);
  EXPECT_GT(json["assemblies"].get<int>(), 0) << counted.out;
  EXPECT_EQ(json["disassemblable"], json["assemblies"]) << counted.out;
  for (const auto& level : json["levels"]) EXPECT_EQ(level, "1") << counted.out;
  const auto solved = test::runPiecework("solve '" + dir + "/hexagon.toml' --disassemble");
  ASSERT_EQ(solved.status, 0) << solved.err;
  EXPECT_NE(solved.out.find("moving up"), std::string::npos) << solved.out;
  const auto rated = test::runPiecework("rate '" + dir + "/hexagon.toml' --disassemble");
  ASSERT_EQ(rated.status, 0) << rated.err;
  EXPECT_NE(rated.out.find("Starter"), std::string::npos) << rated.out;
  // Written for BurrTools with the disassemblies (tests/prism_burrtools_test.cpp checks the numbers), and
  // read back with the same levels; drawn step by step.
  const auto converted =
      test::runPiecework("convert '" + dir + "/hexagon.toml' '" + dir + "/h.xmpuzzle' --disassemble");
  ASSERT_EQ(converted.status, 0) << converted.err;
  const auto back = test::runPiecework("count '" + dir + "/h.xmpuzzle' --disassemble --json");
  ASSERT_EQ(back.status, 0) << back.err;
  const auto read = nlohmann::json::parse(back.out);
  EXPECT_EQ(read["stored_levels"], json["levels"]) << back.out;
  EXPECT_EQ(read["stored_levels_agree"], true) << back.out;
  const auto sheet =
      test::runPiecework("sheet '" + dir + "/hexagon.toml' --disassembly --out '" + dir + "/h.svg'");
  EXPECT_EQ(sheet.status, 0) << sheet.err;
}

}  // namespace
}  // namespace piecework

// SPDX-License-Identifier: Apache-2.0
// Boards that mix cells that must be filled with cells that may stay empty ('+' in a board picture,
// BurrTools' variable voxels): hand counts on tiny boards and an independent exact-cover counter, through
// TOML, .xmpuzzle and back.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <string>

#include "support/exact_cover.hpp"
#include "support/run.hpp"

namespace {

using piecework::test::contains;
using piecework::test::countOutput;
using piecework::test::runPiecework;
using piecework::test::writeTempFile;

// Four dominoes on a 3 x 3 board whose centre may stay empty: 8 cells must be covered by 8 cells of
// dominoes, so the centre stays empty and the ring of 8 cells is tiled: by hand, 2 ways (the dominoes start
// at a corner going clockwise or counter-clockwise), one up to the square's 8 symmetries (a quarter turn maps
// one onto the other; the centre maps onto itself).
constexpr const char* kRing = R"(name = "ring"
lattice = "square"
board = """
...
.+.
...
"""
[[piece]]
letter = "D"
copies = 4
shape = "##"
)";

// A domino and an L tromino on a 2 x 3 board whose top-left corner may stay empty: they cover 5 cells, as
// many as must be filled. By hand: the domino lies under the L's foot on the left or stands on the right, 2
// ways; no symmetry of the rectangle maps that corner onto itself, so none is used and both are distinct.
constexpr const char* kCorner = R"(name = "corner"
lattice = "square"
board = "+../..."
[[piece]]
letter = "D"
shape = "##"
[[piece]]
letter = "L"
shape = "#./##"
)";

}  // namespace

TEST(OptionalCells, RingOfDominoesAroundAnOptionalCentre) {
  const std::string toml = writeTempFile("ring.toml", kRing);
  const std::string json = countOutput(toml);
  EXPECT_TRUE(contains(json, "\"solutions\":2,")) << json;
  EXPECT_TRUE(contains(json, "\"distinct\":1,")) << json;
  EXPECT_TRUE(contains(json, "\"symmetries\":8,")) << json;
  // To BurrTools and back: the centre is a variable voxel, and the definition read back has it as '+'.
  const std::string xm = toml.substr(0, toml.size() - 5) + ".xmpuzzle";
  ASSERT_EQ(runPiecework("convert '" + toml + "' '" + xm + "'").status, 0);
  EXPECT_TRUE(contains(countOutput(xm), "\"solutions\":2,"));
  const auto back = runPiecework("convert '" + xm + "' --to toml");
  ASSERT_EQ(back.status, 0) << back.err;
  EXPECT_TRUE(contains(back.out, "board = \".../.+./...\"")) << back.out;
  const std::string again = writeTempFile("ring-again.toml", back.out);
  EXPECT_TRUE(contains(countOutput(again), "\"solutions\":2,"));
}

TEST(OptionalCells, SymmetriesKeepOptionalCells) {
  const std::string json = countOutput(writeTempFile("corner.toml", kCorner));
  EXPECT_TRUE(contains(json, "\"solutions\":2,")) << json;
  EXPECT_TRUE(contains(json, "\"distinct\":2,")) << json;
  EXPECT_TRUE(contains(json, "\"symmetries\":1,")) << json;
}

TEST(OptionalCells, DlxMakesOptionalCellsSecondaryAndAnIndependentCounterAgrees) {
  // Five tetrominoes and a domino (22 cells) on a 5 x 5 board whose corners and centre may stay empty (20
  // cells must be filled): two optional cells are covered in each solution. The count is checked against
  // an independent dancing-links counter of the dlx file (distinct pieces: no copy orderings).
  const std::string toml = writeTempFile("cross.toml", R"(name = "cross"
lattice = "square"
board = """
+...+
.....
..+..
.....
+...+
"""
[[piece]]
letter = "I"
shape = "####"
[[piece]]
letter = "L"
shape = "###/#.."
[[piece]]
letter = "T"
shape = "###/.#."
[[piece]]
letter = "S"
shape = ".##/##."
[[piece]]
letter = "O"
shape = "##/##"
[[piece]]
letter = "D"
shape = "##"
)");
  const auto dlx = runPiecework("convert '" + toml + "' --to dlx");
  ASSERT_EQ(dlx.status, 0) << dlx.err;
  const std::uint64_t expected = piecework::test::countExactCovers(dlx.out);
  EXPECT_GT(expected, 0U);
  const std::string json = countOutput(toml);
  EXPECT_TRUE(contains(json, "\"solutions\":" + std::to_string(expected) + ","))
      << json << " expected " << expected;
  // And through BurrTools' format and back.
  const std::string xm = toml.substr(0, toml.size() - 5) + ".xmpuzzle";
  ASSERT_EQ(runPiecework("convert '" + toml + "' '" + xm + "'").status, 0);
  EXPECT_TRUE(contains(countOutput(xm), "\"solutions\":" + std::to_string(expected) + ","));
}

TEST(OptionalCells, BadBoardsGetOneLine) {
  // Seven cells must be covered and the pieces cover six.
  const std::string short_ = writeTempFile("short.toml",
                                           "name = \"s\"\nlattice = \"square\"\nboard = \"..../...+\"\n"
                                           "[[piece]]\nletter = \"D\"\ncopies = 3\nshape = \"##\"\n");
  const auto r = runPiecework("count '" + short_ + "'");
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(contains(r.err, "7 cells that must be filled")) << r.err;
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;
  // '+' is no peg.
  const std::string pegs = writeTempFile("pegs.toml",
                                         "name = \"p\"\nlattice = \"hex-pegs\"\nboard = \"..+\"\n"
                                         "[[piece]]\nletter = \"A\"\nparts = [{ at = \"0\", kind = "
                                         "\"ball\", link = [\"R\"] }]\n");
  const auto p = runPiecework("count '" + pegs + "'");
  EXPECT_EQ(p.status, 2);
  EXPECT_TRUE(contains(p.err, "pegs.toml:3:")) << p.err;
  EXPECT_EQ(p.err.find('\n'), p.err.size() - 1) << p.err;
}

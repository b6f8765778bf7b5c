// SPDX-License-Identifier: Apache-2.0
// piecework convert --to dlx: Knuth's dlx1 input, solved by an independent exact-cover counter
// (tests/support/exact_cover.cpp) and compared with published counts.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <string>

#include "support/exact_cover.hpp"
#include "support/run.hpp"

namespace {

using piecework::test::countExactCovers;
using piecework::test::runPiecework;

std::string dlxOf(const std::string& puzzle) {
  const auto r = runPiecework("convert " + puzzle + " --to dlx");
  EXPECT_EQ(r.status, 0) << r.err;
  return r.out;
}

}  // namespace

TEST(ConvertDlx, PentominoRectangleHasThePublishedCount) {
  // 2,339 ways to tile the 6 x 10 rectangle up to its 4 symmetries; no tiling has a symmetry of its own, so
  // each is found 4 times on the fixed board.
  EXPECT_EQ(countExactCovers(dlxOf("pentominoes-6x10")), 2339U * 4U);
}

TEST(ConvertDlx, SomaHasThePublishedCount) {
  // 240 distinct solutions, 11,520 on the fixed cube (240 x 48 symmetries).
  EXPECT_EQ(countExactCovers(dlxOf("soma")), 11520U);
}

TEST(ConvertDlx, CellsThatMayStayEmptyAreSecondaryAndCopiesAreCountedApart) {
  const std::string dir = piecework::test::tempDir();
  // One straight tromino on a 2 x 3 board that need not be filled: the top row or the bottom row.
  std::ofstream(dir + "/loose.toml") << "name = \"loose\"\nlattice = \"square\"\nfill_every_cell = false\n"
                                        "board = \"...\\n...\"\n[[piece]]\nletter = \"a\"\nshape = \"###\"\n";
  const std::string loose = dlxOf("'" + dir + "/loose.toml'");
  EXPECT_NE(loose.find("a | r1c1 r1c2 r1c3 r2c1 r2c2 r2c3\n"), std::string::npos) << loose;
  EXPECT_EQ(countExactCovers(loose), 2U);
  // Two copies of a domino on a 1 x 4 strip: one filling, found once for each order of the copies.
  std::ofstream(dir + "/pair.toml") << "name = \"pair\"\nlattice = \"square\"\nboard = \"....\"\n"
                                       "[[piece]]\nletter = \"d\"\ncopies = 2\nshape = \"##\"\n";
  const std::string pair = dlxOf("'" + dir + "/pair.toml'");
  EXPECT_NE(pair.find("d1 d2 r1c1 r1c2 r1c3 r1c4\n"), std::string::npos) << pair;
  EXPECT_EQ(countExactCovers(pair), 2U);
}

TEST(ConvertDlx, WritesFilesAndRefusesWhatItCannotSay) {
  const std::string dir = piecework::test::tempDir();
  ASSERT_EQ(runPiecework("convert soma '" + dir + "/soma.dlx'").status, 0);
  std::ifstream in(dir + "/soma.dlx");
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(countExactCovers(text), 11520U);

  const auto hex = runPiecework("convert iq-link --to dlx");
  EXPECT_EQ(hex.status, 2);
  EXPECT_NE(hex.err.find("square and cubic"), std::string::npos) << hex.err;
  const auto unknownFormat = runPiecework("convert soma --to bmp");
  EXPECT_EQ(unknownFormat.status, 2);
  const auto noFormat = runPiecework("convert soma out.txt");
  EXPECT_EQ(noFormat.status, 2);
  const auto noPuzzle = runPiecework("convert");
  EXPECT_EQ(noPuzzle.status, 2);
  const auto unwritable = runPiecework("convert soma /nonexistent/dir/soma.dlx");
  EXPECT_EQ(unwritable.status, 2);
  EXPECT_NE(unwritable.err.find("/nonexistent/dir/soma.dlx"), std::string::npos) << unwritable.err;
  for (const auto* r : {&hex, &unknownFormat, &noFormat, &noPuzzle, &unwritable})
    EXPECT_EQ(std::count(r->err.begin(), r->err.end(), '\n'), 1) << r->err;
}

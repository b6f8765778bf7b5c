// SPDX-License-Identifier: Apache-2.0
// piecework convert --to dlx: Knuth's dlx1 input, solved by an independent exact-cover counter
// (tests/support/exact_cover.cpp) and compared with published counts.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

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

// A dlx file's items (the first line that is no comment, without its '|') and options (item, cells).
struct DlxFile {
  std::vector<std::string> items;
  std::vector<std::pair<std::string, std::set<std::string>>> options;
  bool hasOption(const std::string& piece, const std::set<std::string>& cells) const {
    return std::find(options.begin(), options.end(), std::make_pair(piece, cells)) != options.end();
  }
};

DlxFile readDlx(const std::string& text) {
  DlxFile file;
  std::istringstream in(text);
  std::string line;
  bool first = true;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '|') continue;
    std::istringstream words(line);
    std::string word;
    if (first) {
      while (words >> word)
        if (word != "|") file.items.push_back(word);
      first = false;
      continue;
    }
    auto& option = file.options.emplace_back();
    words >> option.first;
    while (words >> word) option.second.insert(word);
  }
  return file;
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
  EXPECT_NE(hex.err.find("cannot hold hex-peg puzzles"), std::string::npos) << hex.err;
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

// Cells are named as the notation names them (docs/interop.md): the expected names below are read off the
// boards' pictures in data/puzzles/*.toml by hand.
TEST(ConvertDlx, CellNamesAreTheNotationsOnATriangularBoard) {
  // IQ Stars' picture: rows of 7, 6, 7 and 6 cells, the 2nd and 4th half a cell to the right; the notation
  // counts every row's columns from 1 (the labels of `show`, the cells hints name).
  const DlxFile stars = readDlx(dlxOf("iq-stars"));
  std::vector<std::string> expected{"R", "O", "Y", "G", "B", "I", "P"};
  for (int row = 1; row <= 4; ++row)
    for (int column = 1; column <= (row % 2 == 1 ? 7 : 6); ++column)
      expected.push_back("r" + std::to_string(row) + "c" + std::to_string(column));
  EXPECT_EQ(stars.items, expected);
  // One option per placement `show` counts.
  const auto show = runPiecework("show iq-stars --json");
  std::size_t placements = 0;
  for (auto at = show.out.find("\"placements\":"); at != std::string::npos;
       at = show.out.find("\"placements\":", at + 1))
    placements += std::stoul(show.out.substr(at + 13));
  EXPECT_EQ(stars.options.size(), placements);
  // The red rhombus "# #" over " # #" in the top-left corner, and in the same place two rows down (rows 3-4
  // are drawn like rows 1-2).
  EXPECT_TRUE(stars.hasOption("R", {"r1c1", "r1c2", "r2c1", "r2c2"}));
  EXPECT_TRUE(stars.hasOption("R", {"r3c1", "r3c2", "r4c1", "r4c2"}));
  EXPECT_TRUE(stars.hasOption("R", {"r3c6", "r3c7", "r4c5", "r4c6"}));
  // A placement a hint names is an option with the same cell names.
  const auto hint = runPiecework("hint iq-stars --challenge 'RR...../RR..../......./......' --json");
  ASSERT_EQ(hint.status, 0) << hint.err;
  const std::string key = "\"placement\":\"";
  const auto at = hint.out.find(key);
  ASSERT_NE(at, std::string::npos) << hint.out;
  const std::string placement =
      hint.out.substr(at + key.size(), hint.out.find('"', at + key.size()) - at - key.size());
  const auto pieceAt = hint.out.rfind("\"piece\":\"", at);
  ASSERT_NE(pieceAt, std::string::npos) << hint.out;
  const std::string piece(1, hint.out[pieceAt + 9]);
  std::istringstream words(placement);
  std::set<std::string> cells{std::istream_iterator<std::string>(words),
                              std::istream_iterator<std::string>()};
  EXPECT_FALSE(cells.empty()) << hint.out;
  EXPECT_TRUE(stars.hasOption(piece, cells)) << piece << " " << placement;
}

TEST(ConvertDlx, CellNamesAreTheNotationsOnSquareBoardsAndInBoxes) {
  // The 8 x 8 square without its central 2 x 2: rows 4 and 5 have no columns 4 and 5.
  const DlxFile square = readDlx(dlxOf("pentominoes-8x8-hole"));
  EXPECT_EQ(square.items.size(), 12U + 60U);
  EXPECT_EQ(square.items[12], "r1c1");
  EXPECT_EQ(square.items.back(), "r8c8");
  for (const char* hole : {"r4c4", "r4c5", "r5c4", "r5c5"})
    EXPECT_EQ(std::find(square.items.begin(), square.items.end(), hole), square.items.end()) << hole;
  for (const char* cell : {"r4c3", "r4c6", "r5c3", "r5c6", "r1c8", "r8c1"})
    EXPECT_NE(std::find(square.items.begin(), square.items.end(), cell), square.items.end()) << cell;
  // The I pentomino along the top row and down the last column; not across the hole.
  EXPECT_TRUE(square.hasOption("I", {"r1c1", "r1c2", "r1c3", "r1c4", "r1c5"}));
  EXPECT_TRUE(square.hasOption("I", {"r4c8", "r5c8", "r6c8", "r7c8", "r8c8"}));
  EXPECT_FALSE(square.hasOption("I", {"r4c1", "r4c2", "r4c3", "r4c4", "r4c5"}));
  // Soma's 3 x 3 x 3 box: layer.row.column, from 1.1.1 to 3.3.3.
  const DlxFile soma = readDlx(dlxOf("soma"));
  ASSERT_EQ(soma.items.size(), 7U + 27U);
  EXPECT_EQ(soma.items[7], "1.1.1");
  EXPECT_EQ(soma.items[8], "1.1.2");
  EXPECT_EQ(soma.items[10], "1.2.1");
  EXPECT_EQ(soma.items.back(), "3.3.3");
}

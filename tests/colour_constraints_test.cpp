// SPDX-License-Identifier: Apache-2.0
// Colour constraints as BurrTools has them (issue 29, point 1): a piece's coloured cell may only lie on a
// neutral board cell or on one whose colour the rules pair with it. Hand counts on a domino, and on a small
// checkered design a brute force written here (its own turns, placements and tiling, sharing no code with
// piecework), through TOML, a hand-written .xmpuzzle, and `convert` both ways.
#include <gtest/gtest.h>

#include <fmt/format.h>
#include <algorithm>
#include <fstream>
#include <functional>
#include <regex>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "support/run.hpp"

namespace {

using piecework::test::runPiecework;
using piecework::test::writeTempFile;

// `count --json`'s "solutions", or -1 when the command failed.
long solutions(const std::string& puzzle) {
  const auto r = runPiecework("count '" + puzzle + "' --json");
  EXPECT_EQ(r.status, 0) << puzzle << ": " << r.err;
  std::smatch m;
  if (r.status != 0 || !std::regex_search(r.out, m, std::regex("\"solutions\":([0-9]+)"))) return -1;
  return std::stol(m[1]);
}

// A 1 x 2 board coloured 1, 2 and one domino coloured 1, 2 (it may turn and flip). On the board it lies as
// 1 2 or as 2 1: two placements, told apart by their colours.
std::string domino(const std::string& rules) {
  return fmt::format(R"(name = "domino"
lattice = "square"
board = ".."
board_colours = [1, 2]
{}
[[piece]]
letter = "D"
shape = "##"
cell_colours = [1, 2]
)",
                     rules);
}

// The checkered design: a 2 x 4 board coloured as a chequerboard (1 2 1 2 / 2 1 2 1) and a domino, an L and
// a straight tromino whose cells are coloured as a chequerboard too.
struct Cell {
  int x, y, colour;
};
struct Piece {
  char letter;
  std::string shape;  // as in the definition
  std::vector<Cell> cells;
};
constexpr int kWidth = 4, kHeight = 2;
int boardColour(int x, int y) {
  return (x + y) % 2 == 0 ? 1 : 2;
}
const std::vector<Piece>& pieces() {
  static const std::vector<Piece> all = {
      {'D', "##", {{0, 0, 1}, {1, 0, 2}}},
      {'L', "#./##", {{0, 0, 1}, {0, 1, 2}, {1, 1, 1}}},
      {'I', "###", {{0, 0, 2}, {1, 0, 1}, {2, 0, 2}}},
  };
  return all;
}

std::string checkered(const std::string& rules) {
  std::string board, colours;
  for (int y = 0; y < kHeight; ++y) {
    if (y > 0) board += '/';
    for (int x = 0; x < kWidth; ++x) {
      board += '.';
      colours += fmt::format("{}{}", colours.empty() ? "" : ", ", boardColour(x, y));
    }
  }
  std::string toml =
      fmt::format("name = \"checkered\"\nlattice = \"square\"\nboard = \"{}\"\nboard_colours = [{}]\n{}\n",
                  board, colours, rules);
  for (const Piece& p : pieces()) {
    std::string cellColours;
    for (const Cell& c : p.cells)
      cellColours += fmt::format("{}{}", cellColours.empty() ? "" : ", ", c.colour);
    toml += fmt::format("[[piece]]\nletter = \"{}\"\nshape = \"{}\"\ncell_colours = [{}]\n", p.letter,
                        p.shape, cellColours);
  }
  return toml;
}

// The brute force: every turn and flip of each piece with its colours, every position on the board, kept when
// `allowed` lets each coloured cell lie there; then every way to tile the board with each piece once.
long bruteForce(const std::function<bool(int, int)>& allowed) {
  using Placed = std::set<std::tuple<int, int, int>>;  // (x, y, colour) on the board
  std::vector<std::vector<Placed>> placements(pieces().size());
  for (std::size_t p = 0; p < pieces().size(); ++p) {
    std::set<Placed> seen;
    for (int t = 0; t < 8; ++t) {
      std::vector<Cell> turned;
      for (const Cell& c : pieces()[p].cells) {
        int x = c.x, y = c.y;
        if (t & 1) x = -x;
        if (t & 2) y = -y;
        if (t & 4) std::swap(x, y);
        turned.push_back({x, y, c.colour});
      }
      int lowX = 99, lowY = 99;
      for (const Cell& c : turned) lowX = std::min(lowX, c.x), lowY = std::min(lowY, c.y);
      for (int dx = 0; dx < kWidth; ++dx)
        for (int dy = 0; dy < kHeight; ++dy) {
          Placed placed;
          bool fits = true;
          for (const Cell& c : turned) {
            const int x = c.x - lowX + dx, y = c.y - lowY + dy;
            fits = fits && x < kWidth && y < kHeight && allowed(c.colour, boardColour(x, y));
            placed.insert({x, y, c.colour});
          }
          if (fits && seen.insert(placed).second) placements[p].push_back(placed);
        }
    }
  }
  long count = 0;
  std::vector<bool> covered(kWidth * kHeight, false), used(pieces().size(), false);
  std::function<void()> tile = [&] {
    const auto empty = std::find(covered.begin(), covered.end(), false);
    if (empty == covered.end()) {
      ++count;
      return;
    }
    const int cell = static_cast<int>(empty - covered.begin());
    for (std::size_t p = 0; p < pieces().size(); ++p) {
      if (used[p]) continue;
      for (const Placed& placed : placements[p]) {
        bool coversCell = false, free = true;
        for (const auto& [x, y, colour] : placed) {
          coversCell = coversCell || y * kWidth + x == cell;
          free = free && !covered[static_cast<std::size_t>(y * kWidth + x)];
        }
        if (!coversCell || !free) continue;
        for (const auto& [x, y, colour] : placed) covered[static_cast<std::size_t>(y * kWidth + x)] = true;
        used[p] = true;
        tile();
        used[p] = false;
        for (const auto& [x, y, colour] : placed) covered[static_cast<std::size_t>(y * kWidth + x)] = false;
      }
    }
  };
  tile();
  return count;
}

// The same design as a BurrTools file, written by hand from the format (voxel text: '#' a voxel, '_' none, a
// colour number after a voxel; <bitmap> pairs colours numbered from 0): the board is shape 0, the pieces 1-3.
std::string checkeredXml(const std::string& pairs) {
  return R"(<?xml version="1.0"?>
<puzzle version="2"><gridType type="0"/>
<colors><color red="200" green="40" blue="40"/><color red="40" green="40" blue="200"/></colors>
<shapes>
<voxel x="4" y="2" z="1" name="board" type="0">#1#2#1#2#2#1#2#1</voxel>
<voxel x="2" y="1" z="1" name="D" type="0">#1#2</voxel>
<voxel x="2" y="2" z="1" name="L" type="0">#1_#2#1</voxel>
<voxel x="3" y="1" z="1" name="I" type="0">#2#1#2</voxel>
</shapes>
<problems><problem name="checkered"><shapes><shape id="1" count="1"/><shape id="2" count="1"/><shape id="3" count="1"/></shapes>
<result id="0"/><bitmap>)" +
         pairs + R"(</bitmap></problem></problems></puzzle>
)";
}

}  // namespace

TEST(ColourConstraints, DominoByHand) {
  // Colours must match: only "1 2" fits. Crossed: only "2 1". Both rules: both.
  EXPECT_EQ(solutions(writeTempFile("same.toml", domino("colour_rules = [[1, 1], [2, 2]]"))), 1);
  EXPECT_EQ(solutions(writeTempFile("crossed.toml", domino("colour_rules = [[1, 2], [2, 1]]"))), 1);
  EXPECT_EQ(solutions(writeTempFile("both.toml", domino("colour_rules = [[1, 1], [2, 2], [1, 2], [2, 1]]"))),
            2);
  // Only 1 on 1: the domino's 2 cannot lie anywhere; nor can any coloured cell without rules.
  for (const char* rules : {"colour_rules = [[1, 1]]", ""}) {
    const auto r = runPiecework("count '" + writeTempFile("nowhere.toml", domino(rules)) + "'");
    EXPECT_EQ(r.status, 2) << rules << r.err;
    EXPECT_NE(r.err.find("fits nowhere"), std::string::npos) << rules << r.err;
  }
}

TEST(ColourConstraints, CheckeredDesignAgreesWithABruteForce) {
  const long same = bruteForce([](int piece, int board) { return piece == board; });
  const long crossed = bruteForce([](int piece, int board) { return piece != board; });
  const long free = bruteForce([](int, int) { return true; });
  EXPECT_GT(same, 0);
  EXPECT_LT(same, free);  // the rules rule something out
  EXPECT_EQ(solutions(writeTempFile("same.toml", checkered("colour_rules = [[1, 1], [2, 2]]"))), same);
  EXPECT_EQ(solutions(writeTempFile("crossed.toml", checkered("colour_rules = [[1, 2], [2, 1]]"))), crossed);
  EXPECT_EQ(
      solutions(writeTempFile("free.toml", checkered("colour_rules = [[1, 1], [2, 2], [1, 2], [2, 1]]"))),
      free);

  // The hand-written BurrTools file says the same, and converts to TOML and back with the same counts.
  const std::string xml = writeTempFile(
      "checkered.xmpuzzle", checkeredXml(R"(<pair piece="0" result="0"/><pair piece="1" result="1"/>)"));
  EXPECT_EQ(solutions(xml), same);
  EXPECT_EQ(
      solutions(writeTempFile("crossed.xmpuzzle",
                              checkeredXml(R"(<pair piece="0" result="1"/><pair piece="1" result="0"/>)"))),
      crossed);
  const auto toml = runPiecework("convert '" + xml + "' --to toml");
  ASSERT_EQ(toml.status, 0) << toml.err;
  EXPECT_NE(toml.out.find("board_colours = [1, 2, 1, 2, 2, 1, 2, 1]"), std::string::npos) << toml.out;
  EXPECT_NE(toml.out.find("colour_rules = [[1, 1], [2, 2]]"), std::string::npos) << toml.out;
  EXPECT_NE(toml.out.find("cell_colours = [1, 2, 1]"), std::string::npos) << toml.out;
  EXPECT_EQ(solutions(writeTempFile("from-xml.toml", toml.out)), same);
  const std::string back = piecework::test::tempDir() + "/back.xmpuzzle";
  ASSERT_EQ(
      runPiecework("convert '" + writeTempFile("again.toml", checkered("colour_rules = [[1, 2], [2, 1]]")) +
                   "' '" + back + "'")
          .status,
      0);
  EXPECT_EQ(solutions(back), crossed);
}

TEST(ColourConstraints, BadColoursGetOneLine) {
  const std::string base = "name = \"x\"\nlattice = \"square\"\nboard = \"..\"\n";
  const std::string piece = "[[piece]]\nletter = \"D\"\nshape = \"##\"\n";
  for (const std::string& bad : {
           base + "board_colours = [1]\n" + piece,                              // one per cell
           base + "board_colours = [1, 64]\n" + piece,                          // above 63
           base + "colour_rules = [[1, 1]]\n" + piece,                          // rules without colours
           base + "board_colours = [1, 1]\ncolour_rules = [[0, 1]]\n" + piece,  // 0 is neutral
           base + "board_colours = [1, 1]\n" + piece + "cell_colours = [1]\n",  // one per piece cell
           base + piece + "cell_colours = [1, 1]\n",                            // no board colours
       }) {
    const auto r = runPiecework("count '" + writeTempFile("bad.toml", bad) + "'");
    EXPECT_EQ(r.status, 2) << bad << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << bad << r.err;
    EXPECT_NE(r.err.find("bad.toml:"), std::string::npos) << r.err;
  }
}

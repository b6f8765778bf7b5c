// SPDX-License-Identifier: Apache-2.0
// Pieces used from min to max times (copies = [min, max], BurrTools' piece ranges): multiplicity exact cover,
// checked against hand counts and a brute force in this file that shares no code with piecework, through
// TOML, .xmpuzzle and back.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <fstream>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "support/run.hpp"

namespace {

using piecework::test::contains;
using piecework::test::countOutput;
using piecework::test::runPiecework;
using piecework::test::writeTempFile;

// ---- brute force -----------------------------------------------------------------------------------------
// A piece as its orientations, each a list of (dx, dy) offsets from its first cell in reading order, written
// out by hand.
struct BrutePiece {
  std::string letter, picture;
  std::vector<std::vector<std::pair<int, int>>> orientations;
  int low = 0, high = 0;
};

const BrutePiece kMonomino{"M", "#", {{{0, 0}}}, 0, 0};
const BrutePiece kDomino{"D", "##", {{{0, 0}, {1, 0}}, {{0, 0}, {0, 1}}}, 0, 0};
const BrutePiece kStraight{"I", "###", {{{0, 0}, {1, 0}, {2, 0}}, {{0, 0}, {0, 1}, {0, 2}}}, 0, 0};
// The L tromino's four orientations (it is its own mirror image).
const BrutePiece kCorner{
    "L",
    "#./##",
    {{{0, 0}, {0, 1}, {1, 1}}, {{0, 0}, {1, 0}, {0, 1}}, {{0, 0}, {1, 0}, {1, 1}}, {{0, 0}, {-1, 1}, {0, 1}}},
    0,
    0};

// Counts (and keeps) the ways to put pieces on a board (rows of '.' must be covered, '+' may stay empty, '#'
// no cell), each piece used from low to high times, pieces never overlapping: every cell in reading order is
// either left empty ('+' only) or covered by a placement whose first cell it is.
struct Brute {
  std::vector<std::string> rows;
  std::vector<BrutePiece> pieces;
  std::vector<std::vector<int>> taken;
  std::vector<int> used;
  // A solution: its placements as (piece, sorted cells y * width + x), sorted.
  using Solution = std::vector<std::pair<std::size_t, std::vector<int>>>;
  Solution placed;
  std::vector<Solution> solutions;

  bool free(int x, int y) const {
    return y >= 0 && y < static_cast<int>(rows.size()) && x >= 0 && x < static_cast<int>(rows[0].size()) &&
           rows[y][x] != '#' && taken[y][x] == 0;
  }

  std::uint64_t count(int at) {
    const int width = static_cast<int>(rows[0].size());
    if (at == width * static_cast<int>(rows.size())) {
      for (std::size_t p = 0; p < pieces.size(); ++p)
        if (used[p] < pieces[p].low) return 0;
      Solution sorted = placed;
      std::sort(sorted.begin(), sorted.end());
      solutions.push_back(std::move(sorted));
      return 1;
    }
    const int x = at % width, y = at / width;
    if (!free(x, y)) return count(at + 1);
    std::uint64_t n = rows[y][x] == '+' ? count(at + 1) : 0;  // left empty
    for (std::size_t p = 0; p < pieces.size(); ++p) {
      if (used[p] == pieces[p].high) continue;
      for (const auto& cells : pieces[p].orientations) {
        bool fits = true;
        for (const auto& [dx, dy] : cells) fits = fits && free(x + dx, y + dy);
        if (!fits) continue;
        std::vector<int> covered;
        for (const auto& [dx, dy] : cells)
          taken[y + dy][x + dx] = 1, covered.push_back((y + dy) * width + x + dx);
        std::sort(covered.begin(), covered.end());
        placed.emplace_back(p, covered);
        ++used[p];
        n += count(at + 1);
        --used[p];
        placed.pop_back();
        for (const auto& [dx, dy] : cells) taken[y + dy][x + dx] = 0;
      }
    }
    return n;
  }
};

// Solutions, and distinct solutions up to the turns and mirrors of the rectangle that map the board (its
// '.', '+' and '#' cells) onto itself (every piece here is its own mirror image, so pieces map to
// themselves).
std::pair<std::uint64_t, std::uint64_t> bruteCount(const std::vector<std::string>& rows,
                                                   const std::vector<BrutePiece>& pieces) {
  Brute b{rows,
          pieces,
          std::vector<std::vector<int>>(rows.size(), std::vector<int>(rows[0].size(), 0)),
          std::vector<int>(pieces.size(), 0),
          {},
          {}};
  const std::uint64_t all = b.count(0);
  const int w = static_cast<int>(rows[0].size()), h = static_cast<int>(rows.size());
  std::vector<std::vector<int>> maps;  // per symmetry: cell -> image cell
  for (int t = 0; t < 8; ++t) {
    const bool swap = t >= 4;
    if (swap && w != h) continue;
    std::vector<int> map;
    bool keeps = true;
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) {
        int u = (t & 1) != 0 ? w - 1 - x : x, v = (t & 2) != 0 ? h - 1 - y : y;
        if (swap) std::swap(u, v);
        keeps = keeps && rows[v][u] == rows[y][x];
        map.push_back(v * w + u);
      }
    if (keeps) maps.push_back(map);
  }
  std::set<Brute::Solution> orbits;
  for (const auto& solution : b.solutions) {
    Brute::Solution smallest = solution;
    for (const auto& map : maps) {
      Brute::Solution image;
      for (const auto& [piece, cells] : solution) {
        std::vector<int> moved;
        for (int c : cells) moved.push_back(map[static_cast<std::size_t>(c)]);
        std::sort(moved.begin(), moved.end());
        image.emplace_back(piece, moved);
      }
      std::sort(image.begin(), image.end());
      smallest = std::min(smallest, image);
    }
    orbits.insert(smallest);
  }
  return {all, orbits.size()};
}

std::string definition(const std::vector<std::string>& rows, const std::vector<BrutePiece>& pieces) {
  std::string toml = "name = \"ranges\"\nlattice = \"square\"\nboard = \"";
  for (std::size_t r = 0; r < rows.size(); ++r) toml += (r > 0 ? "/" : "") + rows[r];
  toml += "\"\n";
  for (const auto& p : pieces)
    toml += fmt::format("[[piece]]\nletter = \"{}\"\ncopies = [{}, {}]\nshape = \"{}\"\n", p.letter, p.low,
                        p.high, p.picture);
  return toml;
}

BrutePiece ranged(BrutePiece piece, int low, int high) {
  piece.low = low;
  piece.high = high;
  return piece;
}

}  // namespace

TEST(CopyRanges, HandCounts) {
  // A row of 4 cells filled by up to 2 dominoes and up to 4 monominoes: the compositions of 4 into 1s and 2s,
  // 5 (MMMM, DMM, MDM, MMD, DD); DMM and MMD are mirror images, so 4 up to the row's symmetries.
  const std::string row =
      writeTempFile("row.toml", definition({"...."}, {ranged(kDomino, 0, 2), ranged(kMonomino, 0, 4)}));
  const std::string json = countOutput(row);
  EXPECT_TRUE(contains(json, "\"solutions\":5,")) << json;
  EXPECT_TRUE(contains(json, "\"distinct\":4,")) << json;
  // show says the range: copies is the most, min_copies the fewest (docs/json.md).
  const auto show = runPiecework("show '" + row + "' --json");
  EXPECT_TRUE(contains(show.out, "\"copies\":2,") && contains(show.out, "\"min_copies\":0")) << show.out;
  EXPECT_TRUE(contains(runPiecework("show '" + row + "'").out, " 0-2 "))
      << runPiecework("show '" + row + "'").out;
  // Three cells that may all stay empty and at most one domino: none, left or right: 3 (2 up to the mirror).
  const std::string empty =
      writeTempFile("empty.toml",
                    "name = \"e\"\nlattice = \"square\"\nboard = \"...\"\nfill_every_cell = false\n"
                    "[[piece]]\nletter = \"D\"\ncopies = [0, 1]\nshape = \"##\"\n");
  const std::string json2 = countOutput(empty);
  EXPECT_TRUE(contains(json2, "\"solutions\":3,")) << json2;
  EXPECT_TRUE(contains(json2, "\"distinct\":2,")) << json2;
}

TEST(CopyRanges, AgreeWithABruteForce) {
  // Boards with and without cells that may stay empty; ranges that bind from below, from above, or not at
  // all.
  const std::vector<std::pair<std::vector<std::string>, std::vector<BrutePiece>>> cases = {
      {{"...", "...", "..."}, {ranged(kMonomino, 0, 9), ranged(kDomino, 1, 3), ranged(kCorner, 0, 2)}},
      {{"....", "....", "...."}, {ranged(kDomino, 2, 6), ranged(kStraight, 0, 2), ranged(kCorner, 1, 4)}},
      {{"+..+", "....", "+..+"}, {ranged(kDomino, 0, 4), ranged(kCorner, 0, 3), ranged(kMonomino, 1, 2)}},
      {{"++++", "+..+", "++++"}, {ranged(kDomino, 0, 3), ranged(kStraight, 0, 1), ranged(kMonomino, 0, 2)}},
      {{".....", ".#...", "....."}, {ranged(kStraight, 1, 2), ranged(kCorner, 0, 4), ranged(kDomino, 0, 3)}},
  };
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const auto& [rows, pieces] = cases[i];
    const auto [expected, distinct] = bruteCount(rows, pieces);
    EXPECT_GT(expected, 0U) << i;
    const std::string toml = writeTempFile(fmt::format("case{}.toml", i), definition(rows, pieces));
    const std::string json = countOutput(toml);
    EXPECT_TRUE(contains(json, fmt::format("\"solutions\":{},", expected)))
        << i << ' ' << json << " expected " << expected;
    EXPECT_TRUE(contains(json, fmt::format("\"distinct\":{},", distinct)))
        << i << ' ' << json << " expected " << distinct;
    // Several jobs on one thread split the tree differently and must add up the same.
    const auto split = runPiecework("count '" + toml + "' --json --threads 2");
    EXPECT_TRUE(contains(split.out, fmt::format("\"solutions\":{},", expected))) << i << ' ' << split.out;
    // BurrTools and back: the ranges become min/max and come back as copies = [min, max].
    const std::string xm = toml.substr(0, toml.size() - 5) + ".xmpuzzle";
    ASSERT_EQ(runPiecework("convert '" + toml + "' '" + xm + "'").status, 0);
    EXPECT_TRUE(contains(countOutput(xm), fmt::format("\"solutions\":{},", expected))) << i;
    const auto back = runPiecework("convert '" + xm + "' --to toml");
    ASSERT_EQ(back.status, 0) << back.err;
    const std::string again = writeTempFile(fmt::format("case{}-again.toml", i), back.out);
    EXPECT_TRUE(contains(countOutput(again), fmt::format("\"solutions\":{},", expected))) << i << back.out;
  }
}

TEST(CopyRanges, BadRangesGetOneLine) {
  for (const char* copies : {"[3, 1]", "[-1, 2]", "[0, 0]", "[1, 2, 3]", "[1, 65]"}) {
    const std::string path = writeTempFile(
        "bad.toml", fmt::format("name = \"b\"\nlattice = \"square\"\nboard = \"....\"\n[[piece]]\n"
                                "letter = \"D\"\ncopies = {}\nshape = \"##\"\n",
                                copies));
    const auto r = runPiecework("count '" + path + "'");
    EXPECT_EQ(r.status, 2) << copies;
    EXPECT_TRUE(contains(r.err, "bad.toml:6:")) << copies << r.err;
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;
  }
  // Challenges' ratings, census and generating count the copies each piece needs: refused in one line.
  const std::string puzzle = writeTempFile(
      "ranged.toml", definition({"...", "..."}, {ranged(kDomino, 1, 3), ranged(kMonomino, 0, 2)}));
  for (const std::string& command : {std::string("census"), std::string("generate --level Starter"),
                                     std::string("rate --challenge '.../...'")}) {
    const auto r =
        runPiecework(command.substr(0, command.find(' ')) + " '" + puzzle + "'" +
                     (command.find(' ') == std::string::npos ? "" : command.substr(command.find(' '))));
    EXPECT_EQ(r.status, 2) << command << r.err;
    EXPECT_TRUE(contains(r.err, "range of copies")) << command << r.err;
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;
  }
  // dlx1 cannot say a range.
  const std::string row =
      writeTempFile("row.toml", definition({"...."}, {ranged(kDomino, 0, 2), ranged(kMonomino, 0, 4)}));
  const auto dlx = runPiecework("convert '" + row + "' --to dlx");
  EXPECT_EQ(dlx.status, 2);
  EXPECT_TRUE(contains(dlx.err, "range of copies")) << dlx.err;
}

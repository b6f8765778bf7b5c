// SPDX-License-Identifier: Apache-2.0
// IQ Stars (a triangular lattice) and IQ Focus (coloured squares and a window): placements per piece and
// counts as published in docs/puzzle-format.md's sources (the families' reference figures), the challenge
// notations, and small user-defined puzzles whose answers are worked out by hand in the comments.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "puzzle/challenge.hpp"
#include "puzzle/definition.hpp"
#include "puzzle/errors.hpp"
#include "solver/solver.hpp"
#include "support/run.hpp"

namespace piecework {
namespace {

using nlohmann::json;
using test::runPiecework;

std::map<char, std::pair<int, int>> orientationsAndPlacements(const Puzzle& p) {
  std::map<char, std::pair<int, int>> out;
  for (int i = 0; i < p.pieceCount(); ++i)
    out[p.pieces[static_cast<std::size_t>(i)].letter] = {
        static_cast<int>(p.pieces[static_cast<std::size_t>(i)].orientations.size()),
        static_cast<int>(p.piecePlacements[static_cast<std::size_t>(i)].size())};
  return out;
}

CountResult count(const Puzzle& p, const std::string& challenge = "") {
  CountOptions options;
  options.threads = 2;
  Challenge c = challenge.empty() ? Challenge{} : parseChallengeText(p, challenge);
  options.rules.marks = c.marks;
  return countSolutions(p, c.givens, options);
}

// ---- IQ Stars -------------------------------------------------------------------------------------------

TEST(IqStars, OrientationsAndPlacementsPerPiece) {
  const Puzzle p = loadPuzzle("iq-stars");
  EXPECT_EQ(p.cells.size(), 26U);
  const std::map<char, std::pair<int, int>> expected{{'R', {3, 41}}, {'O', {6, 84}}, {'Y', {6, 69}},
                                                     {'G', {6, 53}}, {'B', {6, 69}}, {'I', {3, 40}},
                                                     {'P', {6, 67}}};
  EXPECT_EQ(orientationsAndPlacements(p), expected);
}

// 381 tilings; the only board symmetry, the left-right mirror, needs flipped pieces, so 381 up to symmetry.
TEST(IqStars, EmptyBoardHas381Tilings) {
  const Puzzle p = loadPuzzle("iq-stars");
  const CountResult r = count(p);
  EXPECT_EQ(r.solutions, 381U);
  EXPECT_EQ(r.distinct, 381U);
  EXPECT_EQ(r.symmetries, 1);
}

// Rows of 7, 6, 7 and 6 letters joined by '/'; a tiling read back gives the same placements, and each piece's
// cells are one of its placements (the rhombus R in the top-left corner: two cells of row 1 and the two
// cells of row 2 that sit below them, half a cell to the right).
TEST(IqStars, NotationRowsOf7676) {
  const Puzzle p = loadPuzzle("iq-stars");
  const std::string given = "RR...../RR..../......./......";
  const auto givens = parseChallenge(p, given);
  ASSERT_EQ(givens.size(), 1U);
  EXPECT_EQ(formatChallenge(p, givens), given);
  FindOptions options;
  options.max = 1000;
  const FindResult found = findSolutions(p, givens, options);
  EXPECT_GT(found.solutions.size(), 0U);
  for (const auto& solution : found.solutions) {
    const std::string text = formatChallenge(p, solution);
    ASSERT_EQ(text.size(), 7U + 1 + 6 + 1 + 7 + 1 + 6);
    EXPECT_EQ(text.substr(0, 2), "RR");
    EXPECT_EQ(text.substr(8, 2), "RR");
    EXPECT_EQ(parseChallenge(p, text), solution);
  }
  // R's rhombus leaning the other way (row 2's cells under the gaps left of row 1's) is R turned by 120
  // degrees.
  EXPECT_EQ(parseChallenge(p, ".RR..../RR..../......./......").size(), 1U);
  EXPECT_THROW(parseChallenge(p, "RR...../RR...../......./......"), InputError);  // row 2 has 6 cells
  EXPECT_THROW(parseChallenge(p, "R....../R...../......./......"), InputError);   // not a placement
}

// Wizard-style challenges mark single cells with a piece's letter: that piece covers the cell. Checked
// against a brute force over the 381 tilings of the empty board, reading each tiling's cells directly.
TEST(IqStars, MarkedCellsAgreeWithBruteForce) {
  const Puzzle p = loadPuzzle("iq-stars");
  FindOptions all;
  all.max = 1000;
  const FindResult tilings = findSolutions(p, {}, all);
  ASSERT_EQ(tilings.solutions.size(), 381U);
  auto tilingsWith = [&](const std::string& marks) {
    const auto layout = pictureLayout(p).front();
    int n = 0;
    for (const auto& tiling : tilings.solutions) {
      std::vector<char> letter(p.sites.size(), '.');
      for (int id : tiling)
        for (int s : p.placements[static_cast<std::size_t>(id)].sites)
          letter[static_cast<std::size_t>(s)] =
              p.pieces[static_cast<std::size_t>(p.placements[static_cast<std::size_t>(id)].piece)].letter;
      bool all = true;
      std::size_t row = 0, column = 0;
      for (const char c : marks) {
        if (c == '/') {
          ++row, column = 0;
          continue;
        }
        const int site = layout[row][column++];
        all = all && (c == '.' || letter[static_cast<std::size_t>(site)] == c);
      }
      n += all ? 1 : 0;
    }
    return static_cast<std::uint64_t>(n);
  };
  int unique = 0;
  for (const std::string marks :
       {"R....../....../......G/......", "G....../....../......./.....O", "......./..Y.../..B..../......",
        "P....../....../...I.../.....P", "Y....../....../......./....GG", "......I/...O../....G../......",
        "......./...O../....G../......", "......./.....P/Y....../......", "..B..../....../......P/.G....",
        "R....../....../......P/.G...."}) {
    const Challenge c = parseChallengeText(p, marks);
    EXPECT_TRUE(c.givens.empty()) << marks;
    EXPECT_FALSE(c.marks.pieces.empty()) << marks;
    const std::uint64_t expected = tilingsWith(marks);
    EXPECT_EQ(count(p, marks).solutions, expected) << marks;
    unique += expected == 1 ? 1 : 0;
  }
  EXPECT_GE(unique, 1);  // R, P and G marked once each: one tiling, as a Wizard challenge must have
  // A whole placement plus a marked cell: R placed, G marked.
  EXPECT_EQ(count(p, "RR...../RR..../......G/......").solutions,
            tilingsWith("RR...../RR..../......G/......"));
  EXPECT_THROW(parseChallenge(p, "R....../....../......G/......"), InputError);  // rate etc.: not yet
  const auto cli =
      runPiecework("solve iq-stars --challenge 'R....../....../......G/......' --max 500 --json");
  ASSERT_EQ(cli.status, 0) << cli.err;
  EXPECT_EQ(json::parse(cli.out).at("solutions").size(), tilingsWith("R....../....../......G/......"));
}

TEST(IqStars, CliCountAndShow) {
  const auto r = runPiecework("count iq-stars --json");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(json::parse(r.out).at("solutions").get<int>(), 381);
  const auto s = runPiecework("show iq-stars --json");
  ASSERT_EQ(s.status, 0) << s.err;
  int total = 0;
  const json shown = json::parse(s.out);
  for (const auto& piece : shown.at("pieces")) total += piece.at("placements").get<int>();
  EXPECT_EQ(total, 41 + 84 + 69 + 53 + 69 + 40 + 67);
}

// A user-defined triangular puzzle: two rows of three cells, the second half a cell to the right, and three
// dominoes. Call the cells a0 a1 a2 (top) and b0 b1 b2; neighbours are a_i-a_i+1, b_i-b_i+1, a_i-b_i (below
// right) and a_i+1-b_i (below left). Dominoes: 2 + 2 + 3 + 2 = 9 placements, 3 orientations. Tilings: a0 with
// b0 leaves a rhombus a1 a2 b1 b2 with two tilings (rows or a1b1 + a2b2); a0 with a1 forces b0b1 and a2b2:
// 3 tilings. The board's one symmetry besides the identity, the half turn (a0<->b2, a1<->b1, a2<->b0), keeps
// {a0b0, a1b1, a2b2} and swaps the other two: 2 up to symmetry.
constexpr const char* kTriangle = R"(
name = "triangle-strip"
lattice = "triangular"
board = """
. . .
 . . .
"""

[[piece]]
letter = "d"
copies = 3
shape = "##"
)";

TEST(Triangular, UserDefinedStripCountedByHand) {
  const Puzzle p = loadDefinition(kTriangle, "strip.toml");
  ASSERT_EQ(p.pieceCount(), 1);
  EXPECT_EQ(p.pieces[0].orientations.size(), 3U);
  EXPECT_EQ(p.piecePlacements[0].size(), 9U);
  const CountResult r = count(p);
  EXPECT_EQ(r.solutions, 3U);
  EXPECT_EQ(r.distinct, 2U);
  EXPECT_EQ(r.symmetries, 2);
  // a0 with b0 given (the domino going down-right from the first cell): the rhombus's two tilings.
  EXPECT_EQ(count(p, "d../d..").solutions, 2U);
  // a1 with b0 (down-left) given: a0 is cut off.
  EXPECT_EQ(count(p, ".d./d..").solutions, 0U);
}

TEST(Triangular, BadDefinitionsAreOneLineErrors) {
  EXPECT_THROW(loadDefinition("name = \"x\"\nlattice = \"triangle\"\nboard = \"..\"\n[[piece]]\nletter = "
                              "\"a\"\nshape = \"##\"\n",
                              "x.toml"),
               InputError);
}

// ---- IQ Focus -------------------------------------------------------------------------------------------

TEST(IqFocus, OrientationsAndPlacementsPerPiece) {
  const Puzzle p = loadPuzzle("iq-focus");
  EXPECT_EQ(p.cells.size(), 43U);
  EXPECT_EQ(p.window.size(), 9U);
  const std::map<char, std::pair<int, int>> expected{
      {'A', {4, 100}}, {'B', {4, 76}}, {'C', {4, 76}}, {'D', {4, 98}},  {'E', {4, 98}},
      {'F', {2, 58}},  {'G', {2, 50}}, {'H', {4, 78}}, {'I', {4, 122}}, {'J', {4, 74}}};
  EXPECT_EQ(orientationsAndPlacements(p), expected);
}

TEST(IqFocus, EmptyBoardHas8624Tilings) {
  const Puzzle p = loadPuzzle("iq-focus");
  const CountResult r = count(p);
  EXPECT_EQ(r.solutions, 8624U);
  EXPECT_EQ(r.distinct, 8624U);
  EXPECT_EQ(r.symmetries, 1);
}

// Brute force: every tiling of the empty board, grouped by the colours it shows in the window (read here
// from the placed squares, not through the challenge filter). The reference figures: 5,727 different
// patterns, 4,006 of them from exactly one tiling, and the official Expert pattern BBB/BWB/BBB from 4. Then a
// pattern with one tiling and one with several give the same counts through the challenge notation.
TEST(IqFocus, WindowPatternsAgreeWithBruteForce) {
  const Puzzle p = loadPuzzle("iq-focus");
  FindOptions all;
  all.max = 100000;
  const FindResult tilings = findSolutions(p, {}, all);
  ASSERT_EQ(tilings.solutions.size(), 8624U);
  std::map<std::string, int> byPattern;
  for (const auto& tiling : tilings.solutions) {
    std::string pattern;
    for (std::size_t k = 0; k < p.window.size(); ++k) {
      if (k == 3 || k == 6) pattern += '/';
      for (int id : tiling)
        if (const char c = p.placements[static_cast<std::size_t>(id)].colourAt(p.window[k]); c != '\0')
          pattern += c;
    }
    ASSERT_EQ(pattern.size(), 11U);
    ++byPattern[pattern];
  }
  EXPECT_EQ(byPattern.size(), 5727U);
  int single = 0;
  for (const auto& [pattern, n] : byPattern) single += n == 1 ? 1 : 0;
  EXPECT_EQ(single, 4006);
  EXPECT_EQ(byPattern["BBB/BWB/BBB"], 4);
  EXPECT_EQ(count(p, "BBB/BWB/BBB").solutions, 4U);
  EXPECT_EQ(byPattern["RRR/BWB/BRB"], 1);
  EXPECT_EQ(count(p, "RRR/BWB/BRB").solutions, 1U);
  EXPECT_EQ(count(p, "rrr\nbwb\nbrb\n").solutions, 1U);  // lower case, one row per line
  int checked = 0;
  for (const auto& [pattern, n] : byPattern) {
    if (checked++ % 700 != 0) continue;
    EXPECT_EQ(count(p, pattern).solutions, static_cast<std::uint64_t>(n)) << pattern;
  }
  EXPECT_EQ(count(p, "WWW/WWW/WWW").solutions, static_cast<std::uint64_t>(byPattern["WWW/WWW/WWW"]));
  EXPECT_EQ(count(p, "GGG/GGG/GGG").solutions, static_cast<std::uint64_t>(byPattern["GGG/GGG/GGG"]));
}

TEST(IqFocus, CliPatternCountSolveAndErrors) {
  const auto r = runPiecework("count iq-focus --challenge RRR/BWB/BRB --json");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(json::parse(r.out).at("solutions").get<int>(), 1);
  const auto s = runPiecework("solve iq-focus --challenge BBB/BWB/BBB --max 10 --json");
  ASSERT_EQ(s.status, 0) << s.err;
  const json j = json::parse(s.out);
  EXPECT_EQ(j.at("status"), "multiple");
  EXPECT_EQ(j.at("solutions").size(), 4U);
  const Puzzle p = loadPuzzle("iq-focus");
  for (const auto& text : j.at("solutions")) {
    const auto tiling = parseChallenge(p, text.get<std::string>());  // a board picture of letters A-J
    EXPECT_EQ(tiling.size(), 10U);
  }
  const auto bad = runPiecework("count iq-focus --challenge RRX/BWB/BRB");
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.err.find("'X' is not a colour"), std::string::npos) << bad.err;
  EXPECT_EQ(std::count(bad.err.begin(), bad.err.end(), '\n'), 1);
  // The booklet's pattern with 4 tilings (docs/families.md) is rated as finding one of them, and says so.
  const auto rate = runPiecework("rate iq-focus --json --challenge BBB/BWB/BBB");
  ASSERT_EQ(rate.status, 0) << rate.err;
  const json rated = json::parse(rate.out);
  EXPECT_EQ(rated.at("solutions").get<int>(), 4);
  EXPECT_FALSE(rated.contains("solutions_at_least"));
  int placed = 0;  // the path ends with the board full: every piece placed once
  std::set<std::string> pieces;
  for (const auto& step : rated.at("steps"))
    if (step.at("placed").get<bool>()) ++placed, pieces.insert(step.at("piece").get<std::string>());
  EXPECT_EQ(placed, 10);
  EXPECT_EQ(pieces.size(), 10U);
  const auto text = runPiecework("rate iq-focus --challenge BBB/BWB/BBB");
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_NE(text.out.find("the challenge has 4 solutions, rated as finding one"), std::string::npos)
      << text.out;
  // A hint too: the moves towards one of the tilings, marked as such.
  const auto hint = runPiecework("hint iq-focus --json --steps 10000 --challenge BBB/BWB/BBB");
  ASSERT_EQ(hint.status, 0) << hint.err;
  const json hinted = json::parse(hint.out);
  EXPECT_FALSE(hinted.at("unique").get<bool>());
  EXPECT_EQ(hinted.at("moves").size(), hinted.at("total_moves").get<std::size_t>());
  const auto plain = runPiecework("hint iq-focus --challenge BBB/BWB/BBB");
  ASSERT_EQ(plain.status, 0) << plain.err;
  EXPECT_NE(plain.out.find("more than one solution; these moves lead to one of them"), std::string::npos);
  const auto one = runPiecework("hint iq-focus --json --challenge RRR/BWB/BRB");
  ASSERT_EQ(one.status, 0) << one.err;
  EXPECT_TRUE(json::parse(one.out).at("unique").get<bool>());
}

// A challenge with no solution cannot be rated: the X pentomino shuts in the corner cell.
TEST(RateCli, NoSolutionIsRefusedInOneLine) {
  const auto r = runPiecework(
      "rate pentominoes-6x10 --challenge "
      "'.X......../XXX......./.X......../........../........../..........'");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("no solution"), std::string::npos) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1);
}

// A user-defined coloured puzzle: a 2 x 2 board whose top row is the window, a domino 'a' with a red and a
// white square (turned only) and an all-blue domino 'b'. Turning 'a' gives 4 orientations (R-W, R over W,
// W-R, W over R), 'b' 2. Placements: 'a' 4 positions x 2 colourings = 8, 'b' 4. Tilings: a domino position
// for 'a' (4) times its colouring (2) = 8; the board's 8 symmetries move any of them onto any other, so 1 up
// to symmetry. The window shows RW or WR ('a' on top, 'b' below), BB twice ('b' on top, 'a' below either way
// round: one up to the left-right mirror, the one symmetry that keeps the window's colours), RB or WB ('a'
// upright on the left, 'b' on the right) and BR or BW: never RR nor WW.
constexpr const char* kColoured = R"(
name = "coloured-square"
lattice = "square"
board = """
oo
..
"""

[[piece]]
letter = "a"
moves = "turn"
colours = "RW"

[[piece]]
letter = "b"
moves = "turn"
colours = "BB"
)";

TEST(ColouredSquares, UserDefinedPuzzleCountedByHand) {
  const Puzzle p = loadDefinition(kColoured, "coloured.toml");
  const std::map<char, std::pair<int, int>> expected{{'a', {4, 8}}, {'b', {2, 4}}};
  EXPECT_EQ(orientationsAndPlacements(p), expected);
  const CountResult all = count(p);
  EXPECT_EQ(all.solutions, 8U);
  EXPECT_EQ(all.symmetries, 8);
  EXPECT_EQ(all.distinct, 1U);
  EXPECT_EQ(count(p, "RW").solutions, 1U);
  EXPECT_EQ(count(p, "WR").solutions, 1U);
  const CountResult blue = count(p, "BB");
  EXPECT_EQ(blue.solutions, 2U);
  EXPECT_EQ(blue.symmetries, 2);
  EXPECT_EQ(blue.distinct, 1U);
  EXPECT_EQ(count(p, "RB").solutions, 1U);
  EXPECT_EQ(count(p, "BW").solutions, 1U);
  EXPECT_EQ(count(p, "RR").solutions, 0U);
  EXPECT_EQ(count(p, "WW").solutions, 0U);
  EXPECT_THROW(parseChallengeText(p, "RG"), InputError);  // no piece has green
}

TEST(ColouredSquares, BadColoursAreOneLineErrors) {
  const std::string base = "name = \"x\"\nlattice = \"square\"\nboard = \"..\"\n[[piece]]\nletter = \"a\"\n";
  EXPECT_THROW(loadDefinition(base + "colours = \"R#\"\n", "x.toml"), InputError);
  EXPECT_THROW(loadDefinition(base + "colours = \"RR\"\nshape = \"##\"\n", "x.toml"), InputError);
  EXPECT_THROW(loadDefinition("name = \"x\"\nlattice = \"cubic\"\nboard = \"oo\"\n[[piece]]\nletter = \"a\"\n"
                              "shape = \"##\"\n",
                              "x.toml"),
               InputError);  // a window needs a flat board
}

}  // namespace
}  // namespace piecework

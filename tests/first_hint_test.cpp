// SPDX-License-Identifier: Apache-2.0
// The first hint is one concrete step at every level (issue 30, point 4): for 20 generated challenges per
// level of IQ Fit, IQ-Link and IQ Focus, the first move is a single step that either puts a piece on the
// board (the picture changes) or rules out one named placement, and the solver agrees with it: a piece
// placed is in a solution, a placement ruled out (or a guess that fails) is in none. Printed boards carry the
// row and column words the hints use.
#include <gtest/gtest.h>

#include <fmt/format.h>
#include <algorithm>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "puzzle/challenge.hpp"
#include "puzzle/definition.hpp"
#include "rater/explain.hpp"
#include "rater/rater.hpp"
#include "solver/solver.hpp"
#include "support/json_lines.hpp"
#include "support/run.hpp"

namespace piecework {
namespace {

using test::runPiecework;

TEST(FirstHint, OneConcreteStepAtEveryLevel) {
  for (const std::string family : {"iq-fit", "iq-link", "iq-focus"}) {
    const Puzzle puzzle = loadPuzzle(family);
    for (const std::string level : {"Starter", "Junior", "Expert", "Master", "Wizard"}) {
      const auto generated =
          runPiecework("generate " + family + " --level " + level + " --count 20 --seed 11 --json --quiet");
      ASSERT_EQ(generated.status, 0) << generated.err;
      const auto lines = test::jsonLines(generated.out);
      ASSERT_EQ(lines.size(), 20U) << family << ' ' << level;
      int ruledOut = 0;
      for (const auto& line : lines) {
        const std::string text = line.at("challenge").get<std::string>();
        const Challenge challenge = parseChallengeText(puzzle, text);
        Rules rules;
        rules.marks = challenge.marks;
        const Rating rating = rate(puzzle, challenge.givens, rules);
        const std::vector<Move> moves = explainMoves(puzzle, rating);
        ASSERT_FALSE(moves.empty()) << text;
        const Move& first = moves.front();
        ASSERT_EQ(first.steps.size(), 1U) << family << ' ' << level << ' ' << text << ": " << first.text;
        const RatingStep& step = rating.steps[static_cast<std::size_t>(first.steps.front())];
        ASSERT_GE(step.placement, 0) << first.text;
        EXPECT_EQ(step.depth, 0) << first.text;
        FindOptions find;
        find.rules = rules;
        find.max = 64;
        const FindResult found = findSolutions(puzzle, challenge.givens, find);
        ASSERT_TRUE(found.exhausted) << text;
        int solutionsWithIt = 0;
        for (const auto& solution : found.solutions)
          solutionsWithIt += std::count(solution.begin(), solution.end(), step.placement) > 0 ? 1 : 0;
        if (step.placed) {
          // The picture changes: one more piece on the board, in a solution.
          EXPECT_EQ(first.placed, std::vector<int>{step.placement}) << first.text;
          EXPECT_GT(solutionsWithIt, 0) << family << ' ' << text << ": " << first.text;
        } else {
          ++ruledOut;
          // One placement named, with its cells and why, and in no solution.
          EXPECT_TRUE(first.kind == Move::RuleOut || first.kind == Move::GuessFails) << first.text;
          EXPECT_NE(first.text.find(describePlacement(puzzle, step.placement)), std::string::npos)
              << first.text;
          EXPECT_NE(first.text.find(step.reason), std::string::npos) << first.text;
          EXPECT_FALSE(step.reason.empty()) << first.text;
          EXPECT_EQ(solutionsWithIt, 0) << family << ' ' << text << ": " << first.text;
        }
      }
      RecordProperty(family + "_" + level + "_ruled_out_first", ruledOut);
    }
  }
}

TEST(FirstHint, CommandShowsWhereThePieceCannotGo) {
  // A generated Junior IQ Fit challenge whose first hint rules out a placement of i (by hand: i in rows 1-2,
  // columns 1-3 leaves r1c4 alone between i and s).
  const std::string challenge = "....ss..../nn.ssss.l./n.....lll./nn.b....../bbbb......";
  const auto hint = runPiecework("hint iq-fit --json --challenge '" + challenge + "'");
  ASSERT_EQ(hint.status, 0) << hint.err;
  const auto moves = nlohmann::json::parse(hint.out).at("moves");
  ASSERT_EQ(moves.size(), 1U);
  ASSERT_EQ(moves[0].at("kind"), "rule out");
  const auto plain = runPiecework("hint iq-fit --challenge '" + challenge + "'");
  ASSERT_EQ(plain.status, 0) << plain.err;
  EXPECT_NE(plain.out.find(") cannot go here:\n"), std::string::npos) << plain.out;
}

TEST(BoardLabels, SheetsAndHintsNameRowsAndColumns) {
  const std::string dir = test::tempDir();
  // IQ Fit's cells are "r1c1".."r5c10" in the hints: the board carries r1..r5 and c1..c10.
  const std::string fit = "........../..n......./.nnn....../..p...SS../.ppppSSSS.";
  for (const std::string& command :
       {"sheet iq-fit --solution --challenge '" + fit + "' --out " + dir + "/fit.svg",
        "hint iq-fit --challenge '" + fit + "' --out " + dir + "/hint.svg",
        "sheet iq-fit --explain --challenge '" + fit + "' --out " + dir + "/walk.svg"}) {
    const auto r = runPiecework(command);
    ASSERT_EQ(r.status, 0) << r.err;
  }
  for (const std::string file : {"fit.svg", "hint.svg", "walk.svg"}) {
    std::ifstream in(dir + "/" + file);
    std::stringstream svg;
    svg << in.rdbuf();
    for (const std::string label : {"r1", "r5", "c1", "c10"})
      EXPECT_NE(svg.str().find(">" + label + "</text>"), std::string::npos) << file << ": " << label;
    EXPECT_EQ(svg.str().find(">r6</text>"), std::string::npos) << file;
  }
  // A hint that rules out a placement of i (a generated Junior's first) draws it pale: its letters too, as
  // faint <text>.
  const std::string junior = "....ss..../nn.ssss.l./n.....lll./nn.b....../bbbb......";
  const auto ruling = runPiecework("hint iq-fit --challenge '" + junior + "' --out " + dir + "/hint.svg");
  ASSERT_EQ(ruling.status, 0) << ruling.err;
  ASSERT_NE(ruling.out.find("1. rule out i (indigo)"), std::string::npos) << ruling.out;
  std::ifstream hint(dir + "/hint.svg");
  std::stringstream hintSvg;
  hintSvg << hint.rdbuf();
  EXPECT_NE(hintSvg.str().find("fill-opacity=\"0.450\">i</text>"), std::string::npos);
  // IQ-Link names pegs by letter, not by row and column: no such labels.
  const auto link = runPiecework("sheet iq-link --challenge '' --out " + dir + "/link.svg");
  ASSERT_EQ(link.status, 0) << link.err;
  std::ifstream in(dir + "/link.svg");
  std::stringstream svg;
  svg << in.rdbuf();
  EXPECT_EQ(svg.str().find(">r1</text>"), std::string::npos);
}

TEST(BoardLabels, TerminalPicturesNameRowsAndColumns) {
  // The picture under the one-line solution carries r1..r5 on the left and the column numbers 1..10 after
  // "c" above; the one-line form that scripts read comes first and is unchanged.
  const std::string fit = "........../..n......./.nnn....../..p...SS../.ppppSSSS.";
  const auto solved = runPiecework("solve iq-fit --challenge '" + fit + "'");
  ASSERT_EQ(solved.status, 0) << solved.err;
  std::istringstream lines(solved.out);
  std::vector<std::string> line;
  for (std::string l; std::getline(lines, l);) line.push_back(l);
  ASSERT_GE(line.size(), 9U);
  EXPECT_EQ(line[2].find(' '), std::string::npos) << line[2];  // the solution on one line
  EXPECT_EQ(line[3], " c 1 2 3 4 5 6 7 8 9 10");
  for (int row = 1; row <= 5; ++row)
    EXPECT_EQ(line[3 + static_cast<std::size_t>(row)].rfind(fmt::format("r{} ", row), 0), 0U) << row;
  // Its JSON carries no picture at all.
  const auto json = runPiecework("solve iq-fit --json --challenge '" + fit + "'");
  EXPECT_EQ(json.out.find(" c 1"), std::string::npos);
  // Boxes are named by layer, row and column together: no labels.
  const auto soma = runPiecework("solve soma --max 1 --challenge 'TTT/.T./...|.../.../...|.../.../...'");
  ASSERT_EQ(soma.status, 0) << soma.err;
  EXPECT_EQ(soma.out.find("r1 "), std::string::npos) << soma.out;
}

// A label's position in an SVG: the x and y of each <text> whose content is `label`, in document order.
std::vector<std::pair<double, double>> labelsAt(const std::string& svg, const std::string& label) {
  std::vector<std::pair<double, double>> at;
  const std::regex text("<text x=\"([0-9.]+)\" y=\"([0-9.]+)\"[^>]*>" + label + "</text>");
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), text); it != std::sregex_iterator(); ++it)
    at.emplace_back(std::stod((*it)[1]), std::stod((*it)[2]));
  return at;
}

TEST(BoardLabels, TriangularBoardsLabelColumnsPerRow) {
  // docs/notation.md: IQ Stars is written in rows of 7, 6, 7 and 6 cells, cell "rRcC" the C-th of row R from
  // the left, the second row half a cell to the right (under the gap between the first row's first two
  // cells). So c1..c7 of rows 1 and 3 lie above the board, c1..c6 of rows 2 and 4 below it, each of those
  // halfway between the columns C and C + 1 above; the rows r1..r4 on the left, top to bottom.
  const std::string dir = test::tempDir();
  const std::string stars = "RR...../RR..../......./......";
  for (const std::string& command :
       {"sheet iq-stars --challenge '" + stars + "' --out " + dir + "/sheet.svg",
        "hint iq-stars --challenge '" + stars + "' --out " + dir + "/hint.svg"}) {
    const auto r = runPiecework(command);
    ASSERT_EQ(r.status, 0) << command << ": " << r.err;
  }
  for (const std::string file : {"sheet.svg", "hint.svg"}) {
    SCOPED_TRACE(file);
    std::ifstream in(dir + "/" + file);
    std::stringstream read;
    read << in.rdbuf();
    const std::string svg = read.str();
    std::vector<double> rowY;
    for (int row = 1; row <= 4; ++row) {
      const auto at = labelsAt(svg, fmt::format("r{}", row));
      ASSERT_EQ(at.size(), 1U) << row;
      if (row > 1) {
        EXPECT_GT(at[0].second, rowY.back());
      }
      rowY.push_back(at[0].second);
    }
    EXPECT_TRUE(labelsAt(svg, "r5").empty());
    std::vector<double> above, below;
    for (int column = 1; column <= 7; ++column) {
      const auto at = labelsAt(svg, fmt::format("c{}", column));
      ASSERT_EQ(at.size(), column <= 6 ? 2U : 1U) << column;
      EXPECT_LT(at[0].second, rowY.front()) << column;
      above.push_back(at[0].first);
      if (column <= 6) {
        EXPECT_GT(at[1].second, rowY.back()) << column;
        below.push_back(at[1].first);
      }
    }
    EXPECT_TRUE(labelsAt(svg, "c8").empty());
    const double pitch = above[1] - above[0];
    EXPECT_GT(pitch, 0);
    for (std::size_t c = 0; c < 6; ++c) {
      EXPECT_NEAR(above[c + 1] - above[c], pitch, 0.01) << c;
      EXPECT_NEAR(below[c], (above[c] + above[c + 1]) / 2, 0.01) << c;
    }
  }
}

TEST(BoardLabels, BoxLayersLabelTheirRowsAndColumns) {
  // docs/notation.md: a box's cell "l2r1c2" is row 1, column 2 of layer 2; the Soma cube's three layers are
  // drawn side by side, so each carries r1..r3 on its left and c1..c3 above it (issue 43: captions named
  // cells the layer grids did not label).
  const std::string dir = test::tempDir();
  const std::string soma = ".AA/.../BB.|..A/.BA/.B.|.../.../...";
  for (const std::string& command : {"sheet soma --challenge '" + soma + "' --out " + dir + "/sheet.svg",
                                     "hint soma --challenge '" + soma + "' --out " + dir + "/hint.svg"}) {
    const auto r = runPiecework(command);
    ASSERT_EQ(r.status, 0) << command << ": " << r.err;
  }
  for (const std::string file : {"sheet.svg", "hint.svg"}) {
    SCOPED_TRACE(file);
    std::ifstream in(dir + "/" + file);
    std::stringstream read;
    read << in.rdbuf();
    const std::string svg = read.str();
    std::vector<std::vector<std::pair<double, double>>> rows, columns;
    for (int k = 1; k <= 3; ++k) {
      rows.push_back(labelsAt(svg, fmt::format("r{}", k)));
      columns.push_back(labelsAt(svg, fmt::format("c{}", k)));
      ASSERT_EQ(rows.back().size(), 3U) << k;
      ASSERT_EQ(columns.back().size(), 3U) << k;
    }
    EXPECT_TRUE(labelsAt(svg, "r4").empty());
    EXPECT_TRUE(labelsAt(svg, "c4").empty());
    for (std::size_t layer = 0; layer < 3; ++layer) {
      // Within a layer: rows downward on one vertical, columns rightward on one horizontal above the rows,
      // the rows left of the layer's first column.
      EXPECT_LT(rows[0][layer].second, rows[1][layer].second);
      EXPECT_LT(rows[1][layer].second, rows[2][layer].second);
      EXPECT_NEAR(rows[0][layer].first, rows[2][layer].first, 0.01);
      EXPECT_LT(columns[0][layer].first, columns[1][layer].first);
      EXPECT_LT(columns[1][layer].first, columns[2][layer].first);
      EXPECT_NEAR(columns[0][layer].second, columns[2][layer].second, 0.01);
      EXPECT_LT(columns[0][layer].second, rows[0][layer].second);
      EXPECT_LT(rows[0][layer].first, columns[0][layer].first);
      // Layers left to right: layer 2's row labels after layer 1's last column.
      if (layer > 0) {
        EXPECT_GT(rows[0][layer].first, columns[2][layer - 1].first);
      }
    }
  }
}

}  // namespace
}  // namespace piecework

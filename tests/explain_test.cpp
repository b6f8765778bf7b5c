// SPDX-License-Identifier: Apache-2.0
// Explanations and hints for people (issue 20): moves cover every step once, counts in the summary agree with
// the steps, hints are the rater's first moves, positions are in rows and columns or pegs.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <random>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "puzzle/challenge.hpp"
#include "puzzle/definition.hpp"
#include "rater/explain.hpp"
#include "rater/hint.hpp"
#include "rater/rater.hpp"
#include "solver/solver.hpp"
#include "support/challenges.hpp"
#include "support/run.hpp"

using nlohmann::json;
using piecework::test::runPiecework;

namespace piecework {
namespace {

void expectMovesCoverSteps(const Puzzle& puzzle, const std::vector<int>& givens) {
  const Rating r = rate(puzzle, givens, Rules{});
  const std::vector<Move> moves = explainMoves(puzzle, r);
  std::vector<int> seen;
  for (const Move& m : moves) {
    ASSERT_FALSE(m.steps.empty());
    seen.insert(seen.end(), m.steps.begin(), m.steps.end());
    for (int k : m.steps) EXPECT_EQ(r.steps[static_cast<std::size_t>(k)].depth, m.depth);
  }
  ASSERT_EQ(seen.size(), r.steps.size());
  for (std::size_t i = 0; i < seen.size(); ++i) EXPECT_EQ(seen[i], static_cast<int>(i));
  // The pieces placed after the last move are the ones the rater placed, in order.
  if (!moves.empty()) {
    std::vector<int> placed;
    for (const RatingStep& s : r.steps)
      if (s.placed) placed.push_back(s.placement);
    EXPECT_EQ(moves.back().placed, placed);
  }
  // Summary counts: "strategy xN" for each strategy, counted here from the steps.
  std::map<std::string, int> counted;
  for (const RatingStep& s : r.steps) ++counted[s.strategy];
  const std::string summary = ratingSummary(r);
  for (const auto& [name, n] : counted)
    EXPECT_NE(summary.find(name + " x" + std::to_string(n)), std::string::npos) << summary;
  const int pathTrials = counted.count("trial") != 0U ? counted["trial"] : 0;
  if (r.trials > pathTrials) {
    EXPECT_NE(summary.find(std::to_string(pathTrials) + " of them on the path"), std::string::npos)
        << summary;
  }
}

TEST(Explain, MovesCoverEveryStepOnceIqFit) {
  const Puzzle puzzle = loadPuzzle("iq-fit");
  for (std::uint64_t seed : {3U, 4U})
    for (const auto& givens : test::removalChain(puzzle, seed)) expectMovesCoverSteps(puzzle, givens);
}

TEST(Explain, MovesCoverEveryStepOnceIqLink) {
  const Puzzle puzzle = loadPuzzle("iq-link");
  for (const auto& givens : test::removalChain(puzzle, 5)) expectMovesCoverSteps(puzzle, givens);
}

TEST(Explain, PlacementsInRowsAndColumns) {
  const Puzzle puzzle = loadDefinition(R"(name = "row"
lattice = "square"
board = "....../......"
fill_every_cell = false
[[piece]]
letter = "a"
shape = "###"
[[piece]]
letter = "b"
shape = "##/#."
)",
                                       "row.toml");
  // The first placement of a: three cells in one row.
  const std::vector<int> a = parseChallenge(puzzle, "aaa.../......");
  ASSERT_EQ(a.size(), 1U);
  EXPECT_EQ(placementWords(puzzle, a[0]), "in row 1, columns 1-3");
  const std::vector<int> b = parseChallenge(puzzle, "....bb/....b.");
  EXPECT_EQ(placementWords(puzzle, b[0]), "in rows 1-2, columns 5-6");
  EXPECT_EQ(pieceWords(puzzle, 0), "a");  // no name given
}

TEST(Explain, IqLinkPlacementsByPegLetters) {
  const Puzzle puzzle = loadPuzzle("iq-link");
  const std::vector<int> placement = parseChallenge(puzzle, "KAF");
  // The code's first letter is the peg of the piece's middle part: it is among the pegs named.
  const std::string words = placementWords(puzzle, placement.at(0));
  EXPECT_EQ(words.rfind("on pegs ", 0), 0U) << words;
  EXPECT_NE(words.find('K'), std::string::npos) << words;
}

std::string bookletChallenge(int line) {
  std::ifstream in(std::string(PIECEWORK_SOURCE_DIR) + "/data/calibration/iq-fit-booklet.jsonl");
  std::string text;
  for (int i = 0; i < line; ++i) std::getline(in, text);
  return json::parse(text).at("challenge").get<std::string>();
}

// The hints in-process (rater/hint.hpp), for the command and the walk-through to agree with.
std::vector<std::string> hintTexts(const std::string& challenge) {
  const Puzzle puzzle = loadPuzzle("iq-fit");
  const Problem problem = makeProblem(puzzle, parseChallenge(puzzle, challenge), Rules{});
  std::vector<std::string> texts;
  for (const Move& move : hintMoves(problem, rate(problem))) texts.push_back(move.text);
  return texts;
}

TEST(Hint, StepsAreTheHintsInOrder) {
  const std::string challenge = bookletChallenge(37);  // an official Master
  const std::vector<std::string> moves = hintTexts(challenge);
  ASSERT_GE(moves.size(), 3U);
  const auto hint = runPiecework("hint iq-fit --steps 3 --json --challenge '" + challenge + "'");
  ASSERT_EQ(hint.status, 0) << hint.err;
  const json j = json::parse(hint.out);
  ASSERT_EQ(j.at("moves").size(), 3U);
  for (std::size_t i = 0; i < 3; ++i) EXPECT_EQ(j.at("moves")[i].at("text").get<std::string>(), moves[i]);
  EXPECT_EQ(j.at("total_moves").get<std::size_t>(), moves.size());
  const auto plain = runPiecework("hint iq-fit --challenge '" + challenge + "'");
  ASSERT_EQ(plain.status, 0) << plain.err;
  EXPECT_EQ(plain.out.rfind("1. " + moves[0], 0), 0U) << plain.out;
}

TEST(Hint, PictureAndBadInput) {
  const std::string dir = test::tempDir();
  const std::string challenge = bookletChallenge(1);
  const auto r = runPiecework("hint iq-fit --challenge '" + challenge + "' --out " + dir + "/hint.svg");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("wrote " + dir + "/hint.svg\n"), std::string::npos) << r.out;
  std::ifstream svg(dir + "/hint.svg");
  EXPECT_TRUE(svg.good());
  const auto png = runPiecework("hint iq-fit --challenge '" + challenge + "' --out " + dir + "/hint.png");
  ASSERT_EQ(png.status, 0) << png.err;
  std::ifstream pngFile(dir + "/hint.png", std::ios::binary);
  std::string magic(4, '\0');
  pngFile.read(magic.data(), 4);
  EXPECT_EQ(magic, "\x89PNG");
  // No solution: the X pentomino shuts in the corner cell. (One with several solutions gets a hint:
  // families_test.)
  const std::string none = ".X......../XXX......./.X......../........../........../..........";
  for (const std::string& args : {"hint pentominoes-6x10 --challenge '" + none + "'",
                                  "hint iq-fit --challenge '" + challenge + "' --steps 0",
                                  "hint iq-fit --challenge '" + challenge + "' --out " + dir + "/x.txt"}) {
    const auto bad = runPiecework(args);
    EXPECT_EQ(bad.status, 2) << args;
    EXPECT_EQ(std::count(bad.err.begin(), bad.err.end(), '\n'), 1) << args << ": " << bad.err;
  }
  // A challenge file that does not hold one challenge: the error names the file.
  std::ofstream(dir + "/two.txt") << challenge << "\n" << challenge << "\n";
  const auto two = runPiecework("hint iq-fit --challenge-file " + dir + "/two.txt");
  EXPECT_EQ(two.status, 2);
  EXPECT_NE(two.err.find(dir + "/two.txt: "), std::string::npos) << two.err;
}

TEST(Walkthrough, OneBoardPerHint) {
  const std::string challenge = bookletChallenge(37);
  const std::size_t moves = hintTexts(challenge).size();  // the walk-through draws the hints
  const std::string dir = test::tempDir();
  for (const char* name : {"walk.pdf", "walk.svg"}) {
    const auto r =
        runPiecework("sheet iq-fit --explain --challenge '" + challenge + "' --out " + dir + "/" + name);
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.out.find("in " + std::to_string(moves) + " moves"), std::string::npos) << r.out;
    EXPECT_TRUE(std::ifstream(dir + "/" + name).good());
  }
  EXPECT_EQ(runPiecework("sheet iq-fit --explain --solution --challenge '" + challenge + "' --out " + dir +
                         "/x.pdf")
                .status,
            2);
}

// The official booklet's Masters (lines 37-48 of the calibration file) explained in short form: each in at
// most 25 lines, where the full log runs to hundreds.
TEST(Explain, MastersAreShort) {
  for (int line = 37; line <= 48; ++line) {
    const auto r = runPiecework("rate iq-fit --explain --challenge '" + bookletChallenge(line) + "'");
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_LE(std::count(r.out.begin(), r.out.end(), '\n'), 25) << r.out;
  }
}

}  // namespace
}  // namespace piecework

// IQ Stars' model is set by hand from the booklet's table (docs/rating.md): its average challenge is the
// middle level's 5 pieces to place, so `--explain` calls a Starter (2-3 to place) easier than average and a
// Wizard (7) harder. Before the model named that average, every IQ Stars challenge read "harder".
TEST(Explain, IqStarsEasierAndHarderThanTheMiddleLevel) {
  for (const auto& [level, word] :
       {std::pair{"Starter", "why: easier than"}, std::pair{"Wizard", "why: harder than"}}) {
    const auto made =
        runPiecework(std::string("generate iq-stars --level ") + level + " --count 2 --seed 4 --json");
    ASSERT_EQ(made.status, 0) << made.err;
    std::istringstream lines(made.out);
    for (std::string line; std::getline(lines, line);) {
      const std::string challenge = json::parse(line)["challenge"];
      const auto explained = runPiecework("rate iq-stars --explain --challenge '" + challenge + "'");
      ASSERT_EQ(explained.status, 0) << explained.err;
      EXPECT_NE(explained.out.find(word), std::string::npos) << level << " " << challenge << "\n"
                                                             << explained.out;
    }
  }
}

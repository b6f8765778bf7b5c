// SPDX-License-Identifier: Apache-2.0
// Rating and generating challenges that are not placed pieces (issue 21): IQ Focus's colour patterns and IQ
// Stars' marked cells. Expected answers come from independent references: an IQ Focus backtracking search
// written from the published pieces (tests/support/iq_focus_reference.hpp), and IQ Stars' 381 tilings read
// cell by cell (the count is the published one), never from the marks code under test.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "puzzle/challenge.hpp"
#include "puzzle/definition.hpp"
#include "puzzle/errors.hpp"
#include "rater/rater.hpp"
#include "solver/solver.hpp"
#include "support/iq_focus_reference.hpp"
#include "support/json_lines.hpp"
#include "support/run.hpp"

namespace piecework {
namespace {

using nlohmann::json;
using piecework::test::jsonLines;
using test::iqFocusTilingsByPattern;
using test::runPiecework;

const char* const kLevels[] = {"Starter", "Junior", "Expert", "Master", "Wizard"};

// ---- IQ Focus -------------------------------------------------------------------------------------------

// The reference itself against the published figures: 8,624 tilings, 5,727 patterns, 4,006 of them from one
// tiling, BBB/BWB/BBB from 4.
TEST(IqFocusReference, AgreesWithThePublishedFigures) {
  const auto& byPattern = iqFocusTilingsByPattern();
  std::size_t tilings = 0, single = 0;
  for (const auto& [pattern, list] : byPattern) tilings += list.size(), single += list.size() == 1 ? 1 : 0;
  EXPECT_EQ(tilings, 8624U);
  EXPECT_EQ(byPattern.size(), 5727U);
  EXPECT_EQ(single, 4006U);
  EXPECT_EQ(byPattern.at("BBB/BWB/BBB").size(), 4U);
}

// A pattern with exactly one tiling and patterns with several: solve prints exactly the reference's tilings,
// in the notation of board pictures with '.' for the two missing corners.
TEST(IqFocusPattern, SolveGivesTheReferenceTilings) {
  const auto& byPattern = iqFocusTilingsByPattern();
  const auto one = byPattern.at("RRR/BWB/BRB");
  ASSERT_EQ(one.size(), 1U);
  const auto r = runPiecework("solve iq-focus --challenge RRR/BWB/BRB --json");
  ASSERT_EQ(r.status, 0) << r.err;
  const json j = json::parse(r.out);
  EXPECT_EQ(j.at("status"), "unique");
  EXPECT_EQ(j.at("solutions").at(0).get<std::string>(), one.front());
  EXPECT_EQ(one.front().substr(40), ".BCEEHHH.");  // (also the notation: the corners are '.')
  for (const std::string pattern : {"BBB/BWB/BBB", "BBB/BGG/WGB"}) {
    auto several = byPattern.at(pattern);
    ASSERT_GT(several.size(), 1U) << pattern;
    const auto s = runPiecework("solve iq-focus --max 100 --json --challenge " + pattern);
    ASSERT_EQ(s.status, 0) << s.err;
    std::vector<std::string> printed = json::parse(s.out).at("solutions").get<std::vector<std::string>>();
    std::sort(printed.begin(), printed.end());
    std::sort(several.begin(), several.end());
    EXPECT_EQ(printed, several) << pattern;
    // Rated as finding one of them, with their number from the independent enumeration.
    const auto rate = runPiecework("rate iq-focus --json --challenge " + pattern);
    ASSERT_EQ(rate.status, 0) << pattern << ": " << rate.err;
    EXPECT_EQ(json::parse(rate.out).at("solutions").get<std::size_t>(), several.size()) << pattern;
  }
}

// Solutions are written with '.' on the missing corners; '#' there is still read (older files).
TEST(IqFocusPattern, SolutionNotationReadsDotAndHash) {
  const Puzzle p = loadPuzzle("iq-focus");
  const std::string dots = iqFocusTilingsByPattern().at("RRR/BWB/BRB").front();
  std::string hashes = dots;
  hashes[40] = '#', hashes[48] = '#';
  const auto placements = parseChallenge(p, dots);
  ASSERT_EQ(placements.size(), 10U);
  EXPECT_EQ(parseChallenge(p, hashes), placements);
  EXPECT_EQ(formatChallenge(p, placements), dots);
  EXPECT_THROW(parseChallenge(p, "RRR/BWB/BRB"), InputError);  // a pattern is no picture of pieces
}

// The rater starts from the colour rule: each placement it rules out that way shows a wrong colour on a
// window square (read from the placement's squares), none is part of the answer, and the replay ends at the
// reference's only tiling.
TEST(IqFocusRate, ColourRuleStepsAndTheAnswer) {
  const Puzzle p = loadPuzzle("iq-focus");
  const Challenge c = parseChallengeText(p, "RRR/BWB/BRB");
  Rules rules;
  rules.marks = c.marks;
  const Rating rating = rate(p, c.givens, rules);
  ASSERT_TRUE(rating.solved);
  EXPECT_EQ(rating.toPlace, 10);
  EXPECT_EQ(formatChallenge(p, rating.solution), iqFocusTilingsByPattern().at("RRR/BWB/BRB").front());
  ASSERT_FALSE(rating.steps.empty());
  EXPECT_EQ(rating.steps.front().strategy, kStrategyColourRule);
  int colourSteps = 0;
  for (const RatingStep& step : rating.steps) {
    if (step.strategy != kStrategyColourRule) continue;
    ++colourSteps;
    EXPECT_FALSE(step.placed);
    EXPECT_EQ(std::count(rating.solution.begin(), rating.solution.end(), step.placement), 0);
    const Placement& placement = p.placements[static_cast<std::size_t>(step.placement)];
    bool wrong = false;
    for (const auto& [site, colour] : c.marks.colours)
      wrong = wrong || (std::binary_search(placement.sites.begin(), placement.sites.end(), site) &&
                        placement.colourAt(site) != colour);
    EXPECT_TRUE(wrong) << step.explanation;
  }
  // Every placement over the window that shows a wrong colour is ruled out, once.
  int expected = 0;
  for (const Placement& placement : p.placements) {
    bool wrong = false;
    for (const auto& [site, colour] : c.marks.colours)
      wrong = wrong || (std::binary_search(placement.sites.begin(), placement.sites.end(), site) &&
                        placement.colourAt(site) != colour);
    expected += wrong ? 1 : 0;
  }
  EXPECT_EQ(colourSteps, expected);
  EXPECT_EQ(rating.strategyUse.at(kStrategyColourRule), expected);
}

// The pool that data/models/iq-focus.json's cut points split into equal shares (docs/rating.md) is exactly
// the reference's patterns with one tiling.
TEST(IqFocusPattern, CalibrationPoolIsEveryUniquePattern) {
  std::vector<std::string> expected;
  for (const auto& [pattern, list] : iqFocusTilingsByPattern())
    if (list.size() == 1) expected.push_back(pattern);
  std::ifstream in(std::string(PIECEWORK_SOURCE_DIR) + "/data/calibration/iq-focus-unique-patterns.jsonl");
  ASSERT_TRUE(in);
  std::vector<std::string> pool;
  for (std::string line; std::getline(in, line);) pool.push_back(json::parse(line).at("challenge"));
  std::sort(pool.begin(), pool.end());
  EXPECT_EQ(pool, expected);
}

// generate at every level: each challenge is a pattern with exactly one tiling in the reference, its solution
// is that tiling, and rating it again gives its level.
TEST(IqFocusGenerate, EveryLevelUniqueAndReRated) {
  const auto& byPattern = iqFocusTilingsByPattern();
  for (const char* level : kLevels) {
    const auto g =
        runPiecework(std::string("generate iq-focus --count 3 --seed 5 --threads 2 --json --level ") + level);
    ASSERT_EQ(g.status, 0) << level << g.err;
    const auto lines = jsonLines(g.out);
    ASSERT_EQ(lines.size(), 3U) << level;
    for (const json& line : lines) {
      const std::string pattern = line.at("challenge");
      ASSERT_EQ(byPattern.count(pattern), 1U) << pattern;
      ASSERT_EQ(byPattern.at(pattern).size(), 1U) << pattern;
      EXPECT_EQ(line.at("solution").get<std::string>(), byPattern.at(pattern).front());
      EXPECT_EQ(line.at("level"), level);
      const auto r = runPiecework("rate iq-focus --json --challenge " + pattern);
      ASSERT_EQ(r.status, 0) << r.err;
      EXPECT_EQ(json::parse(r.out).at("level"), level) << pattern;
    }
  }
}

// ---- IQ Stars -------------------------------------------------------------------------------------------

// The 381 tilings of the empty board as pictures (the published count checks the search), and how many of
// them have each letter of `challenge` on its cell: for marks, the tilings that the challenge allows.
struct StarsReference {
  Puzzle puzzle = loadPuzzle("iq-stars");
  std::vector<std::string> tilings;
  StarsReference() {
    FindOptions all;
    all.max = 1000;
    for (const auto& t : findSolutions(puzzle, {}, all).solutions)
      tilings.push_back(formatChallenge(puzzle, t));
  }
  std::vector<std::string> matching(const std::string& challenge) const {
    std::vector<std::string> out;
    for (const std::string& t : tilings) {
      bool all = t.size() == challenge.size();
      for (std::size_t i = 0; all && i < t.size(); ++i) all = challenge[i] == '.' || challenge[i] == t[i];
      if (all) out.push_back(t);
    }
    return out;
  }
};

TEST(IqStarsMarks, RatedFromTheMarkedCells) {
  const StarsReference ref;
  ASSERT_EQ(ref.tilings.size(), 381U);
  const std::string text = "R....../....../......P/.G....";  // one red, one pink and one green cell
  const auto answers = ref.matching(text);
  ASSERT_EQ(answers.size(), 1U);
  const Puzzle& p = ref.puzzle;
  const Challenge c = parseChallengeText(p, text);
  EXPECT_TRUE(c.givens.empty());
  EXPECT_EQ(c.marks.pieces.size(), 3U);
  EXPECT_EQ(formatChallengeText(p, c), text);
  Rules rules;
  rules.marks = c.marks;
  const Rating rating = rate(p, {}, rules);
  ASSERT_TRUE(rating.solved);
  EXPECT_EQ(formatChallenge(p, rating.solution), answers.front());
  EXPECT_EQ(rating.toPlace, 7);
  EXPECT_EQ(rating.level, Level::Wizard);  // the booklet: marked cells are its Wizard challenges
  ASSERT_FALSE(rating.steps.empty());
  EXPECT_EQ(rating.steps.front().strategy, kStrategyMarkedCell);
  // Each placement the marks rule out covers a cell marked for another piece or misses one of its own.
  for (const RatingStep& step : rating.steps) {
    if (step.strategy != kStrategyMarkedCell) continue;
    const std::string cells = formatChallenge(p, {step.placement});
    const char letter = p.pieces[static_cast<std::size_t>(step.piece)].letter;
    bool conflict = false;
    for (std::size_t i = 0; i < text.size(); ++i)
      if (text[i] != '.' && text[i] != '/')
        conflict = conflict || (text[i] == letter) != (cells[i] == letter);
    EXPECT_TRUE(conflict) << step.explanation;
  }
  const auto cli = runPiecework("rate iq-stars --json --challenge '" + text + "'");
  ASSERT_EQ(cli.status, 0) << cli.err;
  EXPECT_EQ(json::parse(cli.out).at("level"), "Wizard");
}

// generate at every level: placed pieces below Wizard (Starter 4-5 given, Junior 3, Expert 2, Master 1, as
// the booklet's table), 2-4 marked cells at Wizard; each has exactly one tiling in the reference, and
// re-rates at its level.
TEST(IqStarsGenerate, EveryLevelUniqueAndReRated) {
  const StarsReference ref;
  const std::map<std::string, std::pair<int, int>> givenRange{
      {"Starter", {4, 5}}, {"Junior", {3, 3}}, {"Expert", {2, 2}}, {"Master", {1, 1}}, {"Wizard", {0, 0}}};
  for (const char* level : kLevels) {
    const auto g =
        runPiecework(std::string("generate iq-stars --count 4 --seed 9 --threads 2 --json --level ") + level);
    ASSERT_EQ(g.status, 0) << level << g.err;
    const auto lines = jsonLines(g.out);
    ASSERT_EQ(lines.size(), 4U);
    for (const json& line : lines) {
      const std::string text = line.at("challenge");
      const auto answers = ref.matching(text);
      ASSERT_EQ(answers.size(), 1U) << text;
      EXPECT_EQ(line.at("solution").get<std::string>(), answers.front());
      const int given = line.at("given");
      EXPECT_GE(given, givenRange.at(level).first) << text;
      EXPECT_LE(given, givenRange.at(level).second) << text;
      if (std::string(level) == "Wizard") {
        const auto marked =
            std::count_if(text.begin(), text.end(), [](char c) { return c != '.' && c != '/'; });
        EXPECT_GE(marked, 2) << text;
        EXPECT_LE(marked, 4) << text;
      }
      const auto r = runPiecework("rate iq-stars --json --challenge '" + text + "'");
      ASSERT_EQ(r.status, 0) << r.err;
      EXPECT_EQ(json::parse(r.out).at("level"), level) << text;
    }
  }
}

// ---- Catalog --------------------------------------------------------------------------------------------

// Generated patterns and marked cells go into a catalog, out again, into a second catalog (whose import
// checks that each has one solution) and are re-rated there without a change of level.
TEST(MarksCatalog, ExportImportAndReRate) {
  const std::string dir = test::tempDir();
  const std::string first = dir + "/a.sqlite", second = dir + "/b.sqlite", file = dir + "/out.jsonl";
  for (const std::string args : {"iq-focus --level Wizard", "iq-focus --level Master",
                                 "iq-stars --level Wizard", "iq-stars --level Expert"}) {
    const auto g = runPiecework("generate " + args + " --count 2 --seed 4 --threads 2 --db " + first);
    ASSERT_EQ(g.status, 0) << args << g.err;
  }
  ASSERT_EQ(runPiecework("catalog export --db " + first + " --out " + file).status, 0);
  const auto imported = runPiecework("catalog import " + file + " --json --db " + second);
  ASSERT_EQ(imported.status, 0) << imported.err;
  EXPECT_EQ(json::parse(imported.out).at("imported"), 8);
  const auto rerated = runPiecework("catalog rate --all --json --db " + second);
  ASSERT_EQ(rerated.status, 0) << rerated.err;
  EXPECT_EQ(json::parse(rerated.out).at("rated"), 8);
  EXPECT_EQ(json::parse(rerated.out).at("changed_level"), 0);
  const auto listA = runPiecework("catalog list --json --db " + first);
  const auto listB = runPiecework("catalog list --json --db " + second);
  ASSERT_EQ(listA.status, 0);
  std::vector<std::string> a, b;
  for (const json& c : jsonLines(listA.out)) a.push_back(c.at("challenge"));
  for (const json& c : jsonLines(listB.out)) b.push_back(c.at("challenge"));
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  EXPECT_EQ(a, b);
  // The same batch again adds nothing: a pattern's key is its colours, marked cells theirs.
  const auto again =
      runPiecework("generate iq-focus --level Wizard --count 2 --seed 4 --threads 2 --db " + first);
  ASSERT_EQ(again.status, 0) << again.err;
  EXPECT_NE(again.err.find("2 already in the catalog"), std::string::npos) << again.err;
}

}  // namespace
}  // namespace piecework

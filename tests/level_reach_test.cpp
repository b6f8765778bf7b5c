// SPDX-License-Identifier: Apache-2.0
// The levels a puzzle reaches (issue 43, point 2; docs/generating.md, "Levels a puzzle reaches"): `show`
// lists them, and `generate` refuses a level none reaches at once, in one line, with exit status 2.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "puzzle/challenge.hpp"
#include "puzzle/definition.hpp"
#include "rater/rater.hpp"
#include "solver/census.hpp"
#include "solver/problem.hpp"
#include "support/run.hpp"
#include "support/small_puzzles.hpp"

namespace piecework {
namespace {

using test::runPiecework;

// The strip of five cells (tests/support/small_puzzles.hpp).
const char* const kStrip = test::kStripOfFive;

std::set<std::string> reachedIn(const nlohmann::json& show) {
  std::set<std::string> levels;
  for (const auto& level : show.at("levels").at("reached")) levels.insert(level.get<std::string>());
  return levels;
}

TEST(LevelReach, ShowListsTheLevelsOfEveryUniqueChallengeAndGenerateRefusesTheOthers) {
  const std::string dir = test::tempDir();
  const std::string path = dir + "/strip.toml";
  std::ofstream(path) << kStrip;
  const Puzzle strip = loadPuzzle(path);
  // The two challenges found by hand, graded.
  const Rating a = rate(strip, parseChallenge(strip, "AA..."), Rules{});
  const Rating b = rate(strip, parseChallenge(strip, "BBB.."), Rules{});
  const std::set<std::string> expected = {levelName(a.level), levelName(b.level)};

  const auto json = runPiecework("show '" + path + "' --json");
  ASSERT_EQ(json.status, 0) << json.err;
  const nlohmann::json shown = nlohmann::json::parse(json.out);
  EXPECT_EQ(shown["levels"]["decided"], true);
  EXPECT_EQ(shown["levels"]["challenges"], 2);
  EXPECT_EQ(reachedIn(shown), expected);
  for (const auto& entry : shown["levels"]["by_level"])
    if (entry["level"] == levelName(a.level) && a.level != b.level) {
      EXPECT_EQ(entry["challenges"], 1);
      EXPECT_DOUBLE_EQ(entry["lowest_score"].get<double>(), a.score);
    }
  const auto text = runPiecework("show '" + path + "'");
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_NE(text.out.find("levels (all 2 unique challenges graded): "), std::string::npos) << text.out;

  for (int l = 0; l < 5; ++l) {
    const std::string level = levelName(static_cast<Level>(l));
    SCOPED_TRACE(level);
    const auto made = runPiecework("generate '" + path + "' --level " + level + " --seed 1 --json");
    if (expected.contains(level)) {
      EXPECT_EQ(made.status, 0) << made.err;
      continue;
    }
    EXPECT_EQ(made.status, 2) << made.err;
    EXPECT_TRUE(made.out.empty());
    EXPECT_EQ(std::count(made.err.begin(), made.err.end(), '\n'), 1) << made.err;
    EXPECT_NE(made.err.find("no challenge of strip is graded " + level), std::string::npos) << made.err;
    EXPECT_EQ(made.err.find("attempts"), std::string::npos) << "refused before any attempt: " << made.err;
  }
}

// On Soma every level `show` lists is one `generate` makes a challenge at, and every other one is refused:
// the census's grades and the generator's random removals agree.
TEST(LevelReach, SomaGeneratesExactlyTheLevelsShowLists) {
  const auto json = runPiecework("show soma --json");
  ASSERT_EQ(json.status, 0) << json.err;
  const nlohmann::json shown = nlohmann::json::parse(json.out);
  ASSERT_EQ(shown["levels"]["decided"], true) << shown["levels"];
  const std::set<std::string> reached = reachedIn(shown);
  EXPECT_FALSE(reached.empty());
  EXPECT_FALSE(reached.contains("Wizard"))
      << "issue 43: generate soma --level Master gave up after 300 attempts";
  for (int l = 0; l < 5; ++l) {
    const std::string level = levelName(static_cast<Level>(l));
    SCOPED_TRACE(level);
    const auto made = runPiecework("generate soma --level " + level + " --count 2 --seed 1 --json -q");
    EXPECT_EQ(made.status, reached.contains(level) ? 0 : 2) << made.err;
  }
}

// A puzzle too large to grade every challenge of says so, and generate searches as before.
// The census hands each unique challenge's spare givens to the rater (generator/level_reach.cpp); they are
// what a search per given finds (measureSpareGivens: the challenge without that given, and that placement,
// has no other solution).
TEST(LevelReach, TheCensusCountsSpareGivensAsASearchPerGivenDoes) {
  const Puzzle soma = loadPuzzle("soma");
  const CensusPlan plan = planCensus(soma, Rules{}, kCensusAllPieces, CensusMethod::Table);
  ASSERT_EQ(plan.solutions.size(), 240U);  // published: 240 distinct solutions
  std::size_t challenges = 0, withSpare = 0;
  for (std::size_t s = 0; s < plan.solutions.size(); s += 12)
    forEachUniqueChallenge(plan, s, [&](const std::vector<int>& givens, int spare) {
      RatingFeatures searched;
      measureSpareGivens(soma, givens, Rules{}, searched);
      EXPECT_EQ(spare, searched.spareGivens) << "solution " << s << ", " << givens.size() << " given";
      ++challenges;
      withSpare += spare > 0 ? 1 : 0;
      return true;
    });
  EXPECT_GT(challenges, 100U);
  EXPECT_GT(withSpare, 10U);  // (so that both answers are checked)
}

TEST(LevelReach, LargePuzzlesAreLeftUndecided) {
  const auto json = runPiecework("show iq-fit --json");
  ASSERT_EQ(json.status, 0) << json.err;
  const nlohmann::json levels = nlohmann::json::parse(json.out)["levels"];
  EXPECT_EQ(levels["decided"], false);
  EXPECT_TRUE(levels["reached"].is_null());
  EXPECT_NE(levels["why"].get<std::string>().find("solutions"), std::string::npos) << levels;
  const auto text = runPiecework("show iq-fit");
  EXPECT_NE(text.out.find("levels: not known before generating"), std::string::npos) << text.out;
}

}  // namespace
}  // namespace piecework

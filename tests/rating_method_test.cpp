// SPDX-License-Identifier: Apache-2.0
// One rating method for every family (issue 27): the features it shares, the colours a challenge's marks ask
// for, the "why" of `rate --explain`, and `calibrate --agreement`, which tries a model on a booklet as it is.
// Expected values come from counting by hand or from another command (rate) than the one under test.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "puzzle/challenge.hpp"
#include "puzzle/definition.hpp"
#include "rater/explain.hpp"
#include "rater/model.hpp"
#include "rater/rater.hpp"
#include "support/run.hpp"

using nlohmann::json;
using piecework::test::runPiecework;

namespace piecework {
namespace {

const std::string kFitBooklet = std::string(PIECEWORK_SOURCE_DIR) + "/data/calibration/iq-fit-booklet.jsonl";
const std::string kFocusBooklet =
    std::string(PIECEWORK_SOURCE_DIR) + "/data/calibration/iq-focus-booklet.jsonl";

double markColours(const std::string& puzzle, const std::string& challenge) {
  const auto r = runPiecework(fmt::format("rate {} --json --challenge '{}'", puzzle, challenge));
  EXPECT_EQ(r.status, 0) << r.err;
  return json::parse(r.out).at("features").at("mark_colours").get<double>();
}

// Counted by eye: the distinct letters of a pattern, the distinct pieces that marked cells name.
TEST(MarkColours, CountedByHand) {
  EXPECT_EQ(markColours("iq-focus", "RRR/RRR/RRR"), 1);
  EXPECT_EQ(markColours("iq-focus", "RRR/BWB/BRB"), 3);
  EXPECT_EQ(markColours("iq-focus", "BGW/BWR/BBB"), 4);
  EXPECT_EQ(markColours("iq-stars", "O....../....../......./.....G"), 2);  // 13 tilings
  EXPECT_EQ(markColours("iq-fit", "........../........../........../........../.........."), 0);
}

// The shares `--explain` words add up to the model's effort, which estimateLevel computes on its own; the
// largest share comes first and is the first reason given.
TEST(EffortShares, AddUpToTheModelsEffort) {
  const Puzzle puzzle = loadPuzzle("iq-fit");
  const RatingModel& model = shippedModel(puzzle);
  std::ifstream booklet(kFitBooklet);
  int checked = 0;
  for (std::string line; std::getline(booklet, line) && checked < 12; ++checked) {
    if (checked % 3 != 0) continue;  // a few of each level
    const Challenge c = parseChallengeText(puzzle, json::parse(line).at("challenge").get<std::string>());
    Rules rules;
    const Rating rating = rate(puzzle, c.givens, rules, &model);
    RatingFeatures features = rating.features;
    measureSpareGivens(puzzle, c.givens, rules, features);
    const std::vector<EffortShare> shares = effortShares(model, features);
    ASSERT_EQ(shares.size(), model.features.size());
    double levels = 0;
    for (std::size_t i = 0; i < shares.size(); ++i) {
      levels += shares[i].levels;
      if (i > 0) {
        EXPECT_GE(std::abs(shares[i - 1].levels), std::abs(shares[i].levels));
      }
    }
    const double width = (model.cuts[3] - model.cuts[0]) / 3;
    EXPECT_NEAR(levels * width, estimateLevel(model, features).effort, 1e-9) << line;
    const std::string why = effortReasons(shares);
    if (std::abs(shares.front().levels) >= 0.1) {
      EXPECT_NE(why.find(shares.front().words), std::string::npos) << why;
    }
  }
}

TEST(EffortShares, RateExplainSaysWhy) {
  const auto r = runPiecework(
      "rate iq-fit --explain --challenge "
      "'........../........../........../........../..........'");
  // An empty IQ Fit board: every piece to place, far above the booklet's average challenge.
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\n  why: harder than its model's average challenge for "), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("10 pieces to place (+"), std::string::npos) << r.out;
  const auto j =
      runPiecework("rate iq-fit --json --challenge '........../........../........../........../..........'");
  ASSERT_EQ(j.status, 0) << j.err;
  EXPECT_GT(json::parse(j.out).at("effort").at("to_place").get<double>(), 0.5);
}

// `calibrate --agreement` grades as `rate` does: its exact share is the share of lines whose `rate` level is
// the file's.
TEST(CalibrateAgreement, GradesAsRateDoes) {
  const std::string dir = test::tempDir();
  std::ifstream booklet(kFitBooklet);
  std::ofstream list(dir + "/fit.txt");
  std::vector<std::string> levels;
  for (std::string line; std::getline(booklet, line);) {
    const json j = json::parse(line);
    list << j.at("challenge").get<std::string>() << "\n";
    levels.push_back(j.at("level").get<std::string>());
  }
  list.close();
  const auto rated = runPiecework("rate iq-fit --json --challenge-file " + dir + "/fit.txt");
  ASSERT_EQ(rated.status, 0) << rated.err;
  std::istringstream lines(rated.out);
  int same = 0;
  std::size_t i = 0;
  for (std::string line; std::getline(lines, line); ++i)
    same += json::parse(line).at("level").get<std::string>() == levels.at(i) ? 1 : 0;
  ASSERT_EQ(i, levels.size());

  const auto agreement = runPiecework("calibrate iq-fit " + kFitBooklet + " --agreement --json");
  ASSERT_EQ(agreement.status, 0) << agreement.err;
  const json a = json::parse(agreement.out);
  EXPECT_EQ(a.at("samples").get<std::size_t>(), levels.size());
  EXPECT_TRUE(a.at("model").is_object());  // the model file's JSON, as when calibrate fits one
  EXPECT_EQ(a.at("per_level").size(), 5U);
  EXPECT_NEAR(a.at("agreement").at("exact").get<double>(), double(same) / double(levels.size()), 1e-12);
  int total = 0;
  for (const auto& row : a.at("confusion"))
    for (const auto& n : row) total += n.get<int>();
  EXPECT_EQ(total, static_cast<int>(levels.size()));
}

TEST(CalibrateAgreement, RefusesWhatItCannotUse) {
  const std::string dir = test::tempDir();
  for (const std::string& extra :
       std::vector<std::string>{"--features trials", "--out " + dir + "/m.json", "--penalty 2"}) {
    const auto r = runPiecework("calibrate iq-fit " + kFitBooklet + " --agreement " + extra);
    EXPECT_EQ(r.status, 2) << extra;
    EXPECT_NE(r.err.find("--agreement fits nothing"), std::string::npos) << r.err;
  }
  // A model fitted on IQ Fit tried on IQ Focus's booklet: only when asked for knowingly.
  const std::string model = std::string(PIECEWORK_SOURCE_DIR) + "/data/models/default.json";
  const auto other = runPiecework("calibrate iq-focus " + kFocusBooklet + " --agreement --model " + model);
  EXPECT_EQ(other.status, 2);
  EXPECT_NE(other.err.find("--model-any-puzzle"), std::string::npos) << other.err;
  const auto knowingly = runPiecework("calibrate iq-focus " + kFocusBooklet +
                                      " --agreement --json --model-any-puzzle --model " + model);
  ASSERT_EQ(knowingly.status, 0) << knowingly.err;
  EXPECT_EQ(json::parse(knowingly.out).at("samples").get<int>(), 60);
}

// By default calibrate fits the rating method's features, less those that do not vary over the booklet: IQ
// Fit has no colour marks, every IQ Focus pattern has 10 pieces to place and no givens.
TEST(RatingMethod, CalibrateFitsTheSharedFeaturesThatVary) {
  const auto fit = runPiecework("calibrate iq-fit " + kFitBooklet + " --json");
  ASSERT_EQ(fit.status, 0) << fit.err;
  const json f = json::parse(fit.out);
  EXPECT_EQ(f.at("left_out"), json::parse(R"(["mark_colours"])"));
  EXPECT_EQ(f.at("model").at("features"),
            json::parse(R"(["to_place","trials","forced_search","spare_givens"])"));
  const auto focus = runPiecework("calibrate iq-focus " + kFocusBooklet + " --json");
  ASSERT_EQ(focus.status, 0) << focus.err;
  const json g = json::parse(focus.out);
  EXPECT_EQ(g.at("left_out"), json::parse(R"(["to_place","spare_givens"])"));
  EXPECT_EQ(g.at("model").at("features"), json::parse(R"(["trials","forced_search","mark_colours"])"));
}

}  // namespace
}  // namespace piecework

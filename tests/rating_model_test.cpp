// SPDX-License-Identifier: Apache-2.0
// The rating model and its calibration (issue 16). Expected values come from hand calculation or from a rule
// the test itself sets (a "house" grading by pieces to place), never from the model code under test.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>
#include <numeric>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "puzzle/challenge.hpp"
#include "puzzle/definition.hpp"
#include "puzzle/errors.hpp"
#include "rater/calibrate.hpp"
#include "rater/model.hpp"
#include "rater/rater.hpp"
#include "solver/solver.hpp"
#include "support/challenges.hpp"
#include "support/temp_dir_test.hpp"

using nlohmann::json;
using piecework::test::runPiecework;

namespace piecework {
namespace {

// A row of six cells and three pieces of 1, 2 and 3 cells.
constexpr const char* kRow = R"(name = "row"
lattice = "square"
board = "......"
[[piece]]
letter = "a"
shape = "#"
[[piece]]
letter = "b"
shape = "##"
[[piece]]
letter = "c"
shape = "###"
)";

TEST(RatingFeatures, OneForcedPiece) {
  const Puzzle puzzle = loadDefinition(kRow, "row.toml");
  // c fills cells 1-3 and a cell 4: b can only go on cells 5-6, found by single placement.
  const Rating r = rate(puzzle, parseChallenge(puzzle, "ccca.."), Rules{});
  ASSERT_TRUE(r.solved);
  const RatingFeatures& f = r.features;
  EXPECT_EQ(f.toPlace, 1);
  EXPECT_EQ(f.startOptions, 1);
  EXPECT_EQ(f.firstChoice, 1);
  EXPECT_EQ(f.forcedSteps, 1);
  EXPECT_EQ(f.pairwiseEliminations, 0);
  EXPECT_EQ(f.ruleEliminations, 0);
  EXPECT_EQ(f.strategiesUsed, 1);
  EXPECT_EQ(f.trials, 0);
  EXPECT_EQ(f.trialDepth, 0);
  EXPECT_EQ(f.refutations, 0);
  EXPECT_EQ(f.forcedSearch, 1);
  EXPECT_DOUBLE_EQ(modelFeature(f, "to_place"), 1.0);
  EXPECT_DOUBLE_EQ(modelFeature(f, "start_options"), 1.0);  // log2(1 + 1)
  EXPECT_DOUBLE_EQ(modelFeature(f, "trials"), 0.0);
  EXPECT_DOUBLE_EQ(modelFeature(f, "forced_search"), 0.0);  // log2(1 + 0): no state beyond the first
}

TEST(RatingFeatures, FullBoardHasNothingToDo) {
  const Puzzle puzzle = loadDefinition(kRow, "row.toml");
  const Rating r = rate(puzzle, parseChallenge(puzzle, "cccabb"), Rules{});
  EXPECT_EQ(r.features.toPlace, 0);
  EXPECT_EQ(r.features.startOptions, 0);
  EXPECT_EQ(r.features.forcedSteps, 0);
  EXPECT_EQ(r.features.trials, 0);
  EXPECT_EQ(r.level, Level::Starter);
}

// Spare givens, by hand on the row of six cells. "ccca..": without c, "...a.." leaves cells 1-3 to c alone
// (b and a cannot make three: a is given), so one solution: c is spare; without a, "ccc..." has two (a b b,
// b b a): a is not. The full board: each piece taken away has exactly one place to go back to.
TEST(RatingFeatures, SpareGivensByHand) {
  const Puzzle puzzle = loadDefinition(kRow, "row.toml");
  const Rating one = rate(puzzle, parseChallenge(puzzle, "ccca.."), Rules{});
  EXPECT_EQ(one.features.spareGivens, 1);
  EXPECT_DOUBLE_EQ(modelFeature(one.features, "spare_givens"), 1.0);  // log2(1 + 1)
  EXPECT_EQ(rate(puzzle, parseChallenge(puzzle, "cccabb"), Rules{}).features.spareGivens, 3);
  // Two solutions (a b b, b b a after c): without c, c can also go on cells 4-6 or 2-4, which adds some.
  EXPECT_EQ(rate(puzzle, parseChallenge(puzzle, "ccc..."), Rules{}).features.spareGivens, 0);
  // Nothing given, nothing spare.
  EXPECT_EQ(rate(puzzle, parseChallenge(puzzle, "......"), Rules{}).features.spareGivens, 0);
}

// Spare givens by counting every solution of the challenge less each given (the counting search, not the one
// that the rater uses).
int spareByCounting(const Puzzle& puzzle, const std::vector<int>& givens) {
  int spare = 0;
  for (std::size_t k = 0; k < givens.size(); ++k) {
    std::vector<int> fewer = givens;
    fewer.erase(fewer.begin() + static_cast<std::ptrdiff_t>(k));
    CountOptions options;
    options.threads = 1;
    spare += countSolutions(puzzle, fewer, options).solutions == 1 ? 1 : 0;
  }
  return spare;
}

// On real challenges the count agrees with counting.
TEST(RatingFeatures, SpareGivensAgreeWithCounts) {
  const Puzzle fit = loadPuzzle("iq-fit");
  const char* const challenges[] = {
      // Givens to spare: an easy challenge with many pieces given.
      "bbbbllpppp/byyyylpprr/gggyylnnnr/ig....n.nr/iii......r",
      // A challenge of the shipped calibration file (booklet 57, Expert): nothing to spare.
      "........../........../.....l..../...PPl..g./.PPPPllggg",
  };
  for (const char* text : challenges) {
    const std::vector<int> givens = parseChallenge(fit, text);
    ASSERT_EQ(uniqueness(fit, givens, Rules{}), Uniqueness::Unique) << text;
    const int expected = spareByCounting(fit, givens);
    EXPECT_EQ(rate(fit, givens, Rules{}).features.spareGivens, expected) << text;
  }
}

TEST(RatingFeatures, UnknownNameIsAnInputError) {
  EXPECT_THROW(modelFeature(RatingFeatures{}, "pieces"), InputError);
}

// A model on pieces to place alone, weight 1 on the raw count, cut points at 1.5, 2.5, 3.5 and 4.5.
RatingModel handModel() {
  return parseModel(R"({"format":"piecework-rating-model","name":"hand","features":["to_place"],"mean":[0],
                        "scale":[1],"weights":[1],"cuts":[1.5,2.5,3.5,4.5]})",
                    "hand.json");
}

TEST(RatingModel, LevelScoreAndProbabilitiesByHand) {
  const RatingModel m = handModel();
  RatingFeatures f;
  f.toPlace = 3;  // effort 3: between the cuts 2.5 and 3.5
  const LevelEstimate e = estimateLevel(m, f);
  EXPECT_EQ(e.level, Level::Expert);
  EXPECT_DOUBLE_EQ(e.effort, 3.0);
  EXPECT_NEAR(e.score, 3.5, 1e-12);  // 1 + 2 + (3 - 2.5) / (3.5 - 2.5)
  auto sigma = [](double z) { return 1 / (1 + std::exp(-z)); };
  EXPECT_NEAR(e.probability[0], sigma(-1.5), 1e-12);
  EXPECT_NEAR(e.probability[1], sigma(-0.5) - sigma(-1.5), 1e-12);
  EXPECT_NEAR(e.probability[2], sigma(0.5) - sigma(-0.5), 1e-12);
  EXPECT_NEAR(e.probability[3], sigma(1.5) - sigma(0.5), 1e-12);
  EXPECT_NEAR(e.probability[4], 1 - sigma(1.5), 1e-12);
  f.toPlace = 0;
  EXPECT_EQ(estimateLevel(m, f).level, Level::Starter);
  EXPECT_NEAR(estimateLevel(m, f).score, 0.5, 1e-12);  // 2 + (0 - 1.5) / 1
  f.toPlace = 9;
  EXPECT_EQ(estimateLevel(m, f).level, Level::Wizard);
  EXPECT_NEAR(estimateLevel(m, f).score, 9.5, 1e-12);  // 5 + (9 - 4.5) / 1
}

TEST(RatingModel, JsonRoundTrip) {
  const RatingModel m = handModel();
  const RatingModel back = parseModel(modelJson(m), "again.json");
  EXPECT_EQ(back.features, m.features);
  EXPECT_EQ(back.weights, m.weights);
  EXPECT_EQ(back.cuts, m.cuts);
}

TEST(RatingModel, BadModelsAreInputErrors) {
  const std::string good = R"("name":"x","mean":[0],"scale":[1],"weights":[1])";
  for (const std::string& text : std::vector<std::string>{
           "not json", "[]", R"({"format":"other"})",
           R"({"format":"piecework-rating-model","features":["nope"],)" + good + R"(,"cuts":[1,2,3,4]})",
           R"({"format":"piecework-rating-model","features":["to_place"],)" + good + R"(,"cuts":[1,3,2,4]})",
           R"({"format":"piecework-rating-model","features":["to_place"],)" + good + R"(,"cuts":[1,2,3]})",
           R"({"format":"piecework-rating-model","features":["to_place"],"mean":[0,1],"scale":[1],)"
           R"("weights":[1],"cuts":[1,2,3,4]})",
           R"({"format":"piecework-rating-model","features":["to_place"],"mean":[0],"scale":[0],)"
           R"("weights":[1],"cuts":[1,2,3,4]})"}) {
    EXPECT_THROW(parseModel(text, "m.json"), InputError) << text;
  }
  // Members of another type or beyond range, found by fuzz_rating_model: "format" as a list ended the program
  // with nlohmann's type_error (exit status 1), and "samples": 1e20 was converted to int unchecked.
  const std::string model =
      R"({"format":"piecework-rating-model","features":["to_place"],)" + good + R"(,"cuts":[1,2,3,4])";
  for (const std::string& text : std::vector<std::string>{
           R"({"format":[1,2],"features":["to_place"],)" + good + R"(,"cuts":[1,2,3,4]})",
           model + R"(,"name":7})", model + R"(,"cross_validation":[]})", model + R"(,"samples":1e20})",
           model + R"(,"samples":"60"})", model + R"(,"penalty":-1})",
           model + R"(,"per_level":[1,2,3,4,-5]})"}) {
    EXPECT_THROW(parseModel(text, "m.json"), InputError) << text;
  }
  EXPECT_NO_THROW(parseModel(model + R"(,"samples":60,"penalty":0.5,"name":"house"})", "m.json"));
}

// Issue 31: a model whose one mean was set to 257 made `generate iq-link --count 1` search for 12 minutes,
// silently, then exit 1 (every challenge graded far from the level asked for). A mean outside 0..256 (the
// range of every feature: a count bounded by the pieces, or the logarithm of a count) is refused on loading.
TEST(RatingModel, AMeanOutsideTheFeaturesRangeIsRefused) {
  const auto model = [](const std::string& mean) {
    return R"({"format":"piecework-rating-model","name":"x","features":["to_place","trials"],"mean":[)" +
           mean + R"(],"scale":[1,1],"weights":[1,1],"cuts":[1,2,3,4]})";
  };
  for (const char* mean : {"257,1", "1,-0.5", "1,1e9"})
    EXPECT_THROW(parseModel(model(mean), "m.json"), InputError) << mean;
  EXPECT_NO_THROW(parseModel(model("256,0"), "m.json"));

  std::ifstream shipped(std::string(PIECEWORK_SOURCE_DIR) + "/data/models/iq-link.json");
  ASSERT_TRUE(shipped);
  nlohmann::json edited = nlohmann::json::parse(shipped);
  edited["mean"][0] = 257;
  const std::string dir = test::tempDir();
  std::ofstream(dir + "/m.json") << edited.dump();
  const auto r = test::runPiecework("generate iq-link --level Starter --count 1 --seed 1 -q --model '" + dir +
                                    "/m.json'");
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_TRUE(r.out.empty()) << r.out;
  EXPECT_EQ(r.err, "piecework: " + dir +
                       "/m.json: \"mean\" of 'to_place' is 257; a feature's mean must be from 0 to 256 "
                       "(docs/limits.md)\n");
}

// Issue 31, item 6: cut points a denormal apart were accepted and the score came out infinite (JSON null, a
// catalog row that reads back as damaged).
TEST(RatingModel, CutPointsTooCloseTogetherAreRefused) {
  const auto model = [](const std::string& cuts) {
    return R"({"format":"piecework-rating-model","name":"x","features":["to_place"],"mean":[0],"scale":[1],)"
           R"("weights":[1],"cuts":[)" +
           cuts + "]}";
  };
  for (const char* cuts : {"0,5e-324,1e-323,1.5e-323", "1,2,2.0000001,4"})
    EXPECT_THROW(parseModel(model(cuts), "m.json"), InputError) << cuts;
  EXPECT_NO_THROW(parseModel(model("0,0.000001,1,2"), "m.json"));

  const std::string dir = test::tempDir();
  std::ofstream(dir + "/tiny.json") << model("0,5e-324,1e-323,1.5e-323");
  const auto r =
      test::runPiecework("rate iq-fit --json --model '" + dir +
                         "/tiny.json' --challenge '....llpppp/.yyyylpprr/...yylnnnr/i.ssssnonr/iiissoooor'");
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_TRUE(r.out.empty()) << r.out;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_NE(r.err.find("tiny.json: \"cuts\" 0 and 4.94066e-324 are closer than 1e-06"), std::string::npos)
      << r.err;
}

TEST(Calibration, AgreementByHand) {
  // Scores ranked 1, 3, 2 against levels 1, 2, 3: Spearman = 1 - 6 * (0 + 1 + 1) / (3 * 8) = 0.5.
  const Agreement a = agreement({Level::Starter, Level::Junior, Level::Expert},
                                {Level::Starter, Level::Expert, Level::Expert}, {1.0, 3.0, 2.0});
  EXPECT_NEAR(a.exact, 2.0 / 3.0, 1e-12);
  EXPECT_NEAR(a.withinOne, 1.0, 1e-12);
  EXPECT_NEAR(a.spearman, 0.5, 1e-12);
}

// Levels set by a rule on pieces to place: a model fitted on them must give them back, in sample and
// under leave-one-out.
TEST(Calibration, FitRecoversALevelRule) {
  std::vector<CalibrationSample> samples;
  std::mt19937 rng(5);
  for (int level = 0; level < 5; ++level)
    for (int i = 0; i < 6; ++i) {
      CalibrationSample s;
      s.level = static_cast<Level>(level);
      s.features.toPlace = 2 * level + 1 + i % 2;        // 1-2 Starter, 3-4 Junior, ... 9-10 Wizard
      s.features.trials = static_cast<int>(rng() % 50);  // noise the fit must learn to ignore
      samples.push_back(s);
    }
  const RatingModel m = fitRatingModel(samples, {"to_place", "trials"}, 0.01);
  for (const CalibrationSample& s : samples) EXPECT_EQ(estimateLevel(m, s.features).level, s.level);
  EXPECT_GT(m.weights[0], 5 * std::abs(m.weights[1]));
  const CrossValidation cv = crossValidate(samples, {"to_place", "trials"}, 0.01);
  EXPECT_GE(cv.model.exact, 0.9);
  EXPECT_DOUBLE_EQ(cv.model.withinOne, 1.0);
  EXPECT_DOUBLE_EQ(cv.naive.exact, 1.0);  // the rule is on pieces to place: the baseline gets it exactly
  EXPECT_GT(cv.model.spearman, 0.95);
}

// A cross-validation whose grades the test sets: level i % 5 for challenge i, graded `offset` levels up
// (capped at Wizard), with scores equal to the grade.
CrossValidation handGrades(int n, int offset) {
  CrossValidation cv;
  for (int i = 0; i < n; ++i) {
    const int level = i % 5;
    const int graded = std::min(level + offset, 4);
    cv.assigned.push_back(static_cast<Level>(level));
    cv.predicted.push_back(static_cast<Level>(graded));
    cv.scores.push_back(graded);
    cv.naivePredicted.push_back(static_cast<Level>(level));
    cv.naiveScores.push_back(level);
  }
  return cv;
}

TEST(Calibration, BootstrapIntervalsByHand) {
  // Every grade right: every resample agrees fully, whichever challenges it draws.
  const AgreementIntervals perfect = bootstrapIntervals(handGrades(40, 0), 500, 7);
  EXPECT_EQ(perfect.resamples, 500);
  EXPECT_DOUBLE_EQ(perfect.exact.low, 1.0);
  EXPECT_DOUBLE_EQ(perfect.exact.high, 1.0);
  EXPECT_DOUBLE_EQ(perfect.withinOne.low, 1.0);
  EXPECT_DOUBLE_EQ(perfect.spearman.low, 1.0);
  EXPECT_DOUBLE_EQ(perfect.spearmanGain.low, 0.0);  // the same ranking as the baseline's
  EXPECT_DOUBLE_EQ(perfect.spearmanGain.high, 0.0);
  // Two levels up, capped at Wizard: Starter to Expert are two levels off, Master one (graded Wizard), Wizard
  // exact. So a fifth is exact and two fifths within one; a resample of 40 varies around those shares.
  const AgreementIntervals off = bootstrapIntervals(handGrades(40, 2), 2000, 7);
  EXPECT_LT(off.exact.low, 0.2);
  EXPECT_GT(off.exact.high, 0.2);
  EXPECT_LT(off.withinOne.low, 0.4);
  EXPECT_GT(off.withinOne.high, 0.4);
  EXPECT_GT(off.withinOne.low, 0.15);  // 40 challenges do not allow a share far from 2/5
  EXPECT_LT(off.withinOne.high, 0.65);
  // The same seed gives the same intervals; another seed, other resamples.
  const AgreementIntervals again = bootstrapIntervals(handGrades(40, 2), 2000, 7);
  EXPECT_EQ(again.exact.low, off.exact.low);
  EXPECT_EQ(again.spearman.high, off.spearman.high);
  EXPECT_LE(off.spearman.low, off.spearman.high);
}

TEST(Calibration, NeedsEveryLevel) {
  std::vector<CalibrationSample> samples(3);
  EXPECT_THROW(fitRatingModel(samples, {"to_place"}, 1.0), InputError);
}

TEST(Calibration, EqualSharesCutBetweenFifths) {
  // Hand model: effort = pieces to place. A pool of 50: ten each of 1, 2, 3, 4 and 5 pieces to place, and a
  // constant number of trials, which the equal-share model must drop.
  RatingModel base = parseModel(R"({"format":"piecework-rating-model","features":["to_place","trials"],
      "mean":[0,0],"scale":[1,1],"weights":[1,5],"cuts":[0,1,2,3]})",
                                "hand.json");
  std::vector<RatingFeatures> pool(50);
  for (std::size_t i = 0; i < pool.size(); ++i) {
    pool[i].toPlace = 1 + static_cast<int>(i) / 10;
    pool[i].trials = 3;
  }
  const RatingModel m = equalShareModel(base, pool);
  EXPECT_EQ(m.features, std::vector<std::string>{"to_place"});
  // Halfway between 1 and 2, 2 and 3, ...
  EXPECT_DOUBLE_EQ(m.cuts[0], 1.5);
  EXPECT_DOUBLE_EQ(m.cuts[1], 2.5);
  EXPECT_DOUBLE_EQ(m.cuts[2], 3.5);
  EXPECT_DOUBLE_EQ(m.cuts[3], 4.5);
  EXPECT_EQ(m.perLevel, (std::array<int, 5>{10, 10, 10, 10, 10}));
  for (int k = 1; k <= 5; ++k) {
    RatingFeatures f;
    f.toPlace = k;
    EXPECT_EQ(estimateLevel(m, f).level, static_cast<Level>(k - 1)) << k;
  }
  // A base model whose levels are twice as wide: the effort and the cut points are stretched twice, so the
  // levels are the same and a challenge in the middle of a level is as sure of it as under the base model.
  RatingModel wide = base;
  wide.cuts = {0, 2, 4, 6};
  const RatingModel stretched = equalShareModel(wide, pool);
  EXPECT_DOUBLE_EQ(stretched.weights[0], 2.0);
  EXPECT_DOUBLE_EQ(stretched.cuts[0], 3.0);
  EXPECT_DOUBLE_EQ(stretched.cuts[3], 9.0);
  RatingFeatures middle;
  middle.toPlace = 3;  // effort 6 between cut points 5 and 7
  EXPECT_EQ(estimateLevel(stretched, middle).level, Level::Expert);
  EXPECT_NEAR(estimateLevel(stretched, middle).probability[2],
              1 / (1 + std::exp(-1.0)) - 1 / (1 + std::exp(1.0)), 1e-12);
  // A tie across a fifth: 9 challenges with 1 piece to place and 11 with 2. The tenth and eleventh efforts
  // are equal, so the first cut goes to the nearest place where efforts differ, between the ninth and the
  // tenth.
  std::vector<RatingFeatures> straddling = pool;
  straddling[9].toPlace = 2;
  const RatingModel near = equalShareModel(base, straddling);
  EXPECT_DOUBLE_EQ(near.cuts[0], 1.5);
  EXPECT_DOUBLE_EQ(near.cuts[1], 2.5);
  EXPECT_EQ(near.perLevel, (std::array<int, 5>{9, 11, 10, 10, 10}));
  // Too few, nothing varies, or all tied: refused.
  EXPECT_THROW(equalShareModel(base, std::vector<RatingFeatures>(10, pool[0])), InputError);
  EXPECT_THROW(equalShareModel(base, std::vector<RatingFeatures>(50, pool[0])), InputError);
  std::vector<RatingFeatures> tied(50, pool[0]);
  tied[49].toPlace = 7;
  EXPECT_THROW(equalShareModel(base, tied), InputError);
}

// ---- The command line.

// A publisher whose house levels go by pieces to place: 2 Starter, 3 Junior, 4 Expert, 5 Master, 6+ Wizard.
// Returns the booklet as JSON lines (and the level of each line in `levels`).
std::string houseBooklet(const Puzzle& puzzle, std::vector<std::string>& challenges,
                         std::vector<Level>& levels) {
  std::string out;
  std::array<int, 5> perLevel{};
  for (std::uint64_t seed = 1; seed < 400 && *std::min_element(perLevel.begin(), perLevel.end()) < 6; ++seed)
    for (const auto& givens : test::removalChain(puzzle, seed, 2)) {
      const int toPlace = puzzle.totalPieces() - static_cast<int>(givens.size());
      const int level = std::min(toPlace, 6) - 2;
      if (level < 0 || perLevel[static_cast<std::size_t>(level)] >= 6) continue;
      ++perLevel[static_cast<std::size_t>(level)];
      challenges.push_back(formatChallenge(puzzle, givens));
      levels.push_back(static_cast<Level>(level));
      out += json{{"challenge", challenges.back()}, {"level", levelName(levels.back())}}.dump() + "\n";
    }
  return out;
}

double exactShare(const std::string& rateOutput, const std::vector<Level>& levels) {
  std::istringstream in(rateOutput);
  int same = 0;
  std::size_t i = 0;
  for (std::string line; std::getline(in, line); ++i)
    same += i < levels.size() && json::parse(line).at("level") == levelName(levels[i]) ? 1 : 0;
  EXPECT_EQ(i, levels.size());
  return static_cast<double>(same) / static_cast<double>(levels.size());
}

TEST(CalibrateCli, FitsAHouseBookletAndRatesByIt) {
  const Puzzle puzzle = loadPuzzle("iq-fit");
  std::vector<std::string> challenges;
  std::vector<Level> levels;
  const std::string booklet = houseBooklet(puzzle, challenges, levels);
  ASSERT_EQ(levels.size(), 30U);
  const std::string dir = test::tempDir();
  std::ofstream(dir + "/house.jsonl") << booklet;
  std::ofstream list(dir + "/house.txt");
  for (const auto& c : challenges) list << c << "\n";
  list.close();

  const auto fit =
      runPiecework("calibrate iq-fit " + dir + "/house.jsonl --out " + dir + "/house.json --json");
  ASSERT_EQ(fit.status, 0) << fit.err;
  const json figures = json::parse(fit.out);
  EXPECT_EQ(figures.at("samples"), 30);
  EXPECT_GE(figures.at("cross_validated").at("within_one").get<double>(), 0.9);
  ASSERT_NO_THROW(loadModel(dir + "/house.json"));

  const auto house = runPiecework("rate iq-fit --json --challenge-file " + dir + "/house.txt --model " + dir +
                                  "/house.json");
  ASSERT_EQ(house.status, 0) << house.err;
  const auto shipped = runPiecework("rate iq-fit --json --challenge-file " + dir + "/house.txt");
  ASSERT_EQ(shipped.status, 0) << shipped.err;
  const double houseExact = exactShare(house.out, levels);
  EXPECT_GE(houseExact, exactShare(shipped.out, levels));
  EXPECT_GE(houseExact, 0.9);
}

// A house booklet with one Wizard (by the house rule) called a Starter: the report names its line as graded
// far from the file's level, and the table of grades counts it there.
TEST(CalibrateCli, ReportsTheChallengesGradedFarFromTheirLevel) {
  const Puzzle puzzle = loadPuzzle("iq-fit");
  std::vector<std::string> challenges;
  std::vector<Level> levels;
  houseBooklet(puzzle, challenges, levels);
  const auto wizard = std::find(levels.begin(), levels.end(), Level::Wizard) - levels.begin();
  ASSERT_LT(wizard, static_cast<std::ptrdiff_t>(levels.size()));
  levels[static_cast<std::size_t>(wizard)] = Level::Starter;
  const std::string dir = test::tempDir();
  std::ofstream file(dir + "/mislabelled.jsonl");
  for (std::size_t i = 0; i < challenges.size(); ++i)
    file << json{{"challenge", challenges[i]}, {"level", levelName(levels[i])}}.dump() << "\n";
  file.close();
  const int line = static_cast<int>(wizard) + 1;

  const auto text = runPiecework("calibrate iq-fit " + dir + "/mislabelled.jsonl");
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_NE(text.out.find(fmt::format("graded two or more levels away: line {} (Starter, graded", line)),
            std::string::npos)
      << text.out;
  EXPECT_NE(text.out.find("95% intervals (the 30 challenges resampled 2000 times)"), std::string::npos);

  const auto j = runPiecework("calibrate iq-fit " + dir + "/mislabelled.jsonl --json");
  ASSERT_EQ(j.status, 0) << j.err;
  const json report = json::parse(j.out);
  const json& entries = report.at("leave_one_out");
  ASSERT_EQ(entries.size(), 30U);
  int far = 0;
  for (const json& e : entries) {
    const int at = e.at("line").get<int>();
    EXPECT_EQ(e.at("level"), levelName(levels[static_cast<std::size_t>(at - 1)]));
    const auto graded = parseLevel(e.at("graded").get<std::string>());
    ASSERT_TRUE(graded.has_value());
    if (at == line) {
      EXPECT_GE(static_cast<int>(*graded), static_cast<int>(Level::Expert));
    }
    far +=
        std::abs(static_cast<int>(*graded) - static_cast<int>(levels[static_cast<std::size_t>(at - 1)])) >= 2
            ? 1
            : 0;
  }
  EXPECT_EQ(far, 1);  // the rest follow the house rule, which the model learns from the others
  // Rows of the table of grades are the file's levels: 7 Starters (one of them the mislabelled Wizard), 5
  // Wizards, 6 of each other level.
  const std::array<int, 5> rows{7, 6, 6, 6, 5};
  for (std::size_t r = 0; r < 5; ++r) {
    int sum = 0;
    for (const json& c : report.at("confusion").at(r)) sum += c.get<int>();
    EXPECT_EQ(sum, rows[r]) << r;
  }
  const json& intervals = report.at("intervals");
  EXPECT_LE(intervals.at("exact").at(0).get<double>(),
            report.at("cross_validated").at("exact").get<double>());
  EXPECT_GE(intervals.at("exact").at(1).get<double>(),
            report.at("cross_validated").at("exact").get<double>());
}

TEST(CalibrateCli, EqualSharesOfAnUngradedPool) {
  // The house booklet (30 challenges) without its levels: a fifth of it in each level, by the effort of the
  // shipped model, whose features and weights are kept.
  const Puzzle puzzle = loadPuzzle("iq-fit");
  std::vector<std::string> challenges;
  std::vector<Level> levels;
  houseBooklet(puzzle, challenges, levels);
  const std::string dir = test::tempDir();
  std::ofstream pool(dir + "/pool.jsonl");
  for (const auto& c : challenges) pool << json{{"challenge", c}}.dump() << "\n";
  pool.close();
  const auto fit = runPiecework("calibrate iq-fit " + dir + "/pool.jsonl --equal-shares --out " + dir +
                                "/pool.json --json");
  ASSERT_EQ(fit.status, 0) << fit.err;
  // A fifth each, give or take the challenges whose efforts tie at a cut (a challenge and its half turn rate
  // alike).
  const auto perLevel = json::parse(fit.out).at("per_level").get<std::vector<int>>();
  ASSERT_EQ(perLevel.size(), 5U);
  EXPECT_EQ(std::accumulate(perLevel.begin(), perLevel.end(), 0), 30);
  for (const int n : perLevel) EXPECT_NEAR(n, 6, 1);
  const RatingModel m = loadModel(dir + "/pool.json");
  EXPECT_EQ(m.features, shippedModel(puzzle).features);
  // The shipped model's weights, stretched alike so that the levels are as wide as the shipped model's.
  const RatingModel& shipped = shippedModel(puzzle);
  ASSERT_EQ(m.weights.size(), shipped.weights.size());
  const double stretch = m.weights[0] / shipped.weights[0];
  for (std::size_t j = 0; j < m.weights.size(); ++j)
    EXPECT_NEAR(m.weights[j], stretch * shipped.weights[j], 1e-9);
  EXPECT_NEAR(m.cuts[3] - m.cuts[0], shipped.cuts[3] - shipped.cuts[0], 1e-9);

  const auto few = runPiecework("calibrate iq-fit " + dir + "/pool.jsonl --equal-shares --penalty 2");
  EXPECT_EQ(few.status, 2);
  std::ofstream small(dir + "/small.jsonl");
  for (std::size_t i = 0; i < 10; ++i) small << json{{"challenge", challenges[i]}}.dump() << "\n";
  small.close();
  const auto tooSmall = runPiecework("calibrate iq-fit " + dir + "/small.jsonl --equal-shares");
  EXPECT_EQ(tooSmall.status, 2);
  EXPECT_NE(tooSmall.err.find("small.jsonl: 10 challenges"), std::string::npos) << tooSmall.err;
  EXPECT_EQ(std::count(tooSmall.err.begin(), tooSmall.err.end(), '\n'), 1);
}

TEST(CalibrateCli, RateJsonHasFeaturesAndProbabilities) {
  const auto r =
      runPiecework("rate iq-fit --json --challenge 'LLL.SSSSGG/LnL.rSSGGG/nn..riyyyy/BnB.riii.y/BBBBrr....'");
  ASSERT_EQ(r.status, 0) << r.err;
  const json j = json::parse(r.out);
  EXPECT_TRUE(j.at("score").is_number());
  EXPECT_EQ(j.at("features").at("to_place"), 2);
  double total = 0;
  for (const char* level : {"Starter", "Junior", "Expert", "Master", "Wizard"})
    total += j.at("probability").at(level).get<double>();
  EXPECT_NEAR(total, 1.0, 0.01);
}

TEST(CalibrateCli, ModelOptionChangesTheGrade) {
  const std::string dir = test::tempDir();
  // Every cut point far above any effort: everything is Starter.
  std::ofstream(dir + "/easy.json")
      << R"({"format":"piecework-rating-model","name":"easy","features":["to_place"],
    "mean":[0],"scale":[1],"weights":[1],"cuts":[100,101,102,103]})";
  const std::string challenge = "'.........i/yy.......i/y.......ii/y........./y.........'";
  const auto r =
      runPiecework("rate iq-fit --json --challenge " + challenge + " --model " + dir + "/easy.json");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(json::parse(r.out).at("level"), "Starter");
  const auto hint =
      runPiecework("hint iq-fit --json --challenge " + challenge + " --model " + dir + "/easy.json");
  ASSERT_EQ(hint.status, 0) << hint.err;
  EXPECT_EQ(json::parse(hint.out).at("level"), "Starter");
  // A batch graded by the easy model: a Wizard cannot be made, and the Starters carry its scores.
  const auto noWizard = runPiecework(
      "generate iq-fit --level Wizard --count 1 --seed 1 --max-attempts 30 --json "
      "--threads 2 --db " +
      dir + "/w.sqlite --model " + dir + "/easy.json");
  EXPECT_EQ(noWizard.status, 1) << noWizard.out;
  EXPECT_TRUE(noWizard.out.empty()) << noWizard.out;
  const auto g = runPiecework("generate iq-fit --level Starter --count 3 --seed 3 --json --threads 2 --db " +
                              dir + "/s.sqlite --model " + dir + "/easy.json");
  ASSERT_EQ(g.status, 0) << g.err;
  std::istringstream made(g.out);
  int madeStarters = 0, deep = 0;
  for (std::string line; std::getline(made, line);) {
    const json c = json::parse(line);
    madeStarters += c.at("level") == "Starter";
    // The easy model's score, 2 + (pieces to place - 100): far below anything the shipped model gives.
    deep += c.at("score").get<double>() == 2.0 + c.at("to_place").get<int>() - 100.0;
  }
  EXPECT_EQ(madeStarters, 3);
  EXPECT_EQ(deep, 3) << g.out;
  const auto bad = runPiecework("rate iq-fit --challenge " + challenge + " --model " + dir + "/missing.json");
  EXPECT_EQ(bad.status, 2);

  // A catalog graded by the shipped model, then re-graded by the easy one; a booklet grouped by it.
  const std::string db = dir + "/c.sqlite";
  ASSERT_EQ(runPiecework("generate iq-fit --level Expert --count 2 --seed 4 --quiet --db " + db).status, 0);
  const auto booklet = runPiecework("booklet --db " + db + " --level Starter --model " + dir +
                                    "/easy.json --out " + dir + "/b.pdf");
  ASSERT_EQ(booklet.status, 0) << booklet.err;
  EXPECT_NE(booklet.out.find("2 challenges"), std::string::npos) << booklet.out;
  EXPECT_EQ(runPiecework("booklet --db " + db + " --level Starter --out " + dir + "/b2.pdf").status, 2);
  const auto rerate = runPiecework("catalog rate --db " + db + " --model " + dir + "/easy.json");
  ASSERT_EQ(rerate.status, 0) << rerate.err;
  EXPECT_NE(rerate.out.find("2 changed level"), std::string::npos) << rerate.out;
  const auto list = runPiecework("catalog list --db " + db + " --json");
  ASSERT_EQ(list.status, 0) << list.err;
  std::istringstream lines(list.out);
  int starters = 0;
  for (std::string line; std::getline(lines, line);) starters += json::parse(line).at("level") == "Starter";
  EXPECT_EQ(starters, 2);
}

TEST(CalibrateCli, BadCalibrationFilesAreOneLineAndExitTwo) {
  const Puzzle puzzle = loadPuzzle("iq-fit");
  std::vector<std::string> challenges;
  std::vector<Level> levels;
  const std::string booklet = houseBooklet(puzzle, challenges, levels);
  const std::string dir = test::tempDir();
  // No solution: the given b and l leave the rest of the board to pieces that cannot fill it.
  const std::string none = ".bbbb...../.b......../l........./l........./ll........";
  std::ofstream(dir + "/level.jsonl")
      << booklet << R"({"challenge":")" << challenges[0] << R"(","level":"Grandmaster"})"
      << "\n";
  std::ofstream(dir + "/none.jsonl") << booklet << R"({"challenge":")" << none << R"(","level":"Wizard"})"
                                     << "\n";
  // The first challenge again, turned round (the whole picture read backwards is its half turn).
  const std::string turned(challenges[0].rbegin(), challenges[0].rend());
  std::ofstream(dir + "/twice.jsonl") << booklet << R"({"challenge":")" << turned << R"(","level":"Wizard"})"
                                      << "\n";
  std::ofstream(dir + "/other.jsonl")
      << booklet << R"({"puzzle":"iq-link","challenge":"KAF","level":"Wizard"})"
      << "\n";
  std::ofstream(dir + "/few.jsonl") << booklet.substr(0, booklet.find('\n') + 1);
  std::ofstream(dir + "/json.jsonl") << "{nope\n";
  std::ofstream(dir + "/missing.jsonl") << R"({"level":"Starter"})"
                                        << "\n";
  for (const std::string file : {"level", "none", "twice", "other", "few", "json", "missing"}) {
    const auto r =
        runPiecework("calibrate iq-fit " + dir + "/" + file + ".jsonl --out " + dir + "/" + file + ".json");
    EXPECT_EQ(r.status, 2) << file;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << file << ": " << r.err;
    EXPECT_NE(r.err.find(file + ".jsonl"), std::string::npos) << r.err;
    EXPECT_FALSE(std::ifstream(dir + "/" + file + ".json").good()) << file << ": a model was written";
  }
  EXPECT_NE(runPiecework("calibrate iq-fit " + dir + "/level.jsonl").err.find("Grandmaster"),
            std::string::npos);
  EXPECT_NE(
      runPiecework("calibrate iq-fit " + dir + "/none.jsonl").err.find(":31: the challenge has no solution"),
      std::string::npos);
  EXPECT_NE(
      runPiecework("calibrate iq-fit " + dir + "/twice.jsonl").err.find(":31: the same challenge as line 1"),
      std::string::npos);
  EXPECT_NE(runPiecework("calibrate iq-fit " + dir + "/other.jsonl").err.find(":31: a challenge of iq-link"),
            std::string::npos);
  EXPECT_EQ(runPiecework("calibrate iq-fit").status, 2);
  EXPECT_EQ(runPiecework("calibrate iq-fit " + dir + "/level.jsonl --features nope").status, 2);
}

// --name names the model written; a name that is empty or more than one line is refused, nothing written.
TEST(CalibrateCli, NameOption) {
  const Puzzle puzzle = loadPuzzle("iq-fit");
  std::vector<std::string> challenges;
  std::vector<Level> levels;
  const std::string dir = test::tempDir();
  std::ofstream(dir + "/house.jsonl") << houseBooklet(puzzle, challenges, levels);
  const auto named = runPiecework("calibrate iq-fit " + dir +
                                  "/house.jsonl --name 'House levels, 2027' --out " + dir + "/named.json");
  ASSERT_EQ(named.status, 0) << named.err;
  EXPECT_EQ(loadModel(dir + "/named.json").name, "House levels, 2027");
  // Spare givens are measured for the fit when it names them (they are not by default on IQ-Link's model).
  const auto spare =
      runPiecework("calibrate iq-fit " + dir + "/house.jsonl --features to_place,spare_givens --json");
  ASSERT_EQ(spare.status, 0) << spare.err;
  EXPECT_EQ(json::parse(spare.out).at("model").at("features"), json::array({"to_place", "spare_givens"}));
  const auto plain = runPiecework("calibrate iq-fit " + dir + "/house.jsonl --out " + dir + "/plain.json");
  ASSERT_EQ(plain.status, 0) << plain.err;
  EXPECT_EQ(loadModel(dir + "/plain.json").name, "iq-fit fitted on house.jsonl");
  // A fit with features and a penalty of its own is not named as the default one.
  const auto own = runPiecework("calibrate iq-fit " + dir + "/house.jsonl --features to_place,trials " +
                                "--penalty 0.5 --out " + dir + "/own.json");
  ASSERT_EQ(own.status, 0) << own.err;
  EXPECT_EQ(loadModel(dir + "/own.json").name,
            "iq-fit fitted on house.jsonl (to_place, trials; penalty 0.5)");
  const std::string twoLines = R"x("$(printf 'two\nlines')")x";
  for (const std::string& bad : {std::string("''"), twoLines}) {
    const auto r = runPiecework("calibrate iq-fit " + dir + "/house.jsonl --name " + bad + " --out " + dir +
                                "/bad.json");
    EXPECT_EQ(r.status, 2) << bad;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_NE(r.err.find("--name"), std::string::npos) << r.err;
    EXPECT_FALSE(std::ifstream(dir + "/bad.json").good()) << bad;
  }
}

// A model file is replaced whole or not at all: a --name that is not UTF-8 is refused before anything is
// written, so the model already there stays as it was; a booklet whose file name is not UTF-8 gives a default
// name with U+FFFD; MODEL may not be FILE; --equal-shares and --agreement do not go together.
TEST(CalibrateCli, AModelFileIsNeverLeftHalfWritten) {
  const Puzzle puzzle = loadPuzzle("iq-fit");
  std::vector<std::string> challenges;
  std::vector<Level> levels;
  const std::string dir = test::tempDir();
  const std::string booklet = houseBooklet(puzzle, challenges, levels);
  std::ofstream(dir + "/house.jsonl") << booklet;
  ASSERT_EQ(runPiecework("calibrate iq-fit " + dir + "/house.jsonl --out " + dir + "/keep.json").status, 0);
  const std::string kept = test::slurp(dir + "/keep.json");
  const auto latin1 = runPiecework("calibrate iq-fit " + dir + "/house.jsonl --out " + dir +
                                   "/keep.json --name \"$(printf 'caf\\351')\"");
  EXPECT_EQ(latin1.status, 2) << latin1.err;
  EXPECT_NE(latin1.err.find("--name: not valid UTF-8"), std::string::npos) << latin1.err;
  EXPECT_EQ(test::slurp(dir + "/keep.json"), kept);

  std::ofstream(dir + "/caf\xe9.jsonl") << booklet;
  const auto fromLatin1 =
      runPiecework("calibrate iq-fit " + dir + "/caf$(printf '\\351').jsonl --out " + dir + "/l.json");
  ASSERT_EQ(fromLatin1.status, 0) << fromLatin1.err;
  EXPECT_EQ(loadModel(dir + "/l.json").name, "iq-fit fitted on caf\xef\xbf\xbd.jsonl");

  const auto same = runPiecework("calibrate iq-fit " + dir + "/house.jsonl --out " + dir + "/house.jsonl");
  EXPECT_EQ(same.status, 2);
  EXPECT_EQ(test::slurp(dir + "/house.jsonl"), booklet);
  const auto both = runPiecework("calibrate iq-fit " + dir + "/house.jsonl --agreement --equal-shares");
  EXPECT_EQ(both.status, 2);
  EXPECT_EQ(std::count(both.err.begin(), both.err.end(), '\n'), 1) << both.err;
  EXPECT_TRUE(both.out.empty()) << both.out;
}

// --for makes a model for another puzzle than the booklet's (IQ-Link's on IQ Fit's booklet, docs/rating.md):
// the model records that puzzle, `rate` takes it there without --model-any-puzzle and refuses it on the
// booklet's own puzzle.
TEST(CalibrateCli, ForAnotherPuzzle) {
  const Puzzle puzzle = loadPuzzle("iq-fit");
  std::vector<std::string> challenges;
  std::vector<Level> levels;
  const std::string dir = test::tempDir();
  std::ofstream(dir + "/house.jsonl") << houseBooklet(puzzle, challenges, levels);
  const auto fit = runPiecework("calibrate iq-fit " + dir + "/house.jsonl --features to_place,trials --for " +
                                "iq-link --out " + dir + "/link.json");
  ASSERT_EQ(fit.status, 0) << fit.err;
  EXPECT_EQ(loadModel(dir + "/link.json").puzzle, "iq-link");
  const auto onLink = runPiecework("rate iq-link --challenge HBIOEKRFC --model " + dir + "/link.json");
  EXPECT_EQ(onLink.status, 0) << onLink.err;
  const auto onFit =
      runPiecework("rate iq-fit --challenge '" + challenges.front() + "' --model " + dir + "/link.json");
  EXPECT_EQ(onFit.status, 2) << onFit.err;
  const auto unknown = runPiecework("calibrate iq-fit " + dir + "/house.jsonl --for nope");
  EXPECT_EQ(unknown.status, 2);
  EXPECT_EQ(unknown.err.rfind("piecework: --for: ", 0), 0U) << unknown.err;
}

// IQ-Link is graded by its own model, which has no spare givens (docs/rating.md): rate() leaves them
// unmeasured, measureSpareGivens() measures them on demand (checked against counts of every solution), and
// `rate --json` prints them all the same.
TEST(RatingFeatures, SpareGivensOnlyWhereTheModelUsesThem) {
  const Puzzle link = loadPuzzle("iq-link");
  const std::string text = "GACEBGRCKWEBNFBSHBJIGCJFLKHILF";  // 10 pieces given
  const std::vector<int> givens = parseChallenge(link, text);
  Rating r = rate(link, givens, Rules{});
  EXPECT_EQ(r.model.rfind("iq-link:", 0), 0U) << r.model;
  EXPECT_EQ(r.features.spareGivens, -1);
  measureSpareGivens(link, givens, Rules{}, r.features);
  const int expected = spareByCounting(link, givens);
  EXPECT_GT(expected, 0);
  EXPECT_EQ(r.features.spareGivens, expected);

  const auto cli = runPiecework("rate iq-link --json --challenge " + text);
  ASSERT_EQ(cli.status, 0) << cli.err;
  EXPECT_DOUBLE_EQ(json::parse(cli.out).at("features").at("spare_givens").get<double>(),
                   std::round(std::log2(1.0 + expected) * 1000) / 1000);
  // The default model uses them, so rate() measures them.
  const RatingModel withSpare = loadModel(std::string(PIECEWORK_SOURCE_DIR) + "/data/models/default.json");
  EXPECT_EQ(rate(link, givens, Rules{}, &withSpare).features.spareGivens, expected);
}

// The official IQ Focus booklet prints one pattern with 4 tilings (line 29, BBB/BWB/BBB, Expert): calibrate
// takes it, rated as finding one of them, as rate does, so the booklet is fitted whole.
TEST(CalibrateCli, TakesAChallengeWithSeveralSolutions) {
  const std::string file = std::string(PIECEWORK_SOURCE_DIR) + "/data/calibration/iq-focus-booklet.jsonl";
  const auto fit = runPiecework("calibrate iq-focus " + file + " --features trials,forced_search --json");
  ASSERT_EQ(fit.status, 0) << fit.err;
  const json j = json::parse(fit.out);
  EXPECT_EQ(j.at("samples").get<int>(), 60);
  EXPECT_EQ(j.at("per_level"), json::parse("[12,12,12,12,12]"));
  const auto several = runPiecework("solve iq-focus --challenge BBB/BWB/BBB --max 10 --json");
  ASSERT_EQ(several.status, 0) << several.err;
  EXPECT_EQ(json::parse(several.out).at("solutions").size(), 4U);
}

// Every IQ Focus pattern has 10 pieces to place: that feature cannot tell levels apart, so naming it is an
// error and the naive predictor is not reported; a feature named twice, and absurd numbers in a model, are
// refused.
TEST(CalibrateCli, FeaturesThatCannotTellLevelsApart) {
  const std::string dir = test::tempDir();
  std::ifstream patterns(std::string(PIECEWORK_SOURCE_DIR) +
                         "/data/calibration/iq-focus-unique-patterns.jsonl");
  std::ofstream booklet(dir + "/focus.jsonl");
  std::string line;
  for (int i = 0; i < 25 && std::getline(patterns, line); ++i)
    booklet << json{{"challenge", json::parse(line).at("challenge")},
                    {"level", levelName(static_cast<Level>(i % 5))}}
                   .dump()
            << "\n";
  booklet.close();
  const auto fit =
      runPiecework("calibrate iq-focus " + dir + "/focus.jsonl --features trials,forced_search --json");
  ASSERT_EQ(fit.status, 0) << fit.err;
  EXPECT_TRUE(json::parse(fit.out).at("naive_cross_validated").is_null());
  const auto text =
      runPiecework("calibrate iq-focus " + dir + "/focus.jsonl --features trials,forced_search");
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_NE(text.out.find("(the same for every challenge)"), std::string::npos) << text.out;
  const auto named = runPiecework("calibrate iq-focus " + dir + "/focus.jsonl --features to_place,trials");
  EXPECT_EQ(named.status, 2);
  EXPECT_NE(named.err.find("'to_place' is the same for every challenge"), std::string::npos) << named.err;
  const auto twice = runPiecework("calibrate iq-focus " + dir + "/focus.jsonl --features trials,trials");
  EXPECT_EQ(twice.status, 2);
  EXPECT_NE(twice.err.find("named twice"), std::string::npos) << twice.err;

  std::ofstream(dir + "/huge.json") << R"({"format":"piecework-rating-model","features":["to_place"],
    "mean":[0],"scale":[1],"weights":[1e308],"cuts":[1,2,3,4]})";
  std::ofstream(dir + "/double.json")
      << R"({"format":"piecework-rating-model","features":["to_place","to_place"],
    "mean":[0,0],"scale":[1,1],"weights":[1,1],"cuts":[1,2,3,4]})";
  for (const std::string file : {"huge", "double"}) {
    const auto r =
        runPiecework("rate iq-focus --challenge RRR/BWB/BRB --model " + dir + "/" + file + ".json");
    EXPECT_EQ(r.status, 2) << file;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << file << ": " << r.err;
    EXPECT_TRUE(r.out.empty()) << file;
  }
}

}  // namespace
}  // namespace piecework

// SPDX-License-Identifier: Apache-2.0
// Difficulty from playtest times (rater/playtest_fit.hpp), on simulated testers: times drawn from a known
// difficulty per challenge, a skill per tester and noise, so that the truth to recover is known.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "rater/playtest_fit.hpp"

namespace piecework {
namespace {

struct Simulated {
  std::vector<double> difficulty;  // log seconds
  std::vector<PlaytestTime> times;
};

// `challenges` difficulties spread evenly from log 30 s to log 600 s, `testers` skills ~ N(0, 0.5), noise
// N(0, 0.5) in log time; a tester gives up after `patience` seconds (the time is then the patience).
Simulated simulate(int challenges, int testers, std::uint64_t seed, double patience = 1e9) {
  std::mt19937_64 random(seed);
  std::normal_distribution<double> skill(0, 0.5), noise(0, 0.5);
  Simulated s;
  for (int i = 0; i < challenges; ++i)
    s.difficulty.push_back(std::log(30.0) + (std::log(600.0) - std::log(30.0)) * i / (challenges - 1));
  for (int j = 0; j < testers; ++j) {
    const double sk = skill(random);
    for (int i = 0; i < challenges; ++i) {
      const double seconds = std::exp(s.difficulty[static_cast<std::size_t>(i)] - sk + noise(random));
      s.times.push_back({i, j, std::min(seconds, patience), seconds < patience});
    }
  }
  return s;
}

TEST(PlaytestFit, RecoversTheOrderOfKnownDifficultiesFromTwentyTesters) {
  const Simulated s = simulate(24, 20, 7);
  const PlaytestFit fit = fitPlaytests(s.times, 24, 20, s.difficulty, 100, 1);
  EXPECT_GE(spearmanCorrelation(s.difficulty, fit.model.difficulty), 0.9);
  EXPECT_GE(fit.spearman, 0.9);  // the "scores" here are the truth itself
  EXPECT_NEAR(fit.model.noise, 0.5, 0.1);
  int inside = 0;
  for (std::size_t i = 0; i < s.difficulty.size(); ++i)
    inside +=
        fit.intervals[i].low <= s.difficulty[i] + 0.0 && s.difficulty[i] <= fit.intervals[i].high ? 1 : 0;
  // Difficulty is fitted up to the testers' mean skill (a shift shared by all): most intervals hold the
  // truth.
  EXPECT_GE(inside, 16);
}

TEST(PlaytestFit, SkillIsTakenOut) {
  // Tester 1 is exactly twice as fast as tester 0 on every challenge: skills differ by log 2, difficulty is
  // the geometric mean of their times.
  const std::vector<PlaytestTime> times = {
      {0, 0, 100, true}, {0, 1, 50, true}, {1, 0, 400, true}, {1, 1, 200, true}};
  const TimeModel m = fitTimeModel(times, 2, 2);
  EXPECT_NEAR(m.skill[1] - m.skill[0], std::log(2.0), 1e-9);
  EXPECT_NEAR(m.difficulty[0], std::log(std::sqrt(100.0 * 50)), 1e-9);
  EXPECT_NEAR(m.difficulty[1], std::log(std::sqrt(400.0 * 200)), 1e-9);
  EXPECT_NEAR(m.noise, 0, 1e-9);
}

TEST(PlaytestFit, GivingUpCountsAsAtLeastTheTimeSpent) {
  // Tester 0 gives up challenge 1 after 100 s; tester 1 takes 400 s on it and is as fast as tester 0 on
  // challenge 0. Counted as solved in 100 s, the give-up would pull challenge 1 down to log 200.
  const std::vector<PlaytestTime> times = {
      {0, 0, 100, true}, {0, 1, 100, true}, {1, 0, 100, false}, {1, 1, 400, true}};
  const TimeModel m = fitTimeModel(times, 2, 2);
  EXPECT_GT(m.difficulty[1], std::log(200.0) + 0.1);
}

TEST(PlaytestFit, TestersNeededForAPrecision) {
  // (1.96 * 0.5 / 0.25)^2 = 15.37: 16 testers.
  EXPECT_EQ(testersNeeded(0.5, 0.25), 16);
  EXPECT_EQ(testersNeeded(0.1, 1), 2);
}

TEST(PlaytestFit, Spearman) {
  EXPECT_DOUBLE_EQ(spearmanCorrelation({1, 2, 3, 4}, {10, 20, 30, 40}), 1);
  EXPECT_DOUBLE_EQ(spearmanCorrelation({1, 2, 3, 4}, {4, 3, 2, 1}), -1);
  // Ranks 1 2 3 4 against 2 1 4 3: 1 - 6 * 4 / (4 * 15) = 0.6.
  EXPECT_NEAR(spearmanCorrelation({1, 2, 3, 4}, {2, 1, 4, 3}), 0.6, 1e-12);
}

}  // namespace
}  // namespace piecework

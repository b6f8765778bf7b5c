// SPDX-License-Identifier: Apache-2.0
// Challenge difficulty from playtest times (docs/playtesting.md): Pelánek's model of problem-solving times,
//   log(time of tester j on challenge i) = difficulty[i] - skill[j] + noise,
// fitted by alternating least squares, with a given-up attempt counting as at least the time spent (its log
// time is replaced, at each round, by the larger of the time spent and the model's prediction: the
// expectation step of a censored fit, simplified). Intervals come from resampling the testers.
#pragma once

#include <cstdint>
#include <vector>

namespace piecework {

struct PlaytestTime {
  int challenge = 0;  // 0 .. challenges - 1
  int tester = 0;     // 0 .. testers - 1
  double seconds = 0;
  bool solved = true;  // false: given up after `seconds`
};

struct TimeModel {
  std::vector<double> difficulty;  // per challenge: the log time of an average tester
  std::vector<double> skill;       // per tester, mean 0: how much faster (in log time) than average
  double noise = 0;                // the residuals' standard deviation, in log time
  int rounds = 0;
};

// Every challenge and tester must have at least one time (InputError otherwise); times under a second
// count as a second (the page's clock, and the log).
TimeModel fitTimeModel(const std::vector<PlaytestTime>& times, int challenges, int testers);

struct DifficultyInterval {
  double low = 0, high = 0;
};

struct PlaytestFit {
  TimeModel model;
  std::vector<DifficultyInterval> intervals;  // per challenge, percentile intervals over resampled testers
  // Spearman's rank correlation of `scores` (the rater's) with the fitted difficulties, and its interval over
  // the same resamples; 0 when no scores were given.
  double spearman = 0;
  DifficultyInterval spearmanInterval;
  int resamples = 0;
};

// Fits the model and resamples the testers `resamples` times (with replacement, from `seed`).
PlaytestFit fitPlaytests(const std::vector<PlaytestTime>& times, int challenges, int testers,
                         const std::vector<double>& scores, int resamples, std::uint64_t seed,
                         double coverage = 0.95);

// How many testers put a challenge's difficulty within +-`halfWidth` (log time) at 95%, with this much noise:
// (1.96 noise / halfWidth)^2, rounded up, at least 2.
int testersNeeded(double noise, double halfWidth);

// Spearman's rank correlation (average ranks for ties); 0 when either side does not vary.
double spearmanCorrelation(const std::vector<double>& a, const std::vector<double>& b);

}  // namespace piecework

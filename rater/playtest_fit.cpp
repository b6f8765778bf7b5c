// SPDX-License-Identifier: Apache-2.0
#include "rater/playtest_fit.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

#include "puzzle/errors.hpp"

namespace piecework {
namespace {

constexpr int kMaxRounds = 500;
constexpr double kConverged = 1e-9;

std::vector<double> ranks(const std::vector<double>& values) {
  std::vector<std::size_t> order(values.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return values[a] < values[b]; });
  std::vector<double> rank(values.size());
  for (std::size_t i = 0; i < order.size();) {
    std::size_t j = i;
    while (j + 1 < order.size() && values[order[j + 1]] == values[order[i]]) ++j;
    for (std::size_t k = i; k <= j; ++k) rank[order[k]] = (static_cast<double>(i + j) / 2) + 1;
    i = j + 1;
  }
  return rank;
}

double percentile(std::vector<double> values, double p) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const double at = p * static_cast<double>(values.size() - 1);
  const auto low = static_cast<std::size_t>(std::floor(at));
  const std::size_t high = std::min(low + 1, values.size() - 1);
  return values[low] + (at - static_cast<double>(low)) * (values[high] - values[low]);
}

}  // namespace

double spearmanCorrelation(const std::vector<double>& a, const std::vector<double>& b) {
  const std::vector<double> ra = ranks(a), rb = ranks(b);
  const double n = static_cast<double>(a.size());
  if (a.size() < 2) return 0;
  const double ma = std::accumulate(ra.begin(), ra.end(), 0.0) / n,
               mb = std::accumulate(rb.begin(), rb.end(), 0.0) / n;
  double sab = 0, saa = 0, sbb = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    sab += (ra[i] - ma) * (rb[i] - mb);
    saa += (ra[i] - ma) * (ra[i] - ma);
    sbb += (rb[i] - mb) * (rb[i] - mb);
  }
  return saa > 0 && sbb > 0 ? sab / std::sqrt(saa * sbb) : 0;
}

TimeModel fitTimeModel(const std::vector<PlaytestTime>& times, int challenges, int testers) {
  const auto nc = static_cast<std::size_t>(challenges), nt = static_cast<std::size_t>(testers);
  std::vector<int> perChallenge(nc, 0), perTester(nt, 0);
  for (const PlaytestTime& t : times)
    ++perChallenge[static_cast<std::size_t>(t.challenge)], ++perTester[static_cast<std::size_t>(t.tester)];
  for (std::size_t i = 0; i < nc; ++i)
    if (perChallenge[i] == 0) throw InputError(fmt::format("playtests: challenge {} has no attempt", i + 1));
  for (std::size_t j = 0; j < nt; ++j)
    if (perTester[j] == 0) throw InputError(fmt::format("playtests: tester {} has no attempt", j + 1));
  std::vector<double> spent(times.size()), y(times.size());
  for (std::size_t k = 0; k < times.size(); ++k) spent[k] = y[k] = std::log(std::max(1.0, times[k].seconds));
  TimeModel m;
  m.difficulty.assign(nc, 0);
  m.skill.assign(nt, 0);
  for (m.rounds = 1; m.rounds <= kMaxRounds; ++m.rounds) {
    std::vector<double> sum(nc, 0);
    for (std::size_t k = 0; k < times.size(); ++k)
      sum[static_cast<std::size_t>(times[k].challenge)] +=
          y[k] + m.skill[static_cast<std::size_t>(times[k].tester)];
    for (std::size_t i = 0; i < nc; ++i) m.difficulty[i] = sum[i] / perChallenge[i];
    std::vector<double> skill(nt, 0);
    for (std::size_t k = 0; k < times.size(); ++k)
      skill[static_cast<std::size_t>(times[k].tester)] +=
          m.difficulty[static_cast<std::size_t>(times[k].challenge)] - y[k];
    double mean = 0;
    for (std::size_t j = 0; j < nt; ++j) mean += skill[j] /= perTester[j];
    mean /= static_cast<double>(nt);
    // Skill is known only up to a constant shared with difficulty: the average tester has skill 0.
    for (double& s : skill) s -= mean;
    double change = 0;
    for (std::size_t j = 0; j < nt; ++j) change = std::max(change, std::abs(skill[j] - m.skill[j]));
    m.skill = std::move(skill);
    // A give-up took at least its time: its log time is the larger of that and the prediction.
    for (std::size_t k = 0; k < times.size(); ++k) {
      if (times[k].solved) continue;
      const double predicted = m.difficulty[static_cast<std::size_t>(times[k].challenge)] -
                               m.skill[static_cast<std::size_t>(times[k].tester)];
      const double next = std::max(spent[k], predicted);
      change = std::max(change, std::abs(next - y[k]));
      y[k] = next;
    }
    if (change < kConverged) break;
  }
  // Difficulty for the final skills.
  std::vector<double> sum(nc, 0);
  for (std::size_t k = 0; k < times.size(); ++k)
    sum[static_cast<std::size_t>(times[k].challenge)] +=
        y[k] + m.skill[static_cast<std::size_t>(times[k].tester)];
  for (std::size_t i = 0; i < nc; ++i) m.difficulty[i] = sum[i] / perChallenge[i];
  double squares = 0;
  for (std::size_t k = 0; k < times.size(); ++k) {
    const double r = y[k] - m.difficulty[static_cast<std::size_t>(times[k].challenge)] +
                     m.skill[static_cast<std::size_t>(times[k].tester)];
    squares += r * r;
  }
  const double freedom = static_cast<double>(times.size()) - static_cast<double>(nc + nt) + 1;
  m.noise = freedom > 0 ? std::sqrt(squares / freedom) : 0;
  m.rounds = std::min(m.rounds, kMaxRounds);
  return m;
}

PlaytestFit fitPlaytests(const std::vector<PlaytestTime>& times, int challenges, int testers,
                         const std::vector<double>& scores, int resamples, std::uint64_t seed,
                         double coverage) {
  PlaytestFit fit;
  fit.model = fitTimeModel(times, challenges, testers);
  if (!scores.empty()) fit.spearman = spearmanCorrelation(scores, fit.model.difficulty);
  std::vector<std::vector<int>> byTester(static_cast<std::size_t>(testers));
  for (std::size_t k = 0; k < times.size(); ++k)
    byTester[static_cast<std::size_t>(times[k].tester)].push_back(static_cast<int>(k));
  std::mt19937_64 random(seed);
  std::uniform_int_distribution<int> pick(0, testers - 1);
  std::vector<std::vector<double>> draws(static_cast<std::size_t>(challenges));
  std::vector<double> spearmans;
  for (int r = 0; r < resamples; ++r) {
    // Testers drawn with replacement, each draw a tester of its own; a resample that leaves a challenge
    // without an attempt is drawn again.
    std::vector<PlaytestTime> sample;
    std::vector<bool> covered(static_cast<std::size_t>(challenges), false);
    for (int j = 0; j < testers; ++j)
      for (const int k : byTester[static_cast<std::size_t>(pick(random))]) {
        PlaytestTime t = times[static_cast<std::size_t>(k)];
        t.tester = j;
        covered[static_cast<std::size_t>(t.challenge)] = true;
        sample.push_back(t);
      }
    if (std::find(covered.begin(), covered.end(), false) != covered.end()) {
      --r;
      continue;
    }
    const TimeModel m = fitTimeModel(sample, challenges, testers);
    for (std::size_t i = 0; i < draws.size(); ++i) draws[i].push_back(m.difficulty[i]);
    if (!scores.empty()) spearmans.push_back(spearmanCorrelation(scores, m.difficulty));
    ++fit.resamples;
  }
  const double tail = (1 - coverage) / 2;
  for (const auto& d : draws) fit.intervals.push_back({percentile(d, tail), percentile(d, 1 - tail)});
  fit.spearmanInterval = {percentile(spearmans, tail), percentile(spearmans, 1 - tail)};
  return fit;
}

int testersNeeded(double noise, double halfWidth) {
  const double n = std::pow(1.96 * noise / halfWidth, 2);
  return std::max(2, static_cast<int>(std::ceil(n - 1e-9)));
}

}  // namespace piecework

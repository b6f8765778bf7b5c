// SPDX-License-Identifier: Apache-2.0
// Fitting the ordinal logistic rating model (rater/calibrate.hpp) by quasi-Newton descent on the penalised
// negative log-likelihood. The cut points are parameterised as the first one plus exp() of the gaps, so
// that they stay in order whatever step the descent takes.
#include "rater/calibrate.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>
#include <random>
#include <stdexcept>

#include "puzzle/errors.hpp"

namespace piecework {

namespace {

using Vector = std::vector<double>;

double logistic(double z) {
  return 1.0 / (1.0 + std::exp(-z));
}

// The baseline, pieces to place alone, is fitted nearly unpenalised: one feature cannot overfit, and the
// comparison should be with its best.
constexpr double kNaivePenalty = 0.01;

struct Objective {
  const std::vector<Vector>& rows;  // standardised features
  const std::vector<int>& levels;
  double penalty;
  std::size_t d;

  // Parameters: d weights, then the first cut point, then the logarithms of the three gaps.
  std::array<double, 4> cuts(const Vector& p) const {
    std::array<double, 4> c{};
    c[0] = p[d];
    for (std::size_t k = 1; k < 4; ++k) c[k] = c[k - 1] + std::exp(p[d + k]);
    return c;
  }

  double operator()(const Vector& p, Vector& grad) const {
    grad.assign(p.size(), 0.0);
    const auto c = cuts(p);
    std::array<double, 4> dc{};  // d(value) / d(cut k)
    double value = 0;
    for (std::size_t i = 0; i < rows.size(); ++i) {
      double s = 0;
      for (std::size_t j = 0; j < d; ++j) s += p[j] * rows[i][j];
      const int y = levels[i];
      const double upper = y < 4 ? logistic(c[static_cast<std::size_t>(y)] - s) : 1.0;
      const double lower = y > 0 ? logistic(c[static_cast<std::size_t>(y - 1)] - s) : 0.0;
      const double prob = std::max(upper - lower, 1e-300);
      value -= std::log(prob);
      const double fu = y < 4 ? upper * (1 - upper) : 0.0;
      const double fl = y > 0 ? lower * (1 - lower) : 0.0;
      const double ds = (fu - fl) / prob;  // d(-log prob) / ds
      for (std::size_t j = 0; j < d; ++j) grad[j] += ds * rows[i][j];
      if (y < 4) dc[static_cast<std::size_t>(y)] -= fu / prob;
      if (y > 0) dc[static_cast<std::size_t>(y - 1)] += fl / prob;
    }
    for (std::size_t j = 0; j < d; ++j) {
      value += penalty * p[j] * p[j];
      grad[j] += 2 * penalty * p[j];
    }
    // cut k = p[d] + sum_{m=1..k} exp(p[d+m])
    for (std::size_t k = 0; k < 4; ++k) grad[d] += dc[k];
    for (std::size_t m = 1; m < 4; ++m) {
      double below = 0;
      for (std::size_t k = m; k < 4; ++k) below += dc[k];
      grad[d + m] = below * std::exp(p[d + m]);
    }
    return value;
  }
};

// BFGS with a backtracking line search: a handful of parameters, a smooth convex-in-the-weights objective.
Vector minimise(const Objective& f, Vector x) {
  const std::size_t n = x.size();
  std::vector<Vector> h(n, Vector(n, 0.0));
  for (std::size_t i = 0; i < n; ++i) h[i][i] = 1.0;
  Vector g;
  double fx = f(x, g);
  Vector gNew;
  for (int iteration = 0; iteration < 500; ++iteration) {
    double gNorm = 0;
    for (double v : g) gNorm = std::max(gNorm, std::abs(v));
    if (gNorm < 1e-9) break;
    Vector dir(n, 0.0);
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j < n; ++j) dir[i] -= h[i][j] * g[j];
    double slope = std::inner_product(dir.begin(), dir.end(), g.begin(), 0.0);
    if (slope >= 0) {  // not a descent direction: start again from steepest descent
      for (std::size_t i = 0; i < n; ++i) std::fill(h[i].begin(), h[i].end(), 0.0), h[i][i] = 1.0;
      for (std::size_t i = 0; i < n; ++i) dir[i] = -g[i];
      slope = -std::inner_product(g.begin(), g.end(), g.begin(), 0.0);
    }
    double step = 1.0;
    Vector xNew(n);
    double fNew = 0;
    for (int tries = 0;; ++tries) {
      for (std::size_t i = 0; i < n; ++i) xNew[i] = x[i] + step * dir[i];
      fNew = f(xNew, gNew);
      if (std::isfinite(fNew) && fNew <= fx + 1e-4 * step * slope) break;
      step *= 0.5;
      if (tries > 60) return x;  // no progress possible at this precision
    }
    Vector sVec(n), yVec(n);
    for (std::size_t i = 0; i < n; ++i) sVec[i] = xNew[i] - x[i], yVec[i] = gNew[i] - g[i];
    const double sy = std::inner_product(sVec.begin(), sVec.end(), yVec.begin(), 0.0);
    const bool flat = std::abs(fx - fNew) < 1e-13 * (1 + std::abs(fx));
    x = xNew, g = gNew, fx = fNew;
    if (flat) break;
    if (sy <= 1e-12) continue;
    // H <- (I - rho s y^T) H (I - rho y s^T) + rho s s^T
    const double rho = 1.0 / sy;
    Vector hy(n, 0.0);
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j < n; ++j) hy[i] += h[i][j] * yVec[j];
    const double yhy = std::inner_product(yVec.begin(), yVec.end(), hy.begin(), 0.0);
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j < n; ++j)
        h[i][j] += -rho * (hy[i] * sVec[j] + sVec[i] * hy[j]) + (rho * rho * yhy + rho) * sVec[i] * sVec[j];
  }
  return x;
}

// Average ranks (ties share their mean rank), for Spearman's coefficient.
Vector ranks(const Vector& v) {
  std::vector<std::size_t> order(v.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return v[a] < v[b]; });
  Vector r(v.size());
  for (std::size_t i = 0; i < order.size();) {
    std::size_t j = i;
    while (j + 1 < order.size() && v[order[j + 1]] == v[order[i]]) ++j;
    for (std::size_t k = i; k <= j; ++k) r[order[k]] = (static_cast<double>(i + j) / 2.0) + 1;
    i = j + 1;
  }
  return r;
}

double pearson(const Vector& a, const Vector& b) {
  const double n = static_cast<double>(a.size());
  const double ma = std::accumulate(a.begin(), a.end(), 0.0) / n;
  const double mb = std::accumulate(b.begin(), b.end(), 0.0) / n;
  double sab = 0, saa = 0, sbb = 0;
  for (std::size_t i = 0; i < a.size(); ++i)
    sab += (a[i] - ma) * (b[i] - mb), saa += (a[i] - ma) * (a[i] - ma), sbb += (b[i] - mb) * (b[i] - mb);
  return saa > 0 && sbb > 0 ? sab / std::sqrt(saa * sbb) : 0.0;
}

}  // namespace

Agreement agreement(const std::vector<Level>& assigned, const std::vector<Level>& predicted,
                    const std::vector<double>& scores) {
  Agreement a;
  if (assigned.empty()) return a;
  Vector levels;
  for (std::size_t i = 0; i < assigned.size(); ++i) {
    const int diff = std::abs(static_cast<int>(assigned[i]) - static_cast<int>(predicted[i]));
    a.exact += diff == 0 ? 1 : 0;
    a.withinOne += diff <= 1 ? 1 : 0;
    levels.push_back(static_cast<double>(assigned[i]));
  }
  a.exact /= static_cast<double>(assigned.size());
  a.withinOne /= static_cast<double>(assigned.size());
  a.spearman = pearson(ranks(scores), ranks(levels));
  return a;
}

RatingModel fitRatingModel(const std::vector<CalibrationSample>& samples,
                           const std::vector<std::string>& features, double penalty) {
  if (features.empty()) throw InputError("a rating model needs at least one feature");
  RatingModel m;
  m.features = features;
  m.penalty = penalty;
  m.samples = static_cast<int>(samples.size());
  for (const CalibrationSample& s : samples) ++m.perLevel[static_cast<std::size_t>(s.level)];
  for (int k = 0; k < 5; ++k)
    if (m.perLevel[static_cast<std::size_t>(k)] == 0)
      throw InputError(fmt::format("no {} challenge to fit the model on", levelName(static_cast<Level>(k))));
  const std::size_t d = features.size();
  std::vector<Vector> raw(samples.size(), Vector(d));
  for (std::size_t i = 0; i < samples.size(); ++i)
    for (std::size_t j = 0; j < d; ++j) raw[i][j] = modelFeature(samples[i].features, features[j]);
  m.mean.assign(d, 0.0);
  m.scale.assign(d, 0.0);
  const double n = static_cast<double>(samples.size());
  for (std::size_t j = 0; j < d; ++j) {
    for (const Vector& r : raw) m.mean[j] += r[j] / n;
    for (const Vector& r : raw) m.scale[j] += (r[j] - m.mean[j]) * (r[j] - m.mean[j]) / n;
    m.scale[j] = m.scale[j] > 1e-12 ? std::sqrt(m.scale[j]) : 1.0;  // a constant feature gets no say
  }
  std::vector<Vector> rows = raw;
  for (Vector& r : rows)
    for (std::size_t j = 0; j < d; ++j) r[j] = (r[j] - m.mean[j]) / m.scale[j];
  std::vector<int> levels;
  for (const CalibrationSample& s : samples) levels.push_back(static_cast<int>(s.level));
  const Objective objective{rows, levels, penalty, d};
  Vector start(d + 4, 0.0);
  start[d] = -1.5;  // evenly spread cut points: -1.5, -0.5, 0.5, 1.5
  const Vector best = minimise(objective, start);
  m.weights.assign(best.begin(), best.begin() + static_cast<std::ptrdiff_t>(d));
  m.cuts = objective.cuts(best);
  return m;
}

CrossValidation crossValidate(const std::vector<CalibrationSample>& samples,
                              const std::vector<std::string>& features, double penalty) {
  CrossValidation cv;
  for (std::size_t i = 0; i < samples.size(); ++i) {
    std::vector<CalibrationSample> rest;
    for (std::size_t k = 0; k < samples.size(); ++k)
      if (k != i) rest.push_back(samples[k]);
    const LevelEstimate e = estimateLevel(fitRatingModel(rest, features, penalty), samples[i].features);
    const LevelEstimate naive =
        estimateLevel(fitRatingModel(rest, {"to_place"}, kNaivePenalty), samples[i].features);
    cv.assigned.push_back(samples[i].level);
    cv.predicted.push_back(e.level);
    cv.scores.push_back(e.effort);
    cv.levelScores.push_back(e.score);
    cv.naivePredicted.push_back(naive.level);
    cv.naiveScores.push_back(naive.effort);
  }
  cv.model = agreement(cv.assigned, cv.predicted, cv.scores);
  cv.naive = agreement(cv.assigned, cv.naivePredicted, cv.naiveScores);
  return cv;
}

AgreementIntervals bootstrapIntervals(const CrossValidation& cv, int resamples, std::uint64_t seed,
                                      double coverage) {
  AgreementIntervals out;
  const std::size_t n = cv.assigned.size();
  if (n == 0 || resamples <= 0) return out;
  out.resamples = resamples;
  // A fixed generator and a plain modulo (not std::uniform_int_distribution, whose draws differ between
  // standard libraries): the same seed gives the same intervals everywhere.
  std::mt19937_64 rng(seed);
  Vector exact, withinOne, spearman, gain;
  std::vector<Level> assigned(n), predicted(n), naivePredicted(n);
  Vector scores(n), naiveScores(n);
  for (int r = 0; r < resamples; ++r) {
    for (std::size_t k = 0; k < n; ++k) {
      const std::size_t i = static_cast<std::size_t>(rng() % n);
      assigned[k] = cv.assigned[i], predicted[k] = cv.predicted[i], scores[k] = cv.scores[i];
      naivePredicted[k] = cv.naivePredicted[i], naiveScores[k] = cv.naiveScores[i];
    }
    const Agreement model = agreement(assigned, predicted, scores);
    const Agreement naive = agreement(assigned, naivePredicted, naiveScores);
    exact.push_back(model.exact);
    withinOne.push_back(model.withinOne);
    spearman.push_back(model.spearman);
    gain.push_back(model.spearman - naive.spearman);
  }
  // The (1 - coverage) / 2 and (1 + coverage) / 2 quantiles, by the nearest rank.
  auto interval = [&](Vector& v) {
    std::sort(v.begin(), v.end());
    const double tail = (1 - coverage) / 2 * static_cast<double>(v.size());
    const auto low = static_cast<std::size_t>(std::floor(tail));
    const std::size_t high = v.size() - 1 - low;
    return Interval{v[low], v[high]};
  };
  out.exact = interval(exact);
  out.withinOne = interval(withinOne);
  out.spearman = interval(spearman);
  out.spearmanGain = interval(gain);
  return out;
}

RatingModel equalShareModel(const RatingModel& base, const std::vector<RatingFeatures>& pool) {
  constexpr std::size_t kMinPool = 25;
  if (pool.size() < kMinPool)
    throw InputError(
        fmt::format("{} challenges; levels in equal shares need at least {}", pool.size(), kMinPool));
  RatingModel model;
  model.penalty = base.penalty;
  model.samples = static_cast<int>(pool.size());
  for (std::size_t j = 0; j < base.features.size(); ++j) {
    const double first = modelFeature(pool.front(), base.features[j]);
    const bool varies = std::any_of(pool.begin(), pool.end(), [&](const RatingFeatures& f) {
      return modelFeature(f, base.features[j]) != first;
    });
    if (!varies) continue;
    model.features.push_back(base.features[j]);
    model.mean.push_back(base.mean[j]);
    model.scale.push_back(base.scale[j]);
    model.weights.push_back(base.weights[j]);
  }
  if (model.features.empty())
    throw InputError("none of the model's features varies over these challenges; they cannot be told apart");
  Vector efforts;
  for (const RatingFeatures& f : pool) {
    double effort = 0;
    for (std::size_t j = 0; j < model.features.size(); ++j)
      effort += model.weights[j] * (modelFeature(f, model.features[j]) - model.mean[j]) / model.scale[j];
    efforts.push_back(effort);
  }
  std::sort(efforts.begin(), efforts.end());
  for (std::size_t k = 0; k < 4; ++k) {
    // Halfway between the last effort of one fifth and the first of the next; where those are equal (a
    // challenge and its mirror image, say), at the nearest place where two efforts differ.
    const std::size_t target = (k + 1) * efforts.size() / 5;
    std::size_t at = target;
    for (std::size_t d = 0; d < efforts.size(); ++d) {
      if (target + d < efforts.size() && efforts[target + d - 1] < efforts[target + d]) {
        at = target + d;
        break;
      }
      if (target > d + 1 && efforts[target - d - 2] < efforts[target - d - 1]) {
        at = target - d - 1;
        break;
      }
    }
    model.cuts[k] = (efforts[at - 1] + efforts[at]) / 2;
    if (k > 0 && !(model.cuts[k] > model.cuts[k - 1]))
      throw InputError(
          "the challenges' efforts are too tied to split into five equal shares (more varied challenges, or "
          "other features, are needed)");
  }
  for (const double effort : efforts) {
    const auto below = std::upper_bound(model.cuts.begin(), model.cuts.end(), effort) - model.cuts.begin();
    ++model.perLevel[static_cast<std::size_t>(below)];
  }
  // The level probabilities come from the distance to the cut points on the logistic scale. Cut points that
  // lie close together on the base model's effort would make them nearly flat, so the effort and the cut
  // points are stretched alike until the levels are as wide as the base model's: levels and scores stay the
  // same, and a challenge in the middle of a level is about as sure of it as under the base model.
  const double span = model.cuts[3] - model.cuts[0];
  const double baseSpan = base.cuts[3] - base.cuts[0];
  if (span > 0 && baseSpan > 0) {
    const double stretch = baseSpan / span;
    for (double& w : model.weights) w *= stretch;
    for (double& c : model.cuts) c *= stretch;
  }
  // A model written here must read back (parseModel's least gap between cut points).
  for (std::size_t k = 1; k < 4; ++k)
    if (!(model.cuts[k] - model.cuts[k - 1] >= kMinCutGap))
      throw InputError(
          "the challenges' efforts are too tied to split into five equal shares (more varied challenges, or "
          "other features, are needed)");
  return model;
}

}  // namespace piecework

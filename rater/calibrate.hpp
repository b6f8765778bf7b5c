// SPDX-License-Identifier: Apache-2.0
// Fitting a rating model (rater/model.hpp) to challenges whose levels people assigned, and measuring how well
// a model of that form agrees with them on challenges it was not fitted on (leave-one-out).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "rater/model.hpp"

namespace piecework {

struct CalibrationSample {
  RatingFeatures features;
  Level level = Level::Starter;
  int line = 0;  // where it came from (the calibration file's line), for reports
};

// How far predicted levels agree with the assigned ones.
struct Agreement {
  double exact = 0;      // share with the same level
  double withinOne = 0;  // share at most one level away
  double spearman = 0;   // rank correlation of the score with the level
};

Agreement agreement(const std::vector<Level>& assigned, const std::vector<Level>& predicted,
                    const std::vector<double>& scores);

// Maximum-likelihood fit of the ordinal model on `features` (names from modelFeatureNames()), with a ridge
// penalty on the weights of the standardised features. Needs every level present.
RatingModel fitRatingModel(const std::vector<CalibrationSample>& samples,
                           const std::vector<std::string>& features, double penalty);

struct CrossValidation {
  Agreement model;  // each sample rated by the model fitted on all the others
  Agreement naive;  // the same for a model on pieces to place alone
  std::vector<Level> assigned;
  std::vector<Level> predicted;
  std::vector<double> scores;       // efforts
  std::vector<double> levelScores;  // the same on the 1-5 scale of `rate` (LevelEstimate::score)
  std::vector<Level> naivePredicted;
  std::vector<double> naiveScores;
};

// Leave-one-out: every sample is predicted by a model fitted without it. Figures that say how the model form
// generalises, unlike the agreement of a model with the samples it was fitted on.
CrossValidation crossValidate(const std::vector<CalibrationSample>& samples,
                              const std::vector<std::string>& features, double penalty);

// How sure the leave-one-out figures are, from a booklet of this size: percentile intervals over resamples
// of the challenges (drawn with replacement, the predictions kept), and the same for the model's Spearman
// minus that of pieces to place alone, on the same resamples. The resamples come from `seed`, so the
// intervals are reproducible.
struct Interval {
  double low = 0;
  double high = 0;
};
struct AgreementIntervals {
  Interval exact, withinOne, spearman;
  Interval spearmanGain;  // model minus pieces to place alone
  int resamples = 0;
};
AgreementIntervals bootstrapIntervals(const CrossValidation& cv, int resamples, std::uint64_t seed,
                                      double coverage = 0.95);

// Levels in equal shares of a pool of challenges that nobody graded: the effort is `base`'s (its features,
// standardisation and weights; features that do not vary over the pool are dropped, they only shift every
// effort alike), and the four cut points are put between the fifths of the pool's efforts, so that a fifth of
// the pool falls in each level, as in a booklet with as many challenges of each level. Throws InputError when
// the pool is smaller than 25 or its efforts are too tied to be split into five. Where efforts tie at a
// fifth, the cut moves to the nearest place where they differ. The effort and the cut points are then
// stretched alike so that the levels are as wide as `base`'s: the levels and scores are those of the cut, and
// the probabilities of the levels are as sure as `base`'s.
RatingModel equalShareModel(const RatingModel& base, const std::vector<RatingFeatures>& pool);

}  // namespace piecework

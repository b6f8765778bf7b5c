// SPDX-License-Identifier: Apache-2.0
// The rating model: turns what the strategy replay measured (RatingFeatures) into a level and a score.
//
// An ordinal logistic model (cumulative logit) with few parameters (docs/rating.md): the effort of a
// challenge is a weighted sum of a few standardised features, and four cut points split the effort into the
// five levels. P(level <= k) = 1 / (1 + exp(effort - cut[k])). The parameters are data (data/models/*.json,
// or a file made by `piecework calibrate`), not constants in code.
#pragma once

#include <algorithm>
#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "rater/rater.hpp"

namespace piecework {

struct Puzzle;

// The features a model may use, by name, in the order `rate --json` prints them. Each is a number derived
// from RatingFeatures (counts of searches and trials on a log2(1 + n) scale).
const std::vector<std::string>& modelFeatureNames();
// The value of one named feature; throws InputError for an unknown name.
double modelFeature(const RatingFeatures& features, std::string_view name);

struct RatingModel {
  std::string name;                   // says what it was fitted on
  std::string puzzle;                 // the puzzle it was fitted on ("": not recorded, so any puzzle)
  std::vector<std::string> features;  // names from modelFeatureNames()
  std::vector<double> mean;           // per feature: standardisation, (x - mean) / scale
  std::vector<double> scale;
  std::vector<double> weights;    // per feature, on the standardised value
  std::array<double, 4> cuts{};   // increasing: Starter|Junior, Junior|Expert, Expert|Master, Master|Wizard
  double penalty = 1.0;           // ridge penalty the fit used (kept so a refit is the same fit)
  int samples = 0;                // challenges it was fitted on
  std::array<int, 5> perLevel{};  // of those, per level
  std::string crossValidation;    // leave-one-out figures at fitting time, in words ("" when unknown)

  bool uses(std::string_view feature) const {
    return std::find(features.begin(), features.end(), feature) != features.end();
  }
};

// The name of the feature that rate() measures only for a model that uses it (RatingFeatures::spareGivens).
inline constexpr const char* kSpareGivensFeature = "spare_givens";

// The one rating method's features, the same for every family: what `calibrate` fits by default. A booklet
// on which one of them does not vary (IQ Focus: pieces to place; IQ Fit: colours in the marks) is fitted on
// the others. docs/rating.md says why these.
const std::vector<std::string>& ratingFeatures();

struct LevelEstimate {
  Level level = Level::Starter;
  double effort = 0;                    // the weighted sum
  double score = 0;                     // effort on the level scale: 1.0-2.0 Starter, ..., 5.0 and up Wizard
  std::array<double, 5> probability{};  // per level
};

LevelEstimate estimateLevel(const RatingModel& model, const RatingFeatures& features);

// The least distance between two neighbouring cut points. The score divides by it: cut points a denormal
// apart gave an infinite score (issue 31, item 6), which JSON cannot carry and the catalog reads as damage.
inline constexpr double kMinCutGap = 1e-6;

// JSON (the format of data/models/*.json). parseModel throws InputError naming `source` on anything wrong.
RatingModel parseModel(std::string_view json, const std::string& source);
std::string modelJson(const RatingModel& model);
// Reads a model file (size-limited); InputError on failure.
RatingModel loadModel(const std::string& path);
// A stable fingerprint of what decides a model's grades (features, mean, scale, weights, cuts; not its name
// or what it was fitted on): FNV-1a 64 of their JSON, 16 lower-case hex digits. The catalog records it beside
// the model's name, so that two different models of one name are told apart.
std::string modelFingerprint(const RatingModel& model);

// The shipped model for a puzzle: data/models/NAME.json when there is one for its name, else default.json.
const RatingModel& shippedModel(const Puzzle& puzzle);

}  // namespace piecework

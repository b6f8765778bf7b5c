// SPDX-License-Identifier: Apache-2.0
// The rating model (rater/model.hpp): feature values, the ordinal logistic estimate, and the model files.
#include "rater/model.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "puzzle/errors.hpp"
#include "puzzle/limits.hpp"
#include "puzzle/puzzle.hpp"
#include "rater/shipped_models.hpp"

namespace piecework {

namespace {

double log2p(int n) {
  return std::log2(1.0 + std::max(0, n));
}

struct NamedFeature {
  const char* name;
  double (*value)(const RatingFeatures&);
};

// Counts that grow by orders of magnitude (placements, eliminations, trials, search sizes) enter on a log
// scale: a person feels the tenth trial less than the second.
const NamedFeature kFeatures[] = {
    {"to_place", [](const RatingFeatures& f) { return double(f.toPlace); }},
    {"start_options", [](const RatingFeatures& f) { return log2p(f.startOptions); }},
    {"first_choice", [](const RatingFeatures& f) { return log2p(f.firstChoice); }},
    {"forced_steps", [](const RatingFeatures& f) { return double(f.forcedSteps); }},
    {"pairwise", [](const RatingFeatures& f) { return log2p(f.pairwiseEliminations); }},
    {"rule", [](const RatingFeatures& f) { return log2p(f.ruleEliminations); }},
    {"sweeps", [](const RatingFeatures& f) { return double(f.pairwiseSweeps + f.ruleSweeps); }},
    {"strategies", [](const RatingFeatures& f) { return double(f.strategiesUsed); }},
    {"trials", [](const RatingFeatures& f) { return log2p(f.trials); }},
    {"trial_depth", [](const RatingFeatures& f) { return double(f.trialDepth); }},
    {"refutation_steps", [](const RatingFeatures& f) { return log2p(f.refutationSteps); }},
    {"forced_search", [](const RatingFeatures& f) { return log2p(f.forcedSearch - 1); }},
    {"stalls", [](const RatingFeatures& f) { return double(f.stalls); }},
    {"stall_choice", [](const RatingFeatures& f) { return f.stallChoice; }},
    {"first_stall_choice", [](const RatingFeatures& f) { return log2p(f.firstStallChoice); }},
    {kSpareGivensFeature,
     [](const RatingFeatures& f) {
       if (f.spareGivens < 0) throw std::logic_error("spare givens asked for before they were measured");
       return log2p(f.spareGivens);
     }},
    {"mark_colours", [](const RatingFeatures& f) { return double(f.markColours); }},
};

double logistic(double z) {
  return 1.0 / (1.0 + std::exp(-z));
}

const nlohmann::json& member(const nlohmann::json& j, const char* key, const std::string& source) {
  if (!j.contains(key)) throw InputError(fmt::format("{}: the model has no \"{}\"", source, key));
  return j.at(key);
}

std::vector<double> numbers(const nlohmann::json& j, const char* key, std::size_t size,
                            const std::string& source) {
  const nlohmann::json& a = member(j, key, source);
  if (!a.is_array() || a.size() != size)
    throw InputError(fmt::format("{}: \"{}\" must be a list of {} numbers", source, key, size));
  std::vector<double> out;
  // Bounded so that the effort (a weighted sum of a few features of at most a few dozen) stays finite.
  constexpr double kLargest = 1e9;
  for (const auto& v : a) {
    if (!v.is_number() || !std::isfinite(v.get<double>()))
      throw InputError(fmt::format("{}: \"{}\" must be a list of {} numbers", source, key, size));
    if (std::abs(v.get<double>()) > kLargest)
      throw InputError(fmt::format("{}: \"{}\" has {}, beyond the largest allowed, {:g}", source, key,
                                   v.get<double>(), kLargest));
    out.push_back(v.get<double>());
  }
  return out;
}

}  // namespace

const std::vector<std::string>& modelFeatureNames() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out;
    for (const NamedFeature& f : kFeatures) out.emplace_back(f.name);
    return out;
  }();
  return names;
}

const std::vector<std::string>& ratingFeatures() {
  static const std::vector<std::string> names = {"to_place", "trials", "forced_search", kSpareGivensFeature,
                                                 "mark_colours"};
  return names;
}

double modelFeature(const RatingFeatures& features, std::string_view name) {
  for (const NamedFeature& f : kFeatures)
    if (name == f.name) return f.value(features);
  throw InputError(fmt::format("unknown rating feature '{}'", name));
}

LevelEstimate estimateLevel(const RatingModel& model, const RatingFeatures& features) {
  LevelEstimate e;
  for (std::size_t i = 0; i < model.features.size(); ++i)
    e.effort +=
        model.weights[i] * (modelFeature(features, model.features[i]) - model.mean[i]) / model.scale[i];
  double below = 0;  // P(level <= k-1)
  for (int k = 0; k < 5; ++k) {
    const double upTo = k < 4 ? logistic(model.cuts[static_cast<std::size_t>(k)] - e.effort) : 1.0;
    e.probability[static_cast<std::size_t>(k)] = upTo - below;
    below = upTo;
  }
  // The level is the one whose cut points enclose the effort (the median of the distribution); the score
  // places the effort on a 1-5 scale with the cut points at 2, 3, 4 and 5, so that 3.9 reads "Expert, nearly
  // Master". Beyond the outer cut points the scale runs on with the width of the nearest level.
  const auto& c = model.cuts;
  int k = 0;
  while (k < 4 && e.effort > c[static_cast<std::size_t>(k)]) ++k;
  e.level = static_cast<Level>(k);
  if (k == 0)
    e.score = 2.0 + (e.effort - c[0]) / (c[1] - c[0]);
  else if (k == 4)
    e.score = 5.0 + (e.effort - c[3]) / (c[3] - c[2]);
  else
    e.score = 1.0 + k +
              (e.effort - c[static_cast<std::size_t>(k - 1)]) /
                  (c[static_cast<std::size_t>(k)] - c[static_cast<std::size_t>(k - 1)]);
  return e;
}

RatingModel parseModel(std::string_view text, const std::string& source) {
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception& e) {
    throw InputError(fmt::format("{}: not a rating model (JSON: {})", source, e.what()));
  }
  if (!j.is_object() || !j.contains("format") || j["format"] != "piecework-rating-model")
    throw InputError(
        fmt::format("{}: not a rating model (no \"format\": \"piecework-rating-model\")", source));
  // Optional members: checked here, since nlohmann's value() throws its own exceptions on another type, and
  // converts a number beyond int's range with undefined behaviour.
  auto textMember = [&](const char* key) {
    if (!j.contains(key)) return std::string();
    if (!j[key].is_string()) throw InputError(fmt::format("{}: \"{}\" must be a string", source, key));
    return j[key].get<std::string>();
  };
  auto countMember = [&](const char* key, double fallback, double largest) {
    if (!j.contains(key)) return fallback;
    const nlohmann::json& v = j[key];
    if (!v.is_number() || !(v.get<double>() >= 0 && v.get<double>() <= largest))
      throw InputError(fmt::format("{}: \"{}\" must be a number from 0 to {:g}", source, key, largest));
    return v.get<double>();
  };
  RatingModel m;
  try {
    m.name = textMember("name");
    if (m.name.empty()) m.name = source;  // what `rate` prints as the model
    m.puzzle = textMember("puzzle");
    const nlohmann::json& names = member(j, "features", source);
    if (!names.is_array() || names.empty())
      throw InputError(fmt::format("{}: \"features\" must be a non-empty list of names", source));
    for (const auto& n : names) {
      if (!n.is_string()) throw InputError(fmt::format("{}: \"features\" must be a list of names", source));
      const std::string name = n.get<std::string>();
      const auto& known = modelFeatureNames();
      if (std::find(known.begin(), known.end(), name) == known.end())
        throw InputError(
            fmt::format("{}: unknown rating feature '{}' (known: {})", source, name, fmt::join(known, ", ")));
      m.features.push_back(name);
    }
    m.mean = numbers(j, "mean", m.features.size(), source);
    m.scale = numbers(j, "scale", m.features.size(), source);
    m.weights = numbers(j, "weights", m.features.size(), source);
    for (double s : m.scale)
      if (!(s >= 1e-9)) throw InputError(fmt::format("{}: \"scale\" values must be at least 1e-9", source));
    // A mean is a feature's average over real challenges; every feature is a count bounded by the pieces (at
    // most kMaxPieces) or the logarithm of a count. A mean outside that range moves every challenge to one
    // end of the scale, and generate then searched for minutes for a level no challenge could reach.
    for (std::size_t i = 0; i < m.mean.size(); ++i)
      if (m.mean[i] < 0 || m.mean[i] > kMaxPieces)
        throw InputError(fmt::format(
            "{}: \"mean\" of '{}' is {:g}; a feature's mean must be from 0 to {} (docs/limits.md)", source,
            m.features[i], m.mean[i], kMaxPieces));
    for (std::size_t i = 0; i < m.features.size(); ++i)
      for (std::size_t k = 0; k < i; ++k)
        if (m.features[i] == m.features[k])
          throw InputError(fmt::format("{}: feature '{}' is listed twice", source, m.features[i]));
    const std::vector<double> cuts = numbers(j, "cuts", 4, source);
    for (std::size_t k = 0; k < 4; ++k) {
      m.cuts[k] = cuts[k];
      if (k > 0 && !(cuts[k] > cuts[k - 1]))
        throw InputError(fmt::format("{}: \"cuts\" must increase", source));
      if (k > 0 && !(cuts[k] - cuts[k - 1] >= kMinCutGap))
        throw InputError(fmt::format("{}: \"cuts\" {:g} and {:g} are closer than {:g} (docs/limits.md)",
                                     source, cuts[k - 1], cuts[k], kMinCutGap));
    }
    m.penalty = countMember("penalty", 1.0, 1e6);  // the range calibrate --penalty accepts
    m.samples = static_cast<int>(countMember("samples", 0, 1e9));
    if (j.contains("per_level")) {
      const std::vector<double> per = numbers(j, "per_level", 5, source);
      for (std::size_t k = 0; k < 5; ++k) {
        if (!(per[k] >= 0)) throw InputError(fmt::format("{}: \"per_level\" must count challenges", source));
        m.perLevel[k] = static_cast<int>(per[k]);
      }
    }
    m.crossValidation = textMember("cross_validation");
  } catch (const nlohmann::json::exception& e) {
    throw InputError(fmt::format("{}: not a rating model ({})", source, e.what()));
  }
  return m;
}

std::string modelJson(const RatingModel& m) {
  nlohmann::ordered_json j;
  j["format"] = "piecework-rating-model";
  j["name"] = m.name;
  if (!m.puzzle.empty()) j["puzzle"] = m.puzzle;
  j["features"] = m.features;
  j["mean"] = m.mean;
  j["scale"] = m.scale;
  j["weights"] = m.weights;
  j["cuts"] = m.cuts;
  j["penalty"] = m.penalty;
  j["samples"] = m.samples;
  j["per_level"] = m.perLevel;
  j["cross_validation"] = m.crossValidation;
  return j.dump(2) + "\n";
}

RatingModel loadModel(const std::string& path) {
  return parseModel(readFileLimited(path, kMaxJsonLinesBytes, "the rating model"), path);
}

std::string modelFingerprint(const RatingModel& m) {
  // Stored in catalogs and compared by later builds, so it must not depend on the build: std::hash may
  // differ between standard libraries and versions; FNV-1a is fixed by its definition. nlohmann::json writes
  // a double as its shortest text that reads back to the same double, so equal numbers give equal text.
  const nlohmann::json grading = nlohmann::json::array({m.features, m.mean, m.scale, m.weights, m.cuts});
  std::uint64_t hash = 0xcbf29ce484222325ULL;
  for (const unsigned char byte : grading.dump()) {
    hash ^= byte;
    hash *= 0x100000001b3ULL;
  }
  return fmt::format("{:016x}", hash);
}

const RatingModel& shippedModel(const Puzzle& puzzle) {
  static std::mutex guard;
  static std::map<std::string, RatingModel> parsed;
  const std::lock_guard lock(guard);
  std::string name = "default";
  for (const auto& m : shippedModels())
    if (puzzle.name == m.name) name = m.name;
  auto it = parsed.find(name);
  if (it == parsed.end())
    for (const auto& m : shippedModels())
      if (name == m.name)
        it = parsed.emplace(name, parseModel(m.text, "data/models/" + name + ".json")).first;
  if (it == parsed.end()) throw std::logic_error("no shipped rating model data/models/default.json");
  return it->second;
}

}  // namespace piecework

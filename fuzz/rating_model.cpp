// SPDX-License-Identifier: Apache-2.0
// libFuzzer target: a rating model file (JSON, docs/rating.md) as `rate --model FILE` and the other commands
// with --model read it. Bad input must end in InputError. A model that is accepted must grade any
// challenge with a finite score, probabilities that add up to one, and write back to JSON that reads as the
// same model; anything else is a finding.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "fuzz/one_line_error.hpp"
#include "puzzle/errors.hpp"
#include "rater/model.hpp"

namespace {

// The features of an empty challenge, of a hard one, and beyond anything a shipped puzzle gives.
piecework::RatingFeatures sample(int k) {
  piecework::RatingFeatures f;
  f.spareGivens = 0;  // measured (rate() measures it for every model that uses it)
  if (k == 0) return f;
  const int n = k == 1 ? 8 : 1000000;
  f.toPlace = n, f.startOptions = 100 * n, f.firstChoice = n, f.forcedSteps = n;
  f.pairwiseSweeps = n, f.pairwiseEliminations = 100 * n, f.ruleSweeps = n, f.ruleEliminations = n;
  f.strategiesUsed = 8, f.trials = n, f.trialDepth = n, f.refutations = n, f.refutationSteps = 10 * n;
  f.stalls = n, f.stallChoice = 20.0 * n, f.firstStallChoice = n, f.forcedSearch = 100000;
  f.spareGivens = n;
  return f;
}

void check(const piecework::RatingModel& model) {
  for (int k = 0; k < 3; ++k) {
    const piecework::LevelEstimate e = piecework::estimateLevel(model, sample(k));
    double total = 0;
    for (double p : e.probability) {
      if (!(p >= 0 && p <= 1)) std::abort();
      total += p;
    }
    if (!std::isfinite(e.score) || std::abs(total - 1) > 1e-9) std::abort();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  piecework::RatingModel model;
  try {
    model = piecework::parseModel(text, "fuzz.json");
  } catch (const piecework::InputError& e) {
    piecework::fuzz::requireOneBoundedLine(e);
    return 0;
  }
  check(model);
  const std::string written = piecework::modelJson(model);
  const piecework::RatingModel again = piecework::parseModel(written, "written");
  if (piecework::modelJson(again) != written || again.features != model.features ||
      again.weights != model.weights || again.cuts != model.cuts)
    std::abort();
  return 0;
}

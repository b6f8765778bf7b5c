// SPDX-License-Identifier: Apache-2.0
#include "rater/calibration_file.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>

#include "puzzle/challenge.hpp"
#include "puzzle/errors.hpp"
#include "puzzle/limits.hpp"
#include "rater/rater.hpp"
#include "solver/solver.hpp"

namespace piecework {
namespace {

// A calibration needs this many challenges of each level for its figures to mean anything.
constexpr int kMinPerLevel = 5;

}  // namespace

std::vector<CalibrationSample> readCalibrationFile(const Puzzle& puzzle, const std::string& file, Rules rules,
                                                   bool graded, const std::vector<std::string>& features) {
  const std::string text = readFileLimited(file, kMaxJsonLinesBytes, "the calibration file");
  std::vector<CalibrationSample> samples;
  // A challenge twice (or turned round: the board's symmetries give its canonical form) would be graded by a
  // model fitted on itself in the leave-one-out figures, and count twice in equal shares.
  std::map<std::string, int> seen;  // canonical form -> line
  std::size_t start = 0;
  for (int lineNo = 1; start < text.size(); ++lineNo) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    const std::string line = text.substr(start, end - start);
    start = end + 1;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    const std::string where = fmt::format("{}:{}", file, lineNo);
    nlohmann::json j;
    try {
      j = nlohmann::json::parse(line);
    } catch (const nlohmann::json::exception&) {
      throw InputError(fmt::format("{}: not a JSON object", where));
    }
    if (!j.is_object()) throw InputError(fmt::format("{}: not a JSON object", where));
    if (j.contains("definition") && !j.contains("challenge")) continue;  // a definition line of an export
    if (!j.contains("challenge") || !j["challenge"].is_string())
      throw InputError(fmt::format("{}: no \"challenge\" text", where));
    if (j.contains("puzzle") && j["puzzle"].is_string() && j["puzzle"].get<std::string>() != puzzle.name)
      throw InputError(fmt::format("{}: a challenge of {}, not of {}", where, j["puzzle"].get<std::string>(),
                                   puzzle.name));
    if (graded && (!j.contains("level") || !j["level"].is_string()))
      throw InputError(fmt::format("{}: no \"level\" (Starter, Junior, Expert, Master or Wizard)", where));
    const std::optional<Level> level =
        graded ? parseLevel(j["level"].get<std::string>()) : std::optional<Level>(Level::Starter);
    if (!level)
      throw InputError(fmt::format("{}: unknown level '{}' (Starter, Junior, Expert, Master or Wizard)",
                                   where, j["level"].get<std::string>()));
    std::vector<int> givens;
    Rules challengeRules = rules;    // with this challenge's marks (a colour pattern, marked cells)
    std::optional<Problem> problem;  // built once: checked here, searched and rated below
    try {
      Challenge challenge = parseChallengeText(puzzle, j["challenge"].get<std::string>());
      givens = std::move(challenge.givens);
      challengeRules.marks = std::move(challenge.marks);
      problem = makeProblem(puzzle, givens, challengeRules);
    } catch (const InputError& e) {
      throw InputError(fmt::format("{}: {}", where, e.what()));
    }
    std::string key;
    for (int id : challengeRules.marks.empty() ? canonicalPlacements(puzzle, givens) : givens)
      key += fmt::format("{} ", id);
    auto colours = challengeRules.marks.colours;
    auto pieces = challengeRules.marks.pieces;
    std::sort(colours.begin(), colours.end());
    std::sort(pieces.begin(), pieces.end());
    for (const auto& [site, colour] : colours) key += fmt::format("c{}{} ", site, colour);
    for (const auto& [site, piece] : pieces) key += fmt::format("p{}.{} ", site, piece);
    if (const auto [it, fresh] = seen.try_emplace(key, lineNo); !fresh)
      throw InputError(fmt::format("{}: the same challenge as line {}{}", where, it->second,
                                   challengeRules.marks.empty() ? " (or that one turned round)" : ""));
    // A challenge with several solutions is rated as finding one, as `rate` does: an official booklet may
    // print one (IQ Focus's BBB/BWB/BBB has 4 tilings), and its level is still what people felt.
    if (uniqueness(*problem) == Uniqueness::None)
      throw InputError(fmt::format("{}: the challenge has no solution", where));
    RatingFeatures measured = rate(*problem).features;
    if (std::find(features.begin(), features.end(), kSpareGivensFeature) != features.end())
      measureSpareGivens(*problem, measured);
    samples.push_back({measured, *level, lineNo});
  }
  if (!graded) return samples;
  std::array<int, 5> perLevel{};
  for (const CalibrationSample& s : samples) ++perLevel[static_cast<std::size_t>(s.level)];
  for (int k = 0; k < 5; ++k)
    if (perLevel[static_cast<std::size_t>(k)] < kMinPerLevel)
      throw InputError(fmt::format("{}: {} {} challenge{}; a calibration needs at least {} of each level",
                                   file, perLevel[static_cast<std::size_t>(k)],
                                   levelName(static_cast<Level>(k)),
                                   perLevel[static_cast<std::size_t>(k)] == 1 ? "" : "s", kMinPerLevel));
  return samples;
}

}  // namespace piecework

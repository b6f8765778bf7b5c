// SPDX-License-Identifier: Apache-2.0
// piecework calibrate PUZZLE --playtests --db CATALOG: each challenge's difficulty from the playtests stored
// in the catalog (catalog import-playtests), with the testers' skill taken out (rater/playtest_fit.hpp); the
// rater's agreement with it; how many testers a given precision needs; and a rating model refitted on the
// fitted difficulties (docs/playtesting.md).
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <iostream>
#include <map>
#include <numeric>

#include "cli/command.hpp"
#include "db/catalog.hpp"
#include "db/playtests.hpp"
#include "db/stored_check.hpp"
#include "puzzle/definition.hpp"
#include "puzzle/errors.hpp"
#include "puzzle/replacing_file.hpp"
#include "rater/calibrate.hpp"
#include "rater/playtest_fit.hpp"
#include "rater/rater.hpp"

namespace piecework::cli {
namespace {

// A refitted model needs this many challenges in each fifth of the fitted order (calibrate's own minimum).
constexpr int kMinPerLevel = 5;

struct Playtested {
  std::vector<std::int64_t> challengeIds;  // index -> catalog id
  std::vector<std::string> testers;        // index -> name
  std::vector<PlaytestTime> times;
  std::vector<double> scores;  // the catalog's score per challenge
  std::vector<int> attempts, givenUp;
};

Playtested collect(const std::vector<db::StoredPlaytest>& rows) {
  Playtested p;
  std::map<std::int64_t, int> challengeIndex;
  std::map<std::string, int> testerIndex;
  for (const db::StoredPlaytest& row : rows) {
    const auto [c, newChallenge] = challengeIndex.try_emplace(row.attempt.challengeId, p.challengeIds.size());
    if (newChallenge) {
      p.challengeIds.push_back(row.attempt.challengeId);
      p.scores.push_back(row.score);
      p.attempts.push_back(0);
      p.givenUp.push_back(0);
    }
    const auto [t, newTester] = testerIndex.try_emplace(row.attempt.tester, p.testers.size());
    if (newTester) p.testers.push_back(row.attempt.tester);
    p.times.push_back({c->second, t->second, row.attempt.seconds, row.attempt.solved});
    ++p.attempts[static_cast<std::size_t>(c->second)];
    if (!row.attempt.solved) ++p.givenUp[static_cast<std::size_t>(c->second)];
  }
  return p;
}

// Levels by fifths of the fitted difficulty (as many challenges in each), and the shipped model's form
// fitted to them on the challenges' features.
RatingModel refittedModel(const Puzzle& puzzle, const std::string& path, const Playtested& p,
                          const std::vector<double>& difficulty) {
  const std::size_t n = difficulty.size();
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(),
            [&](std::size_t a, std::size_t b) { return difficulty[a] < difficulty[b]; });
  std::vector<Level> level(n);
  for (std::size_t r = 0; r < n; ++r) level[order[r]] = static_cast<Level>(r * 5 / n);
  const db::Catalog catalog(path, db::Catalog::Access::ReadOnly);
  db::StoredPuzzles puzzles(path);
  const RatingModel& shipped = shippedModel(puzzle);
  std::vector<CalibrationSample> samples;
  for (std::size_t i = 0; i < n; ++i) {
    db::ChallengeFilter filter;
    filter.id = p.challengeIds[i];
    const auto rows = catalog.challengesById(filter);
    const db::CheckedChallenge checked =
        db::checkStoredChallenge(puzzles.of(rows.front()), rows.front(), path);
    samples.push_back({rate(*checked.problem).features, level[i], 0});
  }
  RatingModel model = fitRatingModel(samples, shipped.features, shipped.penalty);
  model.name = fmt::format("{} fitted on the playtests of {}", puzzle.name, path);
  model.puzzle = puzzle.name;
  return model;
}

}  // namespace

int runCalibratePlaytests(const std::vector<std::string>& args) {
  po::options_description options("options");
  options.add_options()("playtests", "fit from the playtests stored in the catalog")(
      "db", po::value<std::string>(), "the catalog holding the playtests (catalog import-playtests)")(
      "out", po::value<std::string>()->value_name("MODEL"),
      "write a rating model refitted on the fitted order (levels by fifths; needs 25 challenges or more)")(
      "precision", po::value<double>()->default_value(0.25),
      "the half-width (in log time: 0.25 is about +-28%) for which to say how many testers are needed")(
      "resamples", po::value<int>()->default_value(200), "bootstrap resamples of the testers, 10 to 10000")(
      "seed", po::value<std::uint64_t>()->default_value(1), "the resamples' seed")(
      "json", "print the figures as JSON");
  po::variables_map vm;
  if (!parseArguments("calibrate --playtests",
                      "piecework calibrate PUZZLE --playtests --db CATALOG [--out MODEL] [--precision X] "
                      "[--resamples N] [--seed S] [--json]",
                      args, options, vm))
    return 0;
  if (vm.count("db") == 0U) throw InputError("calibrate --playtests: missing --db CATALOG");
  const std::string path = vm["db"].as<std::string>();
  const double precision = vm["precision"].as<double>();
  if (!(precision > 0 && precision <= 10)) throw InputError("--precision: must be above 0 and at most 10");
  const int resamples = vm["resamples"].as<int>();
  if (resamples < 10 || resamples > 10000) throw InputError("--resamples: must be from 10 to 10000");
  if (vm.count("out") != 0U) refuseOutputOverInputs(vm, vm["out"].as<std::string>(), {"db"});
  const Puzzle puzzle = loadPuzzle(vm["puzzle"].as<std::string>());
  const std::vector<db::StoredPlaytest> rows = db::storedPlaytests(path, puzzle.name);
  if (rows.empty())
    throw InputError(fmt::format(
        "{}: no playtests of {} (import them with 'piecework catalog import-playtests')", path, puzzle.name));
  const Playtested p = collect(rows);
  if (p.testers.size() < 2 || p.challengeIds.size() < 2)
    throw InputError(
        fmt::format("{}: the playtests of {} have {} tester(s) on {} challenge(s); a fit needs two "
                    "of each",
                    path, puzzle.name, p.testers.size(), p.challengeIds.size()));
  const PlaytestFit fit =
      fitPlaytests(p.times, static_cast<int>(p.challengeIds.size()), static_cast<int>(p.testers.size()),
                   p.scores, resamples, vm["seed"].as<std::uint64_t>());
  const int needed = testersNeeded(fit.model.noise, precision);
  std::optional<RatingModel> model;
  if (vm.count("out") != 0U) {
    if (p.challengeIds.size() < 5 * kMinPerLevel)
      throw InputError(
          fmt::format("--out: a refitted model needs {} playtested challenges or more ({} per level); "
                      "the catalog has {}",
                      5 * kMinPerLevel, kMinPerLevel, p.challengeIds.size()));
    model = refittedModel(puzzle, path, p, fit.model.difficulty);
    writeReplacingFile(vm["out"].as<std::string>(), "--out", "model", modelJson(*model));
  }
  if (vm.count("json") != 0U) {
    nlohmann::ordered_json out;
    out["puzzle"] = puzzle.name;
    out["attempts"] = p.times.size();
    out["testers"] = p.testers.size();
    out["noise"] = fit.model.noise;
    out["spearman"] = fit.spearman;
    out["spearman_interval"] = {fit.spearmanInterval.low, fit.spearmanInterval.high};
    out["resamples"] = fit.resamples;
    out["precision"] = precision;
    out["testers_needed"] = needed;
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (std::size_t i = 0; i < p.challengeIds.size(); ++i)
      list.push_back({{"id", p.challengeIds[i]},
                      {"score", p.scores[i]},
                      {"attempts", p.attempts[i]},
                      {"given_up", p.givenUp[i]},
                      {"difficulty", fit.model.difficulty[i]},
                      {"seconds", std::exp(fit.model.difficulty[i])},
                      {"interval", {fit.intervals[i].low, fit.intervals[i].high}}});
    out["challenges"] = list;
    nlohmann::ordered_json skills = nlohmann::ordered_json::object();
    for (std::size_t j = 0; j < p.testers.size(); ++j) skills[p.testers[j]] = fit.model.skill[j];
    out["skills"] = skills;
    if (model) out["model"] = vm["out"].as<std::string>();
    printJson(out);
    return 0;
  }
  std::cout << fmt::format("{} attempts by {} testers on {} challenges of {}; noise {:.2f} in log time\n",
                           p.times.size(), p.testers.size(), p.challengeIds.size(), puzzle.name,
                           fit.model.noise);
  std::cout << fmt::format("{:>6} {:>7} {:>8} {:>8} {:>10} {:>19}\n", "id", "score", "attempts", "gave up",
                           "seconds", "95% interval");
  std::vector<std::size_t> order(p.challengeIds.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(),
            [&](std::size_t a, std::size_t b) { return fit.model.difficulty[a] < fit.model.difficulty[b]; });
  for (const std::size_t i : order)
    std::cout << fmt::format("{:>6} {:>7.2f} {:>8} {:>8} {:>10.0f} {:>9.0f} to {:<7.0f}\n", p.challengeIds[i],
                             p.scores[i], p.attempts[i], p.givenUp[i], std::exp(fit.model.difficulty[i]),
                             std::exp(fit.intervals[i].low), std::exp(fit.intervals[i].high));
  std::cout << fmt::format(
      "the rater's score against the fitted difficulty: Spearman {:.2f} (95% {:.2f} to {:.2f}, "
      "{} resamples of the testers)\n",
      fit.spearman, fit.spearmanInterval.low, fit.spearmanInterval.high, fit.resamples);
  std::cout << fmt::format(
      "testers needed for each challenge's time within +-{:.2f} in log time (x{:.2f}) at 95%: "
      "{}\n",
      precision, std::exp(precision), needed);
  if (model) std::cout << fmt::format("wrote {} ({})\n", vm["out"].as<std::string>(), model->name);
  return 0;
}

}  // namespace piecework::cli

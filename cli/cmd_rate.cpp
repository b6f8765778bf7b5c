// SPDX-License-Identifier: Apache-2.0
// piecework rate: grade challenges Starter..Wizard and, on request, show the path a person would take.
//
// A challenge file holds many challenges (puzzle/challenge_file.hpp, docs/rating.md). Every challenge is read
// and checked before anything is rated or printed, so bad input never leaves a partial result; ratings are
// printed as they come.
#include <fmt/format.h>
#include <cmath>
#include <iostream>

#include "cli/command.hpp"
#include "puzzle/challenge.hpp"
#include "puzzle/challenge_file.hpp"
#include "puzzle/definition.hpp"
#include "puzzle/errors.hpp"
#include "rater/explain.hpp"
#include "rater/model.hpp"
#include "rater/rater.hpp"
#include "solver/solver.hpp"

namespace piecework::cli {
namespace {

nlohmann::json ratingJson(const Puzzle& puzzle, const Rating& rating, const std::string& challenge,
                          bool file) {
  nlohmann::json steps = nlohmann::json::array();
  for (const RatingStep& step : rating.steps)
    steps.push_back({{"strategy", step.strategy},
                     {"piece", std::string(1, puzzle.pieces[static_cast<std::size_t>(step.piece)].letter)},
                     {"placement", describePlacement(puzzle, step.placement)},
                     {"placed", step.placed},
                     {"depth", step.depth},
                     {"explanation", step.explanation}});
  nlohmann::json out = {{"level", levelName(rating.level)},
                        {"score", rating.score},
                        {"steps", steps},
                        {"to_place", rating.toPlace},
                        {"hardest", rating.hardest},
                        {"trials", rating.trials},
                        {"trial_depth", rating.trialDepth},
                        {"strategies", rating.strategyUse},
                        {"rater_version", kRaterVersion}};
  // The model's inputs and what it made of them, so that a user sees how close a challenge is to the next
  // level.
  nlohmann::json features = nlohmann::json::object();
  for (const std::string& name : modelFeatureNames())
    features[name] = std::round(modelFeature(rating.features, name) * 1000) / 1000;
  out["features"] = features;
  nlohmann::json probability = nlohmann::json::object();
  for (int k = 0; k < 5; ++k)
    probability[levelName(static_cast<Level>(k))] =
        std::round(rating.probability[static_cast<std::size_t>(k)] * 1000) / 1000;
  out["probability"] = probability;
  out["model"] = rating.model;
  if (file) out["challenge"] = challenge;
  return out;
}

// How many solutions a challenge has, counted up to a cap: past it, "at least" is all a reader needs.
struct SolutionCount {
  std::size_t count = 0;
  bool exact = true;
};

SolutionCount countUpTo(const Problem& problem) {
  constexpr std::size_t kCap = 1000;
  FindLimits limits;
  limits.max = kCap;
  const FindResult found = findSolutions(problem, limits);
  return {found.solutions.size(), found.exhausted || found.solutions.size() < kCap};
}

}  // namespace

int runRate(const std::vector<std::string>& args) {
  po::options_description options("options");
  addChallengeOptions(options, true);
  options.add_options()("explain",
                        po::value<std::string>()->implicit_value("short")->value_name("short|full"),
                        "the path a person would take: moves in words (short), or every step (full)")(
      "json", "print JSON (one object per line, one line per challenge)");
  addModelOption(options);
  addRulesOption(options);
  po::variables_map vm;
  if (!parseArguments(
          "rate",
          "piecework rate PUZZLE --challenge TEXT | --challenge-file FILE [--explain[=full]] [--json] "
          "[--model MODEL] [--unlinked]",
          args, options, vm))
    return 0;
  const Puzzle puzzle = loadPuzzle(vm["puzzle"].as<std::string>());
  const std::optional<RatingModel> model = readModelOption(vm);
  checkModelPuzzle(model, puzzle, vm);
  Rules rules = readRules(vm);
  const bool fromFile = vm.count("challenge-file") != 0U;
  if (!fromFile && vm.count("challenge") == 0U) throw InputError("missing --challenge (or --challenge-file)");

  std::vector<ChallengeText> texts;
  if (fromFile) {
    const std::string file = vm["challenge-file"].as<std::string>();
    texts =
        splitChallengeFile(puzzle, file == "-" ? "<stdin>" : file, challengeText(vm, kMaxChallengeListBytes));
  } else {
    texts.push_back({challengeText(vm), 0});
  }
  const std::string file = fromFile ? vm["challenge-file"].as<std::string>() : std::string();
  auto where = [&](const ChallengeText& t) {
    return t.line == 0 ? std::string("challenge")
                       : fmt::format("{}:{}", file == "-" ? "<stdin>" : file, t.line);
  };

  // Read everything first, so that a bad line is reported before any slow work. A file may hold more
  // challenges than their problems would fit in memory, so each pass below builds one problem at a time.
  std::vector<Challenge> challenges;
  std::vector<Rules> challengeRules;  // each with its challenge's marks (colour pattern, marked cells)
  for (const ChallengeText& t : texts) {
    try {
      challenges.push_back(parseChallengeText(puzzle, t.text));
      challengeRules.push_back(rules);
      challengeRules.back().marks = challenges.back().marks;
      (void)makeProblem(puzzle, challenges.back().givens, challengeRules.back());  // overlaps, repeats, marks
    } catch (const InputError& e) {
      if (t.line == 0) throw;
      throw InputError(fmt::format("{}: {}", where(t), e.what()));
    }
  }
  // A published challenge may have several solutions (IQ Focus's booklet has a pattern with 4): it is rated
  // as the effort of finding one of them, and the output says how many there are. One with none is refused.
  // Every challenge is checked before any is rated, so bad input never leaves a partial result; the ratings
  // are then printed as they come, so a long file needs no memory for them.
  const bool json = vm.count("json") != 0U;
  const bool explain = vm.count("explain") != 0U;
  const std::string explainForm = explain ? vm["explain"].as<std::string>() : "short";
  if (explainForm != "short" && explainForm != "full")
    throw InputError(fmt::format("--explain={}: expected short or full", explainForm));
  const bool fullExplanation = explainForm == "full";
  std::vector<SolutionCount> solutionCounts;
  for (std::size_t i = 0; i < challenges.size(); ++i) {
    const Problem problem = makeProblem(puzzle, challenges[i].givens, challengeRules[i]);
    const Uniqueness u = uniqueness(problem);
    if (u == Uniqueness::None)
      throw InputError(
          fmt::format("{}: the challenge has no solution, so it cannot be rated", where(texts[i])));
    solutionCounts.push_back(u == Uniqueness::Unique ? SolutionCount{1, true} : countUpTo(problem));
  }
  const RatingModel& usedModel = model ? *model : shippedModel(puzzle);
  for (std::size_t i = 0; i < challenges.size(); ++i) {
    const Problem problem = makeProblem(puzzle, challenges[i].givens, challengeRules[i]);
    Rating rating = rate(problem, model ? &*model : nullptr);
    const SolutionCount& solutions = solutionCounts[i];
    if (json) {
      // Every feature is printed, those the model does not use too.
      measureSpareGivens(problem, rating.features);
      nlohmann::json out = ratingJson(puzzle, rating, texts[i].text, fromFile);
      nlohmann::json effort = nlohmann::json::object();  // what `--explain` words as "why"
      for (const EffortShare& share : effortShares(usedModel, rating.features))
        effort[share.feature] = std::round(share.levels * 1000) / 1000;
      out["effort"] = effort;
      out["solutions"] = solutions.count;
      if (!solutions.exact) out["solutions_at_least"] = true;
      printJson(out);
      continue;
    }
    if (fromFile) std::cout << fmt::format("{} ", where(texts[i]));
    std::cout << ratingSummary(rating);
    if (solutions.count > 1)
      std::cout << fmt::format("; the challenge has {}{} solutions, rated as finding one",
                               solutions.exact ? "" : "at least ", solutions.count);
    std::cout << '\n';
    if (!explain) continue;
    std::cout << fmt::format("  why: {}\n", effortReasons(effortShares(usedModel, rating.features)));
    if (!fullExplanation) {
      int number = 0;
      for (const Move& move : explainMoves(puzzle, rating))
        std::cout << fmt::format("  {:>3}. {:{}}{}\n", ++number, "", move.depth * 2, move.text);
    } else {
      int number = 0;
      for (const RatingStep& step : rating.steps)
        std::cout << fmt::format("  {:>3}. {:{}}{}: {} ({})\n", ++number, "", step.depth * 2, step.strategy,
                                 step.explanation, placementWords(puzzle, step.placement));
    }
    if (fromFile && i + 1 < challenges.size()) std::cout << '\n';
  }
  return 0;
}

}  // namespace piecework::cli

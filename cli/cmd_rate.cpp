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
#include "disassembly/design_levels.hpp"
#include "disassembly/separation.hpp"
#include "puzzle/challenge.hpp"
#include "puzzle/challenge_file.hpp"
#include "puzzle/definition.hpp"
#include "puzzle/errors.hpp"
#include "rater/explain.hpp"
#include "rater/interlock_grade.hpp"
#include "rater/model.hpp"
#include "rater/rate_batch.hpp"
#include "rater/rater.hpp"

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

// How each rating is printed.
struct RatedOutput {
  bool fromFile = false;  // JSON: with the challenge's text
  bool explain = false;
  bool fullExplanation = false;
  const RatingModel& model;  // the model that graded (for the effort shares)
};

void printRatingJson(const Puzzle& puzzle, RatedChallenge& rated, const ChallengeText& text,
                     const RatedOutput& output) {
  Rating& rating = rated.rating;
  // Every feature is printed, those the model does not use too.
  measureSpareGivens(rated.problem, rating.features);
  nlohmann::json out = ratingJson(puzzle, rating, text.text, output.fromFile);
  nlohmann::json effort = nlohmann::json::object();  // what `--explain` words as "why"
  for (const EffortShare& share : effortShares(output.model, rating.features))
    effort[share.feature] = std::round(share.levels * 1000) / 1000;
  out["effort"] = effort;
  out["solutions"] = rated.solutions.count;
  if (!rated.solutions.exact) out["solutions_at_least"] = true;
  printJson(out);
}

void printRating(const Puzzle& puzzle, const RatedChallenge& rated, const RatedOutput& output) {
  const Rating& rating = rated.rating;
  const SolutionCount& solutions = rated.solutions;
  std::cout << ratingSummary(rating);
  if (solutions.count > 1)
    std::cout << fmt::format("; the challenge has {}{} solutions, rated as finding one",
                             solutions.exact ? "" : "at least ", solutions.count);
  std::cout << '\n';
  if (!output.explain) return;
  std::cout << fmt::format("  why: {}\n", effortReasons(effortShares(output.model, rating.features)));
  int number = 0;
  if (!output.fullExplanation) {
    for (const Move& move : explainMoves(puzzle, rating))
      std::cout << fmt::format("  {:>3}. {:{}}{}\n", ++number, "", move.depth * 2, move.text);
    return;
  }
  for (const RatingStep& step : rating.steps)
    std::cout << fmt::format("  {:>3}. {:{}}{}: {} ({})\n", ++number, "", step.depth * 2, step.strategy,
                             step.explanation, placementWords(puzzle, step.placement));
}

// rate --disassemble: an interlocking puzzle's grade from the level of its hardest solution, by the fixed
// table or a designer's (--grades).
int rateDisassembly(const Puzzle& puzzle, const std::string& path, const InterlockGradeTable& table,
                    bool json) {
  const DesignLevels apart = disassembleDesign(puzzle, path);
  const bool apartAtAll = !apart.levels.empty();
  const std::string level = apartAtAll ? apart.levels.front() : "";
  const Level grade = interlockGrade(levelNumbers(level), table.starts);
  if (json) {
    // A design that does not come apart has no grade and no level: those fields are left out (not null, so
    // that "level" is a grade name wherever it is there; docs/json.md), and comes_apart says why.
    nlohmann::ordered_json out;
    out["comes_apart"] = apartAtAll;
    if (apartAtAll) {
      out["level"] = levelName(grade);
      out["disassembly_level"] = level;
    }
    out["solutions"] = apart.levels.size();
    out["assemblies"] = apart.assemblies;
    out["levels"] = apart.levels;
    out["grades"] = table.name;
    out["grade_starts"] = table.starts;
    printJson(out);
    return 0;
  }
  if (!apartAtAll) {
    std::cout << fmt::format("none of its {} assemblies comes apart: no grade\n", apart.assemblies);
    return 0;
  }
  std::cout << fmt::format(
      "{}: level {}, {} solution{} (assemblies that come apart) of {} assemblies{}\n", levelName(grade),
      level.empty() ? "0" : level, apart.levels.size(), apart.levels.size() == 1 ? "" : "s", apart.assemblies,
      table.name == "fixed" ? std::string() : fmt::format(" (grades: {})", printableText(table.name)));
  return 0;
}

}  // namespace

int runRate(const std::vector<std::string>& args) {
  po::options_description options("options");
  addChallengeOptions(options, true);
  options.add_options()("explain",
                        po::value<std::string>()->implicit_value("short")->value_name("short|full"),
                        "the path a person would take: moves in words (short), or every step (full)")(
      "json", "print JSON (one object per line, one line per challenge)")(
      "disassemble",
      "grade an interlocking puzzle (no challenge) by the level of its hardest solution "
      "(docs/disassembly.md)")(
      "grades", po::value<std::string>()->value_name("GRADES"),
      "with --disassemble: grade by this table (made by 'piecework calibrate --interlocking') instead of "
      "the fixed one");
  addModelOption(options);
  addRulesOption(options);
  po::variables_map vm;
  if (!parseArguments(
          "rate",
          "piecework rate PUZZLE [--challenge TEXT | --challenge-file FILE] [--explain[=full]] [--json] "
          "[--model MODEL [--model-any-puzzle]] [--unlinked]\n       piecework rate PUZZLE --disassemble "
          "[--grades GRADES] [--json]",
          args, options, vm))
    return 0;
  const Puzzle puzzle = loadPuzzle(vm["puzzle"].as<std::string>());
  if (vm.count("grades") != 0U && vm.count("disassemble") == 0U)
    throw InputError("--grades applies only with --disassemble (--model grades challenges)");
  if (vm.count("disassemble") != 0U) {
    if (vm.count("challenge") != 0U || vm.count("challenge-file") != 0U || vm.count("explain") != 0U ||
        vm.count("model") != 0U)
      throw InputError(
          "rate --disassemble: grades the whole puzzle, without --challenge, --explain or --model");
    InterlockGradeTable table;
    if (vm.count("grades") != 0U) {
      const std::string file = vm["grades"].as<std::string>();
      table = parseInterlockGradeTable(readFileLimited(file, kMaxJsonLinesBytes, "the grade table"),
                                       "--grades " + file);
    }
    return rateDisassembly(puzzle, vm["puzzle"].as<std::string>(), table, vm.count("json") != 0U);
  }
  const std::optional<RatingModel> model = readModelOption(vm);
  checkModelPuzzle(model, puzzle, vm);
  const Rules rules = readRules(vm);
  const bool fromFile = vm.count("challenge-file") != 0U;

  std::vector<ChallengeText> texts;
  if (fromFile) {
    const std::string file = vm["challenge-file"].as<std::string>();
    texts =
        splitChallengeFile(puzzle, file == "-" ? "<stdin>" : file, challengeText(vm, kMaxChallengeListBytes));
  } else if (vm.count("challenge") != 0U) {
    texts.push_back({challengeText(vm), 0});
  } else {
    texts.push_back({formatChallenge(puzzle, {}), 0});  // the puzzle as posed: nothing placed
  }
  const std::string file = fromFile ? vm["challenge-file"].as<std::string>() : std::string();
  const ChallengeWhere where = [&](const ChallengeText& t) {
    return t.line == 0 ? std::string("challenge")
                       : fmt::format("{}:{}", file == "-" ? "<stdin>" : file, t.line);
  };
  // Read everything first, so that a bad line is reported before any slow work.
  const ChallengeBatch batch = readChallengeBatch(puzzle, std::move(texts), rules, where);
  const bool json = vm.count("json") != 0U;
  const bool explain = vm.count("explain") != 0U;
  const std::string explainForm = explain ? vm["explain"].as<std::string>() : "short";
  if (explainForm != "short" && explainForm != "full")
    throw InputError(fmt::format("--explain={}: expected short or full", explainForm));
  const RatedOutput output{fromFile, explain, explainForm == "full", model ? *model : shippedModel(puzzle)};
  rateChallengeBatch(puzzle, batch, model ? &*model : nullptr, where,
                     [&](std::size_t i, RatedChallenge& rated) {
                       if (json) return printRatingJson(puzzle, rated, batch.texts[i], output);
                       if (fromFile) std::cout << fmt::format("{} ", where(batch.texts[i]));
                       printRating(puzzle, rated, output);
                       if (fromFile && explain && i + 1 < batch.challenges.size()) std::cout << '\n';
                     });
  return 0;
}

}  // namespace piecework::cli

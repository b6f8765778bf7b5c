// SPDX-License-Identifier: Apache-2.0
// piecework calibrate: fit a rating model to a booklet whose levels people assigned (docs/rating.md).
//
// The booklet is a JSON-lines file, one challenge a line: {"challenge": TEXT, "level": "Starter".."Wizard"}
// (other keys, such as "n" or "solution", are ignored). Every line is read and checked before any fitting.
// A challenge needs a solution; one with several is rated as finding one of them.
#include <fmt/format.h>
#include <algorithm>
#include <array>
#include <iostream>
#include <map>
#include <optional>

#include "cli/command.hpp"
#include "puzzle/challenge.hpp"
#include "puzzle/definition.hpp"
#include "puzzle/errors.hpp"
#include "puzzle/limits.hpp"
#include "puzzle/replacing_file.hpp"
#include "rater/calibrate.hpp"
#include "rater/calibration_file.hpp"
#include "rater/model.hpp"
#include "rater/rater.hpp"
#include "solver/solver.hpp"

namespace piecework::cli {
namespace {

std::vector<std::string> splitNames(const std::string& list) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= list.size()) {
    const auto comma = list.find(',', start);
    const std::string name =
        list.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    if (!name.empty()) out.push_back(name);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return out;
}

// Resamples behind the intervals of the leave-one-out figures, and their seed: fixed, so that the same
// booklet prints the same intervals.
constexpr int kResamples = 2000;
constexpr std::uint64_t kResampleSeed = 1;

// Grades against the booklet's: counts[booklet level][graded level].
using Confusion = std::array<std::array<int, 5>, 5>;
Confusion confusion(const std::vector<Level>& assigned, const std::vector<Level>& predicted) {
  Confusion counts{};
  for (std::size_t i = 0; i < assigned.size(); ++i)
    ++counts[static_cast<std::size_t>(assigned[i])][static_cast<std::size_t>(predicted[i])];
  return counts;
}
Confusion confusion(const CrossValidation& cv) {
  return confusion(cv.assigned, cv.predicted);
}

void printConfusion(const Confusion& counts, const char* what) {
  std::cout << fmt::format("{} (rows: the file's level; columns: graded)\n", what);
  std::cout << fmt::format("{:<8}", "");
  for (int k = 0; k < 5; ++k) std::cout << fmt::format(" {:>7}", levelName(static_cast<Level>(k)));
  std::cout << "\n";
  for (int r = 0; r < 5; ++r) {
    std::cout << fmt::format("{:<8}", levelName(static_cast<Level>(r)));
    for (int c = 0; c < 5; ++c)
      std::cout << fmt::format(" {:>7}", counts[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)]);
    std::cout << "\n";
  }
}

int levelGap(Level a, Level b) {
  return std::abs(static_cast<int>(a) - static_cast<int>(b));
}

std::string baseName(const std::string& path) {
  const auto slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

void writeModel(const RatingModel& model, const std::string& out) {
  writeReplacingFile(out, "--out", "model", modelJson(model));
}

// --name, or the default; one line of printable text, so that every listing shows it whole.
// --for's puzzle (checked to be one), or the puzzle the model is fitted on.
std::string gradedPuzzle(const po::variables_map& vm, const Puzzle& fittedOn) {
  if (vm.count("for") == 0U) return fittedOn.name;
  try {
    return loadPuzzle(vm["for"].as<std::string>()).name;
  } catch (const InputError& e) {
    throw InputError(fmt::format("--for: {}", e.what()));
  }
}

// The default names a file, whose name may not be UTF-8: printableText makes it so.
std::string modelName(const po::variables_map& vm, const std::string& fallback) {
  const std::optional<std::string> name = textOption(vm, "name");  // refuses text that is not UTF-8
  if (!name) return printableText(fallback);
  constexpr std::size_t kLongest = 200;
  if (name->empty() || name->size() > kLongest)
    throw InputError(fmt::format("--name: one line of 1 to {} characters", kLongest));
  return *name;
}

int runEqualShares(const Puzzle& puzzle, const std::string& file, Rules rules, const RatingModel& base,
                   const po::variables_map& vm) {
  std::vector<RatingFeatures> pool;
  for (const CalibrationSample& s : readCalibrationFile(puzzle, file, rules, false, base.features))
    pool.push_back(s.features);
  RatingModel model;
  try {
    model = equalShareModel(base, pool);
  } catch (const InputError& e) {
    throw InputError(fmt::format("{}: {}", file, e.what()));
  }
  model.puzzle = gradedPuzzle(vm, puzzle);
  model.name = modelName(vm, fmt::format("{}: the effort of '{}', in equal shares of {}", puzzle.name,
                                         base.name, baseName(file)));
  model.crossValidation = fmt::format(
      "not fitted to levels: the effort of '{}' cut so that a fifth of the {} challenges of {} falls in each "
      "level",
      base.name, pool.size(), baseName(file));
  if (vm.count("out") != 0U) writeModel(model, vm["out"].as<std::string>());
  if (vm.count("json") != 0U) {
    printJson({{"samples", pool.size()},
               {"per_level", model.perLevel},
               {"model", nlohmann::json::parse(modelJson(model))}});
    return 0;
  }
  std::cout << fmt::format("{} challenges from {}; effort of '{}' on {}\n", pool.size(), file, base.name,
                           fmt::join(model.features, ", "));
  std::cout << fmt::format("per level: {}\n", fmt::join(model.perLevel, " / "));
  std::cout << (vm.count("out") != 0U ? fmt::format("wrote {}\n", vm["out"].as<std::string>())
                                      : std::string("(use --out MODEL to save the model)\n"));
  return 0;
}

// How sure the figures are, which levels are mistaken for which, and the challenges graded two or more
// levels away from the booklet's: what a publisher looks at to judge the model, or their own booklet.
void printDetails(const std::vector<CalibrationSample>& samples, const CrossValidation& cv,
                  const AgreementIntervals& intervals, bool naiveApplies) {
  std::cout << fmt::format(
      "95% intervals (the {} challenges resampled {} times): exact {}-{}, within one {}-{}, Spearman "
      "{:.3f}-{:.3f}\n",
      samples.size(), intervals.resamples, percentText(intervals.exact.low),
      percentText(intervals.exact.high), percentText(intervals.withinOne.low),
      percentText(intervals.withinOne.high), intervals.spearman.low, intervals.spearman.high);
  if (naiveApplies)
    std::cout << fmt::format(
        "Spearman of the model minus that of pieces to place alone: {:+.3f} ({:+.3f} to {:+.3f})\n",
        cv.model.spearman - cv.naive.spearman, intervals.spearmanGain.low, intervals.spearmanGain.high);
  printConfusion(confusion(cv), "leave-one-out grades");
  std::vector<std::string> far;
  for (std::size_t i = 0; i < samples.size(); ++i)
    if (levelGap(samples[i].level, cv.predicted[i]) >= 2)
      far.push_back(fmt::format("line {} ({}, graded {}, score {:.2f})", samples[i].line,
                                levelName(samples[i].level), levelName(cv.predicted[i]), cv.levelScores[i]));
  std::cout << (far.empty() ? std::string("no challenge graded two or more levels away\n")
                            : fmt::format("graded two or more levels away: {}\n", fmt::join(far, "; ")));
}

// The levels a model gives the samples, beside those they were given.
struct Grades {
  std::vector<Level> assigned;
  std::vector<Level> graded;
  Agreement agreement;
};
Grades gradeSamples(const RatingModel& model, const std::vector<CalibrationSample>& samples) {
  Grades out;
  std::vector<double> efforts;
  for (const CalibrationSample& s : samples) {
    const LevelEstimate e = estimateLevel(model, s.features);
    out.assigned.push_back(s.level);
    out.graded.push_back(e.level);
    efforts.push_back(e.effort);
  }
  out.agreement = agreement(out.assigned, out.graded, efforts);
  return out;
}

// How far a model, as it is, agrees with a graded booklet: no fitting, so a model fitted on one puzzle's
// booklet can be tried on another's (what to expect of a family that has no graded booklet).
int runAgreement(const Puzzle& puzzle, const std::string& file, Rules rules, const RatingModel& model,
                 const po::variables_map& vm) {
  const std::vector<CalibrationSample> samples =
      readCalibrationFile(puzzle, file, rules, true, model.features);
  const Grades grades = gradeSamples(model, samples);
  const Agreement& a = grades.agreement;
  if (vm.count("json") != 0U) {
    std::array<int, 5> perLevel{};
    for (const CalibrationSample& sample : samples) ++perLevel[static_cast<std::size_t>(sample.level)];
    printJson({{"samples", samples.size()},
               {"per_level", perLevel},
               {"model", nlohmann::json::parse(modelJson(model))},
               {"agreement", {{"exact", a.exact}, {"within_one", a.withinOne}, {"spearman", a.spearman}}},
               {"confusion", confusion(grades.assigned, grades.graded)}});
    return 0;
  }
  std::cout << fmt::format("{} challenges from {}, graded by '{}' as it is (nothing fitted)\n",
                           samples.size(), file, model.name);
  std::cout << fmt::format("{:<38} {:>7} {:>11} {:>9}\n", "", "exact", "within one", "Spearman");
  std::cout << fmt::format("{:<38} {:>7} {:>11} {:>9.3f}\n", "model", percentText(a.exact),
                           percentText(a.withinOne), a.spearman);
  printConfusion(confusion(grades.assigned, grades.graded), "grades");
  return 0;
}

}  // namespace

int runCalibrate(const std::vector<std::string>& args) {
  if (std::find(args.begin(), args.end(), "--playtests") != args.end()) return runCalibratePlaytests(args);
  if (std::find(args.begin(), args.end(), "--interlocking") != args.end())
    return runCalibrateInterlocking(args);
  po::options_description options("options");
  options.add_options()("out", po::value<std::string>()->value_name("MODEL"),
                        "write the fitted model to this file (JSON)")(
      "features", po::value<std::string>()->value_name("LIST"),
      "comma-separated features of the model (default: the rating method's, docs/rating.md, less those that "
      "are the same for every challenge of FILE)")(
      "penalty", po::value<double>()->value_name("X"),
      "ridge penalty on the weights (default: the shipped model's)")(
      "equal-shares",
      "FILE is a pool of challenges without levels: keep the effort of the shipped model (or --model's) and "
      "cut it so that a fifth of the pool falls in each level")(
      "agreement",
      "fit nothing: grade FILE with the shipped model (or --model's) and print how far it agrees with the "
      "file's levels")(
      "model", po::value<std::string>()->value_name("MODEL"),
      "with --equal-shares: the model whose effort to use; with --agreement: the model to try")(
      "model-any-puzzle", "with --agreement: let --model grade a puzzle other than the one it was fitted on")(
      "for", po::value<std::string>()->value_name("PUZZLE"),
      "the puzzle the model grades, when it is fitted on another's challenges (IQ-Link's model on IQ Fit's "
      "booklet: docs/rating.md); default: PUZZLE")(
      "name", po::value<std::string>()->value_name("TEXT"),
      "the model's name, which rate --json prints and the catalog records (default: 'PUZZLE fitted on FILE', "
      "with the features and penalty in brackets when --features or --penalty chose them, "
      "or with --equal-shares 'PUZZLE: the effort of MODEL, in equal shares of FILE')")(
      "json", "print the figures and the model as JSON")(
      "interlocking",
      "FILE lists graded interlocking designs (no PUZZLE): refit the grades by moves to the first "
      "separation, for rate --disassemble --grades (docs/disassembly.md; calibrate --interlocking --help)");
  addRulesOption(options);
  po::variables_map vm;
  if (!parseArguments(
          "calibrate",
          "piecework calibrate PUZZLE FILE [--out MODEL] [--features LIST] [--penalty X] [--name TEXT] "
          "[--for P] [--unlinked] [--json]\n"
          "       piecework calibrate PUZZLE FILE --equal-shares [--model MODEL] [--out MODEL] [--name TEXT] "
          "[--for P] [--json]\n"
          "       piecework calibrate PUZZLE FILE --agreement [--model MODEL [--model-any-puzzle]] [--json]\n"
          "       piecework calibrate --interlocking FILE [--out GRADES] [--name TEXT] [--json]",
          args, options, vm, kPuzzleArgument, true, "file"))
    return 0;
  if (vm.count("file") == 0U) throw InputError("missing FILE: the booklet to calibrate on (JSON lines)");
  const Puzzle puzzle = loadPuzzle(vm["puzzle"].as<std::string>());
  (void)modelName(vm, {});  // a bad --name or --for fails before the booklet is read
  (void)gradedPuzzle(vm, puzzle);
  Rules rules = readRules(vm);
  const RatingModel& shipped = shippedModel(puzzle);
  if (vm.count("equal-shares") != 0U && vm.count("agreement") != 0U)
    throw InputError(
        "--equal-shares fits a model and --agreement grades with one as it is: give one of them");
  if (vm.count("model-any-puzzle") != 0U && (vm.count("agreement") == 0U || vm.count("model") == 0U))
    throw InputError("--model-any-puzzle applies only with --agreement --model MODEL");
  if (vm.count("out") != 0U && sameFile(vm["out"].as<std::string>(), vm["file"].as<std::string>()))
    throw InputError(fmt::format("--out {}: is FILE, the challenges being calibrated on; give another name",
                                 vm["out"].as<std::string>()));
  if (vm.count("equal-shares") != 0U) {
    if (vm.count("features") != 0U || vm.count("penalty") != 0U)
      throw InputError(
          "--equal-shares keeps the model's features and weights; --features and --penalty do not apply");
    return runEqualShares(puzzle, vm["file"].as<std::string>(), rules,
                          vm.count("model") != 0U ? loadModel(vm["model"].as<std::string>()) : shipped, vm);
  }
  if (vm.count("agreement") != 0U) {
    if (vm.count("features") != 0U || vm.count("penalty") != 0U || vm.count("out") != 0U ||
        vm.count("name") != 0U)
      throw InputError("--agreement fits nothing; --features, --penalty, --out and --name do not apply");
    if (vm.count("for") != 0U) throw InputError("--agreement fits nothing; --for does not apply");
    const std::optional<RatingModel> model = readModelOption(vm);
    checkModelPuzzle(model, puzzle, vm);
    return runAgreement(puzzle, vm["file"].as<std::string>(), rules, model ? *model : shipped, vm);
  }
  if (vm.count("model") != 0U) throw InputError("--model applies only with --equal-shares or --agreement");
  const bool chosen = vm.count("features") != 0U;
  std::vector<std::string> features =
      chosen ? splitNames(vm["features"].as<std::string>()) : ratingFeatures();
  for (const std::string& name : features)
    if (std::find(modelFeatureNames().begin(), modelFeatureNames().end(), name) == modelFeatureNames().end())
      throw InputError(fmt::format("unknown rating feature '{}'", name));
  if (features.empty()) throw InputError("--features: no feature named");
  for (std::size_t i = 0; i < features.size(); ++i)
    if (std::find(features.begin(), features.begin() + static_cast<std::ptrdiff_t>(i), features[i]) !=
        features.begin() + static_cast<std::ptrdiff_t>(i))
      throw InputError(fmt::format("--features: '{}' is named twice", features[i]));
  const double penalty = vm.count("penalty") != 0U ? vm["penalty"].as<double>() : shipped.penalty;
  if (!(penalty >= 0 && penalty <= 1e6)) throw InputError("--penalty: must be from 0 to 1000000");

  const std::string file = vm["file"].as<std::string>();
  const std::vector<CalibrationSample> samples = readCalibrationFile(puzzle, file, rules, true, features);
  // A feature with the same value for every challenge cannot tell levels apart (IQ Focus: 10 pieces to place
  // in every pattern; IQ Fit: no colour marks). Asked for by name, it is an error; among the rating method's
  // features it is left out.
  auto constant = [&](const std::string& name) {
    const double first = modelFeature(samples.front().features, name);
    return std::all_of(samples.begin(), samples.end(),
                       [&](const CalibrationSample& c) { return modelFeature(c.features, name) == first; });
  };
  std::vector<std::string> leftOut;
  for (const std::string& name : std::vector<std::string>(features))
    if (constant(name)) {
      if (chosen)
        throw InputError(
            fmt::format("{}: feature '{}' is the same for every challenge; it cannot tell the levels "
                        "apart (choose others with --features)",
                        file, name));
      leftOut.push_back(name);
      features.erase(std::find(features.begin(), features.end(), name));
    }
  if (features.empty())
    throw InputError(
        fmt::format("{}: none of the features {} varies over these challenges; choose others with "
                    "--features",
                    file, fmt::join(leftOut, ", ")));
  const bool naiveApplies = !constant("to_place");
  RatingModel model = fitRatingModel(samples, features, penalty);
  const CrossValidation cv = crossValidate(samples, features, penalty);
  const Agreement inSample = gradeSamples(model, samples).agreement;
  // A fit with other features or penalty than the defaults says so, so that it is not named as the default.
  std::string differs;
  if (chosen) differs = fmt::format("{}", fmt::join(features, ", "));
  if (vm.count("penalty") != 0U) differs += fmt::format("{}penalty {}", differs.empty() ? "" : "; ", penalty);
  model.name = modelName(vm, fmt::format("{} fitted on {}{}", puzzle.name, baseName(file),
                                         differs.empty() ? "" : " (" + differs + ")"));
  model.puzzle = gradedPuzzle(vm, puzzle);
  model.crossValidation = fmt::format(
      "leave-one-out on {} challenges: exact {}, within one level {}, Spearman {:.3f}{}", samples.size(),
      percentText(cv.model.exact), percentText(cv.model.withinOne), cv.model.spearman,
      naiveApplies ? fmt::format(" (pieces to place alone: {}, {}, {:.3f})", percentText(cv.naive.exact),
                                 percentText(cv.naive.withinOne), cv.naive.spearman)
                   : std::string());

  const AgreementIntervals intervals = bootstrapIntervals(cv, kResamples, kResampleSeed);

  if (vm.count("out") != 0U) writeModel(model, vm["out"].as<std::string>());
  if (vm.count("json") != 0U) {
    auto range = [](const Interval& i) { return nlohmann::json::array({i.low, i.high}); };
    nlohmann::json intervalsJson = {{"coverage", 0.95},
                                    {"resamples", intervals.resamples},
                                    {"exact", range(intervals.exact)},
                                    {"within_one", range(intervals.withinOne)},
                                    {"spearman", range(intervals.spearman)}};
    if (naiveApplies) intervalsJson["spearman_minus_naive"] = range(intervals.spearmanGain);
    nlohmann::json perChallenge = nlohmann::json::array();
    for (std::size_t i = 0; i < samples.size(); ++i)
      perChallenge.push_back({{"line", samples[i].line},
                              {"level", levelName(samples[i].level)},
                              {"graded", levelName(cv.predicted[i])},
                              {"score", std::round(cv.levelScores[i] * 1000) / 1000}});
    auto figures = [](const Agreement& a) {
      return nlohmann::json{{"exact", a.exact}, {"within_one", a.withinOne}, {"spearman", a.spearman}};
    };
    std::array<int, 5> perLevel{};
    for (const CalibrationSample& s : samples) ++perLevel[static_cast<std::size_t>(s.level)];
    printJson({{"samples", samples.size()},
               {"per_level", perLevel},
               {"cross_validated", figures(cv.model)},
               {"naive_cross_validated", naiveApplies ? figures(cv.naive) : nlohmann::json(nullptr)},
               {"left_out", leftOut},
               {"intervals", intervalsJson},
               {"confusion", confusion(cv)},
               {"leave_one_out", perChallenge},
               {"in_sample", figures(inSample)},
               {"model", nlohmann::json::parse(modelJson(model))}});
    return 0;
  }
  std::cout << fmt::format("{} challenges from {}; features: {}; penalty {}\n", samples.size(), file,
                           fmt::join(features, ", "), penalty);
  if (!leftOut.empty())
    std::cout << fmt::format("(left out, the same for every challenge: {})\n", fmt::join(leftOut, ", "));
  std::cout << fmt::format("{:<38} {:>7} {:>11} {:>9}\n", "", "exact", "within one", "Spearman");
  auto row = [](const char* what, const Agreement& a) {
    std::cout << fmt::format("{:<38} {:>7} {:>11} {:>9.3f}\n", what, percentText(a.exact),
                             percentText(a.withinOne), a.spearman);
  };
  row("model, leave-one-out", cv.model);
  if (naiveApplies)
    row("pieces to place alone, leave-one-out", cv.naive);
  else
    std::cout << fmt::format("{:<38} {}\n", "pieces to place alone", "(the same for every challenge)");
  row("model, on its own challenges", inSample);
  printDetails(samples, cv, intervals, naiveApplies);
  std::cout << (vm.count("out") != 0U ? fmt::format("wrote {}\n", vm["out"].as<std::string>())
                                      : std::string("(use --out MODEL to save the model)\n"));
  return 0;
}

}  // namespace piecework::cli

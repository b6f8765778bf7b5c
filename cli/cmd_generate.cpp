// SPDX-License-Identifier: Apache-2.0
// piecework generate: new unique challenges at a requested level, reproducible from a seed
// (docs/generating.md).
#include <fmt/format.h>
#include <unistd.h>
#include <algorithm>
#include <cctype>
#include <charconv>
#include <chrono>
#include <fstream>
#include <iostream>
#include <optional>
#include <random>
#include <sstream>
#include <string_view>

#include "cli/command.hpp"
#include "db/catalog.hpp"
#include "db/catalog_sink.hpp"
#include "generator/generator.hpp"
#include "generator/level_reach.hpp"
#include "output/text.hpp"
#include "puzzle/definition.hpp"
#include "puzzle/errors.hpp"
#include "puzzle/limits.hpp"

namespace piecework::cli {
namespace {

// The catalog that `generate` stores into when --db is not given. None for now: generated challenges are only
// printed. (The catalog may later make ./piecework.sqlite the default; this is the one place to change.)
std::optional<std::string> defaultCatalogPath() {
  return std::nullopt;
}

// Seeds are strings: a 64-bit number in JSON is read rounded by jq and JavaScript (docs/json.md).
nlohmann::json toJson(const Puzzle& puzzle, const GeneratedChallenge& c) {
  return {{"puzzle", puzzle.name},      {"challenge", c.challengeText},
          {"solution", c.solutionText}, {"level", levelName(c.rating.level)},
          {"score", c.rating.score},    {"given", c.given},
          {"to_place", c.toPlace},      {"seed", std::to_string(c.seed)}};
}

// `text` as one word of a shell command: as it is when it has no character the shell reads otherwise, else in
// single quotes.
std::string shellWord(const std::string& text) {
  const bool plain = !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 ||
           std::string_view("_./-+:,=@%").find(c) != std::string_view::npos;
  });
  if (plain) return text;
  std::string quoted = "'";
  for (const char c : text) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

// `again`: the options besides --level that regenerate the challenge with its seed (--unlinked, --model).
void printListing(const Puzzle& puzzle, int index, const GeneratedChallenge& c, bool colour,
                  const std::string& again) {
  std::cout << fmt::format("#{}  {}  score {:.2f}  {} given, {} to place  (--challenge-seed {}{})\n",
                           index + 1, levelName(c.rating.level), c.rating.score, c.given, c.toPlace, c.seed,
                           again);
  std::cout << fmt::format("challenge: {}\nsolution:  {}\n", c.challengeText, c.solutionText);
  std::cout << boardPicture(puzzle, c.givens, colour, c.marks) << '\n';
}

std::string rejectSummary(const GenerateStats& stats) {
  std::string text;
  for (int r = 1; r < kRejectKinds; ++r) {
    const std::uint64_t n = stats.rejects[static_cast<std::size_t>(r)];
    if (n != 0)
      text += fmt::format("{}{} {}", text.empty() ? "" : ", ", n, rejectName(static_cast<Reject>(r)));
  }
  return text.empty() ? "none" : text;
}

// A level that no challenge of the puzzle reaches is refused before any attempt (docs/generating.md, "Levels
// a puzzle reaches"), where the census can tell at once; otherwise the attempts find out.
void refuseUnreachableLevel(const Puzzle& puzzle, const std::string& given, Level level, const Rules& rules,
                            const RatingModel* model) {
  const LevelReach reach = levelReach(puzzle, rules, model, level);
  if (reach.reaches(level)) return;
  std::string reached;
  for (int l = 0; l < 5; ++l)
    if (const std::uint64_t n = reach.atLevel[static_cast<std::size_t>(l)]; n != 0)
      reached += fmt::format("{}{} {}", reached.empty() ? "" : ", ", levelName(static_cast<Level>(l)), n);
  throw InputError(fmt::format(
      "generate: --level {}: no challenge of {}{} is graded {}; of its {} unique challenges (every one "
      "graded) "
      "the levels reached are {} (piecework show {})",
      levelName(level), puzzle.name, rules.familyRule || !puzzle.hasFamilyRule ? "" : " (unlinked)",
      levelName(level), reach.challenges, reached.empty() ? "none" : reached, shellWord(given)));
}

}  // namespace

int runGenerate(const std::vector<std::string>& args) {
  po::options_description options("options");
  options.add_options()("level", po::value<std::string>(),
                        "Starter, Junior, Expert, Master or Wizard (required)")(
      "count", po::value<int>()->default_value(1), "how many challenges")(
      "seed", po::value<std::string>(), "batch seed (default: a random one, printed on stderr)")(
      "challenge-seed", po::value<std::string>(),
      "regenerate the one challenge printed with this seed (same puzzle, --level, --unlinked and --model)")(
      "db", po::value<std::string>(), "store the challenges in this catalog (SQLite file)")(
      "threads", po::value<int>()->default_value(0), "threads to use (0: every core)")(
      "max-attempts", po::value<int>(),
      "attempts per challenge before the batch gives up (exit status 1, partial batch printed); default "
      "300, or 4 times the most an earlier challenge of the batch needed")(
      "json", "one JSON object per line")("quiet,q", "no summary on stderr")(
      "stats", "also print where the time went (stderr)");
  addModelOption(options);
  addRulesOption(options);
  po::variables_map vm;
  if (!parseArguments(
          "generate",
          "piecework generate PUZZLE --level LEVEL --count N [--seed S | --challenge-seed S] [--db FILE] "
          "[--threads N] [--max-attempts N] [--unlinked] [--model MODEL [--model-any-puzzle]] [--quiet] "
          "[--stats] "
          "[--json]",
          args, options, vm))
    return 0;
  if (vm.count("level") == 0U)
    throw InputError("generate: missing --level (Starter, Junior, Expert, Master or Wizard)");
  const std::string levelText = vm["level"].as<std::string>();
  const std::optional<Level> level = parseLevel(levelText);
  if (!level)
    throw InputError(
        fmt::format("--level '{}': unknown level (Starter, Junior, Expert, Master or Wizard)", levelText));
  const int count = vm["count"].as<int>();
  if (count < 1 || count > 1000000)
    throw InputError(fmt::format("--count {}: must be from 1 to 1000000", count));
  const int threads = readThreads(vm);
  const int maxAttempts = vm.count("max-attempts") != 0U ? vm["max-attempts"].as<int>() : 0;  // 0: default
  if (vm.count("max-attempts") != 0U && maxAttempts < 1)
    throw InputError(fmt::format("--max-attempts {}: must be 1 or more", maxAttempts));
  if (vm.count("seed") != 0U && vm.count("challenge-seed") != 0U)
    throw InputError("give --seed (a batch) or --challenge-seed (one challenge), not both");
  if (vm.count("challenge-seed") != 0U && !vm["count"].defaulted() && count != 1)
    throw InputError("--challenge-seed regenerates one challenge; --count must be 1");

  const std::string puzzleName = vm["puzzle"].as<std::string>();
  // The definition the catalog keeps beside the challenges: the shipped text, the file's content, or a
  // BurrTools problem written as a definition (never the BurrTools file's bytes: they are not TOML).
  std::string definitionText;
  const Puzzle puzzle = loadPuzzle(puzzleName, definitionText);
  puzzle.requireFixedCopies("generating challenges");  // (before the seed line: one line on stderr)
  Rules rules = readRules(vm);
  const std::optional<RatingModel> model = readModelOption(vm);
  checkModelPuzzle(model, puzzle, vm);
  const RatingModel* modelUsed = model ? &*model : nullptr;
  refuseUnreachableLevel(puzzle, puzzleName, *level, rules, modelUsed);
  const bool json = vm.count("json") != 0U;
  const bool quiet = vm.count("quiet") != 0U;
  const bool colour = !json && stdoutWantsColour();

  std::unique_ptr<db::ChallengeSink> sink;
  std::optional<std::string> catalog =
      vm.count("db") != 0U ? std::optional(vm["db"].as<std::string>()) : defaultCatalogPath();
  if (catalog) sink = db::openCatalogSink(*catalog, puzzle, definitionText, modelUsed);
  int alreadyStored = 0;
  // Lines graded by another model than the shipped one say which, as the catalog's export does, so that
  // `catalog import` records it.
  const std::optional<db::GradingModel> gradedBy = db::gradingModel(puzzle, modelUsed);
  std::string again = puzzle.hasFamilyRule && !rules.familyRule ? " --unlinked" : "";
  if (vm.count("model") != 0U) again += " --model " + shellWord(vm["model"].as<std::string>());
  if (vm.count("model-any-puzzle") != 0U) again += " --model-any-puzzle";
  auto emit = [&](int index, const GeneratedChallenge& c) {
    // Stored first, printed after its transaction commits: a challenge on the screen is in the catalog, even
    // when the disk fills or the process is killed right after.
    if (sink && !sink->store(c)) ++alreadyStored;
    if (json) {
      nlohmann::json line = toJson(puzzle, c);
      if (gradedBy) {
        line["model"] = gradedBy->name;
        line["model_fingerprint"] = gradedBy->fingerprint;
      }
      printJson(line);
    } else {
      printListing(puzzle, index, c, colour, again);
    }
    std::cout.flush();
  };

  if (vm.count("challenge-seed") != 0U) {
    const std::uint64_t seed =
        parseWholeNumber(vm["challenge-seed"].as<std::string>(), "--challenge-seed", 0, UINT64_MAX);
    const AttemptResult attempt = generateAttempt(puzzle, *level, rules, seed, modelUsed);
    if (!attempt.challenge) {
      std::cerr << fmt::format(
          "piecework: generate: --challenge-seed {} gives no {} challenge of {}{} ({})\n", seed,
          levelName(*level), puzzle.name, rules.familyRule ? "" : " (unlinked)", rejectName(attempt.reject));
      return 1;
    }
    emit(0, *attempt.challenge);
    return 0;
  }

  std::uint64_t seed = 0;
  if (vm.count("seed") != 0U) {
    seed = parseWholeNumber(vm["seed"].as<std::string>(), "--seed", 0, UINT64_MAX);
  } else {
    std::random_device device;
    seed = (static_cast<std::uint64_t>(device()) << 32U) ^ device();
    std::cerr << fmt::format("piecework: generate: seed {} (repeat this batch with --seed {})\n", seed, seed);
  }

  GenerateOptions generate;
  generate.level = *level;
  generate.count = count;
  generate.seed = seed;
  generate.rules = rules;
  generate.threads = threads;
  generate.maxAttempts = maxAttempts;
  generate.model = modelUsed;
  generate.accepted = emit;
  generate.keep = false;  // printed and stored as they come: memory stays flat however many are asked for
  const bool progress = isatty(STDERR_FILENO) != 0;
  const auto start = std::chrono::steady_clock::now();
  auto lastProgress = start;
  bool progressShown = false;
  if (progress) {
    generate.progress = [&](int done, const GenerateStats& stats) {
      const auto now = std::chrono::steady_clock::now();
      // The first report shows at once (a long search says so from its first attempt), later ones at most
      // four times a second.
      if (progressShown && now - lastProgress < std::chrono::milliseconds(250)) return;
      lastProgress = now;
      progressShown = true;
      std::cerr
          << fmt::format(
                 "\rgenerating: {}/{} {} challenges, {} attempts, challenge {}: attempt {} of at most {}, "
                 "{:.0f} s\x1b[K",
                 done, count, levelName(*level), stats.attempts, done + 1, stats.currentAttempts,
                 stats.attemptCap, std::chrono::duration<double>(now - start).count())
          << std::flush;
    };
  }
  const GenerateResult result = generateBatch(puzzle, generate);
  if (progressShown) std::cerr << "\r\x1b[K" << std::flush;

  const GenerateStats& s = result.stats;
  const auto accepted = result.produced;
  if (!quiet)
    std::cerr << fmt::format(
        "piecework: generate: {} of {} {} challenges in {:.2f} s ({:.3f} s each); {} attempts, {:.0f}% "
        "accepted; "
        "rejects: {}{}\n",
        accepted, count, levelName(*level), s.seconds,
        accepted != 0 ? s.seconds / static_cast<double>(accepted) : 0.0, s.attempts,
        s.attempts != 0 ? 100.0 * static_cast<double>(accepted) / static_cast<double>(s.attempts) : 0.0,
        rejectSummary(s),
        alreadyStored != 0 ? fmt::format("; {} already in the catalog", alreadyStored) : "");
  if (!quiet && vm.count("stats") != 0U)
    std::cerr << fmt::format(
        "piecework: generate: {} removal passes, {:.0f}% of them hit the level; seconds in full solutions "
        "{:.2f}, uniqueness checks {:.2f} ({} calls, slowest "
        "{:.3f}), "
        "ratings {:.2f} ({} calls), second checks {:.2f}; {} solver nodes; {} attempts run ahead and "
        "discarded; at most {} attempts for one challenge\n",
        s.passes,
        s.passes != 0 ? 100.0 * static_cast<double>(s.passesHit) / static_cast<double>(s.passes) : 0.0,
        s.solutionSeconds, s.uniquenessSeconds, s.uniquenessChecks, s.maxUniquenessSeconds, s.ratingSeconds,
        s.ratings, s.checkSeconds, s.nodes, s.discarded, s.mostAttempts);
  if (!result.complete) {
    std::cerr << fmt::format("piecework: generate: {}\n", result.failure);
    return 1;
  }
  return 0;
}

}  // namespace piecework::cli

// SPDX-License-Identifier: Apache-2.0
// piecework play: challenges as one self-contained web page to play in a browser, which records each attempt
// for a playtest (docs/playtesting.md).
#include <fmt/format.h>

#include <iostream>
#include <map>
#include <optional>
#include <string>

#include "cli/command.hpp"
#include "db/catalog.hpp"
#include "db/stored_check.hpp"
#include "output/play/play_page.hpp"
#include "puzzle/challenge.hpp"
#include "puzzle/challenge_file.hpp"
#include "puzzle/definition.hpp"
#include "puzzle/errors.hpp"
#include "puzzle/replacing_file.hpp"
#include "rater/rater.hpp"

namespace piecework::cli {
namespace {

// The challenges of --challenge or --challenge-file (one or more) for the puzzle named on the command line.
PlaySet fromCommandLine(const Puzzle& puzzle, const po::variables_map& vm, const RatingModel* model) {
  std::vector<ChallengeText> texts;
  const bool fromFile = vm.count("challenge-file") != 0U;
  const std::string file = fromFile ? vm["challenge-file"].as<std::string>() : std::string();
  if (fromFile)
    texts =
        splitChallengeFile(puzzle, file == "-" ? "<stdin>" : file, challengeText(vm, kMaxChallengeListBytes));
  else
    texts.push_back({challengeText(vm), 0});
  const Rules rules = readRules(vm);
  PlaySet set{&puzzle, {}};
  for (const ChallengeText& t : texts) {
    const std::string where = t.line == 0 ? "challenge" : fmt::format("{}:{}", file, t.line);
    try {
      const Challenge challenge = parseChallengeText(puzzle, t.text);
      set.challenges.push_back(
          playChallenge(puzzle, challenge, rules, model, formatChallengeText(puzzle, challenge)));
    } catch (const InputError& error) {
      throw InputError(fmt::format("{}: {}", where, error.what()));
    }
  }
  return set;
}

// The catalog's challenges that match --puzzle and --level, as `booklet` selects them, each checked against
// a fresh solve; one set per puzzle, in the catalog's order.
std::vector<PlaySet> fromCatalog(const po::variables_map& vm, db::StoredPuzzles& puzzles,
                                 const RatingModel* model) {
  db::ChallengeFilter filter;
  if (vm.count("puzzle") != 0U)
    for (const auto& p : vm["puzzle"].as<std::vector<std::string>>())
      filter.puzzles.push_back(p.find('/') != std::string::npos || p.ends_with(".toml") ? loadPuzzle(p).name
                                                                                        : p);
  if (vm.count("level") != 0U)
    for (const auto& l : vm["level"].as<std::vector<std::string>>()) {
      const auto level = parseLevel(l);
      if (!level)
        throw InputError(fmt::format("--level {}: expected Starter, Junior, Expert, Master or Wizard", l));
      filter.levels.push_back(*level);
    }
  const std::string path = vm["db"].as<std::string>();
  std::vector<db::StoredChallenge> stored;
  {
    const db::Catalog catalog(path, db::Catalog::Access::ReadOnly);
    stored = catalog.challenges(filter);
  }
  if (stored.empty())
    throw InputError(fmt::format("{}: no stored challenges match (see 'piecework catalog list')", path));
  std::vector<PlaySet> sets;
  std::map<const Puzzle*, std::size_t> setOf;
  for (const auto& row : stored) {
    const Puzzle* puzzle = &puzzles.of(row);
    if (!setOf.contains(puzzle)) {
      setOf[puzzle] = sets.size();
      sets.push_back({puzzle, {}});
    }
    const db::CheckedChallenge checked = db::checkStoredChallenge(*puzzle, row, path);
    PlayChallenge play =
        playChallenge(*puzzle, checked.challenge, db::rulesOf(row), model, row.challengeText);
    play.catalogId = row.id;
    play.label = fmt::format("#{} {} (score {:.2f})", row.id, levelName(row.level), row.score);
    sets[setOf[puzzle]].challenges.push_back(std::move(play));
  }
  return sets;
}

}  // namespace

int runPlay(const std::vector<std::string>& args) {
  po::options_description options("options");
  addChallengeOptions(options, true);
  options.add_options()("out,o", po::value<std::string>(), "write the page here (FILE.html)")(
      "db", po::value<std::string>(), "play the challenges stored in this catalog instead")(
      "puzzle", po::value<std::vector<std::string>>()->composing(),
      "with --db: only this puzzle (repeatable)")(
      "level", po::value<std::vector<std::string>>()->composing(),
      "with --db: only this level, Starter to Wizard (repeatable)")(
      "title", po::value<std::string>(), "the page's heading (default: the puzzle's title)")(
      "json", "print the summary as one JSON object");
  addModelOption(options);
  addRulesOption(options, "answers");
  po::variables_map vm;
  const char* usage =
      "piecework play PUZZLE (--challenge TEXT | --challenge-file FILE) --out FILE.html [--title T] "
      "[--model MODEL [--model-any-puzzle]] [--unlinked] [--json]\n"
      "       piecework play --db CATALOG [--puzzle P]... [--level L]... --out FILE.html";
  // (the positional PUZZLE has a name of its own: --puzzle is the catalog's filter, as in booklet)
  if (!parseArguments("play", usage, args, options, vm, "puzzle-file", false)) return 0;
  const std::optional<std::string> title = textOption(vm, "title");
  if (vm.count("out") == 0U) throw InputError("play: missing --out FILE.html");
  const std::string out = vm["out"].as<std::string>();
  if (!out.ends_with(".html") && !out.ends_with(".htm"))
    throw InputError(fmt::format("--out {}: the page is HTML; name it FILE.html", out));
  refuseOutputOverInputs(vm, out, {"challenge-file", "db", "model"});
  const std::optional<RatingModel> model = readModelOption(vm);
  const bool fromDb = vm.count("db") != 0U;
  const bool given = vm.count("challenge") != 0U || vm.count("challenge-file") != 0U;
  if (fromDb && (given || vm.count("puzzle-file") != 0U))
    throw InputError("play: give PUZZLE with --challenge or --challenge-file, or --db, not both");
  if (!fromDb && (vm.count("puzzle") != 0U || vm.count("level") != 0U))
    throw InputError("play: --puzzle and --level select from a catalog; they need --db");
  std::vector<PlaySet> sets;
  std::optional<Puzzle> puzzle;
  db::StoredPuzzles stored(fromDb ? vm["db"].as<std::string>() : std::string());
  if (fromDb) {
    sets = fromCatalog(vm, stored, model ? &*model : nullptr);
  } else {
    if (vm.count("puzzle-file") == 0U) throw InputError("play: missing PUZZLE (or --db CATALOG)");
    if (!given) throw InputError("play: missing --challenge (or --challenge-file)");
    puzzle = loadPuzzle(vm["puzzle-file"].as<std::string>());
    checkModelPuzzle(model, *puzzle, vm);
    sets.push_back(fromCommandLine(*puzzle, vm, model ? &*model : nullptr));
  }
  for (const PlaySet& set : sets) checkModelPuzzle(model, *set.puzzle, vm);
  std::size_t count = 0;
  for (const PlaySet& set : sets) count += set.challenges.size();
  const std::string heading =
      title ? *title
            : (sets.size() == 1 ? (sets.front().puzzle->title.empty() ? sets.front().puzzle->name
                                                                      : sets.front().puzzle->title)
                                : std::string("piecework challenges"));
  const std::string page = playPage(sets, heading);
  writeReplacingFile(out, "--out", "page", page);
  if (vm.count("json") != 0U) {
    nlohmann::ordered_json summary;
    summary["file"] = out;
    summary["challenges"] = count;
    summary["bytes"] = page.size();
    printJson(summary);
    return 0;
  }
  std::cout << fmt::format("wrote {} ({} challenge{}, {} KB)\n", out, count, count == 1 ? "" : "s",
                           (page.size() + 1023) / 1024);
  return 0;
}

}  // namespace piecework::cli

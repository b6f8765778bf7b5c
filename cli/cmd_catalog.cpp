// SPDX-License-Identifier: Apache-2.0
// piecework catalog list|show|import|export|rate|check: the SQLite catalog of challenges (docs/catalog.md).
#include <fmt/format.h>

#include <algorithm>
#include <climits>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <sstream>

#include "cli/catalog_import.hpp"
#include "cli/command.hpp"
#include "cli/csv.hpp"
#include "db/catalog.hpp"
#include "db/stored_check.hpp"
#include "output/text.hpp"
#include "puzzle/challenge.hpp"
#include "puzzle/definition.hpp"
#include "puzzle/errors.hpp"
#include "puzzle/limits.hpp"
#include "rater/model.hpp"
#include "rater/rater.hpp"
#include "solver/problem.hpp"
#include "solver/solver.hpp"

namespace piecework::cli {

namespace {

using ordered_json = nlohmann::ordered_json;

constexpr const char* kCatalogUsage =
    "piecework catalog list|show|import|export|rate|check [--db FILE] [OPTIONS]\n\n"
    "  list   [--puzzle P]... [--level L]... [--to-place N] [--json]   the stored challenges, easiest first\n"
    "  show   ID [--json]                                             one challenge with its pictures\n"
    "  import FILE|- [--puzzle P]... [--model M] [--json]             add JSON lines or CSV (export or "
    "generate --json), graded here\n"
    "  export [--format jsonl|csv] [--out FILE [--json]] [filters]    every stored challenge (and custom "
    "definition)\n"
    "  rate   [filters] [--all] [--model M] [--json]                  re-rate challenges graded by an older "
    "rater or another model\n"
    "  check  [--json]                                                every row parsed and its solution "
    "proved; damaged rows by id\n\n"
    "The catalog is ./piecework.sqlite unless --db FILE is given. 'piecework catalog SUBCOMMAND --help' "
    "lists the\n"
    "subcommand's options.";

// Parses a subcommand's options (and --db), with at most one positional argument stored under `positional`.
bool parseSub(const std::string& sub, const std::string& usage, const std::vector<std::string>& args,
              po::options_description& options, po::variables_map& vm, const char* positional = nullptr) {
  options.add_options()("db", po::value<std::string>()->default_value(db::kDefaultCatalogPath),
                        "the catalog file");
  const std::string command = "catalog " + sub;
  return parseArguments(command.c_str(), usage.c_str(), args, options, vm, positional, false);
}

void addFilterOptions(po::options_description& options) {
  options.add_options()("puzzle", po::value<std::vector<std::string>>()->composing(),
                        "only this puzzle (a name; repeat for several)")(
      "level", po::value<std::vector<std::string>>()->composing(),
      "only this level: Starter, Junior, Expert, Master or Wizard (repeat for several)")(
      "to-place", po::value<int>(), "only challenges with this many pieces to place");
}

// A puzzle argument names a puzzle in the catalog; a definition file stands for the name inside it.
std::string puzzleName(const std::string& argument) {
  if (!shippedText(argument).empty()) return argument;
  std::error_code ec;
  if (std::filesystem::is_regular_file(argument, ec)) return loadPuzzle(argument).name;
  return argument;
}

db::ChallengeFilter readFilter(const po::variables_map& vm) {
  db::ChallengeFilter filter;
  if (vm.count("puzzle") != 0U)
    for (const auto& p : vm["puzzle"].as<std::vector<std::string>>()) filter.puzzles.push_back(puzzleName(p));
  if (vm.count("level") != 0U)
    for (const auto& name : vm["level"].as<std::vector<std::string>>()) {
      const auto level = parseLevel(name);
      if (!level)
        throw InputError(
            fmt::format("--level: unknown level '{}' (Starter, Junior, Expert, Master or Wizard)", name));
      filter.levels.push_back(*level);
    }
  if (vm.count("to-place") != 0U) {
    filter.toPlace = vm["to-place"].as<int>();
    if (*filter.toPlace < 0)
      throw InputError(fmt::format("--to-place {}: must be 0 or more", *filter.toPlace));
  }
  return filter;
}

std::string catalogPath(const po::variables_map& vm) {
  return vm["db"].as<std::string>();
}

// The record of one challenge as export writes it and import reads it (generate --json lines are a subset).
ordered_json record(const db::StoredChallenge& c) {
  ordered_json j;
  j["puzzle"] = c.puzzleName;
  j["challenge"] = c.challengeText;
  j["solution"] = c.solutionText;
  j["level"] = levelName(c.level);
  // null: the file it was imported from gave no level (or it was generated here).
  j["official_level"] = c.officialLevel ? ordered_json(levelName(*c.officialLevel)) : ordered_json(nullptr);
  j["score"] = c.score;
  j["given"] = c.given;
  j["to_place"] = c.toPlace;
  if (c.seed) j["seed"] = std::to_string(*c.seed);  // a string: JSON numbers past 2^53 are read rounded
  j["unlinked"] = c.unlinked;
  j["rater_version"] = c.raterVersion;
  // null: the puzzle's shipped model gave the grade.
  j["model"] = c.model ? ordered_json(c.model->name) : ordered_json(nullptr);
  j["model_fingerprint"] = c.model ? ordered_json(c.model->fingerprint) : ordered_json(nullptr);
  j["strategies"] = ordered_json::parse(c.strategyUse, nullptr, false);
  if (j["strategies"].is_discarded()) j["strategies"] = c.strategyUse;
  if (c.generatorVersion) j["generator_version"] = *c.generatorVersion;
  j["created"] = c.createdAt;
  j["definition_hash"] = c.definitionHash;
  return j;
}

// The columns of a CSV export, in order; import reads a header naming (some of) them in any order.
constexpr const char* kCsvColumns[] = {"puzzle",        "challenge",       "solution",   "level",
                                       "score",         "given",           "to_place",   "seed",
                                       "unlinked",      "rater_version",   "strategies", "generator_version",
                                       "created",       "definition_hash", "model",      "model_fingerprint",
                                       "official_level"};

// The line that carries a definition the challenges after it refer to (export writes one for every puzzle
// that is not shipped with this text; import needs no --puzzle for them).
ordered_json definitionRecord(const std::string& name, const std::string& text, const std::string& hash) {
  ordered_json definition;
  definition["name"] = name;
  definition["hash"] = hash;
  definition["text"] = text;
  ordered_json j;
  j["definition"] = std::move(definition);
  return j;
}

bool isShippedDefinition(const std::string& name, const std::string& text) {
  return shippedText(name) == text;
}

// ---------------------------------------------------------------- list, show, export

// " (graded by model NAME)" for a grade that is not the shipped model's, else nothing.
std::string gradedByNote(const db::StoredChallenge& c) {
  return c.model ? fmt::format(" (graded by model {})", c.model->name) : std::string();
}

int runList(const std::vector<std::string>& args) {
  po::options_description options("catalog list options");
  addFilterOptions(options);
  options.add_options()("json", "one JSON object per line (the export form with the challenge's id)");
  po::variables_map vm;
  if (!parseSub("list",
                "piecework catalog list [--db FILE] [--puzzle P]... [--level L]... [--to-place N] [--json]",
                args, options, vm))
    return 0;
  const db::Catalog catalog(catalogPath(vm), db::Catalog::Access::ReadOnly);
  const auto rows = catalog.challenges(readFilter(vm));
  db::quickCheckStoredChallenges(rows, catalog.path());  // a damaged row is named, never printed
  if (vm.count("json") != 0U) {
    for (const auto& c : rows) {
      ordered_json j;
      j["id"] = c.id;
      j.update(record(c));
      std::cout << j.dump() << '\n';
    }
    return 0;
  }
  if (rows.empty()) {
    std::cerr << fmt::format("{}: no challenges match\n", catalog.path());
    return 0;
  }
  std::cout << fmt::format("{:>6}  {:<20} {:<8} {:>8} {:>5} {:>8}  {}\n", "id", "puzzle", "level", "score",
                           "given", "to place", "challenge");
  for (const auto& c : rows)
    std::cout << fmt::format("{:>6}  {:<20} {:<8} {:>8.2f} {:>5} {:>8}  {}{}\n", c.id, c.puzzleName,
                             levelName(c.level), c.score, c.given, c.toPlace, c.challengeText,
                             gradedByNote(c));
  return 0;
}

std::int64_t parseId(const std::string& text) {
  std::size_t used = 0;
  long long id = 0;
  try {
    id = std::stoll(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != text.size() || id <= 0)
    throw InputError(fmt::format("catalog show: '{}' is not a challenge id", text));
  return id;
}

int runShowOne(const std::vector<std::string>& args) {
  po::options_description options("catalog show options");
  options.add_options()("json", "print JSON");
  po::variables_map vm;
  if (!parseSub("show", "piecework catalog show ID [--db FILE] [--json]", args, options, vm, "id")) return 0;
  if (vm.count("id") == 0U)
    throw InputError("catalog show: which challenge? (give its id, see 'catalog list')");
  const std::int64_t id = parseId(vm["id"].as<std::string>());
  const db::Catalog catalog(catalogPath(vm), db::Catalog::Access::ReadOnly);
  db::ChallengeFilter filter;
  filter.id = id;
  const auto rows = catalog.challenges(filter);
  if (rows.empty()) throw InputError(fmt::format("{}: no challenge with id {}", catalog.path(), id));
  db::quickCheckStoredChallenges(rows, catalog.path());
  const auto& c = rows.front();
  if (vm.count("json") != 0U) {
    ordered_json j;
    j["id"] = c.id;
    j.update(record(c));
    std::cout << j.dump() << '\n';
    return 0;
  }
  std::cout << fmt::format(
      "challenge {} of {}: {}, score {}, {} given, {} to place{}{}{}\n", c.id, c.puzzleName,
      levelName(c.level), c.score, c.given, c.toPlace, c.unlinked ? " (unlinked rule)" : "", gradedByNote(c),
      c.officialLevel ? fmt::format("; official level {}", levelName(*c.officialLevel)) : std::string());
  std::cout << fmt::format("rated by rater version {} with {}; strategies {}\n", c.raterVersion,
                           c.model
                               ? fmt::format("model {} (fingerprint {})", c.model->name, c.model->fingerprint)
                               : std::string("the shipped model"),
                           c.strategyUse);
  if (c.seed)
    std::cout << fmt::format("seed {} (generator version {})\n", *c.seed,
                             c.generatorVersion ? std::to_string(*c.generatorVersion) : "?");
  std::cout << fmt::format("stored {}\n\n", c.createdAt);
  const bool colour = stdoutWantsColour();
  try {
    const Puzzle puzzle = loadDefinition(c.definitionText, c.puzzleName + " (catalog)");
    const Challenge challenge = parseChallengeText(puzzle, c.challengeText);
    std::cout << "challenge: " << c.challengeText << '\n'
              << boardPicture(puzzle, challenge.givens, colour, challenge.marks) << '\n';
    std::cout << "solution: " << c.solutionText << '\n'
              << boardPicture(puzzle, parseChallenge(puzzle, c.solutionText), colour);
  } catch (const InputError& e) {
    std::cout << "challenge: " << c.challengeText << "\nsolution: " << c.solutionText << '\n';
    std::cerr << errorLine(fmt::format("piecework: cannot draw challenge {}: {}", c.id, e.what())) << '\n';
  }
  return 0;
}

int runExport(const std::vector<std::string>& args) {
  po::options_description options("catalog export options");
  addFilterOptions(options);
  options.add_options()("format", po::value<std::string>()->default_value("jsonl"), "jsonl or csv")(
      "out,o", po::value<std::string>(), "write the export to this file (default: standard output)")(
      "json",
      "with --out: print a summary object on standard output (without --out the jsonl export is the JSON)");
  po::variables_map vm;
  if (!parseSub("export",
                "piecework catalog export [--db FILE] [--format jsonl|csv] [--out FILE [--json]] [filters]",
                args, options, vm))
    return 0;
  const std::string format = vm["format"].as<std::string>();
  if (format != "jsonl" && format != "csv")
    throw InputError(fmt::format("--format: unknown format '{}' (jsonl or csv)", format));
  const bool json = vm.count("json") != 0U;
  const std::optional<std::string> outPath =
      vm.count("out") != 0U ? std::optional<std::string>(vm["out"].as<std::string>()) : std::nullopt;
  if (json && !outPath && format == "csv")
    throw InputError(
        "catalog export: --json with --format csv needs --out FILE (the summary goes to standard "
        "output, where the CSV would be)");
  const db::Catalog catalog(catalogPath(vm), db::Catalog::Access::ReadOnly);
  const auto rows = catalog.challengesById(readFilter(vm));
  {
    // An export is a promise too: every row is checked against a fresh solve before anything is written.
    std::map<std::string, std::unique_ptr<Puzzle>> puzzles;  // by definition hash
    for (const auto& c : rows) {
      auto& puzzle = puzzles[c.definitionHash];
      if (!puzzle) puzzle = std::make_unique<Puzzle>(loadDefinition(c.definitionText, c.puzzleName));
      db::checkStoredChallenge(*puzzle, c, catalog.path());
    }
  }
  std::ostringstream out;
  int definitions = 0;
  if (format == "jsonl") {
    std::vector<std::string> written;  // definition hashes already in the export
    for (const auto& c : rows) {
      if (!isShippedDefinition(c.puzzleName, c.definitionText) &&
          std::find(written.begin(), written.end(), c.definitionHash) == written.end()) {
        out << definitionRecord(c.puzzleName, c.definitionText, c.definitionHash).dump() << '\n';
        written.push_back(c.definitionHash);
        ++definitions;
      }
      out << record(c).dump() << '\n';
    }
  } else {
    for (std::size_t i = 0; i < std::size(kCsvColumns); ++i) out << (i == 0 ? "" : ",") << kCsvColumns[i];
    out << '\n';
    for (const auto& c : rows)
      out << fmt::format(
          "{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}\n", csvField(c.puzzleName),
          csvField(c.challengeText), csvField(c.solutionText), levelName(c.level), c.score, c.given,
          c.toPlace, c.seed ? std::to_string(*c.seed) : "", c.unlinked ? 1 : 0, c.raterVersion,
          csvField(c.strategyUse), c.generatorVersion ? std::to_string(*c.generatorVersion) : "",
          csvField(c.createdAt), c.definitionHash, c.model ? csvField(c.model->name) : "",
          c.model ? c.model->fingerprint : "", c.officialLevel ? levelName(*c.officialLevel) : "");
  }
  if (!outPath) {
    std::cout << out.str() << std::flush;
    return std::cout ? 0 : 1;
  }
  {
    std::ofstream file(*outPath, std::ios::binary);
    file << out.str();
    file.close();
    if (!file) throw InputError(fmt::format("catalog export: cannot write {}", *outPath));
  }
  if (json) {
    ordered_json summary;
    summary["catalog"] = catalog.path();
    summary["file"] = *outPath;
    summary["format"] = format;
    summary["exported"] = rows.size();
    summary["definitions"] = definitions;
    std::cout << summary.dump() << '\n';
  } else {
    std::cout << fmt::format("{}: exported {} challenges{} to {}\n", catalog.path(), rows.size(),
                             definitions > 0 ? fmt::format(" and {} definitions", definitions) : "",
                             *outPath);
  }
  return 0;
}

// ---------------------------------------------------------------- import

struct KnownPuzzle {
  std::string name;
  std::string definition;
  std::string hash;
  Puzzle puzzle;
};

class PuzzleResolver {
 public:
  PuzzleResolver(std::vector<db::PuzzleRecord> stored, const std::vector<std::string>& options)
      : stored_(std::move(stored)) {
    for (const auto& option : options) {
      std::string text = shippedText(option);
      const Puzzle puzzle = loadPuzzle(option);  // names the problem when the argument is neither
      if (text.empty()) text = readFileLimited(option, kMaxDefinitionBytes, "the definition");
      options_.push_back(&add(puzzle.name, text));
    }
  }

  // A definition line of an export: checked (its hash, its name) and preferred to any other puzzle of the
  // same name and hash.
  void addDefinition(const nlohmann::json& j, const std::string& where) {
    const auto fail = [&](const std::string& what) { throw InputError(fmt::format("{}: {}", where, what)); };
    if (!j.is_object()) fail("\"definition\" must be an object with \"name\", \"hash\" and \"text\"");
    for (const char* key : {"name", "hash", "text"})
      if (!j.contains(key) || !j[key].is_string())
        fail(fmt::format("definition: \"{}\" must be a string", key));
    const std::string name = j["name"].get<std::string>();
    const std::string text = j["text"].get<std::string>();
    const std::string hash = j["hash"].get<std::string>();
    if (text.size() > kMaxDefinitionBytes) fail("definition: the text is too long");
    if (db::definitionHash(text) != hash)
      fail(fmt::format("definition of '{}': \"hash\" {} is not the hash of its text ({})", name, hash,
                       db::definitionHash(text)));
    const KnownPuzzle* known = nullptr;
    try {
      known = &add(name, text);
    } catch (const InputError& e) {
      fail(fmt::format("definition of '{}': {}", name, e.what()));
    }
    if (known->puzzle.name != name)
      fail(fmt::format("definition of '{}': its text names another puzzle, '{}'", name, known->puzzle.name));
  }

  // The puzzle a line belongs to; nullptr with `why` set when it cannot be found.
  const KnownPuzzle* find(const std::optional<std::string>& name, const std::optional<std::string>& hash,
                          std::string& why) {
    if (!name) {
      if (options_.size() == 1) return options_.front();
      why = options_.empty()
                ? "which puzzle? (the line has no \"puzzle\"; give --puzzle P)"
                : "which puzzle? (the line has no \"puzzle\" and --puzzle was given more than once)";
      return nullptr;
    }
    for (const KnownPuzzle* option : options_)
      if (option->name == *name && (!hash || *hash == option->hash)) return option;
    for (const auto& known : known_)
      if (known->name == *name && (!hash || *hash == known->hash)) return known.get();
    const db::PuzzleRecord* match = nullptr;
    for (const auto& p : stored_)
      if (p.name == *name && (!hash || *hash == p.definitionHash)) match = &p;
    if (match != nullptr) return &add(match->name, match->definitionText);
    if (const std::string text = shippedText(*name); !text.empty()) return &add(*name, text);
    why = fmt::format(
        "unknown puzzle '{}' (not shipped, not in the catalog and not defined in the file; give its "
        "definition with --puzzle FILE)",
        *name);
    return nullptr;
  }

  const std::vector<std::unique_ptr<KnownPuzzle>>& known() const { return known_; }

 private:
  const KnownPuzzle& add(const std::string& name, const std::string& text) {
    for (const auto& known : known_)
      if (known->name == name && known->definition == text) return *known;
    known_.push_back(std::make_unique<KnownPuzzle>(
        KnownPuzzle{name, text, db::definitionHash(text), loadDefinition(text, name + ".toml")}));
    return *known_.back();
  }

  std::vector<db::PuzzleRecord> stored_;
  std::vector<std::unique_ptr<KnownPuzzle>> known_;
  std::vector<const KnownPuzzle*> options_;
};

struct ImportLine {
  const KnownPuzzle* puzzle = nullptr;
  db::NewChallenge challenge;
};

class LineReader {
 public:
  LineReader(const nlohmann::json& j, std::string where) : j_(j), where_(std::move(where)) {}

  [[noreturn]] void fail(const std::string& what) const {
    throw InputError(fmt::format("{}: {}", where_, what));
  }

  bool has(const char* key) const { return j_.contains(key) && !j_[key].is_null(); }
  bool present(const char* key) const { return j_.contains(key); }
  std::optional<std::string> text(const char* key) const {
    if (!has(key)) return std::nullopt;
    if (!j_[key].is_string()) fail(fmt::format("\"{}\" must be a string", key));
    return j_[key].get<std::string>();
  }
  std::optional<double> number(const char* key) const {
    if (!has(key)) return std::nullopt;
    if (!j_[key].is_number()) fail(fmt::format("\"{}\" must be a number", key));
    return j_[key].get<double>();
  }
  std::optional<int> integer(const char* key) const {
    if (!has(key)) return std::nullopt;
    if (!j_[key].is_number_integer()) fail(fmt::format("\"{}\" must be an integer", key));
    return j_[key].get<int>();
  }
  std::optional<std::uint64_t> seed() const {
    if (!has("seed")) return std::nullopt;
    const auto& v = j_["seed"];
    if (v.is_number_unsigned()) return v.get<std::uint64_t>();
    if (v.is_number_integer() && v.get<std::int64_t>() >= 0)
      return static_cast<std::uint64_t>(v.get<std::int64_t>());
    if (v.is_string()) {
      const std::string s = v.get<std::string>();
      std::size_t used = 0;
      try {
        const unsigned long long value = std::stoull(s, &used);
        if (used == s.size() && !s.empty() && s[0] != '-') return value;
      } catch (const std::exception&) {
      }
    }
    fail("\"seed\" must be a non-negative integer");
  }
  bool flag(const char* key) const {
    if (!has(key)) return false;
    if (!j_[key].is_boolean()) fail(fmt::format("\"{}\" must be true or false", key));
    return j_[key].get<bool>();
  }
  // The model that gave the line's grade: none for the shipped model (no "model", or one that grades as
  // the puzzle's shipped model does).
  std::optional<db::GradingModel> model(const Puzzle& puzzle) const {
    const auto name = text("model");
    const auto fingerprint = text("model_fingerprint");
    if (!name && !fingerprint) return std::nullopt;
    if (!name || !fingerprint) fail("\"model\" and \"model_fingerprint\" go together");
    if (name->empty()) fail("\"model\" is empty (leave it out, or null, for the shipped model)");
    if (!db::isModelFingerprint(*fingerprint))
      fail(fmt::format("\"model_fingerprint\": '{}' is not 16 lower-case hex digits", *fingerprint));
    if (*fingerprint == modelFingerprint(shippedModel(puzzle))) return std::nullopt;
    return db::GradingModel{*name, *fingerprint};
  }
  std::string strategies() const {
    if (!has("strategies")) return "{}";
    const auto& v = j_["strategies"];
    if (!v.is_object()) fail("\"strategies\" must be an object (strategy -> times used)");
    std::map<std::string, int> use;
    for (const auto& [key, value] : v.items()) {
      if (!value.is_number_integer()) fail("\"strategies\" must map each strategy to a count");
      use[key] = value.get<int>();
    }
    return nlohmann::json(use).dump();
  }

 private:
  const nlohmann::json& j_;
  std::string where_;
};

// `model`: the model every line is graded by (nullptr: each puzzle's shipped model).
ImportLine readLine(PuzzleResolver& resolver, const nlohmann::json& j, const std::string& where,
                    const RatingModel* model) {
  const LineReader line(j, where);
  std::string why;
  const KnownPuzzle* known = resolver.find(line.text("puzzle"), line.text("definition_hash"), why);
  if (known == nullptr) line.fail(why);
  const Puzzle& puzzle = known->puzzle;
  const auto challengeText = line.text("challenge");
  if (!challengeText) line.fail("missing \"challenge\"");
  const bool unlinked = puzzle.linked && line.flag("unlinked");
  Rules rules;
  rules.linked = !unlinked;

  Challenge challenge;
  try {
    challenge = parseChallengeText(puzzle, *challengeText);
    rules.marks = challenge.marks;
    makeProblem(puzzle, challenge.givens, rules);
  } catch (const InputError& e) {
    line.fail(fmt::format("challenge: {}", e.what()));
  }
  // Only a challenge with exactly one solution may enter the catalog (and so a booklet).
  FindOptions find;
  find.rules = rules;
  find.max = 2;
  const std::vector<int>& givens = challenge.givens;
  const FindResult found = findSolutions(puzzle, givens, find);
  if (found.solutions.empty()) line.fail("challenge has no solution");
  if (found.solutions.size() > 1) line.fail("challenge has several solutions");
  const std::vector<int>& unique = found.solutions.front();

  std::vector<int> solution = unique;
  if (const auto solutionText = line.text("solution")) {
    try {
      solution = parseChallenge(puzzle, *solutionText);
      makeProblem(puzzle, solution, Rules{rules.linked, {}});  // the marks are checked below
    } catch (const InputError& e) {
      line.fail(fmt::format("solution: {}", e.what()));
    }
    if (static_cast<int>(solution.size()) != puzzle.totalPieces())
      line.fail(fmt::format("solution: places {} pieces, the puzzle has {}", solution.size(),
                            puzzle.totalPieces()));
    // Compared cell by cell, piece by piece: identical copies of a piece share a letter, so a picture does
    // not say which copy is which, and the same cells may split into copies in more than one way.
    const std::vector<int> solutionPieces = db::pieceOnSite(puzzle, solution);
    const std::vector<int> givenPieces = db::pieceOnSite(puzzle, givens);
    for (std::size_t site = 0; site < givenPieces.size(); ++site)
      if (givenPieces[site] >= 0 && solutionPieces[site] != givenPieces[site])
        line.fail("solution: does not contain every given piece where the challenge has it");
    if (solutionPieces != db::pieceOnSite(puzzle, unique))
      line.fail("solution: is not the challenge's solution");
  }

  ImportLine result;
  result.puzzle = known;
  db::NewChallenge& c = result.challenge;
  c.challengeText = formatChallengeText(puzzle, challenge);
  c.canonicalKey = db::canonicalKey(puzzle, challenge);
  c.given = static_cast<int>(givens.size());
  c.toPlace = puzzle.totalPieces() - c.given;
  c.unlinked = unlinked;
  // Every line is graded here, by the catalog's rater and model, whatever grade it carries: a level given on
  // the line is a publisher's word, kept only as the official level (issue 31, S2). The grade's other fields
  // are still checked, so that a malformed line is refused as before.
  const auto levelText = line.text("level");
  std::optional<Level> givenLevel;
  if (levelText) {
    givenLevel = parseLevel(*levelText);
    if (!givenLevel) line.fail(fmt::format("unknown level '{}'", *levelText));
  }
  (void)line.number("score");
  if (const auto raterVersion = line.integer("rater_version");
      raterVersion && (*raterVersion < 1 || *raterVersion > kRaterVersion))
    line.fail(fmt::format("\"rater_version\": {} is not a rater this piecework knows (1 to {})",
                          *raterVersion, kRaterVersion));
  (void)line.strategies();
  (void)line.model(puzzle);
  // An export says which level was official ("official_level", null for none), so that an export imported
  // again keeps it; any other file's "level" is the official one.
  if (line.present("official_level")) {
    if (const auto official = line.text("official_level")) {
      c.officialLevel = parseLevel(*official);
      if (!c.officialLevel) line.fail(fmt::format("\"official_level\": unknown level '{}'", *official));
    }
  } else {
    c.officialLevel = givenLevel;
  }
  const Rating rating = rate(puzzle, givens, rules, model);
  c.level = rating.level;
  c.score = rating.score;
  c.raterVersion = kRaterVersion;
  c.strategyUse = nlohmann::json(rating.strategyUse).dump();
  c.model = db::gradingModel(puzzle, model);
  c.solutionText = formatChallenge(puzzle, solution);
  c.seed = line.seed();
  c.generatorVersion = line.integer("generator_version");
  c.createdAt = line.text("created").value_or("");
  return result;
}

// One record of an import file: a JSON object, from a JSON line or a CSV row, and where it came from.
struct ImportRecord {
  nlohmann::json value;
  std::string where;
};

// A CSV value in the type a JSON line has for that column (empty values are left out).
nlohmann::json csvValue(const std::string& column, const std::string& text, const std::string& where) {
  const auto fail = [&](const char* expected) -> nlohmann::json {
    throw InputError(fmt::format("{}: column {}: '{}' is not {}", where, column, text, expected));
  };
  if (column == "score") {
    std::size_t used = 0;
    try {
      const double value = std::stod(text, &used);
      if (used == text.size()) return value;
    } catch (const std::exception&) {
    }
    return fail("a number");
  }
  if (column == "given" || column == "to_place" || column == "rater_version" ||
      column == "generator_version") {
    std::size_t used = 0;
    try {
      const long long value = std::stoll(text, &used);
      if (used == text.size() && value >= INT32_MIN && value <= INT32_MAX) return value;
    } catch (const std::exception&) {
    }
    return fail("an integer");
  }
  if (column == "unlinked") {
    if (text == "1" || text == "true") return true;
    if (text == "0" || text == "false") return false;
    return fail("1 or 0");
  }
  if (column == "strategies") {
    nlohmann::json value = nlohmann::json::parse(text, nullptr, false);
    if (value.is_discarded()) return fail("JSON");
    return value;
  }
  return text;  // the seed stays text: import reads a seed given as a string of digits
}

// The rows of a CSV export as the JSON objects of the same challenges.
std::vector<ImportRecord> readCsvRecords(const std::string& text, const std::string& name) {
  const std::vector<CsvRecord> rows = readCsv(text, name);
  std::vector<ImportRecord> records;
  if (rows.empty()) return records;
  const std::vector<std::string>& header = rows.front().fields;
  for (const auto& column : header)
    if (std::find(std::begin(kCsvColumns), std::end(kCsvColumns), column) == std::end(kCsvColumns))
      throw InputError(fmt::format("{}:{}: unknown column '{}' (the header of 'catalog export --format csv')",
                                   name, rows.front().line, column));
  if (std::find(header.begin(), header.end(), "challenge") == header.end())
    throw InputError(fmt::format("{}:{}: the header has no column 'challenge'", name, rows.front().line));
  for (std::size_t r = 1; r < rows.size(); ++r) {
    const std::string where = fmt::format("{}:{}", name, rows[r].line);
    if (rows[r].fields.size() != header.size())
      throw InputError(
          fmt::format("{}: {} fields, the header has {}", where, rows[r].fields.size(), header.size()));
    nlohmann::json value = nlohmann::json::object();
    for (std::size_t c = 0; c < header.size(); ++c)
      if (!rows[r].fields[c].empty())
        value[header[c]] = csvValue(header[c], rows[r].fields[c], where);
      else if (header[c] == "official_level")
        value[header[c]] = nullptr;  // an export's "no official level", not a column left out
    records.push_back({std::move(value), where});
  }
  return records;
}

std::vector<ImportRecord> readJsonRecords(const std::string& text, const std::string& name) {
  std::istringstream in(text);
  std::vector<ImportRecord> records;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.find_first_not_of(" \t") == std::string::npos) continue;
    const std::string where = fmt::format("{}:{}", name, number);
    nlohmann::json j = nlohmann::json::parse(line, nullptr, false);
    if (j.is_discarded() || !j.is_object()) throw InputError(fmt::format("{}: not a JSON object", where));
    records.push_back({std::move(j), where});
  }
  return records;
}

// JSON lines start with '{'; anything else is read as CSV with a header line.
bool looksLikeCsv(const std::string& text) {
  const auto first = text.find_first_not_of(" \t\r\n");
  return first != std::string::npos && text[first] != '{' && text.compare(first, 6, "puzzle") == 0;
}

// Definition lines first (a challenge may come before the definition it uses), then the challenges.
std::vector<ImportLine> readRecords(PuzzleResolver& resolver, const std::vector<ImportRecord>& records,
                                    int& definitions, const RatingModel* model) {
  definitions = 0;
  for (const auto& record : records)
    if (record.value.contains("definition")) {
      if (record.value.contains("challenge"))
        throw InputError(
            fmt::format("{}: a line holds a \"definition\" or a \"challenge\", not both", record.where));
      resolver.addDefinition(record.value["definition"], record.where);
      ++definitions;
    }
  std::vector<ImportLine> lines;
  for (const auto& record : records)
    if (!record.value.contains("definition"))
      lines.push_back(readLine(resolver, record.value, record.where, model));
  return lines;
}

int runImport(const std::vector<std::string>& args) {
  po::options_description options("catalog import options");
  options.add_options()(
      "puzzle", po::value<std::vector<std::string>>()->composing(),
      "the puzzle of lines without \"puzzle\" (generate --json output), or a definition file for "
      "lines naming a puzzle that is not shipped (repeat for several)")(
      "json", "print the summary as one JSON object");
  addModelOption(options);
  po::variables_map vm;
  if (!parseSub("import",
                "piecework catalog import FILE|- [--db FILE] [--puzzle P]... [--model MODEL] [--json]", args,
                options, vm, "file"))
    return 0;
  if (vm.count("file") == 0U)
    throw InputError("catalog import: which file? (JSON lines or CSV; '-' for standard input)");
  const std::string path = catalogPath(vm);
  const std::string file = vm["file"].as<std::string>();

  // Check the catalog and read every line before writing anything: bad input leaves the catalog as it was.
  std::vector<db::PuzzleRecord> stored;
  if (db::Catalog::holdsCatalog(path)) stored = db::Catalog(path, db::Catalog::Access::ReadOnly).puzzles();
  PuzzleResolver resolver(std::move(stored), vm.count("puzzle") != 0U
                                                 ? vm["puzzle"].as<std::vector<std::string>>()
                                                 : std::vector<std::string>());
  const std::string name = file == "-" ? "<stdin>" : file;
  std::string text = readFileLimited(file, kMaxImportBytes, "the file to import");
  if (text.starts_with("\xEF\xBB\xBF")) text.erase(0, 3);  // the byte-order mark spreadsheets put first
  const bool csv = looksLikeCsv(text);
  int definitions = 0;
  const std::optional<RatingModel> model = readModelOption(vm);
  std::vector<ImportLine> lines =
      readRecords(resolver, csv ? readCsvRecords(text, name) : readJsonRecords(text, name), definitions,
                  model ? &*model : nullptr);
  for (const auto& line : lines) checkModelPuzzle(model, line.puzzle->puzzle, vm);

  db::Catalog catalog(path, db::Catalog::Access::ReadWrite);
  std::map<const KnownPuzzle*, std::int64_t> ids;
  for (const auto& known : resolver.known())
    ids[known.get()] = catalog.ensurePuzzle(known->name, known->definition);
  std::vector<db::NewChallenge> challenges;
  challenges.reserve(lines.size());
  for (auto& line : lines) {
    line.challenge.puzzleId = ids.at(line.puzzle);
    challenges.push_back(std::move(line.challenge));
  }
  const int added = catalog.insertChallenges(challenges);
  const int skipped = static_cast<int>(challenges.size()) - added;
  if (vm.count("json") != 0U) {
    ordered_json summary;
    summary["catalog"] = path;
    summary["file"] = name;
    summary["format"] = csv ? "csv" : "jsonl";
    summary["imported"] = added;
    summary["skipped"] = skipped;
    summary["definitions"] = definitions;
    std::cout << summary.dump() << '\n';
  } else {
    std::cout << fmt::format("{}: imported {} challenges, skipped {} already there\n", path, added, skipped);
  }
  return 0;
}

}  // namespace

void readImportLine(const std::string& text) {
  PuzzleResolver resolver({}, {});
  int definitions = 0;
  readRecords(resolver, readJsonRecords(text, "<line>"), definitions, nullptr);
}

namespace {

// ---------------------------------------------------------------- rate

int runRerate(const std::vector<std::string>& args) {
  po::options_description options("catalog rate options");
  addFilterOptions(options);
  options.add_options()("all",
                        "re-rate every matching challenge, not only those graded by an older rater or by "
                        "another model")("json", "print the summary as one JSON object");
  addModelOption(options);
  po::variables_map vm;
  if (!parseSub("rate", "piecework catalog rate [--db FILE] [filters] [--all] [--model MODEL] [--json]", args,
                options, vm))
    return 0;
  const std::string path = catalogPath(vm);
  db::ChallengeFilter filter = readFilter(vm);
  const std::optional<RatingModel> model = readModelOption(vm);
  const bool all = vm.count("all") != 0U;
  // Every row is read, checked and graded before the first grade is written, and the grades go in one
  // transaction: a damaged row (or a puzzle --model does not fit) leaves the catalog as it was (issue 31,
  // D3).
  std::vector<db::StoredChallenge> stored;
  {
    const db::Catalog catalog(path, db::Catalog::Access::ReadOnly);  // must exist already: never create one
    stored = catalog.challengesById(filter);
  }
  db::StoredPuzzles puzzles(path);
  for (const auto& c : stored) {
    const Puzzle& puzzle = puzzles.of(c);
    db::quickCheckStoredChallenge(puzzle, c, path);
    checkModelPuzzle(model, puzzle, vm);
  }
  std::vector<db::RatingUpdate> updates;
  int changed = 0;
  for (const auto& c : stored) {
    const Puzzle& puzzle = puzzles.of(c);
    // A grade is current when the current rater gave it with the model asked for (the shipped one without
    // --model): a plain `catalog rate` so restores the shipped grades after `catalog rate --model`.
    const std::optional<db::GradingModel> gradedBy = db::gradingModel(puzzle, model ? &*model : nullptr);
    if (!all && c.raterVersion >= kRaterVersion && c.model == gradedBy) continue;
    Rules rules;
    rules.linked = !c.unlinked;
    const Challenge challenge = parseChallengeText(puzzle, c.challengeText);  // checked above
    rules.marks = challenge.marks;
    const Rating rating = rate(puzzle, challenge.givens, rules, model ? &*model : nullptr);
    updates.push_back({c.id, rating.level, rating.score, kRaterVersion, gradedBy,
                       nlohmann::json(rating.strategyUse).dump()});
    if (rating.level != c.level) ++changed;
  }
  // Opened for writing (which migrates an older schema) only now that every row has passed.
  db::Catalog catalog(path, db::Catalog::Access::ReadWrite);
  if (!updates.empty()) catalog.updateRatings(updates);
  const auto rated = updates.size();
  if (vm.count("json") != 0U) {
    ordered_json summary;
    summary["catalog"] = path;
    summary["rated"] = rated;
    summary["changed_level"] = changed;
    summary["rater_version"] = kRaterVersion;
    summary["model"] = model ? ordered_json(vm["model"].as<std::string>()) : ordered_json(nullptr);
    std::cout << summary.dump() << '\n';
    return 0;
  }
  std::cout << fmt::format("{}: re-rated {} challenges with rater version {} and {} ({} changed level)\n",
                           path, rated, kRaterVersion,
                           model ? fmt::format("model {}", model->name) : std::string("the shipped model"),
                           changed);
  return 0;
}

// ---------------------------------------------------------------- check

int runCheck(const std::vector<std::string>& args) {
  po::options_description options("catalog check options");
  options.add_options()("json", "print the report as one JSON object");
  po::variables_map vm;
  if (!parseSub("check", "piecework catalog check [--db FILE] [--json]", args, options, vm)) return 0;
  const std::string path = catalogPath(vm);
  std::vector<db::StoredChallenge> stored;
  {
    const db::Catalog catalog(path, db::Catalog::Access::ReadOnly);
    stored = catalog.challengesById();
  }
  // The full check: every row through the quick check and then against a fresh solve; every damaged row is
  // reported, not only the first.
  db::StoredPuzzles puzzles(path);
  std::vector<std::pair<std::int64_t, std::string>> damaged;
  for (const auto& c : stored) {
    try {
      db::checkStoredChallenge(puzzles.of(c), c, path);
    } catch (const InputError& e) {
      std::string problem = e.what();
      const std::string prefix = fmt::format("{}: challenge {}: ", path, c.id);
      if (problem.starts_with(prefix)) problem.erase(0, prefix.size());
      const std::string hint = " (see 'piecework catalog check')";
      if (problem.ends_with(hint)) problem.erase(problem.size() - hint.size());
      damaged.emplace_back(c.id, errorLine(problem));
    }
  }
  if (vm.count("json") != 0U) {
    ordered_json report;
    report["catalog"] = path;
    report["checked"] = stored.size();
    report["damaged"] = ordered_json::array();
    for (const auto& [id, problem] : damaged) {
      ordered_json row;
      row["id"] = id;
      row["problem"] = problem;
      report["damaged"].push_back(std::move(row));
    }
    std::cout << report.dump() << '\n';
  } else {
    for (const auto& [id, problem] : damaged) std::cout << fmt::format("challenge {}: {}\n", id, problem);
  }
  if (!damaged.empty()) {
    std::string ids;
    for (std::size_t i = 0; i < damaged.size() && i < 10; ++i)
      ids += fmt::format("{}{}", i == 0 ? "" : ", ", damaged[i].first);
    if (damaged.size() > 10) ids += ", ...";
    std::cout << std::flush;
    throw InputError(
        fmt::format("{}: {} of {} challenges are damaged (id {})", path, damaged.size(), stored.size(), ids));
  }
  if (vm.count("json") == 0U)
    std::cout << fmt::format(
        "{}: checked {} challenges: each parses, and its stored solution is its one solution\n", path,
        stored.size());
  return 0;
}

}  // namespace

int runCatalog(const std::vector<std::string>& args) {
  if (args.empty() || args[0] == "--help" || args[0] == "-h") {
    (args.empty() ? std::cerr : std::cout) << "usage: " << kCatalogUsage << '\n';
    return args.empty() ? 2 : 0;
  }
  const std::string sub = args[0];
  const std::vector<std::string> rest(args.begin() + 1, args.end());
  if (sub == "list") return runList(rest);
  if (sub == "show") return runShowOne(rest);
  if (sub == "import") return runImport(rest);
  if (sub == "export") return runExport(rest);
  if (sub == "rate") return runRerate(rest);
  if (sub == "check") return runCheck(rest);
  throw InputError(
      fmt::format("catalog: unknown subcommand '{}' (list, show, import, export, rate or check)", sub));
}

}  // namespace piecework::cli

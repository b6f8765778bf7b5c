// piecework catalog list|show|import|export|rate: the SQLite catalog of challenges (docs/catalog.md).
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>

#include "cli/catalog_import.hpp"
#include "cli/command.hpp"
#include "db/catalog.hpp"
#include "output/text.hpp"
#include "puzzle/challenge.hpp"
#include "puzzle/definition.hpp"
#include "puzzle/errors.hpp"
#include "puzzle/limits.hpp"
#include "rater/rater.hpp"
#include "solver/problem.hpp"
#include "solver/solver.hpp"

namespace piecework::cli {

namespace {

using ordered_json = nlohmann::ordered_json;

constexpr const char* kCatalogUsage =
    "piecework catalog list|show|import|export|rate [--db FILE] [OPTIONS]\n\n"
    "  list   [--puzzle P]... [--level L]... [--to-place N] [--json]   the stored challenges, easiest first\n"
    "  show   ID [--json]                                             one challenge with its pictures\n"
    "  import FILE|- [--puzzle P]                                     add JSON lines (export or generate "
    "--json)\n"
    "  export [--format jsonl|csv] [filters]                          every stored challenge to standard "
    "output\n"
    "  rate   [filters] [--all]                                       re-rate challenges graded by an older "
    "rater\n\n"
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
  if (vm.count("to-place") != 0U) filter.toPlace = vm["to-place"].as<int>();
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
  j["score"] = c.score;
  j["given"] = c.given;
  j["to_place"] = c.toPlace;
  if (c.seed) j["seed"] = *c.seed;
  j["unlinked"] = c.unlinked;
  j["rater_version"] = c.raterVersion;
  j["strategies"] = ordered_json::parse(c.strategyUse, nullptr, false);
  if (j["strategies"].is_discarded()) j["strategies"] = c.strategyUse;
  if (c.generatorVersion) j["generator_version"] = *c.generatorVersion;
  j["created"] = c.createdAt;
  j["definition_hash"] = c.definitionHash;
  return j;
}

std::string csvField(const std::string& text) {
  if (text.find_first_of(",\"\n\r") == std::string::npos) return text;
  std::string quoted = "\"";
  for (const char ch : text) {
    if (ch == '"') quoted += '"';
    quoted += ch;
  }
  return quoted + '"';
}

// ---------------------------------------------------------------- list, show, export

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
    std::cout << fmt::format("{:>6}  {:<20} {:<8} {:>8.2f} {:>5} {:>8}  {}\n", c.id, c.puzzleName,
                             levelName(c.level), c.score, c.given, c.toPlace, c.challengeText);
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
  const auto& c = rows.front();
  if (vm.count("json") != 0U) {
    ordered_json j;
    j["id"] = c.id;
    j.update(record(c));
    std::cout << j.dump() << '\n';
    return 0;
  }
  std::cout << fmt::format("challenge {} of {}: {}, score {}, {} given, {} to place{}\n", c.id, c.puzzleName,
                           levelName(c.level), c.score, c.given, c.toPlace,
                           c.unlinked ? " (unlinked rule)" : "");
  std::cout << fmt::format("rated by rater version {}; strategies {}\n", c.raterVersion, c.strategyUse);
  if (c.seed)
    std::cout << fmt::format("seed {} (generator version {})\n", *c.seed,
                             c.generatorVersion ? std::to_string(*c.generatorVersion) : "?");
  std::cout << fmt::format("stored {}\n\n", c.createdAt);
  const bool colour = stdoutWantsColour();
  try {
    const Puzzle puzzle = loadDefinition(c.definitionText, c.puzzleName + " (catalog)");
    std::cout << "challenge: " << c.challengeText << '\n'
              << boardPicture(puzzle, parseChallenge(puzzle, c.challengeText), colour) << '\n';
    std::cout << "solution: " << c.solutionText << '\n'
              << boardPicture(puzzle, parseChallenge(puzzle, c.solutionText), colour);
  } catch (const InputError& e) {
    std::cout << "challenge: " << c.challengeText << "\nsolution: " << c.solutionText << '\n';
    std::cerr << fmt::format("piecework: cannot draw challenge {}: {}\n", c.id, e.what());
  }
  return 0;
}

int runExport(const std::vector<std::string>& args) {
  po::options_description options("catalog export options");
  addFilterOptions(options);
  options.add_options()("format", po::value<std::string>()->default_value("jsonl"), "jsonl or csv");
  po::variables_map vm;
  if (!parseSub("export", "piecework catalog export [--db FILE] [--format jsonl|csv] [filters]", args,
                options, vm))
    return 0;
  const std::string format = vm["format"].as<std::string>();
  if (format != "jsonl" && format != "csv")
    throw InputError(fmt::format("--format: unknown format '{}' (jsonl or csv)", format));
  const db::Catalog catalog(catalogPath(vm), db::Catalog::Access::ReadOnly);
  const auto rows = catalog.challengesById(readFilter(vm));
  std::ostringstream out;
  if (format == "jsonl") {
    for (const auto& c : rows) out << record(c).dump() << '\n';
  } else {
    out << "puzzle,challenge,solution,level,score,given,to_place,seed,unlinked,rater_version,strategies,"
           "generator_version,created,definition_hash\n";
    for (const auto& c : rows)
      out << fmt::format("{},{},{},{},{},{},{},{},{},{},{},{},{},{}\n", csvField(c.puzzleName),
                         csvField(c.challengeText), csvField(c.solutionText), levelName(c.level), c.score,
                         c.given, c.toPlace, c.seed ? std::to_string(*c.seed) : "", c.unlinked ? 1 : 0,
                         c.raterVersion, csvField(c.strategyUse),
                         c.generatorVersion ? std::to_string(*c.generatorVersion) : "", csvField(c.createdAt),
                         c.definitionHash);
  }
  std::cout << out.str() << std::flush;
  return std::cout ? 0 : 1;
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
  PuzzleResolver(std::vector<db::PuzzleRecord> stored, std::optional<std::string> option)
      : stored_(std::move(stored)) {
    if (option) {
      std::string text = shippedText(*option);
      const Puzzle puzzle = loadPuzzle(*option);  // names the problem when the argument is neither
      if (text.empty()) text = readFileLimited(*option, kMaxDefinitionBytes, "the definition");
      option_ = &add(puzzle.name, text);
    }
  }

  // The puzzle a line belongs to; nullptr with `why` set when it cannot be found.
  const KnownPuzzle* find(const std::optional<std::string>& name, const std::optional<std::string>& hash,
                          std::string& why) {
    if (!name) {
      if (option_ == nullptr) why = "which puzzle? (the line has no \"puzzle\"; give --puzzle P)";
      return option_;
    }
    if (option_ != nullptr && option_->name == *name && (!hash || *hash == option_->hash)) return option_;
    for (const auto& known : known_)
      if (known->name == *name && (!hash || *hash == known->hash)) return known.get();
    const db::PuzzleRecord* match = nullptr;
    for (const auto& p : stored_)
      if (p.name == *name && (!hash || *hash == p.definitionHash)) match = &p;
    if (match != nullptr) return &add(match->name, match->definitionText);
    if (const std::string text = shippedText(*name); !text.empty()) return &add(*name, text);
    why = fmt::format(
        "unknown puzzle '{}' (not shipped and not in the catalog; give its definition with --puzzle FILE)",
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
  const KnownPuzzle* option_ = nullptr;
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

// The piece covering each site (-1: none).
std::vector<int> pieceOnSite(const Puzzle& puzzle, const std::vector<int>& placements) {
  std::vector<int> piece(puzzle.sites.size(), -1);
  for (int id : placements)
    for (int site : puzzle.placements[static_cast<std::size_t>(id)].sites)
      piece[static_cast<std::size_t>(site)] = puzzle.placements[static_cast<std::size_t>(id)].piece;
  return piece;
}

ImportLine readLine(PuzzleResolver& resolver, const std::string& text, const std::string& where) {
  const nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
  if (j.is_discarded() || !j.is_object()) throw InputError(fmt::format("{}: not a JSON object", where));
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

  std::vector<int> givens;
  try {
    givens = parseChallenge(puzzle, *challengeText);
    makeProblem(puzzle, givens, rules);
  } catch (const InputError& e) {
    line.fail(fmt::format("challenge: {}", e.what()));
  }
  // Only a challenge with exactly one solution may enter the catalog (and so a booklet).
  FindOptions find;
  find.rules = rules;
  find.max = 2;
  const FindResult found = findSolutions(puzzle, givens, find);
  if (found.solutions.empty()) line.fail("challenge has no solution");
  if (found.solutions.size() > 1) line.fail("challenge has several solutions");
  const std::vector<int>& unique = found.solutions.front();

  std::vector<int> solution = unique;
  if (const auto solutionText = line.text("solution")) {
    try {
      solution = parseChallenge(puzzle, *solutionText);
      makeProblem(puzzle, solution, rules);
    } catch (const InputError& e) {
      line.fail(fmt::format("solution: {}", e.what()));
    }
    if (static_cast<int>(solution.size()) != puzzle.totalPieces())
      line.fail(fmt::format("solution: places {} pieces, the puzzle has {}", solution.size(),
                            puzzle.totalPieces()));
    // Compared cell by cell, piece by piece: identical copies of a piece share a letter, so a picture does
    // not say which copy is which, and the same cells may split into copies in more than one way.
    const std::vector<int> solutionPieces = pieceOnSite(puzzle, solution);
    const std::vector<int> givenPieces = pieceOnSite(puzzle, givens);
    for (std::size_t site = 0; site < givenPieces.size(); ++site)
      if (givenPieces[site] >= 0 && solutionPieces[site] != givenPieces[site])
        line.fail("solution: does not contain every given piece where the challenge has it");
    if (solutionPieces != pieceOnSite(puzzle, unique)) line.fail("solution: is not the challenge's solution");
  }

  ImportLine result;
  result.puzzle = known;
  db::NewChallenge& c = result.challenge;
  c.challengeText = formatChallenge(puzzle, givens);
  c.canonicalKey = db::canonicalKey(puzzle, givens);
  c.given = static_cast<int>(givens.size());
  c.toPlace = puzzle.totalPieces() - c.given;
  c.unlinked = unlinked;
  const auto levelText = line.text("level");
  const auto score = line.number("score");
  if (levelText && score) {
    const auto level = parseLevel(*levelText);
    if (!level) line.fail(fmt::format("unknown level '{}'", *levelText));
    c.level = *level;
    c.score = *score;
    c.raterVersion = line.integer("rater_version").value_or(kRaterVersion);
    if (c.raterVersion < 1 || c.raterVersion > kRaterVersion)
      line.fail(
          fmt::format("\"rater_version\": {} is not a rater this piecework knows (1 to {}); drop the "
                      "grade to rate it again",
                      c.raterVersion, kRaterVersion));
    c.strategyUse = line.strategies();
  } else {  // no grade given: grade it now
    const Rating rating = rate(puzzle, givens, rules);
    c.level = rating.level;
    c.score = rating.score;
    c.raterVersion = kRaterVersion;
    c.strategyUse = nlohmann::json(rating.strategyUse).dump();
  }
  c.solutionText = formatChallenge(puzzle, solution);
  c.seed = line.seed();
  c.generatorVersion = line.integer("generator_version");
  c.createdAt = line.text("created").value_or("");
  return result;
}

int runImport(const std::vector<std::string>& args) {
  po::options_description options("catalog import options");
  options.add_options()(
      "puzzle", po::value<std::string>(),
      "the puzzle of lines without \"puzzle\" (generate --json output), or a definition file for "
      "lines naming a puzzle that is not shipped");
  po::variables_map vm;
  if (!parseSub("import", "piecework catalog import FILE|- [--db FILE] [--puzzle P]", args, options, vm,
                "file"))
    return 0;
  if (vm.count("file") == 0U)
    throw InputError("catalog import: which file? (JSON lines; '-' for standard input)");
  const std::string path = catalogPath(vm);
  const std::string file = vm["file"].as<std::string>();

  // Check the catalog and read every line before writing anything: bad input leaves the catalog as it was.
  std::vector<db::PuzzleRecord> stored;
  if (db::Catalog::holdsCatalog(path)) stored = db::Catalog(path, db::Catalog::Access::ReadOnly).puzzles();
  PuzzleResolver resolver(std::move(stored), vm.count("puzzle") != 0U
                                                 ? std::optional<std::string>(vm["puzzle"].as<std::string>())
                                                 : std::nullopt);
  const std::string name = file == "-" ? "<stdin>" : file;
  std::istringstream in(readFileLimited(file, kMaxImportBytes, "the file to import"));
  std::vector<ImportLine> lines;
  std::string text;
  for (int number = 1; std::getline(in, text); ++number) {
    if (!text.empty() && text.back() == '\r') text.pop_back();
    if (text.find_first_not_of(" \t") == std::string::npos) continue;
    lines.push_back(readLine(resolver, text, fmt::format("{}:{}", name, number)));
  }

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
  std::cout << fmt::format("{}: imported {} challenges, skipped {} already there\n", path, added,
                           static_cast<int>(challenges.size()) - added);
  return 0;
}

}  // namespace

void readImportLine(const std::string& text) {
  PuzzleResolver resolver({}, std::nullopt);
  readLine(resolver, text, "<line>:1");
}

namespace {

// ---------------------------------------------------------------- rate

int runRerate(const std::vector<std::string>& args) {
  po::options_description options("catalog rate options");
  addFilterOptions(options);
  options.add_options()("all", "re-rate every matching challenge, not only those graded by an older rater");
  addModelOption(options);
  po::variables_map vm;
  if (!parseSub("rate", "piecework catalog rate [--db FILE] [filters] [--all] [--model MODEL]", args, options,
                vm))
    return 0;
  const std::string path = catalogPath(vm);
  db::ChallengeFilter filter = readFilter(vm);
  const std::optional<RatingModel> model = readModelOption(vm);
  // Another model grades everything anew, whatever rater graded it before.
  if (vm.count("all") == 0U && !model) filter.raterVersionBelow = kRaterVersion;
  {
    const db::Catalog check(path, db::Catalog::Access::ReadOnly);
  }  // must exist already: never create one here
  db::Catalog catalog(path, db::Catalog::Access::ReadWrite);
  std::map<std::int64_t, Puzzle> puzzles;
  int rated = 0, changed = 0;
  for (const auto& c : catalog.challengesById(filter)) {
    auto it = puzzles.find(c.puzzleId);
    if (it == puzzles.end())
      it = puzzles.emplace(c.puzzleId, loadDefinition(c.definitionText, c.puzzleName + " (catalog)")).first;
    Rules rules;
    rules.linked = !c.unlinked;
    std::vector<int> givens;
    try {
      givens = parseChallenge(it->second, c.challengeText);
    } catch (const InputError& e) {
      throw InputError(fmt::format("{}: challenge {}: {}", path, c.id, e.what()));
    }
    const Rating rating = rate(it->second, givens, rules, model ? &*model : nullptr);
    catalog.updateRating(c.id, rating.level, rating.score, kRaterVersion,
                         nlohmann::json(rating.strategyUse).dump());
    ++rated;
    if (rating.level != c.level) ++changed;
  }
  std::cout << fmt::format("{}: re-rated {} challenges with rater version {} ({} changed level)\n", path,
                           rated, kRaterVersion, changed);
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
  throw InputError(fmt::format("catalog: unknown subcommand '{}' (list, show, import, export or rate)", sub));
}

}  // namespace piecework::cli

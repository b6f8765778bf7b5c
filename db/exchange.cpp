// SPDX-License-Identifier: Apache-2.0
// The catalog's exchange format (db/exchange.hpp).
#include "db/exchange.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <climits>
#include <cstdint>
#include <map>
#include <sstream>
#include <utility>

#include "db/admission.hpp"
#include "db/csv.hpp"
#include "db/stored_check.hpp"
#include "db/stored_fields.hpp"
#include "puzzle/challenge.hpp"
#include "puzzle/definition.hpp"
#include "puzzle/errors.hpp"
#include "puzzle/limits.hpp"
#include "rater/rater.hpp"
#include "solver/problem.hpp"

namespace piecework::db {

namespace {

// The columns of a CSV export, in order; import reads a header naming (some of) them in any order.
constexpr const char* kCsvColumns[] = {"puzzle",        "challenge",       "solution",   "level",
                                       "score",         "given",           "to_place",   "seed",
                                       "unlinked",      "rater_version",   "strategies", "generator_version",
                                       "created",       "definition_hash", "model",      "model_fingerprint",
                                       "official_level"};
// Columns import reads beside those: `linked`, the name count and census use for the rule `unlinked` leaves
// out (a JSON line has both; the CSV export keeps its first columns).
constexpr const char* kCsvImportOnlyColumns[] = {"linked"};

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
    const auto& v = j_[key];
    if (!v.is_number_integer()) fail(fmt::format("\"{}\" must be an integer", key));
    // (get<int> of a number past an int would give another number, which could then pass as a version)
    if (v.is_number_unsigned() ? v.get<std::uint64_t>() > INT_MAX
                               : v.get<std::int64_t>() < INT_MIN || v.get<std::int64_t>() > INT_MAX)
      fail(fmt::format("\"{}\" is out of range", key));
    return v.get<int>();
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
  std::optional<GradingModel> model(const Puzzle& puzzle) const {
    const auto name = text("model");
    const auto fingerprint = text("model_fingerprint");
    if (!name && !fingerprint) return std::nullopt;
    if (!name || !fingerprint) fail("\"model\" and \"model_fingerprint\" go together");
    if (name->empty()) fail("\"model\" is empty (leave it out, or null, for the shipped model)");
    if (!isModelFingerprint(*fingerprint))
      fail(fmt::format("\"model_fingerprint\": '{}' is not 16 lower-case hex digits", *fingerprint));
    if (*fingerprint == modelFingerprint(shippedModel(puzzle))) return std::nullopt;
    return GradingModel{*name, *fingerprint};
  }
  std::string strategies() const {
    if (!has("strategies")) return "{}";
    const auto& v = j_["strategies"];
    if (const FieldProblem problem = strategiesProblem(v)) fail("\"strategies\" " + *problem);
    std::map<std::string, int> use;
    for (const auto& [key, value] : v.items()) use[key] = value.get<int>();
    return nlohmann::json(use).dump();
  }

 private:
  const nlohmann::json& j_;
  std::string where_;
};

// `model`: the model every line is graded by (nullptr: each puzzle's shipped model).
ImportLine readLine(PuzzleResolver& resolver, const ImportRecord& record, const RatingModel* model) {
  const nlohmann::json& j = record.value;
  const std::string& where = record.where;
  const LineReader line(j, where);
  std::string why;
  const KnownPuzzle* known =
      resolver.find(line.text("puzzle"), line.text("definition_hash"), record.csv, why);
  if (known == nullptr) line.fail(why);
  const Puzzle& puzzle = known->puzzle;
  const auto challengeText = line.text("challenge");
  if (!challengeText) line.fail("missing \"challenge\"");
  // "linked" (the name count and census use: the linkage rule applies) and the older "unlinked" (its
  // opposite, for a puzzle with the rule) may both be given, and must then agree.
  const bool saysUnlinked = line.flag("unlinked");
  const bool saysLinked = line.flag("linked");
  if (line.has("linked")) {
    if (!puzzle.hasFamilyRule && saysLinked)
      line.fail(fmt::format("\"linked\": true, but {} has no linkage rule to apply", puzzle.name));
    if (puzzle.hasFamilyRule && line.has("unlinked") && saysLinked == saysUnlinked)
      line.fail(fmt::format(
          "\"linked\" ({}) and \"unlinked\" ({}) disagree: \"unlinked\" is the opposite of \"linked\"",
          saysLinked, saysUnlinked));
  }
  const bool unlinked = puzzle.hasFamilyRule && (line.has("linked") ? !saysLinked : saysUnlinked);
  Rules rules;
  rules.familyRule = !unlinked;

  Challenge challenge;
  std::optional<Problem> problem;
  try {
    challenge = parseChallengeText(puzzle, *challengeText);
    rules.marks = challenge.marks;
    problem = makeProblem(puzzle, challenge.givens, rules);
  } catch (const InputError& e) {
    line.fail(challengeError(e.what()));
  }
  std::optional<Admitted> admitted;
  try {
    admitted = admitChallenge(*problem, challenge);
  } catch (const InputError& e) {
    line.fail(e.what());
  }
  const std::vector<int>& unique = admitted->solution();

  std::vector<int> solution = unique;
  if (const auto solutionText = line.text("solution")) {
    // (the stored solution's validator, as the quick check reads it back; then a solve's word on it)
    if (const FieldProblem problem = solutionProblem(puzzle, challenge, *solutionText, solution))
      line.fail("solution: " + *problem);
    try {
      makeProblem(puzzle, solution, Rules{rules.familyRule, {}});  // the marks are checked below
    } catch (const InputError& e) {
      line.fail(fmt::format("solution: {}", e.what()));
    }
    if (pieceOnSite(puzzle, solution) != pieceOnSite(puzzle, unique))
      line.fail("solution: is not the challenge's solution");
  }

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
  if (const auto raterVersion = line.integer("rater_version"))
    if (const FieldProblem problem = raterVersionProblem(*raterVersion))
      line.fail("\"rater_version\": " + *problem);
  if (const auto generatorVersion = line.integer("generator_version"))
    if (const FieldProblem problem = generatorVersionProblem(*generatorVersion))
      line.fail("\"generator_version\": " + *problem);
  // Stored as given: checked as the quick check reads it back (issue 44, F0).
  const std::string created = line.text("created").value_or("");
  if (!created.empty())
    if (const FieldProblem problem = createdProblem(created)) line.fail("\"created\": " + *problem);
  (void)line.strategies();
  (void)line.model(puzzle);
  // An export says which level was official ("official_level", null for none), so that an export imported
  // again keeps it; any other file's "level" is the official one.
  std::optional<Level> officialLevel;
  if (line.present("official_level")) {
    if (const auto official = line.text("official_level")) {
      officialLevel = parseLevel(*official);
      if (!officialLevel) line.fail(fmt::format("\"official_level\": unknown level '{}'", *official));
    }
  } else {
    officialLevel = givenLevel;
  }
  ImportLine result;
  result.puzzle = known;
  NewChallenge& c = result.challenge;
  c = newChallenge(*admitted, rate(*problem, model), model);
  c.solutionText = formatChallenge(puzzle, solution);  // the line's own, whichever way it splits copies
  c.officialLevel = officialLevel;
  c.seed = line.seed();
  c.generatorVersion = line.integer("generator_version");
  c.createdAt = created;
  result.where = where;
  return result;
}

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
  if (column == "unlinked" || column == "linked") {
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

}  // namespace

nlohmann::ordered_json exportRecord(const StoredChallenge& c, const Puzzle& puzzle) {
  using nlohmann::ordered_json;
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
  if (c.seed) j["seed"] = std::to_string(*c.seed);      // a string: JSON numbers past 2^53 are read rounded
  j["linked"] = appliesFamilyRule(puzzle, rulesOf(c));  // as in count and census
  j["unlinked"] = c.unlinked;                           // the older name: the opposite, for IQ-Link
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

nlohmann::ordered_json definitionRecord(const std::string& name, const std::string& text,
                                        const std::string& hash) {
  nlohmann::ordered_json definition;
  definition["name"] = name;
  definition["hash"] = hash;
  definition["text"] = text;
  nlohmann::ordered_json j;
  j["definition"] = std::move(definition);
  return j;
}

std::string csvHeader() {
  std::string out;
  for (std::size_t i = 0; i < std::size(kCsvColumns); ++i)
    out += fmt::format("{}{}", i == 0 ? "" : ",", kCsvColumns[i]);
  return out + '\n';
}

std::string csvRow(const StoredChallenge& c) {
  return fmt::format("{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}\n", csvField(c.puzzleName),
                     csvField(c.challengeText), csvField(c.solutionText), levelName(c.level), c.score,
                     c.given, c.toPlace, c.seed ? std::to_string(*c.seed) : "", c.unlinked ? 1 : 0,
                     c.raterVersion, csvField(c.strategyUse),
                     c.generatorVersion ? std::to_string(*c.generatorVersion) : "", csvField(c.createdAt),
                     c.definitionHash, c.model ? csvField(c.model->name) : "",
                     c.model ? c.model->fingerprint : "", c.officialLevel ? levelName(*c.officialLevel) : "");
}

PuzzleResolver::PuzzleResolver(std::vector<PuzzleRecord> stored, const std::vector<std::string>& options)
    : stored_(std::move(stored)) {
  for (const auto& option : options) {
    // (a BurrTools file's problem as a definition, not the file's bytes)
    std::string text;
    const Puzzle puzzle = loadPuzzle(option, text);  // names the problem when the argument is neither
    options_.push_back(&add(puzzle.name, text, Origin::Given));
  }
}

void PuzzleResolver::addDefinition(const nlohmann::json& j, const std::string& where) {
  const auto fail = [&](const std::string& what) { throw InputError(fmt::format("{}: {}", where, what)); };
  if (!j.is_object()) fail("\"definition\" must be an object with \"name\", \"hash\" and \"text\"");
  for (const char* key : {"name", "hash", "text"})
    if (!j.contains(key) || !j[key].is_string())
      fail(fmt::format("definition: \"{}\" must be a string", key));
  const std::string name = j["name"].get<std::string>();
  const std::string text = j["text"].get<std::string>();
  const std::string hash = j["hash"].get<std::string>();
  if (text.size() > kMaxDefinitionBytes) fail("definition: the text is too long");
  if (definitionHash(text) != hash)
    fail(fmt::format("definition of '{}': \"hash\" {} is not the hash of its text ({})", name, hash,
                     definitionHash(text)));
  const KnownPuzzle* known = nullptr;
  try {
    known = &add(name, text, Origin::Stored);
  } catch (const InputError& e) {
    fail(fmt::format("definition of '{}': {}", name, e.what()));
  }
  if (known->puzzle.name != name)
    fail(fmt::format("definition of '{}': its text names another puzzle, '{}'", name, known->puzzle.name));
}

const KnownPuzzle* PuzzleResolver::find(const std::optional<std::string>& name,
                                        const std::optional<std::string>& hash, bool csv, std::string& why) {
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
  const PuzzleRecord* match = nullptr;
  for (const auto& p : stored_)
    if (p.name == *name && (!hash || *hash == p.definitionHash)) match = &p;
  if (match != nullptr) return &add(match->name, match->definitionText, Origin::Stored);
  const std::string shipped = shippedText(*name);
  if (!shipped.empty() && (!hash || *hash == definitionHash(shipped)))
    return &add(*name, shipped, Origin::Given);
  // No definition with the line's hash: one given by name with --puzzle is the user's choice (an export made
  // before a shipped puzzle's text changed, a CSV export, a definition edited since). The line is checked
  // against it as any other: its challenge must parse and have its one solution on this definition.
  const KnownPuzzle* chosen = nullptr;
  for (const KnownPuzzle* option : options_)
    if (option->name == *name) {
      if (chosen != nullptr && chosen->hash != option->hash) {
        why = fmt::format(
            "puzzle '{}' with definition_hash {} is not known here, and --puzzle gives two definitions "
            "named '{}': give one",
            *name, *hash, *name);
        return nullptr;
      }
      chosen = option;
    }
  if (chosen != nullptr) return chosen;
  // A puzzle of that name is known, but with another definition: the line's is not here.
  bool named = !shipped.empty();
  for (const auto& known : known_) named = named || known->name == *name;
  for (const auto& p : stored_) named = named || p.name == *name;
  if (named && hash) {
    why = fmt::format(
        "puzzle '{}' with definition_hash {} is not known here ({}import with --puzzle NAME (a shipped "
        "puzzle) or --puzzle FILE to check it against that definition)",
        *name, *hash,
        csv ? "the CSV form carries no definitions: export as JSON lines, or "
            : "the file does not define it and the catalog does not hold it: ");
    return nullptr;
  }
  why = fmt::format(
      "unknown puzzle '{}' (not shipped, not in the catalog and not defined in the file; give its "
      "definition with --puzzle FILE)",
      *name);
  return nullptr;
}

const KnownPuzzle& PuzzleResolver::add(const std::string& name, const std::string& text, Origin origin) {
  for (const auto& known : known_)
    if (known->name == name && known->definition == text) return *known;
  // A stored definition (in the catalog, or a definition line an export copied from one) may predate the
  // refusal of control characters in names and titles: read as spaces, as every read of the catalog does.
  const ControlCharacters controls =
      origin == Origin::Stored ? ControlCharacters::AsSpaces : ControlCharacters::Refused;
  known_.push_back(std::make_unique<KnownPuzzle>(
      KnownPuzzle{name, text, definitionHash(text), *definitionBuiltOnce(text, name + ".toml", controls)}));
  return *known_.back();
}

std::vector<ImportRecord> readCsvRecords(const std::string& text, const std::string& name) {
  const std::vector<CsvRecord> rows = readCsv(text, name);
  std::vector<ImportRecord> records;
  if (rows.empty()) return records;
  const std::vector<std::string>& header = rows.front().fields;
  for (const auto& column : header)
    if (std::find(std::begin(kCsvColumns), std::end(kCsvColumns), column) == std::end(kCsvColumns) &&
        std::find(std::begin(kCsvImportOnlyColumns), std::end(kCsvImportOnlyColumns), column) ==
            std::end(kCsvImportOnlyColumns))
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
    records.push_back({std::move(value), where, true});
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

bool looksLikeCsv(const std::string& text) {
  const auto first = text.find_first_not_of(" \t\r\n");
  return first != std::string::npos && text[first] != '{' && text.compare(first, 6, "puzzle") == 0;
}

std::vector<ImportLine> readRecords(PuzzleResolver& resolver, const std::vector<ImportRecord>& records,
                                    int& definitions, const RatingModel* model) {
  definitions = 0;
  for (const auto& record : records)
    if (record.value.contains("definition") && !record.value.contains("design")) {
      if (record.value.contains("challenge"))
        throw InputError(
            fmt::format("{}: a line holds a \"definition\" or a \"challenge\", not both", record.where));
      resolver.addDefinition(record.value["definition"], record.where);
      ++definitions;
    }
  std::vector<ImportLine> lines;
  for (const auto& record : records)
    // (a design line, {"design": ...}, is read by db/designs.hpp's readDesignRecord)
    if (!record.value.contains("definition") && !record.value.contains("design"))
      lines.push_back(readLine(resolver, record, model));
  return lines;
}

std::vector<StoredChallenge> readImportLine(const std::string& text) {
  PuzzleResolver resolver({}, {});
  int definitions = 0;
  std::vector<StoredChallenge> rows;
  for (const ImportLine& line :
       readRecords(resolver, readJsonRecords(text, "<line>"), definitions, nullptr)) {
    const NewChallenge& c = line.challenge;
    StoredChallenge row;
    row.puzzleName = line.puzzle->name;
    row.definitionText = line.puzzle->definition;
    row.definitionHash = line.puzzle->hash;
    row.challengeText = c.challengeText;
    row.canonicalKey = c.canonicalKey;
    row.solutionText = c.solutionText;
    row.given = c.given;
    row.toPlace = c.toPlace;
    row.unlinked = c.unlinked;
    row.level = c.level;
    row.score = c.score;
    row.raterVersion = c.raterVersion;
    row.model = c.model;
    row.officialLevel = c.officialLevel;
    row.strategyUse = c.strategyUse.empty() ? "{}" : c.strategyUse;
    row.seed = c.seed;
    row.generatorVersion = c.generatorVersion;
    row.createdAt = c.createdAt.empty() ? "2026-01-01T00:00:00Z" : c.createdAt;  // (insert writes now)
    rows.push_back(std::move(row));
  }
  return rows;
}

}  // namespace piecework::db

// SPDX-License-Identifier: Apache-2.0
// The catalog's exchange format (docs/catalog.md): the JSON lines and CSV rows `catalog export` writes and
// `catalog import` reads (generate --json lines are a subset). A line read is a challenge for the catalog
// only through its admission rule (db/admission.hpp), and is graded here by the catalog's rater.
#pragma once

#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "db/catalog.hpp"
#include "puzzle/puzzle.hpp"
#include "rater/model.hpp"

namespace piecework::db {

// ---------------------------------------------------------------- writing

// The record of one challenge as export writes it and import reads it; `puzzle` is the challenge's (loaded
// from its stored definition), which says whether the linkage rule applies (`linked`).
nlohmann::ordered_json exportRecord(const StoredChallenge& c, const Puzzle& puzzle);
// The line that carries a definition the challenges after it refer to (export writes one for every puzzle
// that is not shipped with this text; import needs no --puzzle for them).
nlohmann::ordered_json definitionRecord(const std::string& name, const std::string& text,
                                        const std::string& hash);
// A CSV export: its header line and one row per challenge (each with its line break).
std::string csvHeader();
std::string csvRow(const StoredChallenge& c);

// ---------------------------------------------------------------- reading

struct KnownPuzzle {
  std::string name;
  std::string definition;
  std::string hash;
  Puzzle puzzle;
};

// The puzzles the lines of an import refer to: given with --puzzle, defined in the file, stored in the
// catalog or shipped.
class PuzzleResolver {
 public:
  // `stored`: the catalog's puzzles; `options`: the --puzzle arguments (shipped names or definition files).
  PuzzleResolver(std::vector<PuzzleRecord> stored, const std::vector<std::string>& options);

  // A definition line of an export: checked (its hash, its name) and preferred to any other puzzle of the
  // same name and hash.
  void addDefinition(const nlohmann::json& j, const std::string& where);
  // The puzzle a line belongs to; nullptr with `why` set when it cannot be found. A line that gives a hash
  // is matched to a definition with that hash (a puzzle of the same name with another definition is
  // another puzzle), or else to the --puzzle definition of its name, which the user chose (the line is then
  // checked against it). `csv`: the line is a CSV row, a form that carries no definitions (`why` says so).
  const KnownPuzzle* find(const std::optional<std::string>& name, const std::optional<std::string>& hash,
                          bool csv, std::string& why);
  const std::vector<std::unique_ptr<KnownPuzzle>>& known() const { return known_; }

 private:
  // Given: a --puzzle definition or a shipped one; Stored: the catalog's, or an export's definition line.
  enum class Origin { Given, Stored };
  const KnownPuzzle& add(const std::string& name, const std::string& text, Origin origin);

  std::vector<PuzzleRecord> stored_;
  std::vector<std::unique_ptr<KnownPuzzle>> known_;
  std::vector<const KnownPuzzle*> options_;
};

struct ImportLine {
  const KnownPuzzle* puzzle = nullptr;
  NewChallenge challenge;
  std::string where;  // FILE:LINE
};

// One record of an import file: a JSON object, from a JSON line or a CSV row, and where it came from.
struct ImportRecord {
  nlohmann::json value;
  std::string where;
  bool csv = false;  // a CSV row (the CSV form carries no definitions)
};

// The rows of a CSV export (with its header, some of its columns in any order) as the JSON objects of the
// same challenges.
std::vector<ImportRecord> readCsvRecords(const std::string& text, const std::string& name);
std::vector<ImportRecord> readJsonRecords(const std::string& text, const std::string& name);
// JSON lines start with '{'; anything else is read as CSV with a header line.
bool looksLikeCsv(const std::string& text);
// Every challenge of `records`, checked, admitted and graded by `model` (nullptr: each puzzle's shipped
// model); definition lines first (a challenge may come before the definition it uses). Design lines
// ({"design": ...}) are left to the caller (db/designs.hpp). Throws InputError naming the line.
std::vector<ImportLine> readRecords(PuzzleResolver& resolver, const std::vector<ImportRecord>& records,
                                    int& definitions, const RatingModel* model);

// Reads `text` exactly as `catalog import` reads a line (shipped puzzles only, no catalog, no --puzzle),
// checking, rating and solving it; nothing is stored (the fuzz target fuzz/catalog_import_line.cpp). Returns
// the rows as the catalog would read them back once stored (ids 0, the creation time now when the line gives
// none), for checking that import never stores what the quick check refuses. Throws InputError for bad input.
std::vector<StoredChallenge> readImportLine(const std::string& text);

}  // namespace piecework::db

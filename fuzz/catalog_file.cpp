// SPDX-License-Identifier: Apache-2.0
// libFuzzer target: a catalog file, two ways (the first byte picks).
// - Bytes (first byte below 0x80): the bytes are written to a temporary file, which is then opened as
//   `catalog list` and `catalog show` open it (read-only, every challenge read back and drawn from its stored
//   definition), then as `catalog import` opens it for writing (which migrates older schemas).
// - A stored field (first byte 0x80 or more; issue 44): a sound catalog of two Soma challenges, made once,
// has
//   one field of its first row (or of its puzzle) set to the case's bytes, or the case's bytes written into
//   the stored value; then every command's view of it must hold: the catalog still opens for writing (a
//   damaged row never locks it), the untouched row still passes the full check, and a row that passes the
//   full check exports to a line that import accepts (one validator per field for both:
//   db/stored_fields.hpp).
#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "db/admission.hpp"
#include "db/catalog.hpp"
#include "db/catalog_tasks.hpp"
#include "db/designs.hpp"
#include "db/exchange.hpp"
#include "db/sqlite.hpp"
#include "db/stored_check.hpp"
#include "families/registry.hpp"
#include "fuzz/one_line_error.hpp"
#include "fuzz/work_directory.hpp"
#include "puzzle/challenge.hpp"
#include "puzzle/definition.hpp"
#include "puzzle/errors.hpp"
#include "rater/rater.hpp"
#include "solver/problem.hpp"
#include "solver/solver.hpp"

namespace {

namespace fs = std::filesystem;
using piecework::db::Catalog;
using piecework::fuzz::workDirectory;

void removeCatalog(const fs::path& path) {
  std::error_code ec;
  for (const char* suffix : {"", "-wal", "-shm", "-journal"}) fs::remove(path.string() + suffix, ec);
}

[[noreturn]] void finding(const std::string& what) {
  std::fprintf(stderr, "%s\n", what.c_str());
  std::abort();
}

void readEverything(const std::string& path) {
  const Catalog catalog(path, Catalog::Access::ReadOnly);
  (void)catalog.puzzles();
  (void)catalog.booklets();
  (void)catalog.challengeCount();
  (void)catalog.challengesById();
  // What `catalog list` and `show` check of every row before they print it (db/stored_check.hpp).
  piecework::db::quickCheckStoredChallenges(catalog.challenges(), path);
  piecework::db::StoredPuzzles puzzles(path);
  for (const auto& c : catalog.challenges()) {
    (void)piecework::levelName(c.level);
    try {  // `catalog show` draws a challenge from its stored definition
      const piecework::Puzzle& puzzle = puzzles.of(c);
      (void)piecework::parseChallenge(puzzle, c.challengeText);
      (void)piecework::parseChallenge(puzzle, c.solutionText);
    } catch (const piecework::InputError& e) {
      piecework::fuzz::requireOneBoundedLine(e);
    }
  }
  // What `catalog list --designs` and `show --design` check of every design row (db/designs.hpp).
  for (const auto& d : piecework::db::storedDesigns(path)) (void)piecework::db::quickDesignProblem(d);
}

void fuzzBytes(const std::uint8_t* data, std::size_t size) {
  const fs::path path = workDirectory() / "catalog";
  removeCatalog(path);
  piecework::fuzz::writeFile(path.string(), reinterpret_cast<const char*>(data), size);
  try {
    (void)Catalog::holdsCatalog(path.string());
    readEverything(path.string());
  } catch (const piecework::InputError& e) {
    piecework::fuzz::requireOneBoundedLine(e);
  }
  try {
    const Catalog catalog(path.string(), Catalog::Access::ReadWrite);
    (void)catalog.challengeCount();
  } catch (const piecework::InputError& e) {
    piecework::fuzz::requireOneBoundedLine(e);
  }
  removeCatalog(path);
}

// ---------------------------------------------------------------- stored fields

// The sound catalog the field cases start from: two Soma challenges (a solution less two pieces, and less
// two others), each admitted and graded as `generate --db` stores one.
const fs::path& soundCatalog() {
  static const fs::path path = [] {
    const fs::path file = workDirectory() / "sound";
    removeCatalog(file);
    const std::string text = piecework::shippedText("soma");
    const piecework::Puzzle puzzle = piecework::loadDefinition(text, "soma.toml");
    Catalog catalog(file.string(), Catalog::Access::ReadWrite);
    const std::int64_t id = catalog.ensurePuzzle(puzzle.name, text);
    piecework::FindOptions find;
    const auto solved = piecework::findSolutions(puzzle, {}, find);
    if (solved.solutions.empty()) finding("no Soma solution to start from");
    const std::vector<int>& solution = solved.solutions.front();
    int stored = 0;
    for (std::size_t left = 0; left + 2 <= solution.size() && stored < 2; left += 2) {
      piecework::Challenge challenge;
      for (std::size_t i = 0; i < solution.size(); ++i)
        if (i != left && i != left + 1) challenge.givens.push_back(solution[i]);
      const piecework::Problem problem = piecework::makeProblem(puzzle, challenge.givens, piecework::Rules{});
      try {
        const piecework::db::Admitted admitted = piecework::db::admitChallenge(problem, challenge);
        piecework::db::NewChallenge c =
            piecework::db::newChallenge(admitted, piecework::rate(problem, nullptr), nullptr);
        c.puzzleId = id;
        stored += catalog.insertChallenge(c) ? 1 : 0;
      } catch (const piecework::InputError&) {
      }
    }
    if (stored != 2) finding("could not make the two-challenge Soma catalog");
    // And one interlocking design, as `catalog add-design` stores it, for the design fields: a ring with a
    // hook through it (level 2; tests/support/interlocking_designs.hpp).
    piecework::DesignSource design;
    design.definitionText = R"(name = "ring-and-hook"
lattice = "cubic"
board = "####/..##/####|..../..#./....|####/..##/####"

[[piece]]
letter = "A"
moves = "turn"
shape = "####/#..#/####"

[[piece]]
letter = "B"
moves = "turn"
cubes = [[0, 0, 0], [1, 0, 0], [1, 0, 1], [1, 0, 2], [0, 0, 2]]
)";
    const piecework::db::NewDesign computed = piecework::db::computeDesign(
        "ring-and-hook", "hook.toml", std::nullopt, design, piecework::InterlockGradeTable{});
    if (computed.level != "2" || !piecework::db::addDesign(file.string(), computed).added)
      finding("could not store the design of the sound catalog");
    return file;
  }();
  return path;
}

struct Field {
  const char* table;
  const char* column;
  bool number;  // an INTEGER or REAL column: a case's bytes that read as a number are stored as one
};
constexpr Field kFields[] = {
    {"challenges", "challenge", false},
    {"challenges", "canonical_key", false},
    {"challenges", "solution", false},
    {"challenges", "given", true},
    {"challenges", "to_place", true},
    {"challenges", "level", false},
    {"challenges", "score", true},
    {"challenges", "rater_version", true},
    {"challenges", "strategy_use", false},
    {"challenges", "seed", false},
    {"challenges", "generator_version", true},
    {"challenges", "created_at", false},
    {"challenges", "model", false},
    {"challenges", "model_fingerprint", false},
    {"challenges", "official_level", false},
    {"challenges", "unlinked", true},
    {"puzzles", "definition", false},
    {"puzzles", "definition_hash", false},
    {"puzzles", "name", false},
    {"designs", "name", false},
    {"designs", "file", false},
    {"designs", "problem", true},
    {"designs", "definition", false},
    {"designs", "groups", false},
    {"designs", "burrtools_counting", true},
    {"designs", "assemblies", true},
    {"designs", "solutions", true},
    {"designs", "level", false},
    {"designs", "grade", false},
    {"designs", "grade_table", false},
    {"designs", "added_at", false},
};

// Sets the field the case picks: byte 1 the field, bit 0x40 of byte 0 an edit (byte 2 a position in the
// stored text, the rest written there) rather than a new value. False when SQLite refuses the value (a CHECK
// constraint): nothing to test.
bool setField(const std::string& path, const std::uint8_t* data, std::size_t size) {
  if (size < 2) return false;
  const Field& field = kFields[data[1] % std::size(kFields)];
  const bool edit = (data[0] & 0x40) != 0;
  std::string value(reinterpret_cast<const char*>(data) + 2, size - 2);
  using piecework::db::sqlite::Connection;
  using piecework::db::sqlite::Statement;
  try {
    Connection connection(path, SQLITE_OPEN_READWRITE);
    if (edit && !value.empty()) {
      Statement read(
          connection,
          (std::string("SELECT ") + field.column + " FROM " + field.table + " WHERE id = 1").c_str());
      std::string stored = read.step() ? read.getText(0) : std::string();
      const std::size_t at = stored.empty() ? 0 : static_cast<unsigned char>(value[0]) % stored.size();
      stored.replace(at, std::min(value.size() - 1, stored.size() - at), value.substr(1));
      value = stored;
    }
    Statement update(
        connection,
        (std::string("UPDATE ") + field.table + " SET " + field.column + " = ?1 WHERE id = 1").c_str());
    // (an integer that fits 64 bits as one, another number as a real, anything else as text)
    char* intEnd = nullptr;
    char* realEnd = nullptr;
    errno = 0;
    const long long integer = value.empty() ? 0 : std::strtoll(value.c_str(), &intEnd, 10);
    const bool isInteger = !value.empty() && errno == 0 && *intEnd == '\0';
    const double real = value.empty() ? 0 : std::strtod(value.c_str(), &realEnd);
    const bool isReal = !value.empty() && *realEnd == '\0';
    if (field.number && isInteger)
      update.bind(1, static_cast<std::int64_t>(integer));
    else if (field.number && isReal)
      update.bind(1, real);
    else
      update.bind(1, value);
    update.run();
    return true;
  } catch (const piecework::db::sqlite::SqliteError&) {
    return false;
  }
}

void fuzzField(const std::uint8_t* data, std::size_t size) {
  const fs::path path = workDirectory() / "catalog";
  removeCatalog(path);
  // The sound catalog's bytes, read once and written for each case: fs::copy_file failed with EINTR when
  // libFuzzer's once-a-second alarm (-max_total_time, -timeout) came in the middle of it (a finding of the
  // harness, not of piecework), where an ofstream write is retried.
  static const std::string sound = [] {
    std::ifstream in(soundCatalog(), std::ios::binary);
    std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (bytes.empty()) finding("cannot read the sound catalog back");
    return bytes;
  }();
  piecework::fuzz::writeFile(path.string(), sound.data(), sound.size());
  if (!setField(path.string(), data, size)) return;
  const bool puzzleField = std::string(kFields[data[1] % std::size(kFields)].table) == "puzzles";
  try {  // a damaged row never locks the catalog
    const Catalog catalog(path.string(), Catalog::Access::ReadWrite);
    (void)catalog.challengeCount();
  } catch (const piecework::InputError& e) {
    finding(std::string("a damaged row locked the catalog: ") + e.what());
  }
  const Catalog catalog(path.string(), Catalog::Access::ReadOnly);
  piecework::db::StoredPuzzles puzzles(path.string());
  for (const auto& row : catalog.challengesById()) {
    try {
      const piecework::Puzzle& puzzle = puzzles.of(row);
      (void)piecework::db::checkStoredChallenge(puzzle, row, path.string());
    } catch (const piecework::InputError& e) {
      piecework::fuzz::requireOneBoundedLine(e);
      if (row.id != 1 && !puzzleField) finding(std::string("an untouched row fails the check: ") + e.what());
      continue;
    }
    // A row the check passes is one import takes back: its export line (and definition line) is accepted.
    piecework::db::ChallengeFilter only;
    only.id = row.id;
    const std::string exported =
        piecework::db::exportChallenges(catalog, only, piecework::db::ExportFormat::JsonLines).text;
    try {
      piecework::db::PuzzleResolver resolver({}, {});
      int definitions = 0;
      (void)piecework::db::readRecords(resolver, piecework::db::readJsonRecords(exported, "<export>"),
                                       definitions, nullptr);
    } catch (const piecework::InputError& e) {
      finding(std::string("the check passed a row whose export import refuses: ") + e.what());
    }
  }
  // A design the full check passes is one import takes back: its export line is accepted.
  for (const auto& d : piecework::db::storedDesigns(path.string())) {
    if (piecework::db::fullDesignProblem(d)) continue;
    try {
      (void)piecework::db::readDesignRecord(piecework::db::designRecord(d)["design"], "<export>");
    } catch (const piecework::InputError& e) {
      finding(std::string("the check passed a design whose export import refuses: ") + e.what());
    }
  }
  try {
    (void)piecework::db::checkCatalog(path.string());
  } catch (const piecework::InputError& e) {
    piecework::fuzz::requireOneBoundedLine(e);
  }
  removeCatalog(path);
}

}  // namespace

// The shipped families, registered once as every program does first (families/registry.hpp).
extern "C" int LLVMFuzzerInitialize(int*, char***) {
  piecework::registerShippedFamilies();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 0 && data[0] >= 0x80)
    fuzzField(data, size);
  else
    fuzzBytes(data, size);
  return 0;
}

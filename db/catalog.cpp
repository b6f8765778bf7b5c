// SPDX-License-Identifier: Apache-2.0
#include "db/catalog.hpp"

#include <fmt/chrono.h>
#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <climits>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <thread>

#include <sys/stat.h>
#include <unistd.h>

#include "db/catalog_reading.hpp"
#include "db/sqlite.hpp"
#include "db/stored_check.hpp"
#include "db/stored_fields.hpp"
#include "puzzle/challenge.hpp"
#include "puzzle/errors.hpp"
#include "solver/solver.hpp"

namespace piecework::db {

using sqlite::Connection;
using sqlite::SqliteError;
using sqlite::Statement;
using sqlite::Transaction;

namespace {

constexpr int kBusyTimeoutMs = 60000;

// Each entry migrates the schema from version (index) to (index + 1). Comments stay in sqlite_master, so that
// `sqlite3 FILE .schema` explains itself.
const char* const kMigrations[] = {
    // 0 -> 1
    R"sql(
CREATE TABLE puzzles (
  id              INTEGER PRIMARY KEY,
  name            TEXT NOT NULL,      -- the definition's name, e.g. 'iq-link'
  definition      TEXT NOT NULL,      -- the TOML definition the placements were derived from
  definition_hash TEXT NOT NULL,      -- FNV-1a 64 of definition, 16 hex digits
  added_at        TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
  UNIQUE (name, definition_hash)
);
CREATE TABLE levels (
  rank INTEGER PRIMARY KEY,           -- 0 Starter .. 4 Wizard: the order of a booklet
  name TEXT NOT NULL UNIQUE
);
INSERT INTO levels (rank, name) VALUES (0, 'Starter'), (1, 'Junior'), (2, 'Expert'), (3, 'Master'), (4, 'Wizard');
CREATE TABLE challenges (
  id                INTEGER PRIMARY KEY,
  puzzle_id         INTEGER NOT NULL REFERENCES puzzles (id),
  challenge         TEXT NOT NULL,    -- the given pieces in challenge notation (one line)
  canonical_key     TEXT NOT NULL,    -- the challenge text of its smallest image under the board's symmetries
  unlinked          INTEGER NOT NULL DEFAULT 0 CHECK (unlinked IN (0, 1)),  -- IQ-Link made without the linkage rule
  solution          TEXT NOT NULL,    -- the unique solution in challenge notation
  given             INTEGER NOT NULL, -- pieces given
  to_place          INTEGER NOT NULL, -- pieces to place
  level             TEXT NOT NULL REFERENCES levels (name),
  score             REAL NOT NULL,    -- orders challenges within and across levels
  rater_version     INTEGER NOT NULL, -- the rater that graded it; 'catalog rate' redoes older ones
  strategy_use      TEXT NOT NULL DEFAULT '{}',  -- JSON object: strategy -> times the rater used it
  seed              TEXT,             -- decimal seed that regenerates this challenge alone (NULL: not generated)
  generator_version INTEGER,
  created_at        TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
  UNIQUE (puzzle_id, unlinked, canonical_key)  -- a challenge and its symmetric images are stored once
);
CREATE INDEX challenges_by_level ON challenges (puzzle_id, level, score);
CREATE TABLE booklets (
  id         INTEGER PRIMARY KEY,
  title      TEXT NOT NULL,
  file       TEXT NOT NULL,           -- where the booklet was written
  options    TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);
CREATE TABLE booklet_entries (
  booklet_id   INTEGER NOT NULL REFERENCES booklets (id) ON DELETE CASCADE,
  position     INTEGER NOT NULL,      -- 1-based challenge number in the booklet
  challenge_id INTEGER NOT NULL REFERENCES challenges (id),
  PRIMARY KEY (booklet_id, position)
);
CREATE VIEW challenge_list AS
  SELECT c.id, p.name AS puzzle, c.level, c.score, c.given, c.to_place, c.challenge, c.solution
  FROM challenges c JOIN puzzles p ON p.id = c.puzzle_id JOIN levels l ON l.name = c.level
  ORDER BY p.name, l.rank, c.score, c.id;
)sql",
    // 1 -> 2: which rating model graded each challenge. Rows graded before keep NULL: only the shipped
    // model graded challenges then (`--model` did not store what it graded).
    R"sql(
ALTER TABLE challenges ADD COLUMN model TEXT -- the rating model that graded it: NULL the puzzle's shipped model, else the model file's name
  CHECK (model IS NULL OR (typeof(model) = 'text' AND length(model) > 0));
ALTER TABLE challenges ADD COLUMN model_fingerprint TEXT -- FNV-1a 64 of the model's grading numbers, 16 hex digits; NULL with model
  CHECK ((model IS NULL) = (model_fingerprint IS NULL) AND (model_fingerprint IS NULL OR
         (length(model_fingerprint) = 16 AND model_fingerprint NOT GLOB '*[^0-9a-f]*')));
DROP VIEW IF EXISTS challenge_list;
CREATE VIEW challenge_list AS
  SELECT c.id, p.name AS puzzle, c.level, c.score, c.given, c.to_place, c.challenge, c.solution, c.model
  FROM challenges c JOIN puzzles p ON p.id = c.puzzle_id JOIN levels l ON l.name = c.level
  ORDER BY p.name, l.rank, c.score, c.id;
)sql",
    // 2 -> 3: the level a publisher's file gave a challenge, kept beside the catalog's own grade (import
    // grades every line itself). Rows stored before keep NULL: none was recorded.
    R"sql(
ALTER TABLE challenges ADD COLUMN official_level TEXT REFERENCES levels (name) -- the level the imported file gave it (a publisher's own); NULL: none given. The catalog's grade is level
  CHECK (official_level IS NULL OR official_level IN ('Starter', 'Junior', 'Expert', 'Master', 'Wizard'));
DROP VIEW IF EXISTS challenge_list;
CREATE VIEW challenge_list AS
  SELECT c.id, p.name AS puzzle, c.level, c.score, c.given, c.to_place, c.challenge, c.solution, c.model,
         c.official_level
  FROM challenges c JOIN puzzles p ON p.id = c.puzzle_id JOIN levels l ON l.name = c.level
  ORDER BY p.name, l.rank, c.score, c.id;
)sql",
    // 3 -> 4: the attempts people made in the browser player (catalog import-playtests, db/playtests.hpp).
    // IF NOT EXISTS: a catalog that playtests were imported into before this version has the table already.
    R"sql(
CREATE TABLE IF NOT EXISTS playtests (
  id           INTEGER PRIMARY KEY,
  challenge_id INTEGER NOT NULL REFERENCES challenges (id),
  tester       TEXT NOT NULL,        -- the name the tester typed into the page
  started_at   TEXT NOT NULL,        -- ISO 8601 UTC, when the page showed the challenge
  ended_at     TEXT NOT NULL,        -- when it was solved or given up
  seconds      REAL NOT NULL CHECK (seconds >= 0),
  moves        INTEGER NOT NULL CHECK (moves >= 0),   -- pieces put down, taken back or moved, and redos
  undos        INTEGER NOT NULL CHECK (undos >= 0),
  hints        INTEGER NOT NULL CHECK (hints >= 0),
  solved       INTEGER NOT NULL CHECK (solved IN (0, 1)),  -- 0: given up (the time is a lower bound)
  imported_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
  UNIQUE (challenge_id, tester, started_at)  -- an attempt imported twice is stored once
);
)sql",
    // 4 -> 5: interlocking designs with their disassembly level (catalog add-design, db/designs.hpp).
    // IF NOT EXISTS: a catalog of this version set back to an older one by hand still migrates.
    R"sql(
CREATE TABLE IF NOT EXISTS designs (
  id                 INTEGER PRIMARY KEY,
  name               TEXT NOT NULL,     -- the definition's name
  file               TEXT NOT NULL,     -- the file add-design read, as named (a BurrTools file without #N)
  problem            INTEGER,           -- a BurrTools file's problem (#N, from 1); NULL for a definition
  definition         TEXT NOT NULL,     -- the TOML definition the design was read as: taken apart again by check
  groups             TEXT NOT NULL DEFAULT '[]',  -- JSON array: per piece, its BurrTools group (0: none)
  burrtools_counting INTEGER NOT NULL DEFAULT 0 CHECK (burrtools_counting IN (0, 1)),  -- counted as BurrTools does
  assemblies         INTEGER NOT NULL CHECK (assemblies >= 0),
  solutions          INTEGER NOT NULL CHECK (solutions >= 0),  -- the assemblies that come apart
  level              TEXT,              -- the hardest solution's level, e.g. '26.8.2.6.2'; NULL: nothing comes apart
  grade              TEXT REFERENCES levels (name),  -- its grade (docs/disassembly.md); NULL without a level
  grade_table        TEXT,              -- the grade table (JSON) when not the fixed one
  added_at           TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
  CHECK ((solutions = 0) = (level IS NULL) AND (level IS NULL) = (grade IS NULL))
);
)sql",
};
static_assert(std::size(kMigrations) == kSchemaVersion);

// Left joins: a challenge whose level or puzzle row is not there is read, and refused by its id
// (readProblem), rather than left out of every listing and check. The model columns are read as NULL from a
// version 1 catalog opened read-only (it is migrated only when opened for writing); every grade there is the
// shipped model's. So is the official level from a catalog older than version 3.
const char* const kSelectChallenges = R"sql(
SELECT c.id, c.puzzle_id, p.name, p.definition, p.definition_hash, c.challenge, c.canonical_key, c.solution,
       c.given, c.to_place, c.unlinked, l.rank, c.score, c.rater_version, c.strategy_use, c.seed,
       c.generator_version, c.created_at, )sql";
const char* const kModelColumns = "c.model, c.model_fingerprint";
const char* const kNoModelColumns = "NULL, NULL";
const char* const kOfficialLevelColumn = ", c.official_level";
const char* const kNoOfficialLevelColumn = ", NULL";
const char* const kSelectChallengesFrom = R"sql(
FROM challenges c LEFT JOIN puzzles p ON p.id = c.puzzle_id LEFT JOIN levels l ON l.name = c.level
WHERE (?1 IS NULL OR p.name IN (SELECT value FROM json_each(?1)))
  AND (?2 IS NULL OR l.rank IN (SELECT value FROM json_each(?2)))
  AND (?3 IS NULL OR c.to_place = ?3)
  AND (?4 IS NULL OR c.id = ?4)
  AND (?5 IS NULL OR c.rater_version < ?5)
)sql";
const char* const kChallengesByLevel = "ORDER BY l.rank, c.score, c.id";
const char* const kChallengesById = "ORDER BY c.id";
const char* const kInsertChallenge = R"sql(
INSERT INTO challenges (puzzle_id, challenge, canonical_key, unlinked, solution, given, to_place, level, score,
                        rater_version, strategy_use, seed, generator_version, created_at, model,
                        model_fingerprint, official_level)
VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17)
ON CONFLICT (puzzle_id, unlinked, canonical_key) DO NOTHING
)sql";
const char* const kCountChallenges = "SELECT count(*) FROM challenges";
const char* const kUpdateRating =
    "UPDATE challenges SET level = ?2, score = ?3, rater_version = ?4, strategy_use = ?5, model = ?6, "
    "model_fingerprint = ?7 WHERE id = ?1";
const char* const kInsertPuzzle =
    "INSERT INTO puzzles (name, definition, definition_hash) VALUES (?1, ?2, ?3) "
    "ON CONFLICT (name, definition_hash) DO NOTHING";
const char* const kFindPuzzle = "SELECT id, definition FROM puzzles WHERE name = ?1 AND definition_hash = ?2";
const char* const kSelectPuzzles = "SELECT id, name, definition, definition_hash FROM puzzles ORDER BY id";
const char* const kInsertBooklet = "INSERT INTO booklets (title, file, options) VALUES (?1, ?2, ?3)";
const char* const kInsertBookletEntry =
    "INSERT INTO booklet_entries (booklet_id, position, challenge_id) VALUES (?1, ?2, ?3)";
const char* const kSelectBooklets = "SELECT id, title, file, options, created_at FROM booklets ORDER BY id";
const char* const kSelectBookletEntries =
    "SELECT position, challenge_id FROM booklet_entries WHERE booklet_id = ?1 ORDER BY position";

// `schemaVersion`: of the catalog read (version 1 has no model columns).
std::string selectChallengesSql(const char* order, std::int64_t schemaVersion) {
  return std::string(kSelectChallenges) + (schemaVersion >= 2 ? kModelColumns : kNoModelColumns) +
         (schemaVersion >= 3 ? kOfficialLevelColumn : kNoOfficialLevelColumn) + kSelectChallengesFrom + order;
}

std::string nowUtc() {
  const auto now = std::chrono::floor<std::chrono::seconds>(std::chrono::system_clock::now());
  return fmt::format("{:%Y-%m-%dT%H:%M:%SZ}", now);
}

std::optional<std::uint64_t> parseSeed(const std::string& text) {
  std::uint64_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

// SQLite's answers that mean the file itself is bad. SQLITE_ERROR counts too: the statements run here are
// fixed, so SQLite refuses them only for what it found in the file, e.g. "unsupported file format" for a
// header with an unknown schema format (found by fuzz/catalog_file.cpp).
bool isCorruption(const SqliteError& e) {
  return e.primaryCode() == SQLITE_CORRUPT || e.primaryCode() == SQLITE_NOTADB ||
         e.primaryCode() == SQLITE_ERROR;
}

// SQLite's answers that mean the machine could not read or write: a full disk, an I/O error (on a full disk,
// creating the -shm file beside a healthy catalog fails so). A short read is left out: a truncated, so
// damaged, file gives it.
bool isDiskTrouble(const SqliteError& e) {
  return e.primaryCode() == SQLITE_FULL ||
         (e.primaryCode() == SQLITE_IOERR && e.code() != SQLITE_IOERR_SHORT_READ);
}

// SQLite's answers that tell about this moment or this machine rather than about the file: another process
// held the lock through the busy timeout, or the disk is full or failing.
bool isCircumstance(const SqliteError& e) {
  return e.primaryCode() == SQLITE_BUSY || e.primaryCode() == SQLITE_LOCKED || isDiskTrouble(e);
}

// A circumstance as one line, saying what it was: "disk I/O error" alone reads like damage.
std::runtime_error circumstance(const std::string& path, const char* doing, const SqliteError& e) {
  return std::runtime_error(fmt::format(
      "{}: cannot {} the catalog: {}{}", path, doing, e.what(),
      e.primaryCode() == SQLITE_FULL    ? " (the disk is full; the catalog was left as it was)"
      : e.primaryCode() == SQLITE_IOERR ? " (the disk is full or failing; the catalog was left as it was)"
                                        : ""));
}

// Reading a file is where damage shows, and SQLite does not always call it corruption: a damaged file has
// made it report "out of memory" while preparing or stepping a statement (found by fuzz/catalog_file.cpp),
// and odd codes can surface late. So while a file is opened and read, every answer but a circumstance means
// the file: one line, exit 2.
InputError damaged(const std::string& path, const SqliteError& e) {
  return InputError(fmt::format("{}: not a piecework catalog or damaged (SQLite: {})", path, e.what()));
}

enum class FileState { Missing, Blank, Catalog };

std::string directoryOf(const std::string& path) {
  const std::filesystem::path parent = std::filesystem::path(path).parent_path();
  return parent.empty() ? std::string(".") : parent.string();
}

// Whether this process may create files beside the catalog (its -wal and -shm files).
bool directoryWritable(const std::string& path) {
  return ::access(directoryOf(path).c_str(), W_OK) == 0;
}

bool exists(const std::string& path) {
  std::error_code ec;
  return std::filesystem::exists(path, ec);
}

// A WAL database needs its -shm (and -wal) file even to be read. In a directory where they cannot be created
// and do not exist, nobody can be writing the catalog either (a writer would need them), so it is read as
// immutable: SQLite then reads the file alone, without locks or side files.
Connection openForReading(const std::string& path, int flags) {
  if (!directoryWritable(path) && !exists(path + "-wal")) {
    std::string uri = "file:";
    for (const char c : std::filesystem::absolute(path).string()) {
      if (c == '%' || c == '?' || c == '#')
        uri += fmt::format("%{:02X}", static_cast<unsigned char>(c));
      else
        uri += c;
    }
    return Connection(uri + "?immutable=1", SQLITE_OPEN_READONLY | SQLITE_OPEN_URI);
  }
  return Connection(path, flags);
}

// Removes the -wal and -shm files that opening a file left beside it, when the file was refused: a refused
// file must stay as it was, with nothing new next to it. Only files that were not there before are removed.
class SideFiles {
 public:
  explicit SideFiles(std::string path)
      : path_(std::move(path)), hadWal_(exists(path_ + "-wal")), hadShm_(exists(path_ + "-shm")) {}
  void removeNew() const {
    std::error_code ec;
    if (!hadWal_) std::filesystem::remove(path_ + "-wal", ec);
    if (!hadShm_) std::filesystem::remove(path_ + "-shm", ec);
  }

 private:
  std::string path_;
  bool hadWal_, hadShm_;
};

FileState inspectDatabase(const std::string& path);

// Looks at the file without writing to it. Blank: empty, or an SQLite database with nothing in it.
FileState inspect(const std::string& path) {
  // SQLite takes "" for a temporary database: never what --db "" means.
  if (path.empty()) throw InputError("the catalog's file name is empty (--db FILE)");
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (!std::filesystem::exists(status)) return FileState::Missing;
  if (!std::filesystem::is_regular_file(status))
    throw InputError(fmt::format("{}: not a piecework catalog (not a regular file)", path));
  if (std::filesystem::file_size(path, ec) == 0 && !ec) return FileState::Blank;
  {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw InputError(fmt::format("{}: cannot read the catalog", path));
    char header[20] = {};
    in.read(header, sizeof header);
    if (in.gcount() < 16 || std::string_view(header, 16) != std::string_view("SQLite format 3\0", 16))
      throw InputError(fmt::format("{}: not a piecework catalog (not an SQLite database)", path));
    // Bytes 18 and 19: the file format versions needed to write and to read it (1 rollback, 2 WAL). SQLite
    // opens a file with a higher write version read-only, and every write then failed with exit 1 (found by
    // fuzz/catalog_file.cpp).
    if (in.gcount() == sizeof header)
      for (const int version :
           {static_cast<unsigned char>(header[18]), static_cast<unsigned char>(header[19])})
        if (version != 1 && version != 2)
          throw InputError(fmt::format(
              "{}: not a usable catalog (SQLite file format version {} in its header, 1 or 2 expected)", path,
              version));
  }
  const SideFiles sideFiles(path);
  try {
    return inspectDatabase(path);
  } catch (...) {
    sideFiles.removeNew();  // the connection is closed by now
    throw;
  }
}

FileState inspectDatabase(const std::string& path) {
  try {
    Connection connection = openForReading(path, SQLITE_OPEN_READONLY);
    sqlite3_busy_timeout(connection.handle(), kBusyTimeoutMs);
    // One read transaction, so that the three values come from the same state: another process may be
    // creating the catalog right now (seen as "something else" when read between its schema and its marker).
    connection.exec("BEGIN");
    const auto applicationId = connection.queryInt("PRAGMA application_id");
    const auto version = connection.queryInt("PRAGMA user_version");
    const auto objects = connection.queryInt("SELECT count(*) FROM sqlite_master");
    connection.exec("COMMIT");
    if (applicationId != kApplicationId) {
      if (objects == 0 && version == 0) return FileState::Blank;
      throw InputError(
          fmt::format("{}: not a piecework catalog (an SQLite database of something else)", path));
    }
    if (version < 0)
      throw InputError(
          fmt::format("{}: catalog schema version {} is not one piecework writes", path, version));
    if (version > kSchemaVersion)
      throw InputError(fmt::format(
          "{}: catalog schema version {} is newer than this piecework reads ({}); upgrade piecework", path,
          version, kSchemaVersion));
    Statement check(connection, "PRAGMA quick_check(1)");
    if (check.step())
      if (std::string row = check.getText(0); row != "ok") {
        // One line: "*** in database main ***\nPage 4: ..." -> "Page 4: ..."
        if (const auto newline = row.rfind('\n'); newline != std::string::npos) row.erase(0, newline + 1);
        throw InputError(fmt::format("{}: not a usable catalog (corrupt database: {})", path, row));
      }
    // Compiling every statement the catalog runs reads the whole schema as each of them uses it, so that a
    // schema SQLite cannot work with is refused here, before anything is written, and not halfway through a
    // command. An older schema is checked with the statements that work on it: the ones that write the model
    // columns need the migrations, made when it is opened for writing.
    for (const std::string& sql :
         {selectChallengesSql(kChallengesByLevel, version), selectChallengesSql(kChallengesById, version)})
      Statement(connection, sql.c_str());
    for (const char* sql : {kCountChallenges, kInsertPuzzle, kFindPuzzle, kSelectPuzzles, kInsertBooklet,
                            kInsertBookletEntry, kSelectBooklets, kSelectBookletEntries})
      Statement(connection, sql);
    if (version == kSchemaVersion)
      for (const char* sql : {kInsertChallenge, kUpdateRating}) Statement(connection, sql);
    return FileState::Catalog;
  } catch (const SqliteError& e) {
    if (isCircumstance(e)) throw circumstance(path, "read", e);
    throw damaged(path, e);
  }
}

// PRAGMA journal_mode=WAL may answer SQLITE_BUSY while another process holds a lock; retry within the
// timeout.
void enableWal(Connection& connection) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(kBusyTimeoutMs);
  for (;;) {
    try {
      Statement mode(connection, "PRAGMA journal_mode=WAL");
      if (mode.step() && mode.getText(0) == "wal") return;
      throw std::runtime_error("the catalog cannot use WAL mode");
    } catch (const SqliteError& e) {
      if (e.primaryCode() != SQLITE_BUSY && e.primaryCode() != SQLITE_LOCKED) throw;
      if (std::chrono::steady_clock::now() > deadline) throw;
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  }
}

StoredChallenge readChallenge(const Statement& row) {
  StoredChallenge c;
  c.id = row.getInt(0);
  c.puzzleId = row.getInt(1);
  // A damaged row is read as far as it goes and refused by its id (readProblem), never taking the other rows
  // down with it (issue 44).
  const auto damaged = [&](const std::string& what) {
    if (c.readProblem.empty()) c.readProblem = what;
  };
  if (row.isNull(2)) damaged(fmt::format("its puzzle (id {}) is not in the catalog", c.puzzleId));
  c.puzzleName = row.getText(2);
  c.definitionText = row.getText(3);
  c.definitionHash = row.getText(4);
  c.challengeText = row.getText(5);
  c.canonicalKey = row.getText(6);
  c.solutionText = row.getText(7);
  c.given = static_cast<int>(row.getInt(8));
  c.toPlace = static_cast<int>(row.getInt(9));
  c.unlinked = row.getInt(10) != 0;
  // The rank comes from the file's levels table: one outside Starter..Wizard would index past levelName's
  // table (found by fuzz/catalog_file.cpp's corpus: `catalog list` crashed).
  const std::int64_t rank = row.getInt(11);
  // A rank outside them is the levels table edited, which every row reads: the catalog is damaged, not a
  // row. A level that names no level is the row's own.
  if (row.isNull(11))
    damaged("its level is not a level name");
  else if (rank < static_cast<int>(Level::Starter) || rank > static_cast<int>(Level::Wizard))
    throw SqliteError(SQLITE_CORRUPT,
                      fmt::format("challenge {} has level rank {} (the levels are ranked 0..4)", c.id, rank));
  else
    c.level = static_cast<Level>(rank);
  c.score = row.getDouble(12);
  // The versions are integers the build knows (db/stored_fields.hpp); a value of another type, or past an
  // int, would read as some other number and pass.
  const bool raterVersionInteger = row.isInteger(13);
  const std::int64_t raterVersion = row.getInt(13);
  if (!raterVersionInteger)
    damaged("its rater version is not an integer");
  else if (raterVersion < INT32_MIN || raterVersion > INT32_MAX)
    damaged("rater version: " + raterVersionProblem(raterVersion).value_or(""));
  else
    c.raterVersion = static_cast<int>(raterVersion);
  c.strategyUse = row.getText(14);
  if (!row.isNull(15)) {
    c.seed = parseSeed(row.getText(15));
    if (!c.seed) damaged("its seed is not a decimal number");
  }
  if (!row.isNull(16)) {
    const bool integer = row.isInteger(16);
    const std::int64_t version = row.getInt(16);
    if (!integer)
      damaged("its generator version is not an integer");
    else if (const FieldProblem problem = generatorVersionProblem(version))
      damaged("generator version: " + *problem);
    else
      c.generatorVersion = static_cast<int>(version);
  }
  c.createdAt = row.getText(17);
  // The schema's CHECK keeps these consistent; a file written around it is damaged, like a bad level rank.
  if (!row.isNull(18) || !row.isNull(19)) {
    if (row.isNull(18) || row.isNull(19))
      damaged("a model name without its fingerprint or the reverse");
    else if (!row.isText(18) || !row.isText(19))
      damaged("a model name or fingerprint that is not text");
    else if (GradingModel model{row.getText(18), row.getText(19)}; model.name.empty())
      damaged("an empty model name");
    else if (!isModelFingerprint(model.fingerprint))
      damaged("a model fingerprint that is not 16 lower-case hex digits");
    else
      c.model = std::move(model);
  }
  if (!row.isNull(20)) {
    const auto level = row.isText(20) ? parseLevel(row.getText(20)) : std::nullopt;
    if (!level)
      damaged("an official level that is not a level name");
    else
      c.officialLevel = level;
  }
  return c;
}

}  // namespace

Connection openCatalogForReading(const std::string& path) {
  Connection connection = openForReading(path, SQLITE_OPEN_READONLY);
  sqlite3_busy_timeout(connection.handle(), kBusyTimeoutMs);
  return connection;
}

std::string definitionHash(const std::string& definitionText) {
  std::uint64_t hash = 0xcbf29ce484222325ULL;
  for (const unsigned char byte : definitionText) {
    hash ^= byte;
    hash *= 0x100000001b3ULL;
  }
  return fmt::format("{:016x}", hash);
}

std::optional<GradingModel> gradingModel(const Puzzle& puzzle, const RatingModel* model) {
  if (model == nullptr) return std::nullopt;
  const std::string fingerprint = modelFingerprint(*model);
  if (fingerprint == modelFingerprint(shippedModel(puzzle))) return std::nullopt;
  return GradingModel{model->name, fingerprint};
}

bool isModelFingerprint(const std::string& text) {
  return text.size() == 16 && std::all_of(text.begin(), text.end(), [](char c) {
           return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
         });
}

bool storedUnlinked(const Puzzle& puzzle, const Rules& rules) {
  return puzzle.hasFamilyRule && !rules.familyRule;
}

Rules rulesOf(const StoredChallenge& row) {
  Rules rules;
  rules.familyRule = !row.unlinked;
  return rules;
}

std::string canonicalKey(const Puzzle& puzzle, const std::vector<int>& givens) {
  return formatChallenge(puzzle, canonicalPlacements(puzzle, givens), Layout::OneLine);
}

std::string canonicalKey(const Puzzle& puzzle, const Challenge& challenge) {
  if (challenge.marks.empty()) return canonicalKey(puzzle, challenge.givens);
  return canonicalChallengeText(puzzle, challenge);
}

std::vector<int> pieceOnSite(const Puzzle& puzzle, const std::vector<int>& placements) {
  std::vector<int> piece(puzzle.sites.size(), -1);
  for (int id : placements)
    for (int site : puzzle.placements[static_cast<std::size_t>(id)].sites)
      piece[static_cast<std::size_t>(site)] = puzzle.placements[static_cast<std::size_t>(id)].piece;
  return piece;
}

CheckedChallenge checkStoredChallenge(const Puzzle& puzzle, const StoredChallenge& row,
                                      const std::string& catalogPath) {
  const auto refusal = [&](const std::string& why) {
    return InputError(fmt::format("{}: challenge {}: {}", catalogPath, row.id, why));
  };
  quickCheckStoredChallenge(puzzle, row, catalogPath);
  checkStoredKey(puzzle, row, catalogPath);
  CheckedChallenge checked;
  std::vector<int> stored;
  try {
    checked.challenge = parseChallengeText(puzzle, row.challengeText);
  } catch (const InputError& e) {
    throw refusal(e.what());
  }
  try {
    if (!row.solutionText.empty()) stored = parseChallenge(puzzle, row.solutionText);
  } catch (const InputError& e) {
    throw refusal(fmt::format("stored solution: {}", e.what()));
  }
  Rules rules = rulesOf(row);
  rules.marks = checked.challenge.marks;
  checked.problem.emplace(makeProblem(puzzle, checked.challenge.givens, rules));
  FindLimits find;
  find.max = 2;
  const FindResult found = findSolutions(*checked.problem, find);
  if (found.solutions.size() != 1)
    throw refusal(fmt::format("{}; only a challenge with one solution may be printed or exported",
                              found.solutions.empty() ? "has no solution" : "has several solutions"));
  if (row.solutionText.empty()) {
    checked.solution = found.solutions.front();
    return checked;
  }
  if (pieceOnSite(puzzle, stored) != pieceOnSite(puzzle, found.solutions.front()))
    throw refusal(
        "the stored solution is not the challenge's solution (a fresh solve finds another); the catalog was "
        "edited or damaged");
  checked.solution = std::move(stored);
  return checked;
}

// Which file a path names now: removing the catalog's directory or putting another file in its place under a
// run changes it (issue 44, F6).
struct FileIdentity {
  dev_t device = 0;
  ino_t inode = 0;
  bool operator==(const FileIdentity&) const = default;
};

std::optional<FileIdentity> identityOf(const std::string& path) {
  struct stat status {};
  if (::stat(path.c_str(), &status) != 0) return std::nullopt;
  return FileIdentity{status.st_dev, status.st_ino};
}

// A damaged row of a catalog opened for writing (Catalog::damagedRowHolding).
struct DamagedStored {
  std::int64_t puzzleId = 0;
  bool unlinked = false;
  std::string challengeText, canonicalKey;
  std::string message;  // the quick check's line
};

struct Catalog::Impl {
  std::string path;
  Connection connection;
  std::int64_t schemaVersion = kSchemaVersion;  // of the file: older when opened read-only
  std::optional<FileIdentity> identity;         // of the file opened for writing
  std::vector<DamagedStored> damagedStored;     // the rows that failed the quick check on opening

  // Called inside each write transaction just before it commits: a catalog removed (with its directory)
  // or replaced since it was opened would take the write with it, and the run would report challenges
  // stored that no one can find.
  void checkStillThere() const {
    if (!identity) return;
    const std::optional<FileIdentity> now = identityOf(path);
    if (now == identity) return;
    throw std::runtime_error(fmt::format(
        "{}: the catalog file was {} while this run was writing it; the last write was not stored", path,
        now ? "replaced by another file" : "removed"));
  }

  [[noreturn]] void rethrow(const SqliteError& e) const {
    if (isCorruption(e)) throw InputError(fmt::format("{}: corrupt catalog: {}", path, e.what()));
    if (e.primaryCode() == SQLITE_READONLY)
      throw InputError(fmt::format("{}: the catalog is read-only here: {}", path, e.what()));
    if (isDiskTrouble(e)) throw circumstance(path, "write", e);
    throw std::runtime_error(fmt::format("{}: {}", path, e.what()));
  }

  // Reading stored rows: an error other than a circumstance is damage that the checks on opening did not see.
  [[noreturn]] void rethrowReading(const SqliteError& e) const {
    if (!isCircumstance(e)) throw damaged(path, e);
    if (isDiskTrouble(e)) throw circumstance(path, "read", e);
    rethrow(e);
  }

  void migrate() {
    Transaction transaction(connection);
    // Another process may have created or migrated the catalog since inspect(): look again under the lock.
    const auto applicationId = connection.queryInt("PRAGMA application_id");
    auto version = connection.queryInt("PRAGMA user_version");
    const auto objects = connection.queryInt("SELECT count(*) FROM sqlite_master");
    if (applicationId != kApplicationId && (objects != 0 || version != 0))
      throw InputError(
          fmt::format("{}: not a piecework catalog (an SQLite database of something else)", path));
    // A negative version would index before the first migration.
    if (version < 0)
      throw InputError(
          fmt::format("{}: catalog schema version {} is not one piecework writes", path, version));
    if (version > kSchemaVersion)
      throw InputError(fmt::format("{}: catalog schema version {} is newer than this piecework reads ({})",
                                   path, version, kSchemaVersion));
    if (version == kSchemaVersion) return;  // rolls back the empty transaction
    for (; version < kSchemaVersion; ++version) connection.exec(kMigrations[version]);
    connection.exec(fmt::format("PRAGMA application_id = {}", kApplicationId).c_str());
    connection.exec(fmt::format("PRAGMA user_version = {}", kSchemaVersion).c_str());
    transaction.commit();
  }

  // The model's name at `index`, its fingerprint at index + 1; NULL for the shipped model.
  static void bindModel(Statement& statement, int index, const std::optional<GradingModel>& model) {
    if (model)
      statement.bind(index, model->name).bind(index + 1, model->fingerprint);
    else
      statement.bindNull(index).bindNull(index + 1);
  }

  int insert(Statement& statement, const NewChallenge& c) {
    statement.bind(1, c.puzzleId)
        .bind(2, c.challengeText)
        .bind(3, c.canonicalKey)
        .bind(4, c.unlinked ? 1 : 0)
        .bind(5, c.solutionText)
        .bind(6, c.given)
        .bind(7, c.toPlace)
        .bind(8, levelName(c.level))
        .bind(9, c.score)
        .bind(10, c.raterVersion)
        .bind(11, c.strategyUse.empty() ? std::string("{}") : c.strategyUse);
    bindModel(statement, 15, c.model);
    if (c.officialLevel)
      statement.bind(17, std::string(levelName(*c.officialLevel)));
    else
      statement.bindNull(17);
    if (c.seed)
      statement.bind(12, std::to_string(*c.seed));
    else
      statement.bindNull(12);
    statement.bind(13, c.generatorVersion).bind(14, c.createdAt.empty() ? nowUtc() : c.createdAt);
    statement.run();
    return connection.changes();
  }
};

Catalog::Catalog(const std::string& path, Access access) : impl_(std::make_unique<Impl>()) {
  impl_->path = path;
  const FileState state = inspect(path);
  if (access == Access::ReadOnly && state != FileState::Catalog)
    throw InputError(
        fmt::format("{}: no catalog there yet (store challenges with 'generate --db' or 'catalog import', "
                    "designs with 'catalog add-design')",
                    path));
  try {
    if (access == Access::ReadOnly) {
      // Read-write without creating, but query_only: as the last connection to close, it tidies away the -wal
      // and -shm files, which a read-only connection cannot. Read-only when the file may not be written;
      // immutable when nothing can be written beside it (openForReading).
      if (directoryWritable(path) && ::access(path.c_str(), W_OK) == 0)
        impl_->connection = Connection(path, SQLITE_OPEN_READWRITE);
      else
        impl_->connection = openForReading(path, SQLITE_OPEN_READONLY);
      sqlite3_busy_timeout(impl_->connection.handle(), kBusyTimeoutMs);
      impl_->connection.exec("PRAGMA query_only = 1");
      impl_->schemaVersion = impl_->connection.queryInt("PRAGMA user_version");
      return;
    }
    // A row damaged inside a sound file (issue 31, D3) is refused before anything is written: every stored
    // row passes the quick check first (db/stored_check.hpp), read through a connection that writes nothing.
    if (state == FileState::Catalog) {
      const std::vector<StoredChallenge> rows = Catalog(path, Access::ReadOnly).challengesById();
      std::vector<RowDamage> damage = damagedRows(rows, path, true);
      for (RowDamage& d : damage) {
        const auto row = std::find_if(rows.begin(), rows.end(), [&](const auto& r) { return r.id == d.id; });
        impl_->damagedStored.push_back(
            {row->puzzleId, row->unlinked, row->challengeText, row->canonicalKey, std::move(d.message)});
      }
    }
    // Storing needs the file and its directory (for the -wal and -shm files) writable: say so in one line.
    // A directory that is not there is a mistyped path, not a read-only place: say that instead.
    if (state == FileState::Missing) {
      const std::string directory = directoryOf(path);
      std::error_code ec;
      const auto status = std::filesystem::status(directory, ec);
      if (status.type() == std::filesystem::file_type::not_found)
        throw InputError(fmt::format("{}: the directory {} does not exist", path, directory));
      if (!ec && !std::filesystem::is_directory(status))
        throw InputError(fmt::format("{}: {} is not a directory", path, directory));
    }
    if (state == FileState::Missing ? !directoryWritable(path)
                                    : (::access(path.c_str(), W_OK) != 0 || !directoryWritable(path)))
      throw InputError(fmt::format(
          "{}: the catalog is read-only here ({} cannot be written); nothing was stored", path,
          state == FileState::Missing || ::access(path.c_str(), W_OK) == 0 ? "its directory" : "the file"));
    const SideFiles sideFiles(path);
    try {
      impl_->connection = Connection(path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
      sqlite3_busy_timeout(impl_->connection.handle(), kBusyTimeoutMs);
      enableWal(impl_->connection);
      impl_->connection.exec("PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON");
      impl_->migrate();
      impl_->identity = identityOf(path);
    } catch (...) {
      // A create that failed (a full disk) must not leave an empty file that later reads as "nothing stored
      // yet". Only a file still empty, with no write-ahead log holding data, is removed: another process may
      // be creating the same catalog, its first pages in its -wal.
      if (state == FileState::Missing) {
        impl_->connection = Connection();
        std::error_code ec, walError;
        const bool empty = std::filesystem::file_size(path, ec) == 0 && !ec;
        const bool walHoldsNothing = std::filesystem::file_size(path + "-wal", walError) == 0 || walError;
        if (empty && walHoldsNothing) {
          sideFiles.removeNew();
          std::filesystem::remove(path, ec);
        }
      }
      throw;
    }
  } catch (const SqliteError& e) {
    if (e.primaryCode() == SQLITE_CANTOPEN)
      throw InputError(fmt::format("{}: cannot open the catalog: {}", path, e.what()));
    if (e.primaryCode() == SQLITE_READONLY)
      throw InputError(fmt::format("{}: the catalog is read-only here: {}", path, e.what()));
    // Opening a file that is there reads it (and checks it again under the write lock); creating one writes.
    if (state != FileState::Missing) impl_->rethrowReading(e);
    impl_->rethrow(e);
  }
}

Catalog::~Catalog() = default;
Catalog::Catalog(Catalog&&) noexcept = default;
Catalog& Catalog::operator=(Catalog&&) noexcept = default;

const std::string& Catalog::path() const {
  return impl_->path;
}

bool Catalog::holdsCatalog(const std::string& path) {
  return inspect(path) == FileState::Catalog;
}

std::int64_t Catalog::ensurePuzzle(const std::string& name, const std::string& definitionText) {
  const std::string hash = definitionHash(definitionText);
  try {
    Transaction transaction(impl_->connection);
    Statement insert(impl_->connection, kInsertPuzzle);
    insert.bind(1, name).bind(2, definitionText).bind(3, hash).run();
    Statement find(impl_->connection, kFindPuzzle);
    find.bind(1, name).bind(2, hash);
    if (!find.step()) throw std::runtime_error("puzzle row missing after insert");
    const std::int64_t id = find.getInt(0);
    // A row of this name and hash with other text (issue 44, F1): challenges stored under it would be read
    // with that text.
    if (find.getText(1) != definitionText)
      throw InputError(fmt::format(
          "{}: puzzle {} ({}): damaged row: its definition does not match its stored hash; nothing was "
          "stored (see 'piecework catalog check')",
          impl_->path, id, name));
    find.reset();
    impl_->checkStillThere();
    transaction.commit();
    return id;
  } catch (const SqliteError& e) {
    impl_->rethrow(e);
  }
}

std::vector<PuzzleRecord> Catalog::puzzles() const {
  try {
    std::vector<PuzzleRecord> all;
    Statement query(impl_->connection, kSelectPuzzles);
    while (query.step())
      all.push_back({query.getInt(0), query.getText(1), query.getText(2), query.getText(3)});
    return all;
  } catch (const SqliteError& e) {
    impl_->rethrowReading(e);
  }
}

std::optional<PuzzleRecord> Catalog::puzzle(std::int64_t id) const {
  for (auto& p : puzzles())
    if (p.id == id) return p;
  return std::nullopt;
}

std::optional<std::string> Catalog::damagedRowHolding(const NewChallenge& challenge) const {
  for (const DamagedStored& row : impl_->damagedStored)
    if (row.puzzleId == challenge.puzzleId && row.unlinked == challenge.unlinked &&
        (row.challengeText == challenge.challengeText || row.canonicalKey == challenge.canonicalKey))
      return row.message;
  return std::nullopt;
}

bool Catalog::insertChallenge(const NewChallenge& challenge) {
  if (const auto damage = damagedRowHolding(challenge))
    throw InputError(fmt::format("{}; it holds the challenge to store, which was not stored", *damage));
  try {
    Transaction transaction(impl_->connection);
    Statement insert(impl_->connection, kInsertChallenge);
    const int added = impl_->insert(insert, challenge);
    impl_->checkStillThere();
    transaction.commit();
    return added > 0;
  } catch (const SqliteError& e) {
    impl_->rethrow(e);
  }
}

int Catalog::insertChallenges(const std::vector<NewChallenge>& challenges) {
  for (const auto& c : challenges)
    if (const auto damage = damagedRowHolding(c))
      throw InputError(fmt::format("{}; it holds a challenge to store; nothing was stored", *damage));
  try {
    Transaction transaction(impl_->connection);
    Statement insert(impl_->connection, kInsertChallenge);
    int added = 0;
    for (const auto& c : challenges) added += impl_->insert(insert, c);
    impl_->checkStillThere();
    transaction.commit();
    return added;
  } catch (const SqliteError& e) {
    impl_->rethrow(e);
  }
}

namespace {
std::vector<StoredChallenge> selectChallenges(const Connection& connection, const ChallengeFilter& filter,
                                              const char* order, std::int64_t schemaVersion) {
  const std::string sql = selectChallengesSql(order, schemaVersion);
  Statement query(connection, sql.c_str());
  if (!filter.puzzles.empty()) query.bind(1, nlohmann::json(filter.puzzles).dump());
  if (!filter.levels.empty()) {
    nlohmann::json ranks = nlohmann::json::array();
    for (Level level : filter.levels) ranks.push_back(static_cast<int>(level));
    query.bind(2, ranks.dump());
  }
  query.bind(3, filter.toPlace).bind(4, filter.id).bind(5, filter.raterVersionBelow);
  std::vector<StoredChallenge> rows;
  while (query.step()) rows.push_back(readChallenge(query));
  return rows;
}
}  // namespace

std::vector<StoredChallenge> Catalog::challenges(const ChallengeFilter& filter) const {
  try {
    return selectChallenges(impl_->connection, filter, kChallengesByLevel, impl_->schemaVersion);
  } catch (const SqliteError& e) {
    impl_->rethrowReading(e);
  }
}

std::vector<StoredChallenge> Catalog::challengesById(const ChallengeFilter& filter) const {
  try {
    return selectChallenges(impl_->connection, filter, kChallengesById, impl_->schemaVersion);
  } catch (const SqliteError& e) {
    impl_->rethrowReading(e);
  }
}

std::int64_t Catalog::challengeCount() const {
  try {
    return impl_->connection.queryInt(kCountChallenges);
  } catch (const SqliteError& e) {
    impl_->rethrowReading(e);
  }
}

void Catalog::updateRating(std::int64_t challengeId, Level level, double score, int raterVersion,
                           const std::optional<GradingModel>& model, const std::string& strategyUse) {
  updateRatings({RatingUpdate{challengeId, level, score, raterVersion, model, strategyUse}});
}

void Catalog::updateRatings(const std::vector<RatingUpdate>& updates) {
  try {
    Transaction transaction(impl_->connection);
    Statement update(impl_->connection, kUpdateRating);
    for (const RatingUpdate& u : updates) {
      update.bind(1, u.challengeId)
          .bind(2, levelName(u.level))
          .bind(3, u.score)
          .bind(4, u.raterVersion)
          .bind(5, u.strategyUse);
      Impl::bindModel(update, 6, u.model);
      update.run();
    }
    impl_->checkStillThere();
    transaction.commit();
  } catch (const SqliteError& e) {
    impl_->rethrow(e);
  }
}

std::int64_t Catalog::recordBooklet(const std::string& title, const std::string& file,
                                    const std::string& options,
                                    const std::vector<std::int64_t>& challengeIds) {
  try {
    Transaction transaction(impl_->connection);
    Statement booklet(impl_->connection, kInsertBooklet);
    booklet.bind(1, title).bind(2, file).bind(3, options).run();
    const std::int64_t id = impl_->connection.lastInsertRowid();
    Statement entry(impl_->connection, kInsertBookletEntry);
    int position = 0;
    for (const std::int64_t challengeId : challengeIds)
      entry.bind(1, id).bind(2, ++position).bind(3, challengeId).run();
    impl_->checkStillThere();
    transaction.commit();
    return id;
  } catch (const SqliteError& e) {
    if (e.primaryCode() == SQLITE_CONSTRAINT)
      throw InputError(
          fmt::format("{}: a booklet entry names a challenge that is not in the catalog", impl_->path));
    impl_->rethrow(e);
  }
}

std::vector<BookletRecord> Catalog::booklets() const {
  try {
    std::vector<BookletRecord> all;
    Statement query(impl_->connection, kSelectBooklets);
    Statement entries(impl_->connection, kSelectBookletEntries);
    while (query.step()) {
      BookletRecord b{query.getInt(0),  query.getText(1), query.getText(2),
                      query.getText(3), query.getText(4), {}};
      entries.bind(1, b.id);
      while (entries.step()) b.entries.push_back({static_cast<int>(entries.getInt(0)), entries.getInt(1)});
      entries.reset();
      all.push_back(std::move(b));
    }
    return all;
  } catch (const SqliteError& e) {
    impl_->rethrowReading(e);
  }
}

}  // namespace piecework::db

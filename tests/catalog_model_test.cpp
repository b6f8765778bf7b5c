// SPDX-License-Identifier: Apache-2.0
// Which rating model graded each stored challenge (schema version 2, docs/catalog.md): the migration from
// version 1, `catalog rate --model` and a plain `catalog rate` that restores the shipped grades, `generate
// --db
// --model`, export and import, and damaged model columns.
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "support/json_lines.hpp"
#include "support/run.hpp"
#include "support/sql.hpp"
#include "support/temp_dir_test.hpp"

namespace {

using nlohmann::json;
using piecework::test::jsonLines;
using piecework::test::runPiecework;
using piecework::test::tempDir;

using piecework::test::kFitSolution;
using piecework::test::quote;
using piecework::test::slurp;
using piecework::test::spit;
using piecework::test::sqlRows;
using piecework::test::sqlValue;
using piecework::test::without;

// FNV-1a 64 as 16 hex digits, written here again so that the fingerprint the catalog stores is checked
// against its definition, not against the code that computes it.
std::string fnv1a(const std::string& text) {
  std::uint64_t hash = 0xcbf29ce484222325ULL;
  for (const unsigned char byte : text) {
    hash ^= byte;
    hash *= 0x100000001b3ULL;
  }
  char out[17];
  std::snprintf(out, sizeof out, "%016llx", static_cast<unsigned long long>(hash));
  return out;
}

// Every cut point far above any effort: everything is Starter. And the same name with every cut point far
// below: everything is Wizard.
constexpr const char* kEasyModel =
    R"({"format":"piecework-rating-model","name":"easy","features":["to_place"],)"
    R"("mean":[0],"scale":[1],"weights":[1],"cuts":[100,101,102,103]})";
constexpr const char* kHardModelNamedEasy =
    R"({"format":"piecework-rating-model","name":"easy","features":["to_place"],)"
    R"("mean":[0],"scale":[1],"weights":[1],"cuts":[-103,-102,-101,-100]})";
// The fingerprint of kEasyModel: FNV-1a of the JSON of what decides its grades (features, mean, scale,
// weights, cuts), its numbers written as JSON writes doubles.
const std::string kEasyFingerprint = fnv1a(R"([["to_place"],[0.0],[1.0],[1.0],[100.0,101.0,102.0,103.0]])");

// The grade `piecework rate` gives a challenge with the shipped model (run apart from the catalog).
std::pair<std::string, double> shippedGrade(const std::string& challenge) {
  const auto r = runPiecework("rate iq-fit --json --challenge " + quote(challenge));
  EXPECT_EQ(r.status, 0) << r.err;
  const json j = json::parse(r.out);
  return {j.at("level").get<std::string>(), j.at("score").get<double>()};
}

// The schema of version 1 exactly as piecework wrote it (db/catalog.cpp, migration 0 -> 1, before version 2
// existed), with a puzzle, two challenges and a booklet in it.
void writeVersion1Catalog(const std::string& path, const std::string& iqFitDefinition) {
  const std::string schema = R"sql(
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
PRAGMA application_id = 1347896148;
PRAGMA user_version = 1;
)sql";
  ASSERT_EQ(sqlRows(path, schema), "");
  EXPECT_EQ(sqlValue(path,
                     "INSERT INTO puzzles (id, name, definition, definition_hash, added_at) VALUES "
                     "(1, 'iq-fit', ?1, ?2, '2026-01-01T00:00:00Z')",
                     {iqFitDefinition, fnv1a(iqFitDefinition)}),
            "");
}

// The IQ Fit definition as piecework ships it (data/puzzles), as a version 1 catalog stored it.
std::string iqFitDefinition() {
  return slurp(std::string(PIECEWORK_SOURCE_DIR) + "/data/puzzles/iq-fit.toml");
}

// Challenges take pieces away from kFitSolution, a solution of the empty IQ Fit board.

// The current rater's version, as `rate --json` reports it.
int raterVersion() {
  const auto r = runPiecework("rate iq-fit --json --challenge " + quote(without(kFitSolution, "bgi")));
  EXPECT_EQ(r.status, 0) << r.err;
  return json::parse(r.out).value("rater_version", -1);
}

TEST(CatalogModel, Version1CatalogIsReadAsIsAndMigratedInPlaceLosingNothing) {
  const std::string dir = tempDir();
  const std::string path = dir + "/v1.sqlite";
  const std::string definition = iqFitDefinition();
  ASSERT_FALSE(definition.empty());
  writeVersion1Catalog(path, definition);
  const int version = raterVersion();
  ASSERT_GT(version, 0);
  // Two challenges of the current rater, with grades it would not give (so that a re-grade would show) and
  // canonical keys that are not what piecework computes (the migration must not touch them).
  const std::string a = without(kFitSolution, "bgi"), b = without(kFitSolution, "bgiln");
  ASSERT_EQ(
      sqlRows(path,
              "INSERT INTO challenges (id, puzzle_id, challenge, canonical_key, solution, given, to_place, "
              "level, score, rater_version, strategy_use, seed, generator_version, created_at) VALUES "
              "(1, 1, '" +
                  a + "', 'key-a', '" + kFitSolution + "', 7, 3, 'Wizard', 9.5, " + std::to_string(version) +
                  ", '{\"pairwise\":1}', '18446744073709551557', 1, '2026-01-02T03:04:05Z'), "
                  "(2, 1, '" +
                  b + "', 'key-b', '" + kFitSolution + "', 5, 5, 'Starter', 1.25, " +
                  std::to_string(version) +
                  ", '{}', NULL, NULL, '2026-01-02T03:04:06Z');"
                  "INSERT INTO booklets (id, title, file, options, created_at) VALUES "
                  "(1, 'Mine', 'mine.pdf', '--level Wizard', '2026-01-03T00:00:00Z');"
                  "INSERT INTO booklet_entries VALUES (1, 1, 2), (1, 2, 1);"),
      "");
  const std::string rowsBefore =
      sqlRows(path,
              "SELECT * FROM challenges ORDER BY id; SELECT * FROM booklets; SELECT * FROM booklet_entries;"
              "SELECT * FROM puzzles");
  ASSERT_FALSE(rowsBefore.starts_with("error")) << rowsBefore;

  // Reading does not migrate: the file stays version 1, byte for byte, and its grades are the shipped
  // model's.
  const std::string bytes = slurp(path);
  const auto list = runPiecework("catalog list --json --db " + quote(path));
  ASSERT_EQ(list.status, 0) << list.err;
  const auto listed = jsonLines(list.out);
  ASSERT_EQ(listed.size(), 2U) << list.out;
  for (const json& j : listed) {
    EXPECT_TRUE(j.at("model").is_null()) << j;
    EXPECT_TRUE(j.at("model_fingerprint").is_null()) << j;
  }
  EXPECT_EQ(listed[0].at("level"), "Starter");
  EXPECT_EQ(listed[1].at("level"), "Wizard");
  EXPECT_EQ(runPiecework("catalog show 1 --db " + quote(path)).status, 0);
  EXPECT_EQ(slurp(path), bytes);
  EXPECT_EQ(sqlRows(path, "PRAGMA user_version"), "1");

  // A plain `catalog rate` opens it for writing: migrated, and nothing needs re-grading (current rater,
  // shipped model), so the grades it holds stay even where the rater would now give others.
  const auto rate = runPiecework("catalog rate --json --db " + quote(path));
  ASSERT_EQ(rate.status, 0) << rate.err;
  EXPECT_EQ(json::parse(rate.out).at("rated"), 0) << rate.out;
  EXPECT_EQ(sqlRows(path, "PRAGMA user_version"), "5");
  EXPECT_EQ(sqlRows(path, "SELECT id, model, model_fingerprint, official_level FROM challenges ORDER BY id"),
            "1|NULL|NULL|NULL\n2|NULL|NULL|NULL");
  // Every old column of every row, the booklet and the puzzle are as they were.
  const std::string oldColumns =
      "id, puzzle_id, challenge, canonical_key, unlinked, solution, given, to_place, level, score, "
      "rater_version, strategy_use, seed, generator_version, created_at";
  EXPECT_EQ(
      sqlRows(path, "SELECT " + oldColumns +
                        " FROM challenges ORDER BY id; SELECT * FROM booklets; SELECT * FROM booklet_entries;"
                        "SELECT * FROM puzzles"),
      rowsBefore);
  EXPECT_EQ(sqlRows(path, "SELECT group_concat(id || ':' || ifnull(model, '-')) FROM challenge_list"),
            "2:-,1:-");
  EXPECT_EQ(sqlRows(path, "PRAGMA integrity_check"), "ok");
}

TEST(CatalogModel, RateWithAModelThenPlainRateRestoresTheShippedGrades) {
  const std::string dir = tempDir();
  const std::string db = quote(dir + "/c.sqlite");
  spit(dir + "/easy.json", kEasyModel);
  spit(dir + "/hard.json", kHardModelNamedEasy);
  ASSERT_EQ(runPiecework("generate iq-fit --level Expert --count 2 --seed 4 --quiet --db " + db).status, 0);
  // The grades `rate` gives these challenges with the shipped model, asked one by one.
  std::map<std::string, std::pair<std::string, double>> shipped;
  for (const json& j : jsonLines(runPiecework("catalog list --json --db " + db).out))
    shipped[j.at("challenge")] = shippedGrade(j.at("challenge"));
  ASSERT_EQ(shipped.size(), 2U);
  const auto expectShipped = [&] {
    const auto list = runPiecework("catalog list --json --db " + db);
    ASSERT_EQ(list.status, 0) << list.err;
    for (const json& j : jsonLines(list.out)) {
      const auto& [level, score] = shipped.at(j.at("challenge"));
      EXPECT_EQ(j.at("level"), level) << j;
      EXPECT_NEAR(j.at("score").get<double>(), score, 0.001) << j;  // rate --json rounds to 3 decimals
      EXPECT_TRUE(j.at("model").is_null()) << j;
    }
    EXPECT_EQ(list.out.find("graded by"), std::string::npos);
    const auto text = runPiecework("catalog list --db " + db);
    EXPECT_EQ(text.out.find("graded by"), std::string::npos) << text.out;
  };
  expectShipped();

  // booklet --model groups by its grades and leaves the catalog as it was.
  ASSERT_EQ(runPiecework("booklet --db " + db + " --level Starter --model " + dir + "/easy.json --out " +
                         dir + "/b.pdf")
                .status,
            0);
  EXPECT_EQ(sqlRows(dir + "/c.sqlite", "SELECT count(*) FROM challenges WHERE model IS NOT NULL"), "0");

  const auto easy = runPiecework("catalog rate --json --db " + db + " --model " + dir + "/easy.json");
  ASSERT_EQ(easy.status, 0) << easy.err;
  EXPECT_EQ(json::parse(easy.out).at("rated"), 2);
  EXPECT_EQ(sqlRows(dir + "/c.sqlite",
                    "SELECT DISTINCT level || '|' || model || '|' || model_fingerprint FROM challenges"),
            "Starter|easy|" + kEasyFingerprint);
  for (const json& j : jsonLines(runPiecework("catalog list --json --db " + db).out)) {
    EXPECT_EQ(j.at("model"), "easy");
    EXPECT_EQ(j.at("model_fingerprint"), kEasyFingerprint);
  }
  const auto text = runPiecework("catalog list --db " + db);
  EXPECT_EQ(std::count(text.out.begin(), text.out.end(), '\n'), 3);
  EXPECT_NE(text.out.find("(graded by model easy)"), std::string::npos) << text.out;
  const auto show = runPiecework("catalog show 1 --db " + db);
  EXPECT_NE(show.out.find("(graded by model easy)"), std::string::npos) << show.out;
  EXPECT_NE(show.out.find(kEasyFingerprint), std::string::npos) << show.out;
  // Graded by that model already: nothing to do.
  const auto again = runPiecework("catalog rate --json --db " + db + " --model " + dir + "/easy.json");
  EXPECT_EQ(json::parse(again.out).at("rated"), 0) << again.out;

  // Another model of the same name is another model.
  const auto hard = runPiecework("catalog rate --json --db " + db + " --model " + dir + "/hard.json");
  ASSERT_EQ(hard.status, 0) << hard.err;
  EXPECT_EQ(json::parse(hard.out).at("rated"), 2);
  EXPECT_EQ(sqlRows(dir + "/c.sqlite", "SELECT DISTINCT level || '|' || model FROM challenges"),
            "Wizard|easy");
  EXPECT_NE(sqlRows(dir + "/c.sqlite", "SELECT DISTINCT model_fingerprint FROM challenges"),
            kEasyFingerprint);

  // A plain rate restores the shipped grades, and then has nothing left to do.
  const auto restore = runPiecework("catalog rate --json --db " + db);
  ASSERT_EQ(restore.status, 0) << restore.err;
  EXPECT_EQ(json::parse(restore.out).at("rated"), 2);
  EXPECT_EQ(json::parse(restore.out).at("changed_level"), 2);
  expectShipped();
  EXPECT_EQ(json::parse(runPiecework("catalog rate --json --db " + db).out).at("rated"), 0);
  // --all keeps its meaning: every matching challenge.
  EXPECT_EQ(json::parse(runPiecework("catalog rate --all --json --db " + db).out).at("rated"), 2);
  expectShipped();
}

TEST(CatalogModel, AModelThatGradesAsTheShippedOneIsRecordedAsShipped) {
  const std::string dir = tempDir();
  const std::string db = quote(dir + "/c.sqlite");
  json model = json::parse(slurp(std::string(PIECEWORK_SOURCE_DIR) + "/data/models/default.json"));
  model["name"] = "my copy";
  model["cross_validation"] = "another text";
  spit(dir + "/copy.json", model.dump());
  spit(dir + "/easy.json", kEasyModel);
  ASSERT_EQ(runPiecework("generate iq-fit --level Junior --count 1 --seed 8 --quiet --db " + db).status, 0);
  ASSERT_EQ(runPiecework("catalog rate --db " + db + " --model " + dir + "/easy.json").status, 0);
  const auto r = runPiecework("catalog rate --json --db " + db + " --model " + dir + "/copy.json");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(json::parse(r.out).at("rated"), 1);
  EXPECT_EQ(sqlRows(dir + "/c.sqlite", "SELECT ifnull(model, 'NULL') FROM challenges"), "NULL");
  EXPECT_EQ(json::parse(runPiecework("catalog rate --json --db " + db).out).at("rated"), 0);
}

TEST(CatalogModel, GenerateWithAModelRecordsItAndExportImportKeepsIt) {
  const std::string dir = tempDir();
  spit(dir + "/easy.json", kEasyModel);
  const std::string db = quote(dir + "/g.sqlite");
  const auto g = runPiecework("generate iq-fit --level Starter --count 2 --seed 3 --json --quiet --db " + db +
                              " --model " + dir + "/easy.json");
  ASSERT_EQ(g.status, 0) << g.err;
  const auto made = jsonLines(g.out);
  ASSERT_EQ(made.size(), 2U);
  for (const json& j : made) {
    EXPECT_EQ(j.at("model"), "easy") << j;
    EXPECT_EQ(j.at("model_fingerprint"), kEasyFingerprint) << j;
  }
  EXPECT_EQ(
      sqlRows(dir + "/g.sqlite", "SELECT count(*), model, model_fingerprint FROM challenges GROUP BY model"),
      "2|easy|" + kEasyFingerprint);
  // Without --model the lines say nothing of a model and the catalog records the shipped one.
  const auto plain = runPiecework("generate iq-fit --level Starter --count 1 --seed 5 --json --quiet --db " +
                                  quote(dir + "/p.sqlite"));
  ASSERT_EQ(plain.status, 0) << plain.err;
  EXPECT_FALSE(jsonLines(plain.out).at(0).contains("model")) << plain.out;
  EXPECT_EQ(sqlRows(dir + "/p.sqlite", "SELECT ifnull(model, 'NULL') FROM challenges"), "NULL");

  // generate --json lines imported elsewhere are graded there (issue 31, S2): by the model given to import,
  // else by the shipped model.
  spit(dir + "/made.jsonl", g.out);
  ASSERT_EQ(runPiecework("catalog import " + quote(dir + "/made.jsonl") + " --puzzle iq-fit --db " +
                         quote(dir + "/i.sqlite") + " --model " + dir + "/easy.json")
                .status,
            0);
  EXPECT_EQ(sqlRows(dir + "/i.sqlite", "SELECT DISTINCT model || '|' || model_fingerprint FROM challenges"),
            "easy|" + kEasyFingerprint);
  ASSERT_EQ(runPiecework("catalog import " + quote(dir + "/made.jsonl") + " --puzzle iq-fit --db " +
                         quote(dir + "/s.sqlite"))
                .status,
            0);
  EXPECT_EQ(sqlRows(dir + "/s.sqlite", "SELECT DISTINCT ifnull(model, 'NULL') FROM challenges"), "NULL");
  // So do JSON-lines and CSV exports, and exporting the import again gives the same bytes.
  for (const std::string format : {"jsonl", "csv"}) {
    const std::string file = quote(dir + "/export." + format), copy = quote(dir + "/" + format + ".sqlite");
    ASSERT_EQ(runPiecework("catalog export --format " + format + " --out " + file + " --db " + db).status, 0);
    const auto imported =
        runPiecework("catalog import " + file + " --db " + copy + " --model " + dir + "/easy.json");
    ASSERT_EQ(imported.status, 0) << imported.err;
    EXPECT_EQ(sqlRows(dir + "/" + format + ".sqlite",
                      "SELECT count(*), model, model_fingerprint FROM challenges GROUP BY model"),
              "2|easy|" + kEasyFingerprint)
        << format;
    EXPECT_EQ(runPiecework("catalog export --format " + format + " --db " + copy).out,
              runPiecework("catalog export --format " + format + " --db " + db).out)
        << format;
  }
}

TEST(CatalogModel, ImportRefusesABadModelInOneLine) {
  const std::string dir = tempDir();
  const std::string db = dir + "/c.sqlite";
  ASSERT_EQ(
      runPiecework("generate iq-fit --level Junior --count 1 --seed 8 --quiet --db " + quote(db)).status, 0);
  const std::string before = slurp(db);
  const std::string line = R"({"puzzle":"iq-fit","challenge":")" + without(kFitSolution, "bgi") +
                           R"(","level":"Junior","score":3.5)";
  const std::pair<std::string, std::string> cases[] = {
      {R"(,"model":"easy"})", "\"model\" and \"model_fingerprint\" go together"},
      {R"(,"model":"easy","model_fingerprint":"ABCDEF0123456789"})", "not 16 lower-case hex digits"},
      {R"(,"model":"","model_fingerprint":")" + kEasyFingerprint + R"("})", "\"model\" is empty"},
      {R"(,"model":7,"model_fingerprint":")" + kEasyFingerprint + R"("})", "\"model\" must be a string"},
  };
  for (const auto& [tail, message] : cases) {
    spit(dir + "/bad.jsonl", line + tail + "\n");
    const auto r = runPiecework("catalog import " + quote(dir + "/bad.jsonl") + " --db " + quote(db));
    EXPECT_EQ(r.status, 2) << tail;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_NE(r.err.find("bad.jsonl:1: "), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(message), std::string::npos) << r.err;
  }
  EXPECT_EQ(slurp(db), before);
}

// Model columns written around the schema's checks (another program, a damaged file) are the catalog's
// damage: one line naming the file, exit status 2, the file left as it was.
TEST(CatalogModel, DamagedModelColumnsAreRefusedInOneLine) {
  const std::string dir = tempDir();
  spit(dir + "/in.jsonl", R"({"puzzle":"iq-fit","challenge":")" + without(kFitSolution, "bgi") +
                              R"(","level":"Junior","score":3.5})" + "\n");
  const char* damage[] = {
      "UPDATE challenges SET model = 'easy', model_fingerprint = NULL",
      "UPDATE challenges SET model = NULL, model_fingerprint = '0123456789abcdef'",
      "UPDATE challenges SET model = 'easy', model_fingerprint = 'not a fingerprint'",
      "UPDATE challenges SET model = '', model_fingerprint = '0123456789abcdef'",
      "UPDATE challenges SET model = x'00ff', model_fingerprint = '0123456789abcdef'",
  };
  for (const char* update : damage) {
    const std::string path = dir + "/damaged.sqlite";
    std::filesystem::remove(path);
    ASSERT_EQ(runPiecework("catalog import " + quote(dir + "/in.jsonl") + " --db " + quote(path)).status, 0);
    ASSERT_EQ(sqlRows(path, std::string("PRAGMA ignore_check_constraints = 1; ") + update), "") << update;
    ASSERT_EQ(sqlRows(path, "PRAGMA wal_checkpoint(TRUNCATE)").substr(0, 1), "0");
    const std::string before = slurp(path);
    for (const std::string& command : std::vector<std::string>{
             "catalog list", "catalog list --json", "catalog show 1", "catalog export", "catalog rate",
             "catalog rate --all", "booklet --out " + quote(dir + "/b.pdf")}) {
      const auto r = runPiecework(command + " --db " + quote(path));
      EXPECT_EQ(r.status, 2) << update << ": " << command << ": " << r.out;
      EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << update << ": " << r.err;
      EXPECT_NE(r.err.find(path), std::string::npos) << r.err;
      EXPECT_EQ(slurp(path), before) << update << ": " << command;
    }
    EXPECT_FALSE(std::filesystem::exists(dir + "/b.pdf"));
  }
}

// Issue 31, S2: import kept any level and score given on a line ("Wizard", 9.5 on a Junior challenge) and
// `catalog rate` then re-rated nothing. Import now grades every line itself; a level given on the line is
// kept only as the official level.
TEST(CatalogModel, ImportGradesEveryLineAndKeepsAGivenLevelAsOfficial) {
  const std::string dir = tempDir();
  const std::string a = without(kFitSolution, "bgi"), b = without(kFitSolution, "bgiln");
  spit(dir + "/in.jsonl", R"({"puzzle":"iq-fit","challenge":")" + a +
                              R"(","level":"Wizard","score":9.5,"rater_version":1,"strategies":{"x":1}})"
                              "\n"
                              R"({"puzzle":"iq-fit","challenge":")" +
                              b + R"("})" + "\n");
  const std::string db = dir + "/c.sqlite";
  const auto imported = runPiecework("catalog import " + quote(dir + "/in.jsonl") + " --db " + quote(db));
  ASSERT_EQ(imported.status, 0) << imported.err;
  const auto [levelA, scoreA] = shippedGrade(a);
  const auto [levelB, scoreB] = shippedGrade(b);
  ASSERT_NE(levelA, "Wizard");
  const std::string version = std::to_string(raterVersion());
  EXPECT_EQ(sqlRows(db,
                    "SELECT level, official_level, rater_version, strategy_use = '{\"x\":1}' FROM "
                    "challenges ORDER BY id"),
            levelA + "|Wizard|" + version + "|0\n" + levelB + "|NULL|" + version + "|0");
  EXPECT_DOUBLE_EQ(std::stod(sqlRows(db, "SELECT score FROM challenges WHERE id = 1")), scoreA);
  EXPECT_DOUBLE_EQ(std::stod(sqlRows(db, "SELECT score FROM challenges WHERE id = 2")), scoreB);
  // Nothing is left for `catalog rate` to correct.
  const auto rate = runPiecework("catalog rate --json --db " + quote(db));
  ASSERT_EQ(rate.status, 0) << rate.err;
  EXPECT_EQ(json::parse(rate.out).at("rated"), 0) << rate.out;

  // list, show and export carry it; an export imported again keeps it (and no official level where none).
  const auto list = runPiecework("catalog list --json --db " + quote(db));
  ASSERT_EQ(list.status, 0) << list.err;
  const auto rows = jsonLines(list.out);
  ASSERT_EQ(rows.size(), 2U);
  for (const json& row : rows)
    EXPECT_EQ(row.at("official_level"), row.at("challenge") == a ? json("Wizard") : json(nullptr)) << row;
  const auto show = runPiecework("catalog show 1 --db " + quote(db));
  EXPECT_NE(show.out.find("official level Wizard"), std::string::npos) << show.out;
  for (const std::string format : {"jsonl", "csv"}) {
    const std::string file = dir + "/export." + format, copy = dir + "/" + format + ".sqlite";
    ASSERT_EQ(
        runPiecework("catalog export --format " + format + " --out " + quote(file) + " --db " + quote(db))
            .status,
        0);
    ASSERT_EQ(runPiecework("catalog import " + quote(file) + " --db " + quote(copy)).status, 0);
    EXPECT_EQ(sqlRows(copy, "SELECT group_concat(ifnull(official_level, 'NULL')) FROM challenges"),
              "Wizard,NULL")
        << format;
    EXPECT_EQ(runPiecework("catalog export --format " + format + " --db " + quote(copy)).out,
              runPiecework("catalog export --format " + format + " --db " + quote(db)).out)
        << format;
  }

  // An official level that is no level is bad input, like a bad level.
  spit(dir + "/bad.jsonl",
       R"({"puzzle":"iq-fit","challenge":")" + a + R"(","official_level":"Grandmaster"})" + "\n");
  const std::string before = slurp(db);
  const auto bad = runPiecework("catalog import " + quote(dir + "/bad.jsonl") + " --db " + quote(db));
  EXPECT_EQ(bad.status, 2);
  EXPECT_EQ(std::count(bad.err.begin(), bad.err.end(), '\n'), 1) << bad.err;
  EXPECT_NE(bad.err.find("bad.jsonl:1: \"official_level\": unknown level 'Grandmaster'"), std::string::npos)
      << bad.err;
  EXPECT_EQ(slurp(db), before);
}

// A version 2 catalog (model columns, no official level) is read as it is, and migrated when opened for
// writing, its rows as they were with no official level.
TEST(CatalogModel, Version2CatalogIsReadAsIsAndMigratedToOfficialLevels) {
  const std::string dir = tempDir();
  const std::string path = dir + "/v2.sqlite";
  writeVersion1Catalog(path, iqFitDefinition());
  // Migration 1 -> 2 as piecework wrote it before version 3 existed.
  ASSERT_EQ(sqlRows(path, R"sql(
ALTER TABLE challenges ADD COLUMN model TEXT
  CHECK (model IS NULL OR (typeof(model) = 'text' AND length(model) > 0));
ALTER TABLE challenges ADD COLUMN model_fingerprint TEXT
  CHECK ((model IS NULL) = (model_fingerprint IS NULL) AND (model_fingerprint IS NULL OR
         (length(model_fingerprint) = 16 AND model_fingerprint NOT GLOB '*[^0-9a-f]*')));
DROP VIEW IF EXISTS challenge_list;
CREATE VIEW challenge_list AS
  SELECT c.id, p.name AS puzzle, c.level, c.score, c.given, c.to_place, c.challenge, c.solution, c.model
  FROM challenges c JOIN puzzles p ON p.id = c.puzzle_id JOIN levels l ON l.name = c.level
  ORDER BY p.name, l.rank, c.score, c.id;
PRAGMA user_version = 2;
)sql"),
            "");
  const std::string a = without(kFitSolution, "bgi");
  ASSERT_EQ(sqlRows(path,
                    "INSERT INTO challenges (id, puzzle_id, challenge, canonical_key, solution, given, "
                    "to_place, level, score, rater_version, model, model_fingerprint) VALUES (1, 1, '" +
                        a + "', 'key-a', '" + kFitSolution + "', 7, 3, 'Master', 7.5, " +
                        std::to_string(raterVersion()) + ", 'easy', '" + kEasyFingerprint + "')"),
            "");
  const std::string rowBefore = sqlRows(path, "SELECT * FROM challenges");
  const std::string bytes = slurp(path);
  const auto list = runPiecework("catalog list --json --db " + quote(path));
  ASSERT_EQ(list.status, 0) << list.err;
  const auto rows = jsonLines(list.out);
  ASSERT_EQ(rows.size(), 1U);
  EXPECT_TRUE(rows[0].at("official_level").is_null()) << rows[0];
  EXPECT_EQ(rows[0].at("model"), "easy") << rows[0];
  EXPECT_EQ(rows[0].at("level"), "Master") << rows[0];
  EXPECT_EQ(slurp(path), bytes);

  // Importing into it opens it for writing: migrated, the old row as it was.
  const std::string b = without(kFitSolution, "bgiln");
  spit(dir + "/in.jsonl", R"({"puzzle":"iq-fit","challenge":")" + b + R"(","level":"Expert"})" + "\n");
  const auto imported = runPiecework("catalog import " + quote(dir + "/in.jsonl") + " --db " + quote(path));
  ASSERT_EQ(imported.status, 0) << imported.err;
  EXPECT_EQ(sqlRows(path, "PRAGMA user_version"), "5");
  EXPECT_EQ(sqlRows(path, "SELECT * FROM challenges WHERE id = 1"), rowBefore + "|NULL");
  EXPECT_EQ(sqlRows(path, "SELECT ifnull(official_level, 'NULL') FROM challenges ORDER BY id"),
            "NULL\nExpert");
  EXPECT_EQ(
      sqlRows(path, "SELECT group_concat(id || ':' || ifnull(official_level, '-')) FROM challenge_list"),
      "2:Expert,1:-");  // (ordered by level: Expert before Master)
  EXPECT_EQ(sqlRows(path, "PRAGMA integrity_check"), "ok");
}

}  // namespace

namespace {

// A model fitted on IQ Fit (the "puzzle" member calibrate writes), with kEasyModel's grading.
constexpr const char* kEasyIqFitModel =
    R"({"format":"piecework-rating-model","name":"easy","puzzle":"iq-fit","features":["to_place"],)"
    R"("mean":[0],"scale":[1],"weights":[1],"cuts":[100,101,102,103]})";

}  // namespace

TEST(CatalogModel, AModelGradesOnlyThePuzzleItWasFittedOnUnlessAskedOtherwise) {
  const std::string dir = tempDir();
  const std::string db = quote(dir + "/c.sqlite");
  const std::string model = quote(dir + "/easy.json");
  spit(dir + "/easy.json", kEasyIqFitModel);
  ASSERT_EQ(runPiecework("generate iq-fit --level Junior --count 1 --seed 4 --quiet --db " + db).status, 0);
  ASSERT_EQ(runPiecework("generate iq-link --level Junior --count 1 --seed 4 --quiet --db " + db).status, 0);
  const std::string before = slurp(dir + "/c.sqlite");

  // Its own puzzle: graded by it (every cut point far above: Starter).
  const auto fit =
      runPiecework("rate iq-fit --json --challenge " +
                   quote("bbbbllpppp/byyyylpp../gggyyl..../igssss..../iiiss.....") + " --model " + model);
  ASSERT_EQ(fit.status, 0) << fit.err;
  EXPECT_EQ(json::parse(fit.out).at("level"), "Starter");

  // Another puzzle: one line naming both puzzles, exit 2, for every command that takes --model.
  const auto link = json::parse(runPiecework("catalog list --json --db " + db + " --puzzle iq-link").out);
  const std::string linkChallenge = link.at("challenge");
  for (const std::string& command : std::vector<std::string>{
           "rate iq-link --challenge " + linkChallenge, "hint iq-link --challenge " + linkChallenge,
           std::string("generate iq-link --level Starter --count 1 --seed 1 --quiet"),
           "catalog rate --db " + db, "booklet --db " + db + " --out " + quote(dir + "/b.pdf")}) {
    const auto r = runPiecework(command + " --model " + model);
    EXPECT_EQ(r.status, 2) << command << ": " << r.out << r.err;
    EXPECT_NE(r.err.find("fitted on iq-fit, not iq-link"), std::string::npos) << command << ": " << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << command << ": " << r.err;
  }
  // catalog rate refused before it wrote a grade, even to the IQ Fit challenge it met first.
  EXPECT_EQ(slurp(dir + "/c.sqlite"), before);
  EXPECT_FALSE(std::filesystem::exists(dir + "/b.pdf"));

  // --model-any-puzzle: graded by it all the same.
  const auto any = runPiecework("rate iq-link --json --challenge " + linkChallenge + " --model " + model +
                                " --model-any-puzzle");
  ASSERT_EQ(any.status, 0) << any.err;
  EXPECT_EQ(json::parse(any.out).at("level"), "Starter");
  const auto all =
      runPiecework("catalog rate --json --db " + db + " --model " + model + " --model-any-puzzle");
  ASSERT_EQ(all.status, 0) << all.err;
  EXPECT_EQ(json::parse(all.out).at("rated"), 2);
  EXPECT_EQ(sqlRows(dir + "/c.sqlite", "SELECT DISTINCT level FROM challenges"), "Starter");

  // A model without "puzzle" (made before models recorded it) grades any puzzle, as it did.
  spit(dir + "/old.json", kEasyModel);
  EXPECT_EQ(runPiecework("rate iq-link --challenge " + linkChallenge + " --model " + quote(dir + "/old.json"))
                .status,
            0);
}

TEST(CatalogModel, CalibrateRecordsThePuzzleOfItsModel) {
  const std::string dir = tempDir();
  const auto fit = runPiecework(std::string("calibrate iq-fit ") + PIECEWORK_SOURCE_DIR +
                                "/data/calibration/iq-fit-booklet.jsonl --out " + quote(dir + "/m.json"));
  ASSERT_EQ(fit.status, 0) << fit.err;
  EXPECT_EQ(json::parse(slurp(dir + "/m.json")).at("puzzle"), "iq-fit");
}

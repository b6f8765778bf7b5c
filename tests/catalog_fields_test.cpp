// SPDX-License-Identifier: Apache-2.0
// Issue 44: every stored field checked against what it must mean, by one validator that import, the quick
// check of every read and `catalog check` share (db/stored_fields.hpp); a damaged row refused where a command
// would act on it, by its id, and never locking the rest of the catalog; I/O failures exit 1, checkpoints
// included; a catalog removed or replaced under a run noticed when it writes.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

#include "db/catalog.hpp"
#include "db/stored_fields.hpp"
#include "generator/generated.hpp"
#include "puzzle/errors.hpp"
#include "rater/rater.hpp"
#include "support/run.hpp"
#include "support/temp_dir_test.hpp"

namespace piecework {
namespace {

namespace fs = std::filesystem;
using namespace test;  // the shared helpers (support/temp_dir_test.hpp, support/run.hpp)

TEST(StoredFields, CreatedIsADateInTheCatalogsForm) {
  for (const char* good : {"2026-12-01", "2026-12-01T23:59:59Z", "2024-02-29", "2000-02-29T00:00:00Z",
                           "0001-01-01", "9999-12-31T23:59:59Z"})
    EXPECT_FALSE(db::createdProblem(good)) << good;
  for (const char* bad :
       {"yesterday", "", "2026-12-01\a\x1b[2J", "2023-02-29", "1900-02-29", "2026-13-01", "2026-04-31",
        "2026-12-01T24:00:00Z", "2026-12-01T12:60:00Z", "2026-12-01T12:00:60Z", "2026-12-01T12:00:00",
        "2026-12-01 12:00:00Z", "0000-01-01", "2026-1-01", "+2026-12-01", "2026-12-01T12:00:00+01:00"})
    EXPECT_TRUE(db::createdProblem(bad)) << bad;
  // What is wrong is printable, whatever the value held.
  const auto problem = db::createdProblem("2026-12-01\a\x1b[2J");
  ASSERT_TRUE(problem);
  EXPECT_EQ(db::textProblem(*problem), std::nullopt) << *problem;
}

TEST(StoredFields, RaterVersionsAreTheOnesThisBuildKnows) {
  EXPECT_FALSE(db::raterVersionProblem(1));
  EXPECT_FALSE(db::raterVersionProblem(kRaterVersion));
  EXPECT_FALSE(db::raterVersionProblem(0));  // older than every rater: a grade to redo
  EXPECT_TRUE(db::raterVersionProblem(kRaterVersion + 1));
  EXPECT_TRUE(db::raterVersionProblem(-1));
}

TEST(StoredFields, GeneratorVersionsAreTheOnesThisBuildKnows) {
  EXPECT_FALSE(db::generatorVersionProblem(1));
  EXPECT_FALSE(db::generatorVersionProblem(kGeneratorVersion));
  EXPECT_TRUE(db::generatorVersionProblem(0));  // (a challenge not generated has none, not 0)
  EXPECT_TRUE(db::generatorVersionProblem(kGeneratorVersion + 1));
  EXPECT_TRUE(db::generatorVersionProblem(-1));
}

TEST(StoredFields, StrategiesMapNamesToCounts) {
  EXPECT_FALSE(db::strategiesProblem(nlohmann::json::parse(R"({"a":1,"b":0})")));
  EXPECT_FALSE(db::strategiesProblem(nlohmann::json::object()));
  EXPECT_TRUE(db::strategiesProblem(nlohmann::json::parse(R"({"a":"x"})")));
  EXPECT_TRUE(db::strategiesProblem(nlohmann::json::parse(R"([1])")));
}

class CatalogFields : public TempDirTest {
 protected:
  void SetUp() override {
    TempDirTest::SetUp();
    db_ = path("c.sqlite");
    const auto made =
        runPiecework(fmt::format("generate iq-fit --level Junior --count 3 --seed 7 --quiet --db '{}'", db_));
    ASSERT_EQ(made.status, 0) << made.err;
    if (runShell("command -v sqlite3").status != 0) GTEST_SKIP() << "no sqlite3 shell";
  }
  std::string db(const std::string& command) const { return fmt::format("{} --db '{}'", command, db_); }
  void sql(const std::string& statement) const {
    const auto r = runShell(fmt::format("sqlite3 '{}' \"{}\"", db_, statement));
    ASSERT_EQ(r.status, 0) << statement << ": " << r.out;
  }
  std::string sqlValue(const std::string& query) const {
    auto r = runShell(fmt::format("sqlite3 '{}' \"{}\"", db_, query));
    while (!r.out.empty() && r.out.back() == '\n') r.out.pop_back();
    return r.out;
  }
  // `catalog check`: exit 2, one line on stderr, and the damaged rows by id on stdout.
  void expectCheckNames(const std::string& ids, const std::string& mention) const {
    const auto check = runPiecework(db("catalog check --json"));
    EXPECT_EQ(check.status, 2) << check.err;
    EXPECT_EQ(std::count(check.err.begin(), check.err.end(), '\n'), 1) << check.err;
    const auto report = nlohmann::json::parse(check.out);
    std::string seen;
    for (const auto& row : report.at("damaged")) {
      seen += fmt::format("{}{}", seen.empty() ? "" : ",", row.at("id").get<int>());
      EXPECT_NE(row.at("problem").get<std::string>().find(mention), std::string::npos) << check.out;
    }
    EXPECT_EQ(seen, ids) << check.out;
  }
  // The rows other than the damaged one still list, print and export, and new challenges still go in.
  void expectOthersUsable(int damaged) const {
    const auto listed = runPiecework(db("catalog list --json --skip-damaged"));
    EXPECT_EQ(listed.status, 0) << listed.err;
    EXPECT_EQ(nonEmptyLines(listed.out).size(), 2U) << listed.out;
    EXPECT_NE(listed.err.find(fmt::format("left out 1 damaged challenge (id {}", damaged)), std::string::npos)
        << listed.err;
    const int other = damaged == 1 ? 2 : 1;
    EXPECT_EQ(runPiecework(db(fmt::format("catalog show {}", other))).status, 0);
    expectBadInput(runPiecework(db(fmt::format("catalog show {}", damaged))),
                   fmt::format("challenge {}: damaged row", damaged));
    const auto exported = runPiecework(db("catalog export --skip-damaged"));
    EXPECT_EQ(exported.status, 0) << exported.err;
    EXPECT_EQ(nonEmptyLines(exported.out).size(), 2U) << exported.out;
    spit(path("new.jsonl"), std::string(R"({"puzzle":"iq-fit","challenge":")") + kFitUnique + "\"}\n");
    const auto imported = runPiecework(db("catalog import '" + path("new.jsonl") + "' --json"));
    EXPECT_EQ(imported.status, 0) << imported.err;
    EXPECT_NE(imported.out.find(R"("imported":1)"), std::string::npos) << imported.out;
  }
  std::string db_;
};

// F0: a line whose "created" holds control characters, or is no date, is refused at import (JSON and CSV).
TEST_F(CatalogFields, ImportRefusesACreatedThatIsNoDate) {
  const std::string line =
      std::string(R"({"puzzle":"iq-fit","challenge":")") + kFitUnique + R"(","created":)";
  for (const std::string& created :
       {std::string(R"("2026-12-01\u0007\u001b[2J")"), std::string(R"("yesterday")")}) {
    spit(path("bad.jsonl"), line + created + "}\n");
    expectBadInput(runPiecework(db("catalog import '" + path("bad.jsonl") + "'")),
                   "bad.jsonl:1: \"created\"");
  }
  spit(path("bad.csv"),
       std::string("puzzle,challenge,created\niq-fit,") + kFitUnique + ",2026-12-01\a\x1b[2J\n");
  expectBadInput(runPiecework(db("catalog import '" + path("bad.csv") + "'")), "bad.csv:2: \"created\"");
  EXPECT_EQ(sqlValue("SELECT count(*) FROM challenges"), "3");
  // A date alone is a date: stored as given, and read back sound.
  spit(path("good.jsonl"), line + R"("2026-12-01"})" + "\n");
  EXPECT_EQ(runPiecework(db("catalog import '" + path("good.jsonl") + "'")).status, 0);
  EXPECT_EQ(runPiecework(db("catalog check")).status, 0);
}

// F0 in a row written around import: that row is named, the others stay usable.
TEST_F(CatalogFields, ACreatedTimeWithControlsDamagesOneRowOnly) {
  sql("UPDATE challenges SET created_at = '2026-12-01' || char(7) || char(27) || '[2J' WHERE id = 2");
  expectCheckNames("2", "creation time");
  expectOthersUsable(2);
}

// F1: a second puzzle row carrying the first one's hash beside other text.
TEST_F(CatalogFields, EveryPuzzleRowsDefinitionIsCheckedAgainstItsHash) {
  // (the UNIQUE (name, hash) rule: the copy takes another name, which its text does not give either)
  sql("INSERT INTO puzzles (name, definition, definition_hash) SELECT 'iq-fit-copy', "
      "replace(definition, 'iq-fit', 'iq-fit-copy') || '# edited', definition_hash FROM puzzles WHERE id = "
      "1; "
      "UPDATE challenges SET puzzle_id = 2 WHERE id = 3");
  expectCheckNames("3", "does not match its stored hash");
  expectOthersUsable(3);
  // A puzzle row of the same name and hash as a definition to store, with other text: refused by its id.
  sql("UPDATE puzzles SET definition = definition || '# edited' WHERE id = 1");
  expectBadInput(runPiecework(db("generate iq-fit --level Junior --count 1 --seed 99 --quiet")),
                 "puzzle 1 (iq-fit): damaged row");
}

// F2: a canonical key that is not the challenge's: named by the check (and refused by export); the
// challenge imported again is refused naming that row instead of being stored twice.
TEST_F(CatalogFields, ACanonicalKeyIsTheChallengesOwn) {
  const auto before = runPiecework(db("catalog export"));
  ASSERT_EQ(before.status, 0);
  spit(path("export.jsonl"), before.out);
  sql("UPDATE challenges SET canonical_key = 'x' || canonical_key WHERE id = 1");
  expectCheckNames("1", "canonical key");
  expectBadInput(runPiecework(db("catalog import '" + path("export.jsonl") + "'")),
                 "export.jsonl:1: the catalog holds this challenge in a damaged row (");
  EXPECT_EQ(sqlValue("SELECT count(*) FROM challenges"), "3");
  // The row still reads and prints (its key matters to storing and exporting); an export leaves it out.
  EXPECT_EQ(runPiecework(db("catalog show 1")).status, 0);
  expectBadInput(runPiecework(db("catalog export")), "challenge 1: damaged row: canonical key");
  const auto exported = runPiecework(db("catalog export --skip-damaged"));
  EXPECT_EQ(exported.status, 0) << exported.err;
  EXPECT_EQ(nonEmptyLines(exported.out).size(), 2U) << exported.out;
}

// F3: a rater version this build does not know: named by the check and by `catalog rate`.
TEST_F(CatalogFields, ARaterVersionIsOneThisBuildKnows) {
  sql(fmt::format("UPDATE challenges SET rater_version = {} WHERE id = 2", kRaterVersion + 1));
  expectCheckNames("2", "rater version");
  expectBadInput(runPiecework(db("catalog rate")), "challenge 2: damaged row: rater version");
  expectOthersUsable(2);
}

// A rater version past what an int holds read as 0 ("older than every rater") and passed: now it is named.
TEST_F(CatalogFields, ARaterVersionPastAnIntIsNamed) {
  sql("UPDATE challenges SET rater_version = 4294967296 WHERE id = 2");  // 2^32: 0 in the low 32 bits
  expectCheckNames("2", "rater version");
  sql("UPDATE challenges SET rater_version = 'one' WHERE id = 2");  // read as an integer: 0
  expectCheckNames("2", "rater version is not an integer");
  expectOthersUsable(2);
}

// A generator version this build does not know, edited into a row by hand, or of another type: named by the
// check and by every command that reads the row; import refuses such a line (JSON and CSV).
TEST_F(CatalogFields, AGeneratorVersionIsOneThisBuildKnows) {
  sql(fmt::format("UPDATE challenges SET generator_version = {} WHERE id = 3", kGeneratorVersion + 1));
  expectCheckNames("3", "generator version");
  expectBadInput(runPiecework(db("catalog show 3")), "challenge 3: damaged row: generator version");
  expectBadInput(runPiecework(db("catalog list")), "challenge 3: damaged row: generator version");
  expectOthersUsable(3);
  for (const char* stored : {"0", "4294967297", "'1.5'", "'v1'"}) {  // (4294967297: 1 in the low 32 bits)
    sql(fmt::format("UPDATE challenges SET generator_version = {} WHERE id = 3", stored));
    expectCheckNames("3", "generator version");
  }
  // No generator version is sound: an imported challenge that was not generated has none.
  sql("UPDATE challenges SET generator_version = NULL WHERE id = 3");
  EXPECT_EQ(runPiecework(db("catalog check")).status, 0);

  const std::string line = std::string(R"({"puzzle":"iq-fit","challenge":")") + kFitUnique + R"(")";
  for (const char* version : {"0", "2", "4294967297"}) {
    spit(path("bad.jsonl"), line + R"(,"generator_version":)" + version + "}\n");
    expectBadInput(runPiecework(db("catalog import '" + path("bad.jsonl") + "'")),
                   "bad.jsonl:1: \"generator_version\"");
  }
  spit(path("bad.csv"), std::string("puzzle,challenge,generator_version\niq-fit,") + kFitUnique + ",2\n");
  expectBadInput(runPiecework(db("catalog import '" + path("bad.csv") + "'")),
                 "bad.csv:2: \"generator_version\"");
  EXPECT_EQ(sqlValue("SELECT count(*) FROM challenges"), "4");  // (3, and expectOthersUsable's import)
  spit(path("good.jsonl"), line + R"(,"generator_version":1})" + "\n");
  EXPECT_EQ(runPiecework(db("catalog import '" + path("good.jsonl") + "'")).status, 0);
  EXPECT_EQ(runPiecework(db("catalog check")).status, 0);
}

// A booklet over a catalog with a damaged row refuses it in one line naming it, writing nothing; with
// --skip-damaged it prints the other rows (and records only them) and names the one it left out.
TEST_F(CatalogFields, ABookletLeavesADamagedRowOutOnlyWhenAsked) {
  sql("UPDATE challenges SET solution = '' WHERE id = 2");
  const std::string pdf = path("b.pdf");
  expectBadInput(runPiecework(db("booklet --out '" + pdf + "'")), "challenge 2: damaged row: solution");
  EXPECT_FALSE(fs::exists(pdf));
  EXPECT_EQ(sqlValue("SELECT count(*) FROM booklets"), "0");
  const auto r = runPiecework(db("booklet --skip-damaged --json --out '" + pdf + "'"));
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(fs::exists(pdf));
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_NE(r.err.find("left out 1 damaged challenge (id 2;"), std::string::npos) << r.err;
  const auto summary = nlohmann::json::parse(r.out);
  EXPECT_EQ(summary.at("challenges"), 2);
  EXPECT_EQ(summary.at("damaged_left_out"), nlohmann::json::array({2}));
  EXPECT_EQ(sqlValue("SELECT group_concat(challenge_id) FROM (SELECT challenge_id FROM booklet_entries "
                     "ORDER BY challenge_id)"),
            "1,3");
  // Every row damaged: nothing to print, said in one line.
  sql("UPDATE challenges SET solution = ''");
  expectBadInput(runPiecework(db("booklet --skip-damaged --out '" + path("c.pdf") + "'")),
                 "every matching challenge is damaged (3 left out");
  EXPECT_FALSE(fs::exists(path("c.pdf")));
}

// F4: an empty stored solution: `catalog show` and `catalog rate --all` refuse it before writing anything.
TEST_F(CatalogFields, AStoredSolutionIsThere) {
  sql("UPDATE challenges SET solution = '' WHERE id = 1");
  expectCheckNames("1", "solution: is empty");
  const std::string before = slurp(db_);
  expectBadInput(runPiecework(db("catalog rate --all")), "challenge 1: damaged row: solution: is empty");
  EXPECT_EQ(slurp(db_), before);
  expectOthersUsable(1);
}

// A level that names no level hid the row from every listing and check; now it is named.
TEST_F(CatalogFields, ARowWithNoSuchLevelIsNamedNotHidden) {
  sql("PRAGMA foreign_keys = OFF; UPDATE challenges SET level = 'Grandmaster' WHERE id = 2");
  expectCheckNames("2", "level");
  expectOthersUsable(2);
}

// F5: a disk that fills under `count --checkpoint` is an I/O failure (exit 1), not bad input.
TEST_F(CatalogFields, AFullDiskUnderACheckpointIsExitOne) {
  const auto r =
      runShell(fmt::format("ulimit -f 2; trap '' XFSZ; {} count pentominoes-6x10 --threads 1 "
                           "--checkpoint '{}' --progress none",
                           PIECEWORK_BINARY, path("count.checkpoint")));
  EXPECT_EQ(r.status, 1) << r.out;  // (runShell: standard error in `out`)
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << r.out;
  EXPECT_NE(r.out.find("checkpoint"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("cannot write"), std::string::npos) << r.out;
}

// F6: a catalog file removed, or replaced by another, after it was opened: the next write says so (an I/O
// failure, not bad input) instead of writing where nobody will find it.
TEST_F(CatalogFields, ACatalogRemovedOrReplacedUnderARunIsNoticedAtCommit) {
  {
    db::Catalog catalog(db_, db::Catalog::Access::ReadWrite);
    fs::rename(db_, path("moved.sqlite"));
    try {
      catalog.ensurePuzzle("x", "name = \"x\"\n");
      ADD_FAILURE() << "wrote into a removed catalog";
    } catch (const InputError& e) {
      ADD_FAILURE() << "bad input? " << e.what();
    } catch (const std::runtime_error& e) {
      EXPECT_NE(std::string(e.what()).find("was removed while this run was writing it"), std::string::npos)
          << e.what();
    }
  }
  fs::copy_file(path("moved.sqlite"), db_);
  db::Catalog catalog(db_, db::Catalog::Access::ReadWrite);
  fs::remove(db_);
  fs::copy_file(path("moved.sqlite"), db_);  // another file in its place
  EXPECT_THROW(catalog.ensurePuzzle("x", "name = \"x\"\n"), std::runtime_error);
}

}  // namespace
}  // namespace piecework

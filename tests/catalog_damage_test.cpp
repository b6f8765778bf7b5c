// SPDX-License-Identifier: Apache-2.0
// Issue 31, D3: bytes overwritten inside a stored row leave a catalog that SQLite opens and checks as sound.
// Every command that uses rows names the damaged row by its id (one line, exit status 2) instead of printing
// raw bytes, exporting them or rewriting other rows first; `catalog check` lists every damaged row; and a
// command that does not act on the damaged row (storing new challenges) is not stopped by it (issue 44).
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "db/catalog.hpp"
#include "support/run.hpp"
#include "support/temp_dir_test.hpp"

namespace piecework {
namespace {

namespace fs = std::filesystem;
using test::runPiecework;
using test::RunResult;
using test::slurp;
using test::spit;
// Bad input naming the damaged row: exit status 2, one line on stderr, nothing on stdout.
const auto expectRowNamed = test::expectBadInput;

class CatalogDamage : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = test::tempDir();
    db_ = dir_ + "/c.sqlite";
    const auto made =
        runPiecework(fmt::format("generate iq-fit --level Junior --count 3 --seed 7 --quiet --db '{}'", db_));
    ASSERT_EQ(made.status, 0) << made.err;
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string storedText(std::int64_t id, const char* column) const {
    const db::Catalog catalog(db_, db::Catalog::Access::ReadOnly);
    db::ChallengeFilter filter;
    filter.id = id;
    const auto rows = catalog.challenges(filter);
    if (rows.empty()) return {};
    return std::string(column) == "solution" ? rows.front().solutionText : rows.front().challengeText;
  }

  // Overwrites `bytes` inside the file's copy of `text` (found once in the file), 8 bytes after its start.
  void overwriteInside(const std::string& text, const std::string& bytes) {
    std::string file = slurp(db_);
    const auto at = file.find(text);
    ASSERT_NE(at, std::string::npos) << "the text is not in the file";
    ASSERT_EQ(file.find(text, at + 1), std::string::npos) << "the text is in the file twice";
    file.replace(at + 8, bytes.size(), bytes);
    spit(db_, file);
  }

  // The issue's damage: 16 random bytes inside challenge 2's text.
  void damageChallengeTwo() {
    std::mt19937 random(31);
    std::string bytes;
    for (int i = 0; i < 16; ++i) bytes.push_back(static_cast<char>(random() & 0xFFU));
    overwriteInside(storedText(2, "challenge"), bytes);
  }

  std::string db(const std::string& command) const { return fmt::format("{} --db '{}'", command, db_); }

  std::string dir_, db_;
};

TEST_F(CatalogDamage, ReadCommandsNameTheRowInsteadOfPrintingIt) {
  damageChallengeTwo();
  for (const char* command : {"catalog list", "catalog list --json", "catalog show 2",
                              "catalog show 2 --json", "catalog export", "catalog export --format csv"}) {
    SCOPED_TRACE(command);
    expectRowNamed(runPiecework(db(command)), "c.sqlite: challenge 2: damaged row");
  }
  // The rows that are sound still show.
  const auto one = runPiecework(db("catalog show 1"));
  EXPECT_EQ(one.status, 0) << one.err;
}

TEST_F(CatalogDamage, WritersRefuseBeforeWritingAnything) {
  // Challenge 1 is graded by an old rater, so `catalog rate` rewrites it: before, it did, then refused at 2.
  const auto old =
      test::runShell(fmt::format("sqlite3 '{}' 'UPDATE challenges SET rater_version = 1 WHERE id = 1'", db_));
  if (old.status != 0) GTEST_SKIP() << "no sqlite3 shell: " << old.out;
  damageChallengeTwo();
  const std::string before = slurp(db_);
  const std::string out = dir_ + "/out";
  // A sound line to import (IQ Fit with three pieces to place; its solution checked with `piecework solve`).
  spit(dir_ + "/new.jsonl",
       R"({"puzzle":"iq-fit","challenge":"....llpppp/.yyyylpprr/...yylnnnr/i.ssssnonr/iiissoooor"})"
       "\n");
  for (const std::string& command :
       {db("catalog rate --all"), db("catalog rate"), db("catalog export --out '" + out + ".jsonl'"),
        db("catalog export --format csv --out '" + out + ".csv'"), db("booklet --out '" + out + ".pdf'")}) {
    SCOPED_TRACE(command);
    const auto r = runPiecework(command);
    if (command.find("catalog rate ") == std::string::npos || command.find("--all") != std::string::npos)
      expectRowNamed(r, "challenge 2: damaged row");
    EXPECT_EQ(slurp(db_), before);
  }
  EXPECT_FALSE(fs::exists(out + ".jsonl"));
  EXPECT_FALSE(fs::exists(out + ".csv"));
  EXPECT_FALSE(fs::exists(out + ".pdf"));
  // Issue 44: writers that do not act on the damaged row are not locked out by it: new challenges go in, and
  // the damaged row stays as it was, for `catalog check` to name.
  const std::string damaged = storedText(2, "challenge");
  for (const std::string& command : {db("catalog import '" + dir_ + "/new.jsonl'"),
                                     db("generate iq-fit --level Junior --count 1 --seed 99 --quiet")}) {
    SCOPED_TRACE(command);
    const auto r = runPiecework(command);
    EXPECT_EQ(r.status, 0) << r.err;
  }
  EXPECT_EQ(storedText(2, "challenge"), damaged);
  const db::Catalog catalog(db_, db::Catalog::Access::ReadOnly);
  EXPECT_EQ(catalog.challengeCount(), 5);
}

TEST_F(CatalogDamage, CheckReportsEveryDamagedRowById) {
  const auto sound = runPiecework(db("catalog check"));
  EXPECT_EQ(sound.status, 0) << sound.err;
  EXPECT_NE(sound.out.find("checked 3 challenges"), std::string::npos) << sound.out;
  damageChallengeTwo();
  // Challenge 3's solution with the letters of two cells swapped: the row is damaged, whichever check sees
  // it.
  const std::string solution = storedText(3, "solution");
  std::string edited = solution;
  const auto isLetter = [](char c) { return c != '/' && c != '.'; };
  std::size_t i = 8;
  while (i < edited.size() && !isLetter(edited[i])) ++i;
  std::size_t j = i + 1;
  while (j < edited.size() && (!isLetter(edited[j]) || edited[j] == edited[i])) ++j;
  ASSERT_LT(j, edited.size()) << solution;
  std::swap(edited[i], edited[j]);
  overwriteInside(solution, edited.substr(8));

  const auto text = runPiecework(db("catalog check"));
  EXPECT_EQ(text.status, 2) << text.err;
  EXPECT_EQ(std::count(text.err.begin(), text.err.end(), '\n'), 1) << text.err;
  EXPECT_NE(text.err.find("2 of 3 challenges are damaged (id 2, 3)"), std::string::npos) << text.err;
  EXPECT_NE(text.out.find("challenge 2: damaged row"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("challenge 3: "), std::string::npos) << text.out;
  EXPECT_EQ(text.out.find("challenge 1:"), std::string::npos) << text.out;

  const auto json = runPiecework(db("catalog check --json"));
  EXPECT_EQ(json.status, 2) << json.err;
  const auto report = nlohmann::json::parse(json.out);
  EXPECT_EQ(report.at("checked"), 3);
  ASSERT_EQ(report.at("damaged").size(), 2U) << json.out;
  EXPECT_EQ(report["damaged"][0].at("id"), 2);
  EXPECT_EQ(report["damaged"][1].at("id"), 3);
  for (const auto& row : report["damaged"]) {
    const std::string problem = row.at("problem");
    EXPECT_EQ(problem.find('\n'), std::string::npos) << problem;
  }
}

}  // namespace
}  // namespace piecework

// SPDX-License-Identifier: Apache-2.0
// `catalog import-playtests`: attempts exported by the play page, imported twice, give the same table (read
// back with the sqlite3 program, not the catalog code); a file with bad lines names each in one line, exits 2
// and stores nothing from that file.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "support/json_lines.hpp"
#include "support/run.hpp"

namespace {

using nlohmann::json;
using piecework::test::jsonLines;
using piecework::test::runPiecework;
using piecework::test::runShell;

// One attempt as the page exports it (docs/playtesting.md).
json attempt(const json& row, const std::string& tester, const std::string& start, double seconds,
             const std::string& outcome) {
  return {{"puzzle", row["puzzle"]},
          {"challenge_id", row["id"]},
          {"challenge", row["challenge"]},
          {"tester", tester},
          {"start", start},
          {"end", "2026-12-02T10:30:00Z"},
          {"seconds", seconds},
          {"moves", 12},
          {"undos", 1},
          {"hints", 0},
          {"outcome", outcome}};
}

std::string playtestsTable(const std::string& db) {
  const auto r = runShell("sqlite3 '" + db +
                          "' 'SELECT challenge_id, tester, started_at, seconds, moves, undos, hints, solved "
                          "FROM playtests ORDER BY challenge_id, tester, started_at'");
  EXPECT_EQ(r.status, 0) << r.out;
  return r.out;
}

class PlaytestImport : public ::testing::Test {
 protected:
  void SetUp() override {
    dir = piecework::test::tempDir();
    db = dir + "/c.sqlite";
    ASSERT_EQ(runPiecework("generate iq-fit --level Junior --count 2 --seed 1 --db '" + db + "'").status, 0);
    const auto listed = runPiecework("catalog list --db '" + db + "' --json");
    ASSERT_EQ(listed.status, 0) << listed.err;
    rows = jsonLines(listed.out);
    ASSERT_EQ(rows.size(), 2U);
  }
  void write(const std::string& name, const std::vector<std::string>& lines) const {
    std::ofstream out(dir + "/" + name);
    for (const auto& line : lines) out << line << '\n';
  }
  std::string dir, db;
  std::vector<json> rows;
};

}  // namespace

TEST_F(PlaytestImport, ImportedTwiceGivesTheSameTable) {
  write("attempts.jsonl", {attempt(rows[0], "ann", "2026-12-02T10:00:00Z", 95.5, "solved").dump(),
                           attempt(rows[1], "ann", "2026-12-02T10:05:00Z", 300, "gave up").dump(),
                           attempt(rows[0], "bob", "2026-12-02T10:01:00Z", 41, "solved").dump()});
  const std::string import = "catalog import-playtests '" + dir + "/attempts.jsonl' --db '" + db + "'";
  const auto first = runPiecework(import);
  ASSERT_EQ(first.status, 0) << first.err;
  const std::string table = playtestsTable(db);
  EXPECT_EQ(std::count(table.begin(), table.end(), '\n'), 3) << table;
  EXPECT_NE(table.find("|ann|2026-12-02T10:05:00Z|300.0|12|1|0|0"), std::string::npos) << table;
  const auto second = runPiecework(import);
  ASSERT_EQ(second.status, 0) << second.err;
  EXPECT_EQ(playtestsTable(db), table);
}

TEST_F(PlaytestImport, BadLinesAreNamedOneEachAndNothingIsStored) {
  const std::string good = attempt(rows[0], "ann", "2026-12-02T10:00:00Z", 95.5, "solved").dump();
  json unknown = attempt(rows[0], "ann", "2026-12-02T10:02:00Z", 60, "solved");
  unknown["challenge_id"] = 9999;
  json negative = attempt(rows[1], "bob", "2026-12-02T10:03:00Z", -4, "solved");
  write("bad.jsonl", {good, unknown.dump(), negative.dump(), "{\"puzzle\": \"iq-fit\", \"tester\""});
  const auto r = runPiecework("catalog import-playtests '" + dir + "/bad.jsonl' --db '" + db + "'");
  EXPECT_EQ(r.status, 2);
  std::vector<std::string> errors;
  std::istringstream in(r.err);
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) errors.push_back(line);
  // One line per bad line, then one saying that nothing was stored.
  ASSERT_EQ(errors.size(), 4U) << r.err;
  EXPECT_NE(errors[0].find("bad.jsonl:2"), std::string::npos) << errors[0];
  EXPECT_NE(errors[1].find("bad.jsonl:3"), std::string::npos) << errors[1];
  EXPECT_NE(errors[2].find("bad.jsonl:4"), std::string::npos) << errors[2];
  EXPECT_NE(errors[3].find("nothing was stored"), std::string::npos) << errors[3];
  // The good line is not stored either: a file is stored whole or not at all.
  EXPECT_EQ(playtestsTable(db), "");
  // And the catalog still works.
  EXPECT_EQ(runPiecework("catalog list --db '" + db + "'").status, 0);
}

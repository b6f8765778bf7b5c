// SPDX-License-Identifier: Apache-2.0
// catalog stats (issue 43, point 5; docs/catalog.md, "Stats"): per puzzle and level, the challenges stored,
// their pieces to place and score range, as a table, as JSON and as a chart. The expected figures are taken
// from the JSON lines `generate` printed while it stored the challenges, not from the catalog.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "support/json_lines.hpp"
#include "support/run.hpp"
#include "support/temp_dir_test.hpp"

namespace piecework {
namespace {

using nlohmann::json;
using test::jsonLines;
using test::quote;
using test::runPiecework;

struct Expected {
  int challenges = 0;
  std::map<int, int> toPlace;
  double lowest = 1e9, highest = -1e9;
};

// Generates into the catalog and notes what was printed, per puzzle and level.
void generateInto(const std::string& db, const std::string& args, std::map<std::string, Expected>& expected) {
  const auto r = runPiecework("generate " + args + " --json -q --db " + quote(db));
  ASSERT_EQ(r.status, 0) << r.err;
  for (const json& line : jsonLines(r.out)) {
    Expected& e = expected[line["puzzle"].get<std::string>() + " " + line["level"].get<std::string>()];
    ++e.challenges;
    ++e.toPlace[line["to_place"].get<int>()];
    e.lowest = std::min(e.lowest, line["score"].get<double>());
    e.highest = std::max(e.highest, line["score"].get<double>());
  }
}

TEST(CatalogStats, CountsPiecesAndScoresPerPuzzleAndLevel) {
  const std::string dir = test::tempDir();
  const std::string db = dir + "/c.sqlite";
  std::map<std::string, Expected> expected;
  generateInto(db, "iq-fit --level Starter --count 3 --seed 4", expected);
  generateInto(db, "iq-fit --level Expert --count 2 --seed 5", expected);
  generateInto(db, "iq-link --level Junior --count 2 --seed 6", expected);
  ASSERT_EQ(expected.size(), 3U);

  const auto r = runPiecework("catalog stats --json --db " + quote(db));
  ASSERT_EQ(r.status, 0) << r.err;
  const json stats = json::parse(r.out);
  EXPECT_EQ(stats["challenges"], 7);
  ASSERT_EQ(stats["puzzles"].size(), 2U);
  EXPECT_EQ(stats["puzzles"][0]["puzzle"], "iq-fit");
  EXPECT_EQ(stats["puzzles"][0]["challenges"], 5);
  EXPECT_EQ(stats["puzzles"][0]["linked"], false);
  EXPECT_EQ(stats["puzzles"][1]["puzzle"], "iq-link");
  EXPECT_EQ(stats["puzzles"][1]["linked"], true);
  int levels = 0;
  for (const json& puzzle : stats["puzzles"])
    for (const json& level : puzzle["levels"]) {
      ++levels;
      const std::string key = puzzle["puzzle"].get<std::string>() + " " + level["level"].get<std::string>();
      SCOPED_TRACE(key);
      ASSERT_TRUE(expected.contains(key));
      const Expected& e = expected.at(key);
      EXPECT_EQ(level["challenges"], e.challenges);
      std::map<int, int> toPlace;
      for (const json& n : level["to_place"]) toPlace[n["pieces"].get<int>()] = n["challenges"].get<int>();
      EXPECT_EQ(toPlace, e.toPlace);
      EXPECT_NEAR(level["lowest_score"].get<double>(), e.lowest, 1e-9);
      EXPECT_NEAR(level["highest_score"].get<double>(), e.highest, 1e-9);
    }
  EXPECT_EQ(levels, 3);

  const auto text = runPiecework("catalog stats --db " + quote(db) + " --puzzle iq-fit");
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_NE(text.out.find("iq-fit                   all               5"), std::string::npos) << text.out;
  EXPECT_EQ(text.out.find("iq-link"), std::string::npos) << "--puzzle filters";
}

TEST(CatalogStats, DrawsTheChart) {
  const std::string dir = test::tempDir();
  const std::string db = dir + "/c.sqlite";
  std::map<std::string, Expected> expected;
  generateInto(db, "iq-fit --level Junior --count 2 --seed 7", expected);
  const auto r = runPiecework("catalog stats --db " + quote(db) + " --out " + quote(dir + "/stats.svg"));
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("wrote " + dir + "/stats.svg"), std::string::npos) << r.out;
  const std::string svg = test::slurp(dir + "/stats.svg");
  EXPECT_NE(svg.find("<svg"), std::string::npos);
  EXPECT_NE(svg.find(">iq-fit<"), std::string::npos) << "the puzzle's name is text in the SVG";
  EXPECT_NE(svg.find(">Junior<"), std::string::npos);
  const auto png = runPiecework("catalog stats --db " + quote(db) + " --out " + quote(dir + "/stats.png"));
  ASSERT_EQ(png.status, 0) << png.err;
  EXPECT_EQ(test::slurp(dir + "/stats.png").substr(1, 3), "PNG");
  const auto wrong = runPiecework("catalog stats --db " + quote(db) + " --out " + quote(dir + "/stats.txt"));
  EXPECT_EQ(wrong.status, 2);
  EXPECT_TRUE(wrong.out.empty());
}

}  // namespace
}  // namespace piecework

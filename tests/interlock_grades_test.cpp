// SPDX-License-Identifier: Apache-2.0
// The grades of interlocking designs refitted on a designer's own (calibrate --interlocking, rate
// --disassemble --grades): small hand-graded sets whose best cuts are worked out by hand.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "rater/interlock_grade.hpp"
#include "support/interlocking_designs.hpp"
#include "support/run.hpp"

namespace piecework {
namespace {

using test::kHook;
using test::kLocked;
using test::runPiecework;

std::vector<GradedLevel> handSet() {
  // Starter 1, 2; Junior 4, 6; Expert 9, 11; Master 16, 18; Wizard 25. By hand: Junior starts above 2 and
  // at most at 4 (nearest the fixed 2: 3), Expert above 6 and at most 9 (nearest 5: 7), Master above 11 and
  // at most 16 (nearest 10: 12), Wizard above 18 and at most 25 (the fixed 20).
  return {{1, Level::Starter}, {2, Level::Starter}, {4, Level::Junior},
          {6, Level::Junior},  {9, Level::Expert},  {11, Level::Expert},
          {16, Level::Master}, {18, Level::Master}, {25, Level::Wizard}};
}

TEST(InterlockGrades, FitsTheObviousCuts) {
  EXPECT_EQ(fitInterlockGradeStarts(handSet()), (InterlockGradeStarts{1, 3, 7, 12, 20}));
}

TEST(InterlockGrades, TiesGoToTheFixedTable) {
  // Starter 1 and 5, Junior 3: every cut misgrades one of them, and the fixed table is among those.
  EXPECT_EQ(fitInterlockGradeStarts({{1, Level::Starter}, {5, Level::Starter}, {3, Level::Junior}}),
            kInterlockGradeStarts);
  // Nothing graded: the fixed table.
  EXPECT_EQ(fitInterlockGradeStarts({}), kInterlockGradeStarts);
  // A designer who calls 30 moves Master: Wizard starts past it, at 31.
  EXPECT_EQ(fitInterlockGradeStarts({{30, Level::Master}}), (InterlockGradeStarts{1, 2, 5, 10, 31}));
}

// Against a brute force over every table of starts up to 12 on small random sets: the fit misgrades as few,
// and is as near the fixed table as the best of those.
TEST(InterlockGrades, AsGoodAsEveryTable) {
  std::mt19937 random(7);
  for (int trial = 0; trial < 200; ++trial) {
    std::vector<GradedLevel> graded(random() % 7);
    for (GradedLevel& g : graded) g = {static_cast<int>(random() % 11), static_cast<Level>(random() % 5)};
    auto cost = [&](const InterlockGradeStarts& starts) {
      long long wrong = 0, distance = 0;
      for (const GradedLevel& g : graded) wrong += interlockGrade({g.moves}, starts) != g.level ? 1 : 0;
      for (std::size_t k = 1; k < 5; ++k) distance += std::abs(starts[k] - kInterlockGradeStarts[k]);
      return std::make_pair(wrong, distance);
    };
    std::pair<long long, long long> best{1000, 1000};
    for (int a = 1; a <= 12; ++a)
      for (int b = a; b <= 12; ++b)
        for (int c = b; c <= 12; ++c)
          for (int d = c; d <= 21; ++d) best = std::min(best, cost({1, a, b, c, d}));
    const InterlockGradeStarts fitted = fitInterlockGradeStarts(graded);
    EXPECT_EQ(cost(fitted), best) << "trial " << trial;
    EXPECT_TRUE(std::is_sorted(fitted.begin(), fitted.end()));
  }
}

TEST(InterlockGrades, LeaveOneOutByHand) {
  // Left out, 2 makes the Junior start the fixed 2 (Junior); 6 makes Expert start at 5 (Expert); 11 makes
  // Master start at 10 (Master). The other six keep their grades.
  const std::vector<Level> loo = leaveOneOutGrades(handSet());
  const std::vector<Level> expected{Level::Starter, Level::Junior, Level::Junior,
                                    Level::Expert,  Level::Expert, Level::Master,
                                    Level::Master,  Level::Master, Level::Wizard};
  EXPECT_EQ(loo, expected);
}

TEST(InterlockGrades, LevelTexts) {
  EXPECT_EQ(parseLevelText("26.8.2.6.2"), (std::vector<int>{26, 8, 2, 6, 2}));
  EXPECT_EQ(parseLevelText("0"), (std::vector<int>{0}));
  for (const char* bad : {"", ".", "9..6", "9.", ".9", "-1", "a.b", "1 .2", "12345678901"})
    EXPECT_FALSE(parseLevelText(bad)) << bad;
}

std::string folder() {
  const std::string dir = test::tempDir() + "/interlock-grades";
  std::filesystem::create_directories(dir + "/designs");
  std::ofstream(dir + "/designs/hook.toml") << kHook;
  std::ofstream(dir + "/designs/locked.toml") << kLocked;
  return dir;
}

std::string writeFile(const std::string& name, const std::string& text) {
  const std::string path = folder() + "/" + name;
  std::ofstream(path) << text;
  return path;
}

// The hand set, its 2 moves being the hook's (a design file, relative to the file's folder).
constexpr const char* kHandFile =
    R"({"design": "designs/hook.toml", "level": "Starter"}
{"disassembly_level": "1", "level": "Starter"}
{"disassembly_level": "4.2", "level": "Junior"}
{"disassembly_level": "6", "level": "Junior"}

{"disassembly_level": "9.1", "level": "Expert"}
{"disassembly_level": "11", "level": "Expert"}
{"disassembly_level": "16.3.2", "level": "Master"}
{"disassembly_level": "18", "level": "Master"}
{"disassembly_level": "25", "level": "Wizard"}
)";

TEST(InterlockGradesCli, RefitsAndRateUsesTheTable) {
  const std::string file = writeFile("graded.jsonl", kHandFile);
  const std::string table = folder() + "/grades.json";
  std::filesystem::remove(table);
  const auto r = runPiecework("calibrate --interlocking " + file + " --out " + table + " --json");
  ASSERT_EQ(r.status, 0) << r.err;
  const nlohmann::json json = nlohmann::json::parse(r.out);
  EXPECT_EQ(json["designs"], 9);
  EXPECT_EQ(json["starts"], nlohmann::json::array({1, 3, 7, 12, 20}));
  // Leave-one-out misses the hook (line 1), 6 (line 4) and 11 (line 7): 6 of 9 exact, all within one.
  EXPECT_DOUBLE_EQ(json["cross_validated"]["exact"].get<double>(), 6.0 / 9);
  EXPECT_DOUBLE_EQ(json["cross_validated"]["within_one"].get<double>(), 1.0);
  EXPECT_DOUBLE_EQ(json["in_sample"]["exact"].get<double>(), 1.0);
  // The fixed table calls 2 Junior, 6 Expert and 11 Master.
  EXPECT_DOUBLE_EQ(json["fixed"]["exact"].get<double>(), 6.0 / 9);
  EXPECT_EQ(json["leave_one_out"][0]["disassembly_level"], "2");
  EXPECT_EQ(json["leave_one_out"][0]["graded"], "Junior");
  EXPECT_EQ(json["leave_one_out"][5]["line"], 7);
  EXPECT_EQ(json["leave_one_out"][5]["graded"], "Master");

  const std::string hook = folder() + "/designs/hook.toml";
  const auto fixed = runPiecework("rate " + hook + " --disassemble --json");
  ASSERT_EQ(fixed.status, 0) << fixed.err;
  EXPECT_EQ(nlohmann::json::parse(fixed.out)["level"], "Junior");
  EXPECT_EQ(nlohmann::json::parse(fixed.out)["grades"], "fixed");
  const auto refit = runPiecework("rate " + hook + " --disassemble --grades " + table + " --json");
  ASSERT_EQ(refit.status, 0) << refit.err;
  const nlohmann::json rated = nlohmann::json::parse(refit.out);
  EXPECT_EQ(rated["level"], "Starter");
  EXPECT_EQ(rated["grades"], "fitted on graded.jsonl");
  EXPECT_EQ(rated["grade_starts"], nlohmann::json::array({1, 3, 7, 12, 20}));
  const auto text = runPiecework("rate " + hook + " --disassemble --grades " + table);
  EXPECT_NE(text.out.find("Starter: level 2"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("(grades: fitted on graded.jsonl)"), std::string::npos) << text.out;
}

TEST(InterlockGradesCli, BadLinesNameFileAndLineAndWriteNothing) {
  const std::string good = R"({"disassembly_level": "3", "level": "Junior"})"
                           "\n";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"not json", "not a JSON object"},
      {R"({"disassembly_level": "3"})", "no \"level\""},
      {R"({"disassembly_level": "3", "level": "Hard"})", "unknown level 'Hard'"},
      {R"({"level": "Expert"})", "give one of \"design\""},
      {R"({"design": "designs/hook.toml", "disassembly_level": "2", "level": "Expert"})", "give one of"},
      {R"({"disassembly_level": "9..6", "level": "Expert"})", "is not a level"},
      {R"({"disassembly_level": "-1", "level": "Expert"})", "is not a level"},
      {R"({"disassembly_level": 9, "level": "Expert"})", "is not a level"},
      {R"({"design": "designs/missing.toml", "level": "Expert"})", "designs/missing.toml"},
      {R"({"design": "designs/locked.toml", "level": "Expert"})", "comes apart"},
  };
  const std::string out = folder() + "/never.json";
  for (const auto& [line, message] : cases) {
    std::filesystem::remove(out);
    const std::string file = writeFile("bad.jsonl", good + line + "\n" + good);
    const auto r = runPiecework("calibrate --interlocking " + file + " --out " + out);
    EXPECT_EQ(r.status, 2) << line;
    EXPECT_NE(r.err.find(file + ":2: "), std::string::npos) << line << ": " << r.err;
    EXPECT_NE(r.err.find(message), std::string::npos) << line << ": " << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_FALSE(std::filesystem::exists(out)) << line;
  }
  const auto one = runPiecework("calibrate --interlocking " + writeFile("one.jsonl", good));
  EXPECT_EQ(one.status, 2);
  EXPECT_NE(one.err.find("needs 2 or more"), std::string::npos) << one.err;
  const std::string badTable =
      writeFile("bad-table.json", R"({"interlock_grades": "x", "starts": [1, 5, 2, 10, 20]})");
  const auto rate =
      runPiecework("rate " + folder() + "/designs/hook.toml --disassemble --grades " + badTable);
  EXPECT_EQ(rate.status, 2);
  EXPECT_NE(rate.err.find("must not decrease"), std::string::npos) << rate.err;
  const auto noDisassemble = runPiecework("rate " + folder() + "/designs/hook.toml --grades " + badTable);
  EXPECT_EQ(noDisassemble.status, 2);
  EXPECT_NE(noDisassemble.err.find("--grades applies only with --disassemble"), std::string::npos);
}

}  // namespace
}  // namespace piecework

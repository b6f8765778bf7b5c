// SPDX-License-Identifier: Apache-2.0
// The browser player in a real browser (issue 42): headless Chromium, driven over WebDriver by
// tests/browser/play_driver.py, plays a page of `piecework play` to the end by clicks and drags. Skipped
// where Chromium or its driver is not installed (.ci/install-deps installs both).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "puzzle/challenge.hpp"
#include "puzzle/definition.hpp"
#include "solver/solver.hpp"
#include "support/temp_dir_test.hpp"

namespace piecework::test {
namespace {

// Two pieces to place on the 6 x 10 pentomino board; its one solution was counted by hand from the
// picture (the U fills the right-hand gap, the L the left-hand one).
constexpr const char* kChallenge = "FYYYYNNN../FFFYTTTNN./.FPPPTVZ../.WPPXTVZZZ/.WWXXXVVVZ/..WWXIIIII";

bool installed(const char* path) {
  return std::filesystem::exists(path);
}

TEST(PlayBrowser, PlaysAChallengeToTheEndByClicksAndDrags) {
  if (!installed("/usr/bin/chromium") || !installed("/usr/bin/chromedriver") ||
      !installed("/usr/bin/python3"))
    GTEST_SKIP() << "chromium, chromium-driver or python3 is not installed (.ci/install-deps installs them)";
  const std::string dir = tempDir(), page = dir + "/play.html";
  const RunResult written =
      runPiecework("play pentominoes-6x10 --challenge " + quote(kChallenge) + " --out " + quote(page));
  ASSERT_EQ(written.status, 0) << written.err;
  const std::string html = slurp(page);
  // Self-contained: nothing fetched from anywhere.
  EXPECT_EQ(html.find("http://"), std::string::npos);
  EXPECT_EQ(html.find("https://"), std::string::npos);
  EXPECT_EQ(html.find(" src=\"", 0), std::string::npos);

  const Puzzle puzzle = loadPuzzle("pentominoes-6x10");
  const std::vector<int> givens = parseChallenge(puzzle, kChallenge);
  FindOptions find;
  find.max = 2;
  const FindResult found = findSolutions(puzzle, givens, find);
  ASSERT_EQ(found.solutions.size(), 1U);
  std::vector<int> toPlace;
  for (const int id : found.solutions.front())
    if (std::find(givens.begin(), givens.end(), id) == givens.end()) toPlace.push_back(id);
  ASSERT_EQ(toPlace.size(), 2U);  // the L and the U
  std::string args;
  for (const int id : toPlace) args += " " + std::to_string(id);
  const RunResult played = runShell(
      "/usr/bin/python3 " + quote(std::string(PIECEWORK_SOURCE_DIR) + "/tests/browser/play_driver.py") + " " +
      quote(page) + args + " 2>&1");
  ASSERT_EQ(played.status, 0) << played.out;
  const nlohmann::json seen = nlohmann::json::parse(played.out.substr(played.out.find('{')));
  // The wrong drop was refused and left the board as it was.
  EXPECT_EQ(seen["refused"], 1);
  EXPECT_EQ(seen["placed_after_refusal"], 0);
  EXPECT_NE(seen["message"].get<std::string>().find("does not fit"), std::string::npos);
  // Undo took the first piece back to the tray, redo put it down again.
  EXPECT_EQ(seen["placed_first"], 1);
  EXPECT_EQ(seen["placed_after_undo"], 0);
  EXPECT_TRUE(seen["tray_after_undo"].get<bool>());
  EXPECT_EQ(seen["placed_after_redo"], 1);
  // Solved, with the solver's placements on the board.
  EXPECT_EQ(seen["state"], "solved");
  std::vector<int> sortedToPlace = toPlace;
  std::sort(sortedToPlace.begin(), sortedToPlace.end());
  EXPECT_EQ(seen["placed"].get<std::vector<int>>(), sortedToPlace);
  // The exported attempt: one JSON line, as catalog import-playtests reads it.
  const std::vector<std::string> lines = nonEmptyLines(seen["attempts"].get<std::string>());
  ASSERT_EQ(lines.size(), 1U);
  const nlohmann::json attempt = nlohmann::json::parse(lines.front());
  EXPECT_EQ(attempt["puzzle"], "pentominoes-6x10");
  EXPECT_EQ(attempt["challenge"], kChallenge);
  EXPECT_TRUE(attempt["challenge_id"].is_null());
  EXPECT_EQ(attempt["tester"], "robot");
  EXPECT_EQ(attempt["outcome"], "solved");
  EXPECT_EQ(attempt["moves"], 3);  // two pieces put down and one redo
  EXPECT_EQ(attempt["undos"], 1);
  EXPECT_EQ(attempt["hints"], 0);
  EXPECT_GE(attempt["seconds"].get<double>(), 0);
}

}  // namespace
}  // namespace piecework::test

// SPDX-License-Identifier: Apache-2.0
// The binary runs and answers --help; a first guard that the test harness itself works.
#include <gtest/gtest.h>

#include <set>
#include <sstream>
#include <string>

#include "support/run.hpp"

using piecework::test::runPiecework;

TEST(Cli, HelpListsCommands) {
  const auto r = runPiecework("--help");
  EXPECT_EQ(r.status, 0);
  for (const char* command :
       {"puzzles", "show", "solve", "count", "rate", "generate", "catalog", "booklet", "sheet"})
    EXPECT_NE(r.out.find(command), std::string::npos) << command;
}

TEST(Cli, UnknownCommandIsExitTwo) {
  const auto r = runPiecework("frobnicate");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("unknown command 'frobnicate'"), std::string::npos);
}

// The table's columns fit every shipped puzzle: "N pieces," stands at one place on every row, the longest
// title (pentominoes-8x8-hole's) included.
TEST(Cli, PuzzlesTableKeepsItsColumns) {
  const auto r = runPiecework("puzzles");
  ASSERT_EQ(r.status, 0) << r.err;
  std::istringstream rows(r.out);
  std::set<std::size_t> columns;
  int count = 0;
  for (std::string row; std::getline(rows, row); ++count) columns.insert(row.find(" pieces,"));
  EXPECT_GE(count, 15);
  EXPECT_EQ(columns.size(), 1U) << r.out;
  EXPECT_NE(r.out.find("Pentominoes, 8 x 8 square without its central 2 x 2  12 pieces"), std::string::npos)
      << r.out;
}

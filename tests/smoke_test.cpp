// SPDX-License-Identifier: Apache-2.0
// The binary runs and answers --help; a first guard that the test harness itself works.
#include <gtest/gtest.h>

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

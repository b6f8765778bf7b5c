// SPDX-License-Identifier: Apache-2.0
// count FILE.dlx (issue 43, point 5): Knuth's dlx1 format read back, primary and secondary items apart at
// '|', and its exact covers counted. Expected counts: Knuth's own example (TAOCP 7.2.2.1, one cover), a
// problem with a secondary item counted by hand, and the Soma cube's 11,520 fillings (the figure published
// since Conway and Guy, and piecework's own count of the shipped puzzle, docs/puzzles.md).
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "support/run.hpp"

namespace piecework {
namespace {

using test::runPiecework;

std::string write(const std::string& dir, const std::string& name, const std::string& text) {
  const std::string path = dir + "/" + name;
  std::ofstream(path) << text;
  return path;
}

TEST(DlxCount, KnuthsExampleHasOneCover) {
  const std::string dir = test::tempDir();
  const std::string file =
      write(dir, "knuth.dlx", "| TAOCP 7.2.2.1, (5)\na b c d e f g\nc e\na d g\nb c f\na d f\nb g\nd e g\n");
  const auto r = runPiecework("count '" + file + "' --json");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\"solutions\":1,"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"primary_items\":7"), std::string::npos) << r.out;
}

TEST(DlxCount, SecondaryItemsAreCoveredAtMostOnce) {
  // a and b must be covered; x at most once. Covers: {a x, b}, {a, b x}, {a, b}; not {a x, b x}.
  const std::string dir = test::tempDir();
  const std::string file = write(dir, "secondary.dlx", "a b | x\na x\nb x\na\nb\n");
  const auto r = runPiecework("count '" + file + "'");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.rfind("3 solutions (exact covers of 2 primary and 1 secondary items by 4 options)\n", 0),
            0U)
      << r.out;
}

TEST(DlxCount, ConvertedSomaCountsItsElevenThousandFiveHundredTwenty) {
  const std::string dir = test::tempDir();
  ASSERT_EQ(runPiecework("convert soma '" + dir + "/x.dlx'").status, 0);
  const auto r = runPiecework("count '" + dir + "/x.dlx' --json");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\"solutions\":11520,"), std::string::npos) << r.out;
}

TEST(DlxCount, BadFilesAreOneLineNamingTheLine) {
  const std::string dir = test::tempDir();
  const std::pair<const char*, const char*> cases[] = {
      {"a b\na c\n", "bad.dlx:2: unknown item 'c'"},
      {"a a\n", "bad.dlx:1: item 'a' is named twice"},
      {"| only a comment\n", "no item line"},
      {"a | b\nb\n", "bad.dlx:2: the option has no primary item"},
      {"a b\na a\n", "bad.dlx:2: item 'a' twice in one option"},
      {"a | b\na b:red\n", "colour"},
      {" | b\n", "no primary item"},
  };
  for (const auto& [text, message] : cases) {
    const std::string file = write(dir, "bad.dlx", text);
    const auto r = runPiecework("count '" + file + "'");
    EXPECT_EQ(r.status, 2) << text;
    EXPECT_NE(r.err.find(message), std::string::npos) << text << ": " << r.err;
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;
  }
  const auto given = runPiecework("count '" + write(dir, "ok.dlx", "a\na\n") + "' --challenge x");
  EXPECT_EQ(given.status, 2);
  EXPECT_NE(given.err.find("--challenge applies to puzzles"), std::string::npos) << given.err;
}

}  // namespace
}  // namespace piecework

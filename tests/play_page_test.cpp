// SPDX-License-Identifier: Apache-2.0
// The play page's weight and self-containment (issue 42's acceptance): a 24-challenge set from a catalog
// weighs less than 2 MB and fetches nothing from a network or another file.
#include <gtest/gtest.h>

#include <string>

#include "support/run.hpp"
#include "support/temp_dir_test.hpp"

namespace piecework::test {
namespace {

// IQ-Link: the flat family with the most piece pictures (twelve pieces in up to twelve orientations each).
TEST(PlayPage, TwentyFourChallengesFromACatalogWeighLessThanTwoMegabytesAndFetchNothing) {
  const std::string dir = tempDir(), db = quote(dir + "/c.sqlite"), page = dir + "/play.html";
  for (const char* level : {"Starter", "Expert"}) {
    const RunResult generated = runPiecework(std::string("generate iq-link --level ") + level +
                                             " --count 12 --seed 5 --threads 1 -q --db " + db);
    ASSERT_EQ(generated.status, 0) << generated.err;
  }
  const RunResult written = runPiecework("play --db " + db + " --out " + quote(page) + " --json");
  ASSERT_EQ(written.status, 0) << written.err;
  EXPECT_NE(written.out.find("\"challenges\":24"), std::string::npos) << written.out;
  const std::string html = slurp(page);
  EXPECT_LT(html.size(), 2U * 1024 * 1024);
  // Nothing fetched: no web address, no src or href naming a file, no CSS url() but data.
  EXPECT_EQ(html.find("http://"), std::string::npos);
  EXPECT_EQ(html.find("https://"), std::string::npos);
  EXPECT_EQ(html.find("src=\""), std::string::npos);
  EXPECT_EQ(html.find("href=\""), std::string::npos);
  EXPECT_EQ(html.find("url("), std::string::npos);
  EXPECT_EQ(html.find("<link"), std::string::npos);
  EXPECT_EQ(html.find("import("), std::string::npos);
  EXPECT_EQ(html.find("fetch("), std::string::npos);
}

}  // namespace
}  // namespace piecework::test

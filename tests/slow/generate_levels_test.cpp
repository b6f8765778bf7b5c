// SPDX-License-Identifier: Apache-2.0
// A booklet's worth at every level of every shipped family with an official booklet, with default options
// (issue 27 point 4): `generate PUZZLE --level L --count 24` must finish (exit status 0, 24 challenges)
// without
// --max-attempts. Runs the real binary; about 30 s on 2 cores, so label "slow"
// (`ctest --preset release -L slow`).
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>

#include "support/run.hpp"

namespace piecework {
namespace {

using piecework::test::runPiecework;

int lineCount(const std::string& text) {
  int lines = 0;
  for (const char c : text) lines += c == '\n' ? 1 : 0;
  return lines;
}

class GenerateEveryLevel : public ::testing::TestWithParam<const char*> {};

TEST_P(GenerateEveryLevel, ReachesTwentyFourWithDefaults) {
  for (const char* level : {"Starter", "Junior", "Expert", "Master", "Wizard"}) {
    SCOPED_TRACE(level);
    const auto start = std::chrono::steady_clock::now();
    const auto r = runPiecework(std::string("generate ") + GetParam() + " --level " + level +
                                " --count 24 --seed 1 --json");
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(lineCount(r.out), 24) << r.err;
    std::printf("%s %s: %.1f s; %s", GetParam(), level,
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(),
                r.err.c_str());
  }
}

INSTANTIATE_TEST_SUITE_P(Families, GenerateEveryLevel,
                         ::testing::Values("iq-fit", "iq-focus", "iq-stars", "iq-link"),
                         [](const auto& info) {
                           std::string name = info.param;
                           name.erase(std::remove(name.begin(), name.end(), '-'), name.end());
                           return name;
                         });

}  // namespace
}  // namespace piecework

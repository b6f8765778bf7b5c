// SPDX-License-Identifier: Apache-2.0
// `count --progress`: plain lines for logs (forced to come at every update here with
// PIECEWORK_PROGRESS_SECONDS=0), in order and before the result; the terminal line cleared before the result;
// nothing when stderr is no terminal (auto) or with none; a bad mode is one line and exit status 2.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "support/run.hpp"

namespace piecework {
namespace {

// Runs piecework with stdout and stderr into one file, as a log would get them.
std::string runMerged(const std::string& environment, const std::string& args) {
  const std::string dir = test::tempDir();
  const std::string command =
      environment + " '" + PIECEWORK_BINARY + "' " + args + " </dev/null >'" + dir + "/log' 2>&1";
  const int raw = std::system(command.c_str());
  EXPECT_TRUE(raw != -1 && WIFEXITED(raw) && WEXITSTATUS(raw) == 0) << command;
  std::ifstream in(dir + "/log", std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  std::filesystem::remove_all(dir);
  return text.str();
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> result;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) result.push_back(line);
  return result;
}

TEST(Progress, PlainLinesComeInOrderBeforeTheResult) {
  const std::string log =
      runMerged("PIECEWORK_PROGRESS_SECONDS=0", "count pentominoes-6x10 --threads 2 --progress plain --json");
  const auto all = lines(log);
  ASSERT_GE(all.size(), 3U) << log;
  // The result is the last line, whole.
  const auto json = nlohmann::json::parse(all.back());
  EXPECT_EQ(json["solutions"], 9356);
  const std::regex line(
      R"(counting: (\d+\.\d)% \((\d+)/(\d+) parts\), (?:\d+ s|\d+ min \d\d s|\d+ h \d\d min|\d+ d \d\d h)(, about (?:\d+ s|\d+ min \d\d s|\d+ h \d\d min|\d+ d \d\d h) left)?)");
  std::size_t previous = 0, parts = 0;
  for (std::size_t i = 0; i + 1 < all.size(); ++i) {
    std::smatch m;
    ASSERT_TRUE(std::regex_match(all[i], m, line)) << "line " << i << ": " << all[i];
    const std::size_t done = std::stoul(m[2]);
    parts = std::stoul(m[3]);
    EXPECT_GT(done, previous) << all[i];
    EXPECT_LE(done, parts) << all[i];
    EXPECT_NEAR(std::stod(m[1]), 100.0 * static_cast<double>(done) / static_cast<double>(parts), 0.05);
    EXPECT_EQ(m[4].matched, done < parts) << all[i];  // time left while parts remain
    previous = done;
  }
  // With 2 threads the count has at least 128 parts, so many lines came.
  EXPECT_GE(parts, 128U);
  EXPECT_GE(all.size(), 20U);
}

TEST(Progress, TerminalLineIsClearedBeforeTheResult) {
  const auto r = test::runPiecework("count pentominoes-6x10 --threads 2 --progress tty --json");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(nlohmann::json::parse(r.out)["distinct"], 2339);
  // Lines rewritten in place (no newline), then erased: the last thing on stderr is "\r" + erase-line.
  ASSERT_NE(r.err.find("\rcounting: "), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find('\n'), std::string::npos);
  ASSERT_GE(r.err.size(), 4U);
  EXPECT_EQ(r.err.substr(r.err.size() - 4), "\r\x1b[K");
}

TEST(Progress, NothingWhenStderrIsNoTerminalOrWithNone) {
  for (const std::string mode : {"", " --progress auto", " --progress none"}) {
    const auto r = test::runPiecework("count pentominoes-6x10 --threads 2 --json" + mode);
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.err, "") << mode;
  }
}

TEST(Progress, ABadModeIsOneLineAndStatus2) {
  const auto r = test::runPiecework("count soma --progress sometimes");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "piecework: --progress sometimes: must be auto, tty, plain or none\n");
}

}  // namespace
}  // namespace piecework

namespace piecework {
namespace {

// Issue 44, F7 (issue 39, point 5): a count whose one part takes hours (10 x 10 dominoes: 258,584,046,368
// tilings, on one thread one part) says how far it is from the first second, with the share of the part
// under way and a time left, not only when a part finishes. The count is stopped after 4 seconds.
TEST(Progress, ALongPartShowsProgressFromTheFirstSecond) {
  const std::string dir = test::tempDir();
  std::ofstream(dir + "/dominoes.toml") << "name = \"dominoes-10x10\"\nlattice = \"square\"\nboard = \"\"\"\n"
                                        << std::string(10, '.') + "\n"
                                        << std::string(10, '.') + "\n"
                                        << std::string(10, '.') + "\n"
                                        << std::string(10, '.') + "\n"
                                        << std::string(10, '.') + "\n"
                                        << std::string(10, '.') + "\n"
                                        << std::string(10, '.') + "\n"
                                        << std::string(10, '.') + "\n"
                                        << std::string(10, '.') + "\n"
                                        << std::string(10, '.') + "\n"
                                        << "\"\"\"\n\n[[piece]]\nletter = \"D\"\nname = \"domino\"\n"
                                           "moves = \"turn-mirror\"\nshape = \"##\"\ncopies = 50\n";
  const auto r = test::runShell("PIECEWORK_PROGRESS_SECONDS=1 timeout 4 '" + std::string(PIECEWORK_BINARY) +
                                "' count '" + dir + "/dominoes.toml' --threads 1 --progress plain");
  std::filesystem::remove_all(dir);
  const std::regex line(R"(counting: (\d+\.\d+)% \(0/1 parts\), \d+ s(, about .+ left)?)");
  std::size_t shown = 0, withTimeLeft = 0;
  for (const auto& text : lines(r.out)) {
    std::smatch m;
    ASSERT_TRUE(std::regex_match(text, m, line)) << text << "\n" << r.out;
    ++shown;
    if (m[2].matched) ++withTimeLeft;
  }
  EXPECT_GE(shown, 1U) << r.out;
  EXPECT_GE(withTimeLeft, 1U) << r.out;
}

}  // namespace
}  // namespace piecework

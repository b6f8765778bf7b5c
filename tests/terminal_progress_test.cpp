// SPDX-License-Identifier: Apache-2.0
// Progress on a terminal: in order, cleared before the result, and shown from the first attempt of work
// bounded by a model file (issue 17, row 14; issue 31, item 6).
#include <gtest/gtest.h>

#include <pty.h>
#include <sys/wait.h>
#include <unistd.h>

#include <regex>
#include <string>
#include <vector>

#include "support/temp_dir_test.hpp"

namespace piecework {
namespace {

namespace fs = std::filesystem;
using namespace test;  // the shared helpers (support/temp_dir_test.hpp, support/run.hpp)

class TerminalProgress : public TempDirTest {};

// Everything a child wrote on the pseudo-terminal `master` until it closed the terminal; closes `master`.
std::string readUntilClosed(int master) {
  std::string screen;
  char buffer[4096];
  for (;;) {
    const ssize_t got = ::read(master, buffer, sizeof buffer);
    if (got <= 0) break;  // EIO once the child has closed the terminal
    screen.append(buffer, static_cast<std::size_t>(got));
  }
  ::close(master);
  return screen;
}

// Issue 17, row 14: on a terminal, count's progress came out of order and a stale line ran into the result.
TEST_F(TerminalProgress, CountProgressOnATerminalIsOrderedAndCleared) {
  int master = -1;
  const pid_t pid = ::forkpty(&master, nullptr, nullptr, nullptr);
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    ::execl(PIECEWORK_BINARY, PIECEWORK_BINARY, "count", "pentominoes-6x10", "--threads", "4", nullptr);
    ::_exit(127);
  }
  const std::string screen = readUntilClosed(master);
  int status = 0;
  ASSERT_EQ(::waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << screen;
  const std::regex counter(R"(counting: [\d.]+% \((\d+)/(\d+) parts\))");
  std::vector<long> seen;
  for (std::sregex_iterator it(screen.begin(), screen.end(), counter), end; it != end; ++it)
    seen.push_back(std::stol((*it)[1].str()));
  for (std::size_t i = 1; i < seen.size(); ++i) EXPECT_LT(seen[i - 1], seen[i]) << screen;
  EXPECT_FALSE(seen.empty()) << "no progress line on the terminal: " << screen;
  // 9356 solutions, 2339 distinct (pentominoes on 6 x 10: see docs and the Counts tests).
  const auto result = screen.find("9356 solutions");
  ASSERT_NE(result, std::string::npos) << screen;
  const std::string before = screen.substr(0, result);
  if (!seen.empty()) {
    const auto lastCounter = before.rfind("counting:");
    ASSERT_NE(lastCounter, std::string::npos) << "a counter after the result: " << screen;
    EXPECT_NE(before.find("\r\x1b[K", lastCounter), std::string::npos)
        << "the line was not cleared: " << screen;
    EXPECT_TRUE(before.ends_with("\r\x1b[K")) << screen;
  }
}

// Issue 31, item 6: work bounded by a model file shows progress and honours its documented limit. A model
// that grades every challenge far below Wizard makes `generate --level Wizard` search in vain: on a terminal
// it says how far it is from its first attempt, and it stops at --max-attempts with exit status 1.
TEST_F(TerminalProgress, GenerateWithAnAbsurdModelShowsProgressAndStopsAtItsAttempts) {
  spit(path("easy.json"), R"({"format":"piecework-rating-model","name":"easy","features":["to_place"],)"
                          R"("mean":[0],"scale":[1],"weights":[1],"cuts":[100,101,102,103]})");
  const std::string model = path("easy.json");
  int master = -1;
  const pid_t pid = ::forkpty(&master, nullptr, nullptr, nullptr);
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    ::execl(PIECEWORK_BINARY, PIECEWORK_BINARY, "generate", "iq-fit", "--level", "Wizard", "--count", "2",
            "--seed", "1", "--threads", "1", "--max-attempts", "12", "--model", model.c_str(), nullptr);
    ::_exit(127);
  }
  const std::string screen = readUntilClosed(master);
  int status = 0;
  ASSERT_EQ(::waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(WIFEXITED(status)) << screen;
  EXPECT_EQ(WEXITSTATUS(status), 1) << screen;
  EXPECT_TRUE(std::regex_search(screen, std::regex(R"(generating: 0/2 Wizard challenges, \d+ attempts, )"
                                                   R"(challenge 1: attempt \d+ of at most 12)")))
      << "no progress line on the terminal: " << screen;
  EXPECT_NE(screen.find("gave up on challenge 1 of 2 after 12 attempts: no new Wizard challenge found"),
            std::string::npos)
      << screen;
}

}  // namespace
}  // namespace piecework

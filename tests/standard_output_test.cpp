// SPDX-License-Identifier: Apache-2.0
// What standard output could not take is an I/O failure (exit status 1, one line on stderr), never a silent
// success with a truncated result (a full disk, a closed descriptor).
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <string>
#include <vector>

#include "support/temp_dir_test.hpp"

namespace piecework {
namespace {

using namespace test;  // the shared helpers (support/temp_dir_test.hpp, support/run.hpp)

int lineCount(const std::string& text) {
  return static_cast<int>(std::count(text.begin(), text.end(), '\n'));
}

// Runs `piecework ARGS` (shell text) with standard output on /dev/full, a device whose every write fails
// with ENOSPC (a full disk); what it printed on stderr is in `out`.
RunResult runToFullDevice(const std::string& args) {
  return runShell("{ '" + std::string(PIECEWORK_BINARY) + "' " + args + " >/dev/full </dev/null; }");
}

class StandardOutput : public TempDirTest {
 protected:
  void SetUp() override {
    TempDirTest::SetUp();
    if (::access("/dev/full", W_OK) != 0) GTEST_SKIP() << "no /dev/full here";
  }
};

TEST_F(StandardOutput, AFullDiskIsAnErrorForEveryCommand) {
  spit(path("in.jsonl"), std::string(R"({"puzzle":"iq-fit","challenge":")") + kFitUnique + "\"}\n");
  const std::string db = quote(path("c.sqlite"));
  ASSERT_EQ(runPiecework("catalog import " + quote(path("in.jsonl")) + " --db " + db).status, 0);
  const std::vector<std::string> commands = {
      "convert soma --to toml",  // a few hundred bytes: all of it still in the buffer when the command ends
      "puzzles",
      "puzzles --json",
      "show iq-fit",
      "solve iq-fit --challenge " + quote(kFitUnique),
      "generate iq-fit --level Starter --seed 1 --count 1 --quiet",
      "catalog list --db " + db,
      "catalog export --db " + db,
      "catalog export --db " + db + " --format csv",
      "--version",
      "--help",
      "solve --help",
  };
  for (const std::string& command : commands) {
    // The same command to a working standard output succeeds: the failure below is the device's.
    ASSERT_EQ(runPiecework(command).status, 0) << command;
    const RunResult r = runToFullDevice(command);
    EXPECT_EQ(r.status, 1) << command << ": " << r.out;
    EXPECT_EQ(lineCount(r.out), 1) << command << ": " << r.out;
    EXPECT_NE(r.out.find("piecework: cannot write standard output: No space left on device"),
              std::string::npos)
        << command << ": " << r.out;
  }
}

TEST_F(StandardOutput, ACommandThatFailsKeepsItsOwnStatusAndMessage) {
  const RunResult r = runToFullDevice("solve iq-fit --challenge 'x'");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_EQ(lineCount(r.out), 1) << r.out;
  EXPECT_EQ(r.out.find("standard output"), std::string::npos) << r.out;
}

TEST_F(StandardOutput, AClosedStandardOutputIsAnErrorToo) {
  const RunResult r = runShell("{ '" + std::string(PIECEWORK_BINARY) + "' puzzles >&-; }");
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_EQ(lineCount(r.out), 1) << r.out;
  EXPECT_NE(r.out.find("piecework: cannot write standard output: "), std::string::npos) << r.out;
}

}  // namespace
}  // namespace piecework

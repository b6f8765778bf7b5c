// SPDX-License-Identifier: Apache-2.0
// Runs the real piecework binary for command-line tests.
#pragma once

#include <string>

namespace piecework::test {

struct RunResult {
  int status = -1;  // exit status, or -1 if it did not exit normally (a crash)
  std::string out;
  std::string err;
};

// Runs `piecework ARGS` through /bin/sh (ARGS is shell text: quote it), optionally with stdin text.
RunResult runPiecework(const std::string& args, const std::string& stdinText = "");

// Runs a shell command (another program: pdfinfo, a script), its standard error merged into `out`.
RunResult runShell(const std::string& command);

// A fresh empty directory under the system temp dir, removed at process exit.
std::string tempDir();

}  // namespace piecework::test

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

// Writes `text` to a file `name` in a fresh temporary directory; returns its path.
std::string writeTempFile(const std::string& name, const std::string& text);

// Whether `text` contains `part`.
inline bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// `piecework count 'PATH' --json`'s output, expected to succeed (a failed expectation otherwise).
std::string countOutput(const std::string& path);

}  // namespace piecework::test

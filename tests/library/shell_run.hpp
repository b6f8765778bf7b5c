// SPDX-License-Identifier: Apache-2.0
// The library's tests compare what it gives with what the `piecework` command prints for the same input:
// running that command from a test.
#pragma once

#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <string>

namespace piecework::library_test {

// `text` as one word of a shell command.
inline std::string shellQuoted(const std::string& text) {
  std::string out = "'";
  for (const char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

struct ShellRun {
  int status = -1;
  std::string out;
};

// Runs a shell command line; its standard output and exit status.
inline ShellRun shellRun(const std::string& command) {
  ShellRun run;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return run;
  std::array<char, 4096> buffer{};
  std::size_t n = 0;
  while ((n = fread(buffer.data(), 1, buffer.size(), pipe)) > 0) run.out.append(buffer.data(), n);
  const int status = pclose(pipe);
  run.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return run;
}

// The `piecework` program built beside the library, its errors left out.
inline ShellRun pieceworkRun(const std::string& arguments) {
  return shellRun(shellQuoted(PIECEWORK_BINARY) + " " + arguments + " 2>/dev/null");
}

}  // namespace piecework::library_test

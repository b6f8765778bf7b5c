// SPDX-License-Identifier: Apache-2.0
#include "support/run.hpp"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <sstream>
#include <system_error>
#include <vector>

namespace piecework::test {

namespace {
std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}
}  // namespace

// Every directory tempDir() made, removed when the test program ends (a test killed half-way leaves its own).
class TempDirs {
 public:
  ~TempDirs() {
    std::error_code ignored;
    for (const std::string& dir : dirs_) std::filesystem::remove_all(dir, ignored);
  }
  void add(const std::string& dir) {
    const std::lock_guard lock(mutex_);
    dirs_.push_back(dir);
  }

 private:
  std::mutex mutex_;
  std::vector<std::string> dirs_;
};

std::string tempDir() {
  static TempDirs made;
  std::string pattern = (std::filesystem::temp_directory_path() / "piecework-test-XXXXXX").string();
  if (mkdtemp(pattern.data()) == nullptr) return {};
  made.add(pattern);
  return pattern;
}

RunResult runPiecework(const std::string& args, const std::string& stdinText) {
  const std::string dir = tempDir();
  const std::string in = dir + "/stdin", out = dir + "/stdout", err = dir + "/stderr";
  std::ofstream(in, std::ios::binary) << stdinText;
  const std::string command =
      std::string("'") + PIECEWORK_BINARY + "' " + args + " <'" + in + "' >'" + out + "' 2>'" + err + "'";
  const int raw = std::system(command.c_str());
  RunResult result;
  if (raw != -1 && WIFEXITED(raw)) result.status = WEXITSTATUS(raw);
  result.out = slurp(out);
  result.err = slurp(err);
  std::filesystem::remove_all(dir);
  return result;
}

RunResult runShell(const std::string& command) {
  RunResult r;
  std::FILE* pipe = popen((command + " 2>&1").c_str(), "r");
  if (pipe == nullptr) return r;
  char buffer[4096];
  std::size_t n = 0;
  while ((n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0) r.out.append(buffer, n);
  const int raw = pclose(pipe);
  if (raw != -1 && WIFEXITED(raw)) r.status = WEXITSTATUS(raw);
  return r;
}

}  // namespace piecework::test

namespace piecework::test {

std::string writeTempFile(const std::string& name, const std::string& text) {
  const std::string path = tempDir() + "/" + name;
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

std::string countOutput(const std::string& path) {
  const auto r = runPiecework("count '" + path + "' --json");
  EXPECT_EQ(r.status, 0) << r.err;
  return r.out;
}

}  // namespace piecework::test

#include "support/run.hpp"

#include <sys/wait.h>
#include <unistd.h>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace piecework::test {

namespace {
std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}
}  // namespace

std::string tempDir() {
  std::string pattern = (std::filesystem::temp_directory_path() / "piecework-test-XXXXXX").string();
  const char* made = mkdtemp(pattern.data());
  return made == nullptr ? std::string() : std::string(made);
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

}  // namespace piecework::test

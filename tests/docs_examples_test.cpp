// SPDX-License-Identifier: Apache-2.0
// The docs run (issue 30, point 7): every fenced block of README.md and docs/*.md marked as an example runs
// against the built program, and where the doc shows output, the output matches.
//
// Markers, each on the line before a fenced block (HTML comments, so nothing shows on the rendered page):
//   <!-- example -->               the block is a shell script; it must exit 0
//   <!-- example: exit N -->       ... and exit N
//   <!-- output -->                the previous example's standard output, line by line
//   <!-- example-file: NAME -->    the block is written to NAME, for the examples after it
// A block whose lines start with "$ " is a transcript: each command is followed by its output (standard
// output and error together). In shown output, trailing blanks do not count and a line "..." (indented or
// not) stands for any lines. The examples of one file run in order in one fresh directory holding a copy of
// data/ and examples/, with `piecework` on the PATH.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <optional>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "support/run.hpp"

namespace fs = std::filesystem;

namespace piecework {
namespace {

struct Block {
  int line = 0;  // of the opening fence, 1-based
  std::string marker;
  std::vector<std::string> lines;
};

std::string rightTrimmed(std::string s) {
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.pop_back();
  return s;
}

std::vector<std::string> linesOf(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(rightTrimmed(line));
  while (!lines.empty() && lines.back().empty()) lines.pop_back();
  return lines;
}

// Marked fenced blocks in order (an indented fence keeps its indentation out of the lines).
std::vector<Block> markedBlocks(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  const std::regex marker(R"(^\s*<!--\s*((example(-file)?|output)[^>]*?)\s*-->\s*$)");
  const std::regex fence(R"(^(\s*)```.*$)");
  std::vector<Block> blocks;
  for (std::size_t i = 0; i + 1 < lines.size(); ++i) {
    std::smatch m, f;
    if (!std::regex_match(lines[i], m, marker) || !std::regex_match(lines[i + 1], f, fence)) continue;
    Block block{static_cast<int>(i + 2), m[1].str(), {}};
    const std::size_t indent = f[1].str().size();
    std::size_t j = i + 2;
    for (; j < lines.size() && rightTrimmed(lines[j]).substr(std::min(indent, lines[j].size())) != "```"; ++j)
      block.lines.push_back(rightTrimmed(lines[j].size() >= indent ? lines[j].substr(indent) : ""));
    blocks.push_back(block);
    i = j;
  }
  return blocks;
}

// Shown output against the real one; "..." stands for any lines (none included).
bool matches(const std::vector<std::string>& shown, std::size_t s, const std::vector<std::string>& real,
             std::size_t r) {
  if (s == shown.size()) return r == real.size();
  if (shown[s].find_first_not_of(' ') != std::string::npos &&
      shown[s].substr(shown[s].find_first_not_of(' ')) == "...") {
    for (std::size_t k = r; k <= real.size(); ++k)
      if (matches(shown, s + 1, real, k)) return true;
    return false;
  }
  return r < real.size() && shown[s] == real[r] && matches(shown, s + 1, real, r + 1);
}

std::string joined(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& l : lines) out += l + "\n";
  return out;
}

std::string readFile(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

struct ExampleRun {
  int status = -1;
  std::string out;
  std::string err;
};

// Runs `script` with sh in `dir`, piecework on the PATH; `merged`: standard error into out.
ExampleRun runScript(const std::string& dir, const std::string& script, bool merged) {
  std::ofstream(dir + "/.example.sh") << script << "\n";
  const std::string bin = fs::path(PIECEWORK_BINARY).parent_path().string();
  const auto r = test::runShell(fmt::format(
      "cd '{}' && PATH='{}':\"$PATH\" NO_COLOR=1 sh -e .example.sh >.example.out 2>{}; echo \"status $?\"",
      dir, bin, merged ? "&1" : ".example.err"));
  ExampleRun run;
  run.out = readFile(dir + "/.example.out");
  run.err = merged ? std::string() : readFile(dir + "/.example.err");
  const auto at = r.out.rfind("status ");
  if (at != std::string::npos) run.status = std::stoi(r.out.substr(at + 7));
  return run;
}

int expectedStatus(const std::string& marker) {
  std::smatch m;
  if (std::regex_search(marker, m, std::regex(R"(exit (\d+))"))) return std::stoi(m[1].str());
  return 0;
}

std::vector<std::string> documents() {
  const fs::path source(PIECEWORK_SOURCE_DIR);
  std::vector<std::string> files{(source / "README.md").string()};
  std::vector<std::string> docs;
  for (const auto& entry : fs::directory_iterator(source / "docs"))
    if (entry.path().extension() == ".md") docs.push_back(entry.path().string());
  std::sort(docs.begin(), docs.end());
  files.insert(files.end(), docs.begin(), docs.end());
  return files;
}

TEST(DocsExamples, EveryMarkedExampleRunsAndShowsItsOutput) {
  int examples = 0;
  for (const std::string& file : documents()) {
    const std::vector<Block> blocks = markedBlocks(file);
    if (blocks.empty()) continue;
    const std::string dir = test::tempDir();
    for (const char* copied : {"data", "examples"})
      fs::copy(fs::path(PIECEWORK_SOURCE_DIR) / copied, fs::path(dir) / copied, fs::copy_options::recursive);
    std::optional<ExampleRun> last;  // the previous example, for an output block
    for (const Block& block : blocks) {
      const std::string where = fmt::format("{}:{}", fs::path(file).filename().string(), block.line);
      SCOPED_TRACE(where);
      if (block.marker.rfind("example-file:", 0) == 0) {
        const std::string name = rightTrimmed(block.marker.substr(13));
        std::ofstream(dir + "/" + name.substr(name.find_first_not_of(' '))) << joined(block.lines);
        continue;
      }
      if (block.marker == "output") {
        ASSERT_TRUE(last.has_value()) << where << ": output with no example before it";
        const auto real = linesOf(last->out);
        EXPECT_TRUE(matches(block.lines, 0, real, 0)) << where << ": shown\n"
                                                      << joined(block.lines) << "real\n"
                                                      << joined(real);
        last.reset();
        continue;
      }
      ++examples;
      const int status = expectedStatus(block.marker);
      const bool transcript = !block.lines.empty() && block.lines.front().rfind("$ ", 0) == 0;
      if (!transcript) {
        last = runScript(dir, joined(block.lines), false);
        EXPECT_EQ(last->status, status) << where << "\n" << joined(block.lines) << last->err;
        continue;
      }
      last.reset();
      for (std::size_t i = 0; i < block.lines.size();) {
        const std::string command = block.lines[i].substr(2);
        std::vector<std::string> shown;
        for (++i; i < block.lines.size() && block.lines[i].rfind("$ ", 0) != 0; ++i)
          shown.push_back(block.lines[i]);
        const ExampleRun run = runScript(dir, command, true);
        EXPECT_EQ(run.status, status) << where << ": " << command << "\n" << run.out;
        const auto real = linesOf(run.out);
        EXPECT_TRUE(matches(shown, 0, real, 0)) << where << ": " << command << "\nshown\n"
                                                << joined(shown) << "real\n"
                                                << joined(real);
      }
    }
  }
  EXPECT_GE(examples, 8);  // the docs keep their examples marked
}

}  // namespace
}  // namespace piecework

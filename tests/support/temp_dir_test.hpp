// SPDX-License-Identifier: Apache-2.0
// What the tests that run the binary on files of their own share: a fresh directory per test, files written
// and read whole, and the check for bad input (issue 17: one line on stderr naming what and where, exit
// status 2, nothing on stdout).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "support/run.hpp"

namespace piecework::test {

inline std::string quote(const std::string& text) {
  return "'" + text + "'";
}

inline void spit(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

inline std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The lines of `text` that are not empty (one JSON object per line, as `catalog list --json` prints them).
inline std::vector<std::string> nonEmptyLines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) lines.push_back(line);
  return lines;
}

// Every name in `dir`, sorted (hidden files included: temporary files start with a dot).
inline std::vector<std::string> filesIn(const std::string& dir) {
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(dir))
    names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

// Bad input: exit status 2, one line on stderr that mentions `mention`, nothing on stdout.
inline void expectBadInput(const RunResult& r, const std::string& mention) {
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_NE(r.err.find(mention), std::string::npos) << "wanted '" << mention << "' in: " << r.err;
  EXPECT_TRUE(r.out.empty()) << r.out;
}

// A test with a fresh directory of its own, removed afterwards.
class TempDirTest : public ::testing::Test {
 protected:
  void SetUp() override { dir_ = tempDir(); }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string path(const std::string& name) const { return dir_ + "/" + name; }
  std::string dir_;
};

// An IQ Fit challenge with exactly one solution (checked with `piecework solve`), and that solution.
inline constexpr const char* kFitSolution = "bbbbllpppp/byyyylpprr/gggyylnnnr/igssssnonr/iiissoooor";
inline constexpr const char* kFitUnique = "....llpppp/.yyyylpprr/...yylnnnr/i.ssssnonr/iiissoooor";
// `picture` with the cells of the pieces named in `letters` emptied.
inline std::string without(std::string picture, const std::string& letters) {
  for (char& ch : picture)
    if (letters.find(ch) != std::string::npos) ch = '.';
  return picture;
}
// A pentominoes challenge for the commands that write a page.
inline constexpr const char* kPentominoes =
    ".PP......./PPP......./........../........../........../..........";

}  // namespace piecework::test

// SPDX-License-Identifier: Apache-2.0
#include "support/lattice_checks.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>

#include "support/run.hpp"

namespace piecework::test {

namespace {

std::uint64_t matchings(const std::vector<std::vector<bool>>& touch, std::vector<bool>& used) {
  std::size_t first = 0;
  while (first < used.size() && used[first]) ++first;
  if (first == used.size()) return 1;
  used[first] = true;
  std::uint64_t ways = 0;
  for (std::size_t other = first + 1; other < used.size(); ++other)
    if (!used[other] && touch[first][other]) {
      used[other] = true;
      ways += matchings(touch, used);
      used[other] = false;
    }
  used[first] = false;
  return ways;
}

}  // namespace

std::uint64_t perfectMatchings(const std::vector<std::vector<bool>>& touch) {
  std::vector<bool> used(touch.size(), false);
  return matchings(touch, used);
}

void writeGzip(const std::string& path, const std::string& text) {
  std::ofstream(path + ".xml", std::ios::binary) << text;
  ASSERT_EQ(std::system(("gzip -c '" + path + ".xml' >'" + path + "'").c_str()), 0);
}

bool oneLine(const std::string& err) {
  return !err.empty() && err.find('\n') == err.size() - 1;
}

nlohmann::json countJson(const std::string& file) {
  const auto r = runPiecework("count '" + file + "' --json");
  EXPECT_EQ(r.status, 0) << r.err;
  return nlohmann::json::parse(r.out.empty() ? "{}" : r.out);
}

std::vector<std::string> convertThereAndBack(const std::string& toml, const std::string& stem) {
  const std::string written = stem + ".xmpuzzle";
  const std::string back = stem + "-back.toml";
  const auto there = runPiecework("convert '" + toml + "' '" + written + "'");
  EXPECT_EQ(there.status, 0) << there.err;
  const auto again = runPiecework("convert '" + written + "' '" + back + "'");
  EXPECT_EQ(again.status, 0) << again.err;
  return {written, back};
}

}  // namespace piecework::test

// SPDX-License-Identifier: Apache-2.0
#include "puzzle/dlx_read.hpp"

#include <fmt/format.h>
#include <map>
#include <sstream>

#include "puzzle/errors.hpp"
#include "puzzle/limits.hpp"

namespace piecework {
namespace {

std::vector<std::string> wordsOf(const std::string& line) {
  std::vector<std::string> words;
  std::istringstream in(line);
  for (std::string word; in >> word;) words.push_back(word);
  return words;
}

}  // namespace

bool isDlxPath(const std::string& path) {
  return path.size() > 4 && path.ends_with(".dlx");
}

DlxProblem parseDlx(const std::string& text, const std::string& file) {
  DlxProblem problem;
  std::map<std::string, int> index;
  std::istringstream lines(text);
  int lineNumber = 0;
  bool haveItems = false;
  for (std::string line; std::getline(lines, line);) {
    ++lineNumber;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const std::vector<std::string> words = wordsOf(line);
    if (words.empty() || line.front() == '|')
      continue;  // a blank line, or a comment ('|' first, as dlx1 has it)
    const std::string where = fmt::format("{}:{}", file, lineNumber);
    if (!haveItems) {
      bool secondary = false;
      for (const std::string& word : words) {
        if (word == "|") {
          if (secondary) throw InputError(fmt::format("{}: a second '|' in the item line", where));
          secondary = true;
          continue;
        }
        if (word.find_first_of("|:") != std::string::npos)
          throw InputError(fmt::format("{}: item name '{}' holds '|' or ':'", where, word));
        if (!index.emplace(word, static_cast<int>(problem.items.size())).second)
          throw InputError(fmt::format("{}: item '{}' is named twice", where, word));
        problem.items.push_back(word);
        if (problem.items.size() > kMaxDlxItems)
          throw InputError(fmt::format("{}: more than {} items", where, kMaxDlxItems));
        if (!secondary) ++problem.primary;
      }
      if (problem.primary == 0) throw InputError(fmt::format("{}: no primary item before '|'", where));
      haveItems = true;
      continue;
    }
    if (problem.options.size() >= kMaxDlxOptions)
      throw InputError(fmt::format("{}: more than {} options", where, kMaxDlxOptions));
    std::vector<int> option;
    bool anyPrimary = false;
    for (const std::string& word : words) {
      if (word.find(':') != std::string::npos)
        throw InputError(fmt::format("{}: '{}' has a colour (dlx2), which dlx1 files do not", where, word));
      const auto found = index.find(word);
      if (found == index.end()) throw InputError(fmt::format("{}: unknown item '{}'", where, word));
      for (const int earlier : option)
        if (earlier == found->second)
          throw InputError(fmt::format("{}: item '{}' twice in one option", where, word));
      option.push_back(found->second);
      anyPrimary |= static_cast<std::size_t>(found->second) < problem.primary;
    }
    if (!anyPrimary) throw InputError(fmt::format("{}: the option has no primary item", where));
    problem.options.push_back(std::move(option));
  }
  if (!haveItems)
    throw InputError(fmt::format("{}: no item line (dlx1: the items, then one option a line)", file));
  return problem;
}

}  // namespace piecework

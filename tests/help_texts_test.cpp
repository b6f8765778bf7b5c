// SPDX-License-Identifier: Apache-2.0
// The help texts against what the commands accept (issue 43, point 7): each command's usage line names every
// option its --help lists and no other; `piecework --help` lists every command; README's table of commands
// shows only options the command accepts. The options each command accepts are read from its own --help
// list (what Boost.Program_options parses), so a usage line written by hand cannot drift from it.
#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "support/run.hpp"

namespace piecework {
namespace {

using test::runPiecework;

std::set<std::string> optionNames(const std::string& text) {  // every --name in the text
  std::set<std::string> names;
  const std::regex option(R"(--([a-z][a-z0-9-]*))");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), option); it != std::sregex_iterator(); ++it)
    names.insert((*it)[1].str());
  return names;
}

struct Help {
  std::string usage;               // from "usage: " to the first blank line
  std::set<std::string> accepted;  // the options listed (Boost's "  --name" or "  -x [ --name ]" lines)
};

Help helpOf(const std::string& command) {
  const auto r = runPiecework(command + " --help");
  EXPECT_EQ(r.status, 0) << command << ": " << r.err;
  Help help;
  const auto start = r.out.find("usage: "), end = r.out.find("\n\n");
  EXPECT_EQ(start, 0U) << command << ": " << r.out;
  if (start != 0U || end == std::string::npos) return help;
  help.usage = r.out.substr(7, end - 7);
  std::istringstream rest(r.out.substr(end));
  const std::regex listed(R"(^  (?:-[a-zA-Z] \[ )?--([a-z][a-z0-9-]*))");
  for (std::string line; std::getline(rest, line);)
    if (std::smatch m; std::regex_search(line, m, listed)) help.accepted.insert(m[1].str());
  help.accepted.erase("help");
  return help;
}

std::vector<std::string> commandNames() {
  const auto r = runPiecework("--help");
  EXPECT_EQ(r.status, 0);
  std::vector<std::string> names;
  std::istringstream in(r.out);
  const std::regex row(R"(^  ([a-z]+) +\S)");
  for (std::string line; std::getline(in, line);)
    if (std::smatch m; std::regex_search(line, m, row)) names.push_back(m[1].str());
  return names;
}

TEST(HelpTexts, EveryUsageLineNamesExactlyTheOptionsItsCommandAccepts) {
  std::vector<std::string> commands;
  for (const std::string& name : commandNames())
    if (name != "catalog") commands.push_back(name);
  ASSERT_GE(commands.size(), 12U);
  for (const char* sub : {"list", "show", "import", "export", "rate", "check", "stats", "add-design"})
    commands.push_back(std::string("catalog ") + sub);
  commands.push_back("calibrate --interlocking");
  for (const std::string& command : commands) {
    SCOPED_TRACE(command);
    const Help help = helpOf(command);
    ASSERT_FALSE(help.usage.empty());
    const std::set<std::string> shown = optionNames(help.usage);
    for (const std::string& option : help.accepted)
      EXPECT_TRUE(shown.count(option) != 0U) << "--" << option << " is missing from: " << help.usage;
    for (const std::string& option : shown)
      EXPECT_TRUE(help.accepted.count(option) != 0U) << "--" << option << " is not an option of " << command;
  }
}

// Every `piecework COMMAND ...` cell of README's table of commands names only options the command accepts.
TEST(HelpTexts, ReadmeCommandsTableShowsOnlyAcceptedOptions) {
  std::ifstream in(std::string(PIECEWORK_SOURCE_DIR) + "/README.md");
  const std::regex cell(R"(`piecework ([a-z]+)( [^`]*)?`)");
  int rows = 0;
  for (std::string line; std::getline(in, line);) {
    if (!line.starts_with("| `piecework ")) continue;
    ++rows;
    const std::string first = line.substr(0, line.find(" | "));  // the command column
    for (auto it = std::sregex_iterator(first.begin(), first.end(), cell); it != std::sregex_iterator();
         ++it) {
      const std::string command = (*it)[1].str();
      if (command == "catalog") continue;  // its subcommands' options are shown per subcommand in its --help
      const Help help = helpOf(command);
      for (const std::string& option : optionNames((*it)[2].str()))
        EXPECT_TRUE(help.accepted.count(option) != 0U) << "README: --" << option << " for " << command;
    }
  }
  EXPECT_GE(rows, 12);
}

}  // namespace
}  // namespace piecework

// SPDX-License-Identifier: Apache-2.0
// A booklet a print shop accepts (issue 43, point 1): "How to play" for every puzzle, flowing onto pages of
// their own; --order; blank pages to a multiple (--pad); the imprint's copyright, publisher, rights and
// address; the font read from its file, so that fontconfig's view of the machine changes nothing, and a
// character it has no glyph for refused in one line. Checked from outside with poppler on the PDFs.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "output/booklet.hpp"
#include "puzzle/definition.hpp"
#include "puzzle/errors.hpp"
#include "solver/solver.hpp"
#include "support/run.hpp"
#include "support/temp_dir_test.hpp"

namespace fs = std::filesystem;

namespace piecework {
namespace {

using test::runPiecework;
using test::runShell;
using test::slurp;

bool havePoppler() {
  return runShell("command -v pdfinfo && command -v pdftotext").status == 0;
}

int pdfPages(const std::string& pdf) {
  const auto r = runShell(fmt::format("pdfinfo '{}' | sed -n 's/^Pages: *//p'", pdf));
  return r.status == 0 && !r.out.empty() ? std::stoi(r.out) : -1;
}

std::string pdfText(const std::string& pdf, int first = 0, int last = 0) {
  const std::string range = first > 0 ? fmt::format("-f {} -l {} ", first, last) : "";
  return runShell(fmt::format("pdftotext -layout {}'{}' -", range, pdf)).out;
}

int occurrences(const std::string& text, const std::string& what) {
  int n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

const Puzzle& shipped(const std::string& name) {
  static std::vector<std::unique_ptr<Puzzle>> loaded;
  for (const auto& p : loaded)
    if (p->name == name) return *p;
  loaded.push_back(std::make_unique<Puzzle>(loadPuzzle(name)));
  return *loaded.back();
}

// One entry per level for each puzzle: a solution of the empty board (seeded per level), half of it given.
std::vector<BookletEntry> everyLevelOf(const std::vector<std::string>& names) {
  std::vector<BookletEntry> entries;
  std::int64_t id = 1;
  for (const std::string& name : names) {
    const Puzzle& puzzle = shipped(name);
    for (int level = 0; level <= static_cast<int>(Level::Wizard); ++level) {
      FindOptions find;
      find.rules.familyRule = puzzle.hasFamilyRule;
      find.seed = 50 + static_cast<std::uint64_t>(level);
      const FindResult found = findSolutions(puzzle, {}, find);
      EXPECT_FALSE(found.solutions.empty()) << name;
      if (found.solutions.empty()) continue;
      BookletEntry e;
      e.puzzle = &puzzle;
      e.solution = found.solutions.front();
      e.givens.assign(e.solution.begin(), e.solution.begin() + static_cast<long>(e.solution.size() / 2));
      e.level = static_cast<Level>(level);
      e.id = id++;
      entries.push_back(std::move(e));
    }
  }
  return entries;
}

const std::vector<std::string> kSixPuzzles = {"iq-link", "iq-fit",           "iq-blocks",
                                              "soma",    "pentominoes-6x10", "pentominoes-5x12"};

TEST(BookletRules, SixPuzzlesAtFiveLevelsEachGetHowToPlay) {
  if (!havePoppler()) GTEST_SKIP() << "poppler-utils not installed";
  const std::vector<BookletEntry> entries = everyLevelOf(kSixPuzzles);
  ASSERT_EQ(entries.size(), 30U);
  const std::string dir = test::tempDir();
  for (const char* paper : {"a4", "a5"}) {
    SCOPED_TRACE(paper);
    BookletOptions options;
    options.page = paperOption(paper);
    const std::string pdf = fmt::format("{}/{}.pdf", dir, paper);
    const BookletResult written = writeBooklet(pdf, entries, options);
    EXPECT_EQ(pdfPages(pdf), written.pages);
    const std::string text = pdfText(pdf);
    EXPECT_EQ(occurrences(text, "How to play"), 6) << text.substr(0, 4000);
    for (const std::string& name : kSixPuzzles)
      EXPECT_NE(text.find("How to play " + shipped(name).title), std::string::npos) << name;
    // 30 groups of contents leave no room for six puzzles' rules under them: they go on over a page.
    EXPECT_GE(written.rulesPages, 1);
    // The challenges start after the rules: the first challenge page's header names the first puzzle.
    const int first = written.frontPages + 1;
    EXPECT_EQ(pdfText(pdf, first - 1, first - 1).find("no. 1"), std::string::npos);
    EXPECT_NE(pdfText(pdf, first, first).find("no. 1"), std::string::npos);
  }
}

TEST(BookletRules, OnePuzzleKeepsItsRulesOnTheTitlePage) {
  if (!havePoppler()) GTEST_SKIP() << "poppler-utils not installed";
  const std::vector<BookletEntry> entries = everyLevelOf({"iq-fit"});
  const std::string pdf = test::tempDir() + "/fit.pdf";
  const BookletResult written = writeBooklet(pdf, entries, {});
  EXPECT_EQ(written.rulesPages, 0);
  EXPECT_EQ(written.frontPages, 1);
  EXPECT_EQ(occurrences(pdfText(pdf, 1, 1), "How to play"), 1);
}

// The group order per --order, against lists written out by hand.
TEST(BookletOrder, ByPuzzleByLevelAsGeneratedOrAList) {
  const Puzzle& fit = shipped("iq-fit");
  const Puzzle& link = shipped("iq-link");
  std::vector<BookletEntry> entries;
  // Stored (ids 1..5): iq-link Expert, iq-fit Starter, iq-link Starter, iq-fit Expert, iq-link Expert.
  const std::vector<std::pair<const Puzzle*, Level>> stored = {{&link, Level::Expert},
                                                               {&fit, Level::Starter},
                                                               {&link, Level::Starter},
                                                               {&fit, Level::Expert},
                                                               {&link, Level::Expert}};
  for (std::size_t i = 0; i < stored.size(); ++i) {
    BookletEntry e;
    e.puzzle = stored[i].first;
    e.level = stored[i].second;
    e.id = static_cast<std::int64_t>(i) + 1;
    entries.push_back(e);
  }
  // The catalog hands them over by level (as `catalog list` does): ids 2, 3, 1, 4, 5.
  std::vector<BookletEntry> given = {entries[1], entries[2], entries[0], entries[3], entries[4]};
  const auto ids = [&](const BookletOrder& order) {
    std::vector<std::int64_t> out;
    for (std::size_t i : bookletOrder(given, order)) out.push_back(given[i].id);
    return out;
  };
  EXPECT_EQ(ids(parseBookletOrder("puzzle")), (std::vector<std::int64_t>{2, 4, 3, 1, 5}));
  EXPECT_EQ(ids(parseBookletOrder("level")), (std::vector<std::int64_t>{2, 3, 4, 1, 5}));
  EXPECT_EQ(ids(parseBookletOrder("generated")), (std::vector<std::int64_t>{1, 2, 3, 4, 5}));
  EXPECT_EQ(ids(parseBookletOrder("iq-link,iq-fit")), (std::vector<std::int64_t>{3, 1, 5, 2, 4}));
  EXPECT_THROW(bookletOrder(given, parseBookletOrder("iq-link")), InputError);              // iq-fit left out
  EXPECT_THROW(bookletOrder(given, parseBookletOrder("iq-link,iq-fit,soma")), InputError);  // no soma
  EXPECT_THROW(parseBookletOrder("iq-link,,iq-fit"), InputError);
  EXPECT_THROW(parseBookletOrder("iq-fit,iq-fit"), InputError);
}

// A catalog of two IQ Fit challenges at each of two levels, made once.
const std::string& catalog() {
  static const std::string path = [] {
    const std::string dir = test::tempDir();
    for (const char* level : {"Starter", "Junior"}) {
      const auto made = runPiecework(fmt::format(
          "generate iq-fit --level {} --count 2 --seed 3 --quiet --db '{}/c.sqlite' >/dev/null", level, dir));
      EXPECT_EQ(made.status, 0) << made.err;
    }
    return dir + "/c.sqlite";
  }();
  return path;
}

TEST(BookletPad, BlankPagesToAMultipleOfN) {
  if (!havePoppler()) GTEST_SKIP() << "poppler-utils not installed";
  const std::string dir = test::tempDir();
  ASSERT_EQ(runPiecework(fmt::format("booklet --db '{}' --out '{}/plain.pdf'", catalog(), dir)).status, 0);
  const int plain = pdfPages(dir + "/plain.pdf");
  ASSERT_GT(plain, 0);
  for (const int n : {2, 3, 4, 8}) {
    SCOPED_TRACE(n);
    const auto r =
        runPiecework(fmt::format("booklet --db '{}' --pad {} --json --out '{}/pad.pdf'", catalog(), n, dir));
    ASSERT_EQ(r.status, 0) << r.err;
    const int padded = pdfPages(dir + "/pad.pdf");
    EXPECT_EQ(padded % n, 0);
    EXPECT_EQ(padded, (plain + n - 1) / n * n);
    EXPECT_NE(r.out.find(fmt::format("\"blank_pages\":{}", padded - plain)), std::string::npos) << r.out;
    // The blank pages are white: no text on the last one unless nothing was added.
    if (padded > plain) {
      EXPECT_EQ(pdfText(dir + "/pad.pdf", padded, padded).find_first_not_of(" \n\f"), std::string::npos);
    }
  }
  for (const char* bad : {"0", "65", "-4", "x"}) {
    const auto r =
        runPiecework(fmt::format("booklet --db '{}' --pad {} --out '{}/bad.pdf'", catalog(), bad, dir));
    EXPECT_EQ(r.status, 2) << bad;
    EXPECT_NE(r.err.find("--pad"), std::string::npos) << r.err;
  }
  EXPECT_FALSE(fs::exists(dir + "/bad.pdf"));
}

TEST(BookletImprint, CopyrightPublisherRightsAndAddressArePrinted) {
  if (!havePoppler()) GTEST_SKIP() << "poppler-utils not installed";
  const std::string dir = test::tempDir();
  std::ofstream(dir + "/imprint.toml")
      << "title = \"Fits\"\ncopyright = \"\xc2\xa9 2026 Ann Author\"\npublisher = \"Small Press Ltd\"\n"
         "rights = \"All rights reserved. No part of this booklet may be copied without the publisher's "
         "written consent, except for a page a reader photocopies to solve.\"\n"
         "address = \"1 High Street/Townsville\\nTS1 2AB\"\n";
  const auto r = runPiecework(
      fmt::format("booklet --db '{}' --imprint '{}/imprint.toml' --out '{}/b.pdf'", catalog(), dir, dir));
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string imprint = pdfText(dir + "/b.pdf", 2, 2);
  for (const char* wanted : {"\xc2\xa9 2026 Ann Author", "Small Press Ltd", "All rights reserved.",
                             "1 High Street", "Townsville", "TS1 2AB", "photocopies to solve."})
    EXPECT_NE(imprint.find(wanted), std::string::npos) << wanted << " in " << imprint;
  std::ofstream(dir + "/typo.toml") << "copyrigth = \"x\"\n";
  const auto typo = runPiecework(
      fmt::format("booklet --db '{}' --imprint '{}/typo.toml' --out '{}/t.pdf'", catalog(), dir, dir));
  EXPECT_EQ(typo.status, 2);
  EXPECT_NE(typo.err.find("typo.toml:1: unknown key 'copyrigth'"), std::string::npos) << typo.err;
}

// With fontconfig seeing no font at all (an empty configuration), the booklet is the same, byte for byte:
// the font is read from its file.
TEST(BookletFont, SameBytesWhenFontconfigSeesNoFont) {
  const std::string dir = test::tempDir();
  std::ofstream(dir + "/empty.conf") << "<?xml version=\"1.0\"?>\n<fontconfig></fontconfig>\n";
  const auto shown =
      runShell(fmt::format("FONTCONFIG_FILE='{}/empty.conf' fc-list 2>/dev/null | wc -l", dir));
  const std::string booklet = fmt::format("booklet --db '{}' --cover --title 'Fits' --out ", catalog());
  ASSERT_EQ(runPiecework(booklet + "'" + dir + "/usual.pdf'").status, 0);
  const auto r = runShell(fmt::format("FONTCONFIG_FILE='{}/empty.conf' {} {}'{}/hidden.pdf'", dir,
                                      PIECEWORK_BINARY, booklet, dir));
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(slurp(dir + "/usual.pdf"), slurp(dir + "/hidden.pdf"))
      << "fc-list with the empty config: " << shown.out;
}

TEST(BookletFont, ACharacterTheFontLacksIsOneLineNamingIt) {
  const std::string dir = test::tempDir();
  const auto r = runPiecework(fmt::format(
      "booklet --db '{}' --title '\xe4\xb8\xad\xe6\x96\x87 puzzles' --out '{}/cjk.pdf'", catalog(), dir));
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find("no glyph for U+4E2D"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;
  EXPECT_FALSE(fs::exists(dir + "/cjk.pdf"));
}

}  // namespace
}  // namespace piecework

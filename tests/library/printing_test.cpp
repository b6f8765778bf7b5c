// SPDX-License-Identifier: Apache-2.0
// The library's catalog, booklet and sheet against the command line's own: a catalog made through the
// library is what `piecework catalog list` lists and `catalog check` accepts; a booklet has the pages and
// text (pdfinfo, pdftotext) of `piecework booklet`'s for the same catalog; a sheet's SVG is byte for byte
// `piecework sheet`'s.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>
#include <piecework/piecework.hpp>

#include "shell_run.hpp"

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace pw = piecework::api;
namespace fs = std::filesystem;

namespace {

using piecework::library_test::pieceworkRun;
using piecework::library_test::shellQuoted;
using piecework::library_test::ShellRun;
using piecework::library_test::shellRun;

// A fresh directory for one test.
fs::path printingTestDir(const std::string& name) {
  const fs::path dir =
      fs::path(testing::TempDir()) / ("piecework-printing-" + name + "-" + std::to_string(getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

std::string bytesOf(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

// pdfinfo's page count of a PDF (poppler: an implementation of its own).
int pdfPages(const fs::path& pdf) {
  const ShellRun info = shellRun("pdfinfo " + shellQuoted(pdf.string()));
  const auto at = info.out.find("Pages:");
  return at == std::string::npos ? -1 : std::stoi(info.out.substr(at + 6));
}

std::string pdfText(const fs::path& pdf) {
  return shellRun("pdftotext -layout " + shellQuoted(pdf.string()) + " -").out;
}

// A catalog of a few IQ Fit challenges at two levels, made through the library; the texts stored.
std::set<std::string> fillCatalog(pw::Catalog& catalog, const pw::Puzzle& fit) {
  std::set<std::string> added;
  for (const pw::Level level : {pw::Level::Starter, pw::Level::Junior})
    for (const pw::Generated& g : pw::generate(fit, level, 2, 11))
      if (catalog.add(fit, g)) added.insert(fit.format(g.challenge));
  return added;
}

}  // namespace

TEST(LibraryCatalog, ListsWhatWasAddedAndTheCommandChecksIt) {
  const fs::path dir = printingTestDir("catalog");
  const std::string file = (dir / "fit.sqlite").string();
  const pw::Puzzle fit = pw::Puzzle::load("iq-fit");
  pw::Catalog catalog(file);  // created
  ASSERT_TRUE(fs::exists(file));
  const std::vector<pw::Generated> junior = pw::generate(fit, pw::Level::Junior, 3, 5);
  std::set<std::string> added;
  for (const pw::Generated& g : junior)
    if (catalog.add(fit, g)) added.insert(fit.format(g.challenge));
  ASSERT_FALSE(added.empty());
  for (const pw::Generated& g : junior) EXPECT_FALSE(catalog.add(fit, g));  // held already

  const std::vector<pw::CatalogChallenge> rows = catalog.challenges();
  std::set<std::string> listed;
  for (const pw::CatalogChallenge& row : rows) {
    listed.insert(row.challenge);
    EXPECT_EQ(row.puzzle, "iq-fit");
    EXPECT_EQ(row.given + row.toPlace, fit.pieceCount());
    EXPECT_NE(row.seed, 0U);
  }
  EXPECT_EQ(listed, added);

  // The command line reads the same file: its list holds the same challenges, and its full check (every row
  // solved again) accepts it.
  const ShellRun list = pieceworkRun("catalog list --json --db " + shellQuoted(file));
  ASSERT_EQ(list.status, 0);
  for (const std::string& text : added)
    EXPECT_NE(list.out.find("\"" + text + "\""), std::string::npos) << text;
  const ShellRun check = pieceworkRun("catalog check --db " + shellQuoted(file));
  EXPECT_EQ(check.status, 0) << check.out;
  EXPECT_NE(check.out.find("checked " + std::to_string(added.size()) + " challenges"), std::string::npos)
      << check.out;

  // Queries by puzzle and level.
  pw::CatalogQuery other;
  other.puzzles = {"soma"};
  EXPECT_TRUE(catalog.challenges(other).empty());
  pw::CatalogQuery wizard;
  wizard.levels = {pw::Level::Wizard};
  EXPECT_TRUE(catalog.challenges(wizard).empty());
  pw::CatalogQuery byLevel;
  byLevel.puzzles = {"iq-fit"};
  for (const pw::CatalogChallenge& row : rows) byLevel.levels.push_back(row.level);
  EXPECT_EQ(catalog.challenges(byLevel).size(), rows.size());
}

TEST(LibraryCatalog, AdmitsOnlyChallengesWithOneSolutionAndOnlyCatalogs) {
  const fs::path dir = printingTestDir("admission");
  pw::Catalog catalog((dir / "c.sqlite").string());
  // Two straight trominoes on a 2 x 3 board: two solutions with nothing given.
  const pw::Puzzle tiny = pw::Puzzle::fromToml(
      "name = \"tiny\"\nlattice = \"square\"\nboard = \"\"\"\n...\n...\n\"\"\"\n\n[[piece]]\nletter = \"a\"\n"
      "shape = \"###\"\n\n[[piece]]\nletter = \"b\"\nshape = \"#/#/#\"\n",
      "tiny.toml");
  try {
    catalog.add(tiny, pw::Generated{});
    ADD_FAILURE() << "a challenge with two solutions was stored";
  } catch (const pw::Error& e) {
    EXPECT_NE(std::string(e.what()).find("several solutions"), std::string::npos) << e.what();
  }
  EXPECT_TRUE(catalog.challenges().empty());
  const std::string notCatalog = (dir / "notes.txt").string();
  std::ofstream(notCatalog) << "not a catalog\n";
  EXPECT_THROW(pw::Catalog{notCatalog}, pw::Error);
  EXPECT_EQ(bytesOf(notCatalog), "not a catalog\n");  // left untouched
}

TEST(LibraryBooklet, HasTheCommandsPagesAndText) {
  const fs::path dir = printingTestDir("booklet");
  const std::string file = (dir / "fit.sqlite").string(), copy = (dir / "copy.sqlite").string();
  const pw::Puzzle fit = pw::Puzzle::load("iq-fit");
  std::set<std::string> added;
  {
    pw::Catalog filled(file);
    added = fillCatalog(filled, fit);
  }  // (closed, so that the file holds every row, not its write-ahead log)
  ASSERT_GE(added.size(), 2U);
  fs::copy_file(file, copy);  // (each booklet is recorded in its catalog: the command gets the same rows)
  pw::Catalog catalog(file);

  pw::BookletOptions options;
  options.title = "Library booklet";
  options.perPage = 2;
  options.cover = true;
  const pw::BookletReport report = pw::writeBooklet(catalog, (dir / "library.pdf").string(), options);
  const ShellRun command = pieceworkRun("booklet --db " + shellQuoted(copy) + " --out " +
                                        shellQuoted((dir / "command.pdf").string()) +
                                        " --title 'Library booklet' --per-page 2 --cover");
  ASSERT_EQ(command.status, 0);
  EXPECT_EQ(report.challenges, added.size());
  EXPECT_GT(report.bookletId, 0);
  EXPECT_TRUE(report.notRecorded.empty()) << report.notRecorded;
  const int pages = pdfPages(dir / "library.pdf");
  EXPECT_EQ(pages, report.pages);
  EXPECT_EQ(pages, pdfPages(dir / "command.pdf"));
  const std::string text = pdfText(dir / "library.pdf");
  EXPECT_NE(text.find("Library booklet"), std::string::npos);
  EXPECT_EQ(text, pdfText(dir / "command.pdf"));

  // Bad options are refused in the command's words.
  pw::BookletOptions crowded;
  crowded.perPage = 13;
  try {
    pw::writeBooklet(catalog, (dir / "crowded.pdf").string(), crowded);
    ADD_FAILURE() << "13 challenges a page were accepted";
  } catch (const pw::Error& e) {
    EXPECT_NE(std::string(e.what()).find("--per-page 13: expected 1 to 12"), std::string::npos) << e.what();
  }
  EXPECT_FALSE(fs::exists(dir / "crowded.pdf"));
  EXPECT_THROW(pw::writeBooklet(catalog, (dir / "booklet.svg").string()), pw::Error);  // PDF only
}

TEST(LibrarySheet, IsByteForByteTheCommandsSheet) {
  const fs::path dir = printingTestDir("sheet");
  const pw::Puzzle fit = pw::Puzzle::load("iq-fit");
  const pw::Generated g = pw::generate(fit, pw::Level::Expert, 1, 3).at(0);
  const std::string text = fit.format(g.challenge);
  for (const bool answer : {false, true}) {
    SCOPED_TRACE(answer ? "with the answer" : "the challenge alone");
    pw::SheetOptions sheet;
    sheet.solution = answer;
    const fs::path library = dir / "library.svg", command = dir / "command.svg";
    const pw::SheetReport report = pw::writeSheet(fit, fit.parse(text), library.string(), sheet);
    ASSERT_EQ(pieceworkRun("sheet iq-fit --challenge " + shellQuoted(text) + " --out " +
                           shellQuoted(command.string()) + (answer ? " --solution" : ""))
                  .status,
              0);
    EXPECT_EQ(report.answered, answer);
    if (answer) {
      EXPECT_TRUE(report.unique);
      EXPECT_EQ(report.answer.placements, g.solution.placements);
    }
    const std::string bytes = bytesOf(library);
    ASSERT_FALSE(bytes.empty());
    EXPECT_TRUE(bytes == bytesOf(command)) << "the library's SVG differs from the command's";
  }
  // The walk-through (sheet --explain), as the command draws it.
  pw::SheetOptions explained;
  explained.explain = true;
  const pw::SheetReport walked =
      pw::writeSheet(fit, fit.parse(text), (dir / "walk-library.svg").string(), explained);
  ASSERT_EQ(pieceworkRun("sheet iq-fit --explain --challenge " + shellQuoted(text) + " --out " +
                         shellQuoted((dir / "walk-command.svg").string()))
                .status,
            0);
  EXPECT_TRUE(bytesOf(dir / "walk-library.svg") == bytesOf(dir / "walk-command.svg"));
  EXPECT_EQ(walked.answer.placements, g.solution.placements);
  EXPECT_GT(walked.moves, 0);
  // The empty board of a puzzle, with a title and another paper, as the command draws it.
  pw::SheetOptions titled;
  titled.title = "Soma, empty";
  titled.paper = "a5";
  pw::writeSheet(pw::Puzzle::load("soma"), {}, (dir / "soma-library.svg").string(), titled);
  ASSERT_EQ(pieceworkRun("sheet soma --title 'Soma, empty' --paper a5 --out " +
                         shellQuoted((dir / "soma-command.svg").string()))
                .status,
            0);
  EXPECT_TRUE(bytesOf(dir / "soma-library.svg") == bytesOf(dir / "soma-command.svg"));
  // PNG and PDF by the file's name; anything else refused in one line.
  pw::writeSheet(fit, fit.parse(text), (dir / "sheet.png").string());
  EXPECT_EQ(bytesOf(dir / "sheet.png").substr(1, 3), "PNG");
  EXPECT_THROW(pw::writeSheet(fit, fit.parse(text), (dir / "sheet.txt").string()), pw::Error);
}

// Run by the test below in a child whose libpiecework is a copy alone in a directory of its own (the drawing
// module neither beside the program nor beside the library): drawing throws one line naming where it looked.
TEST(LibrarySheet, ChildWithoutTheDrawingModule) {
  const char* alone = std::getenv("PIECEWORK_LIBRARY_ALONE");
  if (alone == nullptr) GTEST_SKIP() << "run by WithoutTheDrawingModuleIsOneLineError";
  const pw::Puzzle soma = pw::Puzzle::load("soma");
  EXPECT_EQ(pw::count(soma).solutions, 11520U);  // (what does not draw works without it)
  const std::string out = std::string(alone) + "/s.svg";
  try {
    pw::writeSheet(soma, {}, out);
    ADD_FAILURE() << "drew without the drawing module";
  } catch (const pw::Error& e) {
    const std::string what = e.what();
    EXPECT_EQ(what.find('\n'), std::string::npos) << what;
    EXPECT_NE(what.find(std::string(alone) + "/piecework/piecework_draw.so"), std::string::npos) << what;
  }
  EXPECT_FALSE(fs::exists(out));
}

TEST(LibrarySheet, WithoutTheDrawingModuleIsOneLineError) {
  const fs::path dir = printingTestDir("alone");
  const std::string program = fs::read_symlink("/proc/self/exe").string();
  const ShellRun library = shellRun("ldd " + shellQuoted(program) + " | awk '/libpiecework/ {print $3}'");
  const std::string libraryPath = library.out.substr(0, library.out.find('\n'));
  ASSERT_FALSE(libraryPath.empty()) << library.out;
  fs::copy_file(fs::canonical(libraryPath), dir / fs::path(libraryPath).filename());
  const ShellRun child =
      shellRun("LD_LIBRARY_PATH=" + shellQuoted(dir.string()) +
               " PIECEWORK_LIBRARY_ALONE=" + shellQuoted(dir.string()) + " " + shellQuoted(program) +
               " --gtest_filter=LibrarySheet.ChildWithoutTheDrawingModule 2>&1");
  EXPECT_EQ(child.status, 0) << child.out;
  EXPECT_NE(child.out.find("[  PASSED  ] 1 test"), std::string::npos) << child.out;
}

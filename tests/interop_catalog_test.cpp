// SPDX-License-Identifier: Apache-2.0
// Catalog interchange (issue 19): an export carries the definitions of its custom puzzles, so a catalog with
// two of them moves to a fresh catalog without --puzzle and exports to the same bytes; CSV exports import;
// and every command answers --json with JSON on standard output.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "support/run.hpp"
#include "support/small_puzzles.hpp"
#include "support/temp_dir_test.hpp"

namespace {

using piecework::test::quote;
using piecework::test::runPiecework;
using piecework::test::slurp;
using piecework::test::spit;
using piecework::test::tempDir;

// Two small custom puzzles. The strip's unique challenges are one piece given at either end; the box (3 x 4:
// an I tetromino and two L tetrominoes) has 8 fillings, 2 up to symmetry.
const char* const kStrip = piecework::test::kStripOfFive;

const char* const kBox = R"(name = "box"
title = "Three by four"
lattice = "square"
board = """
....
....
....
"""

[[piece]]
letter = "I"
name = "I tetromino"
colour = "#ff0000"
moves = "turn-mirror"
shape = "####"

[[piece]]
letter = "L"
name = "L tetromino"
colour = "#00ff00"
moves = "turn-mirror"
shape = "###/#.."

[[piece]]
letter = "J"
name = "J tetromino"
colour = "#0000ff"
moves = "turn-mirror"
shape = "###/#.."
)";

// A directory with strip.toml, box.toml and a catalog holding two generated challenges of each.
struct TwoPuzzleCatalog {
  std::string dir = tempDir();
  std::string strip = dir + "/strip.toml";
  std::string box = dir + "/box.toml";
  std::string db = dir + "/two.sqlite";

  TwoPuzzleCatalog() {
    spit(strip, kStrip);
    spit(box, kBox);
    for (const std::string& file : {box, strip}) {
      const auto r = runPiecework("generate " + quote(file) + " --level Starter --count 2 --seed 7 -q --db " +
                                  quote(db) + " --threads 1");
      EXPECT_EQ(r.status, 0) << r.err;
    }
  }
};

TEST(CatalogInterop, ExportOfTwoCustomPuzzlesImportsWithoutPuzzleAndRoundTripsByteIdentically) {
  const TwoPuzzleCatalog c;
  const auto first = runPiecework("catalog export --db " + quote(c.db));
  ASSERT_EQ(first.status, 0) << first.err;
  const auto lines = piecework::test::nonEmptyLines(first.out);
  ASSERT_EQ(lines.size(), 6U) << first.out;  // two definitions, four challenges

  // Each definition comes before the first challenge of its puzzle and holds the text we wrote.
  std::vector<std::string> defined;
  int definitions = 0;
  for (const auto& line : lines) {
    const auto j = nlohmann::json::parse(line);
    if (j.contains("definition")) {
      ++definitions;
      const std::string name = j["definition"]["name"];
      EXPECT_EQ(j["definition"]["text"], name == "box" ? kBox : kStrip);
      defined.push_back(name);
    } else {
      const std::string puzzle = j["puzzle"];
      EXPECT_NE(std::find(defined.begin(), defined.end(), puzzle), defined.end()) << line;
    }
  }
  EXPECT_EQ(definitions, 2);

  const std::string exported = c.dir + "/two.jsonl";
  spit(exported, first.out);
  // A fresh catalog, in another directory, without the definition files and without --puzzle.
  const std::string other = tempDir();
  const std::string fresh = other + "/fresh.sqlite";
  const auto import = runPiecework("catalog import " + quote(exported) + " --json --db " + quote(fresh));
  ASSERT_EQ(import.status, 0) << import.err;
  const auto summary = nlohmann::json::parse(import.out);
  EXPECT_EQ(summary["imported"], 4);
  EXPECT_EQ(summary["skipped"], 0);
  EXPECT_EQ(summary["definitions"], 2);

  const auto second = runPiecework("catalog export --db " + quote(fresh));
  ASSERT_EQ(second.status, 0) << second.err;
  EXPECT_EQ(second.out, first.out);

  // The imported definitions draw and solve: a challenge of each shows its pictures.
  const auto list = runPiecework("catalog list --json --db " + quote(fresh));
  ASSERT_EQ(list.status, 0) << list.err;
  EXPECT_EQ(piecework::test::nonEmptyLines(list.out).size(), 4U);

  // Importing again adds nothing.
  const auto again = runPiecework("catalog import " + quote(exported) + " --json --db " + quote(fresh));
  ASSERT_EQ(again.status, 0) << again.err;
  EXPECT_EQ(nlohmann::json::parse(again.out)["skipped"], 4);
}

TEST(CatalogInterop, ExportOfShippedPuzzlesHasNoDefinitions) {
  const std::string dir = tempDir();
  const std::string db = dir + "/fit.sqlite";
  ASSERT_EQ(
      runPiecework("generate iq-fit --level Starter --count 1 --seed 1 -q --threads 1 --db " + quote(db))
          .status,
      0);
  const auto r = runPiecework("catalog export --db " + quote(db));
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(piecework::test::nonEmptyLines(r.out).size(), 1U);
  EXPECT_EQ(r.out.find("\"definition\""), std::string::npos) << r.out;
}

TEST(CatalogInterop, OldExportsWithoutDefinitionsTakeSeveralPuzzleFiles) {
  const TwoPuzzleCatalog c;
  const auto first = runPiecework("catalog export --db " + quote(c.db));
  ASSERT_EQ(first.status, 0) << first.err;
  std::string old;  // the export as earlier versions wrote it: challenge lines only
  for (const auto& line : piecework::test::nonEmptyLines(first.out))
    if (line.find("{\"definition\"") != 0) old += line + "\n";
  const std::string file = c.dir + "/old.jsonl";
  spit(file, old);

  const std::string fresh = c.dir + "/old.sqlite";
  const auto missing = runPiecework("catalog import " + quote(file) + " --db " + quote(fresh));
  EXPECT_EQ(missing.status, 2);
  EXPECT_NE(missing.err.find("unknown puzzle 'box'"), std::string::npos) << missing.err;
  EXPECT_EQ(std::count(missing.err.begin(), missing.err.end(), '\n'), 1);
  EXPECT_FALSE(std::filesystem::exists(fresh));

  const auto r = runPiecework("catalog import " + quote(file) + " --puzzle " + quote(c.box) + " --puzzle " +
                              quote(c.strip) + " --db " + quote(fresh));
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(runPiecework("catalog export --db " + quote(fresh)).out, first.out);
}

TEST(CatalogInterop, DefinitionWhoseHashIsNotItsTextIsRefused) {
  const TwoPuzzleCatalog c;
  std::string text = runPiecework("catalog export --db " + quote(c.db)).out;
  // Change the definition's text (a piece's colour) but not its hash.
  const auto at = text.find("#0000ff");
  ASSERT_NE(at, std::string::npos);
  text.replace(at, 7, "#0000fe");
  const std::string file = c.dir + "/tampered.jsonl";
  spit(file, text);
  const std::string fresh = c.dir + "/tampered.sqlite";
  const auto r = runPiecework("catalog import " + quote(file) + " --db " + quote(fresh));
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("tampered.jsonl:1: definition of 'box'"), std::string::npos) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1);
  EXPECT_FALSE(std::filesystem::exists(fresh));
}

TEST(CatalogInterop, CsvExportImportsAndRoundTripsByteIdentically) {
  const TwoPuzzleCatalog c;
  const std::string csv = c.dir + "/two.csv";
  const auto first =
      runPiecework("catalog export --format csv --out " + quote(csv) + " --json --db " + quote(c.db));
  ASSERT_EQ(first.status, 0) << first.err;
  const auto summary = nlohmann::json::parse(first.out);
  EXPECT_EQ(summary["exported"], 4);
  EXPECT_EQ(summary["format"], "csv");
  const std::string text = slurp(csv);
  EXPECT_EQ(piecework::test::nonEmptyLines(text).size(), 5U);  // header and four rows
  // The strategies column holds JSON with quotes, so it is a quoted field with doubled quotes.
  EXPECT_NE(text.find("\"{\"\"single placement\"\":"), std::string::npos) << text;

  const std::string fresh = c.dir + "/csv.sqlite";
  const auto import = runPiecework("catalog import " + quote(csv) + " --puzzle " + quote(c.box) +
                                   " --puzzle " + quote(c.strip) + " --db " + quote(fresh));
  ASSERT_EQ(import.status, 0) << import.err;
  EXPECT_NE(import.out.find("imported 4 challenges"), std::string::npos) << import.out;
  const auto second = runPiecework("catalog export --format csv --db " + quote(fresh));
  ASSERT_EQ(second.status, 0) << second.err;
  EXPECT_EQ(second.out, text);

  // As a spreadsheet saves it: a byte-order mark first and CRLF line ends.
  std::string saved = "\xEF\xBB\xBF";
  for (const char ch : text) saved += ch == '\n' ? std::string("\r\n") : std::string(1, ch);
  spit(c.dir + "/saved.csv", saved);
  const std::string resaved = c.dir + "/saved.sqlite";
  const auto fromSaved =
      runPiecework("catalog import " + quote(c.dir + "/saved.csv") + " --puzzle " + quote(c.box) +
                   " --puzzle " + quote(c.strip) + " --db " + quote(resaved));
  ASSERT_EQ(fromSaved.status, 0) << fromSaved.err;
  EXPECT_EQ(runPiecework("catalog export --format csv --db " + quote(resaved)).out, text);

  // And from standard input into the catalog that now knows both puzzles: nothing new.
  const auto piped = runPiecework("catalog import - --json --db " + quote(fresh), text);
  ASSERT_EQ(piped.status, 0) << piped.err;
  EXPECT_EQ(nlohmann::json::parse(piped.out)["skipped"], 4);
}

TEST(CatalogInterop, MalformedCsvIsOneLineErrorAndWritesNothing) {
  const std::string dir = tempDir();
  const std::string db = dir + "/bad.sqlite";
  const std::string header = "puzzle,challenge,solution,level,score\n";
  const struct {
    std::string text;
    std::string expected;
  } cases[] = {
      {header + "strip,AA...,AABBB,Starter,\"1.5\n", "bad.csv:2: a quoted field is never closed"},
      {header + "strip,AA...,AABBB,Starter\n", "bad.csv:2: 4 fields, the header has 5"},
      {header + "strip,AA...,AABBB,Starter,lots\n", "bad.csv:2: column score: 'lots' is not a number"},
      {"puzzle,challenge,colour\n", "bad.csv:1: unknown column 'colour'"},
  };
  for (const auto& c : cases) {
    spit(dir + "/bad.csv", c.text);
    const auto r = runPiecework("catalog import " + quote(dir + "/bad.csv") + " --db " + quote(db));
    EXPECT_EQ(r.status, 2) << c.text;
    EXPECT_NE(r.err.find(c.expected), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_FALSE(std::filesystem::exists(db));
  }
}

// Every JSON value printed: each non-empty line of standard output must parse.
std::vector<nlohmann::json> everyJsonValue(const std::string& out) {
  std::vector<nlohmann::json> values;
  for (const auto& line : piecework::test::nonEmptyLines(out)) values.push_back(nlohmann::json::parse(line));
  return values;
}

TEST(JsonEverywhere, EveryCommandAndSubcommandAnswersJson) {
  const TwoPuzzleCatalog c;
  const std::string dir = c.dir;
  const std::string db = " --db " + quote(c.db);
  const std::string box = quote(c.box);
  const std::string challenge = " --challenge " + quote("L.../LLL./....");
  spit(dir + "/box-export.jsonl", runPiecework("catalog export" + db).out);
  // What each command is run with (a small input); the command list itself comes from `piecework --help`.
  const std::map<std::string, std::vector<std::string>> runs = {
      {"puzzles", {""}},
      {"show", {box}},
      {"solve", {box + challenge}},
      {"count", {box}},
      {"census", {box}},
      {"rate", {box + challenge}},
      {"generate", {quote(c.strip) + " --level Starter --count 1 --seed 3 -q --threads 1"}},
      {"catalog",
       {"list" + db, "show 1" + db, "import " + quote(dir + "/box-export.jsonl") + db,
        "export --out " + quote(dir + "/again.jsonl") + db, "export" + db, "rate --all" + db, "stats" + db}},
      {"booklet", {db + " --out " + quote(dir + "/b.pdf")}},
      {"sheet", {box + challenge + " --solution --out " + quote(dir + "/s.svg")}},
      {"hint", {box + challenge}},
      {"calibrate",
       {"iq-fit --file " +
        quote(std::string(PIECEWORK_SOURCE_DIR) + "/data/calibration/iq-fit-booklet.jsonl")}},
      {"convert", {box + " " + quote(dir + "/box.dlx")}},
      {"play", {box + challenge + " --out " + quote(dir + "/p.html")}},
  };
  const auto help = runPiecework("--help");
  ASSERT_EQ(help.status, 0);
  const auto commandsAt = help.out.find("commands:\n");
  ASSERT_NE(commandsAt, std::string::npos) << help.out;
  std::istringstream listing(help.out.substr(commandsAt + 10));
  int commands = 0;
  for (std::string line; std::getline(listing, line) && line.rfind("  ", 0) == 0;) {
    const std::string name = line.substr(2, line.find(' ', 2) - 2);
    ++commands;
    const auto it = runs.find(name);
    ASSERT_NE(it, runs.end()) << "no --json case for the command '" << name << "'";
    for (const auto& args : it->second) {
      const auto r = runPiecework(name + " " + args + " --json");
      ASSERT_EQ(r.status, 0) << name << " " << args << ": " << r.err;
      std::vector<nlohmann::json> values;
      ASSERT_NO_THROW(values = everyJsonValue(r.out)) << name << " " << args << ": " << r.out;
      ASSERT_FALSE(values.empty()) << name << " " << args;
      for (const auto& v : values) EXPECT_TRUE(v.is_object() || v.is_array()) << name << " " << args;
    }
  }
  EXPECT_EQ(commands, static_cast<int>(runs.size()));

  // Summaries say what was done.
  const auto booklet =
      everyJsonValue(runPiecework("booklet" + db + " --out " + quote(dir + "/c.pdf") + " --json").out);
  ASSERT_EQ(booklet.size(), 1U);
  EXPECT_EQ(booklet[0]["challenges"], 4);
  EXPECT_EQ(slurp(dir + "/c.pdf").rfind("%PDF", 0), 0U);
  const auto sheet = everyJsonValue(
      runPiecework("sheet " + box + challenge + " --solution --out " + quote(dir + "/t.svg") + " --json")
          .out);
  ASSERT_EQ(sheet.size(), 1U);
  EXPECT_EQ(sheet[0]["solution"], "LJJJ/LLLJ/IIII");  // the box's one filling with this L (by hand)
  EXPECT_EQ(sheet[0]["unique"], true);
  const auto convert =
      everyJsonValue(runPiecework("convert " + box + " " + quote(dir + "/b.dlx") + " --json").out);
  ASSERT_EQ(convert.size(), 1U);
  EXPECT_EQ(convert[0]["bytes"], slurp(dir + "/b.dlx").size());
  const auto rate = everyJsonValue(runPiecework("catalog rate --all --json" + db).out);
  ASSERT_EQ(rate.size(), 1U);
  EXPECT_EQ(rate[0]["rated"], 4);
}

TEST(JsonEverywhere, JsonWhereStandardOutputHoldsTheResultNeedsAFile) {
  const std::string dir = tempDir();
  const auto convert = runPiecework("convert soma --to dlx --json");
  EXPECT_EQ(convert.status, 2);
  EXPECT_NE(convert.err.find("--json needs an OUT file"), std::string::npos) << convert.err;
  EXPECT_TRUE(convert.out.empty());

  const std::string db = dir + "/fit.sqlite";
  ASSERT_EQ(
      runPiecework("generate iq-fit --level Starter --count 1 --seed 1 -q --threads 1 --db " + quote(db))
          .status,
      0);
  const auto csv = runPiecework("catalog export --format csv --json --db " + quote(db));
  EXPECT_EQ(csv.status, 2);
  EXPECT_NE(csv.err.find("needs --out FILE"), std::string::npos) << csv.err;
  // jsonl without --out: the export itself is the JSON.
  const auto jsonl = runPiecework("catalog export --json --db " + quote(db));
  ASSERT_EQ(jsonl.status, 0) << jsonl.err;
  EXPECT_EQ(jsonl.out, runPiecework("catalog export --db " + quote(db)).out);
}

}  // namespace

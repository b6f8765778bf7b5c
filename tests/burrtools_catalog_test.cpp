// SPDX-License-Identifier: Apache-2.0
// BurrTools files in the catalog and under any name. A puzzle read from a BurrTools file (gzip-compressed or
// plain XML) enters the catalog as a TOML definition, so the catalog stays readable by every command and its
// export imports; the puzzle's name is the file's name without .xmpuzzle (.xmpuzzle.gz, .xml), whatever the
// file is called; an import line whose definition_hash is not the shipped puzzle's is not read as it, unless
// --puzzle gives a definition of its name (the user's choice, against which the line is checked).
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "db/catalog.hpp"
#include "support/run.hpp"
#include "support/small_puzzles.hpp"
#include "support/temp_dir_test.hpp"

namespace piecework {
namespace {

using test::expectBadInput;
using test::quote;
using test::runPiecework;
using test::runShell;
using test::slurp;
using test::spit;
using test::writeTempFile;

// `show --json` of a puzzle: its name and its placements, counted over its pieces.
struct Shown {
  std::string name;
  long placements = 0;
};

Shown show(const std::string& puzzle) {
  const auto r = runPiecework("show " + quote(puzzle) + " --json");
  EXPECT_EQ(r.status, 0) << puzzle << ": " << r.err;
  if (r.status != 0) return {};
  const auto j = nlohmann::json::parse(r.out);
  Shown shown;
  shown.name = j["name"].get<std::string>();
  for (const auto& piece : j["pieces"]) shown.placements += piece["placements"].get<long>();
  return shown;
}

class BurrToolsFiles : public test::TempDirTest {
 protected:
  void SetUp() override {
    TempDirTest::SetUp();
    // The shipped Soma cube as BurrTools writes it (gzip), and as plain XML unpacked by the gzip program.
    const auto made = runPiecework("convert soma " + quote(path("soma.xmpuzzle")));
    ASSERT_EQ(made.status, 0) << made.err;
    const auto plain =
        runShell("gzip -dc " + quote(path("soma.xmpuzzle")) + " > " + quote(path("plain.xml")));
    if (plain.status != 0) GTEST_SKIP() << "no gzip program: " << plain.out;
  }

  std::string db(const std::string& command, const std::string& catalog) const {
    return command + " --db " + quote(path(catalog));
  }
};

// The reviewer's defect: the BurrTools file's bytes were stored as the puzzle's TOML definition, and every
// command on the catalog then failed on it.
TEST_F(BurrToolsFiles, GenerateIntoTheCatalogLeavesItReadableByEveryCommand) {
  // The shipped Soma cube, read from its own TOML: the count a BurrTools copy must load back to.
  const Shown shipped = show("soma");
  ASSERT_GT(shipped.placements, 0);
  for (const std::string file : {"soma.xmpuzzle", "plain.xml"}) {
    SCOPED_TRACE(file);
    const std::string stem = file == "plain.xml" ? "plain" : "soma";
    const std::string catalog = stem + ".sqlite";
    const std::string generate =
        "generate " + quote(path(file)) + " --level Starter --count 2 --threads 1 -q --seed ";
    const auto first = runPiecework(db(generate + "1", catalog));
    ASSERT_EQ(first.status, 0) << first.err;
    // The same file again, by another spelling of its path: the same puzzle row.
    const auto second = runPiecework(
        db("generate " + quote(dir_ + "/./" + file) + " --level Starter --count 2 --threads 1 -q --seed 2",
           catalog));
    ASSERT_EQ(second.status, 0) << second.err;

    const auto list = runPiecework(db("catalog list --json", catalog));
    ASSERT_EQ(list.status, 0) << list.err;
    const auto rows = test::nonEmptyLines(list.out);
    ASSERT_GE(rows.size(), 2U);
    for (const auto& row : rows) EXPECT_EQ(nlohmann::json::parse(row)["puzzle"], stem) << row;
    const auto check = runPiecework(db("catalog check", catalog));
    EXPECT_EQ(check.status, 0) << check.err;
    const auto booklet = runPiecework(db("booklet --out " + quote(path(stem + ".pdf")), catalog));
    EXPECT_EQ(booklet.status, 0) << booklet.err;
    EXPECT_TRUE(std::filesystem::exists(path(stem + ".pdf")));

    // The export carries one definition (one puzzle row): TOML that loads to the same puzzle.
    const auto exported = runPiecework(db("catalog export", catalog));
    ASSERT_EQ(exported.status, 0) << exported.err;
    std::vector<std::string> definitions;
    for (const auto& line : test::nonEmptyLines(exported.out)) {
      const auto j = nlohmann::json::parse(line);
      if (j.contains("definition")) definitions.push_back(j["definition"]["text"].get<std::string>());
    }
    ASSERT_EQ(definitions.size(), 1U) << exported.out;
    EXPECT_EQ(definitions.front().find('<'), std::string::npos) << definitions.front();
    spit(path(stem + "-stored.toml"), definitions.front());
    const Shown stored = show(path(stem + "-stored.toml"));
    EXPECT_EQ(stored.name, stem);
    EXPECT_EQ(stored.placements, shipped.placements);
    EXPECT_EQ(show(path(file)).placements, shipped.placements);

    // JSON lines round trip into a fresh catalog, byte for byte.
    spit(path(stem + ".jsonl"), exported.out);
    const auto imported =
        runPiecework(db("catalog import " + quote(path(stem + ".jsonl")), stem + "-2.sqlite"));
    ASSERT_EQ(imported.status, 0) << imported.err;
    EXPECT_EQ(runPiecework(db("catalog export", stem + "-2.sqlite")).out, exported.out);

    // CSV carries no definitions: the BurrTools file itself, given with --puzzle, is the definition.
    const auto csv = runPiecework(db("catalog export --format csv", catalog));
    ASSERT_EQ(csv.status, 0) << csv.err;
    spit(path(stem + ".csv"), csv.out);
    const auto fromCsv =
        runPiecework(db("catalog import " + quote(path(stem + ".csv")) + " --puzzle " + quote(path(file)),
                        stem + "-3.sqlite"));
    ASSERT_EQ(fromCsv.status, 0) << fromCsv.err;
    EXPECT_EQ(runPiecework(db("catalog export", stem + "-3.sqlite")).out, exported.out);
  }
}

TEST_F(BurrToolsFiles, ConvertToTomlWritesTheDefinitionWhateverTheFileIsCalled) {
  std::filesystem::copy_file(path("soma.xmpuzzle"), path("noext"));
  const auto fromExtension = runPiecework("convert " + quote(path("soma.xmpuzzle")) + " --to toml");
  const auto fromContent = runPiecework("convert " + quote(path("noext")) + " --to toml");
  ASSERT_EQ(fromContent.status, 0) << fromContent.err;
  EXPECT_NE(fromContent.out.find("name = \"noext\""), std::string::npos) << fromContent.out;
  EXPECT_EQ(fromContent.out.find('\x1f'), std::string::npos);  // not the gzip bytes
  // The same definition but for the name; its first comment line names the problem, not the file.
  ASSERT_EQ(fromExtension.status, 0) << fromExtension.err;
  EXPECT_EQ(fromExtension.out.rfind("# Read from a BurrTools file (problem 1).\n", 0), 0U)
      << fromExtension.out;
  EXPECT_EQ(fromExtension.out.find("soma.xmpuzzle"), std::string::npos) << fromExtension.out;
  std::string renamed = fromContent.out;
  const std::string from = "name = \"noext\"";
  const auto at = renamed.find(from);
  ASSERT_NE(at, std::string::npos) << from << " in " << renamed;
  renamed.replace(at, from.size(), "name = \"soma\"");
  EXPECT_EQ(renamed, fromExtension.out);
}

// soma.xmpuzzle and soma.xmpuzzle.gz hold the same puzzle, soma: generating from each stores one puzzle row
// (the stored text, and so its hash, did not depend on the file's name when it named the file).
TEST_F(BurrToolsFiles, TheSamePuzzleUnderTwoFileNamesIsOnePuzzleRow) {
  std::filesystem::copy_file(path("soma.xmpuzzle"), path("soma.xmpuzzle.gz"));
  std::filesystem::copy_file(path("plain.xml"), path("soma.xml"));
  for (const std::string file : {"soma.xmpuzzle", "soma.xmpuzzle.gz", "soma.xml"}) {
    const auto r = runPiecework(
        db("generate " + quote(path(file)) + " --level Starter --seed 1 --threads 1 -q", "one.sqlite"));
    ASSERT_EQ(r.status, 0) << file << ": " << r.err;
  }
  const auto exported = runPiecework(db("catalog export", "one.sqlite"));
  ASSERT_EQ(exported.status, 0) << exported.err;
  int definitions = 0;
  std::vector<std::string> hashes;
  for (const auto& line : test::nonEmptyLines(exported.out)) {
    const auto j = nlohmann::json::parse(line);
    if (j.contains("definition")) {
      ++definitions;
      EXPECT_EQ(j["definition"]["name"], "soma");
    } else {
      hashes.push_back(j["definition_hash"].get<std::string>());
    }
  }
  EXPECT_EQ(definitions, 1) << exported.out;
  ASSERT_FALSE(hashes.empty());
  for (const auto& hash : hashes) EXPECT_EQ(hash, hashes.front());
}

// (On the strip of five rather than the Soma cube: `show` grades every unique challenge of the puzzle, 1.7 s
// for Soma's 12,399 in release and 14 times that under the sanitizers.)
TEST_F(BurrToolsFiles, TheNameIsTheFileNameWithoutItsExtension) {
  ASSERT_EQ(runPiecework("convert " + quote(writeTempFile("strip.toml", test::kStripOfFive)) + " " +
                         quote(path("strip.xmpuzzle")))
                .status,
            0);
  ASSERT_EQ(runShell("gzip -dc " + quote(path("strip.xmpuzzle")) + " > " + quote(path("strip.xml"))).status,
            0);
  for (const auto& [copy, from] :
       std::vector<std::pair<std::string, std::string>>{{"noext", "strip.xmpuzzle"},
                                                        {"plainnoext", "strip.xml"},
                                                        {"soma.xmpuzzle.gz", "strip.xmpuzzle"},
                                                        {"ab", "strip.xmpuzzle"},
                                                        {"a.xmpuzzle", "strip.xmpuzzle"},
                                                        {"Big.XML", "strip.xml"}})
    std::filesystem::copy_file(path(from), path(copy));
  for (const auto& [file, name] :
       std::vector<std::pair<std::string, std::string>>{{"noext", "noext"},
                                                        {"strip.xml", "strip"},
                                                        {"plainnoext", "plainnoext"},
                                                        {"soma.xmpuzzle.gz", "soma"},
                                                        {"ab", "ab"},
                                                        {"a.xmpuzzle", "a"},
                                                        {"Big.XML", "Big"}}) {
    SCOPED_TRACE(file);
    const auto r = runPiecework("show " + quote(path(file)) + " --json");
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(r.err.empty()) << r.err;
    EXPECT_EQ(nlohmann::json::parse(r.out)["name"], name);
    const auto text = runPiecework("show " + quote(path(file)));
    ASSERT_EQ(text.status, 0) << text.err;
    EXPECT_NE(text.out.find("(" + name + ")"), std::string::npos) << text.out;
  }
}

TEST_F(BurrToolsFiles, BookletOnADamagedDefinitionNamesTheCatalogAndTheRow) {
  const auto made = runPiecework(db("generate soma --level Starter --seed 1 --threads 1 -q", "c.sqlite"));
  ASSERT_EQ(made.status, 0) << made.err;
  // The damage the reviewer saw: gzip bytes as the definition, under their own (matching) hash.
  const std::string bytes = "\x1f\x8b\x08";
  const auto damage = runShell(fmt::format(
      "sqlite3 {} \"UPDATE puzzles SET definition = CAST(X'1f8b08' AS TEXT), definition_hash = '{}'\"",
      quote(path("c.sqlite")), db::definitionHash(bytes)));
  if (damage.status != 0) GTEST_SKIP() << "no sqlite3 shell: " << damage.out;
  expectBadInput(runPiecework(db("booklet --out " + quote(path("b.pdf")), "c.sqlite")),
                 "c.sqlite: challenge 1: damaged row: the definition of its puzzle");
  EXPECT_FALSE(std::filesystem::exists(path("b.pdf")));
}

// A custom definition that calls itself `soma` (another board) beside the shipped Soma cube.
const char* const kFakeSoma = R"(name = "soma"
lattice = "square"
board = """
...
...
"""
[[piece]]
letter = "a"
shape = "###"
[[piece]]
letter = "b"
shape = "###"
)";

// The definition hash of the shipped Soma cube, from its file in the source tree.
std::string shippedSomaHash() {
  return db::definitionHash(slurp(std::string(PIECEWORK_SOURCE_DIR) + "/data/puzzles/soma.toml"));
}

class SameNameOtherDefinition : public test::TempDirTest {
 protected:
  void SetUp() override {
    TempDirTest::SetUp();
    spit(path("fakesoma.toml"), kFakeSoma);
    for (const std::string& puzzle : {path("fakesoma.toml"), std::string("soma")}) {
      const auto r =
          runPiecework("generate " + quote(puzzle) + " --level Starter --seed 1 --threads 1 -q --db " +
                       quote(path("fs.sqlite")));
      ASSERT_EQ(r.status, 0) << r.err;
    }
  }
};

TEST_F(SameNameOtherDefinition, CsvRowIsNotMatchedToTheShippedPuzzleOfItsName) {
  const auto csv = runPiecework("catalog export --format csv --db " + quote(path("fs.sqlite")));
  ASSERT_EQ(csv.status, 0) << csv.err;
  spit(path("fs.csv"), csv.out);
  // The custom puzzle's hash, from its text as written above.
  const std::string hash = db::definitionHash(kFakeSoma);
  ASSERT_NE(csv.out.find(hash), std::string::npos) << csv.out;
  const int row = 2;  // the custom puzzle's challenge was stored first
  const auto r =
      runPiecework("catalog import " + quote(path("fs.csv")) + " --db " + quote(path("new.sqlite")));
  expectBadInput(r,
                 fmt::format("fs.csv:{}: puzzle 'soma' with definition_hash {} is not known here (the CSV "
                             "form carries no definitions: export as JSON lines, or import with --puzzle "
                             "NAME (a shipped puzzle) or --puzzle FILE to check it against that definition)",
                             row, hash));
  EXPECT_EQ(r.err.find("challenge:"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(path("new.sqlite")));

  // With the definition given, both rows import, each to its own puzzle.
  const auto given = runPiecework("catalog import " + quote(path("fs.csv")) + " --puzzle " +
                                  quote(path("fakesoma.toml")) + " --json --db " + quote(path("new.sqlite")));
  ASSERT_EQ(given.status, 0) << given.err;
  EXPECT_EQ(nlohmann::json::parse(given.out)["imported"], 2);
  const auto check = runPiecework("catalog check --db " + quote(path("new.sqlite")));
  EXPECT_EQ(check.status, 0) << check.err;
}

TEST_F(SameNameOtherDefinition, JsonLinesWithoutTheDefinitionAreRefusedTooAndJsonLinesWithItImport) {
  const auto exported = runPiecework("catalog export --db " + quote(path("fs.sqlite")));
  ASSERT_EQ(exported.status, 0) << exported.err;
  spit(path("fs.jsonl"), exported.out);
  const auto with =
      runPiecework("catalog import " + quote(path("fs.jsonl")) + " --db " + quote(path("a.sqlite")));
  EXPECT_EQ(with.status, 0) << with.err;

  std::string withoutDefinitions;
  for (const auto& line : test::nonEmptyLines(exported.out))
    if (line.rfind("{\"definition\"", 0) != 0) withoutDefinitions += line + "\n";
  spit(path("old.jsonl"), withoutDefinitions);
  const auto r =
      runPiecework("catalog import " + quote(path("old.jsonl")) + " --db " + quote(path("b.sqlite")));
  expectBadInput(r, fmt::format("puzzle 'soma' with definition_hash {} is not known here",
                                db::definitionHash(kFakeSoma)));
  EXPECT_NE(r.err.find("import with --puzzle NAME (a shipped puzzle) or --puzzle FILE"), std::string::npos)
      << r.err;
  EXPECT_FALSE(std::filesystem::exists(path("b.sqlite")));
}

// A CSV export of a custom puzzle whose file was edited since (a new title: another definition_hash). The
// file given with --puzzle is the user's choice for the rows of its name; each row is checked against it.
TEST_F(SameNameOtherDefinition, CsvOfAnEditedCustomPuzzleImportsWithPuzzleFile) {
  const auto csv = runPiecework("catalog export --format csv --db " + quote(path("fs.sqlite")));
  ASSERT_EQ(csv.status, 0) << csv.err;
  spit(path("fs.csv"), csv.out);
  std::string text = kFakeSoma;
  text.insert(text.find('\n') + 1, "title = \"A fake Soma, edited\"\n");
  spit(path("edited.toml"), text);
  ASSERT_NE(db::definitionHash(text), db::definitionHash(kFakeSoma));

  expectBadInput(
      runPiecework("catalog import " + quote(path("fs.csv")) + " --db " + quote(path("new.sqlite"))),
      "import with --puzzle NAME (a shipped puzzle) or --puzzle FILE");
  const auto given = runPiecework("catalog import " + quote(path("fs.csv")) + " --puzzle " +
                                  quote(path("edited.toml")) + " --json --db " + quote(path("new.sqlite")));
  ASSERT_EQ(given.status, 0) << given.err;
  EXPECT_EQ(nlohmann::json::parse(given.out)["imported"], 2);
  // The custom row now belongs to the edited definition; the shipped Soma row still to the shipped one.
  const auto list = runPiecework("catalog export --db " + quote(path("new.sqlite")));
  ASSERT_EQ(list.status, 0) << list.err;
  std::vector<std::string> hashes;
  for (const auto& line : test::nonEmptyLines(list.out)) {
    const auto j = nlohmann::json::parse(line);
    if (j.contains("definition")) {
      EXPECT_EQ(j["definition"]["text"], text);
    } else {
      hashes.push_back(j["definition_hash"].get<std::string>());
    }
  }
  std::sort(hashes.begin(), hashes.end());
  std::vector<std::string> wanted{db::definitionHash(text), shippedSomaHash()};
  std::sort(wanted.begin(), wanted.end());
  EXPECT_EQ(hashes, wanted);
  EXPECT_EQ(runPiecework("catalog check --db " + quote(path("new.sqlite"))).status, 0);

  // A definition the rows do not fit is refused as any line is: the line is checked, not trusted.
  spit(path("other.toml"), R"(name = "soma"
lattice = "square"
board = "....."
[[piece]]
letter = "a"
shape = "##"
[[piece]]
letter = "b"
shape = "###"
)");
  const auto misfit = runPiecework("catalog import " + quote(path("fs.csv")) + " --puzzle " +
                                   quote(path("other.toml")) + " --db " + quote(path("misfit.sqlite")));
  EXPECT_EQ(misfit.status, 2) << misfit.err;
  EXPECT_NE(misfit.err.find("fs.csv:2: challenge"), std::string::npos) << misfit.err;
  EXPECT_FALSE(std::filesystem::exists(path("misfit.sqlite")));
}

// An export made before a shipped puzzle's text changed: its lines carry the old definition_hash and no
// definition (export writes none for shipped text). --puzzle soma reads them as the shipped Soma cube.
TEST(ImportShippedPuzzle, AChangedDefinitionHashNeedsPuzzleNameAndImportsWithIt) {
  const std::string dir = test::tempDir();
  const auto made = runPiecework("generate soma --level Starter --count 2 --seed 1 --threads 1 -q --json");
  ASSERT_EQ(made.status, 0) << made.err;
  std::string old;
  for (const auto& line : test::nonEmptyLines(made.out)) {
    auto j = nlohmann::json::parse(line);
    j["definition_hash"] = "0123456789abcdef";  // the hash of a text this build does not ship
    old += j.dump() + "\n";
  }
  spit(dir + "/old.jsonl", old);
  const auto refused =
      runPiecework("catalog import " + quote(dir + "/old.jsonl") + " --db " + quote(dir + "/a.sqlite"));
  expectBadInput(
      refused,
      "old.jsonl:1: puzzle 'soma' with definition_hash 0123456789abcdef is not known here (the file "
      "does not define it and the catalog does not hold it: import with --puzzle NAME (a shipped "
      "puzzle) or --puzzle FILE to check it against that definition)");
  EXPECT_FALSE(std::filesystem::exists(dir + "/a.sqlite"));

  const auto given = runPiecework("catalog import " + quote(dir + "/old.jsonl") +
                                  " --puzzle soma --json --db " + quote(dir + "/a.sqlite"));
  ASSERT_EQ(given.status, 0) << given.err;
  EXPECT_EQ(nlohmann::json::parse(given.out)["imported"], 2);
  // Stored under the shipped definition: the export writes no definition line and this build's hash.
  const auto exported = runPiecework("catalog export --db " + quote(dir + "/a.sqlite"));
  ASSERT_EQ(exported.status, 0) << exported.err;
  const auto lines = test::nonEmptyLines(exported.out);
  ASSERT_EQ(lines.size(), 2U) << exported.out;
  for (const auto& line : lines)
    EXPECT_EQ(nlohmann::json::parse(line)["definition_hash"], shippedSomaHash()) << line;
  std::filesystem::remove_all(dir);
}

TEST(ImportErrors, ABadChallengeIsNamedOnceNotAsChallengeChallenge) {
  const std::string dir = test::tempDir();
  // Soma is 3 layers of 3 rows; this picture has one layer.
  spit(dir + "/bad.jsonl", R"({"puzzle":"soma","challenge":"aaa/..."})"
                           "\n");
  const auto r =
      runPiecework("catalog import " + quote(dir + "/bad.jsonl") + " --db " + quote(dir + "/c.sqlite"));
  expectBadInput(r, "bad.jsonl:1: challenge: expected 3 layers of 3 rows, found 1 layer");
  EXPECT_EQ(r.err.find("challenge: challenge"), std::string::npos) << r.err;
  // A position in the picture: "challenge layer 1, row 1, ..." without a second "challenge".
  spit(dir + "/bad2.jsonl", R"({"puzzle":"soma","challenge":"...#/.../...|.../.../...|.../.../..."})"
                            "\n");
  const auto r2 =
      runPiecework("catalog import " + quote(dir + "/bad2.jsonl") + " --db " + quote(dir + "/c.sqlite"));
  expectBadInput(r2, "bad2.jsonl:1: challenge layer 1, row 1");
  EXPECT_EQ(r2.err.find("challenge: challenge"), std::string::npos) << r2.err;
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace piecework

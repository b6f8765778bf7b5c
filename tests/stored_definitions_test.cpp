// SPDX-License-Identifier: Apache-2.0
// Definitions the catalog stored before control characters in names and titles were refused: a catalog an
// earlier version wrote may hold a title or a piece name with a tab or a line break. Such a definition was
// accepted once: read from the catalog it loads with each control character as a space (its hash stays that
// of the stored text), so its rows are not "damaged" and the catalog stays usable. A definition the user
// gives (a file, a --puzzle) is still refused.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "puzzle/definition.hpp"
#include "puzzle/errors.hpp"
#include "support/run.hpp"
#include "support/sql.hpp"
#include "support/temp_dir_test.hpp"

namespace piecework {
namespace {

using test::expectBadInput;
using test::quote;
using test::runPiecework;
using test::spit;
using test::sqlValue;

// A two-row board the three pieces fill in more than one way (so a generated challenge gives some).
const char* const kBox = R"(name = "box"
title = "Two by five"
lattice = "square"
board = """
.....
.....
"""
[[piece]]
letter = "a"
name = "Ell"
shape = """
#.
#.
##
"""
[[piece]]
letter = "b"
shape = "####"
[[piece]]
letter = "c"
shape = "##"
)";

// FNV-1a 64 as docs/catalog.md defines the definition hash, written here apart from the code under test.
std::string fnv1a(const std::string& text) {
  std::uint64_t hash = 0xcbf29ce484222325ULL;
  for (const unsigned char byte : text) {
    hash ^= byte;
    hash *= 0x100000001b3ULL;
  }
  return fmt::format("{:016x}", hash);
}

void replaceOnce(std::string& text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  ASSERT_NE(at, std::string::npos) << from << " in " << text;
  text.replace(at, from.size(), to);
}

class OldStoredDefinition : public test::TempDirTest {
 protected:
  void SetUp() override {
    TempDirTest::SetUp();
    spit(path("box.toml"), kBox);
    const auto made = runPiecework("generate " + quote(path("box.toml")) +
                                   " --level Starter --count 2 --seed 1 --threads 1 -q --db " + quote(db()));
    ASSERT_EQ(made.status, 0) << made.err;
    // The row an earlier version wrote: a real tab in the title, a line break (TOML's \n) in a piece's name,
    // and the hash of that text.
    oldText_ = kBox;
    replaceOnce(oldText_, "title = \"Two by five\"", "title = \"My\tSoma\"");
    replaceOnce(oldText_, "name = \"Ell\"", "name = \"L\\nshape\"");
    oldHash_ = fnv1a(oldText_);
    ASSERT_EQ(sqlValue(db(), "UPDATE puzzles SET definition = ?1, definition_hash = ?2 WHERE name = 'box'",
                       {oldText_, oldHash_}),
              "");
    ASSERT_EQ(sqlValue(db(), "SELECT definition_hash FROM puzzles WHERE name = 'box'"), oldHash_);
  }

  std::string db() const { return path("c.sqlite"); }
  std::string onDb(const std::string& command) const { return command + " --db " + quote(db()); }

  std::string oldText_;
  std::string oldHash_;
};

TEST_F(OldStoredDefinition, ListsChecksShowsAndExports) {
  const auto list = runPiecework(onDb("catalog list --json"));
  ASSERT_EQ(list.status, 0) << list.err;
  const auto rows = test::nonEmptyLines(list.out);
  ASSERT_EQ(rows.size(), 2U) << list.out;
  for (const auto& row : rows) EXPECT_EQ(nlohmann::json::parse(row)["puzzle"], "box") << row;

  const auto check = runPiecework(onDb("catalog check"));
  EXPECT_EQ(check.status, 0) << check.err;
  EXPECT_NE(check.out.find("checked 2 challenges"), std::string::npos) << check.out;

  const auto show = runPiecework(onDb("catalog show 1"));
  EXPECT_EQ(show.status, 0) << show.err;
  EXPECT_TRUE(show.err.empty()) << show.err;

  // The export carries the stored text as it is, under its hash; it imports into a fresh catalog (its
  // definition line is a stored definition too) and exports again to the same bytes.
  const auto exported = runPiecework(onDb("catalog export"));
  ASSERT_EQ(exported.status, 0) << exported.err;
  const auto lines = test::nonEmptyLines(exported.out);
  ASSERT_EQ(lines.size(), 3U) << exported.out;
  const auto definition = nlohmann::json::parse(lines.front())["definition"];
  EXPECT_EQ(definition["text"], oldText_);
  EXPECT_EQ(definition["hash"], oldHash_);
  spit(path("old.jsonl"), exported.out);
  const auto imported =
      runPiecework("catalog import " + quote(path("old.jsonl")) + " --db " + quote(path("new.sqlite")));
  ASSERT_EQ(imported.status, 0) << imported.err;
  EXPECT_EQ(runPiecework("catalog export --db " + quote(path("new.sqlite"))).out, exported.out);
}

TEST_F(OldStoredDefinition, GenerateOfAnotherPuzzleIsStored) {
  const auto r = runPiecework(onDb("generate soma --level Starter --seed 1 --threads 1 -q"));
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(sqlValue(db(), "SELECT count(*) FROM puzzles"), "2");
  EXPECT_EQ(sqlValue(db(), "SELECT count(*) FROM challenges"), "3");
  // The old row is left as it was.
  EXPECT_EQ(sqlValue(db(), "SELECT definition FROM puzzles WHERE name = 'box'"), oldText_);
  EXPECT_EQ(runPiecework(onDb("catalog check")).status, 0);
}

TEST_F(OldStoredDefinition, TheSameTextGivenByTheUserIsStillRefused) {
  spit(path("old.toml"), oldText_);
  expectBadInput(runPiecework("show " + quote(path("old.toml"))),
                 "old.toml:2: 'title' has a control character (U+0009)");
  expectBadInput(runPiecework(onDb("generate " + quote(path("old.toml")) + " --level Starter -q")),
                 "old.toml:2: 'title' has a control character (U+0009)");
}

TEST(StoredDefinitionText, ControlCharactersReadAsSpaces) {
  std::string text = kBox;
  replaceOnce(text, "title = \"Two by five\"", "title = \"My\tSoma\\u0085x\\u007F\"");
  replaceOnce(text, "name = \"Ell\"", "name = \"L\\nshape\\r\"");
  EXPECT_THROW(loadDefinition(text, "old.toml"), InputError);
  EXPECT_THROW(loadDefinition(text, "old.toml", ControlCharacters::Refused), InputError);
  const Puzzle puzzle = loadStoredDefinition(text, "box (catalog)");
  EXPECT_EQ(puzzle.title, "My Soma x ");
  ASSERT_EQ(puzzle.pieces.size(), 3U);
  EXPECT_EQ(puzzle.pieces[0].name, "L shape ");
  EXPECT_EQ(puzzle.pieces[1].name, "b");
  const Puzzle same = loadDefinition(text, "box (catalog)", ControlCharacters::AsSpaces);
  EXPECT_EQ(same.title, puzzle.title);
  // Every other rule still holds.
  std::string bad = text;
  replaceOnce(bad, "shape = \"##\"", "shape = \"##\"\ncolour = \"red\"");
  EXPECT_THROW(loadStoredDefinition(bad, "box (catalog)"), InputError);
}

}  // namespace
}  // namespace piecework

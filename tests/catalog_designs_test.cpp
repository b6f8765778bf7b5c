// SPDX-License-Identifier: Apache-2.0
// Interlocking designs in the catalog (docs/catalog.md, "Designs"): catalog add-design stores a design with
// the level rate --disassemble finds, list --designs and show --design print it, check takes it apart again,
// export and import carry it, and a catalog of schema version 4 gains the table when opened for writing. The
// levels expected are counted by hand (tests/support/interlocking_designs.hpp, and the two slabs below).
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>

#include "support/interlocking_designs.hpp"
#include "support/lattice_checks.hpp"
#include "support/run.hpp"
#include "support/sql.hpp"

namespace {

using piecework::test::kHook;
using piecework::test::kLocked;
using piecework::test::kPlug;
using piecework::test::runPiecework;
using piecework::test::sqlValue;
using piecework::test::writeDesign;

std::string quoted(const std::string& s) {
  return "'" + s + "'";
}

int lines(const std::string& text) {
  return static_cast<int>(std::count(text.begin(), text.end(), '\n'));
}

// Two 3 x 2 x 1 slabs make a 3 x 2 x 2 block: up to the block's symmetries one assembly (the cut between
// the slabs is across y or across z, which a quarter turn about x swaps), and the top slab lifts off in one
// move: level 1, Starter. The second problem, a slab and two bars, is there to be chosen by #2.
constexpr const char* kTwoSlabs = R"(<?xml version="1.0"?>
<puzzle version="2">
  <gridType type="0"/>
  <shapes>
    <voxel x="3" y="2" z="2" name="block" type="0">############</voxel>
    <voxel x="3" y="2" z="1" name="slab" type="0">######</voxel>
    <voxel x="3" y="1" z="1" name="bar" type="0">###</voxel>
  </shapes>
  <problems>
    <problem name="two slabs" state="0"><shapes><shape id="1" count="2"/></shapes><result id="0"/></problem>
    <problem name="slab and bars" state="0"><shapes><shape id="1" count="1"/><shape id="2" count="2"/></shapes><result id="0"/></problem>
  </problems>
</puzzle>
)";

TEST(CatalogDesigns, AddDesignStoresTheLevelAndShowPrintsIt) {
  const std::string db = piecework::test::tempDir() + "/c.sqlite";
  const auto hook = runPiecework("catalog add-design " + quoted(writeDesign("hook", kHook)) + " --db " + db);
  ASSERT_EQ(hook.status, 0) << hook.err;
  EXPECT_EQ(hook.out, "design 1: ring-and-hook: level 2, Junior\n");  // (2 moves: docs/disassembly.md)
  const auto plug = runPiecework("catalog add-design " + quoted(writeDesign("plug", kPlug)) + " --db " + db);
  ASSERT_EQ(plug.status, 0) << plug.err;
  EXPECT_EQ(plug.out, "design 2: ring-hook-and-plug: level 1.2, Starter\n");
  // Nothing comes apart: stored with solutions 0 and no level, and it says so.
  const auto locked =
      runPiecework("catalog add-design " + quoted(writeDesign("locked", kLocked)) + " --db " + db);
  ASSERT_EQ(locked.status, 0) << locked.err;
  EXPECT_EQ(locked.out, "design 3: ring-and-z: does not come apart (solutions 0, no level)\n");
  EXPECT_EQ(sqlValue(db,
                     "SELECT coalesce(level, 'null') || ' ' || solutions || ' ' || coalesce(grade, "
                     "'null') FROM designs WHERE id = 3"),
            "null 0 null");
  // The same design again is not stored twice.
  const auto again = runPiecework("catalog add-design " + quoted(writeDesign("hook", kHook)) + " --db " + db);
  ASSERT_EQ(again.status, 0) << again.err;
  EXPECT_EQ(again.out, "design 1: ring-and-hook: level 2, Junior (stored already)\n");
  EXPECT_EQ(sqlValue(db, "SELECT count(*) FROM designs"), "3");

  const auto shown = runPiecework("catalog show --design 2 --json --db " + db);
  ASSERT_EQ(shown.status, 0) << shown.err;
  const nlohmann::json j = nlohmann::json::parse(shown.out);
  EXPECT_EQ(j["id"], 2);
  EXPECT_EQ(j["name"], "ring-hook-and-plug");
  EXPECT_EQ(j["disassembly_level"], "1.2");
  EXPECT_EQ(j["level"], "Starter");
  EXPECT_EQ(j["solutions"], 1);
  EXPECT_EQ(j["assemblies"], 1);  // (the ring, the hook through it and the plug fit one way)
  const auto listed = runPiecework("catalog list --designs --db " + db);
  ASSERT_EQ(listed.status, 0) << listed.err;
  EXPECT_EQ(lines(listed.out), 4) << listed.out;  // a header and the three designs
  EXPECT_TRUE(piecework::test::contains(listed.out, "(does not come apart)")) << listed.out;
  // The challenges' list is as it was: none stored.
  const auto challenges = runPiecework("catalog list --db " + db);
  EXPECT_EQ(challenges.status, 0) << challenges.err;
  EXPECT_TRUE(challenges.out.empty()) << challenges.out;
}

TEST(CatalogDesigns, AGradeTableOfOnesOwnIsStoredAndChecked) {
  const std::string dir = piecework::test::tempDir();
  const std::string db = dir + "/c.sqlite";
  // Junior from 3 moves: the hook's level 2 is a Starter by this table (a Junior by the fixed one).
  const std::string table = piecework::test::writeTempFile(
      "house.json", R"({"interlock_grades": "house", "starts": [1, 3, 5, 10, 20], "cross_validation": ""})");
  const auto own = runPiecework("catalog add-design " + quoted(writeDesign("hook", kHook)) + " --grades " +
                                quoted(table) + " --db " + db);
  ASSERT_EQ(own.status, 0) << own.err;
  EXPECT_EQ(own.out, "design 1: ring-and-hook: level 2, Starter (grades: house)\n");
  const auto fixed = runPiecework("catalog add-design " + quoted(writeDesign("hook", kHook)) + " --db " + db);
  EXPECT_EQ(fixed.out, "design 2: ring-and-hook: level 2, Junior\n");  // (another grade table: another row)
  EXPECT_EQ(runPiecework("catalog check --db " + db).status, 0);
  // The fixed grade written into the row graded by the table is damage.
  sqlValue(db, "UPDATE designs SET grade = 'Junior' WHERE id = 1");
  const auto check = runPiecework("catalog check --db " + db);
  EXPECT_EQ(check.status, 2);
  EXPECT_TRUE(piecework::test::contains(check.out, "design 1: grade Junior is not the grade of level 2"))
      << check.out;
}

TEST(CatalogDesigns, BurrToolsProblemsAreChosenByNumber) {
  const std::string dir = piecework::test::tempDir();
  const std::string file = dir + "/slabs.xmpuzzle";
  piecework::test::writeGzip(file, kTwoSlabs);
  const std::string db = dir + "/c.sqlite";
  const auto first = runPiecework("catalog add-design " + quoted(file) + " --json --db " + db);
  ASSERT_EQ(first.status, 0) << first.err;
  const nlohmann::json one = nlohmann::json::parse(first.out);
  EXPECT_EQ(one["problem"], 1);
  EXPECT_EQ(one["disassembly_level"], "1");
  EXPECT_EQ(one["level"], "Starter");
  EXPECT_EQ(one["assemblies"], 1);
  EXPECT_EQ(one["solutions"], 1);
  const auto second = runPiecework("catalog add-design " + quoted(file + "#2") + " --json --db " + db);
  ASSERT_EQ(second.status, 0) << second.err;
  EXPECT_EQ(nlohmann::json::parse(second.out)["problem"], 2);
  EXPECT_EQ(sqlValue(db, "SELECT group_concat(problem) FROM designs"), "1,2");
  const auto check = runPiecework("catalog check --db " + db);
  EXPECT_EQ(check.status, 0) << check.out << check.err;
}

TEST(CatalogDesigns, BadInputIsOneLineAndStoresNothing) {
  const std::string dir = piecework::test::tempDir();
  const std::string file = dir + "/slabs.xmpuzzle";
  piecework::test::writeGzip(file, kTwoSlabs);
  std::string unknownGrid = kTwoSlabs;
  unknownGrid.replace(unknownGrid.find("type=\"0\"/>"), 10, "type=\"9\"/>");
  piecework::test::writeGzip(dir + "/grid.xmpuzzle", unknownGrid);
  const std::string db = dir + "/c.sqlite";
  for (const std::string& argument :
       {dir + "/missing.toml", dir + "/missing.xmpuzzle", dir + "/grid.xmpuzzle", file + "#x", file + "#",
        file + "#0", file + "#3", std::string("iq-fit")}) {
    const auto r = runPiecework("catalog add-design " + quoted(argument) + " --db " + db);
    EXPECT_EQ(r.status, 2) << argument << ": " << r.err;
    EXPECT_EQ(lines(r.err), 1) << argument << ": " << r.err;
    EXPECT_TRUE(r.out.empty()) << argument;
  }
  EXPECT_FALSE(std::filesystem::exists(db));  // (nothing was taken apart, so no catalog was made)
}

TEST(CatalogDesigns, ExportAndImportRoundTrip) {
  const std::string dir = piecework::test::tempDir();
  const std::string db = dir + "/c.sqlite", copy = dir + "/copy.sqlite";
  for (const auto& [name, text] : {std::pair{"hook", kHook}, {"locked", kLocked}})
    ASSERT_EQ(runPiecework("catalog add-design " + quoted(writeDesign(name, text)) + " --db " + db).status,
              0);
  const auto exported = runPiecework("catalog export --out " + dir + "/e.jsonl --db " + db);
  ASSERT_EQ(exported.status, 0) << exported.err;
  EXPECT_EQ(exported.out, db + ": exported 0 challenges and 2 designs to " + dir + "/e.jsonl\n");
  const auto imported = runPiecework("catalog import " + dir + "/e.jsonl --db " + copy);
  ASSERT_EQ(imported.status, 0) << imported.err;
  EXPECT_TRUE(piecework::test::contains(imported.out, "imported 2 designs")) << imported.out;
  const std::string columns =
      "SELECT group_concat(name || '|' || definition || '|' || assemblies || '|' || solutions || '|' || "
      "coalesce(level, '-') || '|' || coalesce(grade, '-') || '|' || added_at, '/') FROM designs";
  EXPECT_EQ(sqlValue(copy, columns), sqlValue(db, columns));
  // A second import finds them there.
  const auto twice = runPiecework("catalog import " + dir + "/e.jsonl --db " + copy);
  EXPECT_TRUE(piecework::test::contains(twice.out, "imported 0 designs, skipped 2")) << twice.out;
  // A line whose level is not the one computed is refused, naming the line, and nothing is stored.
  const std::string exportText = runPiecework("catalog export --db " + db).out;
  std::string line = exportText.substr(0, exportText.find('\n'));  // (the hook's: level 2)
  line.replace(line.find("\"disassembly_level\":\"2\""), 23, "\"disassembly_level\":\"3\"");
  const std::string bad = piecework::test::writeTempFile("bad.jsonl", line + "\n");
  const auto refused = runPiecework("catalog import " + quoted(bad) + " --db " + dir + "/third.sqlite");
  EXPECT_EQ(refused.status, 2) << refused.err;
  EXPECT_EQ(lines(refused.err), 1) << refused.err;
  EXPECT_TRUE(piecework::test::contains(refused.err, "bad.jsonl:1: design: level 3 stored, 2 found"))
      << refused.err;
  EXPECT_FALSE(std::filesystem::exists(dir + "/third.sqlite"));
}

TEST(CatalogDesigns, CheckFindsATamperedLevel) {
  const std::string db = piecework::test::tempDir() + "/c.sqlite";
  ASSERT_EQ(runPiecework("catalog add-design " + quoted(writeDesign("hook", kHook)) + " --db " + db).status,
            0);
  ASSERT_EQ(runPiecework("catalog add-design " + quoted(writeDesign("plug", kPlug)) + " --db " + db).status,
            0);
  EXPECT_EQ(runPiecework("catalog check --db " + db).status, 0);
  // A level edited to another that grades the same (3 is Junior as 2 is) passes every quick look.
  sqlValue(db, "UPDATE designs SET level = '3' WHERE id = 1");
  const auto check = runPiecework("catalog check --db " + db);
  EXPECT_EQ(check.status, 2);
  EXPECT_EQ(check.out, "design 1: level 3 stored, 2 found taking it apart again\n");
  EXPECT_EQ(lines(check.err), 1) << check.err;
  // A grade that is not its level's is caught by the quick check too: list refuses the row by its id, and
  // --skip-damaged leaves it out and lists the other.
  sqlValue(db, "UPDATE designs SET level = '2', grade = 'Wizard' WHERE id = 1");
  const auto listed = runPiecework("catalog list --designs --db " + db);
  EXPECT_EQ(listed.status, 2);
  EXPECT_TRUE(piecework::test::contains(listed.err, "design 1: damaged row: grade Wizard")) << listed.err;
  EXPECT_EQ(lines(listed.err), 1) << listed.err;
  const auto skipped = runPiecework("catalog list --designs --skip-damaged --db " + db);
  EXPECT_EQ(skipped.status, 0) << skipped.err;
  EXPECT_EQ(lines(skipped.out), 2) << skipped.out;
  EXPECT_EQ(runPiecework("catalog export --db " + db).status, 2);
  // Nothing was lost: the row is there as it was left.
  EXPECT_EQ(sqlValue(db, "SELECT level || ' ' || grade FROM designs WHERE id = 1"), "2 Wizard");
}

TEST(CatalogDesigns, AVersion4CatalogReadsWithoutDesignsAndMigratesForWriting) {
  const std::string dir = piecework::test::tempDir();
  const std::string db = dir + "/c.sqlite";
  ASSERT_EQ(runPiecework("catalog add-design " + quoted(writeDesign("hook", kHook)) + " --db " + db).status,
            0);
  // The catalog as version 4 left it: the designs table is what version 5 added.
  sqlValue(db, "DROP TABLE designs; PRAGMA user_version = 4");
  ASSERT_EQ(sqlValue(db, "PRAGMA user_version"), "4");
  const auto listed = runPiecework("catalog list --designs --db " + db);
  EXPECT_EQ(listed.status, 0) << listed.err;
  EXPECT_TRUE(listed.out.empty()) << listed.out;
  EXPECT_EQ(runPiecework("catalog check --db " + db).status, 0);
  EXPECT_EQ(sqlValue(db, "PRAGMA user_version"), "4");  // (read-only: not migrated)
  const auto added = runPiecework("catalog add-design " + quoted(writeDesign("plug", kPlug)) + " --db " + db);
  ASSERT_EQ(added.status, 0) << added.err;
  EXPECT_EQ(sqlValue(db, "PRAGMA user_version"), "5");
  EXPECT_EQ(sqlValue(db, "SELECT name || ' ' || level FROM designs"), "ring-hook-and-plug 1.2");
}

}  // namespace

// SPDX-License-Identifier: Apache-2.0
// BurrTools files with several problems (each reachable, `show` lists them) and in other encodings than
// UTF-8: Latin-1 without a declaration (as BurrTools writes on many systems), declared encodings, unknown
// ones.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "support/lattice_checks.hpp"
#include "support/run.hpp"

namespace {

using piecework::test::runPiecework;

using piecework::test::oneLine;
using piecework::test::writeGzip;

// Three problems, the names in Latin-1 bytes ("\xe9" is e acute, "\xfc" u umlaut): a domino on two cells, a
// straight tromino twice in a 2 x 3 tray, four dominoes in a 2 x 2 x 2 box. `declaration` opens the text.
std::string threeProblems(const std::string& declaration) {
  return declaration + R"(
<puzzle version="2">
  <gridType type="0"/>
  <colors/>
  <shapes>
    <voxel x="2" y="1" z="1" name="pair" type="0">##</voxel>
    <voxel x="3" y="2" z="1" name="tray" type="0">######</voxel>
    <voxel x="3" y="1" z="1" name="tromino" type="0">###</voxel>
    <voxel x="2" y="2" z="2" name="box" type="0">########</voxel>
    <voxel x="2" y="1" z="1" name="domino" type="0">##</voxel>
  </shapes>
  <problems>
    <problem name="caf)"
                       "\xe9"
                       R"(" state="0"><shapes><shape id="4" count="1"/></shapes><result id="0"/></problem>
    <problem name="tr)"
                       "\xe9"
                       R"(s" state="0"><shapes><shape id="2" count="2"/></shapes><result id="1"/></problem>
    <problem name="w)"
                       "\xfc"
                       R"(rfel" state="0"><shapes><shape id="4" count="4"/></shapes><result id="3"/></problem>
  </problems>
</puzzle>
)";
}

}  // namespace

TEST(BurrToolsProblems, ShowListsEveryProblemAndEachIsReachable) {
  const std::string dir = piecework::test::tempDir();
  const std::string file = dir + "/three.xmpuzzle";
  writeGzip(file, threeProblems("<?xml version=\"1.0\"?>"));  // Latin-1, undeclared
  const auto shown = runPiecework("show '" + file + "#3' --json");
  ASSERT_EQ(shown.status, 0) << shown.err;
  const auto json = nlohmann::json::parse(shown.out);
  ASSERT_EQ(json["problems"].size(), 3U);
  // The names come out as UTF-8 ("\u00e9", "\u00fc").
  EXPECT_EQ(json["problems"][0]["name"], "caf\u00e9");
  EXPECT_EQ(json["problems"][1]["name"], "tr\u00e9s");
  EXPECT_EQ(json["problems"][2]["name"], "w\u00fcrfel");
  EXPECT_EQ(json["problems"][2]["number"], 3);
  EXPECT_FALSE(json["problems"][0]["selected"]);
  EXPECT_TRUE(json["problems"][2]["selected"]);
  EXPECT_EQ(json["cells"], 8);  // the box of problem 3
  const auto text = runPiecework("show '" + file + "#2'");
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_NE(text.out.find("3 problems in the file"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("tr\u00e9s  <- shown"), std::string::npos) << text.out;
  // Hand counts: a domino on two cells, 1; two trominoes in the tray, 1; dominoes in the 2 x 2 x 2 box, 9.
  for (const auto& [selector, solutions] : {std::pair{"#1", 1}, std::pair{"#2", 1}, std::pair{"#3", 9},
                                            std::pair{"#w\u00fcrfel", 9}, std::pair{"#tr\u00e9s", 1}}) {
    const auto r = runPiecework("count '" + file + selector + "' --json");
    ASSERT_EQ(r.status, 0) << selector << ": " << r.err;
    EXPECT_EQ(nlohmann::json::parse(r.out)["solutions"], solutions) << selector;
  }
}

TEST(BurrToolsProblems, DeclaredEncodingsAreReadAndUnknownOnesGetOneLine) {
  const std::string dir = piecework::test::tempDir();
  for (const char* declared : {"ISO-8859-1", "windows-1252", "latin1"}) {
    const std::string file = dir + "/" + declared + ".xmpuzzle";
    writeGzip(file, threeProblems(std::string("<?xml version=\"1.0\" encoding=\"") + declared + "\"?>"));
    const auto r = runPiecework("show '" + file + "#2' --json");
    ASSERT_EQ(r.status, 0) << declared << ": " << r.err;
    EXPECT_EQ(nlohmann::json::parse(r.out)["problems"][1]["name"], "tr\u00e9s") << declared;
  }
  // UTF-8 text stays UTF-8 (it is not taken for Latin-1).
  std::string utf8 = threeProblems("<?xml version=\"1.0\"?>");
  for (std::size_t at; (at = utf8.find('\xe9')) != std::string::npos;) utf8.replace(at, 1, "\u00e9");
  for (std::size_t at; (at = utf8.find('\xfc')) != std::string::npos;) utf8.replace(at, 1, "\u00fc");
  writeGzip(dir + "/utf8.xmpuzzle", utf8);
  const auto same = runPiecework("show '" + dir + "/utf8.xmpuzzle#caf\u00e9' --json");
  ASSERT_EQ(same.status, 0) << same.err;
  EXPECT_EQ(nlohmann::json::parse(same.out)["problems"][0]["name"], "caf\u00e9");
  // An encoding nobody knows, and UTF-8 declared over Latin-1 bytes: one line naming the file and line.
  writeGzip(dir + "/klingon.xmpuzzle", threeProblems("<?xml version=\"1.0\" encoding=\"x-klingon-8\"?>"));
  writeGzip(dir + "/liar.xmpuzzle", threeProblems("<?xml version=\"1.0\" encoding=\"UTF-8\"?>"));
  for (const auto& [name, says] :
       {std::pair{"klingon", "klingon.xmpuzzle:1: "}, std::pair{"liar", "liar.xmpuzzle:"}}) {
    const auto r = runPiecework("show '" + dir + "/" + name + ".xmpuzzle'");
    EXPECT_EQ(r.status, 2) << name;
    EXPECT_NE(r.err.find(says), std::string::npos) << r.err;
    EXPECT_TRUE(oneLine(r.err)) << r.err;
  }
}

// SPDX-License-Identifier: Apache-2.0
// count, solve and rate --disassemble on designs of our own whose levels are counted by hand
// (tests/disassembly_test.cpp takes the same assemblies apart, and checks them against a brute force).
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "disassembly/separation.hpp"
#include "puzzle/burrtools.hpp"
#include "support/interlocking_designs.hpp"
#include "support/run.hpp"

namespace piecework {
namespace {

using test::kHook;
using test::kLocked;
using test::kPlug;
using test::runPiecework;
using test::writeDesign;

nlohmann::json countJson(const std::string& path) {
  const auto r = runPiecework("count " + path + " --disassemble --json");
  EXPECT_EQ(r.status, 0) << r.err;
  return nlohmann::json::parse(r.out);
}

TEST(DisassemblyCli, CountsWhatComesApartWithLevels) {
  const nlohmann::json hook = countJson(writeDesign("hook", kHook));
  EXPECT_EQ(hook["disassemblable"], 1);
  EXPECT_EQ(hook["levels"], nlohmann::json::array({"2"}));
  const nlohmann::json plug = countJson(writeDesign("plug", kPlug));
  EXPECT_EQ(plug["disassemblable"], 1);
  EXPECT_EQ(plug["levels"], nlohmann::json::array({"1.2"}));
  const nlohmann::json locked = countJson(writeDesign("locked", kLocked));
  EXPECT_EQ(locked["solutions"], 1);  // (it assembles)
  EXPECT_EQ(locked["disassemblable"], 0);
  EXPECT_EQ(locked["levels"], nlohmann::json::array());
}

TEST(DisassemblyCli, SolvePrintsTheMovesInWords) {
  const auto r = runPiecework("solve " + writeDesign("plug", kPlug) + " --disassemble");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("level 1.2\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  take C out, moving up\n  move B 1 right\n  take A out, moving up\n"),
            std::string::npos)
      << r.out;
  const auto json = runPiecework("solve " + writeDesign("hook", kHook) + " --disassemble --json");
  ASSERT_EQ(json.status, 0) << json.err;
  EXPECT_EQ(nlohmann::json::parse(json.out)["solutions"][0]["moves"],
            nlohmann::json::array({"move B 1 right", "take A out, moving up"}));
}

TEST(DisassemblyCli, RateGradesByTheLevel) {
  const auto r = runPiecework("rate " + writeDesign("hook", kHook) + " --disassemble --json");
  ASSERT_EQ(r.status, 0) << r.err;
  const nlohmann::json json = nlohmann::json::parse(r.out);
  EXPECT_EQ(json["disassembly_level"], "2");
  EXPECT_EQ(json["level"], "Junior");  // (2 moves to the first separation: docs/disassembly.md's table)
  EXPECT_EQ(json["solutions"], 1);
  const auto locked = runPiecework("rate " + writeDesign("locked", kLocked) + " --disassemble --json");
  ASSERT_EQ(locked.status, 0) << locked.err;
  const nlohmann::json none = nlohmann::json::parse(locked.out);
  EXPECT_EQ(none["comes_apart"], false);
  EXPECT_FALSE(none.contains("level"));  // (no grade: left out, not null)
  EXPECT_FALSE(none.contains("disassembly_level"));
  EXPECT_EQ(none["solutions"], 0);
}

// convert --disassemble writes the disassembly as BurrTools stores it, and reading the file back finds it:
// the plug design's assembly and moves, worked out by hand in BurrTools' terms (each piece's position and
// turn; per move every piece's position; a removed piece 30,000 units out in a separation's last state).
TEST(DisassemblyCli, ConvertStoresTheDisassemblyForBurrTools) {
  const std::string out = test::tempDir() + "/plug.xmpuzzle";
  const auto r = runPiecework("convert " + writeDesign("plug", kPlug) + " '" + out + "' --disassemble");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("1 of 1 assemblies come apart"), std::string::npos) << r.out;
  const std::string xml = burrToolsXmlText(out);
  EXPECT_NE(xml.find("state=\"2\" assemblies=\"1\" solutions=\"1\""), std::string::npos) << xml;
  // The ring at (0, 0, 1), the hook at (0, 1, 0), the plug at (2, 1, 1), none turned (transformation 0).
  EXPECT_NE(xml.find("<assembly>0 0 1 0 0 1 0 0 2 1 1 0</assembly>"), std::string::npos) << xml;
  // The plug lifts out (1 move); then the hook slides 1 right and the ring lifts off (2 moves).
  EXPECT_NE(xml.find("<separation><pieces count=\"3\">0 1 2</pieces>"
                     "<state><dx>0 0 2</dx><dy>0 1 1</dy><dz>1 0 1</dz></state>"
                     "<state><dx>0 0 2</dx><dy>0 1 1</dy><dz>1 0 30001</dz></state>"
                     "<separation type=\"left\"><pieces count=\"2\">0 1</pieces>"
                     "<state><dx>0 0</dx><dy>0 1</dy><dz>1 0</dz></state>"
                     "<state><dx>0 1</dx><dy>0 1</dy><dz>1 0</dz></state>"
                     "<state><dx>0 1</dx><dy>0 1</dy><dz>30001 0</dz></state></separation></separation>"),
            std::string::npos)
      << xml;
  // Read back: the stored level is the one computed (count compares them).
  const nlohmann::json back = countJson(out);
  EXPECT_EQ(back["stored_solutions"], 1);
  EXPECT_EQ(back["stored_levels"], nlohmann::json::array({"1.2"}));
  EXPECT_EQ(back["levels"], nlohmann::json::array({"1.2"}));
  EXPECT_EQ(back["stored_levels_agree"], true);
  // A design that does not come apart is stored solved, with no solution.
  const std::string locked = test::tempDir() + "/locked.xmpuzzle";
  ASSERT_EQ(
      runPiecework("convert " + writeDesign("locked", kLocked) + " '" + locked + "' --disassemble").status,
      0);
  EXPECT_NE(burrToolsXmlText(locked).find("solutions=\"0\""), std::string::npos);
  EXPECT_EQ(countJson(locked)["stored_solutions"], 0);
}

// Six-piece burrs by the standard numbering of their pieces (Kaenel numbers, as on IBM's burr puzzles site,
// research.ibm.com/BurrPuzzles/Burr6.html, and in Aaron Siegel's puzzlecad): a stick of length x 2 x 2 (x
// along it) and number - 1 in binary says which cubes of its middle are cut out: bits 0 to 3 the upper
// front row's four middle cubes, bits 4 to 7 the upper back row's, bits 8 and 9 the lower front row's two
// middle cubes, bits 10 and 11 the lower back row's.
std::string burrPiece(char letter, int number, int length) {
  const int cut = number - 1, middle = length / 2;
  auto removed = [&](int x, int y, int z) {
    if (z == 1 && x >= middle - 2 && x <= middle + 1) return (cut >> (x - middle + 2 + 4 * y) & 1) != 0;
    if (z == 0 && x >= middle - 1 && x <= middle) return (cut >> (8 + x - middle + 1 + 2 * y) & 1) != 0;
    return false;
  };
  std::string cubes;
  for (int z = 0; z < 2; ++z)
    for (int y = 0; y < 2; ++y)
      for (int x = 0; x < length; ++x)
        if (!removed(x, y, z))
          cubes += (cubes.empty() ? "[" : ", [") + std::to_string(x) + ", " + std::to_string(y) + ", " +
                   std::to_string(z) + "]";
  return "\n[[piece]]\nletter = \"" + std::string(1, letter) + "\"\nname = \"" + std::to_string(number) +
         "\"\nmoves = \"turn\"\ncubes = [" + cubes + "]\n";
}

// The six-piece burr's shape: three pairs of sticks along x, y and z through a box of length cubed; the
// central 4 x 4 x 4 cubes may stay empty (a holey burr's holes), the sticks' ends must be filled.
std::string burrDesign(const std::string& name, const std::vector<int>& numbers, int length) {
  const int c = length / 2;
  auto near = [c](int v) { return v >= c - 2 && v <= c + 1; };
  auto pair = [c](int v) { return v == c - 1 || v == c; };
  std::string board;
  for (int z = 0; z < length; ++z)
    for (int y = 0; y < length; ++y) {
      board += y > 0 ? "/" : z > 0 ? "|" : "";
      for (int x = 0; x < length; ++x) {
        const bool in = (pair(y) && near(z)) || (pair(z) && near(x)) || (pair(x) && near(y));
        board += !in ? '#' : near(x) && near(y) && near(z) ? '+' : '.';
      }
    }
  std::string design = "name = \"" + name + "\"\nlattice = \"cubic\"\nboard = \"" + board + "\"\n";
  for (std::size_t k = 0; k < numbers.size(); ++k)
    design += burrPiece(static_cast<char>('A' + k), numbers[k], length);
  return writeDesign(name, design.c_str());
}

// Published burrs with their published levels (the pieces' numbers as listed in a public OpenSCAD model of
// classic burr sets, "philippe_dubois", "computer_s_choice_unique_10", "love_s_dozen"):
// - Philippe Dubois' burr: "Assemblies : 2 Solutions : 1 Moves : 6.4" (Pio2001, "6-piece burrs",
//   puzzle-place.com forum, 2011).
// - Bill Cutler's Computer's Choice Unique 10, of sticks 8 long: "it requires 10 moves to remove the first
//   piece" (puzzlemad.co.uk, "Bill Cutler's Computer's Choice Unique 10", 2011), its only solution.
// - Bruce Love's Love's Dozen: "level-12, but not unique" (Bill Cutler, Holey 6-Piece Burr!, addendum,
//   home.comcast.net/~billcutler/docs/H6PB/addendum.html): its hardest solution takes 12 moves to the first
//   piece.
TEST(DisassemblyCli, PublishedBurrsHaveTheirPublishedLevels) {
  const nlohmann::json dubois = countJson(burrDesign("dubois", {120, 160, 256, 512, 880, 960}, 6));
  EXPECT_EQ(dubois["assemblies"], 2);
  EXPECT_EQ(dubois["disassemblable"], 1);
  EXPECT_EQ(dubois["levels"], nlohmann::json::array({"6.4"}));
  const nlohmann::json unique10 = countJson(burrDesign("unique-10", {624, 702, 768, 883, 1015, 1024}, 8));
  EXPECT_EQ(unique10["disassemblable"], 1);
  EXPECT_EQ(unique10["levels"], nlohmann::json::array({"10"}));
  const nlohmann::json dozen = countJson(burrDesign("loves-dozen", {88, 512, 704, 960, 992, 1008}, 6));
  EXPECT_GT(dozen["disassemblable"].get<int>(), 1);  // (not unique)
  ASSERT_FALSE(dozen["levels"].empty());
  EXPECT_EQ(levelNumbers(dozen["levels"][0].get<std::string>()).front(), 12);
}

TEST(DisassemblyCli, BadRequestsAreOneLineAndStatus2) {
  for (const std::string& args :
       {std::string("count pentominoes-6x10 --disassemble"), std::string("solve iq-fit --disassemble"),
        "count " + writeDesign("hook", kHook) + " --merge-mirrors",
        "count " + writeDesign("hook", kHook) + " --disassemble --challenge '....'",
        "convert " + writeDesign("hook", kHook) + " - --to toml --disassemble",
        "convert iq-fit " + test::tempDir() + "/fit.xmpuzzle --disassemble"}) {
    const auto r = runPiecework(args);
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << args << ": " << r.err;
    EXPECT_TRUE(r.out.empty()) << args;
  }
}

// A stored disassembly that is no XML: the commands that read it say where, in one line (a plain count leaves
// the stored results unread, as docs/interop.md says, and counts).
TEST(DisassemblyCli, DamagedStoredSolutionsAreOneLineWhereTheyAreRead) {
  const std::string stored = test::tempDir() + "/plug-stored.xmpuzzle";
  ASSERT_EQ(runPiecework("convert " + writeDesign("plug", kPlug) + " '" + stored + "' --disassemble").status,
            0);
  std::string xml = burrToolsXmlText(stored);
  const std::size_t at = xml.find("<separation>");
  ASSERT_NE(at, std::string::npos) << xml;
  xml.insert(at, "<<");
  const std::string damaged = test::tempDir() + "/plug-damaged.xmpuzzle";
  std::ofstream(damaged) << xml;
  for (const std::string command : {"count", "solve"}) {
    const auto r = runPiecework(command + " '" + damaged + "' --disassemble");
    EXPECT_EQ(r.status, 2) << command;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << command << ": " << r.err;
    EXPECT_NE(r.err.find("plug-damaged.xmpuzzle:"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("not well-formed"), std::string::npos) << r.err;
  }
  const auto plain = runPiecework("count '" + damaged + "' --json");
  ASSERT_EQ(plain.status, 0) << plain.err;
  EXPECT_EQ(nlohmann::json::parse(plain.out)["assemblies"], 1);
}

}  // namespace
}  // namespace piecework

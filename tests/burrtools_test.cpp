// SPDX-License-Identifier: Apache-2.0
// BurrTools .xmpuzzle files: shipped puzzles round-trip through them and count the same; hand-written files
// with several problems, copies, ranges of copies, variable voxels and colours; malformed files get one line
// and exit status 2.
#include <gtest/gtest.h>

#include <filesystem>

#include <fmt/format.h>

#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "support/exact_cover.hpp"
#include "support/lattice_checks.hpp"
#include "support/run.hpp"
#include "support/temp_dir_test.hpp"

namespace {

using piecework::test::runPiecework;

using piecework::test::oneLine;
using piecework::test::slurp;
using piecework::test::writeGzip;

// `piecework count ARGS --json`'s output (ARGS is shell text), expected to succeed.
std::string countArgs(const std::string& puzzle) {
  const auto r = runPiecework("count " + puzzle + " --json");
  EXPECT_EQ(r.status, 0) << r.err;
  return r.out;
}

// Shapes: 0 a 2 x 3 tray, 1 a straight tromino in colour 1, 2 a 2 x 2 x 2 box, 3 a domino.
constexpr const char* kHandWritten = R"(<?xml version="1.0"?>
<puzzle version="2">
  <gridType type="0"/>
  <colors><color red="255" green="0" blue="0"/></colors>
  <shapes>
    <voxel x="3" y="2" z="1" name="tray" type="0">######</voxel>
    <voxel x="3" y="1" z="1" name="I tromino" type="0">#1#1#1</voxel>
    <voxel x="2" y="2" z="2" name="box" type="0">########</voxel>
    <voxel x="2" y="1" z="1" name="domino" type="0">##</voxel>
  </shapes>
  <problems>
    <problem name="two trominoes" state="0"><shapes><shape id="1" count="2"/></shapes><result id="0"/></problem>
    <problem name="dominoes in a box" state="0"><shapes><shape id="3" count="4"/></shapes><result id="2"/></problem>
    <problem name="some dominoes" state="0"><shapes><shape id="3" min="1" max="3"/></shapes><result id="0"/></problem>
  </problems>
  <comment/>
</puzzle>
)";

// The pieces `show --json` lists: (letter, name).
std::vector<std::pair<std::string, std::string>> piecesOf(const std::string& puzzle) {
  const auto r = runPiecework("show " + puzzle + " --json");
  EXPECT_EQ(r.status, 0) << r.err;
  std::vector<std::pair<std::string, std::string>> out;
  const auto json = nlohmann::json::parse(r.out);
  for (const auto& piece : json.at("pieces"))
    out.emplace_back(piece.at("letter").get<std::string>(), piece.at("name").get<std::string>());
  return out;
}

}  // namespace

TEST(BurrTools, ShippedCubicAndSquarePuzzlesRoundTripAndCountTheSame) {
  const std::string dir = piecework::test::tempDir();
  // Published counts: Soma 11,520 solutions (240 distinct); pentominoes 6 x 10 9,356 (2,339 distinct).
  for (const auto& [name, solutions, distinct] :
       {std::tuple{"soma", 11520, 240}, std::tuple{"pentominoes-6x10", 9356, 2339}}) {
    const std::string xm = dir + "/" + name + ".xmpuzzle", toml = dir + "/" + name + ".toml";
    ASSERT_EQ(runPiecework(std::string("convert ") + name + " '" + xm + "'").status, 0) << name;
    const std::string bytes = slurp(xm);
    ASSERT_GT(bytes.size(), 2U);
    EXPECT_EQ(static_cast<unsigned char>(bytes[0]), 0x1fU);  // gzip magic
    EXPECT_EQ(static_cast<unsigned char>(bytes[1]), 0x8bU);
    const auto back = runPiecework("convert '" + xm + "' '" + toml + "'");
    ASSERT_EQ(back.status, 0) << back.err;
    const std::string expected = fmt::format("\"solutions\":{}", solutions);
    for (const std::string& path : {xm, toml}) {
      const std::string json = countArgs("'" + path + "'");
      EXPECT_NE(json.find("\"distinct\":" + std::to_string(distinct) + ","), std::string::npos)
          << path << json;
      EXPECT_NE(json.find(expected), std::string::npos) << path << json;
    }
  }
}

// A round trip keeps the pieces' letters and names, also where a name does not start with the letter.
TEST(BurrTools, RoundTripKeepsPieceLettersAndNames) {
  const std::string dir = piecework::test::tempDir();
  using Pieces = std::vector<std::pair<std::string, std::string>>;
  // As data/puzzles/super-iq-cube.toml and iq-blocks.toml spell them.
  const Pieces superIqCube{{"A", "2x2x3 block"}, {"B", "1x2x4 block"}, {"C", "unit cube"}};
  Pieces iqBlocks;
  for (int k = 0; k <= 9; ++k) iqBlocks.emplace_back(std::to_string(k), "block " + std::to_string(k));
  // A definition whose letters differ from its names' first characters in case, or have no name (the name is
  // then the letter), or a name that starts with another letter and a space.
  std::ofstream(dir + "/names.toml") << "name = \"names\"\nlattice = \"square\"\nboard = \".../.../...\"\n"
                                        "[[piece]]\nletter = \"B\"\nname = \"blue\"\nshape = \"##\"\n"
                                        "[[piece]]\nletter = \"x\"\nshape = \"###\"\n"
                                        "[[piece]]\nletter = \"q\"\nname = \"L tromino\"\nshape = \"##/#.\"\n"
                                        "[[piece]]\nletter = \"z\"\nname = \"[z]\"\nshape = \"#\"\n";
  const Pieces names{{"B", "blue"}, {"x", "x"}, {"q", "L tromino"}, {"z", "[z]"}};
  for (const auto& [puzzle, expected] : {std::pair<std::string, Pieces>{"super-iq-cube", superIqCube},
                                         {"iq-blocks", iqBlocks},
                                         {"'" + dir + "/names.toml'", names}}) {
    EXPECT_EQ(piecesOf(puzzle), expected) << puzzle;
    const std::string xm = dir + "/round.xmpuzzle", toml = dir + "/round.toml";
    ASSERT_EQ(runPiecework("convert " + puzzle + " '" + xm + "'").status, 0) << puzzle;
    EXPECT_EQ(piecesOf("'" + xm + "'"), expected) << puzzle;
    ASSERT_EQ(runPiecework("convert '" + xm + "' '" + toml + "'").status, 0) << puzzle;
    EXPECT_EQ(piecesOf("'" + toml + "'"), expected) << puzzle;
  }
  // Files written before the letter went into brackets ("A 2x2x3 block") read as they did: the name's first
  // character is the letter and the name stays whole. So does a name such as "L pentomino".
  std::string text = kHandWritten;
  for (const auto& [from, to] :
       {std::pair<std::string, std::string>{"name=\"domino\"", "name=\"A domino\""}}) {
    ASSERT_NE(text.find(from), std::string::npos) << from;
    text.replace(text.find(from), from.size(), to);
  }
  std::ofstream(dir + "/old.xmpuzzle", std::ios::binary) << text;
  EXPECT_EQ(piecesOf("'" + dir + "/old.xmpuzzle#2'"), (Pieces{{"A", "A domino"}}));
  EXPECT_EQ(piecesOf("'" + dir + "/old.xmpuzzle#1'"), (Pieces{{"I", "I tromino"}}));
}

TEST(BurrTools, HandWrittenFileWithProblemsCopiesAndColours) {
  const std::string dir = piecework::test::tempDir();
  const std::string file = dir + "/hand.xmpuzzle";
  writeGzip(file, kHandWritten);
  // Problem 1 (the default): two identical straight trominoes fill the 2 x 3 tray one way.
  EXPECT_NE(countArgs("'" + file + "'").find("\"solutions\":1,"), std::string::npos);
  const auto toml = runPiecework("convert '" + file + "' --to toml");
  ASSERT_EQ(toml.status, 0) << toml.err;
  EXPECT_NE(toml.out.find("lattice = \"square\""), std::string::npos) << toml.out;
  EXPECT_NE(toml.out.find("colour = \"#ff0000\""), std::string::npos) << toml.out;
  EXPECT_NE(toml.out.find("copies = 2"), std::string::npos) << toml.out;
  // Problem 2, by number and by name: four dominoes in a 2 x 2 x 2 box, 9 ways (2 x 2 x n domino tilings:
  // 1, 2, 9, 32, ...); the dlx file counts the copies apart: 9 x 4!.
  EXPECT_NE(countArgs("'" + file + "#2'").find("\"solutions\":9,"), std::string::npos);
  EXPECT_NE(countArgs("'" + file + "#dominoes in a box'").find("\"solutions\":9,"), std::string::npos);
  const auto dlx = runPiecework("convert '" + file + "#2' --to dlx");
  ASSERT_EQ(dlx.status, 0) << dlx.err;
  EXPECT_EQ(piecework::test::countExactCovers(dlx.out), 9U * 24U);
  // Problem 3: 1 to 3 dominoes on the 2 x 3 tray, which must be filled: 3 dominoes, 3 tilings by hand
  // (three upright; one upright at the left or at the right beside two lying).
  EXPECT_NE(countArgs("'" + file + "#3'").find("\"solutions\":3,"), std::string::npos);
  const auto range = runPiecework("convert '" + file + "#3' --to toml");
  ASSERT_EQ(range.status, 0) << range.err;
  EXPECT_NE(range.out.find("copies = [1, 3]"), std::string::npos) << range.out;
  const auto missing = runPiecework("count '" + file + "#7'");
  EXPECT_EQ(missing.status, 2);
  EXPECT_TRUE(oneLine(missing.err)) << missing.err;
}

// BurrTools keeps a tab or a line break typed into a name (as &#9; or &#10; in the XML): piecework prints
// such names with spaces, since a control character on a terminal or in SVG does harm (definitions refuse
// them, docs/puzzle-format.md), and the file still loads.
TEST(BurrTools, ControlCharactersInNamesBecomeSpaces) {
  const std::string dir = piecework::test::tempDir();
  std::string text = kHandWritten;
  for (const auto& [from, to] :
       {std::pair<std::string, std::string>{"name=\"two trominoes\"", "name=\"two&#9;trominoes&#x9b;\""},
        {"name=\"I tromino\"", "name=\"I&#10;tromino\""}}) {
    ASSERT_NE(text.find(from), std::string::npos) << from;
    text.replace(text.find(from), from.size(), to);
  }
  std::ofstream(dir + "/names.xmpuzzle", std::ios::binary) << text;
  const auto shown = runPiecework("show '" + dir + "/names.xmpuzzle'");
  ASSERT_EQ(shown.status, 0) << shown.err;
  EXPECT_NE(shown.out.find("two trominoes "), std::string::npos) << shown.out;
  EXPECT_NE(shown.out.find("I tromino"), std::string::npos) << shown.out;
  EXPECT_EQ(shown.out.find('\t'), std::string::npos) << shown.out;
  EXPECT_EQ(shown.out.find("\xc2\x9b"), std::string::npos) << shown.out;
  const auto toml = runPiecework("convert '" + dir + "/names.xmpuzzle' --to toml");
  ASSERT_EQ(toml.status, 0) << toml.err;
  EXPECT_NE(toml.out.find("title = \"two trominoes \""), std::string::npos) << toml.out;
}

// Letters come from the shapes' names only when their first characters are distinct letters or digits;
// otherwise the pieces are A, B, C, ... and keep their names as written. Unnamed shapes, names sharing an
// initial and names starting with punctuation are ordinary in BurrTools files (a reader that stopped filling
// the names there read past their end).
TEST(BurrTools, PiecesWhoseNamesGiveNoLettersAreLetteredInOrder) {
  const std::string dir = piecework::test::tempDir();
  for (const auto& [file, first, second] :
       {std::tuple{"unnamed", "", ""}, std::tuple{"same-initial", "Vee", "Vel"},
        std::tuple{"punctuation", "-V", "(L)"}}) {
    std::string text = kHandWritten;
    for (const auto& [from, to] :
         {std::pair<std::string, std::string>{"name=\"I tromino\" ", std::string("name=\"") + first + "\" "},
          {"name=\"domino\" ", std::string("name=\"") + second + "\" "}}) {
      ASSERT_NE(text.find(from), std::string::npos) << from;
      text.replace(text.find(from), from.size(), to);
    }
    // Problem 1 has one kind of piece: make it a tromino and a domino on a tray of 3 x 2 with a hole.
    const std::string two = "<shape id=\"1\" count=\"2\"/>", tray = ">######<";
    text.replace(text.find(two), two.size(), "<shape id=\"1\" count=\"1\"/><shape id=\"3\" count=\"1\"/>");
    text.replace(text.find(tray), tray.size(), ">#####_<");
    const std::string path = dir + "/" + file + ".xmpuzzle";
    std::ofstream(path, std::ios::binary) << text;
    const auto toml = runPiecework("convert '" + path + "' --to toml");
    ASSERT_EQ(toml.status, 0) << file << ": " << toml.err;
    EXPECT_NE(toml.out.find("letter = \"A\""), std::string::npos) << toml.out;
    EXPECT_NE(toml.out.find("letter = \"B\""), std::string::npos) << toml.out;
    if (std::string(first).empty()) continue;
    EXPECT_NE(toml.out.find(std::string("name = \"") + first + "\""), std::string::npos) << toml.out;
    EXPECT_NE(toml.out.find(std::string("name = \"") + second + "\""), std::string::npos) << toml.out;
  }
}

// A file called in another encoding than UTF-8 (caf\xe9, Latin-1) still loads; its name shows U+FFFD there.
TEST(BurrTools, AFileNameThatIsNotUtf8) {
  const std::string dir = piecework::test::tempDir();
  const std::string path = dir + "/caf\xe9.xmpuzzle";
  std::ofstream(path, std::ios::binary) << kHandWritten;
  const auto shown = runPiecework("show '" + path + "' --json");
  ASSERT_EQ(shown.status, 0) << shown.err;
  EXPECT_NE(shown.out.find("\"name\":\"caf\xef\xbf\xbd\""), std::string::npos) << shown.out;
}

TEST(BurrTools, MalformedFilesAndOtherGridsGetOneLine) {
  const std::string dir = piecework::test::tempDir();
  writeGzip(dir + "/broken.xmpuzzle", "<puzzle version=\"2\"><shapes><voxel x=\"1\"");
  std::ofstream(dir + "/notgzip.xmpuzzle", std::ios::binary) << std::string("\x1f\x8b\x08\x00garbage", 12);
  // (grid type 5: none BurrTools knows; types 1 to 4 are read, tests/prisms_test.cpp and others)
  writeGzip(dir + "/othergrid.xmpuzzle",
            "<puzzle version=\"2\"><gridType type=\"5\"/><shapes/><problems/></puzzle>");
  writeGzip(dir + "/short.xmpuzzle",
            "<puzzle><shapes><voxel x=\"2\" y=\"2\" z=\"1\" type=\"0\">###</voxel></shapes></puzzle>");
  // A colour above BurrTools' 63 and a min above max, each named with its line.
  writeGzip(dir + "/coloured.xmpuzzle",
            "<puzzle>\n<shapes>\n<voxel x=\"2\" y=\"1\" z=\"1\" type=\"0\">#64#</voxel>\n"
            "<voxel x=\"1\" y=\"1\" z=\"1\" type=\"0\">#</voxel>\n</shapes>\n<problems><problem><shapes>"
            "<shape id=\"1\" count=\"2\"/></shapes><result id=\"0\"/></problem></problems></puzzle>");
  writeGzip(dir + "/minmax.xmpuzzle",
            "<puzzle>\n<shapes>\n<voxel x=\"2\" y=\"1\" z=\"1\" type=\"0\">##</voxel>\n"
            "<voxel x=\"1\" y=\"1\" z=\"1\" type=\"0\">#</voxel>\n</shapes>\n<problems><problem><shapes>\n"
            "<shape id=\"1\" min=\"3\" max=\"2\"/></shapes><result id=\"0\"/></problem></problems></puzzle>");
  const struct {
    const char* file;
    const char* says;
  } cases[] = {{"broken.xmpuzzle", "broken.xmpuzzle:1:"},
               {"notgzip.xmpuzzle", "notgzip.xmpuzzle"},
               {"othergrid.xmpuzzle", "grid type 5 (unknown) is not supported"},
               {"short.xmpuzzle", "needs 4"},
               {"coloured.xmpuzzle", "coloured.xmpuzzle:3: voxel data: colour 64 is above 63"},
               {"minmax.xmpuzzle", "minmax.xmpuzzle:7: min=\"3\" is more than max=\"2\""},
               {"absent.xmpuzzle", "absent.xmpuzzle"}};
  for (const auto& c : cases) {
    const auto r = runPiecework(std::string("count '") + dir + "/" + c.file + "'");
    EXPECT_EQ(r.status, 2) << c.file;
    EXPECT_NE(r.err.find(c.says), std::string::npos) << c.file << ": " << r.err;
    EXPECT_TRUE(oneLine(r.err)) << c.file << ": " << r.err;
  }
  const auto hex = runPiecework("convert iq-link '" + dir + "/link.xmpuzzle'");
  EXPECT_EQ(hex.status, 2);
  EXPECT_TRUE(oneLine(hex.err)) << hex.err;
  const auto fit = runPiecework("convert iq-fit '" + dir + "/fit.xmpuzzle'");
  EXPECT_EQ(fit.status, 2);
  EXPECT_NE(fit.err.find("turned over"), std::string::npos) << fit.err;
  // Written as cubes, IQ Stars' triangular cells would count 332 tilings instead of its 381.
  const auto stars = runPiecework("convert iq-stars '" + dir + "/stars.xmpuzzle'");
  EXPECT_EQ(stars.status, 2);
  EXPECT_NE(stars.err.find("triangular boards are not written"), std::string::npos) << stars.err;
  EXPECT_TRUE(oneLine(stars.err)) << stars.err;
  EXPECT_FALSE(std::filesystem::exists(dir + "/stars.xmpuzzle"));
}

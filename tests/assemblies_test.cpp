// SPDX-License-Identifier: Apache-2.0
// `count`'s three numbers: solutions (every filling), distinct (up to the board's symmetries, mirrors where
// the pieces allow) and assemblies (as BurrTools counts: up to turns of the whole, mirror images apart unless
// every piece is its own mirror image), and the count a BurrTools file stores.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <string>
#include <tuple>

#include "support/lattice_checks.hpp"
#include "support/run.hpp"

namespace {

using nlohmann::json;
using piecework::test::runPiecework;
using piecework::test::writeGzip;

json countJson(const std::string& puzzle) {
  const auto r = runPiecework("count " + puzzle + " --json");
  EXPECT_EQ(r.status, 0) << r.err;
  return json::parse(r.out);
}

}  // namespace

TEST(Assemblies, PublishedAndBurrToolsFigures) {
  // Soma: 11,520 fillings, 240 up to rotations and mirrors (published); BurrTools 0.7.1 counts 240
  // assemblies on a Soma file without colours (issue 39; 480 once the two screw pieces differ in colour,
  // which made them no mirror pair to its assembler): the two screw pieces are each other's mirror images.
  // Pentominoes 6 x 10: 2,339 (published); a flat board turned over in space is its mirror image, so
  // BurrTools merges those too. Pentacubes 2 x 3 x 10: 12 (published), every planar piece is its own mirror
  // image, so BurrTools merges mirror images.
  for (const auto& [name, solutions, distinct, assemblies] :
       {std::tuple{"soma", 11520, 240, 240}, std::tuple{"pentominoes-6x10", 9356, 2339, 2339},
        std::tuple{"pentacubes-2x3x10", 96, 12, 12}}) {
    const json counted = countJson(name);
    EXPECT_EQ(counted["solutions"], solutions) << name;
    EXPECT_EQ(counted["distinct"], distinct) << name;
    EXPECT_EQ(counted["assemblies"], assemblies) << name;
  }
  // Soma exported to BurrTools counts the same: its voxels carry no colours that would break the pair.
  const std::string dir = piecework::test::tempDir();
  ASSERT_EQ(runPiecework("convert soma '" + dir + "/soma.xmpuzzle'").status, 0);
  EXPECT_EQ(countJson("'" + dir + "/soma.xmpuzzle'")["assemblies"], 240);
}

// Soma exported to BurrTools with the two screw pieces (A and B, each other's mirror image) in two colours
// and an uncoloured cube, so the colours constrain nothing.
static std::string colouredSomaFile() {
  const std::string dir = piecework::test::tempDir();
  EXPECT_EQ(runPiecework("convert soma '" + dir + "/soma.xmpuzzle'").status, 0);
  EXPECT_EQ(std::system(("gzip -dc '" + dir + "/soma.xmpuzzle' >'" + dir + "/soma.xml'").c_str()), 0);
  std::ifstream xml(dir + "/soma.xml");
  std::string text((std::istreambuf_iterator<char>(xml)), std::istreambuf_iterator<char>());
  const auto colour = [&](const std::string& name, const std::string& voxels, char c) {
    const std::string from = "name=\"" + name + "\" type=\"0\">" + voxels + "<";
    const auto at = text.find(from);
    ASSERT_NE(at, std::string::npos) << name;
    std::string coloured;
    for (char v : voxels) coloured += v == '#' ? std::string{'#', c} : std::string{v};
    text.replace(at, from.size(), "name=\"" + name + "\" type=\"0\">" + coloured + "<");
  };
  colour("A piece", "#_##___#", '1');
  colour("B piece", "#_###___", '2');
  writeGzip(dir + "/coloured.xmpuzzle", text);
  return "'" + dir + "/coloured.xmpuzzle'";
}

TEST(Assemblies, ColouredScrewPiecesAreNoMirrorPair) {
  // BurrTools 0.7.1 counts 480 assemblies (issue 39), as it must, since mirror images no longer merge: the
  // 11,520 fillings over the cube's 24 turns alone.
  const json counted = countJson(colouredSomaFile());
  EXPECT_EQ(counted["solutions"], 11520);
  EXPECT_EQ(counted["assemblies"], 11520 / 24);
}

// count --disassemble reads solutions, distinct and assemblies off the assemblies it takes apart instead of
// counting them by the symmetry-broken search: the same figures, published ones where there are (above), the
// plain count's otherwise, also where BurrTools' group is smaller than the puzzle's (the coloured Soma) and
// with copies of a piece (four dominoes: 9 fillings, 2 up to turns, by hand in
// StoredBurrToolsCountIsCompared).
TEST(Assemblies, DisassemblingCountsTheSame) {
  const std::string dir = piecework::test::tempDir();
  std::ofstream(dir + "/dominoes.toml") << "name = \"dominoes\"\nlattice = \"cubic\"\nbox = [2, 2, 2]\n\n"
                                           "[[piece]]\nletter = \"D\"\ncopies = 4\nmoves = \"turn\"\n"
                                           "cubes = [[0, 0, 0], [1, 0, 0]]\n";
  for (const auto& [puzzle, solutions, distinct, assemblies] :
       {std::tuple{std::string("soma"), 11520, 240, 240},
        std::tuple{std::string("pentacubes-2x3x10"), 96, 12, 12},
        std::tuple{"'" + dir + "/dominoes.toml'", 9, 2, 2}}) {
    const json apart = countJson(puzzle + " --disassemble");
    EXPECT_EQ(apart["solutions"], solutions) << puzzle;
    EXPECT_EQ(apart["distinct"], distinct) << puzzle;
    EXPECT_EQ(apart["assemblies"], assemblies) << puzzle;
    EXPECT_EQ(apart["disassembled_assemblies"], assemblies) << puzzle;
  }
  const std::string coloured = colouredSomaFile();
  const json plain = countJson(coloured);
  const json apart = countJson(coloured + " --disassemble");
  for (const char* key : {"solutions", "distinct", "assemblies", "symmetries"})
    EXPECT_EQ(apart[key], plain[key]) << key;
  EXPECT_EQ(apart["assemblies"], 480);
}

TEST(Assemblies, OnlyWhereBurrToolsCanSayThePuzzle) {
  // Pieces that may not be turned over (BurrTools turns every piece in space), the triangular cells of IQ
  // Stars: no assemblies. Nor with givens: BurrTools has none.
  const std::string dir = piecework::test::tempDir();
  std::ofstream(dir + "/flat.toml") << "name = \"flat\"\ntitle = \"flat\"\nlattice = \"square\"\n"
                                       "board = \"../..\"\n\n[[piece]]\nletter = \"D\"\ncopies = 2\n"
                                       "moves = \"turn\"\nshape = \"##\"\n";
  const json flat = countJson("'" + dir + "/flat.toml'");
  EXPECT_EQ(flat["solutions"], 2);
  EXPECT_FALSE(flat.contains("assemblies"));
  EXPECT_FALSE(countJson("iq-stars").contains("assemblies"));
  const std::string given = "'UUX................./UXXX................/UUX.................'";
  const json withGivens = countJson("pentominoes-3x20 --challenge " + given);
  EXPECT_GT(withGivens["solutions"], 0);
  EXPECT_FALSE(withGivens.contains("assemblies"));
}

TEST(Assemblies, StoredBurrToolsCountIsCompared) {
  // Four dominoes in a 2 x 2 x 2 box: 9 fillings; by hand, up to turns of the box 2 (all four parallel; two
  // layers crossed), and each is its own mirror image. The file claims 2 for problem 1 and 3 for problem 2.
  const std::string dir = piecework::test::tempDir();
  writeGzip(dir + "/box.xmpuzzle", R"(<?xml version="1.0"?>
<puzzle version="2"><gridType type="0"/><colors/>
  <shapes>
    <voxel x="2" y="2" z="2" name="box" type="0">########</voxel>
    <voxel x="2" y="1" z="1" name="domino" type="0">##</voxel>
  </shapes>
  <problems>
    <problem name="right" state="2" assemblies="2" solutions="2" time="0"><shapes><shape id="1" count="4"/></shapes><result id="0"/></problem>
    <problem name="wrong" state="2" assemblies="3" solutions="3" time="0"><shapes><shape id="1" count="4"/></shapes><result id="0"/></problem>
    <problem name="unsolved" state="0"><shapes><shape id="1" count="4"/></shapes><result id="0"/></problem>
  </problems>
</puzzle>
)");
  const json right = countJson("'" + dir + "/box.xmpuzzle'");
  EXPECT_EQ(right["solutions"], 9);
  EXPECT_EQ(right["assemblies"], 2);
  EXPECT_EQ(right["stored_assemblies"], 2);
  EXPECT_EQ(right["stored_agrees"], true);
  const json wrong = countJson("'" + dir + "/box.xmpuzzle#wrong'");
  EXPECT_EQ(wrong["stored_assemblies"], 3);
  EXPECT_EQ(wrong["stored_agrees"], false);
  const json unsolved = countJson("'" + dir + "/box.xmpuzzle#3'");
  EXPECT_FALSE(unsolved.contains("stored_assemblies"));
  const auto text = runPiecework("count '" + dir + "/box.xmpuzzle#wrong'");
  EXPECT_NE(text.out.find("does NOT agree"), std::string::npos) << text.out;
}

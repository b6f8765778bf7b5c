// SPDX-License-Identifier: Apache-2.0
// A BurrTools problem loaded by name (loadPuzzle, which builds the puzzle from the file without reading the
// definition text back) is the puzzle that its definition text gives when read as TOML (loadDefinition): the
// same board, pieces (their lines in the text too), placements in the same order and symmetries.
#include <gtest/gtest.h>

#include <string>

#include "puzzle/burrtools.hpp"
#include "puzzle/definition.hpp"
#include "support/lattice_checks.hpp"
#include "support/run.hpp"

namespace {

using piecework::Puzzle;

void expectSamePuzzle(const Puzzle& a, const Puzzle& b) {
  EXPECT_EQ(a.name, b.name);
  EXPECT_EQ(a.title, b.title);
  EXPECT_EQ(a.family, b.family);
  EXPECT_EQ(a.lattice, b.lattice);
  EXPECT_EQ(a.fillAll, b.fillAll);
  EXPECT_EQ(a.cells, b.cells);
  EXPECT_EQ(a.sites, b.sites);
  EXPECT_EQ(a.mustFill, b.mustFill);
  EXPECT_EQ(a.colourConstraints.cellColours, b.colourConstraints.cellColours);
  EXPECT_EQ(a.colourConstraints.allowed, b.colourConstraints.allowed);
  ASSERT_EQ(a.pieces.size(), b.pieces.size());
  for (std::size_t i = 0; i < a.pieces.size(); ++i) {
    const auto& p = a.pieces[i];
    const auto& q = b.pieces[i];
    EXPECT_EQ(p.letter, q.letter);
    EXPECT_EQ(p.name, q.name);
    EXPECT_EQ(p.colour, q.colour);
    EXPECT_EQ(p.colourGiven, q.colourGiven);
    EXPECT_EQ(p.copies, q.copies);
    EXPECT_EQ(p.minCopies, q.minCopies);
    EXPECT_EQ(p.moves, q.moves);
    EXPECT_EQ(p.faces, q.faces);
    EXPECT_EQ(p.cellColours, q.cellColours);
    EXPECT_EQ(p.orientations, q.orientations);
    EXPECT_EQ(p.orientationColours, q.orientationColours);
    EXPECT_EQ(p.line, q.line) << "piece " << i;
  }
  ASSERT_EQ(a.placements.size(), b.placements.size());
  for (std::size_t i = 0; i < a.placements.size(); ++i) {
    EXPECT_EQ(a.placements[i].piece, b.placements[i].piece);
    EXPECT_EQ(a.placements[i].orientation, b.placements[i].orientation);
    EXPECT_EQ(a.placements[i].sites, b.placements[i].sites);
    EXPECT_EQ(a.placements[i].colours, b.placements[i].colours);
  }
  EXPECT_EQ(a.piecePlacements, b.piecePlacements);
  ASSERT_EQ(a.symmetries.size(), b.symmetries.size());
  for (std::size_t i = 0; i < a.symmetries.size(); ++i) {
    EXPECT_EQ(a.symmetries[i].site, b.symmetries[i].site);
    EXPECT_EQ(a.symmetries[i].piece, b.symmetries[i].piece);
    EXPECT_EQ(a.symmetries[i].placement, b.symmetries[i].placement);
    EXPECT_EQ(a.symmetries[i].mirror, b.symmetries[i].mirror);
  }
}

// Cubes: a tray with a coloured and a variable row, pieces with colours, a range of copies, names that give
// no letters; flat pieces on a flat board; an all-variable board.
constexpr const char* kDesign = R"(<?xml version="1.0"?>
<puzzle version="2">
  <gridType type="0"/>
  <colors><color red="255" green="0" blue="0"/><color red="0" green="0" blue="255"/></colors>
  <shapes>
    <voxel x="3" y="2" z="2" name="tray" type="0">#1#2#1###+++###</voxel>
    <voxel x="2" y="1" z="1" name="domino" type="0">#1#1</voxel>
    <voxel x="2" y="1" z="1" name="domino" type="0">#2#</voxel>
    <voxel x="1" y="1" z="1" name="" type="0">#</voxel>
    <voxel x="3" y="2" z="1" name="flat tray" type="0">######</voxel>
    <voxel x="2" y="2" z="1" name="L" type="0">###_</voxel>
    <voxel x="3" y="1" z="1" name="I" type="0">###</voxel>
    <voxel x="3" y="1" z="2" name="box" type="0">++++++</voxel>
  </shapes>
  <problems>
    <problem name="coloured" state="0"><shapes><shape id="1" count="2"/><shape id="2" count="1"/><shape id="3" min="0" max="6"/></shapes><result id="0"/><bitmap><pair piece="0" result="0"/><pair piece="1" result="0"/></bitmap></problem>
    <problem state="0"><shapes><shape id="5" count="1"/><shape id="3" count="3"/></shapes><result id="4"/></problem>
    <problem name="loose" state="0"><shapes><shape id="6" count="1"/><shape id="3" min="1" max="5"/></shapes><result id="7"/></problem>
  </problems>
  <comment/>
</puzzle>
)";

// Triangular prisms: a strip of four triangles, two layers, filled by two-triangle pieces.
constexpr const char* kPrisms = R"(<?xml version="1.0"?>
<puzzle version="2">
  <gridType type="1"/>
  <colors/>
  <shapes>
    <voxel x="4" y="1" z="2" name="strip" type="0">########</voxel>
    <voxel x="2" y="1" z="1" name="rhomb" type="0">##</voxel>
  </shapes>
  <problems>
    <problem name="strip" state="0"><shapes><shape id="1" count="4"/></shapes><result id="0"/></problem>
  </problems>
</puzzle>
)";

void expectLoadedAsRead(const std::string& path) {
  SCOPED_TRACE(path);
  const Puzzle direct = piecework::loadPuzzle(path);
  const Puzzle read = piecework::loadDefinition(piecework::burrToolsDefinition(path), path);
  expectSamePuzzle(direct, read);
}

TEST(BurrToolsDirect, LoadedPuzzleIsTheDefinitionTextsPuzzle) {
  const std::string dir = piecework::test::tempDir();
  piecework::test::writeGzip(dir + "/design.xmpuzzle", kDesign);
  piecework::test::writeGzip(dir + "/prisms.xmpuzzle", kPrisms);
  for (const char* problem : {"#1", "#2", "#3"}) expectLoadedAsRead(dir + "/design.xmpuzzle" + problem);
  expectLoadedAsRead(dir + "/prisms.xmpuzzle");
  // The coloured problem keeps its constraints and the palette colour of the piece without one.
  const Puzzle coloured = piecework::loadPuzzle(dir + "/design.xmpuzzle#1");
  EXPECT_FALSE(coloured.colourConstraints.empty());
  EXPECT_EQ(coloured.pieces.size(), 3U);
  EXPECT_EQ(coloured.pieces[2].minCopies, 0);
}

}  // namespace

// SPDX-License-Identifier: Apache-2.0
// Geometry, placements, symmetries, the challenge notation and definition loading (issue 2).
// Expected numbers come from docs/puzzles.md or are worked out by hand in the comments.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "puzzle/challenge.hpp"
#include "puzzle/definition.hpp"
#include "puzzle/errors.hpp"
#include "support/run.hpp"

namespace piecework {
namespace {

std::map<char, std::pair<std::size_t, std::size_t>> orientationsAndPlacements(const Puzzle& p) {
  std::map<char, std::pair<std::size_t, std::size_t>> out;
  for (int i = 0; i < p.pieceCount(); ++i)
    out[p.pieces[static_cast<std::size_t>(i)].letter] = {
        p.pieces[static_cast<std::size_t>(i)].orientations.size(),
        p.piecePlacements[static_cast<std::size_t>(i)].size()};
  return out;
}

TEST(Puzzle, ShippedNamesAreTheDesignCardsList) {
  std::set<std::string> names;
  for (const auto& n : shippedNames()) names.insert(n);
  for (const char* n : {"iq-link", "iq-fit", "iq-blocks", "super-iq-cube", "soma", "pentominoes-6x10",
                        "pentominoes-5x12", "pentominoes-4x15", "pentominoes-3x20", "pentominoes-8x8-hole"})
    EXPECT_TRUE(names.count(n) == 1) << n;
}

TEST(Puzzle, IqBlocksOrientationsAddUpTo62) {
  const Puzzle p = loadPuzzle("iq-blocks");
  ASSERT_EQ(p.pieceCount(), 10);
  const std::vector<std::size_t> expected = {8, 4, 4, 8, 2, 8, 8, 4, 8, 8};  // PUZZLES.md
  std::size_t sum = 0;
  for (int i = 0; i < 10; ++i) {
    EXPECT_EQ(p.pieces[static_cast<std::size_t>(i)].orientations.size(),
              expected[static_cast<std::size_t>(i)])
        << i;
    sum += p.pieces[static_cast<std::size_t>(i)].orientations.size();
  }
  EXPECT_EQ(sum, 62U);
}

// Pentominoes on 6 x 10: an orientation whose bounding box is h x w has (6 - h + 1) * (10 - w + 1)
// placements. F: 8 orientations, all 3x3: 8 * 4 * 8 = 256. I: 1x5 (6 * 6) + 5x1 (2 * 10) = 56. L, N, Y: 4 of
// 2x4 (5 * 7) and 4 of 4x2 (3 * 9) = 248. P: 4 of 2x3 (5 * 8) + 4 of 3x2 (4 * 9) = 304. T, V, W, Z: 4 of 3x3
// = 128. U: 2 of 2x3 + 2 of 3x2 = 152. X: 1 of 3x3 = 32.
TEST(Puzzle, PentominoOrientationsAndPlacementsOn6x10) {
  const auto got = orientationsAndPlacements(loadPuzzle("pentominoes-6x10"));
  const std::map<char, std::pair<std::size_t, std::size_t>> expected = {
      {'F', {8, 256}}, {'I', {2, 56}},  {'L', {8, 248}}, {'N', {8, 248}}, {'P', {8, 304}}, {'T', {4, 128}},
      {'U', {4, 152}}, {'V', {4, 128}}, {'W', {4, 128}}, {'X', {1, 32}},  {'Y', {8, 248}}, {'Z', {4, 128}}};
  EXPECT_EQ(got, expected);
}

// 8x8 without the central 2x2: X (a plus, 3x3 box) has its centre on the 6x6 inner cells; its 4 arms must
// miss the hole (3,3),(3,4),(4,3),(4,4), i.e. the centre is not a hole cell nor next to one: 36 - 4 - 8 = 24.
TEST(Puzzle, PentominoXOnTheHoledBoard) {
  const auto got = orientationsAndPlacements(loadPuzzle("pentominoes-8x8-hole"));
  EXPECT_EQ(got.at('X'), (std::pair<std::size_t, std::size_t>{1, 24}));
  EXPECT_EQ(got.at('I').first, 2U);
}

// Soma (pieces turn, never mirror): a shape's orientations are 24 / (its rotation symmetries).
// V: planar L-tricube, one flip symmetry -> 12, box 2x2x1: 2*2*3 = 12 places each -> 144.
// L: no symmetry -> 24, box 3x2x1: 1*2*3 = 6 each -> 144. T, Z: one symmetry -> 12 * 6 = 72.
// A, B: a 180-degree turn reverses the screw -> 12, box 2x2x2: 8 places -> 96.
// P: three perpendicular arms, a 3-fold turn -> 8 * 8 = 64.
TEST(Puzzle, SomaOrientationsAndPlacements) {
  const auto got = orientationsAndPlacements(loadPuzzle("soma"));
  const std::map<char, std::pair<std::size_t, std::size_t>> expected = {
      {'V', {12, 144}}, {'L', {24, 144}}, {'T', {12, 72}}, {'Z', {12, 72}},
      {'A', {12, 96}},  {'B', {12, 96}},  {'P', {8, 64}}};
  EXPECT_EQ(got, expected);
}

// Super IQ cube in a 5x5x5 box: a 2x2x3 block lies 3 ways, each 4*4*3 = 48 places; a 1x2x4 block 6 ways, each
// 5*4*2 = 40 places; a unit cube 125 places.
TEST(Puzzle, SuperIqCubeOrientationsAndPlacements) {
  const Puzzle p = loadPuzzle("super-iq-cube");
  const auto got = orientationsAndPlacements(p);
  EXPECT_EQ(got.at('A'), (std::pair<std::size_t, std::size_t>{3, 144}));
  EXPECT_EQ(got.at('B'), (std::pair<std::size_t, std::size_t>{6, 240}));
  EXPECT_EQ(got.at('C'), (std::pair<std::size_t, std::size_t>{1, 125}));
  EXPECT_EQ(p.totalPieces(), 17);
}

// IQ Fit: each face may be turned 4 ways and never mirrored. No face in PUZZLES.md has a turning symmetry,
// and a piece's two faces differ in size (one knob or two), so every piece has 4 + 4 = 8.
TEST(Puzzle, IqFitEachPieceHasEightOrientations) {
  const Puzzle p = loadPuzzle("iq-fit");
  ASSERT_EQ(p.pieceCount(), 10);
  for (const auto& piece : p.pieces) EXPECT_EQ(piece.orientations.size(), 8U) << piece.letter;
}

TEST(Puzzle, EveryPlacementIsAnOrientationOnBoardSites) {
  for (const char* name : {"iq-blocks", "iq-fit", "soma", "pentominoes-8x8-hole"}) {
    const Puzzle p = loadPuzzle(name);
    std::set<std::pair<int, std::vector<int>>> seen;
    for (const auto& pl : p.placements) {
      const auto& piece = p.pieces[static_cast<std::size_t>(pl.piece)];
      ASSERT_LT(static_cast<std::size_t>(pl.orientation), piece.orientations.size());
      EXPECT_EQ(pl.sites.size(), piece.orientations[static_cast<std::size_t>(pl.orientation)].size()) << name;
      EXPECT_TRUE(std::is_sorted(pl.sites.begin(), pl.sites.end()));
      EXPECT_TRUE(seen.insert({pl.piece, pl.sites}).second) << name << ": a placement listed twice";
      for (int s : pl.sites) EXPECT_TRUE(s >= 0 && s < p.siteCount());
    }
  }
}

std::size_t mirrors(const Puzzle& p) {
  std::size_t n = 0;
  for (const auto& s : p.symmetries) n += s.mirror ? 1 : 0;
  return n;
}

TEST(Puzzle, SymmetryGroups) {
  // A rectangle has 4 symmetries, a square 8; pieces that turn over keep them all.
  EXPECT_EQ(loadPuzzle("pentominoes-6x10").symmetries.size(), 4U);
  EXPECT_EQ(loadPuzzle("pentominoes-3x20").symmetries.size(), 4U);
  EXPECT_EQ(loadPuzzle("pentominoes-8x8-hole").symmetries.size(), 8U);
  EXPECT_EQ(loadPuzzle("iq-blocks").symmetries.size(), 8U);
  // IQ Fit: faces are never mirrored, so only the 180-degree turn of the 5x10 board is left.
  const Puzzle fit = loadPuzzle("iq-fit");
  EXPECT_EQ(fit.symmetries.size(), 2U);
  EXPECT_EQ(mirrors(fit), 0U);
  // IQ-Link: the board's only non-trivial symmetry is the 180-degree turn.
  const Puzzle link = loadPuzzle("iq-link");
  EXPECT_EQ(link.symmetries.size(), 2U);
  EXPECT_EQ(mirrors(link), 0U);
}

TEST(Puzzle, SomaHasAll48SymmetriesAndMirrorsSwapAAndB) {
  const Puzzle p = loadPuzzle("soma");
  ASSERT_EQ(p.symmetries.size(), 48U);
  EXPECT_EQ(mirrors(p), 24U);
  const int a = p.pieceByLetter('A'), b = p.pieceByLetter('B');
  for (const auto& s : p.symmetries) {
    for (int i = 0; i < p.pieceCount(); ++i) {
      const int image = s.piece[static_cast<std::size_t>(i)];
      if (i == a)
        EXPECT_EQ(image, s.mirror ? b : a);
      else if (i == b)
        EXPECT_EQ(image, s.mirror ? a : b);
      else
        EXPECT_EQ(image, i);
    }
  }
}

TEST(Puzzle, IdentityComesFirstAndSymmetriesArePermutations) {
  for (const char* name : {"pentominoes-6x10", "iq-fit", "soma", "iq-link"}) {
    const Puzzle p = loadPuzzle(name);
    ASSERT_FALSE(p.symmetries.empty());
    for (std::size_t i = 0; i < p.placements.size(); ++i)
      EXPECT_EQ(p.symmetries.front().placement[i], static_cast<int>(i)) << name;
    for (const auto& s : p.symmetries) {
      std::vector<int> sorted = s.placement;
      std::sort(sorted.begin(), sorted.end());
      for (std::size_t i = 0; i < sorted.size(); ++i) ASSERT_EQ(sorted[i], static_cast<int>(i)) << name;
    }
  }
}

// Each symmetry, checked against its own site map alone: every placement goes onto the placement of the
// image piece that covers the image sites with the same colours, and the symmetries are a group (each
// product of two is one of them). computeSymmetries takes most maps as products of others
// (puzzle/symmetry_closure.hpp); this checks each map from scratch.
TEST(Puzzle, EverySymmetryTakesEachPlacementOntoTheOneOnItsImageSites) {
  for (const char* name : {"soma", "pentacubes-3x4x5", "pentominoes-6x10", "pentominoes-8x8-hole",
                           "iq-blocks", "iq-fit", "super-iq-cube"}) {
    const Puzzle p = loadPuzzle(name);
    std::set<std::pair<std::vector<int>, bool>> group;
    for (const Symmetry& s : p.symmetries) group.insert({s.site, s.mirror});
    EXPECT_EQ(group.size(), p.symmetries.size()) << name;
    for (const Symmetry& s : p.symmetries) {
      for (std::size_t i = 0; i < p.placements.size(); ++i) {
        const Placement& from = p.placements[i];
        const Placement& to = p.placements[static_cast<std::size_t>(s.placement[i])];
        ASSERT_EQ(to.piece, s.piece[static_cast<std::size_t>(from.piece)]) << name;
        std::vector<int> image;
        for (int site : from.sites) image.push_back(s.site[static_cast<std::size_t>(site)]);
        std::sort(image.begin(), image.end());
        std::vector<int> target = to.sites;
        std::sort(target.begin(), target.end());
        ASSERT_EQ(image, target) << name;
        for (std::size_t k = 0; k < from.colours.size(); ++k)
          ASSERT_EQ(to.colourAt(s.site[static_cast<std::size_t>(from.sites[k])]), from.colours[k]) << name;
      }
      for (const Symmetry& t : p.symmetries) {
        std::vector<int> product(s.site.size());
        for (std::size_t k = 0; k < product.size(); ++k)
          product[k] = s.site[static_cast<std::size_t>(t.site[k])];
        EXPECT_EQ(group.count({product, s.mirror != t.mirror}), 1U) << name;
      }
    }
  }
}

// ----- Challenge notation -----

// A full IQ Fit board (two solutions of the empty board, checked by hand: every letter's cells are one face
// of that piece, turned).
const char* const kFitSolution = "bbbbllpppp/byyyylpprr/gggyylnnnr/igssssnonr/iiissoooor";

TEST(Challenge, PictureRoundTrip) {
  const Puzzle p = loadPuzzle("iq-fit");
  const auto placements = parseChallenge(p, kFitSolution);
  EXPECT_EQ(placements.size(), 10U);
  EXPECT_EQ(formatChallenge(p, placements), kFitSolution);
  EXPECT_EQ(parseChallenge(p, formatChallenge(p, placements, Layout::Lines)), placements);
  // Rows may end with newlines instead of '/'.
  EXPECT_EQ(parseChallenge(p, "bbbbllpppp\nbyyyylpprr\ngggyylnnnr\nigssssnonr\niiissoooor\n"), placements);
}

TEST(Challenge, LettersAreCaseInsensitive) {
  const Puzzle p = loadPuzzle("iq-fit");
  EXPECT_EQ(parseChallenge(p, "BBBBllpppp/ByyyylPPrr/gggyylnnnr/igssssnonr/iiissoooor"),
            parseChallenge(p, kFitSolution));
  const Puzzle pentominoes = loadPuzzle("pentominoes-8x8-hole");
  EXPECT_EQ(
      parseChallenge(pentominoes, ".x....../xxx...../.x....../...##.../...##.../......../......../........"),
      parseChallenge(pentominoes, ".X....../XXX...../.X....../...##.../...##.../......../......../........"));
}

TEST(Challenge, PartialPictureRoundTrip) {
  const Puzzle p = loadPuzzle("iq-fit");
  const std::string partial = "bbbb....../b........./........../........../..........";
  const auto placements = parseChallenge(p, partial);
  ASSERT_EQ(placements.size(), 1U);
  EXPECT_EQ(formatChallenge(p, placements), partial);
}

TEST(Challenge, HolesAreWrittenAsHash) {
  const Puzzle p = loadPuzzle("pentominoes-8x8-hole");
  const std::string empty = "......../......../......../...##.../...##.../......../......../........";
  EXPECT_TRUE(parseChallenge(p, empty).empty());
  EXPECT_EQ(formatChallenge(p, {}), empty);
  // The X pentomino centred at (1,1).
  const std::string x = ".X....../XXX...../.X....../...##.../...##.../......../......../........";
  const auto placements = parseChallenge(p, x);
  ASSERT_EQ(placements.size(), 1U);
  EXPECT_EQ(formatChallenge(p, placements), x);
}

TEST(Challenge, LayersRoundTripWithBarsAndBlankLines) {
  const Puzzle p = loadPuzzle("soma");
  // T flat in the first layer, V flat in the second.
  const std::string bars = "TTT/.T./...|VV./V../...|.../.../...";
  const auto placements = parseChallenge(p, bars);
  ASSERT_EQ(placements.size(), 2U);
  EXPECT_EQ(formatChallenge(p, placements), bars);
  const std::string lines = "TTT\n.T.\n...\n\nVV.\nV..\n...\n\n...\n...\n...\n";
  EXPECT_EQ(parseChallenge(p, lines), placements);
  EXPECT_EQ(parseChallenge(p, formatChallenge(p, placements, Layout::Lines)), placements);
  // A piece across layers: A = (0,0,0)(0,1,0)(1,1,0)(1,1,1) in x, y, z.
  const std::string across = "A../AA./...|.../.A./...|.../.../...";
  const auto a = parseChallenge(p, across);
  ASSERT_EQ(a.size(), 1U);
  EXPECT_EQ(formatChallenge(p, a), across);
}

TEST(Challenge, GreedyPlacementsRoundTrip) {
  for (const char* name : {"soma", "iq-blocks", "pentominoes-3x20"}) {
    const Puzzle p = loadPuzzle(name);
    std::vector<int> placements;
    // Take any placement of every piece that does not overlap (greedy); a partial picture is still a picture.
    std::vector<bool> used(static_cast<std::size_t>(p.siteCount()), false);
    for (int piece = 0; piece < p.pieceCount(); ++piece)
      for (int id : p.piecePlacements[static_cast<std::size_t>(piece)]) {
        const auto& sites = p.placements[static_cast<std::size_t>(id)].sites;
        if (std::any_of(sites.begin(), sites.end(), [&](int s) { return used[static_cast<std::size_t>(s)]; }))
          continue;
        for (int s : sites) used[static_cast<std::size_t>(s)] = true;
        placements.push_back(id);
        break;
      }
    std::sort(placements.begin(), placements.end());
    EXPECT_EQ(parseChallenge(p, formatChallenge(p, placements)), placements) << name;
    EXPECT_EQ(parseChallenge(p, formatChallenge(p, placements, Layout::Lines)), placements) << name;
  }
}

TEST(Challenge, IdenticalCopiesShareALetter) {
  const Puzzle p = loadPuzzle("super-iq-cube");
  // Two unit cubes (C) in the first layer's corners; the other layers empty.
  std::string layer = ".....\n.....\n.....\n.....\n.....\n";
  std::string first = "C...C\n.....\n.....\n.....\n.....\n";
  const std::string text = first + "\n" + layer + "\n" + layer + "\n" + layer + "\n" + layer;
  const auto placements = parseChallenge(p, text);
  EXPECT_EQ(placements.size(), 2U);
  EXPECT_EQ(parseChallenge(p, formatChallenge(p, placements)), placements);
}

// ----- Definitions from files -----

TEST(Definition, LoadsFromAFilePath) {
  const std::string dir = test::tempDir();
  const std::string path = dir + "/tiny.toml";
  std::ofstream(path) << R"(name = "tiny"
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
moves = "turn"
shape = "#/#/#"
)";
  const Puzzle p = loadPuzzle(path);
  EXPECT_EQ(p.name, "tiny");
  ASSERT_EQ(p.pieceCount(), 2);
  EXPECT_EQ(p.pieces[0].orientations.size(), 2U);  // a straight tromino: lying and standing
  EXPECT_EQ(p.piecePlacements[0].size(), 2U);      // 2 rows; it does not fit standing in 2 rows
  EXPECT_EQ(p.symmetries.size(), 4U);
  std::filesystem::remove_all(dir);
}

TEST(Definition, UnknownNameIsAnInputError) {
  EXPECT_THROW(loadPuzzle("no-such-puzzle-here"), InputError);
}

}  // namespace
}  // namespace piecework

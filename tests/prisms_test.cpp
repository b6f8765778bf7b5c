// SPDX-License-Identifier: Apache-2.0
// Triangular prisms (triangles in rows, stacked in layers): counts by hand and against a brute force here
// that finds which prisms share a face from their centres in space, BurrTools' triangular-prism grid (grid
// type 1) read from a file this test writes, written and read back, and bad input refused.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "puzzle/geometry.hpp"
#include "support/lattice_checks.hpp"
#include "support/run.hpp"

namespace {

using nlohmann::json;
using piecework::test::convertThereAndBack;
using piecework::test::countJson;
using piecework::test::oneLine;
using piecework::test::perfectMatchings;
using piecework::test::runPiecework;
using piecework::test::writeGzip;

// A prism: triangle c of row r of layer k (docs/puzzle-format.md, "Triangular prisms"), rows downward,
// triangle (c, r) pointing down when c + r is even. With sides 1 and rows h = sqrt(3)/2 high its centre is at
// x = (c + 1) / 2 and, from the top of the row, h/3 (pointing down: flat side on top) or 2h/3 (pointing up);
// kept as X = 6x and Y = 3y / h, integers, and the layer.
struct Prism {
  int c, r, k;
};

bool prismsShareFace(const Prism& a, const Prism& b) {
  const auto y = [](const Prism& p) { return 3LL * p.r + ((p.c + p.r) % 2 == 0 ? 1 : 2); };
  const long long dx = 3LL * (a.c - b.c), dy = y(a) - y(b);
  // In one layer: centres 1/sqrt 3 apart (twice the inradius), (dx^2 + 3 dy^2) / 36 = 1/3.
  if (a.k == b.k) return dx * dx + 3 * dy * dy == 12;
  return a.c == b.c && a.r == b.r && (a.k - b.k == 1 || b.k - a.k == 1);
}

// A hexagon of six triangles (columns 1..3 of rows 0 and 1: up, down, up over down, up, down), in `layers`
// layers, to be filled with diamonds (two triangles sharing a side) and, when `stacks`, pairs of prisms on
// top of each other, any number of each.
std::string hexagonToml(int layers, bool stacks) {
  std::string board;
  for (int k = 0; k < layers; ++k) {
    if (k > 0) board += '\n';
    board += "#...\n#...\n";
  }
  std::string toml =
      "name = \"hexagon\"\ntitle = \"hexagon\"\nlattice = \"triangular-prisms\"\nboard = \"\"\"\n" + board +
      "\"\"\"\n\n[[piece]]\nletter = \"D\"\ncopies = [0, 6]\nmoves = \"turn\"\n" +
      "cubes = [[0, 0, 0], [1, 0, 0]]\n";
  if (stacks)
    toml +=
        "\n[[piece]]\nletter = \"S\"\ncopies = [0, 6]\nmoves = \"turn\"\ncubes = [[0, 0, 0], [0, 0, 1]]\n";
  return toml;
}

std::vector<Prism> hexagonPrisms(int layers) {
  std::vector<Prism> cells;
  for (int k = 0; k < layers; ++k)
    for (int r = 0; r < 2; ++r)
      for (int c = 1; c <= 3; ++c) cells.push_back({c, r, k});
  return cells;
}

// A hexagon of side 2 (24 triangles: 5, 7, 7 and 5 in its rows, columns 1..5, 0..6, 0..6, 1..5) in two
// layers.
std::vector<Prism> bigHexagonPrisms() {
  std::vector<Prism> cells;
  for (int k = 0; k < 2; ++k)
    for (int r = 0; r < 4; ++r)
      for (int c = (r == 0 || r == 3) ? 1 : 0; c <= ((r == 0 || r == 3) ? 5 : 6); ++c)
        cells.push_back({c, r, k});
  return cells;
}

// Every filling of `cells` with diamonds (two triangles of one layer that share a side), each a list of
// pairs of cell numbers.
using Filling = std::vector<std::pair<int, int>>;
void fillings(const std::vector<Prism>& cells, std::vector<bool>& used, Filling& pairs,
              std::vector<Filling>& out) {
  const auto first = std::find(used.begin(), used.end(), false);
  if (first == used.end()) {
    out.push_back(pairs);
    return;
  }
  const auto i = static_cast<std::size_t>(first - used.begin());
  used[i] = true;
  for (std::size_t j = 0; j < cells.size(); ++j)
    if (!used[j] && cells[i].k == cells[j].k && prismsShareFace(cells[i], cells[j])) {
      used[j] = true;
      pairs.emplace_back(static_cast<int>(i), static_cast<int>(j));
      fillings(cells, used, pairs, out);
      pairs.pop_back();
      used[j] = false;
    }
  used[i] = false;
}

// An isometry of the board as a permutation of its cells, and whether it is a turn (not a mirror image).
struct Isometry {
  std::vector<int> image;
  bool turn;
};

// The isometries of the two-layer hexagon, found from the prisms' centres alone: in the integer coordinates
// of Prism (X = 6x, Y = 3y / h, here from the hexagon's centre) a sixth of a turn about the vertical axis is
// (X, Y) -> ((X - 3Y) / 2, (X + Y) / 2), a mirror in a vertical plane Y -> -Y, and swapping the layers a
// mirror in the horizontal plane; an isometry is a turn when it holds an even number of mirrors.
std::vector<Isometry> bigHexagonIsometries(const std::vector<Prism>& cells) {
  const auto yOf = [](const Prism& p) { return 3 * p.r + ((p.c + p.r) % 2 == 0 ? 1 : 2); };
  long long sumX = 0, sumY = 0;
  for (const Prism& p : cells) sumX += 3 * p.c, sumY += yOf(p);
  const auto n = static_cast<long long>(cells.size());
  std::map<std::array<long long, 3>, int> at;
  for (std::size_t i = 0; i < cells.size(); ++i)
    at[{3 * cells[i].c * n - sumX, yOf(cells[i]) * n - sumY, cells[i].k}] = static_cast<int>(i);
  std::vector<Isometry> isometries;
  for (int mirror = 0; mirror < 2; ++mirror)
    for (int sixths = 0; sixths < 6; ++sixths)
      for (int swap = 0; swap < 2; ++swap) {
        Isometry g{{}, (mirror + swap) % 2 == 0};
        for (const auto& [centre, cell] : at) {
          (void)cell;
          long long x = centre[0], y = mirror != 0 ? -centre[1] : centre[1];
          for (int t = 0; t < sixths; ++t) {
            EXPECT_EQ((x + y) % 2, 0);
            const long long turnedX = (x - 3 * y) / 2, turnedY = (x + y) / 2;
            x = turnedX, y = turnedY;
          }
          const auto found = at.find({x, y, swap != 0 ? 1 - centre[2] : centre[2]});
          if (found == at.end()) break;
          g.image.push_back(found->second);
        }
        if (g.image.size() != cells.size()) continue;
        // (the images were gathered in the map's order of centres: put them in the order of cells)
        std::vector<int> byCell(cells.size());
        std::size_t k = 0;
        for (const auto& [centre, cell] : at) byCell[static_cast<std::size_t>(cell)] = g.image[k++];
        g.image = byCell;
        isometries.push_back(g);
      }
  return isometries;
}

// How many classes the fillings fall into under the isometries (`turnsOnly`: the turns among them).
std::size_t classes(const std::vector<Filling>& all, const std::vector<Isometry>& isometries,
                    bool turnsOnly) {
  std::set<Filling> seen;
  for (const Filling& filling : all) {
    Filling least;
    for (const Isometry& g : isometries) {
      if (turnsOnly && !g.turn) continue;
      Filling image;
      for (const auto& [a, b] : filling) {
        const int ia = g.image[static_cast<std::size_t>(a)], ib = g.image[static_cast<std::size_t>(b)];
        image.emplace_back(std::min(ia, ib), std::max(ia, ib));
      }
      std::sort(image.begin(), image.end());
      if (least.empty() || image < least) least = image;
    }
    seen.insert(least);
  }
  return seen.size();
}

}  // namespace

// The point group: 24 elements, 12 of them turns, each mapping prisms that share a face (found above from
// their centres) to prisms that share a face and others to others, on a patch around the origin that includes
// negative coordinates.
TEST(TriangularPrisms, PointGroupKeepsFaceNeighbours) {
  using piecework::Lattice;
  const auto& group = piecework::pointGroup(Lattice::TriangularPrisms);
  ASSERT_EQ(group.size(), 24U);
  int turns = 0;
  std::vector<Prism> patch;
  for (int k = -1; k <= 1; ++k)
    for (int r = -2; r <= 2; ++r)
      for (int c = -3; c <= 3; ++c) patch.push_back({c, r, k});
  for (const auto& t : group) {
    turns += t.mirror ? 0 : 1;
    const auto image = [&](const Prism& p) {
      const piecework::Site s =
          piecework::apply(Lattice::TriangularPrisms, t, piecework::Site{p.c, p.r, p.k});
      return Prism{s.x, s.y, s.z};
    };
    for (const Prism& a : patch)
      for (const Prism& b : patch)
        EXPECT_EQ(prismsShareFace(a, b), prismsShareFace(image(a), image(b)))
            << a.c << "," << a.r << "," << a.k << " " << b.c << "," << b.r << "," << b.k;
  }
  EXPECT_EQ(turns, 12);
}

TEST(TriangularPrisms, HexagonsCountAsByHandAndTheBruteForce) {
  const std::string dir = piecework::test::tempDir();
  // One layer: the six triangles of a hexagon each share a side with the two beside it around the centre, a
  // ring of six, which splits into diamonds in 2 ways (one turn of 60 degrees apart: 1 distinct). Symmetries:
  // the hexagon's 12 in its plane, each with and without turning the layer over: 24.
  std::ofstream(dir + "/one.toml") << hexagonToml(1, false);
  EXPECT_EQ(perfectMatchings(hexagonPrisms(1), prismsShareFace), 2U);
  const json one = countJson(dir + "/one.toml");
  EXPECT_EQ(one["solutions"], 2);
  EXPECT_EQ(one["distinct"], 1);
  EXPECT_EQ(one["symmetries"], 24);
  // Two layers, diamonds and stacked pairs: the brute force over prisms that share a face, and by hand by the
  // places of the stacks around the ring (the rest of each layer then splits into diamonds on its own): all
  // six, 1; none, 2 x 2 = 4; two neighbours (6 ways), a chain of four left in each layer, 1 way: 6; two
  // opposite (3 ways), two diamonds forced: 3; two one apart leave a lone triangle: 0; four (6 ways), two
  // neighbours left: 6; odd numbers leave an odd ring: 0. 1 + 4 + 6 + 3 + 6 = 20.
  EXPECT_EQ(perfectMatchings(hexagonPrisms(2), prismsShareFace), 20U);
  std::ofstream(dir + "/two.toml") << hexagonToml(2, true);
  EXPECT_EQ(countJson(dir + "/two.toml")["solutions"], perfectMatchings(hexagonPrisms(2), prismsShareFace));
}

// A 2 x 2 board starting at column 0: the diamond of row 1 (an up triangle, then a down one) is normalised to
// start at column 1 (shapes keep their triangles' directions), so its place at column 0 needs a shift before
// the board's first column; it once was never tried, and the board counted 0. By hand: (0, 0) points down,
// its flat side against row -1, so it pairs only with (1, 0); then (0, 1) with (1, 1): 1 filling.
TEST(TriangularPrisms, ShapesStartingAColumnInFitTheFirstColumn) {
  const std::string dir = piecework::test::tempDir();
  std::ofstream(dir + "/square.toml") << "name = \"s\"\ntitle = \"s\"\nlattice = \"triangular-prisms\"\n"
                                         "board = \"../..\"\n\n[[piece]]\nletter = \"D\"\ncopies = 2\n"
                                         "moves = \"turn\"\ncubes = [[0, 0, 0], [1, 0, 0]]\n";
  const std::vector<Prism> cells = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}};
  EXPECT_EQ(perfectMatchings(cells, prismsShareFace), 1U);
  EXPECT_EQ(countJson(dir + "/square.toml")["solutions"], 1);
}

TEST(TriangularPrisms, BurrToolsFilesReadWrittenAndReadBack) {
  const std::string dir = piecework::test::tempDir();
  // BurrTools' grid type 1: voxel (x, y, z) is triangle x of row y of layer z, pointing away from row y - 1
  // when x + y is even. The hexagon as voxels 1..3 of rows 0 and 1 and a diamond, three times.
  writeGzip(dir + "/hexagon.xmpuzzle",
            "<?xml version=\"1.0\"?>\n<puzzle version=\"2\"><gridType type=\"1\"/><colors/><shapes>"
            "<voxel x=\"4\" y=\"2\" z=\"1\" name=\"hexagon\" type=\"0\">_###_###</voxel>"
            "<voxel x=\"2\" y=\"1\" z=\"1\" name=\"diamond\" type=\"0\">##</voxel></shapes><problems>"
            "<problem name=\"diamonds\" state=\"0\"><shapes><shape id=\"1\" count=\"3\"/></shapes>"
            "<result id=\"0\"/></problem></problems></puzzle>\n");
  EXPECT_EQ(countJson(dir + "/hexagon.xmpuzzle")["solutions"], 2);
  // Written and read back: the two-layer hexagon counts as the brute force.
  std::ofstream(dir + "/two.toml") << hexagonToml(2, true);
  const std::uint64_t expected = perfectMatchings(hexagonPrisms(2), prismsShareFace);
  const json original = countJson(dir + "/two.toml");
  for (const std::string& puzzle : convertThereAndBack(dir + "/two.toml", dir + "/two")) {
    const json counted = countJson(puzzle);
    EXPECT_EQ(counted["solutions"], expected) << puzzle;
    EXPECT_EQ(counted["distinct"], original["distinct"]) << puzzle;
    EXPECT_EQ(counted["symmetries"], 24) << puzzle;
  }
}

TEST(TriangularPrisms, ShowSolveSheetAndBadInput) {
  const std::string dir = piecework::test::tempDir();
  std::ofstream(dir + "/one.toml") << hexagonToml(1, false);
  const auto shown = runPiecework("show '" + dir + "/one.toml'");
  ASSERT_EQ(shown.status, 0) << shown.err;
  EXPECT_NE(shown.out.find("6 cells"), std::string::npos) << shown.out;
  EXPECT_NE(shown.out.find("triangular prisms, layer by layer"), std::string::npos) << shown.out;
  // A diamond given on the first two triangles of the top row: the other two diamonds follow.
  const auto solved = runPiecework("solve '" + dir + "/one.toml' --challenge '#dd./#...' --json");
  ASSERT_EQ(solved.status, 0) << solved.err;
  EXPECT_EQ(json::parse(solved.out)["status"], "unique") << solved.out;
  const auto sheet = runPiecework("sheet '" + dir + "/one.toml' --challenge '#dd./#...' --solution --out '" +
                                  dir + "/h.svg' --json");
  ASSERT_EQ(sheet.status, 0) << sheet.err;
  EXPECT_TRUE(std::ifstream(dir + "/h.svg").good());
  // A board picture with layers of different sizes.
  std::ofstream(dir + "/bad.toml") << "name = \"b\"\ntitle = \"b\"\nlattice = \"triangular-prisms\"\n"
                                      "board = \"\"\"\n..\n\n...\n\"\"\"\n\n[[piece]]\nletter = \"D\"\n"
                                      "cubes = [[0, 0, 0], [1, 0, 0]]\n";
  const auto bad = runPiecework("count '" + dir + "/bad.toml'");
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.err.find("bad.toml"), std::string::npos) << bad.err;
  EXPECT_TRUE(oneLine(bad.err)) << bad.err;
  // A piece that lies on given faces only cannot be said in BurrTools' grid.
  std::ofstream(dir + "/faces.toml") << "name = \"f\"\ntitle = \"f\"\nlattice = \"triangular-prisms\"\n"
                                        "board = \"..\"\n\n[[piece]]\nletter = \"D\"\nmoves = \"faces\"\n"
                                        "faces = [\"##\", \"##\"]\n";
  const auto faces = runPiecework("convert '" + dir + "/faces.toml' '" + dir + "/faces.xmpuzzle'");
  EXPECT_EQ(faces.status, 2);
  EXPECT_TRUE(oneLine(faces.err)) << faces.err;
}

// Where merging mirror images changes the count (issue 39: a prism design where BurrTools counted half of
// piecework's figure). Two layers of a hexagon of side 2, each filled with diamonds on its own: 20 fillings a
// layer (MacMahon's count of a hexagon of sides 2, 2, 2), 400 in all. A filling whose two layers differ can
// be a mirror image that no turn gives: the brute force here finds 49 classes under the 12 turns and 40 under
// all 24 isometries. The diamond is its own mirror image, so BurrTools merges mirror images (docs/interop.md)
// and counts 40 assemblies; so must piecework, from TOML and from the .xmpuzzle it writes.
TEST(TriangularPrisms, MirrorImagesMergeAsBurrToolsMergesThem) {
  const std::vector<Prism> cells = bigHexagonPrisms();
  ASSERT_EQ(cells.size(), 48U);
  std::vector<bool> used(cells.size(), false);
  Filling pairs;
  std::vector<Filling> all;
  fillings(cells, used, pairs, all);
  ASSERT_EQ(all.size(), 400U);
  const std::vector<Isometry> isometries = bigHexagonIsometries(cells);
  ASSERT_EQ(isometries.size(), 24U);
  const std::size_t underTurns = classes(all, isometries, true), underAll = classes(all, isometries, false);
  EXPECT_EQ(underTurns, 49U);
  EXPECT_EQ(underAll, 40U);
  const std::string dir = piecework::test::tempDir();
  std::ofstream(dir + "/hexagon.toml")
      << "name = \"hexagon-2\"\ntitle = \"hexagon of side 2, two layers\"\nlattice = \"triangular-prisms\"\n"
         "board = "
         "\"\"\"\n#.....#\n.......\n.......\n#.....#\n\n#.....#\n.......\n.......\n#.....#\n\"\"\"\n\n"
         "[[piece]]\nletter = \"D\"\ncopies = 24\nmoves = \"turn\"\ncubes = [[0, 0, 0], [1, 0, 0]]\n";
  const json original = countJson(dir + "/hexagon.toml");
  EXPECT_EQ(original["solutions"], all.size());
  EXPECT_EQ(original["assemblies"], underAll);
  for (const std::string& puzzle : convertThereAndBack(dir + "/hexagon.toml", dir + "/hexagon")) {
    const json counted = countJson(puzzle);
    EXPECT_EQ(counted["solutions"], all.size()) << puzzle;
    EXPECT_EQ(counted["assemblies"], underAll) << puzzle;
  }
}

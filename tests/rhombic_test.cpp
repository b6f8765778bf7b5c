// SPDX-License-Identifier: Apache-2.0
// Rhombic dodecahedra (the space-filling cells centred on the face-centred cubic lattice): counts by hand and
// against a brute force here over cells that share a face, BurrTools' rhombic grid (grid type 3) read from
// files this test builds tetrahedron by tetrahedron from the geometry (each of BurrTools' tetrahedra belongs
// to the dodecahedron whose centre is nearest), written and read back, and bad input refused.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

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

// A cell by the cube of the cubic grid it is centred on (unit cubes; the centres used have an even or an
// odd coordinate sum throughout). Two cells share a face when their cubes differ by (+-1, +-1, 0) in some
// order: the rhombic dodecahedron of a cube is the cube and the six square pyramids on its faces, reaching to
// the neighbouring cubes' centres, and each rhombus is the two half-pyramid faces along one cube edge.
using Cube = std::array<int, 3>;

bool rhombicShareFace(const Cube& a, const Cube& b) {
  int d = 0;
  for (int i = 0; i < 3; ++i) d += (a[i] - b[i]) * (a[i] - b[i]);
  return d == 2;
}

// BurrTools' rhombic grid as its file format gives it: a cube is a block of 5 x 5 x 5 voxels, of which the
// 24 whose coordinates in the block, folded (4 - v for v > 2), are 0, 1 and 2 in some order are the cube's
// tetrahedra (apex at the cube's centre, base a quarter of a face). A voxel's point: its centre, in cube
// units.
bool tetrahedron(int a, int b, int c) {
  std::array<int, 3> f = {std::min(a, 4 - a), std::min(b, 4 - b), std::min(c, 4 - c)};
  std::sort(f.begin(), f.end());
  return f == std::array<int, 3>{0, 1, 2};
}

// The voxel text of `cells` (whole dodecahedra, cube coordinates of 1 or more): every tetrahedron whose point
// is nearer to the centre of one of `cells` than to the centre of any other cube of the same parity.
std::string voxelText(const std::vector<Cube>& cells, int& sx, int& sy, int& sz) {
  Cube high{0, 0, 0};
  for (const Cube& c : cells)
    for (int i = 0; i < 3; ++i) high[i] = std::max(high[i], c[i] + 2);
  sx = 5 * high[0], sy = 5 * high[1], sz = 5 * high[2];
  std::string data(static_cast<std::size_t>(sx * sy * sz), '_');
  const int parity = (cells.front()[0] + cells.front()[1] + cells.front()[2]) % 2;
  for (int z = 0; z < sz; ++z)
    for (int y = 0; y < sy; ++y)
      for (int x = 0; x < sx; ++x) {
        if (!tetrahedron(x % 5, y % 5, z % 5)) continue;
        const double px = (x + 0.5) / 5, py = (y + 0.5) / 5, pz = (z + 0.5) / 5;
        // The nearest centre of that parity is among the cube's and its neighbours'.
        double best = 1e9;
        Cube nearest{};
        for (int cx = x / 5 - 1; cx <= x / 5 + 1; ++cx)
          for (int cy = y / 5 - 1; cy <= y / 5 + 1; ++cy)
            for (int cz = z / 5 - 1; cz <= z / 5 + 1; ++cz) {
              if (((cx + cy + cz) % 2 + 2) % 2 != parity) continue;
              const double d = (px - cx - 0.5) * (px - cx - 0.5) + (py - cy - 0.5) * (py - cy - 0.5) +
                               (pz - cz - 0.5) * (pz - cz - 0.5);
              if (d < best) best = d, nearest = {cx, cy, cz};
            }
        if (std::find(cells.begin(), cells.end(), nearest) != cells.end())
          data[static_cast<std::size_t>(x + sx * (y + sy * z))] = '#';
      }
  return data;
}

std::string voxelXml(const std::string& name, const std::vector<Cube>& cells) {
  int sx = 0, sy = 0, sz = 0;
  const std::string data = voxelText(cells, sx, sy, sz);
  return "<voxel x=\"" + std::to_string(sx) + "\" y=\"" + std::to_string(sy) + "\" z=\"" +
         std::to_string(sz) + "\" name=\"" + name + "\" type=\"0\">" + data + "</voxel>";
}

// A BurrTools rhombic-grid file: the result `cells` and a pair of face-sharing cells, `pairs` times; the
// result's voxel text may be edited by `damage` first.
std::string rhombicFile(const std::vector<Cube>& cells, const Cube& pairStart, int pairs,
                        void (*damage)(std::string&) = nullptr) {
  std::string result = voxelXml("shape", cells);
  if (damage != nullptr) damage(result);
  const Cube other{pairStart[0] + 1, pairStart[1] + 1, pairStart[2]};
  return "<?xml version=\"1.0\"?>\n<puzzle version=\"2\"><gridType type=\"3\"/><colors/><shapes>" + result +
         voxelXml("pair", {pairStart, other}) +
         "</shapes><problems><problem name=\"pairs\" state=\"0\"><shapes><shape id=\"1\" count=\"" +
         std::to_string(pairs) + "\"/></shapes><result id=\"0\"/></problem></problems></puzzle>\n";
}

// The square pyramid of 3 x 3 + 2 x 2 + 1 cells, in layer pictures and (layer z: (a + b + z, a - b, z),
// shifted to start at 1 or more) in cubes.
const char* const kSquarePyramid =
    "name = \"square\"\ntitle = \"square pyramid\"\nlattice = \"rhombic-dodecahedra\"\n"
    "board = \"\"\"\n...\n...\n...\n\n..#\n..#\n###\n\n.##\n###\n###\n\"\"\"\n"
    "\n[[piece]]\nletter = \"P\"\ncopies = 7\nmoves = \"turn\"\n"
    "cubes = [[0, 0, 0], [1, 0, 0]]\n";

std::vector<Cube> squarePyramidCubes() {
  std::vector<Cube> cubes;
  for (int z = 0; z < 3; ++z)
    for (int a = 0; a < 3 - z; ++a)
      for (int b = 0; b < 3 - z; ++b) cubes.push_back({a + b + z + 1, a - b + 3, z + 1});
  return cubes;
}

}  // namespace

TEST(RhombicDodecahedra, SmallShapesCountAsByHand) {
  const std::string dir = piecework::test::tempDir();
  // One square layer of 2 x 2 cells: each shares a face with the two beside it in its row and column, not
  // with the one across the diagonal (its centre is sqrt 2 cell widths away), so the four form a ring and
  // split into pairs in 2 ways, both rows or both columns. A quarter turn about the layer's axis swaps the
  // two: 1 distinct. Symmetries: the square's 8 in its plane, each also with the reflection in that
  // plane: 16.
  std::ofstream(dir + "/ring.toml")
      << "name = \"ring\"\ntitle = \"ring\"\nlattice = \"rhombic-dodecahedra\"\n"
         "box = [2, 2, 1]\n\n[[piece]]\nletter = \"P\"\ncopies = 2\n"
         "moves = \"turn\"\ncubes = [[0, 0, 0], [1, 0, 0]]\n";
  const json ring = countJson(dir + "/ring.toml");
  EXPECT_EQ(ring["solutions"], 2);
  EXPECT_EQ(ring["distinct"], 1);
  EXPECT_EQ(ring["symmetries"], 16);
  // Four cells around a point where four meet, as in a tetrahedron (cubes (0,0,0), (1,1,0), (1,0,1), (0,1,1)
  // apart: each pair differs by (+-1, +-1, 0) in some order, so all four share faces with each other): 3
  // ways to pair them, all one up to the tetrahedron's 24 symmetries. Read from BurrTools files with the
  // dodecahedra on cubes of even and of odd sum.
  for (const int shift : {1, 2}) {
    const std::vector<Cube> tetra = {{shift, shift, shift},
                                     {shift + 1, shift + 1, shift},
                                     {shift + 1, shift, shift + 1},
                                     {shift, shift + 1, shift + 1}};
    EXPECT_EQ(perfectMatchings(tetra, rhombicShareFace), 3U);
    const std::string file = dir + "/tetra" + std::to_string(shift) + ".xmpuzzle";
    writeGzip(file, rhombicFile(tetra, {shift, shift, shift}, 2));
    const json counted = countJson(file);
    EXPECT_EQ(counted["solutions"], 3) << shift;
    EXPECT_EQ(counted["distinct"], 1) << shift;
    EXPECT_EQ(counted["symmetries"], 24) << shift;
  }
  // The square pyramid against the brute force.
  std::ofstream(dir + "/square.toml") << kSquarePyramid;
  EXPECT_EQ(countJson(dir + "/square.toml")["solutions"],
            perfectMatchings(squarePyramidCubes(), rhombicShareFace));
}

TEST(RhombicDodecahedra, WrittenToBurrToolsAndReadBackCountTheSame) {
  const std::string dir = piecework::test::tempDir();
  std::ofstream(dir + "/square.toml") << kSquarePyramid;
  const std::uint64_t expected = perfectMatchings(squarePyramidCubes(), rhombicShareFace);
  // The same pyramid built here tetrahedron by tetrahedron, for the reader alone.
  writeGzip(dir + "/built.xmpuzzle", rhombicFile(squarePyramidCubes(), {1, 1, 1}, 7));
  EXPECT_EQ(countJson(dir + "/built.xmpuzzle")["solutions"], expected);
  const json original = countJson(dir + "/square.toml");
  for (const std::string& puzzle : convertThereAndBack(dir + "/square.toml", dir + "/square")) {
    const json counted = countJson(puzzle);
    EXPECT_EQ(counted["solutions"], expected) << puzzle;
    EXPECT_EQ(counted["distinct"], original["distinct"]) << puzzle;
    EXPECT_EQ(counted["symmetries"], 8) << puzzle;  // the square pyramid's: 4 turns about its axis, 4 mirrors
  }
  std::ifstream tomlBack(dir + "/square-back.toml");
  const std::string text((std::istreambuf_iterator<char>(tomlBack)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("lattice = \"rhombic-dodecahedra\""), std::string::npos) << text;
  ASSERT_EQ(std::system(("gzip -dc '" + dir + "/square.xmpuzzle' >'" + dir + "/square.xml'").c_str()), 0);
  std::ifstream xml(dir + "/square.xml");
  const std::string written3((std::istreambuf_iterator<char>(xml)), std::istreambuf_iterator<char>());
  EXPECT_NE(written3.find("<gridType type=\"3\"/>"), std::string::npos);
}

TEST(RhombicDodecahedra, ShowSolveSheetAndBadInput) {
  const std::string dir = piecework::test::tempDir();
  std::ofstream(dir + "/square.toml") << kSquarePyramid;
  const auto shown = runPiecework("show '" + dir + "/square.toml'");
  ASSERT_EQ(shown.status, 0) << shown.err;
  EXPECT_NE(shown.out.find("14 cells"), std::string::npos) << shown.out;
  EXPECT_NE(shown.out.find("rhombic dodecahedra, layer by layer"), std::string::npos) << shown.out;
  // The 2 x 2 ring with one pair given along the first row: the other row is the only way to finish.
  std::ofstream(dir + "/ring.toml")
      << "name = \"ring\"\ntitle = \"ring\"\nlattice = \"rhombic-dodecahedra\"\n"
         "box = [2, 2, 1]\n\n[[piece]]\nletter = \"P\"\ncopies = 2\n"
         "moves = \"turn\"\ncubes = [[0, 0, 0], [1, 0, 0]]\n";
  const auto solved = runPiecework("solve '" + dir + "/ring.toml' --challenge 'pp/..' --json");
  ASSERT_EQ(solved.status, 0) << solved.err;
  EXPECT_EQ(json::parse(solved.out)["status"], "unique") << solved.out;
  const auto sheet = runPiecework("sheet '" + dir + "/ring.toml' --challenge 'pp/..' --solution --out '" +
                                  dir + "/s.svg' --json");
  ASSERT_EQ(sheet.status, 0) << sheet.err;
  EXPECT_TRUE(std::ifstream(dir + "/s.svg").good());

  // A dodecahedron missing one of its 48 tetrahedra.
  writeGzip(dir + "/partial.xmpuzzle",
            rhombicFile({{1, 1, 1}, {2, 2, 1}}, {1, 1, 1}, 1, [](std::string& v) { v[v.find('#')] = '_'; }));
  // (BurrTools' part-cells, tests/part_cells_test.cpp: read tetrahedron by tetrahedron; the pair of whole
  // dodecahedra covers one tetrahedron more than the 95 of the result, which count refuses in one line)
  const auto partial = runPiecework("count '" + dir + "/partial.xmpuzzle'");
  EXPECT_EQ(partial.status, 2);
  EXPECT_NE(partial.err.find("more than the board's"), std::string::npos) << partial.err;
  EXPECT_TRUE(oneLine(partial.err)) << partial.err;
  // A voxel that is no tetrahedron of the grid (the corner of a block).
  writeGzip(dir + "/corner.xmpuzzle", rhombicFile({{1, 1, 1}, {2, 2, 1}}, {1, 1, 1}, 1,
                                                  [](std::string& v) { v[v.find('>') + 1] = '#'; }));
  const auto corner = runPiecework("count '" + dir + "/corner.xmpuzzle'");
  EXPECT_EQ(corner.status, 2);
  EXPECT_NE(corner.err.find("voxel (0, 0, 0) is no tetrahedron of the rhombic grid"), std::string::npos)
      << corner.err;
  EXPECT_TRUE(oneLine(corner.err)) << corner.err;
  // A misspelt lattice in a definition.
  std::ofstream(dir + "/typo.toml") << "name = \"t\"\ntitle = \"t\"\nlattice = \"rhombic-dodecahedron\"\n"
                                       "box = [2, 1, 1]\n\n[[piece]]\nletter = \"P\"\n"
                                       "cubes = [[0, 0, 0], [1, 0, 0]]\n";
  const auto typo = runPiecework("count '" + dir + "/typo.toml'");
  EXPECT_EQ(typo.status, 2);
  EXPECT_NE(typo.err.find("unknown lattice 'rhombic-dodecahedron'"), std::string::npos) << typo.err;
  EXPECT_TRUE(oneLine(typo.err)) << typo.err;
}

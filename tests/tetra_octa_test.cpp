// SPDX-License-Identifier: Apache-2.0
// Tetrahedra and octahedra (the tetrahedral-octahedral honeycomb): counts by hand and against the shared
// brute force (tests/support/lattice_checks.*) over cells that share a face, found here from the cells'
// corners in space; BurrTools' tetrahedra-octahedra grid (grid type 4) read from a file this test writes from
// the file format, written and read back; show, solve, sheet and bad input.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
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

// A cell as docs/puzzle-format.md ("Tetrahedra and octahedra") addresses it: column x, row y, layer L from
// 0. On an even layer, the octahedron centred on grid point (x, y, L / 2) (x + y + L / 2 even), whose corners
// are the six grid points next to it; on an odd layer, the tetrahedron in the unit cube whose lowest corner
// is (x, y, (L - 1) / 2), whose corners are the cube's four corners with an odd sum.
struct Cell {
  int x, y, layer;
};

using Point = std::array<int, 3>;

std::vector<Point> corners(const Cell& c) {
  std::vector<Point> out;
  if (c.layer % 2 == 0) {
    const Point o{c.x, c.y, c.layer / 2};
    for (int axis = 0; axis < 3; ++axis)
      for (int step : {-1, 1}) {
        Point p = o;
        p[static_cast<std::size_t>(axis)] += step;
        out.push_back(p);
      }
  } else {
    const int k = (c.layer - 1) / 2;
    for (int i = 0; i < 2; ++i)
      for (int j = 0; j < 2; ++j)
        for (int l = 0; l < 2; ++l)
          if ((c.x + i + c.y + j + k + l) % 2 != 0) out.push_back({c.x + i, c.y + j, k + l});
  }
  std::sort(out.begin(), out.end());
  return out;
}

bool isCell(const Cell& c) {
  return c.layer % 2 != 0 || ((c.x + c.y + c.layer / 2) % 2 + 2) % 2 == 0;
}

// Two cells share a face when they share three corners (a triangle: two cells of the honeycomb share at most
// an edge otherwise).
bool tetraOctaShareFace(const Cell& a, const Cell& b) {
  const auto ca = corners(a), cb = corners(b);
  std::vector<Point> common;
  std::set_intersection(ca.begin(), ca.end(), cb.begin(), cb.end(), std::back_inserter(common));
  return common.size() == 3;
}

// Every cell of a box of x columns, y rows and `layers` layers.
std::vector<Cell> boxCells(int x, int y, int layers) {
  std::vector<Cell> cells;
  for (int l = 0; l < layers; ++l)
    for (int j = 0; j < y; ++j)
      for (int i = 0; i < x; ++i)
        if (isCell({i, j, l})) cells.push_back({i, j, l});
  return cells;
}

// The cells whose centres lie within 2 of the centre of the octahedron (1, 1, 0), in columns, rows and layers
// 0 and up (a ball cut by three planes), and the board picture of a list of cells.
std::vector<Cell> cutBall() {
  std::vector<Cell> cells;
  for (int l = 0; l <= 4; ++l)
    for (int y = 0; y <= 3; ++y)
      for (int x = 0; x <= 3; ++x) {
        if (!isCell({x, y, l})) continue;
        // centres, doubled: an octahedron's (2x, 2y, l), a tetrahedron's (2x + 1, 2y + 1, l)
        const int dx = 2 * x + (l % 2) - 2, dy = 2 * y + (l % 2) - 2, dz = l;
        if (dx * dx + dy * dy + dz * dz <= 16) cells.push_back({x, y, l});
      }
  return cells;
}

std::string boardOf(const std::vector<Cell>& cells) {
  int w = 0, h = 0, d = 0;
  for (const Cell& c : cells)
    w = std::max(w, c.x + 1), h = std::max(h, c.y + 1), d = std::max(d, c.layer + 1);
  std::string board;
  for (int l = 0; l < d; ++l)
    for (int y = 0; y < h; ++y) {
      board += l > 0 && y == 0 ? "\n" : "";
      for (int x = 0; x < w; ++x) {
        const bool in = std::any_of(cells.begin(), cells.end(),
                                    [&](const Cell& c) { return c.x == x && c.y == y && c.layer == l; });
        board += in ? '.' : '#';
      }
      board += '\n';
    }
  return "board = \"\"\"\n" + board + "\"\"\"";
}

// A definition filled with pairs (an octahedron and the tetrahedron over it), any number of them.
std::string pairsToml(const std::string& board) {
  return "name = \"to\"\ntitle = \"to\"\nlattice = \"tetrahedra-octahedra\"\n" + board +
         "\n\n[[piece]]\nletter = \"P\"\ncopies = [0, 32]\nmoves = \"turn\"\ncubes = [[0, 0, 0], [0, 0, "
         "1]]\n";
}

// Two octahedra that share an edge, on grid points (1, 1, 0) and (2, 1, 1), and the two tetrahedra, in the
// cubes from (1, 0, 0) and (1, 1, 0), that share a face with each.
const char* const kRing = "board = \"\"\"\n###\n#.#\n\n#.#\n#.#\n\n###\n##.\n\"\"\"";
const std::vector<Cell> kRingCells = {{1, 1, 0}, {1, 0, 1}, {1, 1, 1}, {2, 1, 2}};

// BurrTools' grid type 4, from the file format (BurrTools' src/lib/voxel_4.cpp): each cube of the grid is a
// block of 3 x 3 x 3 voxels; its tetrahedron is the block's centre, and the octahedron centred on grid point
// (X, Y, Z) (an odd sum) is the 2 x 2 x 2 voxels 3X - 1..3X of each axis, one corner of each cube around it.
struct Voxels {
  std::map<Point, char> at;
  void octahedron(int X, int Y, int Z) {
    for (int a = 3 * X - 1; a <= 3 * X; ++a)
      for (int b = 3 * Y - 1; b <= 3 * Y; ++b)
        for (int c = 3 * Z - 1; c <= 3 * Z; ++c) at[{a, b, c}] = '#';
  }
  void tetrahedron(int x, int y, int z) { at[{3 * x + 1, 3 * y + 1, 3 * z + 1}] = '#'; }
  std::string xml(const std::string& name) const {
    Point size{1, 1, 1};
    for (const auto& [p, c] : at)
      for (std::size_t i = 0; i < 3; ++i) size[i] = std::max(size[i], p[i] + 1);
    std::string data;
    for (int z = 0; z < size[2]; ++z)
      for (int y = 0; y < size[1]; ++y)
        for (int x = 0; x < size[0]; ++x) data += at.count({x, y, z}) != 0U ? '#' : '_';
    return "<voxel x=\"" + std::to_string(size[0]) + "\" y=\"" + std::to_string(size[1]) + "\" z=\"" +
           std::to_string(size[2]) + "\" name=\"" + name + "\" type=\"0\">" + data + "</voxel>";
  }
};

// The ring above in BurrTools' grid: octahedra on (1, 1, 1) and (2, 2, 1), the tetrahedra of cubes (1, 1, 0)
// and (1, 1, 1); the pair, an octahedron and a tetrahedron of a cube around it. `damage` may change the
// result's voxel text.
std::string ringFile(void (*damage)(std::string&) = nullptr) {
  Voxels result;
  result.octahedron(1, 1, 1);
  result.octahedron(2, 2, 1);
  result.tetrahedron(1, 1, 0);
  result.tetrahedron(1, 1, 1);
  Voxels pair;
  pair.octahedron(1, 1, 1);
  pair.tetrahedron(1, 1, 1);
  std::string shape = result.xml("ring");
  if (damage != nullptr) damage(shape);
  return "<?xml version=\"1.0\"?>\n<puzzle version=\"2\"><gridType type=\"4\"/><colors/><shapes>" + shape +
         pair.xml("pair") +
         "</shapes><problems><problem name=\"pairs\" state=\"0\"><shapes><shape id=\"1\" count=\"2\"/>"
         "</shapes><result id=\"0\"/></problem></problems></puzzle>\n";
}

}  // namespace

// The point group: the 48 signed permutations of the axes about an octahedron's centre, 24 of them turns,
// each mapping cells to cells, cells that share a face (found above from their corners) to cells that share a
// face and others to others, on a patch around the origin that includes negative coordinates.
TEST(TetrahedraOctahedra, PointGroupKeepsFaceNeighbours) {
  using piecework::Lattice;
  const auto& group = piecework::pointGroup(Lattice::TetrahedraOctahedra);
  ASSERT_EQ(group.size(), 48U);
  std::vector<Cell> patch;
  for (int l = -2; l <= 2; ++l)
    for (int y = -2; y <= 2; ++y)
      for (int x = -2; x <= 2; ++x)
        if (isCell({x, y, l})) patch.push_back({x, y, l});
  // Each tetrahedron shares its 4 faces with octahedra, each octahedron its 8 with tetrahedra.
  const Cell tetrahedron{0, 0, 1}, octahedron{0, 0, 0};
  int tetrahedronFaces = 0, octahedronFaces = 0;
  for (const Cell& c : patch) {
    tetrahedronFaces += tetraOctaShareFace(tetrahedron, c) ? 1 : 0;
    octahedronFaces += tetraOctaShareFace(octahedron, c) ? 1 : 0;
  }
  EXPECT_EQ(tetrahedronFaces, 4);
  EXPECT_EQ(octahedronFaces, 8);
  int turns = 0;
  for (const auto& t : group) {
    turns += t.mirror ? 0 : 1;
    const auto image = [&](const Cell& c) {
      const piecework::Site s = piecework::apply(Lattice::TetrahedraOctahedra, t, {c.x, c.y, c.layer});
      return Cell{s.x, s.y, s.z};
    };
    for (const Cell& a : patch) {
      EXPECT_TRUE(isCell(image(a))) << a.x << "," << a.y << "," << a.layer;
      EXPECT_EQ(a.layer % 2 == 0, image(a).layer % 2 == 0);  // octahedra stay octahedra
      for (const Cell& b : patch)
        EXPECT_EQ(tetraOctaShareFace(a, b), tetraOctaShareFace(image(a), image(b)))
            << a.x << "," << a.y << "," << a.layer << " " << b.x << "," << b.y << "," << b.layer;
    }
  }
  EXPECT_EQ(turns, 24);
}

TEST(TetrahedraOctahedra, SmallBoardsCountAsByHandAndTheBruteForce) {
  const std::string dir = piecework::test::tempDir();
  // The ring: each octahedron shares a face with both tetrahedra and the tetrahedra none with each other (nor
  // the octahedra), a ring of four: 2 fillings by pairs.
  EXPECT_EQ(perfectMatchings(kRingCells, tetraOctaShareFace), 2U);
  // The ring is the cells around one edge of the honeycomb (the octahedra's common edge): its symmetries are
  // the edge's, the 48 at a corner of the honeycomb over the 12 edges that meet there, times 2 for swapping
  // the edge's ends: 8. The mirror in the plane y = 1, through the edge and the octahedra's centres, swaps
  // the tetrahedra and so the two fillings (the pair is its own mirror image): 1 distinct.
  std::ofstream(dir + "/ring.toml") << pairsToml(kRing);
  const json ring = countJson(dir + "/ring.toml");
  EXPECT_EQ(ring["solutions"], 2);
  EXPECT_EQ(ring["distinct"], 1);
  EXPECT_EQ(ring["symmetries"], 8);
  // The cut ball, 12 octahedra and 12 tetrahedra.
  std::ofstream(dir + "/ball.toml") << pairsToml(boardOf(cutBall()));
  EXPECT_EQ(countJson(dir + "/ball.toml")["solutions"], perfectMatchings(cutBall(), tetraOctaShareFace));
  // Boxes of three layers (octahedra, tetrahedra, octahedra): as many octahedra as tetrahedra, and only one
  // filling (each corner's cells are forced, and so on inwards).
  for (const auto& [x, y] : {std::pair{3, 3}, std::pair{4, 3}, std::pair{4, 4}}) {
    const std::string file = dir + "/box" + std::to_string(x) + std::to_string(y) + ".toml";
    std::ofstream(file) << pairsToml("box = [" + std::to_string(x) + ", " + std::to_string(y) + ", 3]");
    EXPECT_EQ(countJson(file)["solutions"], perfectMatchings(boxCells(x, y, 3), tetraOctaShareFace)) << file;
  }
  // By hand: octahedra on (0, 0) and (1, 1) below, (1, 0) and (0, 1) above, tetrahedra in the four
  // squares between. The tetrahedron of square (1, 1) shares a face with only the octahedron (1, 1) below
  // (its other three octahedra are (2, 2) below and (2, 1), (1, 2) above); then (1, 0) only with (1, 0)
  // above and (0, 1) only with (0, 1) above, and (0, 0) with (0, 0) below: 1 filling.
  const std::vector<Cell> square = {{0, 0, 0}, {1, 1, 0}, {0, 0, 1}, {1, 0, 1},
                                    {0, 1, 1}, {1, 1, 1}, {1, 0, 2}, {0, 1, 2}};
  EXPECT_EQ(perfectMatchings(square, tetraOctaShareFace), 1U);
  std::ofstream(dir + "/square.toml") << pairsToml("board = \"\"\"\n.#\n#.\n\n..\n..\n\n#.\n.#\n\"\"\"");
  EXPECT_EQ(countJson(dir + "/square.toml")["solutions"], 1);
}

TEST(TetrahedraOctahedra, BurrToolsFilesReadWrittenAndReadBack) {
  const std::string dir = piecework::test::tempDir();
  writeGzip(dir + "/ring.xmpuzzle", ringFile());
  const json read = countJson(dir + "/ring.xmpuzzle");
  EXPECT_EQ(read["solutions"], 2);
  // Written and read back: the cut ball counts as the brute force both ways.
  std::ofstream(dir + "/box.toml") << pairsToml(boardOf(cutBall()));
  const std::uint64_t expected = perfectMatchings(cutBall(), tetraOctaShareFace);
  const json original = countJson(dir + "/box.toml");
  EXPECT_EQ(original["solutions"], expected);
  for (const std::string& puzzle : convertThereAndBack(dir + "/box.toml", dir + "/box")) {
    const json counted = countJson(puzzle);
    EXPECT_EQ(counted["solutions"], expected) << puzzle;
    EXPECT_EQ(counted["distinct"], original["distinct"]) << puzzle;
    EXPECT_EQ(counted["symmetries"], original["symmetries"]) << puzzle;
  }
  const auto back = runPiecework("convert '" + dir + "/box.xmpuzzle' --to toml");
  ASSERT_EQ(back.status, 0) << back.err;
  EXPECT_NE(back.out.find("lattice = \"tetrahedra-octahedra\""), std::string::npos) << back.out;
  std::ifstream written(dir + "/box.xmpuzzle");
  ASSERT_TRUE(written.good());
}

TEST(TetrahedraOctahedra, ShowSolveSheetAndBadInput) {
  const std::string dir = piecework::test::tempDir();
  std::ofstream(dir + "/ring.toml") << pairsToml(kRing);
  const auto shown = runPiecework("show '" + dir + "/ring.toml'");
  ASSERT_EQ(shown.status, 0) << shown.err;
  EXPECT_NE(shown.out.find("4 cells"), std::string::npos) << shown.out;
  EXPECT_NE(shown.out.find("tetrahedra and octahedra, layer by layer"), std::string::npos) << shown.out;
  // One pair given (the lower octahedron and the tetrahedron of the first row): the other pair follows.
  const std::string given = "###/#p#|#p#/#.#|###/##.";
  const auto solved = runPiecework("solve '" + dir + "/ring.toml' --challenge '" + given + "' --json");
  ASSERT_EQ(solved.status, 0) << solved.err;
  EXPECT_EQ(json::parse(solved.out)["status"], "unique") << solved.out;
  const auto sheet = runPiecework("sheet '" + dir + "/ring.toml' --challenge '" + given +
                                  "' --solution --out '" + dir + "/r.svg' --json");
  ASSERT_EQ(sheet.status, 0) << sheet.err;
  EXPECT_TRUE(std::ifstream(dir + "/r.svg").good());

  // A board cell where an octahedron layer has none (column 2, row 1 of layer 1: 2 + 1 + 0 odd).
  std::ofstream(dir + "/hole.toml") << pairsToml("board = \"\"\"\n..\n\n..\n\"\"\"");
  const auto hole = runPiecework("count '" + dir + "/hole.toml'");
  EXPECT_EQ(hole.status, 2);
  EXPECT_NE(hole.err.find("layer 1, row 1, column 2: no octahedron there"), std::string::npos) << hole.err;
  EXPECT_TRUE(oneLine(hole.err)) << hole.err;
  // A piece with a cube that is no cell.
  std::ofstream(dir + "/piece.toml") << "name = \"p\"\ntitle = \"p\"\nlattice = \"tetrahedra-octahedra\"\n"
                                        "box = [2, 2, 2]\n\n[[piece]]\nletter = \"P\"\n"
                                        "cubes = [[1, 0, 0], [1, 0, 1]]\n";
  const auto piece = runPiecework("count '" + dir + "/piece.toml'");
  EXPECT_EQ(piece.status, 2);
  EXPECT_NE(piece.err.find("[1, 0, 0] is no cell"), std::string::npos) << piece.err;
  EXPECT_TRUE(oneLine(piece.err)) << piece.err;
  // An octahedron missing one of its 8 eighths: BurrTools' part-cells (tests/part_cells_test.cpp), read
  // voxel by voxel; the whole pieces cover one eighth more than the board has, which count refuses in one
  // line. (the first '#' is the lower tetrahedron's, the second an eighth of an octahedron)
  writeGzip(dir + "/partial.xmpuzzle",
            ringFile([](std::string& v) { v[v.find('#', v.find('#') + 1)] = '_'; }));
  const auto partial = runPiecework("count '" + dir + "/partial.xmpuzzle'");
  EXPECT_EQ(partial.status, 2);
  EXPECT_NE(partial.err.find("more than the board's"), std::string::npos) << partial.err;
  EXPECT_TRUE(oneLine(partial.err)) << partial.err;
  // A voxel that is no part of a cell (the first corner of the block of cube (0, 0, 0), whose grid point
  // (0, 0, 0) has an even sum).
  writeGzip(dir + "/corner.xmpuzzle", ringFile([](std::string& v) { v[v.find('>') + 1] = '#'; }));
  const auto corner = runPiecework("count '" + dir + "/corner.xmpuzzle'");
  EXPECT_EQ(corner.status, 2);
  EXPECT_NE(corner.err.find("voxel (0, 0, 0) is no part of a tetrahedron or octahedron"), std::string::npos)
      << corner.err;
  EXPECT_TRUE(oneLine(corner.err)) << corner.err;
}

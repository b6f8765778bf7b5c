// SPDX-License-Identifier: Apache-2.0
// BurrTools' part-cells (docs/puzzle-format.md, "Part-cells"): designs built from the tetrahedra of the
// rhombic grid and from the eighths of octahedra and tetrahedra of the tetrahedra-octahedra grid, and flat
// pieces of balls that turn over in space. Each is written here as a BurrTools file and counted against a
// brute force that shares no code with piecework: its cells are points of space computed from the
// polyhedra's corners, its moves the 48 signed permutations of the axes and the shifts that keep the grid,
// and its fillings counted by the independent exact-cover counter (support/exact_cover.hpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <fstream>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "support/exact_cover.hpp"
#include "support/lattice_checks.hpp"
#include "support/run.hpp"

namespace {

using nlohmann::json;
using piecework::test::convertThereAndBack;
using piecework::test::countExactCovers;
using piecework::test::countJson;
using piecework::test::runPiecework;
using piecework::test::writeGzip;

using Point = std::array<int, 3>;

// A cell of the brute force: a point of space that names it (the sum of its corners, or its centre) and the
// BurrTools voxel that stores it.
struct Cell {
  Point key;
  Point voxel;
};

struct DesignPiece {
  std::vector<Cell> cells;
  int copies = 1;
  bool turnsOver = false;  // its mirror images are turns in space too
};

// The 48 signed permutations, with whether each is a mirror image.
struct Move {
  std::array<int, 3> axis;
  std::array<int, 3> sign;
  bool mirror;
};

std::vector<Move> cubeMoves() {
  std::vector<Move> out;
  std::array<int, 3> p = {0, 1, 2};
  do {
    const int inversions = (p[0] > p[1]) + (p[0] > p[2]) + (p[1] > p[2]);
    for (int s = 0; s < 8; ++s) {
      const std::array<int, 3> sign = {s & 1 ? -1 : 1, s & 2 ? -1 : 1, s & 4 ? -1 : 1};
      const int det = (inversions % 2 == 0 ? 1 : -1) * sign[0] * sign[1] * sign[2];
      out.push_back({p, sign, det < 0});
    }
  } while (std::next_permutation(p.begin(), p.end()));
  return out;
}

// Fillings of `board` by `pieces` (copies interchangeable): every image of each piece under the moves
// (mirror images only for pieces that turn over), shifted by every vector that `shiftOk` allows onto board
// points, as options of an exact cover with one item per cell and per copy; divided by the copies' orders.
std::uint64_t bruteForce(const std::vector<Cell>& board, const std::vector<DesignPiece>& pieces,
                         const std::function<bool(const Point&)>& shiftOk) {
  std::map<Point, int> index;
  for (std::size_t i = 0; i < board.size(); ++i) index[board[i].key] = static_cast<int>(i);
  std::string dlx;
  for (std::size_t i = 0; i < board.size(); ++i) dlx += "c" + std::to_string(i) + " ";
  for (std::size_t p = 0; p < pieces.size(); ++p)
    for (int k = 0; k < pieces[p].copies; ++k) dlx += "p" + std::to_string(p) + "_" + std::to_string(k) + " ";
  dlx += "\n";
  std::uint64_t orders = 1;
  for (std::size_t p = 0; p < pieces.size(); ++p) {
    for (int k = 2; k <= pieces[p].copies; ++k) orders *= static_cast<std::uint64_t>(k);
    std::set<std::vector<int>> placements;
    for (const Move& m : cubeMoves()) {
      if (m.mirror && !pieces[p].turnsOver) continue;
      std::vector<Point> image;
      for (const Cell& c : pieces[p].cells)
        image.push_back(
            {m.sign[0] * c.key[m.axis[0]], m.sign[1] * c.key[m.axis[1]], m.sign[2] * c.key[m.axis[2]]});
      for (const Cell& target : board) {
        const Point shift = {target.key[0] - image[0][0], target.key[1] - image[0][1],
                             target.key[2] - image[0][2]};
        if (!shiftOk(shift)) continue;
        std::vector<int> cells;
        for (const Point& q : image) {
          const auto it = index.find({q[0] + shift[0], q[1] + shift[1], q[2] + shift[2]});
          if (it == index.end()) break;
          cells.push_back(it->second);
        }
        if (cells.size() != image.size()) continue;
        std::sort(cells.begin(), cells.end());
        placements.insert(cells);
      }
    }
    for (const auto& cells : placements)
      for (int k = 0; k < pieces[p].copies; ++k) {
        for (int c : cells) dlx += "c" + std::to_string(c) + " ";
        dlx += "p" + std::to_string(p) + "_" + std::to_string(k) + "\n";
      }
  }
  return countExactCovers(dlx) / orders;
}

std::string voxelXml(const std::string& name, const std::vector<Cell>& cells, int block) {
  Point size{1, 1, 1};
  for (const Cell& c : cells)
    for (std::size_t i = 0; i < 3; ++i) size[i] = std::max(size[i], (c.voxel[i] / block + 1) * block);
  std::string data(static_cast<std::size_t>(size[0] * size[1] * size[2]), '_');
  for (const Cell& c : cells)
    data[static_cast<std::size_t>(c.voxel[0] + size[0] * (c.voxel[1] + size[1] * c.voxel[2]))] = '#';
  return "<voxel x=\"" + std::to_string(size[0]) + "\" y=\"" + std::to_string(size[1]) + "\" z=\"" +
         std::to_string(size[2]) + "\" name=\"" + name + "\" type=\"0\">" + data + "</voxel>";
}

// A BurrTools file of grid `grid` with one problem: `board` filled by `pieces`. A piece's voxels are moved
// by whole blocks (a multiple of 2 blocks, which every grid's shifts keep) to start near 0.
std::string burrToolsFile(int grid, int block, const std::vector<Cell>& board,
                          const std::vector<DesignPiece>& pieces) {
  std::string xml = "<?xml version=\"1.0\"?>\n<puzzle version=\"2\"><gridType type=\"" +
                    std::to_string(grid) + "\"/><colors/><shapes>" + voxelXml("board", board, block);
  for (std::size_t p = 0; p < pieces.size(); ++p) {
    Point low{1 << 20, 1 << 20, 1 << 20};
    for (const Cell& c : pieces[p].cells)
      for (std::size_t i = 0; i < 3; ++i) low[i] = std::min(low[i], c.voxel[i]);
    std::vector<Cell> moved = pieces[p].cells;
    for (Cell& c : moved)
      for (std::size_t i = 0; i < 3; ++i) c.voxel[i] -= low[i] / (2 * block) * (2 * block);
    xml += voxelXml(std::string(1, static_cast<char>('A' + p)), moved, block);
  }
  xml += "</shapes><problems><problem name=\"p\" state=\"0\"><shapes>";
  for (std::size_t p = 0; p < pieces.size(); ++p)
    xml += "<shape id=\"" + std::to_string(p + 1) + "\" count=\"" + std::to_string(pieces[p].copies) + "\"/>";
  return xml + "</shapes><result id=\"0\"/><bitmap/></problem></problems></puzzle>\n";
}

// The rhombic grid: cube c (side 4 in these units, corners 4c + {0, 4}) is cut into 24 tetrahedra, each
// spanned by the cube's centre, the centre of a face (axis a, side sa) and an edge of that face (where axis
// b is at side sb). Its key is the sum of its four corners; BurrTools stores it as the voxel at the
// tetrahedron's place in the cube's 5 x 5 x 5 block: 0 or 4 along a, 1 or 3 along b, 2 along the edge.
Cell rhombicTetrahedron(const Point& c, int a, int sa, int b, int sb) {
  const int d = 3 - a - b;
  Cell out;
  out.key[static_cast<std::size_t>(a)] = 16 * c[static_cast<std::size_t>(a)] + 2 + 12 * sa;
  out.key[static_cast<std::size_t>(b)] = 16 * c[static_cast<std::size_t>(b)] + 4 + 8 * sb;
  out.key[static_cast<std::size_t>(d)] = 16 * c[static_cast<std::size_t>(d)] + 8;
  out.voxel[static_cast<std::size_t>(a)] = 5 * c[static_cast<std::size_t>(a)] + 4 * sa;
  out.voxel[static_cast<std::size_t>(b)] = 5 * c[static_cast<std::size_t>(b)] + 1 + 2 * sb;
  out.voxel[static_cast<std::size_t>(d)] = 5 * c[static_cast<std::size_t>(d)] + 2;
  return out;
}

// The square pyramid on face (a, sa) of cube c: its 4 tetrahedra.
std::vector<Cell> pyramid(const Point& c, int a, int sa) {
  std::vector<Cell> out;
  for (int b = 0; b < 3; ++b)
    if (b != a)
      for (int sb = 0; sb < 2; ++sb) out.push_back(rhombicTetrahedron(c, a, sa, b, sb));
  return out;
}

std::vector<Cell> joined(std::vector<Cell> a, const std::vector<Cell>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

// The tetrahedra-octahedra grid: the octahedron on grid corner X (odd sum) is 8 eighths, the one in octant
// s spanned by X and X + s_i e_i (key 4X + s; BurrTools' voxel 3X_i - 1 or 3X_i along each axis, for s_i
// negative or positive); the tetrahedron of cube C (lowest corner C) is spanned by the cube's corners of even
// sum (key 4C + 2; voxel 3C + 1, the block's centre).
Cell eighth(const Point& x, const Point& s) {
  Cell out;
  for (std::size_t i = 0; i < 3; ++i) {
    out.key[i] = 4 * x[i] + s[i];
    out.voxel[i] = 3 * x[i] - (s[i] < 0 ? 1 : 0);
  }
  return out;
}

Cell cubeTetrahedron(const Point& c) {
  Cell out;
  for (std::size_t i = 0; i < 3; ++i) out.key[i] = 4 * c[i] + 2, out.voxel[i] = 3 * c[i] + 1;
  return out;
}

void expectCountsBothWays(const std::string& dir, const std::string& stem, const std::string& xml,
                          std::uint64_t expected) {
  writeGzip(dir + "/" + stem + ".xmpuzzle", xml);
  const json read = countJson(dir + "/" + stem + ".xmpuzzle");
  ASSERT_FALSE(read.empty());
  EXPECT_EQ(read["solutions"], expected);
  const auto toml =
      runPiecework("convert '" + dir + "/" + stem + ".xmpuzzle' '" + dir + "/" + stem + ".toml'");
  ASSERT_EQ(toml.status, 0) << toml.err;
  for (const std::string& file : convertThereAndBack(dir + "/" + stem + ".toml", dir + "/" + stem + "2")) {
    const json counted = countJson(file);
    EXPECT_EQ(counted["solutions"], expected) << file;
    EXPECT_EQ(counted["distinct"], read["distinct"]) << file;
  }
}

TEST(PartCells, RhombicTetrahedraCountAsTheBruteForce) {
  // Two cubes side by side, 48 tetrahedra: the pyramids on their outer x faces (2 copies of one piece), the
  // two on their common face (one piece), and each cube's pyramids on y- and z- and on y+ and z+.
  const Point c0{0, 0, 0}, c1{1, 0, 0};
  std::vector<Cell> board;
  for (const Point& c : {c0, c1})
    for (int a = 0; a < 3; ++a)
      for (int sa = 0; sa < 2; ++sa) board = joined(board, pyramid(c, a, sa));
  std::vector<DesignPiece> pieces = {
      {pyramid(c0, 0, 0), 2},
      {joined(pyramid(c0, 0, 1), pyramid(c1, 0, 0)), 1},
      {joined(pyramid(c0, 1, 0), pyramid(c0, 2, 0)), 4},
  };
  const std::uint64_t expected = bruteForce(
      board, pieces, [](const Point& d) { return d[0] % 16 == 0 && d[1] % 16 == 0 && d[2] % 16 == 0; });
  ASSERT_GT(expected, 0U);
  const std::string dir = piecework::test::tempDir();
  expectCountsBothWays(dir, "rhombic", burrToolsFile(3, 5, board, pieces), expected);
  const auto shown = runPiecework("show '" + dir + "/rhombic.xmpuzzle'");
  ASSERT_EQ(shown.status, 0) << shown.err;
  EXPECT_NE(shown.out.find("rhombic grid voxel by voxel"), std::string::npos) << shown.out;
}

TEST(PartCells, TetrahedraOctahedraPartsCountAsTheBruteForce) {
  // The octahedron on corner (1, 2, 2) and the 8 tetrahedra around it, in 4 pieces that cut the octahedron.
  const Point x{1, 2, 2};
  const auto octant = [&](int sx, int sy, int sz) { return eighth(x, {sx, sy, sz}); };
  const auto around = [&](int sx, int sy, int sz) {
    return cubeTetrahedron({x[0] + (sx < 0 ? -1 : 0), x[1] + (sy < 0 ? -1 : 0), x[2] + (sz < 0 ? -1 : 0)});
  };
  std::vector<DesignPiece> pieces = {
      {{octant(-1, -1, -1), octant(1, -1, -1), octant(1, 1, -1), around(-1, -1, -1)}, 1},
      {{octant(-1, 1, -1), around(1, -1, -1), around(1, 1, -1), around(-1, 1, -1)}, 1},
      {{octant(-1, -1, 1), octant(1, -1, 1), octant(1, 1, 1), octant(-1, 1, 1), around(-1, -1, 1),
        around(1, -1, 1)},
       1},
      {{around(1, 1, 1), around(-1, 1, 1)}, 1},
  };
  std::vector<Cell> board;
  for (const DesignPiece& p : pieces) board = joined(board, p.cells);
  const std::uint64_t expected = bruteForce(board, pieces, [](const Point& d) {
    return d[0] % 4 == 0 && d[1] % 4 == 0 && d[2] % 4 == 0 && (d[0] / 4 + d[1] / 4 + d[2] / 4) % 2 == 0;
  });
  ASSERT_GT(expected, 0U);
  expectCountsBothWays(piecework::test::tempDir(), "tetra", burrToolsFile(4, 3, board, pieces), expected);
}

// Balls: a square pyramid of 14 (3 x 3, 2 x 2, 1), ball (i, j) of layer k at BurrTools' sphere voxel
// (i - j, i + j + k, k), where the 12 neighbours of a ball are at the 12 vectors (+-1, +-1, 0) in some
// order. Three of the four pieces lie flat in one plane, one of them in a triangular layer, where turning it
// over is no symmetry of the packing but a turn in space all the same.
TEST(PartCells, FlatPiecesOfBallsTurnOverInSpace) {
  const auto ball = [](int i, int j, int k) {
    return Cell{{i - j, i + j + k, k}, {i - j + 2, i + j + k, k}};
  };
  std::vector<Cell> board;
  for (int k = 0; k < 3; ++k)
    for (int i = 0; i < 3 - k; ++i)
      for (int j = 0; j < 3 - k; ++j) board.push_back(ball(i, j, k));
  const std::vector<std::vector<Cell>> shapes = {
      {ball(0, 0, 0), ball(0, 1, 0), ball(0, 2, 0), ball(0, 0, 1)},
      {ball(1, 0, 0), ball(2, 0, 0), ball(1, 1, 0), ball(1, 0, 1)},
      {ball(2, 1, 0), ball(2, 2, 0), ball(1, 2, 0)},
      {ball(1, 1, 1), ball(0, 1, 1), ball(0, 0, 2)},
  };
  const auto flat = [](const std::vector<Cell>& s) {
    for (std::size_t a = 1; a < s.size(); ++a)
      for (std::size_t b = a + 1; b < s.size(); ++b)
        for (std::size_t c = b + 1; c < s.size(); ++c) {
          Point u{}, v{}, w{};
          for (std::size_t i = 0; i < 3; ++i)
            u[i] = s[a].key[i] - s[0].key[i], v[i] = s[b].key[i] - s[0].key[i],
            w[i] = s[c].key[i] - s[0].key[i];
          if (u[0] * (v[1] * w[2] - v[2] * w[1]) - u[1] * (v[0] * w[2] - v[2] * w[0]) +
                  u[2] * (v[0] * w[1] - v[1] * w[0]) !=
              0)
            return false;
        }
    return true;
  };
  std::vector<DesignPiece> pieces, turnsOnly;
  for (const auto& s : shapes) pieces.push_back({s, 1, flat(s)}), turnsOnly.push_back({s, 1, false});
  const auto evenShift = [](const Point& d) { return (d[0] + d[1] + d[2]) % 2 == 0; };
  const std::uint64_t expected = bruteForce(board, pieces, evenShift);
  // (the flat pieces' turns over matter here: without them there are fewer fillings)
  ASSERT_GT(expected, bruteForce(board, turnsOnly, evenShift));
  // (voxels moved by 2 along x so that they start at 0: a shift of even sum)
  for (Cell& c : board) c.voxel = {c.key[0] + 2, c.key[1], c.key[2]};
  expectCountsBothWays(piecework::test::tempDir(), "balls", burrToolsFile(2, 1, board, pieces), expected);
}

}  // namespace

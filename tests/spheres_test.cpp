// SPDX-License-Identifier: Apache-2.0
// Spheres (balls in face-centred cubic packing, as ball pyramids stack): the lattice's point group, and
// counts of pyramids filled with pairs of balls against a brute force here that works from the balls'
// centres in space (touching balls are one diameter apart) and shares no code with piecework.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "puzzle/geometry.hpp"
#include "support/run.hpp"

namespace {

using nlohmann::json;
using piecework::test::runPiecework;

// Twice a ball's centre in space, from piecework's layer coordinates (docs/puzzle-format.md): ball (i, j) of
// layer k is at (i + k/2, j + k/2, k / sqrt 2); doubled, (2i + k, 2j + k) and k sqrt 2, kept as k.
struct Doubled {
  long long x, y, k;
};
Doubled centre(int i, int j, int k) {
  return {2LL * i + k, 2LL * j + k, k};
}
// Squared distance of two doubled centres: 4 for touching balls (diameter 1).
long long squared(const Doubled& a, const Doubled& b) {
  const long long dx = a.x - b.x, dy = a.y - b.y, dk = a.k - b.k;
  return dx * dx + dy * dy + 2 * dk * dk;
}

// Ways to split the balls into touching pairs (perfect matchings of the contact graph).
std::uint64_t pairings(const std::vector<std::vector<bool>>& touch, std::vector<bool>& used) {
  std::size_t first = 0;
  while (first < used.size() && used[first]) ++first;
  if (first == used.size()) return 1;
  used[first] = true;
  std::uint64_t ways = 0;
  for (std::size_t other = first + 1; other < used.size(); ++other)
    if (!used[other] && touch[first][other]) {
      used[other] = true;
      ways += pairings(touch, used);
      used[other] = false;
    }
  used[first] = false;
  return ways;
}

std::uint64_t pairingsOf(const std::vector<std::vector<bool>>& touch) {
  std::vector<bool> used(touch.size(), false);
  return pairings(touch, used);
}

void writeGzip(const std::string& path, const std::string& text) {
  std::ofstream(path + ".xml", std::ios::binary) << text;
  ASSERT_EQ(std::system(("gzip -c '" + path + ".xml' >'" + path + "'").c_str()), 0);
}

bool oneLine(const std::string& err) {
  return !err.empty() && err.find('\n') == err.size() - 1;
}

// A BurrTools sphere-grid file: the result `balls` (BurrTools coordinates, x + y + z even) and a pair of
// touching balls, `pairs` times.
std::string sphereFile(const std::vector<std::array<int, 3>>& balls, int pairs) {
  int sx = 1, sy = 1, sz = 1;
  for (const auto& b : balls)
    sx = std::max(sx, b[0] + 1), sy = std::max(sy, b[1] + 1), sz = std::max(sz, b[2] + 1);
  std::string data(static_cast<std::size_t>(sx * sy * sz), '_');
  for (const auto& b : balls) data[static_cast<std::size_t>(b[0] + sx * (b[1] + sy * b[2]))] = '#';
  return "<?xml version=\"1.0\"?>\n<puzzle version=\"2\"><gridType type=\"2\"/><colors/><shapes>" +
         ("<voxel x=\"" + std::to_string(sx) + "\" y=\"" + std::to_string(sy) + "\" z=\"" +
          std::to_string(sz) + "\" name=\"pyramid\" type=\"0\">" + data + "</voxel>") +
         "<voxel x=\"2\" y=\"2\" z=\"1\" name=\"pair\" type=\"0\">#__#</voxel></shapes><problems>"
         "<problem name=\"pairs\" state=\"0\"><shapes><shape id=\"1\" count=\"" +
         std::to_string(pairs) + "\"/></shapes><result id=\"0\"/></problem></problems></puzzle>\n";
}

json countJson(const std::string& puzzle) {
  const auto r = runPiecework("count " + puzzle + " --json");
  EXPECT_EQ(r.status, 0) << r.err;
  return json::parse(r.out.empty() ? "{}" : r.out);
}

}  // namespace

TEST(Spheres, PointGroupIsTheLatticeIsometries) {
  // The 12 neighbours, found from the centres in space.
  std::set<std::array<int, 3>> neighbours;
  for (int i = -1; i <= 1; ++i)
    for (int j = -1; j <= 1; ++j)
      for (int k = -1; k <= 1; ++k)
        if (squared(centre(0, 0, 0), centre(i, j, k)) == 4) neighbours.insert({i, j, k});
  ASSERT_EQ(neighbours.size(), 12U);
  const auto& group = piecework::pointGroup(piecework::Lattice::Spheres);
  ASSERT_EQ(group.size(), 48U);
  int turns = 0;
  std::set<std::array<std::array<int, 3>, 3>> seen;
  for (const auto& t : group) {
    turns += t.mirror ? 0 : 1;
    seen.insert(t.matrix);
    for (const auto& n : neighbours) {
      const piecework::Site image =
          piecework::apply(piecework::Lattice::Spheres, t, piecework::Site{n[0], n[1], n[2]});
      EXPECT_TRUE(neighbours.contains({image.x, image.y, image.z}));
    }
    // Distances are kept (an isometry), not just the neighbour set: check two non-neighbour vectors.
    for (const auto& v : {std::array<int, 3>{2, 0, 0}, std::array<int, 3>{1, 2, -1}}) {
      const piecework::Site image =
          piecework::apply(piecework::Lattice::Spheres, t, piecework::Site{v[0], v[1], v[2]});
      EXPECT_EQ(squared(centre(0, 0, 0), centre(image.x, image.y, image.z)),
                squared(centre(0, 0, 0), centre(v[0], v[1], v[2])));
    }
  }
  EXPECT_EQ(turns, 24);
  EXPECT_EQ(seen.size(), 48U);
}

TEST(Spheres, PyramidsFilledWithPairsCountAsTheBruteForce) {
  const std::string dir = piecework::test::tempDir();
  // Tetrahedral pyramids (1 + 3 + ... balls) from a BurrTools file: a (1,1,0) + b (1,0,1) + c (0,1,1),
  // a + b + c < n, in BurrTools' coordinates, where touching balls differ by (+-1, +-1, 0) in some order.
  // n = 2: 4 balls, all touching: 3 pairings by hand.
  for (const int n : {2, 4}) {
    std::vector<std::array<int, 3>> balls;
    for (int a = 0; a < n; ++a)
      for (int b = 0; a + b < n; ++b)
        for (int c = 0; a + b + c < n; ++c) balls.push_back({a + b, a + c, b + c});
    std::vector<std::vector<bool>> touch(balls.size(), std::vector<bool>(balls.size()));
    for (std::size_t p = 0; p < balls.size(); ++p)
      for (std::size_t q = 0; q < balls.size(); ++q) {
        const int dx = balls[p][0] - balls[q][0], dy = balls[p][1] - balls[q][1],
                  dz = balls[p][2] - balls[q][2];
        touch[p][q] = dx * dx + dy * dy + dz * dz == 2;
      }
    const std::uint64_t expected = pairingsOf(touch);
    if (n == 2) {
      EXPECT_EQ(expected, 3U);
    }
    const std::string file = dir + "/tetra" + std::to_string(n) + ".xmpuzzle";
    writeGzip(file, sphereFile(balls, static_cast<int>(balls.size() / 2)));
    const json counted = countJson("'" + file + "'");
    EXPECT_EQ(counted["solutions"], expected) << n;
    // The tetrahedron's 24 symmetries (12 turns) lie in the lattice's group.
    EXPECT_EQ(counted["symmetries"], 24) << n;
  }
  // A square pyramid of 3 x 3 + 2 x 2 + 1 balls written as a definition in layer coordinates.
  std::ofstream(dir + "/square.toml")
      << "name = \"square\"\ntitle = \"square pyramid\"\nlattice = \"spheres\"\n"
         "board = \"\"\"\n...\n...\n...\n\n..#\n..#\n###\n\n.##\n###\n###\n\"\"\"\n"
         "\n[[piece]]\nletter = \"P\"\ncopies = 7\nmoves = \"turn\"\n"
         "cubes = [[0, 0, 0], [1, 0, 0]]\n";
  std::vector<Doubled> centres;
  for (int k = 0; k < 3; ++k)
    for (int j = 0; j < 3 - k; ++j)
      for (int i = 0; i < 3 - k; ++i) centres.push_back(centre(i, j, k));
  std::vector<std::vector<bool>> touch(centres.size(), std::vector<bool>(centres.size()));
  for (std::size_t p = 0; p < centres.size(); ++p)
    for (std::size_t q = 0; q < centres.size(); ++q) touch[p][q] = squared(centres[p], centres[q]) == 4;
  const json square = countJson("'" + dir + "/square.toml'");
  EXPECT_EQ(square["solutions"], pairingsOf(touch));
  EXPECT_EQ(square["symmetries"], 8);  // the square pyramid's: 4 turns about its axis, 4 mirrors
}

TEST(Spheres, ShowSolveSheetAndBadFiles) {
  const std::string dir = piecework::test::tempDir();
  const std::string file = dir + "/tetra.xmpuzzle";
  writeGzip(file, sphereFile({{0, 0, 0}, {1, 1, 0}, {1, 0, 1}, {0, 1, 1}}, 2));
  const auto shown = runPiecework("show '" + file + "'");
  ASSERT_EQ(shown.status, 0) << shown.err;
  EXPECT_NE(shown.out.find("4 cells"), std::string::npos) << shown.out;
  const auto toml = runPiecework("convert '" + file + "' --to toml");
  ASSERT_EQ(toml.status, 0) << toml.err;
  EXPECT_NE(toml.out.find("lattice = \"spheres\""), std::string::npos) << toml.out;
  // Layer 0 holds two balls, layer 1 the two over the hollow between them: each pair of the 3 pairings.
  const auto solved = runPiecework("solve '" + file + "' --challenge '##/pp|.#/.#' --json");
  ASSERT_EQ(solved.status, 0) << solved.err;
  EXPECT_EQ(json::parse(solved.out)["status"], "unique") << solved.out;
  const auto sheet = runPiecework("sheet '" + file + "' --challenge '##/pp|.#/.#' --solution --out '" + dir +
                                  "/t.svg' --json");
  ASSERT_EQ(sheet.status, 0) << sheet.err;
  std::ifstream svg(dir + "/t.svg");
  EXPECT_TRUE(svg.good());
  // A ball at an odd position (x + y + z odd) is no sphere of the grid: one line naming file and line.
  writeGzip(dir + "/odd.xmpuzzle", sphereFile({{0, 0, 0}, {1, 0, 0}}, 1));
  const auto odd = runPiecework("count '" + dir + "/odd.xmpuzzle'");
  EXPECT_EQ(odd.status, 2);
  EXPECT_NE(odd.err.find("odd.xmpuzzle:2: shape 'pyramid': voxel (1, 0, 0)"), std::string::npos) << odd.err;
  EXPECT_TRUE(oneLine(odd.err)) << odd.err;
  const auto write = runPiecework("convert '" + file + "' '" + dir + "/back.xmpuzzle'");
  EXPECT_EQ(write.status, 2);
  EXPECT_TRUE(oneLine(write.err)) << write.err;
}

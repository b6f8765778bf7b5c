// SPDX-License-Identifier: Apache-2.0
// Spheres (balls in face-centred cubic packing, as ball pyramids stack): the lattice's point group, and
// counts of pyramids filled with pairs of balls against a brute force here that works from the balls'
// centres in space (touching balls are one diameter apart) and shares no code with piecework.
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

#include "puzzle/geometry.hpp"
#include "support/lattice_checks.hpp"
#include "support/run.hpp"

namespace {

using nlohmann::json;
using piecework::test::countJson;
using piecework::test::oneLine;
using piecework::test::perfectMatchings;
using piecework::test::runPiecework;
using piecework::test::writeGzip;

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

// Fillings of `balls` (BurrTools coordinates: x + y + z even, touching balls one step (+-1, +-1, 0) apart)
// with touching pairs, all of them and up to the shape's symmetries: the 48 signed permutations of x, y, z
// (the cube's, which keep the even points) that map the balls onto a translate of themselves.
struct PairCounts {
  std::uint64_t solutions = 0, distinct = 0, symmetries = 0;
};
using Ball = std::array<int, 3>;
using Pairing = std::vector<std::pair<std::size_t, std::size_t>>;

void allPairings(const std::vector<Ball>& balls, std::vector<bool>& used, Pairing& now,
                 std::vector<Pairing>& out) {
  std::size_t first = 0;
  while (first < used.size() && used[first]) ++first;
  if (first == used.size()) {
    out.push_back(now);
    return;
  }
  used[first] = true;
  for (std::size_t other = first + 1; other < used.size(); ++other) {
    int d = 0;
    for (int a = 0; a < 3; ++a)
      d += (balls[first][a] - balls[other][a]) * (balls[first][a] - balls[other][a]);
    if (used[other] || d != 2) continue;
    used[other] = true;
    now.emplace_back(first, other);
    allPairings(balls, used, now, out);
    now.pop_back();
    used[other] = false;
  }
  used[first] = false;
}

PairCounts pairFillings(const std::vector<Ball>& balls) {
  const auto shifted = [](std::vector<Ball> set) {
    std::sort(set.begin(), set.end());
    const Ball low = set.front();
    for (Ball& b : set)
      for (int a = 0; a < 3; ++a) b[a] -= low[a];
    return set;
  };
  const std::vector<Ball> shape = shifted(balls);
  // Symmetries as permutations of the balls' indices.
  std::vector<std::vector<std::size_t>> symmetries;
  std::array<int, 3> axes = {0, 1, 2};
  do {
    for (int signs = 0; signs < 8; ++signs) {
      std::vector<Ball> image;
      for (const Ball& b : balls) {
        Ball m{};
        for (int a = 0; a < 3; ++a) m[a] = ((signs >> a) & 1) != 0 ? -b[axes[a]] : b[axes[a]];
        image.push_back(m);
      }
      if (shifted(image) != shape) continue;
      // image[p] - low(image) + low(balls) is ball q
      Ball lowImage = *std::min_element(image.begin(), image.end());
      Ball lowBalls = *std::min_element(balls.begin(), balls.end());
      std::vector<std::size_t> perm(balls.size());
      for (std::size_t p = 0; p < balls.size(); ++p) {
        Ball at{};
        for (int a = 0; a < 3; ++a) at[a] = image[p][a] - lowImage[a] + lowBalls[a];
        perm[p] = static_cast<std::size_t>(std::find(balls.begin(), balls.end(), at) - balls.begin());
      }
      symmetries.push_back(perm);
    }
  } while (std::next_permutation(axes.begin(), axes.end()));
  std::vector<bool> used(balls.size(), false);
  Pairing now;
  std::vector<Pairing> all;
  allPairings(balls, used, now, all);
  std::set<Pairing> canonical;
  for (const Pairing& pairing : all) {
    Pairing best;
    for (const auto& perm : symmetries) {
      Pairing image;
      for (const auto& [p, q] : pairing)
        image.emplace_back(std::min(perm[p], perm[q]), std::max(perm[p], perm[q]));
      std::sort(image.begin(), image.end());
      if (best.empty() || image < best) best = image;
    }
    canonical.insert(best);
  }
  return {all.size(), canonical.size(), symmetries.size()};
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
    const std::uint64_t expected = perfectMatchings(touch);
    if (n == 2) {
      EXPECT_EQ(expected, 3U);
    }
    const std::string file = dir + "/tetra" + std::to_string(n) + ".xmpuzzle";
    writeGzip(file, sphereFile(balls, static_cast<int>(balls.size() / 2)));
    const json counted = countJson(file);
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
  const json square = countJson(dir + "/square.toml");
  EXPECT_EQ(square["solutions"], perfectMatchings(touch));
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
}

// Sphere puzzles written to BurrTools files (grid type 2) and read back count as before: the tetrahedral
// pyramids of 4 and 20 balls and the square pyramid of 14, each filled with touching pairs, against the brute
// force above (which works in BurrTools' coordinates, not piecework's layers).
TEST(Spheres, WrittenToBurrToolsAndReadBackCountTheSame) {
  const std::string dir = piecework::test::tempDir();
  struct Case {
    std::string original;
    std::vector<Ball> balls;
  };
  std::vector<Case> cases;
  for (const int n : {2, 4}) {
    std::vector<Ball> balls;
    for (int a = 0; a < n; ++a)
      for (int b = 0; a + b < n; ++b)
        for (int c = 0; a + b + c < n; ++c) balls.push_back({a + b, a + c, b + c});
    const std::string file = dir + "/tetra" + std::to_string(n) + ".xmpuzzle";
    writeGzip(file, sphereFile(balls, static_cast<int>(balls.size() / 2)));
    // As a definition first (the file read back as TOML), then written again.
    const auto toml =
        runPiecework("convert '" + file + "' '" + dir + "/tetra" + std::to_string(n) + ".toml'");
    ASSERT_EQ(toml.status, 0) << toml.err;
    cases.push_back({dir + "/tetra" + std::to_string(n) + ".toml", balls});
  }
  // The square pyramid (3 x 3, 2 x 2, 1): in BurrTools' coordinates layer z holds (a + b + z, a - b, z).
  std::ofstream(dir + "/square.toml")
      << "name = \"square\"\ntitle = \"square pyramid\"\nlattice = \"spheres\"\n"
         "board = \"\"\"\n...\n...\n...\n\n..#\n..#\n###\n\n.##\n###\n###\n\"\"\"\n"
         "\n[[piece]]\nletter = \"P\"\ncopies = 7\nmoves = \"turn\"\n"
         "cubes = [[0, 0, 0], [1, 0, 0]]\n";
  std::vector<Ball> square;
  for (int z = 0; z < 3; ++z)
    for (int a = 0; a < 3 - z; ++a)
      for (int b = 0; b < 3 - z; ++b) square.push_back({a + b + z, a - b, z});
  cases.push_back({dir + "/square.toml", square});
  EXPECT_EQ(pairFillings(cases[0].balls).solutions, 3U);  // by hand: 4 balls, all touching
  EXPECT_EQ(pairFillings(cases[0].balls).distinct, 1U);   // the tetrahedron's symmetries swap them all
  for (std::size_t c = 0; c < cases.size(); ++c) {
    const PairCounts expected = pairFillings(cases[c].balls);
    const std::string written = dir + "/written" + std::to_string(c) + ".xmpuzzle";
    const std::string back = dir + "/back" + std::to_string(c) + ".toml";
    for (const std::string& puzzle : {cases[c].original, written, back}) {
      if (puzzle == written) {
        const auto r = runPiecework("convert '" + cases[c].original + "' '" + written + "'");
        ASSERT_EQ(r.status, 0) << r.err;
      } else if (puzzle == back) {
        const auto r = runPiecework("convert '" + written + "' '" + back + "'");
        ASSERT_EQ(r.status, 0) << r.err;
      }
      const json counted = countJson(puzzle);
      EXPECT_EQ(counted["solutions"], expected.solutions) << puzzle;
      EXPECT_EQ(counted["distinct"], expected.distinct) << puzzle;
      EXPECT_EQ(counted["symmetries"], expected.symmetries) << puzzle;
    }
  }
  // The file says grid type 2 (and every ball sits where x + y + z is even, or reading it back fails).
  ASSERT_EQ(std::system(("gzip -dc '" + dir + "/written2.xmpuzzle' >'" + dir + "/written2.xml'").c_str()), 0);
  std::ifstream xml(dir + "/written2.xml");
  const std::string text((std::istreambuf_iterator<char>(xml)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("<gridType type=\"2\"/>"), std::string::npos) << text;

  // A piece of balls that may be mirrored, and whose mirror image is no turn of it, is refused: a chain of
  // 4 balls (only neighbours in the chain touch) along the bonds (1, 0, 0), (0, 1, 0), (1/2, 1/2, 1/sqrt 2)
  // in space; the three bonds' determinant keeps its sign when the chain is read from the other end, under
  // turns too, and a mirror changes it.
  std::ofstream(dir + "/chiral.toml") << "name = \"chiral\"\ntitle = \"chiral\"\nlattice = \"spheres\"\n"
                                         "board = \"\"\"\n..\n#.\n\n##\n#.\n\"\"\"\n"
                                         "\n[[piece]]\nletter = \"C\"\nmoves = \"turn-mirror\"\n"
                                         "cubes = [[0, 0, 0], [1, 0, 0], [1, 1, 0], [1, 1, 1]]\n";
  const auto chiral = runPiecework("convert '" + dir + "/chiral.toml' '" + dir + "/chiral.xmpuzzle'");
  EXPECT_EQ(chiral.status, 2);
  EXPECT_NE(chiral.err.find("piece 'C' may be mirrored"), std::string::npos) << chiral.err;
  EXPECT_TRUE(oneLine(chiral.err)) << chiral.err;
}

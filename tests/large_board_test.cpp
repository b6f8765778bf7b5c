// SPDX-License-Identifier: Apache-2.0
// Boards beyond 512 cells (issue 39, point 2): a 17 x 16 x 16 box (4,352 cells) counts, solves and draws,
// and survives `convert` to a BurrTools file and back with the same count.
//
// The hand count: a 16 x 16 x 16 cube (A) and 16 rods of 1 x 1 x 16 (B). The cube fills all but one end
// slab of 1 x 16 x 16 (2 ways: the left or the right end). A rod spans the slab's full width, so the rods
// lie all along y or all along z (a rod across would cross every rod of the other direction), and the
// rods are identical: 2 ways. So 4 fillings. The half turn about y swaps the ends and keeps each rod's
// direction; the quarter turn about x keeps the ends and swaps the rods' direction: the 4 are one orbit, 1
// distinct.
#include <gtest/gtest.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "support/temp_dir_test.hpp"

namespace piecework {
namespace {

using namespace test;

std::string cubeList(int nx, int ny, int nz) {
  std::vector<std::string> cubes;
  for (int z = 0; z < nz; ++z)
    for (int y = 0; y < ny; ++y)
      for (int x = 0; x < nx; ++x) cubes.push_back(fmt::format("[{}, {}, {}]", x, y, z));
  return "[" + fmt::format("{}", fmt::join(cubes, ", ")) + "]";
}

// The box's picture: 16 layers of 16 rows of 17 cells, or the challenge with none given.
std::string emptyPicture() {
  std::vector<std::string> rows(16, std::string(17, '.')),
      layers(16, fmt::format("{}", fmt::join(rows, "/")));
  return fmt::format("{}", fmt::join(layers, "|"));
}

class LargeBoard : public TempDirTest {
 protected:
  void SetUp() override {
    TempDirTest::SetUp();
    spit(path("slab.toml"),
         fmt::format(
             "name = \"slab\"\nlattice = \"cubic\"\nboard = \"{}\"\n\n[[piece]]\nletter = \"A\"\nmoves = "
             "\"turn\"\ncubes = {}\n\n[[piece]]\nletter = \"B\"\ncopies = 16\nmoves = \"turn\"\ncubes = "
             "{}\n",
             emptyPicture(), cubeList(16, 16, 16), cubeList(1, 1, 16)));
  }
  void expectCount(const std::string& file) {
    const RunResult r = runPiecework("count " + quote(file) + " --json --threads 1");
    ASSERT_EQ(r.status, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["solutions"], 4) << file;
    EXPECT_EQ(j["distinct"], 1) << file;
  }
};

TEST_F(LargeBoard, A4352CellBoxCountsAsByHand) {
  expectCount(path("slab.toml"));
}

TEST_F(LargeBoard, SolvesAndDraws) {
  const RunResult solved = runPiecework("solve " + quote(path("slab.toml")) + " --challenge " +
                                        quote(emptyPicture()) + " --max 10 --json");
  ASSERT_EQ(solved.status, 0) << solved.err;
  EXPECT_EQ(nlohmann::json::parse(solved.out)["solutions"].size(), 4U);
  const RunResult drawn =
      runPiecework("sheet " + quote(path("slab.toml")) + " --challenge " + quote(emptyPicture()) +
                   " --solution --out " + quote(path("slab.svg")));
  ASSERT_EQ(drawn.status, 0) << drawn.err;
  EXPECT_NE(slurp(path("slab.svg")).find("</svg>"), std::string::npos);
}

TEST_F(LargeBoard, SurvivesConvertToBurrToolsAndBack) {
  ASSERT_EQ(runPiecework("convert " + quote(path("slab.toml")) + " " + quote(path("slab.xmpuzzle"))).status,
            0);
  expectCount(path("slab.xmpuzzle"));
  ASSERT_EQ(runPiecework("convert " + quote(path("slab.xmpuzzle")) + " " + quote(path("back.toml"))).status,
            0);
  expectCount(path("back.toml"));
}

}  // namespace
}  // namespace piecework

// SPDX-License-Identifier: Apache-2.0
// Sheets of part-cell designs (output/iso_parts.hpp) draw the solids: one filled triangle per face in view,
// none for the faces two cells share, a piece's triangles in one plane filled together as one path, and no
// layer grids of voxels. The counts are by hand from the solids'
// corners (puzzle/geometry.hpp, Site), for the isometric view of the +x, +y and +z sides (from above) and of
// the -x, -y and -z sides (from below; loose pieces only from above).
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <regex>
#include <string>

#include "support/run.hpp"

namespace {

using piecework::test::contains;
using piecework::test::runPiecework;
using piecework::test::tempDir;

struct SvgFills {
  int triangles = 0;  // closed sub-paths of three corners in filled paths
  int paths = 0;      // filled paths made of such triangles only
  int others = 0;     // other filled paths
  std::string text;
};

SvgFills partCellSheet(const std::string& name, const std::string& toml, const std::string& options) {
  const std::string dir = tempDir();
  std::ofstream(dir + "/" + name + ".toml") << toml;
  const std::string out = dir + "/" + name + ".svg";
  const auto r = runPiecework("sheet " + dir + "/" + name + ".toml --out " + out + options);
  EXPECT_EQ(r.status, 0) << r.err;
  std::ifstream in(out);
  SvgFills fills;
  fills.text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  const std::regex path("<path style=\"([^\"]*)\" d=\"([^\"]*)\"");
  for (auto it = std::sregex_iterator(fills.text.begin(), fills.text.end(), path);
       it != std::sregex_iterator(); ++it) {
    const std::string style = (*it)[1], d = (*it)[2];
    if (!contains(style, "fill:rgb")) continue;
    // A closed sub-path ends in "Z" (cairo then moves to its start again): triangles are parts between
    // them with two "L"s each, and a path of triangles only has no "L" after its last "Z".
    int count = 0;
    bool all = true;
    std::size_t from = 0;
    for (std::size_t z = d.find('Z'); z != std::string::npos; from = z + 1, z = d.find('Z', from)) {
      all =
          all && std::count(d.begin() + static_cast<long>(from), d.begin() + static_cast<long>(z), 'L') == 2;
      ++count;
    }
    all = all && d.find('L', from) == std::string::npos;
    if (count > 0 && all) {
      fills.triangles += count;
      ++fills.paths;
    } else {
      ++fills.others;
    }
  }
  return fills;
}

// One cube of the rhombic grid (24 tetrahedra) and 6 square pyramids (a cube face's 4 tetrahedra). The empty
// cube shows 3 sides of 4 triangles each way up: 24 in 6 paths. The pyramid on the face z = 0 shows, from
// above, its sides towards +x and +y (those towards -x and -y are edge-on, its base faces down): 2 in 2. The
// answer fills the cube: each side seen is one pyramid's base, 24 triangles in 6 paths, the faces between
// pyramids unseen.
TEST(DrawPartCells, RhombicSheetDrawsTheFacesInView) {
  const std::string toml =
      "name = \"pyramids\"\ntitle = \"pyramids\"\nlattice = \"rhombic-tetrahedra\"\nbox = [5, 5, 5]\n\n"
      "[[piece]]\nletter = \"P\"\ncopies = 6\nmoves = \"turn\"\ncubes = [[2, 1, 0], [1, 2, 0], [3, 2, 0], "
      "[2, 3, "
      "0]]\n";
  const SvgFills sheet = partCellSheet("pyramids", toml, "");
  EXPECT_EQ(sheet.triangles, 24 + 2);
  EXPECT_EQ(sheet.paths, 6 + 2);
  EXPECT_EQ(sheet.others, 0);
  EXPECT_FALSE(contains(sheet.text, "layer 1"));
  EXPECT_TRUE(contains(sheet.text, "seen from below"));
  const SvgFills answer = partCellSheet("pyramids", toml, " --solution");
  EXPECT_EQ(answer.triangles, 26 + 24);
  EXPECT_EQ(answer.paths, 8 + 6);
  EXPECT_EQ(answer.others, 0);
}

// One cube of the tetrahedra-octahedra grid: its tetrahedron and the 4 eighths at its odd corners. The empty
// cube shows 3 sides of 2 triangles (eighths' faces) each way up: 12 in 6 paths. A loose piece is turned to
// show the most planes: the tetrahedron (corners of even sum) shows one face from above as defined, three
// with a corner towards the viewer; the eighth shows two as defined (at corner (1, 0, 0), its faces on x = 1
// and across the cube; those on y = 0 and z = 0 face down), three turned to lie in the cube below its corner
// (its faces on the three planes through the corner face the viewer). The answer: each side seen is two
// eighths of different copies, 12 triangles in 12 paths.
TEST(DrawPartCells, TetraOctaSheetDrawsTheFacesInView) {
  const std::string toml =
      "name = \"octa-cube\"\ntitle = \"octa-cube\"\nlattice = \"tetrahedra-octahedra-parts\"\nbox = [3, 3, "
      "3]\n\n"
      "[[piece]]\nletter = \"T\"\nmoves = \"turn\"\ncubes = [[1, 1, 1]]\n\n"
      "[[piece]]\nletter = \"E\"\ncopies = 4\nmoves = \"turn\"\ncubes = [[2, 0, 0]]\n";
  const SvgFills sheet = partCellSheet("octa", toml, "");
  EXPECT_EQ(sheet.triangles, 12 + 3 + 3);
  EXPECT_EQ(sheet.paths, 6 + 3 + 3);
  EXPECT_EQ(sheet.others, 0);
  EXPECT_FALSE(contains(sheet.text, "layer 1"));
  const SvgFills answer = partCellSheet("octa", toml, " --solution");
  EXPECT_EQ(answer.triangles, 18 + 12);
  EXPECT_EQ(answer.paths, 12 + 12);
}

}  // namespace

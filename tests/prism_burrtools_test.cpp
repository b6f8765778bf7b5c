// SPDX-License-Identifier: Apache-2.0
// Disassemblies of triangular prisms in BurrTools' files: BurrTools' numbers for the turns of a prism piece
// (disassembly/burrtools_turns.hpp), `convert --disassemble` and `sheet --disassembly` on a prism design of
// our own, and a prism file storing a separation as BurrTools writes it, read back with its level.
//
// The design, counted by hand: a frame of 8 triangles by 4 rows by 3 layers, whose middle layer has a
// channel, and a trapezoid of three triangles in the channel. BurrTools' prism voxels are piecework's sites
// (x along a row, y the row, z the layer; triangle (x, y) points away from row y - 1 when x + y is even). The
// trapezoid is given along a row, (0, 0), (1, 0), (2, 0), and lies in the frame a sixth of a turn round, on
// (2, 1), (2, 2), (3, 2) of the middle layer. The channel goes on from there one step right along the rows,
// to (4, 1), (4, 2), (5, 2) (passing (3, 1) on the way), and from there along the triangles' side to the
// next rows, (5, 3), (6, 3), and out of the frame's last row. Where it lies, the trapezoid cannot go up or
// down (the frame's first and last layers), nor left, nor along a side of its triangles (the frame's cells
// (1, 1), (1, 2), (3, 0) and (3, 3) are in the way), and right only one step (then (5, 1)): so nothing comes
// out in one move. One step right, then out along the side: level 2, the moves "move B 1 right" and "take B
// out, moving forward-right" (forward: down the picture, to the next row).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "disassembly/burrtools_turns.hpp"
#include "puzzle/burrtools.hpp"
#include "support/interlocking_designs.hpp"
#include "support/lattice_checks.hpp"
#include "support/run.hpp"

namespace piecework {
namespace {

using Triangles = std::vector<Site>;

const Triangles kTrapezoid{{0, 0, 0}, {1, 0, 0}, {2, 0, 0}};
const Triangles kTrapezoidInFrame{{2, 1, 1}, {2, 2, 1}, {3, 2, 1}};
const Triangles kChannelBeyond{{3, 1, 1}, {4, 1, 1}, {4, 2, 1}, {5, 2, 1}, {5, 3, 1}, {6, 3, 1}};

bool inList(const Triangles& list, const Site& s) {
  return std::find(list.begin(), list.end(), s) != list.end();
}

Triangles frameTriangles() {
  Triangles out;
  for (int z = 0; z < 3; ++z)
    for (int y = 0; y < 4; ++y)
      for (int x = 0; x < 8; ++x)
        if (!inList(kTrapezoidInFrame, {x, y, z}) && !inList(kChannelBeyond, {x, y, z}))
          out.push_back({x, y, z});
  return out;
}

std::string cubesList(const Triangles& cells) {
  std::string out;
  for (const Site& c : cells)
    out += (out.empty() ? "[" : ", [") + std::to_string(c.x) + ", " + std::to_string(c.y) + ", " +
           std::to_string(c.z) + "]";
  return out;
}

std::string prismChannelDesign() {
  std::string board;  // every triangle of the box but the channel beyond the trapezoid
  for (int z = 0; z < 3; ++z)
    for (int y = 0; y < 4; ++y) {
      board += y > 0 ? "/" : z > 0 ? "|" : "";
      for (int x = 0; x < 8; ++x) board += inList(kChannelBeyond, {x, y, z}) ? '#' : '.';
    }
  const std::string text =
      "name = \"prism-channel\"\nlattice = \"triangular-prisms\"\nboard = \"" + board +
      "\"\n\n[[piece]]\nletter = \"A\"\nname = \"frame\"\nmoves = \"turn\"\ncubes = [" +
      cubesList(frameTriangles()) +
      "]\n\n[[piece]]\nletter = \"B\"\nname = \"trapezoid\"\nmoves = \"turn\"\ncubes = [" +
      cubesList(kTrapezoid) + "]\n";
  return test::writeDesign("prism-channel", text.c_str());
}

nlohmann::json countPrismsApart(const std::string& path) {
  const auto r = test::runPiecework("count '" + path + "' --disassemble --json");
  EXPECT_EQ(r.status, 0) << r.err;
  return r.status == 0 ? nlohmann::json::parse(r.out) : nlohmann::json::object();
}

// BurrTools' numbers worked by hand, with triangles of side 1 and rows of height h = sqrt(3) / 2, a corner of
// the tiling at the origin: triangle (0, 0) has corners (0, 0), (1, 0), (1/2, h) and its centre at (1/2,
// h / 3). A triangle whose centre is at (X, Y) is column 2X - 1 of row floor(Y / h). Number 6a + k is k
// sixths of a turn anticlockwise about the origin, after (a = 1) the half turn about the axis across the rows
// (X -> -X, and the layers upside down). Numbers 3, 6, 8 and 9 are those BurrTools' own prism files use
// (every stored piece fits its result with that turn only); the rest follow the same rule.
TEST(BurrToolsPrismTurns, NumbersAreTurnsAboutTheTilingsCorner) {
  const Site first{0, 0, 0};
  EXPECT_EQ(burrToolsPrismTurned(0, first), first);
  // A sixth of a turn: the corners go to (0, 0), (1/2, h), (-1/2, h), the triangle of row 0 centred on x = 0.
  EXPECT_EQ(burrToolsPrismTurned(1, first), (Site{-1, 0, 0}));
  // Half a turn: corners (0, 0), (-1, 0), (-1/2, -h): row -1, centre x = -1/2.
  EXPECT_EQ(burrToolsPrismTurned(3, first), (Site{-2, -1, 0}));
  // Turned over: the centre (1/2, h/3) to (-1/2, h/3); layer 1 to layer -1.
  EXPECT_EQ(burrToolsPrismTurned(6, Site{0, 0, 1}), (Site{-2, 0, -1}));
  // Turned over, then two sixths: (-1/2, h/3) to (0, -2h/3), row -1.
  EXPECT_EQ(burrToolsPrismTurned(8, first), (Site{-1, -1, 0}));
  // Turned over, then half a turn: (1/2, -h/3), row -1.
  EXPECT_EQ(burrToolsPrismTurned(9, first), (Site{0, -1, 0}));
  // The trapezoid (0, 0), (1, 0), (2, 0) a sixth round: its corners (2, 0) and (3/2, h) go to (1, 2h) and
  // (0, 2h), so it runs up the side of the triangles: (-1, 0), (-1, 1), (0, 1).
  Triangles turned;
  for (const Site& s : kTrapezoid) turned.push_back(burrToolsPrismTurned(1, s));
  EXPECT_EQ(turned, (Triangles{{-1, 0, 0}, {-1, 1, 0}, {0, 1, 0}}));
  // The 12 numbers are 12 different turns.
  std::set<std::vector<Site>> images;
  for (int t = 0; t < 12; ++t)
    images.insert({burrToolsPrismTurned(t, {0, 0, 0}), burrToolsPrismTurned(t, {1, 0, 0}),
                   burrToolsPrismTurned(t, {0, 1, 1})});
  EXPECT_EQ(images.size(), 12U);
}

TEST(BurrToolsPrismTurns, PlacementIsTheSmallestNumberAndTheFirstVoxelsPosition) {
  // In the frame (the header): a sixth of a turn, then shifted by (3, 1, 1), which takes voxel (0, 0, 0),
  // turned to (-1, 0, 0), to (2, 1, 1). No smaller number runs it up the side (0 keeps it along the row).
  const auto inFrame =
      burrToolsPlacement(kTrapezoid, {{3, 2, 1}, {2, 1, 1}, {2, 2, 1}}, Lattice::TriangularPrisms);
  ASSERT_TRUE(inFrame.has_value());
  EXPECT_EQ(inFrame->transformation, 1);
  EXPECT_EQ(inFrame->position, (Site{2, 1, 1}));
  // Upside down along a row ((1, 0) points the other way): half a turn, which takes (0, 0, 0) to (-2, -1,
  // 0) and the trapezoid to (-4, -1), (-3, -1), (-2, -1); shifted by (5, 1, 0), voxel (0, 0, 0) is at
  // (3, 0, 0).
  const auto upsideDown =
      burrToolsPlacement(kTrapezoid, {{1, 0, 0}, {2, 0, 0}, {3, 0, 0}}, Lattice::TriangularPrisms);
  ASSERT_TRUE(upsideDown.has_value());
  EXPECT_EQ(upsideDown->transformation, 3);
  EXPECT_EQ(upsideDown->position, (Site{3, 0, 0}));
  EXPECT_FALSE(burrToolsPlacement(kTrapezoid, {{0, 0, 0}, {1, 0, 0}, {3, 0, 0}}, Lattice::TriangularPrisms)
                   .has_value());
}

// A piece of a BurrTools file placed as BurrTools' reader places it, worked here in BurrTools' own terms (its
// triangles' centres in space, turned by the matrix of the number's turn, and back to the nearest triangle),
// not with the code under test: the voxels turned, less where voxel (0, 0, 0) turns to, plus the position.
Triangles placedAsBurrToolsDoes(const Triangles& voxels, int transformation, Site position) {
  const double h = std::sqrt(0.75);
  const double angle = std::acos(-1.0) / 3 * (transformation % 6);
  const bool over = transformation >= 6;
  auto turn = [&](Site v) {
    double x = 0.5 + 0.5 * v.x, y = v.y * h + ((v.x + v.y) % 2 != 0 ? 2 * h / 3 : h / 3), z = v.z;
    if (over) x = -x, z = -z;
    const double tx = std::cos(angle) * x - std::sin(angle) * y,
                 ty = std::sin(angle) * x + std::cos(angle) * y;
    return Site{static_cast<int>(std::lround(2 * tx - 1)), static_cast<int>(std::floor(ty / h)),
                static_cast<int>(std::lround(z))};
  };
  const Site hotspot = turn({0, 0, 0});
  Triangles out;
  for (const Site& v : voxels) {
    const Site t = turn(v);
    out.push_back({t.x - hotspot.x + position.x, t.y - hotspot.y + position.y, t.z - hotspot.z + position.z});
  }
  std::sort(out.begin(), out.end());
  return out;
}

// The shapes of a BurrTools file as it stores them: the filled voxels of each <voxel>, in order.
std::vector<Triangles> storedShapes(const std::string& xml) {
  std::vector<Triangles> shapes;
  const std::regex voxel(R"re(<voxel x="(\d+)" y="(\d+)" z="(\d+)"[^>]*>([^<]*)</voxel>)re");
  for (auto it = std::sregex_iterator(xml.begin(), xml.end(), voxel); it != std::sregex_iterator(); ++it) {
    const int sx = std::stoi((*it)[1]), sy = std::stoi((*it)[2]);
    const std::string cells = (*it)[4];
    Triangles shape;
    for (std::size_t i = 0; i < cells.size(); ++i)
      if (cells[i] == '#') {
        const int k = static_cast<int>(i);
        shape.push_back({k % sx, k / sx % sy, k / (sx * sy)});
      }
    shapes.push_back(shape);
  }
  return shapes;
}

TEST(PrismBurrToolsFiles, ConvertStoresTheAssemblyAndSeparationAndReadsThemBack) {
  const std::string out = test::tempDir() + "/prism-channel.xmpuzzle";
  const auto r = test::runPiecework("convert " + prismChannelDesign() + " '" + out + "' --disassemble");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("1 of 1 assemblies come apart"), std::string::npos) << r.out;
  const std::string xml = burrToolsXmlText(out);
  EXPECT_NE(xml.find("<gridType type=\"1\"/>"), std::string::npos);
  // The frame as it is (number 0 at (0, 0, 0)), the trapezoid a sixth round with its voxel (0, 0, 0) at
  // (2, 1, 1) (the placement worked in the header and above).
  EXPECT_NE(xml.find("<assembly>0 0 0 0 2 1 1 1</assembly>"), std::string::npos) << xml;
  // The first state is the assembly; three states: the assembly, after the move right, and the trapezoid out.
  EXPECT_NE(xml.find("<separation><pieces count=\"2\">0 1</pieces><state><dx>0 2</dx><dy>0 1</dy>"
                     "<dz>0 1</dz></state>"),
            std::string::npos)
      << xml;
  const std::size_t separation = xml.find("<separation>");
  const std::string tree = xml.substr(separation, xml.find("</separation>") - separation);
  std::size_t states = 0;
  for (std::size_t at = tree.find("<state>"); at != std::string::npos; at = tree.find("<state>", at + 1))
    ++states;
  EXPECT_EQ(states, 3U);
  // Read as BurrTools reads it, the assembly fills the result (shape 0) exactly.
  const std::vector<Triangles> shapes = storedShapes(xml);
  ASSERT_EQ(shapes.size(), 3U);
  Triangles filled = placedAsBurrToolsDoes(shapes[1], 0, {0, 0, 0});
  const Triangles trapezoid = placedAsBurrToolsDoes(shapes[2], 1, {2, 1, 1});
  EXPECT_EQ(trapezoid, (Triangles{{2, 1, 1}, {2, 2, 1}, {3, 2, 1}}));
  filled.insert(filled.end(), trapezoid.begin(), trapezoid.end());
  std::sort(filled.begin(), filled.end());
  Triangles result = shapes[0];
  std::sort(result.begin(), result.end());
  EXPECT_EQ(filled, result);
  // Read back by piecework: the stored level is the one counted by hand, and the one computed.
  const nlohmann::json back = countPrismsApart(out);
  EXPECT_EQ(back["stored_solutions"], 1);
  EXPECT_EQ(back["stored_levels"], nlohmann::json::array({"2"}));
  EXPECT_EQ(back["levels"], nlohmann::json::array({"2"}));
  EXPECT_EQ(back["stored_levels_agree"], true);
}

TEST(PrismBurrToolsFiles, SheetDrawsAPanelPerMove) {
  const std::string svg = test::tempDir() + "/prism-channel.svg";
  const auto r =
      test::runPiecework("sheet " + prismChannelDesign() + " --disassembly --json --out '" + svg + "'");
  ASSERT_EQ(r.status, 0) << r.err;
  const nlohmann::json json = nlohmann::json::parse(r.out);
  EXPECT_EQ(json["disassembly_level"], "2");
  EXPECT_EQ(json["captions"], nlohmann::json::array({"move B 1 right", "take B out, moving forward-right"}));
  std::ifstream in(svg);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  auto panels = [&](const std::string& label) {
    std::size_t n = 0;
    for (std::size_t at = text.find(">" + label + "<"); at != std::string::npos;
         at = text.find(">" + label + "<", at + 1))
      ++n;
    return n;
  };
  EXPECT_EQ(panels("The assembly"), 1U);
  EXPECT_EQ(panels("Move 1"), 1U);
  EXPECT_EQ(panels("Move 2"), 1U);
  EXPECT_EQ(panels("Move 3"), 0U);
  EXPECT_NE(text.find(">move B 1 right<"), std::string::npos);
  EXPECT_NE(text.find(">take B out, moving forward-right<"), std::string::npos);
  EXPECT_NE(text.find(">layer 2<"), std::string::npos);  // (drawn layer by layer)
}

// A BurrTools voxel element of the cells (in a box from (0, 0, 0)).
std::string prismVoxelXml(const Triangles& cells, const std::string& name) {
  Site size{1, 1, 1};
  for (const Site& c : cells)
    size = {std::max(size.x, c.x + 1), std::max(size.y, c.y + 1), std::max(size.z, c.z + 1)};
  std::string state(static_cast<std::size_t>(size.x * size.y * size.z), '_');
  for (const Site& c : cells) state[static_cast<std::size_t>(c.x + size.x * (c.y + size.y * c.z))] = '#';
  return "  <voxel x=\"" + std::to_string(size.x) + "\" y=\"" + std::to_string(size.y) + "\" z=\"" +
         std::to_string(size.z) + "\" name=\"" + name + "\" type=\"0\">" + state + "</voxel>\n";
}

// The design as BurrTools stores a solved problem: its own layout and spacing, a removed piece 20,000 steps
// out. `moves`: the trapezoid's moves before it leaves, each one step right or back left.
std::string storedPrismFile(const std::vector<int>& moves) {
  Triangles board = frameTriangles();
  board.insert(board.end(), kTrapezoidInFrame.begin(), kTrapezoidInFrame.end());
  std::string states;
  auto state = [&](int x, int y) {
    states += "      <state>\n       <dx>0 " + std::to_string(x) + "</dx>\n       <dy>0 " +
              std::to_string(y) + "</dy>\n       <dz>0 1</dz>\n      </state>\n";
  };
  int x = 2;
  state(x, 1);
  for (const int step : moves) state(x += 2 * step, 1);
  state(x + 20000, 1 + 20000);  // (out along the side of the triangles, forward-right)
  return "<?xml version=\"1.0\"?>\n<puzzle version=\"2\">\n <gridType type=\"1\"/>\n <colors/>\n <shapes>\n" +
         prismVoxelXml(board, "Result") + prismVoxelXml(frameTriangles(), "Frame") +
         prismVoxelXml(kTrapezoid, "Trapezoid") +
         " </shapes>\n <problems>\n  <problem name=\"channel\" state=\"2\" assemblies=\"1\" solutions=\"1\" "
         "time=\"0\">\n   <shapes>\n    <shape id=\"1\" count=\"1\"/>\n    <shape id=\"2\" count=\"1\"/>\n"
         "   </shapes>\n   <result id=\"0\"/>\n   <bitmap/>\n   <solutions>\n    <solution>\n"
         "     <assembly>0 0 0 0 2 1 1 1</assembly>\n     <separation>\n      <pieces count=\"2\">0 "
         "1</pieces>\n" +
         states +
         "     </separation>\n    </solution>\n   </solutions>\n  </problem>\n </problems>\n</puzzle>\n";
}

TEST(PrismBurrToolsFiles, StoredSeparationIsReadAndItsLevelCompared) {
  const std::string dir = test::tempDir();
  // As BurrTools would store it: one step right, then out (level 2).
  test::writeGzip(dir + "/stored.xmpuzzle", storedPrismFile({1}));
  const nlohmann::json stored = countPrismsApart(dir + "/stored.xmpuzzle");
  EXPECT_EQ(stored["assemblies"], 1);
  EXPECT_EQ(stored["stored_solutions"], 1);
  EXPECT_EQ(stored["stored_levels"], nlohmann::json::array({"2"}));
  EXPECT_EQ(stored["levels"], nlohmann::json::array({"2"}));
  EXPECT_EQ(stored["stored_levels_agree"], true);
  // A longer way stored (right, back left, right again, out: 4 moves): read as stored, and said to differ.
  test::writeGzip(dir + "/longer.xmpuzzle", storedPrismFile({1, -1, 1}));
  const nlohmann::json longer = countPrismsApart(dir + "/longer.xmpuzzle");
  EXPECT_EQ(longer["stored_levels"], nlohmann::json::array({"4"}));
  EXPECT_EQ(longer["levels"], nlohmann::json::array({"2"}));
  EXPECT_EQ(longer["stored_levels_agree"], false);
}

TEST(PrismBurrToolsFiles, GridsWithoutMovesAreStillRefusedInOneLine) {
  // Balls have no moves in piecework's disassembler (nor turn numbers here): one line, status 2, no file.
  const std::string dir = test::tempDir();
  std::ofstream(dir + "/balls.toml")
      << "name = \"balls\"\nlattice = \"spheres\"\nboard = \"..\"\n\n[[piece]]\n"
         "letter = \"P\"\nmoves = \"turn\"\ncubes = [[0, 0, 0], [1, 0, 0]]\n";
  for (const std::string& args :
       {"convert '" + dir + "/balls.toml' '" + dir + "/balls.xmpuzzle' --disassemble",
        "sheet '" + dir + "/balls.toml' --disassembly --out '" + dir + "/balls.svg'"}) {
    const auto r = test::runPiecework(args);
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_TRUE(test::oneLine(r.err)) << r.err;
  }
  EXPECT_FALSE(std::ifstream(dir + "/balls.xmpuzzle").good());
  EXPECT_FALSE(std::ifstream(dir + "/balls.svg").good());
}

}  // namespace
}  // namespace piecework

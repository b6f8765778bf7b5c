// SPDX-License-Identifier: Apache-2.0
// The disassembler (disassembly/) on small assemblies whose levels are counted by hand, and against a brute
// force below that shares no code with it: every subset of pieces, every direction, every distance.
#include <gtest/gtest.h>

#include <map>
#include <queue>
#include <random>
#include <set>

#include "disassembly/describe.hpp"
#include "disassembly/disassembler.hpp"
#include "puzzle/errors.hpp"

namespace piecework {
namespace {

using Cells = std::vector<Site>;

AssembledPiece piece(Cells cells, int group = 0) {
  return AssembledPiece{std::move(cells), group};
}

// A ring of 4 x 3 cubes in the layer z = 0 with a hole of two cubes, (1, 1) and (2, 1).
Cells ringWithLongHole() {
  Cells out;
  for (int y = 0; y < 3; ++y)
    for (int x = 0; x < 4; ++x)
      if (!(y == 1 && (x == 1 || x == 2))) out.push_back({x, y, 0});
  return out;
}

// A hook through the hole's left cube, its arms above and below the ring's cube (0, 1): it cannot go up or
// down; one unit right, into the hole's other cube, both arms are over the hole and it comes out.
Cells hook() {
  return {{0, 1, -1}, {1, 1, -1}, {1, 1, 0}, {1, 1, 1}, {0, 1, 1}};
}

// A ring of 3 x 3 around (1, 1, 0) and a Z through its hole: every slide of either meets the other.
Cells ring() {
  Cells out;
  for (int y = 0; y < 3; ++y)
    for (int x = 0; x < 3; ++x)
      if (x != 1 || y != 1) out.push_back({x, y, 0});
  return out;
}
Cells zThroughRing() {
  return {{0, 1, -1}, {1, 1, -1}, {1, 1, 0}, {1, 1, 1}, {2, 1, 1}};
}

TEST(Disassembly, TwoBarsSlideApartInOneMove) {
  const Disassembly d = disassemble({piece({{0, 0, 0}, {1, 0, 0}}), piece({{0, 1, 0}, {1, 1, 0}})});
  ASSERT_TRUE(d.comesApart);
  ASSERT_TRUE(d.tree);
  EXPECT_EQ(levelText(*d.tree), "1");
  EXPECT_EQ(d.tree->moves(), 1);
}

TEST(Disassembly, HookNeedsOneSlideBeforeItComesOut) {
  // By hand: at the start nothing can leave (the hook's arms hold it in z, the ring holds it in x and y);
  // the only slide is the hook 1 right (2 would meet the ring); from there the ring lifts off: level 2.
  const Disassembly d = disassemble({piece(ringWithLongHole()), piece(hook())});
  ASSERT_TRUE(d.comesApart);
  EXPECT_EQ(levelText(*d.tree), "2");
  EXPECT_EQ(describeMoves(*d.tree, {"A", "B"}),
            (std::vector<std::string>{"move B 1 right", "take A out, moving up"}));
}

TEST(Disassembly, ThreePieceInterlockLevelCountedByHand) {
  // A plug C in the hole's right cube keeps the hook from sliding; C lifts out at once (1 move), then ring
  // and hook come apart as above (2 moves): 1.2.
  const Disassembly d =
      disassemble({piece(ringWithLongHole()), piece(hook()), piece({{2, 1, 0}, {2, 1, 1}})});
  ASSERT_TRUE(d.comesApart);
  EXPECT_EQ(levelText(*d.tree), "1.2");
  EXPECT_EQ(d.tree->pieces, (std::vector<int>{0, 1, 2}));
  EXPECT_EQ(d.tree->removed, (std::vector<bool>{false, false, true}));
  ASSERT_TRUE(d.tree->left);
  EXPECT_FALSE(d.tree->away);
  EXPECT_EQ(d.tree->left->moves(), 2);
}

TEST(Disassembly, RingAndZDoNotComeApart) {
  const Disassembly d = disassemble({piece(ring()), piece(zThroughRing())});
  EXPECT_FALSE(d.comesApart);
  EXPECT_FALSE(d.tree);
  EXPECT_EQ(d.nodes, 1U);  // (no slide at all: the start is the only position)
}

TEST(Disassembly, PiecesOfOneGroupMayStayTogether) {
  // The ring and the Z are one group; a cube lying on the ring lifts off, and the rest need not come apart.
  const Disassembly grouped = disassemble({piece(ring(), 1), piece(zThroughRing(), 1), piece({{0, 0, 1}})});
  ASSERT_TRUE(grouped.comesApart);
  EXPECT_EQ(levelText(*grouped.tree), "1");
  const Disassembly apart = disassemble({piece(ring()), piece(zThroughRing()), piece({{0, 0, 1}})});
  EXPECT_FALSE(apart.comesApart);
}

TEST(Disassembly, OverlappingPiecesAreRefused) {
  EXPECT_THROW(disassemble({piece({{0, 0, 0}}), piece({{0, 0, 0}, {1, 0, 0}})}), InputError);
}

TEST(Disassembly, LevelTextLeavesOutPartsOfSingleMoves) {
  Separation top;
  top.positions.resize(3);
  top.left = std::make_unique<Separation>();
  top.left->positions.resize(1);
  top.away = std::make_unique<Separation>();
  top.away->positions.resize(4);
  top.away->left = std::make_unique<Separation>();
  top.away->left->positions.resize(2);
  EXPECT_EQ(levelText(top), "3.4.2");
  EXPECT_TRUE(harderLevel("26.8.2", "26.7.9"));
  EXPECT_TRUE(harderLevel("3.1", "3"));
  EXPECT_FALSE(harderLevel("9", "10"));
}

// ---- the brute force ----------------------------------------------------------------------------------

// Positions of the pieces (offsets, piece 0 never moves: only positions relative to each other matter).
using Offsets = std::vector<Site>;

bool overlaps(const std::vector<Cells>& pieces, const Offsets& at) {
  std::set<Site> seen;
  for (std::size_t p = 0; p < pieces.size(); ++p)
    for (const Site& s : pieces[p])
      if (!seen.insert({s.x + at[p].x, s.y + at[p].y, s.z + at[p].z}).second) return true;
  return false;
}

constexpr int kFar = 12;  // further than any two test pieces are apart: a slide that far is a separation

const Site kSteps[6] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};

// How far the pieces in `subset` slide along `step` unit by unit without an overlap (at most kFar).
int slideFreely(const std::vector<Cells>& pieces, const Offsets& at, unsigned subset, Site step) {
  Offsets moved = at;
  for (int t = 1; t <= kFar; ++t) {
    for (std::size_t p = 0; p < pieces.size(); ++p)
      if ((subset >> p & 1U) != 0) moved[p] = {moved[p].x + step.x, moved[p].y + step.y, moved[p].z + step.z};
    if (overlaps(pieces, moved)) return t - 1;
  }
  return kFar;
}

// Every level the pieces could have from `start`, whichever of the shortest first separations is taken ("-"
// where that one leaves a part that does not come apart), "-" alone when none comes apart. Two or three
// pieces.
std::set<std::string> bruteLevels(const std::vector<Cells>& pieces, const Offsets& start) {
  const std::size_t n = pieces.size();
  if (n == 1) return {""};
  std::map<Offsets, int> depth{{start, 0}};
  std::vector<Offsets> front{start};
  for (int d = 0; !front.empty(); ++d) {
    std::set<std::string> out;
    std::vector<Offsets> next;
    for (const Offsets& at : front)
      for (unsigned subset = 1; subset + 1 < (1U << n); ++subset) {
        if ((subset & 1U) != 0) continue;  // (moving piece 0's side is moving the others the other way)
        for (const Site& step : kSteps) {
          const int free = slideFreely(pieces, at, subset, step);
          if (free == kFar) {
            // The parts, each from where it is now.
            std::string level = std::to_string(d + 1);
            bool ok = true;
            for (const bool away : {false, true}) {
              std::vector<Cells> part;
              Offsets partAt;
              for (std::size_t p = 0; p < n; ++p)
                if (((subset >> p & 1U) != 0) == away) part.push_back(pieces[p]), partAt.push_back(at[p]);
              if (part.size() < 2) continue;
              const std::set<std::string> sub = bruteLevels(part, partAt);
              // (a part of two pieces has one level: its first separation leaves single pieces)
              EXPECT_EQ(sub.size(), 1U);
              const std::string subLevel = *sub.begin();
              if (subLevel == "-")
                ok = false;
              else if (subLevel != "1")
                level += "." + subLevel;
            }
            out.insert(ok ? level : "-");
            continue;
          }
          for (int k = 1; k <= free; ++k) {
            Offsets moved = at;
            for (std::size_t p = 0; p < n; ++p)
              if ((subset >> p & 1U) != 0)
                moved[p] = {at[p].x + k * step.x, at[p].y + k * step.y, at[p].z + k * step.z};
            if (depth.emplace(moved, d + 1).second) next.push_back(moved);
          }
        }
      }
    if (!out.empty()) return out;
    front.swap(next);
  }
  return {"-"};
}

std::string ours(const std::vector<Cells>& pieces) {
  std::vector<AssembledPiece> assembly;
  for (const Cells& c : pieces) assembly.push_back(piece(c));
  const Disassembly d = disassemble(assembly);
  return !d.comesApart ? "-" : d.tree ? levelText(*d.tree) : "";
}

// A box whose cells are dealt at random to the pieces, a quarter of them left empty: pieces need not be
// connected, so they hold each other in many ways (some do not come apart, some need several moves).
std::vector<Cells> randomAssembly(std::mt19937& random, int pieces, Site box) {
  std::vector<Cells> out(static_cast<std::size_t>(pieces));
  std::uniform_int_distribution<int> owner(0, 4 * pieces / 3);
  for (int z = 0; z < box.z; ++z)
    for (int y = 0; y < box.y; ++y)
      for (int x = 0; x < box.x; ++x)
        if (const int p = owner(random); p < pieces) out[static_cast<std::size_t>(p)].push_back({x, y, z});
  for (std::size_t p = 0; p < out.size(); ++p)
    if (out[p].empty()) out[p].push_back({-1 - static_cast<int>(p), 0, 0});  // (a cube beside the box)
  return out;
}

TEST(Disassembly, AgreesWithBruteForceOnHandDesigns) {
  for (const std::vector<Cells>& design :
       {std::vector<Cells>{ringWithLongHole(), hook()},
        std::vector<Cells>{ringWithLongHole(), hook(), {{2, 1, 0}, {2, 1, 1}}},
        std::vector<Cells>{ring(), zThroughRing()}}) {
    const std::set<std::string> possible = bruteLevels(design, Offsets(design.size()));
    EXPECT_EQ(possible.count(ours(design)), 1U) << ours(design);
  }
}

TEST(Disassembly, AgreesWithBruteForceOnRandomBoxes) {
  std::mt19937 random(41);
  int multiMove = 0, notApart = 0;
  for (int trial = 0; trial < 600; ++trial) {
    const int n = 2 + trial % 2;
    const std::vector<Cells> pieces = randomAssembly(random, n, n == 2 ? Site{3, 3, 2} : Site{3, 2, 2});
    const std::set<std::string> possible = bruteLevels(pieces, Offsets(pieces.size()));
    const std::string level = ours(pieces);
    EXPECT_EQ(possible.count(level), 1U)
        << "trial " << trial << ": ours " << level << ", brute force " << *possible.begin();
    if (level != "1" && level != "-") ++multiMove;
    if (level == "-") ++notApart;
  }
  // (the boxes are not all trivially apart)
  EXPECT_GT(multiMove, 10);
  EXPECT_GT(notApart, 10);
}

}  // namespace
}  // namespace piecework

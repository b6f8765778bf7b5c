// SPDX-License-Identifier: Apache-2.0
// The example family of docs/families.md ("colours-apart": pieces of one colour may not touch along an edge),
// which lives only in tests/families/colours_apart/ and is registered here with one line. Its counts are
// checked against a brute force that shares no code with the engine or the puzzle layer. (Issue 28, point 5.)
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "families/registry.hpp"
#include "puzzle/definition.hpp"
#include "puzzle/errors.hpp"
#include "solver/solver.hpp"
#include "tests/families/colours_apart/module.hpp"

namespace piecework {
namespace {

// A 4 x 4 board; two red pieces (I, O), two blue (L, D), one green. 24 fillings, 16 with colours apart.
struct ExamplePiece {
  char letter;
  const char* colour;
  std::vector<std::pair<int, int>> cells;  // (row, column)
};
const std::vector<ExamplePiece> kPieces = {
    {'I', "#ff0000", {{0, 0}, {0, 1}, {0, 2}}},         {'L', "#0000ff", {{0, 0}, {1, 0}, {1, 1}}},
    {'O', "#ff0000", {{0, 0}, {0, 1}, {1, 0}, {1, 1}}}, {'D', "#0000ff", {{0, 0}, {0, 1}}},
    {'T', "#00ff00", {{0, 0}, {0, 1}, {0, 2}, {1, 1}}},
};
constexpr int kSide = 4;

std::string definition(bool apart) {
  std::string text = "name = \"apart-4x4\"\nlattice = \"square\"\n";
  if (apart) text += "family = \"colours-apart\"\n";
  text += "board = \"....\\n....\\n....\\n....\"\n";
  for (const ExamplePiece& piece : kPieces) {
    std::string shape;  // rows of '#' and '.', joined by '/'
    for (int r = 0; r < 2; ++r) {
      if (r > 0) shape += '/';
      for (int c = 0; c < 3; ++c)
        shape += std::count(piece.cells.begin(), piece.cells.end(), std::pair{r, c}) > 0 ? '#' : '.';
    }
    text += "[[piece]]\nletter = \"" + std::string(1, piece.letter) + "\"\ncolour = \"" + piece.colour +
            "\"\nmoves = \"turn-mirror\"\nshape = \"" + shape + "\"\n";
  }
  return text;
}

// Brute force: every filling of the board by the five pieces, turned and mirrored, and how many keep pieces
// of one colour apart.
struct BruteCounts {
  std::uint64_t fillings = 0, apart = 0;
};

BruteCounts bruteForce() {
  using Cells = std::vector<std::pair<int, int>>;
  std::vector<std::vector<Cells>> orientations;
  for (const ExamplePiece& piece : kPieces) {
    std::set<Cells> distinct;
    Cells cells = piece.cells;
    for (int mirror = 0; mirror < 2; ++mirror) {
      for (int turn = 0; turn < 4; ++turn) {
        for (auto& [r, c] : cells) std::tie(r, c) = std::pair{c, -r};  // a quarter turn
        Cells shifted = cells;
        const auto [minR, minC] = *std::min_element(shifted.begin(), shifted.end());
        for (auto& [r, c] : shifted) r -= minR, c -= minC;  // lowest (row, column) at the origin
        std::sort(shifted.begin(), shifted.end());
        distinct.insert(shifted);
      }
      for (auto& [r, c] : cells) c = -c;
    }
    orientations.emplace_back(distinct.begin(), distinct.end());
  }
  std::array<std::array<int, kSide>, kSide> owner{};
  for (auto& row : owner) row.fill(-1);
  BruteCounts counts;
  std::vector<bool> used(kPieces.size(), false);
  auto colourClash = [&] {
    for (int r = 0; r < kSide; ++r)
      for (int c = 0; c < kSide; ++c)
        for (const auto& [dr, dc] : {std::pair{0, 1}, std::pair{1, 0}}) {
          if (r + dr >= kSide || c + dc >= kSide) continue;
          const int a = owner[r][c], b = owner[r + dr][c + dc];
          if (a != b && std::string(kPieces[a].colour) == kPieces[b].colour) return true;
        }
    return false;
  };
  auto fill = [&](auto& self) -> void {
    int at = 0;
    while (at < kSide * kSide && owner[at / kSide][at % kSide] >= 0) ++at;
    if (at == kSide * kSide) {
      ++counts.fillings;
      if (!colourClash()) ++counts.apart;
      return;
    }
    for (std::size_t p = 0; p < kPieces.size(); ++p) {
      if (used[p]) continue;
      for (const Cells& shape : orientations[p]) {
        // The shape's first cell (lowest row, then column) goes on the first empty cell.
        const int dr = at / kSide - shape[0].first, dc = at % kSide - shape[0].second;
        bool fits = true;
        for (const auto& [r, c] : shape)
          fits = fits && r + dr >= 0 && r + dr < kSide && c + dc >= 0 && c + dc < kSide &&
                 owner[r + dr][c + dc] < 0;
        if (!fits) continue;
        for (const auto& [r, c] : shape) owner[r + dr][c + dc] = static_cast<int>(p);
        used[p] = true;
        self(self);
        used[p] = false;
        for (const auto& [r, c] : shape) owner[r + dr][c + dc] = -1;
      }
    }
  };
  fill(fill);
  return counts;
}

class ExampleFamily : public testing::Test {
 protected:
  static void SetUpTestSuite() { registerFamily(example::coloursApartModule()); }  // the one line
};

TEST_F(ExampleFamily, CountsAgreeWithABruteForce) {
  const BruteCounts brute = bruteForce();
  ASSERT_GT(brute.apart, 0U);
  ASSERT_LT(brute.apart, brute.fillings);  // the rule rules something out
  for (int threads : {1, 2}) {
    CountOptions options;
    options.threads = threads;
    EXPECT_EQ(countSolutions(loadDefinition(definition(false), "cells.toml"), {}, options).solutions,
              brute.fillings);
    EXPECT_EQ(countSolutions(loadDefinition(definition(true), "apart.toml"), {}, options).solutions,
              brute.apart)
        << threads << " threads";
  }
}

TEST_F(ExampleFamily, EverySolutionFoundKeepsColoursApart) {
  const Puzzle puzzle = loadDefinition(definition(true), "apart.toml");
  EXPECT_EQ(std::string(familyOf(puzzle).name()), "colours-apart");
  FindOptions options;
  options.max = 1000;
  const FindResult found = findSolutions(puzzle, {}, options);
  EXPECT_EQ(found.solutions.size(), bruteForce().apart);
  for (const auto& solution : found.solutions)
    for (int a : solution)
      for (int b : solution) {
        const Placement& pa = puzzle.placements[static_cast<std::size_t>(a)];
        const Placement& pb = puzzle.placements[static_cast<std::size_t>(b)];
        if (a == b || puzzle.pieces[pa.piece].colour != puzzle.pieces[pb.piece].colour) continue;
        for (int s : pa.sites)
          for (int t : pb.sites) {
            const Site &u = puzzle.sites[s], &v = puzzle.sites[t];
            EXPECT_NE(std::abs(u.x - v.x) + std::abs(u.y - v.y), 1) << "pieces touch";
          }
      }
}

TEST_F(ExampleFamily, AFamilyThatCannotRuleTheDefinitionIsRefused) {
  for (const char* family : {"iq-link", "iq-focus", "iq-stars"}) {
    const std::string text = std::string("name = \"x\"\nlattice = \"square\"\nfamily = \"") + family +
                             "\"\nboard = \"..\"\n[[piece]]\nletter = \"A\"\nshape = \"##\"\n";
    try {
      loadDefinition(text, "x.toml");
      ADD_FAILURE() << family << ": no error";
    } catch (const InputError& e) {
      const std::string what = e.what();
      EXPECT_EQ(what.rfind("x.toml:3:", 0), 0U) << what;
      EXPECT_NE(what.find("cannot rule this definition"), std::string::npos) << what;
    }
  }
}

TEST_F(ExampleFamily, AnUnknownFamilyIsRefusedWithItsLine) {
  try {
    loadDefinition("name = \"x\"\nlattice = \"square\"\nfamily = \"no-such\"\nboard = \"..\"\n", "x.toml");
    ADD_FAILURE() << "no error";
  } catch (const InputError& e) {
    const std::string what = e.what();
    EXPECT_EQ(what.rfind("x.toml:3:", 0), 0U) << what;
    EXPECT_NE(what.find("unknown puzzle family 'no-such'"), std::string::npos) << what;
  }
}

}  // namespace
}  // namespace piecework

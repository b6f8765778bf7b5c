// SPDX-License-Identifier: Apache-2.0
// Which levels a puzzle's challenges reach (docs/generating.md, "Levels a puzzle reaches"). Decided by the
// census: every unique challenge (every subset of every distinct solution's pieces that only that solution
// contains) is graded with the rating model, and a level is reached when one of them is a challenge that
// `generate` would print there. Only where that is a moment's work: a puzzle with more subsets to go through
// is left undecided, and `generate` searches as it always did.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "puzzle/puzzle.hpp"
#include "rater/rater.hpp"
#include "solver/problem.hpp"

namespace piecework {

struct RatingModel;

struct LevelReach {
  bool decided = false;   // the census was gone through (every level reached, or every challenge graded)
  bool complete = false;  // every unique challenge was graded (else the counts are of those graded)
  std::string undecided;  // why not, when not decided (a clause: "it has 12 pieces, ...")
  std::uint64_t challenges = 0;               // unique challenges graded, up to the board's symmetry
  std::array<std::uint64_t, 5> atLevel{};     // of them, those `generate` would print at each level
  std::array<double, 5> lowest{}, highest{};  // their scores, where atLevel is not 0
  // Undecided: every level may be reached.
  bool reaches(Level level) const { return !decided || atLevel[static_cast<std::size_t>(level)] != 0; }
};

// Subsets of the distinct solutions' pieces (distinct solutions times 2^pieces) that levelReach goes through
// at most; above it the puzzle is undecided. A 7-piece cube with 240 distinct solutions: 240 x 2^7 = 30,720.
inline constexpr std::uint64_t kMaxReachSubsets = 40'000;

// Grades every unique challenge of the puzzle under `rules` with `model` (null: the shipped model), or says
// why it is not decided. A level counts a challenge that generate prints there: unique, at least
// leastToPlace() pieces to place, graded at the level, and in the level's booklet ranges (levelShape()).
// It stops once `enough` is reached (generate asks about its level), or without it once every level is
// (the figures are then of the challenges graded so far).
LevelReach levelReach(const Puzzle& puzzle, const Rules& rules, const RatingModel* model = nullptr,
                      std::optional<Level> enough = std::nullopt);

}  // namespace piecework

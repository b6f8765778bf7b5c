// SPDX-License-Identifier: Apache-2.0
// A summary of a catalog (docs/catalog.md, "Stats"): per puzzle and level, how many challenges are stored,
// how many pieces they leave to place and the range of their scores. Challenges made without the puzzle's
// family rule (generate --unlinked) are another puzzle for this purpose: their levels mean other things.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "db/catalog.hpp"

namespace piecework::db {

struct LevelStats {
  std::uint64_t challenges = 0;
  std::map<int, std::uint64_t> toPlace;  // pieces to place -> challenges
  double lowestScore = 0, highestScore = 0, meanScore = 0;
};

struct PuzzleStats {
  std::string puzzle;
  bool unlinked = false;
  std::uint64_t challenges = 0;
  std::array<LevelStats, 5> levels;  // Starter..Wizard
};

// The rows summed up, puzzles in name order (linked before unlinked).
std::vector<PuzzleStats> catalogStats(const std::vector<StoredChallenge>& rows);

}  // namespace piecework::db

// SPDX-License-Identifier: Apache-2.0
#include "db/catalog_stats.hpp"

#include <algorithm>
#include <utility>

namespace piecework::db {

std::vector<PuzzleStats> catalogStats(const std::vector<StoredChallenge>& rows) {
  std::map<std::pair<std::string, bool>, PuzzleStats> byPuzzle;
  std::map<std::pair<std::string, bool>, std::array<double, 5>> scoreSums;
  for (const StoredChallenge& row : rows) {
    const auto key = std::make_pair(row.puzzleName, row.unlinked);
    PuzzleStats& puzzle = byPuzzle[key];
    puzzle.puzzle = row.puzzleName;
    puzzle.unlinked = row.unlinked;
    ++puzzle.challenges;
    const auto l = static_cast<std::size_t>(row.level);
    LevelStats& level = puzzle.levels[l];
    const bool first = level.challenges++ == 0;
    ++level.toPlace[row.toPlace];
    level.lowestScore = first ? row.score : std::min(level.lowestScore, row.score);
    level.highestScore = first ? row.score : std::max(level.highestScore, row.score);
    scoreSums[key][l] += row.score;
  }
  std::vector<PuzzleStats> out;
  for (auto& [key, puzzle] : byPuzzle) {
    for (std::size_t l = 0; l < puzzle.levels.size(); ++l)
      if (puzzle.levels[l].challenges != 0)
        puzzle.levels[l].meanScore = scoreSums[key][l] / static_cast<double>(puzzle.levels[l].challenges);
    out.push_back(std::move(puzzle));
  }
  return out;
}

}  // namespace piecework::db

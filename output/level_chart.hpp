// SPDX-License-Identifier: Apache-2.0
// A chart of challenges per puzzle and level (catalog stats --out; docs/catalog.md, "Stats"): per puzzle a
// bar of its challenges split by level, and beside it each level's range of scores on the level scale.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace piecework {

struct LevelChartRow {
  std::string label;                          // the puzzle ("NAME (unlinked)": made without its rule)
  std::array<std::uint64_t, 5> challenges{};  // per level, Starter..Wizard
  std::array<double, 5> lowest{}, highest{};  // scores, where challenges is not 0
  int leastToPlace = 0, mostToPlace = 0;      // over every level
};

// Writes the chart to `path` (.svg, .png or .pdf by its extension; InputError for another) atomically.
void writeLevelChart(const std::vector<LevelChartRow>& rows, const std::string& title,
                     const std::string& path);

}  // namespace piecework

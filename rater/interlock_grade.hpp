// SPDX-License-Identifier: Apache-2.0
// A grade for interlocking puzzles (burrs, boxes, keys and traps) from their disassembly level: the moves
// until the first piece or group comes out, which designers rank such puzzles by (docs/disassembly.md).
#pragma once

#include <array>
#include <vector>

#include "rater/rater.hpp"

namespace piecework {

// The fewest moves to the first separation at which each grade starts, Starter first (docs/disassembly.md,
// "Grades"): 1, 2, 5, 10, 20.
inline constexpr std::array<int, 5> kInterlockGradeStarts{1, 2, 5, 10, 20};

// The grade of a level's numbers (levelNumbers: "26.8.2" -> 26, 8, 2): by its first number, the moves to
// the first separation. An empty level (nothing to take apart) is Starter.
Level interlockGrade(const std::vector<int>& levelNumbers);

}  // namespace piecework

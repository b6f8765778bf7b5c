// SPDX-License-Identifier: Apache-2.0
// A grade for interlocking puzzles (burrs, boxes, keys and traps) from their disassembly level: the moves
// until the first piece or group comes out, which designers rank such puzzles by (docs/disassembly.md). The
// table of where each grade starts is fixed, or refitted on a designer's own graded designs (calibrate
// --interlocking).
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rater/rater.hpp"

namespace piecework {

// The fewest moves to the first separation at which each grade starts, Starter first (docs/disassembly.md,
// "Grades"): 1, 2, 5, 10, 20. Starter's start is nominal: fewer moves than Junior's start are Starter.
using InterlockGradeStarts = std::array<int, 5>;
inline constexpr InterlockGradeStarts kInterlockGradeStarts{1, 2, 5, 10, 20};

// The grade of a level's numbers (levelNumbers: "26.8.2" -> 26, 8, 2): by its first number, the moves to
// the first separation. An empty level (nothing to take apart) is Starter.
Level interlockGrade(const std::vector<int>& levelNumbers,
                     const InterlockGradeStarts& starts = kInterlockGradeStarts);

// A level text as BurrTools writes it ("26.8.2.6.2": whole numbers from 0 to 10^9 joined by single dots);
// nullopt for anything else.
std::optional<std::vector<int>> parseLevelText(std::string_view text);

// A designer's graded design: the first number of its level, and the grade the designer gave it.
struct GradedLevel {
  int moves = 0;
  Level level = Level::Starter;
};

// The starts that misgrade the fewest of `graded` (grade k from start k to start k+1, the starts
// non-decreasing from 1; equal starts leave a grade out). Among the best, the nearest to the fixed table
// (sum of distances), so that a grade without designs keeps its fixed start where it can.
InterlockGradeStarts fitInterlockGradeStarts(const std::vector<GradedLevel>& graded);

// Each design graded by the starts fitted on all the others.
std::vector<Level> leaveOneOutGrades(const std::vector<GradedLevel>& graded);

// A grade table file (calibrate --interlocking --out, rate --disassemble --grades): its starts, a name and
// how far it agreed with its designs left out one at a time.
struct InterlockGradeTable {
  std::string name = "fixed";
  InterlockGradeStarts starts = kInterlockGradeStarts;
  std::string crossValidation;
};
std::string interlockGradeTableJson(const InterlockGradeTable& table);
// Throws InputError naming `where` for a file that is not such a table.
InterlockGradeTable parseInterlockGradeTable(const std::string& text, const std::string& where);

}  // namespace piecework

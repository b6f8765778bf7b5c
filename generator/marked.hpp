// SPDX-License-Identifier: Apache-2.0
// Challenges that are not (only) placed pieces (docs/generating.md): a colour pattern on a board with a
// colour window (IQ Focus: the window's colours of a random tiling, kept when that tiling is the only one
// showing them), and marked cells at the top level of a puzzle with `marked_cells` (IQ Stars' Wizard
// challenges: 2 to 4 single cells marked with the letter of the piece covering them in a random tiling).
#pragma once

#include <cstdint>
#include <random>
#include <vector>

#include "generator/generator.hpp"

namespace piecework {

enum class MarkKind { None, Pattern, Cells };

// What a challenge at `level` of this puzzle is made of: a colour pattern on a board with a window; marked
// cells for the Wizard level of a puzzle with marked cells (as IQ Stars' booklet does); otherwise placed
// pieces (None).
MarkKind markKind(const Puzzle& puzzle, Level level);

// The booklet's range of marked cells (FAMILIES facts in docs/generating.md): IQ Stars' Wizards mark 2 to 4.
inline constexpr int kMinMarks = 2;
inline constexpr int kMaxMarks = 4;

// Makes the challenge of `kind` from the full `solution`, checks that it has exactly that solution, rates it
// and keeps it when it rates at `level`; records the work and the outcome in `result`.
void markedAttempt(const Puzzle& puzzle, Level level, Rules rules, std::uint64_t seed,
                   const RatingModel* model, MarkKind kind, const std::vector<int>& solution,
                   std::mt19937_64& rng, AttemptResult& result);

}  // namespace piecework

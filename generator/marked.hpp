// SPDX-License-Identifier: Apache-2.0
// Challenges that are not (only) placed pieces (docs/generating.md), as a family's booklet part asks for them
// (generator/family_booklet.hpp): a colour pattern on a board with a colour window (the window's colours of a
// random tiling, kept when that tiling is the only one showing them), and marked cells (single cells marked
// with the letter of the piece covering them in a random tiling, as few as make it the only one, within the
// level's range of marks).
#pragma once

#include <cstdint>
#include <random>
#include <vector>

#include "generator/family_booklet.hpp"
#include "generator/generator.hpp"

namespace piecework {

// Makes the challenge of `shape.form` (a colour pattern or marked cells) from the full `solution`, checks
// that it has exactly that solution, rates it and keeps it when it rates at `level`; records the work and
// the outcome in `result`.
void markedAttempt(const Puzzle& puzzle, Level level, Rules rules, std::uint64_t seed,
                   const RatingModel* model, const LevelShape& shape, const std::vector<int>& solution,
                   std::mt19937_64& rng, AttemptResult& result);

}  // namespace piecework

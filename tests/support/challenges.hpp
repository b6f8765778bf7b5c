// SPDX-License-Identifier: Apache-2.0
// Unique challenges for tests, cut from solver solutions (no rater or generator involved).
#pragma once

#include <cstdint>
#include <vector>

#include "puzzle/puzzle.hpp"
#include "solver/problem.hpp"

namespace piecework::test {

// A random solution (solver seed `seed`), its pieces shuffled, then taken away one by one from the front
// while the challenge stays unique: the challenges with `firstRemoved`, firstRemoved + 1, ... pieces taken
// away.
std::vector<std::vector<int>> removalChain(const Puzzle& puzzle, std::uint64_t seed,
                                           std::size_t firstRemoved = 1, Rules rules = {});

}  // namespace piecework::test

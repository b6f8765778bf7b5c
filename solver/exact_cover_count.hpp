// SPDX-License-Identifier: Apache-2.0
// Counting the exact covers of a dlx1 problem (puzzle/dlx_read.hpp) with Knuth's Algorithm X on dancing links
// (TAOCP 7.2.2.1): every primary item covered exactly once, every secondary one at most once. The puzzle
// engine (solver.hpp) counts piecework's own puzzles; this counts any exact-cover file, so that `count
// FILE.dlx` reads back what `convert --to dlx` writes.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "puzzle/dlx_read.hpp"

namespace piecework {

struct ExactCoverCount {
  std::uint64_t solutions = 0;
  std::uint64_t nodes = 0;  // search nodes: options tried
};

// Counts the exact covers; `onSolution`, when given, gets each one's options (indices into problem.options)
// as it is found.
ExactCoverCount countExactCovers(const DlxProblem& problem,
                                 const std::function<void(const std::vector<int>&)>& onSolution = {});

}  // namespace piecework

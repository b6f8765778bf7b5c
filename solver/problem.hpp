// An exact-cover problem over one puzzle and a set of given placements: the options left, what must still be
// placed, and the family rule. Built once, searched many times (by several threads).
#pragma once

#include <cstdint>
#include <vector>

#include "puzzle/puzzle.hpp"

namespace piecework {

struct Rules {
  bool linked = true;  // apply the puzzle's linkage rule when it has one (--unlinked turns it off)
};

struct Problem {
  const Puzzle* puzzle = nullptr;
  std::vector<int> givens;        // placement ids
  std::vector<int> need;          // per piece: copies still to place
  std::vector<int> options;       // placement ids that fit beside the givens and belong to a needed piece
  bool linked = false;            // pieces must form one linked structure (peg masks below)
  std::vector<std::uint64_t> pegs;  // per placement id: the pegs it touches (linked puzzles only)
  int needTotal() const;
};

// Validates the givens (no overlap, no piece given more often than it has copies) and builds the problem.
// Throws InputError naming the offending given.
Problem makeProblem(const Puzzle& puzzle, const std::vector<int>& givens, Rules rules);

}  // namespace piecework

// SPDX-License-Identifier: Apache-2.0
// An exact-cover problem over one puzzle and a set of given placements: the options left, what must still be
// placed, and the family rule. Built once, searched many times (by several threads).
#pragma once

#include <cstdint>
#include <vector>

#include "puzzle/challenge.hpp"
#include "puzzle/puzzle.hpp"

namespace piecework {

struct Rules {
  bool linked = true;  // apply the puzzle's linkage rule when it has one (--unlinked turns it off)
  CellMarks marks;     // the challenge's colour pattern: placements that contradict it are dropped
};

struct Problem {
  const Puzzle* puzzle = nullptr;
  std::vector<int> givens;  // placement ids
  std::vector<int> need;    // per piece: copies still to place (the most, for a range of copies)
  // Per piece: how many of `need` a solution may leave out (copies - minCopies, less any given beyond
  // minCopies); all 0 unless the puzzle has copy ranges, and then the search is multiplicity exact cover.
  std::vector<int> spare;
  std::vector<int> options;  // placement ids that fit beside the givens and belong to a needed piece
  // The family's data for the engine (solver/family_rule.hpp fills it; docs/families.md). IQ-Link:
  bool linked = false;                      // pieces must form one linked structure (peg masks below)
  std::vector<std::uint64_t> pegs;          // per placement id: the pegs it touches (hex-peg puzzles only)
  std::vector<std::uint64_t> ballPegs;      // per placement id: pegs whose centre it takes (a ball)
  std::vector<std::uint64_t> openRingPegs;  // per placement id: pegs where it puts an open ring
  std::uint64_t allPegs = 0;
  // Hex pegs: every part takes a peg, and a peg holds at most one ball and one ring, which must be open, so
  // pegs used = parts - (balls sitting in open rings) <= pegs. Hence, when open rings are no more than balls,
  // (empty pegs) + (open rings without a ball) <= pegs - parts + open rings: this budget (-1: no bound
  // known).
  int emptyPegBudget = -1;
  bool ringsNeedBalls = false;  // open rings without a ball count against the budget too
  // Every ring takes a peg of its own and every ball a centre, so at the end exactly (pegs - rings) pegs
  // have no ring and (pegs - balls) no ball: bounds on the pegs that can no longer get one (-1: none).
  int ringlessPegBudget = -1;
  int balllessPegBudget = -1;
  int extraBalls = 0;            // balls - open rings, over all pieces
  std::vector<int> ballsOf;      // per piece: its balls
  std::vector<int> openRingsOf;  // per piece: its open rings
  int needTotal() const;
};

// Does this symmetry map the marks onto themselves? (Only such symmetries may merge solutions.)
bool keepsMarks(const CellMarks& marks, const Symmetry& symmetry);

// Validates the givens (no overlap, no piece given more often than it has copies) and builds the problem.
// Throws InputError naming the offending given.
Problem makeProblem(const Puzzle& puzzle, const std::vector<int>& givens, Rules rules);

}  // namespace piecework

// SPDX-License-Identifier: Apache-2.0
// The rater's path put in words for people (`rate --explain`, `hint`): steps grouped into moves, positions
// named the way a player reads the board.
#pragma once

#include <string>
#include <vector>

#include "rater/rater.hpp"

namespace piecework {

// Where a placement lies, in words: "rows 1-2, columns 7-10" on a flat board ("layer 2, rows ..." in a box);
// on IQ-Link "on pegs B, C and H".
std::string placementWords(const Puzzle& puzzle, int placement);
// A piece as a player knows it: its letter and name, e.g. "y (yellow)".
std::string pieceWords(const Puzzle& puzzle, int piece);

// One move a person makes: a piece placed, a guess that fails, a guess that works, or a round of ruling
// placements out (consecutive eliminations at one trial depth, whatever strategies found them).
struct Move {
  enum Kind { Place, RuleOut, GuessFails, GuessWorks } kind = Place;
  int depth = 0;            // how many guesses this move rests on
  std::vector<int> steps;   // indices into Rating::steps
  std::string text;         // one line, short
  std::vector<int> placed;  // placements on the board after this move (givens not included)
};

// The rating's steps as moves, in order. Counts in the words agree with the steps: every step belongs to
// exactly one move. The first move is always a single step (a piece placed, one placement ruled out and why,
// or one guess that fails), so that a first hint is something to do on the page.
std::vector<Move> explainMoves(const Puzzle& puzzle, const Rating& rating);

// One line of summary whose counts agree with the steps listed: pieces to place, hardest strategy, steps by
// strategy, and the number of assumptions tried in all.
std::string ratingSummary(const Rating& rating);

}  // namespace piecework

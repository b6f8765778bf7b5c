// SPDX-License-Identifier: Apache-2.0
// The rater's path put in words for people (`rate --explain`, `hint`): steps grouped into moves, positions
// named the way a player reads the board.
#pragma once

#include <string>
#include <vector>

#include "rater/model.hpp"
#include "rater/rater.hpp"

namespace piecework {

// Where a placement lies, in words: "rows 1-2, columns 7-10" on a flat board ("layer 2, rows ..." in a box);
// on IQ-Link "on pegs B, C and H".
std::string placementWords(const Puzzle& puzzle, int placement);
// A placement named in full: its piece, where it lies and, in brackets, its cells (or IQ-Link's code), since
// two orientations of a piece often share rows and columns: "y (yellow) in rows 1-2, columns 7-10 [r1c7
// ...]". A piece of many cells (a BurrTools cage of 200) lists its first few and how many more.
std::string placementInFull(const Puzzle& puzzle, int piece, int placement);
// A piece as a player knows it: its letter and name, e.g. "y (yellow)".
std::string pieceWords(const Puzzle& puzzle, int piece);

// One move a person makes: a piece placed, a guess that fails, a guess that works, or a round of ruling
// placements out (consecutive eliminations at one trial depth, whatever strategies found them).
struct Move {
  enum Kind { Place, RuleOut, GuessFails, GuessWorks } kind = Place;
  int depth = 0;              // how many guesses this move rests on
  std::vector<int> steps;     // indices into Rating::steps
  std::string text;           // one line, short
  std::vector<int> placed;    // placements on the board after this move (givens not included)
  std::vector<int> ruledOut;  // placements this move shows crossed out (a rule-out or a failed guess)
};

// The rating's steps as moves, in order. Counts in the words agree with the steps: every step belongs to
// exactly one move. The first move is always a single step (a piece placed, one placement ruled out and why,
// or one guess that fails), so that a first hint is something to do on the page.
std::vector<Move> explainMoves(const Puzzle& puzzle, const Rating& rating);

// One line of summary whose counts agree with the steps listed: pieces to place, hardest strategy, steps by
// strategy, and the number of assumptions tried in all.
std::string ratingSummary(const Rating& rating);

// What made a challenge harder or easier than the average challenge of the booklet a model was fitted on
// (the model's standardisation mean): each feature the model weighs, with its share of the effort in levels
// (weight times standardised value, over the mean width of a level), the largest shares first.
struct EffortShare {
  std::string feature;  // the model's name for it (docs/rating.md)
  double levels = 0;    // > 0: it made the challenge harder; < 0: easier
  std::string words;    // what the replay measured, in words: "8 pieces to place"
};
std::vector<EffortShare> effortShares(const RatingModel& model, const RatingFeatures& features);
// One line from those shares: "harder than its model's average challenge for 8 pieces to place (+1.4 levels)
// and 3 guesses (+0.5); easier for 4 spare givens (-0.9)". Shares under a tenth of a level are left out.
std::string effortReasons(const std::vector<EffortShare>& shares);

}  // namespace piecework

// SPDX-License-Identifier: Apache-2.0
// The browser player (docs/playtesting.md): one self-contained HTML page (output/play/play.html, with the
// data written into it) in which a person places the pieces of one or more challenges, and which records
// each attempt for `catalog import-playtests`. The page knows no family's rules: piecework writes each
// piece's orientations (pictures, how a turn or a flip steps among them), each placement (the sites it
// covers, where its picture lies) and per challenge the placements that fit beside the givens; the page
// only chooses among them. Pictures are written once per puzzle (the empty board, each orientation), so
// that a challenge adds only its givens, its placements as bits and (with marks) a board of its own. A
// solution is recognised by a hash of its placements, so the page does not hold the solution as text.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "puzzle/challenge.hpp"
#include "puzzle/puzzle.hpp"
#include "rater/model.hpp"
#include "solver/problem.hpp"

namespace piecework {

struct PlayChallenge {
  std::optional<std::int64_t> catalogId;  // the catalog's challenge id, when it came from one
  std::string text;                       // the challenge in its notation, on one line
  std::string label;                      // e.g. "Expert (score 3.21)"
  std::vector<int> givens;
  CellMarks marks;
  std::vector<int> options;                 // placements that fit beside the givens and the marks
  std::vector<std::vector<int>> solutions;  // placement ids, givens included, sorted
  std::string hint;                         // the first move of `piecework hint`
};

// At most this many solutions are recognised per challenge (each is a hash in the page).
inline constexpr std::size_t kMaxPlaySolutions = 64;

// Solves and rates the challenge (the hint is the rater's first move, as `piecework hint` gives it).
// Throws InputError when it has no solution or more than kMaxPlaySolutions.
PlayChallenge playChallenge(const Puzzle& puzzle, const Challenge& challenge, const Rules& rules,
                            const RatingModel* model, std::string text);

struct PlaySet {
  const Puzzle* puzzle = nullptr;
  std::vector<PlayChallenge> challenges;
};

// The page for these challenges, grouped by puzzle. Throws InputError for a puzzle the page cannot show (a
// box of layers).
std::string playPage(const std::vector<PlaySet>& sets, const std::string& title);

// The hash by which the page recognises a solution: FNV-1a (32 bits, 8 hex digits) of "SALT:" followed by
// the sorted placement ids separated by commas; the page computes the same in JavaScript.
std::string solutionHash(const std::string& salt, const std::vector<int>& placements);

}  // namespace piecework

// SPDX-License-Identifier: Apache-2.0
// Rating many challenges of one puzzle (rate --challenge-file): every challenge is read and checked before
// any is rated, so bad input never leaves a partial result, and each is then rated as it comes, so a long
// file needs no memory for the ratings. A published challenge may have several solutions (IQ Focus's
// booklet has a pattern with 4): it is rated as the effort of finding one of them, with how many there are;
// one with none is refused.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "puzzle/challenge.hpp"
#include "puzzle/challenge_file.hpp"
#include "rater/rater.hpp"
#include "solver/problem.hpp"

namespace piecework {

// How many solutions a challenge has, counted up to a cap: past it, "at least" is all a reader needs.
struct SolutionCount {
  std::size_t count = 0;
  bool exact = true;
};

// The challenges read: each with the rules it is solved under (`rules` with its marks: a colour pattern,
// marked cells), and the problems built when they were checked, for the first kKeptProblems of them: a file
// may hold more challenges than their problems would fit in memory (an IQ-Link problem takes about 40 KB), so
// the problems of the others are built again when they are rated.
struct ChallengeBatch {
  static constexpr std::size_t kKeptProblems = 256;
  std::vector<ChallengeText> texts;
  std::vector<Challenge> challenges;
  std::vector<Rules> rules;
  std::vector<Problem> problems;
};

// Names a challenge in errors ("challenge", "FILE:LINE").
using ChallengeWhere = std::function<std::string(const ChallengeText&)>;

// Reads every challenge and builds its problem (overlaps, repeated pieces, marks); throws InputError,
// prefixed with `where` for a challenge from a file (line > 0).
ChallengeBatch readChallengeBatch(const Puzzle& puzzle, std::vector<ChallengeText> texts, const Rules& rules,
                                  const ChallengeWhere& where);

// One challenge rated: its problem (for measures on demand, measureSpareGivens()), its rating and its
// solutions.
struct RatedChallenge {
  const Problem& problem;
  Rating& rating;
  SolutionCount solutions;
};

// Counts every challenge's solutions (throws InputError for one without any, named by `where`), then rates
// them one at a time with `model` (nullptr: the puzzle's shipped model) and hands each to `each` with its
// index in the batch.
void rateChallengeBatch(const Puzzle& puzzle, const ChallengeBatch& batch, const RatingModel* model,
                        const ChallengeWhere& where,
                        const std::function<void(std::size_t, RatedChallenge&)>& each);

}  // namespace piecework

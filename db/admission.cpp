// SPDX-License-Identifier: Apache-2.0
#include "db/admission.hpp"

#include <nlohmann/json.hpp>
#include <utility>

#include "puzzle/errors.hpp"
#include "solver/solver.hpp"

namespace piecework::db {

Admitted admitChallenge(const Problem& problem, const Challenge& challenge) {
  FindLimits limits;
  limits.max = 2;
  FindResult found = findSolutions(problem, limits);
  if (found.solutions.empty()) throw InputError("challenge has no solution");
  if (found.solutions.size() > 1) throw InputError("challenge has several solutions");
  return Admitted(problem, challenge, std::move(found.solutions.front()));
}

NewChallenge newChallenge(const Admitted& admitted, const Rating& rating, const RatingModel* model) {
  const Puzzle& puzzle = *admitted.problem().puzzle;
  NewChallenge c;
  c.challengeText = formatChallengeText(puzzle, admitted.challenge());
  c.canonicalKey = canonicalKey(puzzle, admitted.challenge());
  c.solutionText = formatChallenge(puzzle, admitted.solution());
  c.given = static_cast<int>(admitted.challenge().givens.size());
  c.toPlace = puzzle.totalPieces() - c.given;
  c.unlinked = storedUnlinked(puzzle, admitted.problem().rules);
  c.level = rating.level;
  c.score = rating.score;
  c.raterVersion = kRaterVersion;
  c.model = gradingModel(puzzle, model);
  c.strategyUse = nlohmann::json(rating.strategyUse).dump();
  return c;
}

}  // namespace piecework::db

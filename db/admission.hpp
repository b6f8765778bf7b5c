// SPDX-License-Identifier: Apache-2.0
// The catalog's admission rule: only a challenge with exactly one solution may enter (and so a booklet).
// Every way into the catalog (generate --db, catalog import) goes through admitChallenge, and fills the row
// to store from what it admitted.
#pragma once

#include <vector>

#include "db/catalog.hpp"
#include "puzzle/challenge.hpp"
#include "rater/model.hpp"
#include "rater/rater.hpp"
#include "solver/problem.hpp"

namespace piecework::db {

// A challenge the admission rule let in, with its one solution. Only admitChallenge makes one.
class Admitted {
 public:
  const Problem& problem() const { return *problem_; }
  const Challenge& challenge() const { return *challenge_; }
  const std::vector<int>& solution() const { return solution_; }

 private:
  friend Admitted admitChallenge(const Problem& problem, const Challenge& challenge);
  Admitted(const Problem& problem, const Challenge& challenge, std::vector<int> solution)
      : problem_(&problem), challenge_(&challenge), solution_(std::move(solution)) {}
  const Problem* problem_;
  const Challenge* challenge_;
  std::vector<int> solution_;  // placement ids, givens included, sorted
};

// Searches `problem` (the challenge's, built by makeProblem, which checked it) for two solutions. Throws
// InputError "challenge has no solution" or "challenge has several solutions" unless it has exactly one.
// The result refers to `problem` and `challenge`, which must outlive it.
Admitted admitChallenge(const Problem& problem, const Challenge& challenge);

// The row that stores an admitted challenge: its texts, canonical key, counts and rule, and the grade
// `rating` gave with `model` (nullptr: the puzzle's shipped model). The caller adds the puzzle's id and the
// challenge's history (seed, generator version, official level, date).
NewChallenge newChallenge(const Admitted& admitted, const Rating& rating, const RatingModel* model);

}  // namespace piecework::db

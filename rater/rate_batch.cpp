// SPDX-License-Identifier: Apache-2.0
#include "rater/rate_batch.hpp"

#include <optional>

#include <fmt/format.h>

#include "puzzle/errors.hpp"
#include "solver/solver.hpp"

namespace piecework {
namespace {

SolutionCount countUpTo(const Problem& problem) {
  constexpr std::size_t kCap = 1000;
  FindLimits limits;
  limits.max = kCap;
  const FindResult found = findSolutions(problem, limits);
  return {found.solutions.size(), found.exhausted || found.solutions.size() < kCap};
}

}  // namespace

ChallengeBatch readChallengeBatch(const Puzzle& puzzle, std::vector<ChallengeText> texts, const Rules& rules,
                                  const ChallengeWhere& where) {
  ChallengeBatch batch;
  batch.texts = std::move(texts);
  for (const ChallengeText& t : batch.texts) {
    try {
      batch.challenges.push_back(parseChallengeText(puzzle, t.text));
      batch.rules.push_back(rules);
      batch.rules.back().marks = batch.challenges.back().marks;
      Problem problem = makeProblem(puzzle, batch.challenges.back().givens, batch.rules.back());
      if (batch.problems.size() < ChallengeBatch::kKeptProblems) batch.problems.push_back(std::move(problem));
    } catch (const InputError& e) {
      if (t.line == 0) throw;
      throw InputError(fmt::format("{}: {}", where(t), e.what()));
    }
  }
  return batch;
}

void rateChallengeBatch(const Puzzle& puzzle, const ChallengeBatch& batch, const RatingModel* model,
                        const ChallengeWhere& where,
                        const std::function<void(std::size_t, RatedChallenge&)>& each) {
  std::optional<Problem> built;  // the problem of a challenge past the kept ones
  const auto problemOf = [&](std::size_t i) -> const Problem& {
    if (i < batch.problems.size()) return batch.problems[i];
    return built.emplace(makeProblem(puzzle, batch.challenges[i].givens, batch.rules[i]));
  };
  std::vector<SolutionCount> solutionCounts;
  for (std::size_t i = 0; i < batch.challenges.size(); ++i) {
    const Problem& problem = problemOf(i);
    const Uniqueness u = uniqueness(problem);
    if (u == Uniqueness::None)
      throw InputError(
          fmt::format("{}: the challenge has no solution, so it cannot be rated", where(batch.texts[i])));
    solutionCounts.push_back(u == Uniqueness::Unique ? SolutionCount{1, true} : countUpTo(problem));
  }
  for (std::size_t i = 0; i < batch.challenges.size(); ++i) {
    const Problem& problem = problemOf(i);
    Rating rating = rate(problem, model);
    RatedChallenge rated{problem, rating, solutionCounts[i]};
    each(i, rated);
  }
}

}  // namespace piecework

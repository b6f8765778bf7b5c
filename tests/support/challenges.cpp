// SPDX-License-Identifier: Apache-2.0
#include "support/challenges.hpp"

#include <algorithm>
#include <random>

#include "solver/solver.hpp"

namespace piecework::test {

std::vector<std::vector<int>> removalChain(const Puzzle& puzzle, std::uint64_t seed, std::size_t firstRemoved,
                                           Rules rules) {
  FindOptions find;
  find.seed = seed;
  find.rules = rules;
  std::vector<int> order = findSolutions(puzzle, {}, find).solutions.at(0);
  std::mt19937_64 rng(seed);
  std::shuffle(order.begin(), order.end(), rng);
  std::vector<std::vector<int>> out;
  for (std::size_t removed = firstRemoved; removed < order.size(); ++removed) {
    std::vector<int> givens(order.begin() + static_cast<std::ptrdiff_t>(removed), order.end());
    if (uniqueness(puzzle, givens, rules) != Uniqueness::Unique) break;
    out.push_back(givens);
  }
  return out;
}

}  // namespace piecework::test

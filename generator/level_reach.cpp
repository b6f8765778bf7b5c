// SPDX-License-Identifier: Apache-2.0
#include "generator/level_reach.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "generator/family_booklet.hpp"
#include "generator/generator.hpp"
#include "solver/census.hpp"
#include "solver/solver.hpp"

namespace piecework {
namespace {

// Why the census cannot decide the puzzle's levels quickly, or "" when it can. Checked before any search
// where it can be: the pieces bound the subsets of each solution, and a bounded search the solutions.
std::string tooLarge(const Puzzle& puzzle, const Rules& rules) {
  for (const auto& piece : puzzle.pieces)
    if (piece.ranged()) return "its pieces have a range of copies";
  for (int l = 0; l < 5; ++l)
    if (levelShape(puzzle, static_cast<Level>(l)).form != ChallengeForm::Pieces)
      return fmt::format("its {} challenges are not made of given pieces", levelName(static_cast<Level>(l)));
  const int pieces = puzzle.totalPieces();
  if (pieces >= 63 || (std::uint64_t{1} << pieces) > kMaxReachSubsets)
    return fmt::format("it has {} pieces, so 2^{} subsets of each solution to grade", pieces, pieces);
  // Distinct solutions times 2^pieces within the bound needs at most this many fillings of the fixed board.
  const std::uint64_t distinct = kMaxReachSubsets >> pieces;
  FindOptions find;
  find.rules = rules;
  find.max = distinct * puzzle.symmetries.size() + 1;
  if (findSolutions(puzzle, {}, find).found == find.max)
    return fmt::format("it has more than {} solutions, too many to grade every challenge of", find.max - 1);
  return "";
}

}  // namespace

LevelReach levelReach(const Puzzle& puzzle, const Rules& rules, const RatingModel* model,
                      std::optional<Level> enough) {
  LevelReach reach;
  reach.undecided = tooLarge(puzzle, rules);
  if (!reach.undecided.empty()) return reach;
  const CensusPlan plan = planCensus(puzzle, rules, kCensusAllPieces, CensusMethod::Table);
  if (plan.solutions.size() * (std::uint64_t{1} << plan.pieces) > kMaxReachSubsets) {
    reach.undecided =
        fmt::format("it has {} distinct solutions of {} pieces, {} subsets to grade", plan.solutions.size(),
                    plan.pieces, plan.solutions.size() * (std::uint64_t{1} << plan.pieces));
    return reach;
  }
  std::array<LevelShape, 5> shapes;
  for (int l = 0; l < 5; ++l) shapes[static_cast<std::size_t>(l)] = levelShape(puzzle, static_cast<Level>(l));
  const int least = leastToPlace(puzzle);
  auto done = [&] {
    if (enough) return reach.atLevel[static_cast<std::size_t>(*enough)] != 0;
    return std::all_of(reach.atLevel.begin(), reach.atLevel.end(), [](std::uint64_t n) { return n != 0; });
  };
  reach.complete = true;
  for (std::size_t s = 0; s < plan.solutions.size() && reach.complete; ++s)
    reach.complete = forEachUniqueChallenge(plan, s, [&](const std::vector<int>& givens, int spare) {
      if (puzzle.totalPieces() - static_cast<int>(givens.size()) < least) return true;
      ++reach.challenges;
      // (the spare givens read off the census' table: measured by a search per given, they were half of
      // `show soma`'s time, which rates its 12,399 unique challenges: `farm-bench -n 5`, 1.92 -> 0.91 s CPU)
      const Rating rating = rate(makeProblem(puzzle, givens, rules), model, nullptr, spare);
      const auto level = static_cast<std::size_t>(rating.level);
      const BookletLevel& ranges = shapes[level].ranges;
      if (!fitsBooklet(ranges, rating)) return true;
      const bool first = reach.atLevel[level]++ == 0;
      reach.lowest[level] = first ? rating.score : std::min(reach.lowest[level], rating.score);
      reach.highest[level] = first ? rating.score : std::max(reach.highest[level], rating.score);
      return !done();
    });
  reach.decided = true;
  return reach;
}

}  // namespace piecework

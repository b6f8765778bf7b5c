// SPDX-License-Identifier: Apache-2.0
#include "generator/marked.hpp"

#include <algorithm>
#include <chrono>
#include <utility>

#include "puzzle/challenge.hpp"
#include "solver/shuffle.hpp"
#include "solver/solver.hpp"

namespace piecework {
namespace {

using Clock = std::chrono::steady_clock;
double secondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// The solver's answer for the problem, with the time and nodes recorded.
Uniqueness check(const Problem& problem, AttemptResult& result) {
  std::uint64_t nodes = 0;
  const auto start = Clock::now();
  const Uniqueness answer = uniqueness(problem, &nodes);
  const double took = secondsSince(start);
  result.uniquenessSeconds += took;
  result.maxUniquenessSeconds = std::max(result.maxUniquenessSeconds, took);
  ++result.uniquenessChecks;
  result.nodes += nodes;
  return answer;
}

// The same for the solution's givens (none) under these marks.
Uniqueness check(const Puzzle& puzzle, Rules rules, const CellMarks& marks, AttemptResult& result) {
  rules.marks = marks;
  return check(makeProblem(puzzle, {}, std::move(rules)), result);
}

// The piece covering each site in the solution.
std::vector<int> pieceOnSite(const Puzzle& puzzle, const std::vector<int>& solution) {
  std::vector<int> piece(puzzle.sites.size(), -1);
  for (int id : solution)
    for (int site : puzzle.placements[static_cast<std::size_t>(id)].sites)
      piece[static_cast<std::size_t>(site)] = puzzle.placements[static_cast<std::size_t>(id)].piece;
  return piece;
}

// The window's colours in the solution: the pattern a person is shown.
CellMarks windowPattern(const Puzzle& puzzle, const std::vector<int>& solution) {
  CellMarks marks;
  for (int site : puzzle.window)
    for (int id : solution)
      if (const char colour = puzzle.placements[static_cast<std::size_t>(id)].colourAt(site); colour != 0)
        marks.colours.emplace_back(site, colour);
  return marks;
}

// Marked cells that leave `solution` as the only tiling: cells in a random order, each marked with the letter
// of the piece covering it, until the solver says unique; then each mark, in another random order, is taken
// back while the challenge stays unique. A piece never gets all its cells marked (that would be the piece
// placed). Empty when more than `maxMarks` are needed.
CellMarks markedCells(const Puzzle& puzzle, Rules rules, const std::vector<int>& solution, int minMarks,
                      int maxMarks, std::mt19937_64& rng, AttemptResult& result) {
  const std::vector<int> owner = pieceOnSite(puzzle, solution);
  std::vector<int> cells;
  for (int site = 0; site < puzzle.siteCount(); ++site)
    if (owner[static_cast<std::size_t>(site)] >= 0) cells.push_back(site);
  portableShuffle(cells, rng);
  CellMarks marks;
  std::vector<int> marksOf(puzzle.pieces.size(), 0);
  bool unique = false;
  for (int site : cells) {
    const int piece = owner[static_cast<std::size_t>(site)];
    if (marksOf[static_cast<std::size_t>(piece)] + 1 >= puzzle.pieces[static_cast<std::size_t>(piece)].size())
      continue;
    ++marksOf[static_cast<std::size_t>(piece)];
    marks.pieces.emplace_back(site, piece);
    // Fewer marks than the booklet's least are never enough to stop at, so they are not asked about.
    if (static_cast<int>(marks.pieces.size()) < minMarks) continue;
    if (check(puzzle, rules, marks, result) == Uniqueness::Unique) {
      unique = true;
      break;
    }
  }
  if (!unique) return {};
  std::vector<std::size_t> order(marks.pieces.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  portableShuffle(order, rng);
  std::vector<bool> dropped(marks.pieces.size(), false);
  for (std::size_t i : order) {
    CellMarks fewer;
    for (std::size_t k = 0; k < marks.pieces.size(); ++k)
      if (k != i && !dropped[k]) fewer.pieces.push_back(marks.pieces[k]);
    if (static_cast<int>(fewer.pieces.size()) < minMarks) break;
    if (check(puzzle, rules, fewer, result) == Uniqueness::Unique) dropped[i] = true;
  }
  CellMarks kept;
  for (std::size_t k = 0; k < marks.pieces.size(); ++k)
    if (!dropped[k]) kept.pieces.push_back(marks.pieces[k]);
  if (static_cast<int>(kept.pieces.size()) > maxMarks) return {};
  std::sort(kept.pieces.begin(), kept.pieces.end());
  return kept;
}

}  // namespace

void markedAttempt(const Puzzle& puzzle, Level level, Rules rules, std::uint64_t seed,
                   const RatingModel* model, const LevelShape& shape, const std::vector<int>& solution,
                   std::mt19937_64& rng, AttemptResult& result) {
  ++result.passes;
  CellMarks marks;
  if (shape.form == ChallengeForm::ColourPattern) {
    marks = windowPattern(puzzle, solution);
  } else {
    marks = markedCells(puzzle, rules, solution, shape.minMarks, shape.maxMarks, rng, result);
    if (marks.empty()) {
      result.reject = Reject::TooManyMarks;
      return;
    }
  }
  rules.marks = marks;
  const Problem problem = makeProblem(puzzle, {}, rules);  // searched and rated below
  if (shape.form == ChallengeForm::ColourPattern && check(problem, result) != Uniqueness::Unique) {
    result.reject = Reject::Ambiguous;
    return;
  }
  const auto rateStart = Clock::now();
  Rating rating = rate(problem, model);
  result.ratingSeconds += secondsSince(rateStart);
  ++result.ratings;
  if (rating.level != level) {
    result.reject = rating.level < level ? Reject::TooEasy : Reject::TooHard;
    return;
  }

  // The independent second check, as for placed pieces: another search order must find exactly the one.
  FindLimits second;
  second.max = 2;
  second.seed = rng() | 2U;
  const auto checkStart = Clock::now();
  const FindResult found = findSolutions(problem, second);
  result.checkSeconds = secondsSince(checkStart);
  result.nodes += found.nodes;
  if (found.solutions.size() != 1 || !found.exhausted || found.solutions.front() != solution) {
    result.reject = Reject::SecondCheck;
    return;
  }

  GeneratedChallenge challenge;
  challenge.marks = marks;
  challenge.solution = solution;
  challenge.challengeText = formatChallengeText(puzzle, Challenge{{}, marks});
  challenge.solutionText = formatChallenge(puzzle, solution);
  challenge.rating = std::move(rating);
  challenge.given = 0;
  challenge.toPlace = puzzle.totalPieces();
  challenge.seed = seed;
  challenge.familyRule = appliesFamilyRule(puzzle, rules);
  result.reject = Reject::None;
  result.challenge = std::move(challenge);
}

}  // namespace piecework

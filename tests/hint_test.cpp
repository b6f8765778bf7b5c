// SPDX-License-Identifier: Apache-2.0
// The first hint leads with the useful step (issue 43, point 3): for 20 generated challenges per level of IQ
// Fit, IQ-Link, IQ Focus and IQ Stars, the first hint is a placement, or rules out placements after which the
// second hint's placement is forced. Both are checked here by plain counting that shares no code with the
// hints: the placements that fit beside the givens and obey the marks (a window's colours, marked cells),
// less those ruled out; a piece with one of them left, or an empty cell only one of them covers, is forced.
// The solver agrees: a placement hinted or forced is in a solution, one ruled out is in none. And no move is
// a batch: a move rules out at most 20 placements for at most three reasons, or more for one rule applied
// across the board (before the first placement: for several, each named with its count); each pairwise reason
// holds, by counting, on the board the move shows; the hints fill the board with the one solution.
#include <gtest/gtest.h>

#include <fmt/format.h>
#include <algorithm>
#include <iostream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "puzzle/challenge.hpp"
#include "puzzle/definition.hpp"
#include "rater/hint.hpp"
#include "rater/rater.hpp"
#include "solver/solver.hpp"
#include "support/json_lines.hpp"
#include "support/run.hpp"

namespace piecework {
namespace {

bool covers(const Placement& p, int site) {
  return std::find(p.sites.begin(), p.sites.end(), site) != p.sites.end();
}

// Does placement p fit beside the givens and obey the challenge's marks?
bool fitsChallenge(const Puzzle& puzzle, const Challenge& challenge, const std::set<int>& takenSites,
                   const std::vector<int>& left, const Placement& p) {
  if (left[static_cast<std::size_t>(p.piece)] <= 0) return false;
  for (int site : p.sites)
    if (takenSites.count(site) != 0U) return false;
  for (const auto& [site, colour] : challenge.marks.colours)
    if (covers(p, site) && p.colourAt(site) != colour) return false;
  for (const auto& [site, piece] : challenge.marks.pieces) {
    if (covers(p, site) && p.piece != piece) return false;
    if (p.piece == piece && puzzle.pieces[static_cast<std::size_t>(piece)].copies == 1 && !covers(p, site))
      return false;
  }
  return true;
}

// The placements forced on the board of `challenge` once `ruledOut` are gone, by counting.
std::set<int> forcedPlacements(const Puzzle& puzzle, const Challenge& challenge,
                               const std::set<int>& ruledOut) {
  std::set<int> taken;
  std::vector<int> left;
  for (const PieceDef& piece : puzzle.pieces) left.push_back(piece.copies);
  for (int id : challenge.givens) {
    const Placement& p = puzzle.placements[static_cast<std::size_t>(id)];
    taken.insert(p.sites.begin(), p.sites.end());
    --left[static_cast<std::size_t>(p.piece)];
  }
  std::map<int, std::vector<int>> byPiece, bySite;
  for (std::size_t id = 0; id < puzzle.placements.size(); ++id) {
    const Placement& p = puzzle.placements[id];
    if (ruledOut.count(static_cast<int>(id)) != 0U || !fitsChallenge(puzzle, challenge, taken, left, p))
      continue;
    byPiece[p.piece].push_back(static_cast<int>(id));
    for (int site : p.sites) bySite[site].push_back(static_cast<int>(id));
  }
  std::set<int> forced;
  for (const auto& [piece, ids] : byPiece)
    if (ids.size() == 1 && left[static_cast<std::size_t>(piece)] == 1) forced.insert(ids.front());
  for (const auto& [site, ids] : bySite)
    if (ids.size() == 1 && puzzle.mustFill[static_cast<std::size_t>(site)]) forced.insert(ids.front());
  return forced;
}

// Can placements a and b not both be on the board? A shared site, or both the one copy of a piece.
bool hintPlacementsClash(const Puzzle& puzzle, const Placement& a, const Placement& b) {
  if (a.piece == b.piece && puzzle.pieces[static_cast<std::size_t>(a.piece)].copies == 1) return true;
  return std::any_of(a.sites.begin(), a.sites.end(), [&](int site) { return covers(b, site); });
}

// The placements left on the board a move shows (`board`: givens and pieces placed; `ruledOut`: every
// placement crossed out so far, this move's included), and the cells taken: counted from the placements that
// fit.
struct HintBoardLeft {
  std::set<int> taken;
  std::vector<int> left;
};
HintBoardLeft hintBoardLeft(const Puzzle& puzzle, const Challenge& challenge, const std::vector<int>& board,
                            const std::set<int>& ruledOut) {
  HintBoardLeft out;
  std::vector<int> copies;
  for (const PieceDef& piece : puzzle.pieces) copies.push_back(piece.copies);
  for (int id : board) {
    const Placement& p = puzzle.placements[static_cast<std::size_t>(id)];
    out.taken.insert(p.sites.begin(), p.sites.end());
    --copies[static_cast<std::size_t>(p.piece)];
  }
  for (std::size_t id = 0; id < puzzle.placements.size(); ++id)
    if (ruledOut.count(static_cast<int>(id)) == 0U &&
        fitsChallenge(puzzle, challenge, out.taken, copies, puzzle.placements[id]))
      out.left.push_back(static_cast<int>(id));
  return out;
}

// Does a pairwise reason hold on that board? "It would block every place left for piece q": every placement
// of q left clashes with it; "it would leave cell c that no piece can fill": c is empty, and every placement
// left that covers c clashes with it.
bool pairwiseReasonHolds(const Puzzle& puzzle, const HintBoardLeft& shown, const RatingStep& step) {
  const Placement& out = puzzle.placements[static_cast<std::size_t>(step.placement)];
  if (step.site >= 0 && (shown.taken.count(step.site) != 0U || covers(out, step.site))) return false;
  for (int id : shown.left) {
    const Placement& p = puzzle.placements[static_cast<std::size_t>(id)];
    const bool concerned = step.otherPiece >= 0 ? p.piece == step.otherPiece : covers(p, step.site);
    if (id != step.placement && concerned && !hintPlacementsClash(puzzle, out, p)) {
      ADD_FAILURE() << describePlacement(puzzle, id) << " is left and does not clash";
      return false;
    }
  }
  return true;
}

// What the moves of one challenge were like, over a level.
struct HintMoveTally {
  std::size_t largest = 0;  // placements one move rules out, at most
  int byOneRule = 0;        // moves of more than 20 placements or 3 reasons: one rule across the board
  int checkedReasons = 0;   // pairwise reasons checked by counting
};

// No move is a batch: a move rules out at most 20 placements for at most three reasons, or more by one rule
// applied across the board, with the count in its words; the picture crosses out what the words rule out;
// each pairwise reason holds, by counting, on the board the move shows; each placement hinted is in the one
// solution, each ruled out in none, and the last move fills the board with it.
void expectCheckableMovesToTheSolution(const Puzzle& puzzle, const Challenge& challenge, const Rating& rating,
                                       const std::vector<Move>& moves, const std::vector<int>& solutionIds,
                                       HintMoveTally& tally) {
  constexpr std::size_t kPlacementsUnderReasons = 20;
  const std::set<int> solution(solutionIds.begin(), solutionIds.end());
  std::vector<int> placed;  // by the hints so far
  std::set<int> ruledOut;
  for (const Move& move : moves) {
    SCOPED_TRACE(move.text);
    if (move.kind == Move::Place || move.kind == Move::GuessWorks) {
      ASSERT_EQ(move.placed.size(), placed.size() + 1);
      EXPECT_TRUE(std::equal(placed.begin(), placed.end(), move.placed.begin()));
      EXPECT_EQ(solution.count(move.placed.back()), 1U);
      placed = move.placed;
      continue;
    }
    EXPECT_EQ(move.placed, placed);
    ASSERT_EQ(move.ruledOut.size(), move.steps.size());
    std::set<std::pair<std::string, std::string>> reasons;  // a failed guess's reason is the guess
    for (std::size_t k = 0; k < move.steps.size(); ++k) {
      const RatingStep& step = rating.steps[static_cast<std::size_t>(move.steps[k])];
      EXPECT_EQ(step.placement, move.ruledOut[k]);
      EXPECT_FALSE(step.placed);
      EXPECT_EQ(solution.count(step.placement), 0U);
      reasons.emplace(step.strategy, step.strategy == "trial" ? "" : step.reason);
      ruledOut.insert(step.placement);
    }
    tally.largest = std::max(tally.largest, move.ruledOut.size());
    if (move.ruledOut.size() > kPlacementsUnderReasons || reasons.size() > 3) {
      std::map<std::string, int> strategies;  // placements ruled out by each
      for (int k : move.steps) ++strategies[rating.steps[static_cast<std::size_t>(k)].strategy];
      EXPECT_NE(move.text.find(fmt::format("rule out {} ", move.ruledOut.size())), std::string::npos);
      // Several rules in one move only before the first placement, each named with its count.
      if (strategies.size() > 1) {
        EXPECT_TRUE(placed.empty());
        for (const auto& [strategy, n] : strategies)
          EXPECT_NE(move.text.find(fmt::format("({}, {})", strategy, n)), std::string::npos) << strategy;
      }
      ++tally.byOneRule;
    }
    EXPECT_LE(move.text.size(), 700U);  // a line to read, not a list
    std::vector<int> board = challenge.givens;
    board.insert(board.end(), placed.begin(), placed.end());
    const HintBoardLeft shown = hintBoardLeft(puzzle, challenge, board, ruledOut);
    for (int k : move.steps) {
      const RatingStep& step = rating.steps[static_cast<std::size_t>(k)];
      if (step.strategy != "pairwise") continue;
      EXPECT_TRUE(pairwiseReasonHolds(puzzle, shown, step)) << step.explanation;
      ++tally.checkedReasons;
    }
  }
  std::vector<int> board = challenge.givens;
  board.insert(board.end(), placed.begin(), placed.end());
  EXPECT_EQ(std::set<int>(board.begin(), board.end()), solution);
}

const std::vector<std::string> kHintFamilies = {"iq-fit", "iq-link", "iq-focus", "iq-stars"};
const std::vector<std::string> kHintLevels = {"Starter", "Junior", "Expert", "Master", "Wizard"};

// 20 generated challenges of a family and level (--seed 11), generated once for the tests of this file.
const std::vector<std::string>& hintTestChallenges(const std::string& family, const std::string& level) {
  static std::map<std::pair<std::string, std::string>, std::vector<std::string>> generated;
  auto [it, fresh] = generated.try_emplace({family, level});
  if (fresh) {
    const auto run = test::runPiecework("generate " + family + " --level " + level +
                                        " --count 20 --seed 11 --json --quiet");
    EXPECT_EQ(run.status, 0) << run.err;
    for (const auto& line : test::jsonLines(run.out))
      it->second.push_back(line.at("challenge").get<std::string>());
  }
  return it->second;
}

TEST(Hints, FirstHintIsAPlacementOrUnlocksOne) {
  int checkedReasons = 0;
  for (const std::string& family : kHintFamilies) {
    const Puzzle puzzle = loadPuzzle(family);
    for (const std::string& level : kHintLevels) {
      SCOPED_TRACE(family + " " + level);
      const std::vector<std::string>& texts = hintTestChallenges(family, level);
      ASSERT_EQ(texts.size(), 20U);
      std::map<std::string, int> kinds;
      HintMoveTally tally;
      for (const std::string& text : texts) {
        SCOPED_TRACE(text);
        const Challenge challenge = parseChallengeText(puzzle, text);
        Rules rules;
        rules.marks = challenge.marks;
        const Problem problem = makeProblem(puzzle, challenge.givens, rules);
        const Rating rating = rate(problem);
        const std::vector<Move> moves = hintMoves(problem, rating);
        ASSERT_FALSE(moves.empty());
        const Move& first = moves.front();
        FindOptions find;
        find.rules = rules;
        find.max = 64;
        const FindResult found = findSolutions(puzzle, challenge.givens, find);
        ASSERT_TRUE(found.exhausted);
        ASSERT_EQ(found.solutions.size(), 1U);  // generated challenges are unique
        expectCheckableMovesToTheSolution(puzzle, challenge, rating, moves, found.solutions.front(), tally);
        const auto inSolution = [&](int id) {
          return std::any_of(found.solutions.begin(), found.solutions.end(), [&](const std::vector<int>& s) {
            return std::find(s.begin(), s.end(), id) != s.end();
          });
        };
        const auto places = [](const Move& m) { return m.kind == Move::Place || m.kind == Move::GuessWorks; };
        ASSERT_TRUE(places(first) || (moves.size() > 1 && places(moves[1]))) << first.text;
        if (places(first)) {
          ++kinds[first.kind == Move::Place ? "place" : "guess"];
          ASSERT_EQ(first.placed.size(), 1U) << first.text;
          EXPECT_TRUE(inSolution(first.placed.front())) << first.text;
          if (first.kind == Move::Place) {
            EXPECT_EQ(forcedPlacements(puzzle, challenge, {}).count(first.placed.front()), 1U) << first.text;
          }
          continue;
        }
        // One move of rule-outs, a few reasons (or, where more, the rules applied across the board), after
        // which the second hint's placement is forced.
        ASSERT_TRUE(first.kind == Move::RuleOut || first.kind == Move::GuessFails) << first.text;
        ASSERT_FALSE(first.ruledOut.empty()) << first.text;
        const std::set<int> ruledOut(first.ruledOut.begin(), first.ruledOut.end());
        ++kinds[first.text.find("applied across the board") == std::string::npos
                    ? "one split move, then place"
                    : "one rule move, then place"];
        for (int id : ruledOut) EXPECT_FALSE(inSolution(id)) << first.text;
        const std::set<int> before = forcedPlacements(puzzle, challenge, {});
        const std::set<int> after = forcedPlacements(puzzle, challenge, ruledOut);
        EXPECT_TRUE(before.empty()) << first.text;  // a forced placement would have come first
        if (moves[1].kind == Move::Place) {
          EXPECT_EQ(after.count(moves[1].placed.back()), 1U) << moves[1].text;
        }
        for (int id : after) EXPECT_TRUE(inSolution(id)) << first.text;
      }
      std::string summary;
      for (const auto& [kind, n] : kinds) summary += fmt::format(" {}: {}", kind, n);
      std::cout << family << ' ' << level << ':' << summary << "; largest rule-out move " << tally.largest
                << ", " << tally.byOneRule << " by one rule\n";
      checkedReasons += tally.checkedReasons;
    }
  }
  EXPECT_GT(checkedReasons, 1000);
}

}  // namespace
}  // namespace piecework

namespace piecework {
namespace {

// A piece of many cells is named by its first twelve and how many more (a BurrTools cage of 200 cells once
// filled a screen): two straight 14-cell strips on a 2 x 14 board, the cells counted by hand.
TEST(Hints, APieceOfManyCellsNamesTwelveAndHowManyMore) {
  const std::string path = test::writeTempFile(
      "strips.toml",
      "name = \"strips\"\nlattice = \"square\"\nboard = \"\"\"\n..............\n..............\n\"\"\"\n\n"
      "[[piece]]\nletter = \"a\"\nshape = \"##############\"\n\n[[piece]]\nletter = \"b\"\n"
      "shape = \"##############\"\n");
  const auto r = test::runPiecework("hint " + path + " --challenge ............../.............. --steps 2");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(
      test::contains(r.out, "[r1c1 r1c2 r1c3 r1c4 r1c5 r1c6 r1c7 r1c8 r1c9 r1c10 r1c11 r1c12 and 2 more]"))
      << r.out;
  EXPECT_TRUE(
      test::contains(r.out, "[r2c1 r2c2 r2c3 r2c4 r2c5 r2c6 r2c7 r2c8 r2c9 r2c10 r2c11 r2c12 and 2 more]"))
      << r.out;
  EXPECT_FALSE(test::contains(r.out, "r1c14]")) << r.out;
}

}  // namespace
}  // namespace piecework

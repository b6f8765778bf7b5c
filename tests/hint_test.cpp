// SPDX-License-Identifier: Apache-2.0
// The first hint leads with the useful step (issue 43, point 3): for 20 generated challenges per level of IQ
// Fit, IQ-Link, IQ Focus and IQ Stars, the first hint is a placement, or rules out placements after which a
// placement is forced. Both are checked here by plain counting that shares no code with the hints: the
// placements that fit beside the givens and obey the marks (a window's colours, marked cells), less those
// ruled out; a piece with one of them left, or an empty cell only one of them covers, is forced. The solver
// agrees: a placement hinted or forced is in a solution, one ruled out is in none.
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

TEST(Hints, FirstHintIsAPlacementOrUnlocksOne) {
  for (const std::string family : {"iq-fit", "iq-link", "iq-focus", "iq-stars"}) {
    const Puzzle puzzle = loadPuzzle(family);
    for (const std::string level : {"Starter", "Junior", "Expert", "Master", "Wizard"}) {
      SCOPED_TRACE(family + " " + level);
      const auto generated = test::runPiecework("generate " + family + " --level " + level +
                                                " --count 20 --seed 11 --json --quiet");
      ASSERT_EQ(generated.status, 0) << generated.err;
      const auto lines = test::jsonLines(generated.out);
      ASSERT_EQ(lines.size(), 20U);
      std::map<std::string, int> kinds;
      for (const auto& line : lines) {
        const std::string text = line.at("challenge").get<std::string>();
        SCOPED_TRACE(text);
        const Challenge challenge = parseChallengeText(puzzle, text);
        Rules rules;
        rules.marks = challenge.marks;
        const Problem problem = makeProblem(puzzle, challenge.givens, rules);
        const std::vector<Move> moves = hintMoves(problem, rate(problem));
        ASSERT_FALSE(moves.empty());
        const Move& first = moves.front();
        FindOptions find;
        find.rules = rules;
        find.max = 64;
        const FindResult found = findSolutions(puzzle, challenge.givens, find);
        ASSERT_TRUE(found.exhausted);
        const auto inSolution = [&](int id) {
          return std::any_of(found.solutions.begin(), found.solutions.end(), [&](const std::vector<int>& s) {
            return std::find(s.begin(), s.end(), id) != s.end();
          });
        };
        if (first.kind == Move::Place || first.kind == Move::GuessWorks) {
          ++kinds[first.kind == Move::Place ? "place" : "guess"];
          ASSERT_EQ(first.placed.size(), 1U) << first.text;
          EXPECT_TRUE(inSolution(first.placed.front())) << first.text;
          if (first.kind == Move::Place) {
            EXPECT_EQ(forcedPlacements(puzzle, challenge, {}).count(first.placed.front()), 1U) << first.text;
          }
          continue;
        }
        ++kinds[fmt::format("rule out {}", first.ruledOut.size())];
        ASSERT_FALSE(first.ruledOut.empty()) << first.text;
        EXPECT_TRUE(first.placed.empty()) << first.text;
        for (int id : first.ruledOut) EXPECT_FALSE(inSolution(id)) << first.text;
        const std::set<int> before = forcedPlacements(puzzle, challenge, {});
        const std::set<int> after =
            forcedPlacements(puzzle, challenge, {first.ruledOut.begin(), first.ruledOut.end()});
        EXPECT_TRUE(before.empty()) << first.text;  // a forced placement would have come first
        EXPECT_FALSE(after.empty()) << first.text;
        for (int id : after) EXPECT_TRUE(inSolution(id)) << first.text;
      }
      std::string summary;
      for (const auto& [kind, n] : kinds) summary += fmt::format(" {}: {}", kind, n);
      std::cout << family << ' ' << level << ':' << summary << '\n';
    }
  }
}

}  // namespace
}  // namespace piecework

// SPDX-License-Identifier: Apache-2.0
// IQ-Link's engine rule: the peg masks and budgets that the engine's linkage check and peg counting read
// (solver/engine.hpp), filled once per problem so that the search itself makes no calls.
#include <algorithm>
#include <cstdint>
#include <memory>

#include "families/iq_link/family.hpp"
#include "families/iq_link/module.hpp"
#include "families/iq_link/peg_data.hpp"
#include "families/iq_link/search_rule.hpp"
#include "puzzle/errors.hpp"
#include "solver/rule_searches.hpp"

namespace piecework {

namespace {

// The budget of Problem::emptyPegBudget for a hex-peg puzzle, or -1 when no bound is known; sets
// ringsNeedBalls.
int emptyPegBound(const Puzzle& puzzle, bool& ringsNeedBalls) {
  int parts = 0, balls = 0, openRings = 0;
  std::vector<std::vector<int>> ringDirections;
  for (const auto& piece : puzzle.pieces)
    for (const auto& part : piece.parts) {
      parts += piece.copies;
      if (part.ball) {
        balls += piece.copies;
        continue;
      }
      if (!part.directions.empty()) openRings += piece.copies;
      std::vector<int> taken;
      for (int d = 0; d < 6; ++d)
        if (std::find(part.directions.begin(), part.directions.end(), d) == part.directions.end())
          taken.push_back(d);
      ringDirections.push_back(taken);
    }
  // The bound assumes two rings never share a peg; a user-defined set where two could, gets no bound.
  for (std::size_t a = 0; a < ringDirections.size(); ++a)
    for (std::size_t b = a + 1; b < ringDirections.size(); ++b)
      if (ringDirections[a].size() + ringDirections[b].size() <= 6) return -1;
  ringsNeedBalls = openRings <= balls;
  const int bound = static_cast<int>(puzzle.cells.size()) - (parts - std::min(balls, openRings));
  return bound < 0 ? 0 : bound;
}

class IqLinkEngineRule final : public EngineRule {
 public:
  // Engine<W, PegRule>, instantiated here. A board of more than 64 pegs gets no peg masks: without the
  // linkage rule (--unlinked) it is searched as plain exact cover.
  const RuleSearches* searches(const Problem& problem) const override {
    static const RuleSearches pegSearches = searchesWith<PegRule>();
    return problem.ruleData != nullptr ? &pegSearches : nullptr;
  }

  void prepare(const Puzzle& puzzle, Problem& problem) const override {
    if (puzzle.cells.size() <= 64) {
      auto data = std::make_shared<PegData>();
      const std::size_t n = puzzle.placements.size();
      data->pegs.assign(n, 0);
      data->ballPegs.assign(n, 0);
      data->openRingPegs.assign(n, 0);
      for (std::size_t id = 0; id < n; ++id) {
        std::vector<int> directionsOn(puzzle.cells.size(), 0);
        for (int s : puzzle.placements[id].sites) {
          const std::uint64_t bit = std::uint64_t{1} << pegOfSite(s);
          data->pegs[id] |= bit;
          if (isPegCentre(s))
            data->ballPegs[id] |= bit;
          else
            ++directionsOn[static_cast<std::size_t>(pegOfSite(s))];
        }
        // A part without the centre is a ring; with fewer than six directions it is open.
        for (std::size_t peg = 0; peg < directionsOn.size(); ++peg) {
          const std::uint64_t bit = std::uint64_t{1} << peg;
          if ((data->pegs[id] & bit) != 0 && (data->ballPegs[id] & bit) == 0 && directionsOn[peg] < 6)
            data->openRingPegs[id] |= bit;
        }
      }
      data->allPegs =
          puzzle.cells.size() == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << puzzle.cells.size()) - 1;
      data->emptyPegBudget = emptyPegBound(puzzle, data->ringsNeedBalls);
      int rings = 0, balls = 0;
      for (const auto& piece : puzzle.pieces)
        for (const auto& part : piece.parts) (part.ball ? balls : rings) += piece.copies;
      const int pegs = static_cast<int>(puzzle.cells.size());
      if (data->emptyPegBudget >= 0 && rings <= pegs) data->ringlessPegBudget = pegs - rings;
      if (balls <= pegs) data->balllessPegBudget = pegs - balls;
      for (const auto& piece : puzzle.pieces) {
        int balls = 0, openRings = 0;
        for (const auto& part : piece.parts) {
          balls += part.ball ? 1 : 0;
          openRings += !part.ball && !part.directions.empty() ? 1 : 0;
        }
        data->ballsOf.push_back(balls);
        data->openRingsOf.push_back(openRings);
        data->extraBalls += (balls - openRings) * piece.copies;
      }
      problem.ruleData = std::move(data);
    } else if (problem.rules.familyRule) {
      throw InputError("the linkage rule supports boards of at most 64 pegs");
    }
  }
};

}  // namespace

const EngineRule& iqLinkEngineRule() {
  static const IqLinkEngineRule rule;
  return rule;
}

}  // namespace piecework

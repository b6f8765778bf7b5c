// SPDX-License-Identifier: Apache-2.0
// What IQ-Link's search rule (search_rule.hpp) reads, filled once per problem by its engine rule
// (engine_rule.cpp) into Problem::ruleData: per placement, the pegs it touches, puts a ball on or an open
// ring on, and the peg budgets that cut a node.
#pragma once

#include <cstdint>
#include <vector>

#include "solver/problem.hpp"

namespace piecework {

struct PegData final : RuleData {
  std::vector<std::uint64_t> pegs;          // per placement id: the pegs it touches
  std::vector<std::uint64_t> ballPegs;      // per placement id: pegs whose centre it takes (a ball)
  std::vector<std::uint64_t> openRingPegs;  // per placement id: pegs where it puts an open ring
  std::uint64_t allPegs = 0;
  // Every part takes a peg, and a peg holds at most one ball and one ring, which must be open, so pegs used
  // = parts - (balls sitting in open rings) <= pegs. Hence, when open rings are no more than balls, (empty
  // pegs) + (open rings without a ball) <= pegs - parts + open rings: this budget (-1: no bound known).
  int emptyPegBudget = -1;
  bool ringsNeedBalls = false;  // open rings without a ball count against the budget too
  // Every ring takes a peg of its own and every ball a centre, so at the end exactly (pegs - rings) pegs
  // have no ring and (pegs - balls) no ball: bounds on the pegs that can no longer get one (-1: none).
  int ringlessPegBudget = -1;
  int balllessPegBudget = -1;
  int extraBalls = 0;            // balls - open rings, over all pieces
  std::vector<int> ballsOf;      // per piece: its balls
  std::vector<int> openRingsOf;  // per piece: its open rings
};

// The problem's peg data; the problem must have some (IQ-Link's engine rule gave it).
inline const PegData& pegDataOf(const Problem& problem) {
  return static_cast<const PegData&>(*problem.ruleData);
}

}  // namespace piecework

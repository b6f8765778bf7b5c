// SPDX-License-Identifier: Apache-2.0
// The engine's part of a puzzle family (docs/families.md, puzzle/family.hpp): the rule beyond exact cover.
//
// The engine's search loop makes no virtual calls to a family: a virtual call per node would cost more than
// the rule saves. Instead the family fills, once per problem, plain data in Problem (IQ-Link: per placement,
// the pegs it touches, puts a ball on, or an open ring on; the peg budgets; the `linked` flag), and its
// search rule, a compile-time policy of the engine (solver/search_rule.hpp), reads it; the family
// instantiates the engine on its rule in its own folder (solver/rule_searches.hpp). A family whose rule is a
// condition on single placements (colours, marked cells) needs no engine rule: makeProblem drops the
// placements that break it, and the search stays plain exact cover.
#pragma once

#include <string_view>

#include "puzzle/puzzle.hpp"
#include "solver/problem.hpp"

namespace piecework {

struct RuleSearches;  // solver/rule_searches.hpp

class EngineRule {
 public:
  virtual ~EngineRule() = default;
  // Fills the family's fields of `problem`, whose options and `linked` flag are set. Throws InputError for
  // a board the rule cannot handle.
  virtual void prepare(const Puzzle& puzzle, Problem& problem) const = 0;
  // The searches built on the family's search rule for this problem (solver/rule_searches.hpp:
  // searchesWith<Rule>(), instantiated in the family's folder), or nullptr for plain exact cover.
  virtual const RuleSearches* searches(const Problem& problem) const = 0;
};

// The registry (solver/family_rule.cpp), filled by families/registry.cpp: the engine rule of the puzzle's
// family, or nullptr for none (plain exact cover).
void registerEngineRule(std::string_view family, const EngineRule& rule);
const EngineRule* engineRuleOf(const Puzzle& puzzle);

}  // namespace piecework

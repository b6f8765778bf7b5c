// SPDX-License-Identifier: Apache-2.0
// The registry of the engine's search rules (solver/search_rule.hpp): the one place that picks, per problem,
// the rule Engine<W, Rule> is built on. A family whose rule the engine must check during the search adds a
// line here (and its engine rule in solver/families/registry.cpp, which fills the rule's data).
#pragma once

#include "solver/families/iq_link_rule.hpp"
#include "solver/problem.hpp"
#include "solver/search_rule.hpp"

namespace piecework {

// Runs f.template operator()<Rule>() with the search rule of the problem's family.
template <class F>
auto withSearchRule(const Problem& problem, F&& f) {
  if (!problem.pegs.empty()) return f.template operator()<PegRule>();  // IQ-Link: its peg masks are filled
  return f.template operator()<NoRule>();
}

}  // namespace piecework

// SPDX-License-Identifier: Apache-2.0
// The engine rules of the families that have one (solver/family_rule.hpp). A new family with a rule the
// engine must check during the search adds a line here.
#include "puzzle/family.hpp"
#include "solver/families/iq_link.hpp"
#include "solver/family_rule.hpp"

namespace piecework {

const EngineRule* engineRuleOf(const Puzzle& puzzle) {
  const std::string_view family = familyOf(puzzle).name();
  if (family == kFamilyIqLink) return &iqLinkEngineRule();
  return nullptr;
}

}  // namespace piecework

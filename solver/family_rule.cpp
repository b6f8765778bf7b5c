// SPDX-License-Identifier: Apache-2.0
// The engine rules of the registered families (solver/family_rule.hpp).
#include "solver/family_rule.hpp"

#include "puzzle/family_parts.hpp"

namespace piecework {

void registerEngineRule(std::string_view family, const EngineRule& rule) {
  registeredParts<const EngineRule*>().add(family, &rule);
}

const EngineRule* engineRuleOf(const Puzzle& puzzle) {
  return registeredPartOf<EngineRule>(puzzle);
}

}  // namespace piecework

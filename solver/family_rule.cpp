// SPDX-License-Identifier: Apache-2.0
// The engine rules of the registered families (solver/family_rule.hpp).
#include "solver/family_rule.hpp"

#include "puzzle/family_parts.hpp"

namespace piecework {
namespace {

FamilyParts<const EngineRule*>& engineRules() {
  static FamilyParts<const EngineRule*> rules;
  return rules;
}

}  // namespace

void registerEngineRule(std::string_view family, const EngineRule& rule) {
  engineRules().add(family, &rule);
}

const EngineRule* engineRuleOf(const Puzzle& puzzle) {
  const EngineRule* const* rule = engineRules().of(puzzle);
  return rule != nullptr ? *rule : nullptr;
}

}  // namespace piecework

// SPDX-License-Identifier: Apache-2.0
// The engine rules of the registered families (solver/family_rule.hpp), keyed by family name.
#include "solver/family_rule.hpp"

#include <map>
#include <string>

#include "puzzle/family.hpp"

namespace piecework {
namespace {

std::map<std::string, const EngineRule*, std::less<>>& engineRules() {
  static std::map<std::string, const EngineRule*, std::less<>> rules;
  return rules;
}

}  // namespace

void registerEngineRule(std::string_view family, const EngineRule& rule) {
  engineRules().insert_or_assign(std::string(family), &rule);
}

const EngineRule* engineRuleOf(const Puzzle& puzzle) {
  const auto found = engineRules().find(familyOf(puzzle).name());
  return found == engineRules().end() ? nullptr : found->second;
}

}  // namespace piecework

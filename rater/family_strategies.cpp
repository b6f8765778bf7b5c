// SPDX-License-Identifier: Apache-2.0
// The rater strategies of the registered families (rater/family_strategies.hpp), keyed by family name; a
// family without any rates with the generic ladder alone.
#include "rater/family_strategies.hpp"

#include <map>
#include <string>

#include "puzzle/family.hpp"

namespace piecework::rating {
namespace {

struct Registered {
  StrategiesFactory make = nullptr;
  bool rulesOnMarks = false;
};

std::map<std::string, Registered, std::less<>>& registered() {
  static std::map<std::string, Registered, std::less<>> strategies;
  return strategies;
}

const Registered* registeredFor(const Puzzle& puzzle) {
  const auto found = registered().find(familyOf(puzzle).name());
  return found == registered().end() ? nullptr : &found->second;
}

}  // namespace

void registerStrategies(std::string_view family, StrategiesFactory make, bool rulesOnMarks) {
  registered().insert_or_assign(std::string(family), Registered{make, rulesOnMarks});
}

std::unique_ptr<FamilyStrategies> makeFamilyStrategies(const RaterCore& core) {
  const Registered* family = registeredFor(core.puzzle());
  return family != nullptr ? family->make(core) : nullptr;
}

bool familyRulesOnMarks(const Puzzle& puzzle) {
  const Registered* family = registeredFor(puzzle);
  return family != nullptr && family->rulesOnMarks;
}

}  // namespace piecework::rating

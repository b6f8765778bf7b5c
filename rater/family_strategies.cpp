// SPDX-License-Identifier: Apache-2.0
// The rater strategies of the registered families (rater/family_strategies.hpp), keyed by family name; a
// family without any rates with the generic ladder alone.
#include "rater/family_strategies.hpp"

#include "puzzle/family_parts.hpp"

namespace piecework::rating {
namespace {

struct Registered {
  StrategiesFactory make = nullptr;
  bool rulesOnMarks = false;
};

const Registered* registeredFor(const Puzzle& puzzle) {
  return registeredParts<Registered>().of(puzzle);
}

}  // namespace

void registerStrategies(std::string_view family, StrategiesFactory make, bool rulesOnMarks) {
  registeredParts<Registered>().add(family, Registered{make, rulesOnMarks});
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

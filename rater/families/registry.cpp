// SPDX-License-Identifier: Apache-2.0
// The rater strategies of each family (rater/family_strategies.hpp). A family with strategies of its own
// adds a line here; the others rate with the generic ladder alone.
#include "rater/families/registry.hpp"
#include "puzzle/family.hpp"

namespace piecework::rating {

std::unique_ptr<FamilyStrategies> makeFamilyStrategies(const RaterCore& core) {
  const std::string_view family = familyOf(core.puzzle()).name();
  if (family == kFamilyIqLink) return makeIqLinkStrategies(core);
  if (family == kFamilyIqFocus) return makeIqFocusStrategies(core);
  if (family == kFamilyIqStars) return makeIqStarsStrategies(core);
  return nullptr;
}

bool familyRulesOnMarks(const Puzzle& puzzle) {
  const std::string_view family = familyOf(puzzle).name();
  return family == kFamilyIqFocus || family == kFamilyIqStars;
}

}  // namespace piecework::rating

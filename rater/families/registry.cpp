// The rater strategies of each family (rater/family_strategies.hpp). A family with strategies of its own
// adds a line here; the others rate with the generic ladder alone.
#include "rater/families/registry.hpp"
#include "puzzle/family.hpp"

namespace piecework::rating {

std::unique_ptr<FamilyStrategies> makeFamilyStrategies(const RaterCore& core) {
  const std::string_view family = familyOf(core.puzzle()).name();
  if (family == kFamilyIqLink) return makeIqLinkStrategies(core);
  return nullptr;
}

}  // namespace piecework::rating

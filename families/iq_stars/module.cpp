// SPDX-License-Identifier: Apache-2.0
#include "families/iq_stars/module.hpp"

namespace piecework {

// Its strategies rule out, as steps, what a challenge's marks forbid (rating::registerStrategies).
FamilyModule iqStarsModule() {
  return {.family = &iqStarsFamily(),
          .strategies = &rating::makeIqStarsStrategies,
          .strategiesRuleOnMarks = true,
          .booklet = &iqStarsBooklet()};
}

}  // namespace piecework

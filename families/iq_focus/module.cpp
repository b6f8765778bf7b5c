// SPDX-License-Identifier: Apache-2.0
#include "families/iq_focus/module.hpp"

namespace piecework {

// Its strategies rule out, as steps, what a challenge's marks forbid (rating::registerStrategies).
FamilyModule iqFocusModule() {
  return {.family = &iqFocusFamily(),
          .strategies = &rating::makeIqFocusStrategies,
          .strategiesRuleOnMarks = true,
          .booklet = &iqFocusBooklet()};
}

}  // namespace piecework

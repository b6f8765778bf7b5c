// SPDX-License-Identifier: Apache-2.0
#include "families/iq_link/module.hpp"

namespace piecework {

FamilyModule iqLinkModule() {
  return {.family = &iqLinkFamily(),
          .engineRule = &iqLinkEngineRule(),
          .strategies = &rating::makeIqLinkStrategies,
          .strategiesRuleOnMarks = false,
          .pictures = &iqLinkPictures(),
          .booklet = &iqLinkBooklet()};
}

}  // namespace piecework

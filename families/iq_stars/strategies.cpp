// SPDX-License-Identifier: Apache-2.0
// IQ Stars' strategies for the rater (docs/rating.md): its Wizard challenges mark single cells with a piece's
// letter, and the marks rule out, first, every placement of that piece that misses the cell and every other
// piece's placement that covers it (rater/marks_strategies.hpp).
#include "families/iq_stars/module.hpp"
#include "rater/marks_strategies.hpp"

namespace piecework::rating {

std::unique_ptr<FamilyStrategies> makeIqStarsStrategies(const RaterCore& core) {
  return std::make_unique<MarkStrategies>(core);
}

}  // namespace piecework::rating

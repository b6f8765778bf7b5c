// SPDX-License-Identifier: Apache-2.0
// IQ Focus's strategies for the rater (docs/rating.md): the colour rule (every placement that would put
// another colour on a window square than the pattern asks for is out, first), and single cover on a window
// square read as what it is to a person: the only placement left that can put that colour there.
#include <fmt/format.h>

#include "families/iq_focus/module.hpp"
#include "rater/marks_strategies.hpp"

namespace piecework::rating {
namespace {

class IqFocusStrategies final : public MarkStrategies {
 public:
  using MarkStrategies::MarkStrategies;

  std::string coverReason(int site) const override {
    for (const auto& [at, colour] : core_.marks().colours)
      if (at == site)
        return fmt::format("it is the only placement left that can put {} on window square {}",
                           colourWord(colour), siteName(site));
    return {};
  }
};

}  // namespace

std::unique_ptr<FamilyStrategies> makeIqFocusStrategies(const RaterCore& core) {
  return std::make_unique<IqFocusStrategies>(core);
}

}  // namespace piecework::rating

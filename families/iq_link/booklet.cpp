// SPDX-License-Identifier: Apache-2.0
// IQ-Link's challenges as generate makes them (generator/family_booklet.hpp): placed pieces, with the
// booklet table of pieces to place per level (docs/rating.md, IQ-Link): Starter 2-3, Junior 3-7, Expert 5-8,
// Master 6-9, Wizard 8-10 of 12. No list of a booklet's IQ-Link challenges is public, so nothing else is
// known; spare givens are not limited, since the linkage rule leaves most givens spare (docs/rating.md).
#include <array>

#include "families/iq_link/module.hpp"

namespace piecework {
namespace {

class IqLinkBooklet final : public FamilyBooklet {
 public:
  LevelShape shape(const Puzzle&, Level level) const override {
    static constexpr std::array<std::array<int, 2>, 5> kToPlace = {{{2, 3}, {3, 7}, {5, 8}, {6, 9}, {8, 10}}};
    const auto& range = kToPlace[static_cast<std::size_t>(level)];
    return {.ranges = {.minToPlace = range[0], .maxToPlace = range[1]}};
  }
};

}  // namespace

const FamilyBooklet& iqLinkBooklet() {
  static const IqLinkBooklet booklet;
  return booklet;
}

}  // namespace piecework

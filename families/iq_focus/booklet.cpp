// SPDX-License-Identifier: Apache-2.0
// IQ Focus's challenges as generate makes them (generator/family_booklet.hpp): at every level the colour
// pattern a random tiling shows in the 3 x 3 window, and no piece given. So every piece is to place and no
// given is spare, as in all 120 challenges of the official booklet (24 per level; the 60 odd-numbered ones
// are in ../shared/data/iq-focus-booklet-calibration.jsonl, each a window pattern alone). These hold by
// construction; the level comes from the rating model alone.
#include "families/iq_focus/module.hpp"

namespace piecework {
namespace {

class IqFocusBooklet final : public FamilyBooklet {
 public:
  LevelShape shape(const Puzzle& puzzle, Level) const override {
    if (puzzle.window.empty()) return {};  // a definition that names this family but has no window
    const int all = puzzle.totalPieces();
    return {.form = ChallengeForm::ColourPattern,
            .ranges = {.minToPlace = all, .maxToPlace = all, .minSpareGivens = 0, .maxSpareGivens = 0}};
  }
};

}  // namespace

const FamilyBooklet& iqFocusBooklet() {
  static const IqFocusBooklet booklet;
  return booklet;
}

}  // namespace piecework

// SPDX-License-Identifier: Apache-2.0
// IQ Stars' challenges as generate makes them (generator/family_booklet.hpp), as its official booklet does
// (120 challenges, 24 per level; docs/rating.md, IQ Stars): pieces given Starter 4 or 5, Junior 2 or 3,
// Expert 2, Master 1; Wizard none, but 2 to 4 single cells marked with the colour of the piece that must
// cover them. Of the 7 pieces that leaves to place Starter 2-3, Junior 4-5, Expert 5, Master 6, Wizard 7. The
// booklet's spare givens are not known, so they are not limited.
#include <array>

#include "families/iq_stars/module.hpp"

namespace piecework {
namespace {

class IqStarsBooklet final : public FamilyBooklet {
 public:
  LevelShape shape(const Puzzle& puzzle, Level level) const override {
    // Pieces given per level, Starter first (the booklet counts givens, not pieces to place).
    static constexpr std::array<std::array<int, 2>, 5> kGiven = {{{4, 5}, {2, 3}, {2, 2}, {1, 1}, {0, 0}}};
    static constexpr int kMinMarks = 2, kMaxMarks = 4;  // the Wizards' marked cells
    const int all = puzzle.totalPieces();
    const auto& given = kGiven[static_cast<std::size_t>(level)];
    LevelShape shape{.ranges = {.minToPlace = all - given[1], .maxToPlace = all - given[0]}};
    if (level == Level::Wizard) {
      // Without marked cells (a definition that names this family without marked_cells) a Wizard is
      // placed pieces like the other levels, limited by nothing.
      if (!puzzle.markedCells) return {};
      shape.form = ChallengeForm::MarkedCells;
      shape.minMarks = kMinMarks;
      shape.maxMarks = kMaxMarks;
    }
    return shape;
  }
};

}  // namespace

const FamilyBooklet& iqStarsBooklet() {
  static const IqStarsBooklet booklet;
  return booklet;
}

}  // namespace piecework

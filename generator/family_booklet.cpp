// SPDX-License-Identifier: Apache-2.0
// The families' booklet parts (generator/family_booklet.hpp); a family that registered none makes challenges
// of placed pieces (colour patterns on a board with a window) with no ranges beyond its definition's
// [booklet].
#include "generator/family_booklet.hpp"

#include "puzzle/family_parts.hpp"

namespace piecework {

void registerBooklet(std::string_view family, const FamilyBooklet& booklet) {
  registeredParts<const FamilyBooklet*>().add(family, &booklet);
}

LevelShape levelShape(const Puzzle& puzzle, Level level, bool likeBooklet) {
  const FamilyBooklet* own = registeredPartOf<FamilyBooklet>(puzzle);
  LevelShape shape = own != nullptr ? own->shape(puzzle, level) : LevelShape{};
  // A board with a colour window is asked by its pattern alone (docs/notation.md), whichever family a
  // definition names.
  if (own == nullptr && !puzzle.window.empty()) shape.form = ChallengeForm::ColourPattern;
  if (const auto& stated = puzzle.booklet[static_cast<std::size_t>(level)]; stated.has_value())
    shape.ranges = *stated;
  if (!likeBooklet) shape.ranges = BookletLevel{};
  return shape;
}

}  // namespace piecework

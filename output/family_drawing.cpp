// SPDX-License-Identifier: Apache-2.0
// The drawings of the registered families (output/family_drawing.hpp); a family that registered none gets the
// cell drawings.
#include "output/family_drawing.hpp"

#include "puzzle/family_parts.hpp"

namespace piecework {

void registerDrawing(std::string_view family, const FamilyDrawing& drawing) {
  registeredParts<const FamilyDrawing*>().add(family, &drawing);
}

const FamilyDrawing& familyDrawingOf(const Puzzle& puzzle) {
  static const FamilyDrawing cells;
  const FamilyDrawing* own = registeredPartOf<FamilyDrawing>(puzzle);
  return own != nullptr ? *own : cells;
}

}  // namespace piecework

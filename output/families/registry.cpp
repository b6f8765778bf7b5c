// SPDX-License-Identifier: Apache-2.0
// The drawing of each family (output/family_drawing.hpp). A family that draws its own way adds a line here;
// the others get the cell drawings.
#include "output/families/registry.hpp"
#include "puzzle/family.hpp"

namespace piecework {

const FamilyDrawing& familyDrawingOf(const Puzzle& puzzle) {
  static const FamilyDrawing cells;
  const std::string_view family = familyOf(puzzle).name();
  if (family == kFamilyIqLink) return iqLinkDrawing();
  return cells;
}

}  // namespace piecework

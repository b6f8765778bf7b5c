// SPDX-License-Identifier: Apache-2.0
// The drawings of the registered families (output/family_drawing.hpp), keyed by family name; a family that
// registered none gets the cell drawings.
#include "output/family_drawing.hpp"

#include <map>
#include <string>

#include "puzzle/family.hpp"

namespace piecework {
namespace {

std::map<std::string, const FamilyDrawing*, std::less<>>& drawings() {
  static std::map<std::string, const FamilyDrawing*, std::less<>> registered;
  return registered;
}

}  // namespace

void registerDrawing(std::string_view family, const FamilyDrawing& drawing) {
  drawings().insert_or_assign(std::string(family), &drawing);
}

const FamilyDrawing& familyDrawingOf(const Puzzle& puzzle) {
  static const FamilyDrawing cells;
  const auto found = drawings().find(familyOf(puzzle).name());
  return found == drawings().end() ? cells : *found->second;
}

}  // namespace piecework

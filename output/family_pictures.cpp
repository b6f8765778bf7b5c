// SPDX-License-Identifier: Apache-2.0
// The terminal pictures of the registered families (output/family_pictures.hpp); a family that registered
// none gets the cell pictures.
#include "output/family_pictures.hpp"

#include "puzzle/family_parts.hpp"

namespace piecework {

void registerPictures(std::string_view family, const FamilyPictures& pictures) {
  registeredParts<const FamilyPictures*>().add(family, &pictures);
}

const FamilyPictures& familyPicturesOf(const Puzzle& puzzle) {
  static const FamilyPictures cells;
  const FamilyPictures* own = registeredPartOf<FamilyPictures>(puzzle);
  return own != nullptr ? *own : cells;
}

}  // namespace piecework

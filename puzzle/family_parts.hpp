// SPDX-License-Identifier: Apache-2.0
// A layer's registry of the families' parts (their engine rules, strategies, drawings), keyed by family name.
// families/registry.cpp fills each layer's; the layer finds the part of a puzzle's family.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <utility>

#include "puzzle/family.hpp"

namespace piecework {

template <class Part>
class FamilyParts {
 public:
  // A family registered again replaces its part.
  void add(std::string_view family, Part part) {
    parts_.insert_or_assign(std::string(family), std::move(part));
  }
  // The part of the puzzle's family, or nullptr when it registered none.
  const Part* of(const Puzzle& puzzle) const {
    const auto found = parts_.find(familyOf(puzzle).name());
    return found == parts_.end() ? nullptr : &found->second;
  }

 private:
  std::map<std::string, Part, std::less<>> parts_;
};

// The one registry of a kind of part in the program (one per Part type), made on first use so that
// registerShippedFamilies() may fill it whenever it runs.
template <class Part>
FamilyParts<Part>& registeredParts() {
  static FamilyParts<Part> parts;
  return parts;
}

// The registered part, a pointer, of the puzzle's family; nullptr when it registered none.
template <class Part>
const Part* registeredPartOf(const Puzzle& puzzle) {
  const Part* const* part = registeredParts<const Part*>().of(puzzle);
  return part != nullptr ? *part : nullptr;
}

}  // namespace piecework

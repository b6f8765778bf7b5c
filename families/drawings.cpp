// SPDX-License-Identifier: Apache-2.0
// The one table of the families' own cairo drawings (families/drawings.hpp): a family that draws its own way
// adds one line here as well as its line in registry.cpp; the others get the cell drawings.
#include "families/drawings.hpp"

#include <mutex>

#include "families/iq_link/module.hpp"

namespace piecework {

void registerShippedDrawings() {
  static std::once_flag once;
  std::call_once(once, [] { registerDrawing(iqLinkFamily().name(), iqLinkDrawing()); });
}

}  // namespace piecework

// SPDX-License-Identifier: Apache-2.0
// The drawings of the shipped families that draw their own way (one file each in output/families/), for the
// registry in output/families/registry.cpp.
#pragma once

#include "output/family_drawing.hpp"

namespace piecework {

const FamilyDrawing& iqLinkDrawing();

}  // namespace piecework

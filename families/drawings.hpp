// SPDX-License-Identifier: Apache-2.0
// The families that draw their boards and pieces with cairo their own way (output/family_drawing.hpp): built
// into the drawing module (drawing/), which registers them when it is loaded, never into the program.
#pragma once

namespace piecework {

// Registers each such family's drawing (once; later calls do nothing).
void registerShippedDrawings();

}  // namespace piecework

// SPDX-License-Identifier: Apache-2.0
// One panel of a disassembly sheet on the triangular-prism grid: the part being taken apart layer by layer
// seen from above (as the prism puzzles' pictures show them), from the lowest layer, in rows, the pieces that
// move in their colours and the rest pale, an arrow the way they go (into the next layer's picture for a move
// up or down), and each piece's letter on it. `aspect`: the room's height over its width, which decides how
// many layers go across.
#pragma once

#include <cairo.h>

#include "output/disassembly_scene.hpp"

namespace piecework {

// The panel's bounds in triangle sides, the arrow's included.
IsoFrame prismSceneFrame(const DisassemblyScene& scene, double aspect);
// Draws the scene with its frame's top-left corner at (x0, y0), `s` points per triangle side.
void drawPrismScene(cairo_t* cr, const DisassemblyScene& scene, const IsoFrame& frame, double x0, double y0,
                    double s, double aspect);

}  // namespace piecework

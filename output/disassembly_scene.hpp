// SPDX-License-Identifier: Apache-2.0
// One panel of a disassembly sheet in isometric view: the pieces of the part being taken apart where they
// are, those that move in their colours (and seen through the others), the rest pale, an arrow the way the
// moving pieces go, and each piece's letter on it.
#pragma once

#include <cairo.h>
#include <utility>
#include <vector>

#include "output/iso_cubes.hpp"
#include "output/paint.hpp"

namespace piecework {

struct DisassemblyScene {
  std::vector<std::vector<Site>> cells;     // per piece: its cells where it is now
  std::vector<std::pair<Rgb, char>> looks;  // per piece: colour and letter
  std::vector<bool> moving;                 // per piece; empty: every piece in colour, no arrow
  Site unit;                                // the way the moving pieces go
  int units = 0;                            // how far; 0: out (an arrow of two units)
};

// A pale version of a piece's colour, for the pieces that stay: a hint of its colour is kept, so that it can
// still be told apart.
Rgb paleColour(const Rgb& c);

// Whether the scene has pieces moving, and so an arrow.
bool hasArrow(const DisassemblyScene& scene);

// The arrow of a move from `from` to `to` on the page: a line and a head `head` long, `width` wide; with
// `halo`, drawn first wider in white, so that it shows on a piece of its own red.
void drawMoveArrow(cairo_t* cr, std::pair<double, double> from, std::pair<double, double> to, double head,
                   double width, bool halo);

// The scene's bounds, the arrow's included.
IsoFrame sceneFrame(const DisassemblyScene& scene);
// Draws the scene with its frame's top-left corner at (x0, y0), `s` points per cube edge.
void drawScene(cairo_t* cr, const DisassemblyScene& scene, const IsoFrame& frame, double x0, double y0,
               double s);

}  // namespace piecework

// SPDX-License-Identifier: Apache-2.0
// Unit cubes in isometric view (x to the lower right, y to the lower left, z up): the 3-D views of box
// puzzles, their loose pieces, and the disassembly sheet's panels.
#pragma once

#include <cairo.h>

#include <algorithm>
#include <utility>
#include <vector>

#include "output/paint.hpp"
#include "puzzle/geometry.hpp"

namespace piecework {

// A point of the lattice (corners of unit cubes) on the page, in cube edges.
std::pair<double, double> iso(double x, double y, double z);

// The bounds of a drawing on the page, in cube edges.
struct IsoFrame {
  double minX = 1e9, minY = 1e9, maxX = -1e9, maxY = -1e9;
  void add(double x, double y) {
    minX = std::min(minX, x), maxX = std::max(maxX, x);
    minY = std::min(minY, y), maxY = std::max(maxY, y);
  }
};
IsoFrame isoFrame(const Shape& shape);

struct IsoCube {
  Site at;
  Rgb colour;
  // Glass: faces this opaque (times the look's alpha), its edges in `glassEdge`; a glass cube hides no face
  // of an opaque one, nor an opaque cube a face of a glass one, so that what is behind the glass shows.
  double glass = 1.0;
};
inline const Rgb kGlassEdge{0.55, 0.57, 0.62};

// How cubes are painted: the edge colour, how much darker the left faces are, and the faces' opacity.
struct IsoLook {
  Rgb edge = kInk;
  double shade = 0.25;
  double alpha = 1.0;
  bool filled = true;  // false: the edges alone, dashed (a piece seen through others)
};

// Unit cubes in isometric view, the frame's top-left corner at (x0, y0), `s` points per cube edge. Faces
// hidden by a neighbouring cube (of any colour, both opaque or both glass) are left out; the rest are painted
// back to front.
void drawIsoCubes(cairo_t* cr, std::vector<IsoCube> cubes, const IsoFrame& f, double x0, double y0, double s,
                  const IsoLook& look = {});

}  // namespace piecework

// SPDX-License-Identifier: Apache-2.0
// The drawing part of a puzzle family (docs/families.md, puzzle/family.hpp): how its boards and pieces are
// drawn with cairo (PDF, SVG, PNG pages); their terminal text is output/family_pictures.hpp. Built into the
// drawing module (output/drawing_module.hpp), filled by families/drawings.cpp. The defaults draw cell boards
// (squares, IQ Fit's balls, boxes layer by layer); a family overrides what it draws its own way (IQ-Link:
// balls and rings on hex pegs). Page layout (output/document.cpp, booklet.cpp) stays generic and only calls
// these.
#pragma once

#include <cairo.h>
#include <string>
#include <string_view>
#include <vector>

#include "output/draw.hpp"
#include "puzzle/challenge.hpp"
#include "puzzle/puzzle.hpp"

namespace piecework {

class FamilyDrawing {
 public:
  virtual ~FamilyDrawing() = default;
  // Vector drawings in lattice units (output/draw.hpp); `scale` points per unit, top-left corner at (x, y).
  // Callers save and restore the cairo state around each call.
  virtual Extent boardExtent(const Puzzle& puzzle) const;
  // `marks`: what a challenge gives beyond placed pieces (a window's colours, cells marked with a piece);
  // `over`: whether what a family draws over the pieces is drawn (output/draw.hpp).
  virtual void drawBoard(cairo_t* cr, const Puzzle& puzzle, const std::vector<int>& placements, double x,
                         double y, double scale, const CellMarks& marks, OverPieces over) const;
  virtual Extent pieceExtent(const Puzzle& puzzle, int piece) const;
  virtual void drawPiece(cairo_t* cr, const Puzzle& puzzle, int piece, double x, double y,
                         double scale) const;
};

// The registry (output/family_drawing.cpp), filled by families/drawings.cpp: the drawing of the puzzle's
// family (the defaults for a family without one of its own).
void registerDrawing(std::string_view family, const FamilyDrawing& drawing);
const FamilyDrawing& familyDrawingOf(const Puzzle& puzzle);

}  // namespace piecework

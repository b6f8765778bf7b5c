// SPDX-License-Identifier: Apache-2.0
// Colours and small drawing helpers shared by draw.cpp and the families' drawings (families/NAME/drawing.cpp).
#pragma once

#include <cairo.h>
#include <string>
#include <utility>
#include <vector>

#include "puzzle/puzzle.hpp"

namespace piecework {

struct Rgb {
  double r = 0.5;
  double g = 0.5;
  double b = 0.5;
};

Rgb parseColour(const std::string& hex);
Rgb mix(const Rgb& c, const Rgb& with, double f);
Rgb lighter(const Rgb& c, double f);
Rgb darker(const Rgb& c, double f);
double luminance(const Rgb& c);
void set(cairo_t* cr, const Rgb& c, double alpha = 1.0);

extern const Rgb kInk;
extern const Rgb kBoard;
extern const Rgb kGridLine;
extern const Rgb kHole;

// Text centred on (x, y) both ways.
void centredText(cairo_t* cr, const std::string& text, double x, double y);
// A piece letter on a background of colour `under`, in white or ink, whichever reads.
void letterOn(cairo_t* cr, char letter, const Rgb& under, double x, double y, double size);
void roundedRect(cairo_t* cr, double x, double y, double w, double h, double radius);

// Placement index in `placements` -> (colour, letter), with copy shades.
std::vector<std::pair<Rgb, char>> placedLooks(const Puzzle& puzzle, const std::vector<int>& placements);

// Text for a terminal on the background of a "#rrggbb" colour (output/text.cpp).
std::string paintText(const std::string& text, const std::string& colour);

}  // namespace piecework

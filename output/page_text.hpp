// SPDX-License-Identifier: Apache-2.0
// Text on a page: the font, measuring and placing a line, and fitting text into a width (booklet and sheet
// pages, the labels around boards and under pieces).
#pragma once

#include <cairo.h>
#include <string>
#include <vector>

#include "output/font.hpp"  // useFontFile, for the callers that set the font

namespace piecework {

// Small helpers shared by the page code.
void setColour(cairo_t* cr, const std::string& hex, double alpha = 1.0);
void setFont(cairo_t* cr, double size, bool bold);
double textWidth(cairo_t* cr, const std::string& text);
// Draws text with its left end (align 0), centre (0.5) or right end (1) at x, baseline at y.
void showText(cairo_t* cr, const std::string& text, double x, double y, double align = 0);

// `text` wrapped greedily at spaces into lines no wider than `width` at the current font (a word wider than
// that gets a line of its own); runs of spaces count as one. No lines for text of spaces only.
std::vector<std::string> wrapWords(cairo_t* cr, const std::string& text, double width);

// How to fit a line of text into a width (fitText).
struct FitSpec {
  double size = 10;    // the font size wanted
  double minSize = 6;  // the smallest it may shrink to
  bool bold = false;
  int maxLines = 1;   // lines it may wrap into once at minSize
  double step = 0.5;  // how much smaller each try is
};

// Text fitted into a width: the font size it is set in and its lines.
struct FittedText {
  double size = 0;
  std::vector<std::string> lines;
};

// Sets the font for `text` so that it fits in `width` points, measured with cairo: at spec.size, else
// smaller in spec.step steps down to spec.minSize; when even that is too wide, the text is wrapped at spaces
// into up to spec.maxLines lines, and a line still too wide (the last one taking the rest of the text) is cut
// short with "…", before `keep` when the text ends with it and stays one line (" · Expert": the level's name
// stays whole). Text that fits at spec.size is one line, unchanged; there is always at least one line. The
// font stays set.
FittedText fitText(cairo_t* cr, const std::string& text, double width, const FitSpec& spec,
                   const std::string& keep = "");
// `text` shortened at its end (before `keep`, which stays) with "…" until it fits in `width` at the
// current font; unchanged when it fits.
std::string elided(cairo_t* cr, const std::string& text, double width, const std::string& keep = "");
// Draws fitted text, one line under the other `leading` points apart, the first baseline at y.
void showFitted(cairo_t* cr, const FittedText& text, double x, double y, double align, double leading);

}  // namespace piecework

// SPDX-License-Identifier: Apache-2.0
// A booklet's rules ("How to play"), one block per puzzle, flowing from under the title page's contents onto
// as many pages of their own as they need: a heading stays with its first lines, a long text goes on over
// the page.
#pragma once

#include <cairo.h>
#include <string>
#include <vector>

#include "puzzle/puzzle.hpp"

namespace piecework {

struct RulesLine {
  std::string text;
  bool heading = false;  // bold, 12 points (less when a long title needs it); the rules' lines are 10 points
  double size = 10;
  double y = 0;  // the baseline
};
using RulesPage = std::vector<RulesLine>;

// Where the rules may go: from `firstTop` to `firstBottom` on the title page, then from `top` to `bottom` on
// each page after it, `width` points wide.
struct RulesArea {
  double width = 0;
  double firstTop = 0, firstBottom = 0;
  double top = 0, bottom = 0;
};

// The rules of `puzzles` laid out in `area`: the title page's part first (possibly empty), then one entry
// per page of their own. One puzzle's heading is "How to play"; with several, "How to play <title>". Measured
// with cairo at the fonts they are drawn in.
std::vector<RulesPage> layOutRules(cairo_t* cr, const std::vector<const Puzzle*>& puzzles,
                                   const RulesArea& area);

// Draws one page's part, left-aligned at x, in the current colour.
void drawRules(cairo_t* cr, const RulesPage& lines, double x);

}  // namespace piecework

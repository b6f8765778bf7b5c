// SPDX-License-Identifier: Apache-2.0
// Colours and small drawing helpers shared by the drawing code (draw.cpp, page_text.cpp, panel.cpp) and the
// families' drawings (families/NAME/drawing.cpp).
#pragma once

#include <cairo.h>
#include <string>
#include <type_traits>
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

// The notation's row and column words around a flat board's picture rows (output/text.cpp; `rows[i]` is board
// row i + 1, each cell two characters wide): each row's word on its left, and a line of column numbers, after
// the column word without its number, above the board for the rows in line with the first and, when every
// other row is offset by one character (`offset`, triangular boards), one below for the offset rows.
// `columns`: how many columns each of the two kinds of rows has. Without `offset`, the first cell of a row is
// at character `indent` (0 or 1), and with `again` >= 0 the numbers start again over character `again` of the
// rows (a second picture of the same board beside the first). Just the rows where the notation names no rows
// and columns.
std::string withLabels(const Puzzle& puzzle, const std::vector<std::string>& rows, bool offset,
                       std::pair<int, int> columns, int indent = 0, int again = -1);

// The unit edges of a square grid, by how they are drawn: thin between two empty cells, thin inside a piece,
// thick between pieces and around the board. `Grid::find(x, y)` gives a cell (with `group`, -1 when empty)
// or nullptr; coordinates are in cells, horizontal edges first.
enum class EdgeKind { Empty, InPiece, Outline };
template <class Cell>
struct GridEdge {
  int ax, ay, bx, by;
  EdgeKind kind;
  const Cell* cell;  // a cell beside the edge (the piece's, for InPiece)
};
template <class Grid>
auto squareGridEdges(const Grid& grid) {
  using Cell = std::remove_cvref_t<decltype(*grid.find(0, 0))>;
  std::vector<GridEdge<Cell>> edges;
  const auto classify = [&](const Cell* a, const Cell* b, int ax, int ay, int bx, int by) {
    if (a == nullptr && b == nullptr) return;
    EdgeKind kind = EdgeKind::Outline;
    if (a != nullptr && b != nullptr) {
      if (a->group < 0 && b->group < 0)
        kind = EdgeKind::Empty;
      else if (a->group == b->group)
        kind = EdgeKind::InPiece;
    }
    edges.push_back({ax, ay, bx, by, kind, a != nullptr ? a : b});
  };
  for (int y = 0; y <= grid.h; ++y)
    for (int x = 0; x < grid.w; ++x) classify(grid.find(x, y - 1), grid.find(x, y), x, y, x + 1, y);
  for (int x = 0; x <= grid.w; ++x)
    for (int y = 0; y < grid.h; ++y) classify(grid.find(x - 1, y), grid.find(x, y), x, y, x, y + 1);
  return edges;
}

}  // namespace piecework

// SPDX-License-Identifier: Apache-2.0
// A challenge's panel: its board with row and column labels, and the pieces it leaves to place laid out in a
// tray beside or below it (booklet and sheet pages, answer pages with the whole solution).
#pragma once

#include <cairo.h>
#include <string>
#include <utility>
#include <vector>

#include "output/draw.hpp"
#include "puzzle/challenge.hpp"
#include "puzzle/puzzle.hpp"

namespace piecework {

// The pieces a challenge leaves to place: (piece index, copies left), in piece order.
std::vector<std::pair<int, int>> piecesToPlace(const Puzzle& puzzle, const std::vector<int>& givens);

// The label under a loose piece: "A light purple", "F pentomino", "V piece", "A ×6 unit cube".
std::string pieceLabel(const Puzzle& puzzle, int piece, int copies);

// Where a challenge's board and its pieces to place go inside a box. The same layout draws the answer (the
// board with the whole solution, no tray), so that answer pages mirror the challenge pages.
struct PanelLayout {
  Rect board;        // the board itself; its row and column labels (boardLabelRoom) lie around it
  double scale = 0;  // points per unit on the board
  struct Item {
    int piece = 0;
    int copies = 1;
    Rect shape;         // where the piece is drawn
    double scale = 0;   // points per unit for the piece
    double labelX = 0;  // label centre
    double labelY = 0;  // label baseline
  };
  std::vector<Item> tray;
  double labelSize = 0;  // points
};

PanelLayout layoutPanel(cairo_t* cr, const Puzzle& puzzle, const std::vector<int>& givens, const Rect& box);
// The share of `box` that the layout leaves empty: 1 less the areas of the board (with its row and column
// labels) and of each piece to place, over the box's area. A booklet lays out no panel more than half empty
// where a grid allows it (issue 30).
double panelEmptyShare(const Puzzle& puzzle, const PanelLayout& layout, const Rect& box);
// Draws the board with `placements` and its row and column labels and, when `tray` is true, the pieces to
// place with their labels.
void drawPanel(cairo_t* cr, const Puzzle& puzzle, const PanelLayout& layout,
               const std::vector<int>& placements, bool tray, const CellMarks& marks = {});

}  // namespace piecework

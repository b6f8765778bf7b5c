// SPDX-License-Identifier: Apache-2.0
// Vector drawings of boards and pieces with cairo (PDF and SVG surfaces share them).
//
// Every family is drawn in lattice units (one cell, or the distance between two pegs) and scaled to points:
// cell puzzles as coloured cells with thick lines between different pieces and the piece letter in each cell;
// IQ Fit as balls on its board of holes; IQ-Link as balls and rings in the pieces' colours on hex pegs; box
// puzzles layer by layer, their loose pieces as small isometric drawings.
#pragma once

#include <cairo.h>
#include <string>
#include <utility>
#include <vector>

#include "puzzle/challenge.hpp"
#include "puzzle/puzzle.hpp"

namespace piecework {

struct Rect {
  double x = 0;
  double y = 0;
  double w = 0;
  double h = 0;
};

// A natural size in lattice units.
struct Extent {
  double w = 0;
  double h = 0;
};

Extent boardExtent(const Puzzle& puzzle);
// Draws the board with the given placements, its top-left corner at (x, y), `scale` points per unit. `marks`
// are what a challenge gives beyond placed pieces: the window's colours (IQ Focus) or cells marked with a
// piece (IQ Stars), drawn on the cells they name.
void drawBoard(cairo_t* cr, const Puzzle& puzzle, const std::vector<int>& placements, double x, double y,
               double scale, const CellMarks& marks = {});

// Row and column labels (the notation's words, Family::rowName and columnName) around a board, so that a cell
// a hint names ("r4c2") can be found on the page: rows on the left, columns above (and, on a triangular
// board, the columns of the offset rows below). The room they take in lattice units (none where the notation
// names no rows and columns), and the labels drawn around a board at (x, y).
struct LabelRoom {
  double left = 0;
  double above = 0;
  double below = 0;
  // The board's extent with its labels.
  Extent around(const Extent& board) const { return {board.w + left, board.h + above + below}; }
};
LabelRoom boardLabelRoom(const Puzzle& puzzle);
// The labels' font size: kLabelFontPerUnit points per board unit, but never below kSmallestLabelFont (smaller
// print is not legible) nor above 9 points. They are drawn only where boardLabelsFit: at most half a cell
// high.
inline constexpr double kLabelFontPerUnit = 0.32;
inline constexpr double kSmallestLabelFont = 4;
double boardLabelFont(double scale);
bool boardLabelsFit(double scale);
void drawBoardLabels(cairo_t* cr, const Puzzle& puzzle, double x, double y, double scale);

// A placement ruled out (or a guess that fails) shown on a board drawn at (x, y) with `placements`: the
// piece pale where it would go, crossed out in red.
void drawRuledOut(cairo_t* cr, const Puzzle& puzzle, const std::vector<int>& placements, int ruledOut,
                  double x, double y, double scale, const CellMarks& marks = {});

Extent pieceExtent(const Puzzle& puzzle, int piece);
void drawPiece(cairo_t* cr, const Puzzle& puzzle, int piece, double x, double y, double scale);

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

// Draws all text from now on with the font in `path` (TrueType, OpenType or any face FreeType reads), bold
// text with the same face emboldened by cairo, instead of DejaVu Sans. Throws InputError naming the file when
// it cannot be read as a font. For PDF pages: an SVG keeps naming DejaVu Sans in its <text> elements.
void useFontFile(const std::string& path);

// Small helpers shared by the page code.
void setColour(cairo_t* cr, const std::string& hex, double alpha = 1.0);
void setFont(cairo_t* cr, double size, bool bold);
double textWidth(cairo_t* cr, const std::string& text);
// Draws text with its left end (align 0), centre (0.5) or right end (1) at x, baseline at y.
void showText(cairo_t* cr, const std::string& text, double x, double y, double align = 0);

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

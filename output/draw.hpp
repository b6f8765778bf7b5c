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
// What a board drawing holds over its pieces: a colour window's frame, as on the real board (every page),
// or nothing (the play page cuts its pictures of loose pieces out of board drawings, and a frame drawn over a
// piece would cut a gap into the piece's outline).
enum class OverPieces { WindowFrame, Nothing };

// Draws the board with the given placements, its top-left corner at (x, y), `scale` points per unit. `marks`
// are what a challenge gives beyond placed pieces: the window's colours (IQ Focus) or cells marked with a
// piece (IQ Stars), drawn on the cells they name.
void drawBoard(cairo_t* cr, const Puzzle& puzzle, const std::vector<int>& placements, double x, double y,
               double scale, const CellMarks& marks = {}, OverPieces over = OverPieces::WindowFrame);

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

// Placements ruled out (or guesses that fail) shown on a board drawn at (x, y) with `placements`: each piece
// pale where it would go, crossed out in red. The cross covers only what the piece adds to the drawing: on a
// box, a cross on each layer it lies in and one on the 3-D view, none across the pieces already there.
void drawRuledOut(cairo_t* cr, const Puzzle& puzzle, const std::vector<int>& placements,
                  const std::vector<int>& ruledOut, double x, double y, double scale,
                  const CellMarks& marks = {});

Extent pieceExtent(const Puzzle& puzzle, int piece);
void drawPiece(cairo_t* cr, const Puzzle& puzzle, int piece, double x, double y, double scale);

}  // namespace piecework

// SPDX-License-Identifier: Apache-2.0
// Boards on the triangular lattice (IQ Stars): cells packed in rows offset by half a cell, each with six
// neighbours, drawn as six-pointed stars like the toy's. Empty cells are pale star holes in the board, placed
// pieces solid stars in their colours joined to their neighbours and outlined in ink, a marked cell (a
// challenge's "this piece covers this cell") a disc in the piece's colour on an empty hole.
#pragma once

#include <cairo.h>
#include <utility>
#include <vector>

#include "output/draw.hpp"
#include "puzzle/challenge.hpp"
#include "puzzle/puzzle.hpp"

namespace piecework {

// Where a cell's centre is drawn, in units (one unit between the centres of two neighbours) from the top-left
// corner of the board's extent. Axial (q, r) sits at x = q + r / 2, y = r * sqrt(3) / 2, so that each row is
// offset half a cell from the one above.
std::pair<double, double> triangularCellCentre(const Puzzle& puzzle, int site);

Extent triangularBoardExtent(const Puzzle& puzzle);
void drawTriangularBoard(cairo_t* cr, const Puzzle& puzzle, const std::vector<int>& placements,
                         const CellMarks& marks, double x, double y, double scale);

// Row and column labels as the notation names cells (docs/notation.md): a row's cells are its columns 1, 2,
// .. from the board's leftmost column, so the columns of rows offset by half a cell sit half a cell right of
// the others. Rows are labelled on the left; the columns of the rows in line with the top row above the
// board, those of the offset rows below it, each label over (or under) the centres of the cells it names.
LabelRoom triangularLabelRoom(const Puzzle& puzzle);
void drawTriangularLabels(cairo_t* cr, const Puzzle& puzzle, double x, double y, double scale);

Extent triangularPieceExtent(const Puzzle& puzzle, int piece);
// The piece in its base orientation as defined.
void drawTriangularPiece(cairo_t* cr, const Puzzle& puzzle, int piece, double x, double y, double scale);

// Radii of a star, in units: its points (which reach towards the six neighbours) and the notches between.
inline constexpr double kStarOuter = 0.5;
inline constexpr double kStarInner = 0.3;
// A marked cell's disc.
inline constexpr double kMarkRadius = 0.21;

}  // namespace piecework

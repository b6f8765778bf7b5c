// SPDX-License-Identifier: Apache-2.0
// Square boards whose pieces' squares carry colours (`colours` in a definition) or that have a colour window:
// every square in its own colour, pieces told apart by thick outlines, the colour window framed, and a
// colour-pattern challenge as the empty board with the window in the pattern's colours. Not IQ Focus's
// drawing but the definition format's: a definition with coloured squares and no window is of the cells
// family, and a board with a window is drawn so whichever family it names (docs/families.md).
#pragma once

#include <cairo.h>
#include <string>
#include <vector>

#include "output/draw.hpp"
#include "puzzle/challenge.hpp"
#include "puzzle/puzzle.hpp"

namespace piecework {

// Square boards drawn this way: a colour window, or a piece with coloured squares.
bool drawsColouredSquares(const Puzzle& puzzle);

// The colour a square's letter stands for, "#rrggbb": W white, R red, B blue, G green, Y yellow, O orange,
// P pink, K black; any other letter a neutral grey (the letter is then printed on the square).
std::string squareColourHex(char colour);

Extent colouredBoardExtent(const Puzzle& puzzle);
void drawColouredBoard(cairo_t* cr, const Puzzle& puzzle, const std::vector<int>& placements,
                       const CellMarks& marks, double x, double y, double scale, OverPieces over);

Extent colouredPieceExtent(const Puzzle& puzzle, int piece);
// The piece in its base orientation as defined, each square in its colour.
void drawColouredPiece(cairo_t* cr, const Puzzle& puzzle, int piece, double x, double y, double scale);

}  // namespace piecework

// SPDX-License-Identifier: Apache-2.0
// Terminal pictures of square boards whose squares carry colours or that have a colour window (any
// definition, IQ Focus's among them; see output/draw_coloured_squares.hpp): the pieces' letters and, beside
// them, each square's colour letter with the colour window framed by '|'.
#pragma once

#include <string>
#include <vector>

#include "puzzle/challenge.hpp"
#include "puzzle/puzzle.hpp"

namespace piecework {

// Square boards pictured this way: a colour window, or a piece with coloured squares.
bool picturesColouredSquares(const Puzzle& puzzle);

// With placements: the board in piece letters ('.' empty, ' ' no cell), then three spaces, then the same
// board in colour letters (the squares' colours; on empty cells a pattern's colour, else '.'), the window
// framed by '|' at its left and right, and a line saying so. Without placements: only the colour picture
// (the empty board's window cells 'o' when no pattern is given). In colour, letters on their piece's or
// square's colour. Like the other flat boards, the rows carry the notation's row words on the left and a line
// of column numbers above (withLabels, output/paint.hpp), over both pictures when they stand side by side.
std::string colouredSquaresPicture(const Puzzle& puzzle, const std::vector<int>& placements,
                                   const CellMarks& marks, bool colour);

// A piece with coloured squares in its base orientation as defined: each square's colour letter, '.' for a
// gap, indented by two spaces (in colour: letters on their colours).
std::string colouredPiecePicture(const PieceDef& piece, bool colour);

}  // namespace piecework

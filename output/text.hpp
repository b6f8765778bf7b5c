// SPDX-License-Identifier: Apache-2.0
// Terminal pictures: boards with pieces in letters, in the pieces' colours when the terminal shows colour.
#pragma once

#include <string>
#include <vector>

#include "puzzle/challenge.hpp"
#include "puzzle/puzzle.hpp"

namespace piecework {

// The board with the given placements. Cell puzzles: one letter per cell, '.' empty, ' ' no cell, layers side
// by side. Hex pegs: the pegs on their hex layout (odd rows half a step right), each showing the pieces with
// a part on it, a ball as its piece's upper-case letter (first), a ring as lower case, '.' when empty; the
// pegs' printed letters under each row; in colour, balls on their piece's colour and rings in it.
// Triangular boards: odd rows half a cell right; a cell marked with a piece (IQ Stars' Wizard challenges)
// shows that piece's letter in lower case. Boards with coloured squares or a colour window: see
// colouredSquaresPicture (output/text_coloured_squares.hpp).
std::string boardPicture(const Puzzle& puzzle, const std::vector<int>& placements, bool colour,
                         const CellMarks& marks = {});

// A piece in its first orientation as '#' cells (in colour: its letter on its colour); a two-faced piece (IQ
// Fit) shows both faces side by side; hex pegs: its parts on the hex layout, balls upper case, rings lower.
std::string piecePicture(const Puzzle& puzzle, int piece, bool colour = false);

// True when stdout is a terminal and NO_COLOR is not set (commands' --color forces colour).
bool stdoutWantsColour();

}  // namespace piecework

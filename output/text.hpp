// Terminal pictures: boards with pieces in letters, in the pieces' colours when the terminal shows colour.
#pragma once

#include <string>
#include <vector>

#include "puzzle/puzzle.hpp"

namespace piecework {

// The board with the given placements. Cell puzzles: one letter per cell, '.' empty, ' ' no cell, layers side
// by side. Hex pegs: each peg shows the letters of the pieces with a part on it (ball first), '.' when empty.
std::string boardPicture(const Puzzle& puzzle, const std::vector<int>& placements, bool colour);

// A piece in its first orientation, as '#' cells (hex pegs: each part as ball 'o' or ring 'O').
std::string piecePicture(const Puzzle& puzzle, int piece);

// True when stdout is a terminal and NO_COLOR is not set.
bool stdoutWantsColour();

}  // namespace piecework

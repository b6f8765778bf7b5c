// Challenge notation: pictures for cell puzzles, 3-letter placement codes for hex-peg puzzles (DESIGN.md).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "puzzle/puzzle.hpp"

namespace piecework {

// Reads a challenge (or a solution) into placement ids. Throws InputError naming the position in the text.
std::vector<int> parseChallenge(const Puzzle& puzzle, std::string_view text);

enum class Layout { OneLine, Lines };
// Writes placements in the notation: one line ('/' between rows, '|' between layers) or one row per line.
std::string formatChallenge(const Puzzle& puzzle, const std::vector<int>& placements,
                            Layout layout = Layout::OneLine);

// The 3-letter code of a placement on the hex-peg lattice: peg, piece, orientation (lowest orientation
// letter).
std::string pegCode(const Puzzle& puzzle, int placement);
// Peg letter of the i-th peg in reading order: A..Z, then a..z.
char pegLetter(int peg);

// The piece letter on every board cell (reading order, '.' where empty) for cell puzzles.
std::vector<char> cellLetters(const Puzzle& puzzle, const std::vector<int>& placements);

}  // namespace piecework

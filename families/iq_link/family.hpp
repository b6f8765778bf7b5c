// SPDX-License-Identifier: Apache-2.0
// IQ-Link's notation pieces that other layers print: peg letters and 3-letter placement codes.
#pragma once

#include <string>

#include "puzzle/puzzle.hpp"

namespace piecework {

// The 3-letter code of a placement on the hex-peg lattice: peg, piece, orientation (lowest orientation
// letter).
std::string pegCode(const Puzzle& puzzle, int placement);
// Peg letter of the i-th peg in reading order: A..Z, then a..z.
char pegLetter(int peg);

}  // namespace piecework

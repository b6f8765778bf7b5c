// SPDX-License-Identifier: Apache-2.0
// IQ-Link's sites and notation: how pegs' slots are numbered, peg letters and 3-letter placement codes.
#pragma once

#include <string>

#include "puzzle/puzzle.hpp"

namespace piecework {

// The sites of a hex-peg board are its pegs' slots, numbered peg * kSlotsPerPeg + slot in reading order of
// the pegs: slot 0 is the peg's centre, where a ball sits, and slots 1..6 the six directions a ring's arms
// take.
inline constexpr int kSlotsPerPeg = 7;
constexpr int pegOfSite(int site) {
  return site / kSlotsPerPeg;
}
constexpr bool isPegCentre(int site) {
  return site % kSlotsPerPeg == 0;
}
constexpr int pegCentre(int peg) {
  return peg * kSlotsPerPeg;
}

// The 3-letter code of a placement on the hex-peg lattice: peg, piece, orientation (lowest orientation
// letter).
std::string pegCode(const Puzzle& puzzle, int placement);
// Peg letter of the i-th peg in reading order: A..Z, then a..z.
char pegLetter(int peg);

}  // namespace piecework

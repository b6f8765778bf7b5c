// SPDX-License-Identifier: Apache-2.0
// How a play page turns and flips a piece: per orientation, the orientation a turn (either way) or a flip
// leads to, found from the lattice's point group (puzzle/geometry.hpp), so that the page only steps among
// the orientations piecework wrote into it.
#pragma once

#include <vector>

#include "puzzle/puzzle.hpp"

namespace piecework {

struct OrientationMoves {
  int turn = 0;      // a turn by the lattice's smallest angle, clockwise on the screen where that is known
  int turnBack = 0;  // the other way
  int flip = 0;  // the mirror image; for a piece whose faces are shapes of their own (moves = "faces"), the
                 // next face; itself when the piece does not flip
};

// Per orientation of `piece`.
std::vector<OrientationMoves> orientationMoves(const Puzzle& puzzle, int piece);

}  // namespace piecework

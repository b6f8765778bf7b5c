// The rater's strategies for what a challenge asks beyond its placed pieces (CellMarks,
// puzzle/challenge.hpp): the colours IQ Focus's window must show and IQ Stars' marked cells. A person starts
// there: a window square that must be red rules out every placement that would put another colour on it, and
// a cell marked for a piece rules out that piece's placements that miss it and every other piece's placements
// that cover it. Kept apart from the generic ladder (rater/rater.cpp) so that it can move into the families'
// modules.
#pragma once

#include <optional>
#include <string>

#include "puzzle/challenge.hpp"
#include "puzzle/puzzle.hpp"

namespace piecework {

// Why the marks rule a placement out.
struct MarkConflict {
  int site = -1;        // the window cell or marked cell concerned
  char wanted = 0;      // a window cell: the colour it must show (0: a marked cell)
  char shown = 0;       // a window cell: the colour the placement would put there
  int marked = -1;      // a marked cell: the piece it is marked for
  bool misses = false;  // a marked cell of the placement's own piece that the placement does not cover
};

// The first conflict of `placement` with the marks, or nullopt when the marks allow it. The same test as
// makeProblem's filter (solver/problem.cpp), so the rater rules out exactly what the solver never tries.
std::optional<MarkConflict> markConflict(const Puzzle& puzzle, const CellMarks& marks, int placement);

// The colour's name for a letter of IQ Focus's squares (W, R, B, G); the letter itself for others.
std::string colourWord(char colour);

// The reason in words, after "not PIECE at WHERE: ". `cell` names the site ("r2c4").
std::string markConflictText(const Puzzle& puzzle, const MarkConflict& conflict, const std::string& cell);

}  // namespace piecework

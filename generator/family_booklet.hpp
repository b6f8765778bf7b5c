// SPDX-License-Identifier: Apache-2.0
// The generator's part of a puzzle family (docs/families.md, docs/generating.md): how a challenge at each
// level is made from a full solution (placed pieces, a colour pattern, marked cells), and what the family's
// official booklet's challenges at that level are like (pieces to place, spare givens, marked cells). A
// family keeps these facts in its own folder (families/NAME/), with the booklet figures that
// justify them; the generator reads them here and never names a family.
#pragma once

#include <string_view>

#include "puzzle/puzzle.hpp"
#include "rater/rater.hpp"

namespace piecework {

// What a challenge is made of.
enum class ChallengeForm {
  Pieces,         // given pieces, taken away from the full solution while it stays the only one
  ColourPattern,  // the colours a board's window shows (no piece given)
  MarkedCells,    // single cells marked with the letter of the piece covering them (no piece given)
};

struct LevelShape {
  ChallengeForm form = ChallengeForm::Pieces;
  BookletLevel ranges;             // pieces to place and spare givens (puzzle/puzzle.hpp); default: any
  int minMarks = 0, maxMarks = 0;  // marked cells per challenge (form MarkedCells)
};

class FamilyBooklet {
 public:
  virtual ~FamilyBooklet() = default;
  // The family's challenges at `level` of `puzzle`, as its official booklet makes them.
  virtual LevelShape shape(const Puzzle& puzzle, Level level) const = 0;
};

// Adds a family's part (families/registry.cpp calls it); a family registered again is replaced.
void registerBooklet(std::string_view family, const FamilyBooklet& booklet);

// The shape generate keeps to at `level`: the form and ranges of the puzzle's family (for a family without a
// booklet part: placed pieces, or the pattern on a board with a window, and no ranges), with a definition's
// own [booklet.LEVEL] ranges in place of the family's. `likeBooklet` false (GenerateOptions::likeBooklet):
// the form alone, no ranges.
LevelShape levelShape(const Puzzle& puzzle, Level level, bool likeBooklet = true);

}  // namespace piecework

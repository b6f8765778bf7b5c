// SPDX-License-Identifier: Apache-2.0
// The rater's strategies for what a challenge asks beyond its placed pieces (CellMarks,
// puzzle/challenge.hpp), shared by the families whose challenges carry marks: IQ Focus's colour patterns
// (families/iq_focus/strategies.cpp) and IQ Stars' marked cells (families/iq_stars/strategies.cpp). A person
// starts there: a window square that must be red rules out every placement that would put another colour on
// it, and a cell marked for a piece rules out that piece's placements that miss it and every other piece's
// placements that cover it.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "rater/family_strategies.hpp"

namespace piecework::rating {

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

// State::family: [0] 1 once the marks have ruled out what they rule out.
class MarkStrategies : public FamilyStrategies {
 public:
  explicit MarkStrategies(const RaterCore& core) : core_(core) {}
  void start(State& s) const override { s.family.assign(1, 0); }
  // Every option that the marks forbid, once, as Strategy::Marks events named kStrategyColourRule (a window
  // square) or kStrategyMarkedCell (a marked cell).
  void opening(State& s, int depth, std::vector<Event>& log) const override;
  std::string reason(const Event& e) const override;

 protected:
  std::string siteName(int site) const;
  const RaterCore& core_;
};

}  // namespace piecework::rating

// SPDX-License-Identifier: Apache-2.0
// The IQ Stars family: a triangular board whose challenges may mark single cells with a piece's letter
// (marked_cells = true): letters that are no whole placement say that this piece covers those cells
// (CellMarks), which the solver turns into dropped placements. The picture notation with marks is Family's
// default (puzzle/challenge.cpp); what is IQ Stars' own goes here and in the family files of the other
// layers.
#include "families/iq_stars/module.hpp"

namespace piecework {
namespace {

class IqStarsFamily final : public Family {
 public:
  std::string_view name() const override { return "iq-stars"; }
  std::string rulesText(const Puzzle& puzzle) const override {
    if (!puzzle.markedCells) return Family::rulesText(puzzle);
    return Family::rulesText(puzzle) +
           " A cell with a coloured dot must be covered by the piece of that colour.";
  }
  bool claims(const PuzzleSpec& spec) const override { return spec.markedCells; }
};

}  // namespace

const Family& iqStarsFamily() {
  static const IqStarsFamily family;
  return family;
}

}  // namespace piecework

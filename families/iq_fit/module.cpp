// SPDX-License-Identifier: Apache-2.0
#include "families/iq_fit/module.hpp"

#include <array>

namespace piecework {
namespace {

// Every part but the booklet is the layers' default, as for the cells family.
class IqFitFamily final : public Family {
 public:
  std::string_view name() const override { return "iq-fit"; }
  // Hex-peg pieces are balls and rings, which only IQ-Link's family reads.
  bool canRule(const PuzzleSpec& spec) const override { return spec.lattice != Lattice::HexPegs; }
};

// The official booklet's challenges per level, measured on its 60 challenges in
// data/calibration/iq-fit-booklet.jsonl (12 per level) with
//   jq -r .challenge data/calibration/iq-fit-booklet.jsonl | piecework rate iq-fit --challenge-file - --json
// (to_place, and spare_givens = log2(1 + n)), counted by level (docs/generating.md):
//   pieces to place: Starter 2: 3, 3: 6, 4: 3; Junior 4: 6, 5: 5, 6: 1; Expert 6: 5, 7: 6, 8: 1;
//                    Master 6: 2, 7: 7, 8: 3; Wizard 7: 3, 8: 9
//   spare givens:    Starter 4: 1, 5: 2, 6: 4, 7: 3, 8: 2 (of 6 to 8 givens); none at all from Junior to
//   Wizard.
// tests/generator_booklet_test.cpp counts them again from the file and checks these ranges against them.
class IqFitBooklet final : public FamilyBooklet {
 public:
  LevelShape shape(const Puzzle&, Level level) const override {
    struct Ranges {
      int minToPlace, maxToPlace, minSpare, maxSpare;
    };
    static constexpr std::array<Ranges, 5> kLevels = {{
        {2, 4, 4, 8},  // Starter
        {4, 6, 0, 0},  // Junior
        {6, 8, 0, 0},  // Expert
        {6, 8, 0, 0},  // Master
        {7, 8, 0, 0},  // Wizard
    }};
    const Ranges& r = kLevels[static_cast<std::size_t>(level)];
    return {.ranges = {.minToPlace = r.minToPlace,
                       .maxToPlace = r.maxToPlace,
                       .minSpareGivens = r.minSpare,
                       .maxSpareGivens = r.maxSpare}};
  }
};

}  // namespace

FamilyModule iqFitModule() {
  static const IqFitFamily family;
  static const IqFitBooklet booklet;
  return {.family = &family, .booklet = &booklet};
}

}  // namespace piecework

// SPDX-License-Identifier: Apache-2.0
// An exact-cover problem over one puzzle and a set of given placements: the options left, what must still be
// placed, and the family rule. Built once, searched many times (by several threads).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "puzzle/challenge.hpp"
#include "puzzle/puzzle.hpp"

namespace piecework {

// What a search obeys beyond the puzzle's exact cover: one value, read once from the command line
// (cli/command.hpp, readRules) and carried down to the family's search rule.
struct Rules {
  bool familyRule = true;  // apply the puzzle's family rule, if it has one (Puzzle::hasFamilyRule)
  CellMarks marks;         // the challenge's colour pattern: placements that contradict it are dropped
};

// Whether a search of `puzzle` under `rules` applies the family's rule: the puzzle has one, and the rules
// keep it.
inline bool appliesFamilyRule(const Puzzle& puzzle, const Rules& rules) {
  return puzzle.hasFamilyRule && rules.familyRule;
}

// The base of a family's data for its search rule (Problem::ruleData).
struct RuleData {
  virtual ~RuleData() = default;
};

struct Problem {
  const Puzzle* puzzle = nullptr;
  std::vector<int> givens;  // placement ids
  std::vector<int> need;    // per piece: copies still to place (the most, for a range of copies)
  // Per piece: how many of `need` a solution may leave out (copies - minCopies, less any given beyond
  // minCopies); all 0 unless the puzzle has copy ranges, and then the search is multiplicity exact cover.
  std::vector<int> spare;
  std::vector<int> options;  // placement ids that fit beside the givens and belong to a needed piece
  // The rules it was built with, as they apply to its puzzle: the family rule only where the puzzle has
  // one (the family's search rule reads it), the marks its options were filtered by.
  Rules rules;
  // What the family's search rule reads (per placement masks, budgets), filled once per problem by its
  // EngineRule (solver/family_rule.hpp, docs/families.md); null for plain exact cover. Generic code never
  // looks inside.
  std::shared_ptr<const RuleData> ruleData;
  int needTotal() const;
};

// Does this symmetry map the marks onto themselves? (Only such symmetries may merge solutions.)
bool keepsMarks(const CellMarks& marks, const Symmetry& symmetry);

// Validates the givens (no overlap, no piece given more often than it has copies) and the marks, and builds
// the problem. Throws InputError naming the offending given. A command does this once per challenge and
// passes the problem down (findSolutions, uniqueness, rate take it as it is).
Problem makeProblem(const Puzzle& puzzle, const std::vector<int>& givens, Rules rules);

}  // namespace piecework

// SPDX-License-Identifier: Apache-2.0
// A puzzle family (docs/families.md): what sets one kind of puzzle apart from plain exact cover over the
// cells of a lattice. Each family is one module in its own folder (families/NAME/) with a part for each
// layer: this puzzle-level part (the search order of its sites, what its sites are called, its challenge
// notation), an optional engine rule (solver/family_rule.hpp), its own rater strategies
// (rater/family_strategies.hpp) and its drawing (output/family_drawing.hpp). Each layer keeps a registry
// keyed by the family's name, which the one registration table (families/registry.cpp) fills, so that no
// layer knows a family by name.
//
// The calls here are made once per puzzle, challenge or printed placement, never inside the search, so they
// are virtual; the engine gets what it needs from the family as plain data (Problem), not as calls.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "puzzle/challenge.hpp"
#include "puzzle/puzzle.hpp"

namespace piecework {

class PieceReader;  // puzzle/piece_reader.hpp

class Family {
 public:
  virtual ~Family() = default;
  virtual std::string_view name() const = 0;  // the registry key of every layer
  // Whether a definition that names no family (`family` in docs/puzzle-format.md) is of this one, from its
  // lattice and options; the first registered family that claims it takes it.
  virtual bool claims(const PuzzleSpec&) const { return false; }
  // Whether a definition that names this family (`family = NAME`) is one it can rule; by default those it
  // claims.
  virtual bool canRule(const PuzzleSpec& spec) const { return claims(spec); }

  // Lattice and sites. The sites a board cell has (IQ-Link: a peg's centre and its six directions), what
  // one board cell and one site are called in messages, and the search order (bit i of a placement mask is
  // sites[i]; the default sweeps the longest axis last, so that the first empty cell sits on a short
  // frontier).
  virtual int sitesPerCell() const { return 1; }
  virtual const char* cellNoun() const { return "cells"; }
  virtual const char* siteNoun() const { return "cells"; }
  virtual std::vector<Site> searchOrder(const Puzzle& puzzle) const;
  // How its pieces are read from a definition, when not as cell shapes (`shape`, `colours`, `cubes`,
  // `faces`): IQ-Link's `parts`. nullptr: as cell shapes.
  virtual const PieceReader* pieceReader() const { return nullptr; }

  // Notation (docs/notation.md). The default is the board picture of piece letters.
  // Reads a challenge: its given placements and what it asks beyond them (CellMarks).
  virtual Challenge parseChallenge(const Puzzle& puzzle, std::string_view text) const;
  // Reads placements only (a solution, or a challenge of placed pieces); throws InputError for marks.
  virtual std::vector<int> parsePlacements(const Puzzle& puzzle, std::string_view text) const;
  virtual std::string formatPlacements(const Puzzle& puzzle, const std::vector<int>& placements,
                                       Layout layout) const;
  // Whether the notation writes every challenge on one line (IQ-Link's codes), so that a file of challenges
  // holds one per non-empty line; otherwise challenges are pictures, which may span lines
  // (puzzle/challenge_file.hpp).
  virtual bool challengesOnOneLine() const { return false; }
  // Words for one placement and one site, as the rater's steps print them ("r2c3 r2c4", "peg K").
  virtual std::string describePlacement(const Puzzle& puzzle, int placement) const;
  virtual std::string siteName(const Puzzle& puzzle, int site) const;
  // The notation's words for row `row` and column `column` of a flat board, or of each layer of a box of
  // cubes (1-based: "r4", "c2" for cell "r4c2" or "l1r4c2"; on a triangular board the column counts from the
  // board's leftmost column in each row, as its picture does), printed around drawn boards so that a cell a
  // hint names can be found on the page. Empty where the notation does not name cells by row and column
  // (pegs, and layers of other solids).
  virtual std::string rowName(const Puzzle& puzzle, int row) const;
  virtual std::string columnName(const Puzzle& puzzle, int column) const;
  // Where a placement lies, for the walk-through ("on pegs A, B and G"); empty: the rows and columns it
  // spans (rater/explain.cpp words those).
  virtual std::string placementWhere(const Puzzle& puzzle, int placement) const;
  // The rules printed on a booklet's first page.
  virtual std::string rulesText(const Puzzle& puzzle) const;
  // The family's own rule beyond exact cover (Puzzle::hasFamilyRule) in the words of generic messages, so
  // that commands need not know it; empty for a family without one. `ruleName` qualifies it ("linked":
  // "no solution under the linked rule"), `ruleClause` states it ("the pieces must form one linked
  // structure").
  virtual std::string_view ruleName() const { return {}; }
  virtual std::string_view ruleClause() const { return {}; }
};

// Adds a family to this layer's registry (families/registry.cpp calls it); a family of the same name is
// replaced.
void registerPuzzleFamily(const Family& family);

// The family a definition belongs to: the one it names, else the first registered family that claims it.
// Throws std::logic_error when no family is registered (the program did not call
// registerShippedFamilies(), families/registry.hpp).
std::string_view familyFor(const PuzzleSpec& spec);

// The registered family of that name; throws std::out_of_range for an unknown name.
const Family& familyNamed(std::string_view name);
// The registered families' names, in registration order.
std::vector<std::string_view> familyNames();
// The puzzle's family (buildPuzzle sets it; a puzzle made by hand without one gets Family's defaults).
const Family& familyOf(const Puzzle& puzzle);

}  // namespace piecework

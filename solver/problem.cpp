// SPDX-License-Identifier: Apache-2.0
#include "solver/problem.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <utility>

#include "puzzle/errors.hpp"
#include "solver/family_rule.hpp"

namespace piecework {

int Problem::needTotal() const {
  int total = 0;
  for (int n : need) total += n;
  return total;
}

bool keepsMarks(const CellMarks& marks, const Symmetry& symmetry) {
  auto sorted = marks.colours;
  std::sort(sorted.begin(), sorted.end());
  auto image = marks.colours;
  for (auto& [site, colour] : image) site = symmetry.site[static_cast<std::size_t>(site)];
  std::sort(image.begin(), image.end());
  auto pieces = marks.pieces;
  std::sort(pieces.begin(), pieces.end());
  auto piecesImage = marks.pieces;
  for (auto& [site, piece] : piecesImage) {
    site = symmetry.site[static_cast<std::size_t>(site)];
    piece = symmetry.piece[static_cast<std::size_t>(piece)];
  }
  std::sort(piecesImage.begin(), piecesImage.end());
  return image == sorted && piecesImage == pieces;
}

Problem makeProblem(const Puzzle& puzzle, const std::vector<int>& givens, Rules rules) {
  Problem problem;
  problem.puzzle = &puzzle;
  problem.givens = givens;
  problem.need.resize(puzzle.pieces.size());
  for (std::size_t i = 0; i < puzzle.pieces.size(); ++i) problem.need[i] = puzzle.pieces[i].copies;
  problem.spare.assign(puzzle.pieces.size(), 0);
  std::vector<int> owner(puzzle.sites.size(), -1);
  for (int id : givens) {
    const Placement& p = puzzle.placements[static_cast<std::size_t>(id)];
    const PieceDef& piece = puzzle.pieces[static_cast<std::size_t>(p.piece)];
    if (--problem.need[static_cast<std::size_t>(p.piece)] < 0)
      throw InputError(fmt::format("piece '{}' ({}) is given more often than its {} cop{}", piece.letter,
                                   piece.name, piece.copies, piece.copies == 1 ? "y" : "ies"));
    for (int s : p.sites) {
      if (owner[static_cast<std::size_t>(s)] >= 0) {
        const auto& other = puzzle.pieces[static_cast<std::size_t>(
            puzzle.placements[static_cast<std::size_t>(owner[static_cast<std::size_t>(s)])].piece)];
        throw InputError(fmt::format("given pieces '{}' and '{}' overlap", other.letter, piece.letter));
      }
      owner[static_cast<std::size_t>(s)] = id;
    }
  }
  for (std::size_t i = 0; i < puzzle.pieces.size(); ++i)
    problem.spare[i] = std::min(problem.need[i], puzzle.pieces[i].copies - puzzle.pieces[i].minCopies);
  if (puzzle.hasCopyRanges() && !rules.marks.empty())
    throw InputError("a challenge's marks need a puzzle whose every piece is placed (no range of copies)");
  // The colours a challenge asks for are a condition on single placements: a placement that would show
  // another colour on a marked cell never takes part, so it is dropped here and the search stays plain exact
  // cover. (Every piece is placed and, with fill_every_cell, every marked cell is covered.)
  std::vector<char> wanted(puzzle.sites.size(), '\0');
  // Marked cells: the marking piece covers the cell (every piece is placed, so a single-copy piece must take
  // a placement through it) and no other piece does.
  std::vector<int> markedBy(puzzle.sites.size(), -1);
  std::vector<std::vector<int>> marksOf(puzzle.pieces.size());
  for (const auto& [site, piece] : rules.marks.pieces) {
    markedBy[static_cast<std::size_t>(site)] = piece;
    if (puzzle.pieces[static_cast<std::size_t>(piece)].copies > 1 && !puzzle.fillAll)
      throw InputError("a marked cell of a piece with copies needs a board whose every cell is filled");
    if (puzzle.pieces[static_cast<std::size_t>(piece)].copies == 1)
      marksOf[static_cast<std::size_t>(piece)].push_back(site);
  }
  for (const auto& [site, colour] : rules.marks.colours) {
    if (!puzzle.fillAll)
      throw InputError("a colour pattern needs a board whose every cell is filled (fill_every_cell)");
    wanted[static_cast<std::size_t>(site)] = colour;
  }
  for (int id = 0; id < static_cast<int>(puzzle.placements.size()); ++id) {
    const Placement& p = puzzle.placements[static_cast<std::size_t>(id)];
    if (problem.need[static_cast<std::size_t>(p.piece)] == 0) continue;
    bool free = true;
    // (No givens, no site owned: measured, the test took 0.63M instructions of `count PelikanBurr#1`.)
    if (!givens.empty())
      for (int s : p.sites) free = free && owner[static_cast<std::size_t>(s)] < 0;
    if (!rules.marks.empty()) {
      for (int s : p.sites)
        free =
            free &&
            (wanted[static_cast<std::size_t>(s)] == '\0' ||
             wanted[static_cast<std::size_t>(s)] == p.colourAt(s)) &&
            (markedBy[static_cast<std::size_t>(s)] < 0 || markedBy[static_cast<std::size_t>(s)] == p.piece);
      for (int s : marksOf[static_cast<std::size_t>(p.piece)])
        free = free && std::binary_search(p.sites.begin(), p.sites.end(), s);
    }
    if (free) problem.options.push_back(id);
  }
  problem.rules = std::move(rules);
  problem.rules.familyRule = appliesFamilyRule(puzzle, problem.rules);
  if (const EngineRule* rule = engineRuleOf(puzzle)) rule->prepare(puzzle, problem);
  return problem;
}

}  // namespace piecework

#include "solver/problem.hpp"

#include <fmt/format.h>

#include "puzzle/errors.hpp"

namespace piecework {

int Problem::needTotal() const {
  int total = 0;
  for (int n : need) total += n;
  return total;
}

Problem makeProblem(const Puzzle& puzzle, const std::vector<int>& givens, Rules rules) {
  Problem problem;
  problem.puzzle = &puzzle;
  problem.givens = givens;
  problem.need.resize(puzzle.pieces.size());
  for (std::size_t i = 0; i < puzzle.pieces.size(); ++i) problem.need[i] = puzzle.pieces[i].copies;
  std::vector<int> owner(puzzle.sites.size(), -1);
  for (int id : givens) {
    const Placement& p = puzzle.placements[static_cast<std::size_t>(id)];
    const PieceDef& piece = puzzle.pieces[static_cast<std::size_t>(p.piece)];
    if (--problem.need[static_cast<std::size_t>(p.piece)] < 0)
      throw InputError(fmt::format("piece '{}' ({}) is given more often than its {} cop{}", piece.letter, piece.name,
                                   piece.copies, piece.copies == 1 ? "y" : "ies"));
    for (int s : p.sites) {
      if (owner[static_cast<std::size_t>(s)] >= 0) {
        const auto& other = puzzle.pieces[static_cast<std::size_t>(
            puzzle.placements[static_cast<std::size_t>(owner[static_cast<std::size_t>(s)])].piece)];
        throw InputError(fmt::format("given pieces '{}' and '{}' overlap", other.letter, piece.letter));
      }
      owner[static_cast<std::size_t>(s)] = id;
    }
  }
  for (int id = 0; id < static_cast<int>(puzzle.placements.size()); ++id) {
    const Placement& p = puzzle.placements[static_cast<std::size_t>(id)];
    if (problem.need[static_cast<std::size_t>(p.piece)] == 0) continue;
    bool free = true;
    for (int s : p.sites) free = free && owner[static_cast<std::size_t>(s)] < 0;
    if (free) problem.options.push_back(id);
  }
  problem.linked = rules.linked && puzzle.linked;
  if (problem.linked) {
    if (puzzle.cells.size() > 64) throw InputError("the linkage rule supports boards of at most 64 pegs");
    problem.pegs.resize(puzzle.placements.size());
    for (std::size_t id = 0; id < puzzle.placements.size(); ++id)
      for (int s : puzzle.placements[id].sites) problem.pegs[id] |= std::uint64_t{1} << (s / 7);
  }
  return problem;
}

}  // namespace piecework

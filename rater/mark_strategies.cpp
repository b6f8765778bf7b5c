#include "rater/mark_strategies.hpp"

#include <fmt/format.h>
#include <algorithm>

namespace piecework {

std::optional<MarkConflict> markConflict(const Puzzle& puzzle, const CellMarks& marks, int placement) {
  const Placement& p = puzzle.placements[static_cast<std::size_t>(placement)];
  const auto covers = [&](int site) { return std::binary_search(p.sites.begin(), p.sites.end(), site); };
  for (const auto& [site, colour] : marks.colours)
    if (covers(site) && p.colourAt(site) != colour) {
      MarkConflict c;
      c.site = site;
      c.wanted = colour;
      c.shown = p.colourAt(site);
      return c;
    }
  for (const auto& [site, piece] : marks.pieces) {
    const bool single = puzzle.pieces[static_cast<std::size_t>(piece)].copies == 1;
    if ((covers(site) && piece != p.piece) || (single && piece == p.piece && !covers(site))) {
      MarkConflict c;
      c.site = site;
      c.marked = piece;
      c.misses = piece == p.piece;
      return c;
    }
  }
  return std::nullopt;
}

std::string colourWord(char colour) {
  switch (colour) {
    case 'W':
      return "white";
    case 'R':
      return "red";
    case 'B':
      return "blue";
    case 'G':
      return "green";
    case '\0':
      return "no colour";
    default:
      return std::string(1, colour);
  }
}

std::string markConflictText(const Puzzle& puzzle, const MarkConflict& conflict, const std::string& cell) {
  if (conflict.wanted != 0)
    return fmt::format("it would put {} on window square {}, which must show {}", colourWord(conflict.shown),
                       cell, colourWord(conflict.wanted));
  const PieceDef& marked = puzzle.pieces[static_cast<std::size_t>(conflict.marked)];
  if (conflict.misses) return fmt::format("it misses cell {}, which is marked for this piece", cell);
  return fmt::format("it covers cell {}, which is marked for piece {} ({})", cell, marked.letter,
                     marked.name);
}

}  // namespace piecework

// SPDX-License-Identifier: Apache-2.0
#include "rater/marks_strategies.hpp"

#include <fmt/format.h>
#include <algorithm>

#include "puzzle/family.hpp"
#include "rater/rater.hpp"

namespace piecework::rating {

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

void MarkStrategies::opening(State& s, int depth, std::vector<Event>& log) const {
  if (s.family.empty() || s.family[0] != 0) return;
  s.family[0] = 1;
  const CellMarks& marks = core_.marks();
  if (marks.empty()) return;
  const auto& options = core_.problem().options;
  forEach(s.alive, [&](int o) {
    const auto conflict = markConflict(core_.puzzle(), marks, options[static_cast<std::size_t>(o)]);
    if (!conflict) return;
    Event e = makeEvent(Strategy::Marks, o, false, depth);
    e.name = conflict->wanted != 0 ? kStrategyColourRule : kStrategyMarkedCell;
    e.site = conflict->site;
    log.push_back(e);
    clearBit(s.alive, o);
  });
}

std::string MarkStrategies::siteName(int site) const {
  return familyOf(core_.puzzle()).siteName(core_.puzzle(), site);
}

std::string MarkStrategies::reason(const Event& e) const {
  const Puzzle& puzzle = core_.puzzle();
  const auto conflict =
      markConflict(puzzle, core_.marks(), core_.problem().options[static_cast<std::size_t>(e.option)]);
  if (!conflict) return {};
  const std::string cell = siteName(conflict->site);
  if (conflict->wanted != 0)
    return fmt::format("it would put {} on window square {}, which must show {}", colourWord(conflict->shown),
                       cell, colourWord(conflict->wanted));
  if (conflict->misses) return fmt::format("it misses cell {}, which is marked for this piece", cell);
  const PieceDef& marked = puzzle.pieces[static_cast<std::size_t>(conflict->marked)];
  return fmt::format("it covers cell {}, which is marked for piece {} ({})", cell, marked.letter,
                     marked.name);
}

}  // namespace piecework::rating

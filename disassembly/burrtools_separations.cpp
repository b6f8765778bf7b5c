// SPDX-License-Identifier: Apache-2.0
#include "disassembly/burrtools_separations.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

#include "puzzle/burrtools.hpp"

namespace piecework {

namespace {

// BurrTools moves a removed part this far out in the last state of a separation (its reader takes any
// coordinate beyond 10,000 as "removed").
constexpr int kRemovedDistance = 30000;

Site plus(Site a, Site b) {
  return {a.x + b.x, a.y + b.y, a.z + b.z};
}
Site minus(Site a, Site b) {
  return {a.x - b.x, a.y - b.y, a.z - b.z};
}

// Per assembly piece (DisassembledSolution::placements' order), its BurrTools piece number: the problem's
// pieces in order, each as many times as it has copies (puzzle/burrtools.cpp writes them so).
std::vector<int> pieceNumbers(const Puzzle& puzzle, const std::vector<int>& placements) {
  std::vector<int> first(puzzle.pieces.size() + 1, 0), used(puzzle.pieces.size(), 0);
  for (std::size_t p = 0; p < puzzle.pieces.size(); ++p) first[p + 1] = first[p] + puzzle.pieces[p].copies;
  std::vector<int> out;
  for (const int id : placements) {
    const auto p = static_cast<std::size_t>(puzzle.placements[static_cast<std::size_t>(id)].piece);
    out.push_back(first[p] + used[p]++);
  }
  return out;
}

struct Written {
  std::vector<int> number;     // per assembly piece, its BurrTools piece number
  std::vector<Site> position;  // per assembly piece, its BurrTools position
  std::string text;
};

void separationXml(Written& out, const Separation& s, const char* type, Site shift) {
  out.text += type == nullptr ? std::string("<separation>") : fmt::format("<separation type=\"{}\">", type);
  std::vector<int> numbers;
  for (const int k : s.pieces) numbers.push_back(out.number[static_cast<std::size_t>(k)]);
  out.text += fmt::format("<pieces count=\"{}\">{}</pieces>", numbers.size(), fmt::join(numbers, " "));
  auto state = [&](const std::vector<Site>& offsets, bool removing) {
    std::vector<int> d[3];
    for (std::size_t k = 0; k < s.pieces.size(); ++k) {
      Site at = plus(plus(out.position[static_cast<std::size_t>(s.pieces[k])], offsets[k]), shift);
      if (removing && s.removed[k])
        at = plus(at, {s.direction.x * kRemovedDistance, s.direction.y * kRemovedDistance,
                       s.direction.z * kRemovedDistance});
      d[0].push_back(at.x), d[1].push_back(at.y), d[2].push_back(at.z);
    }
    out.text += fmt::format("<state><dx>{}</dx><dy>{}</dy><dz>{}</dz></state>", fmt::join(d[0], " "),
                            fmt::join(d[1], " "), fmt::join(d[2], " "));
  };
  for (const std::vector<Site>& offsets : s.positions) state(offsets, false);
  state(s.positions.back(), true);
  if (s.away) {
    // As BurrTools does, the removed part's states are shifted along the way it left, to where its first
    // piece's coordinate along that direction is 0, or as near as whole steps go (BurrTools draws a removed
    // part apart from the rest anyway).
    const auto first =
        static_cast<std::size_t>(std::find(s.removed.begin(), s.removed.end(), true) - s.removed.begin());
    const Site at =
        plus(plus(out.position[static_cast<std::size_t>(s.pieces[first])], s.positions.back()[first]), shift);
    const Site d = s.direction;
    const int along = d.x != 0 ? at.x / d.x : d.y != 0 ? at.y / d.y : at.z / d.z;
    const Site back{-along * d.x, -along * d.y, -along * d.z};
    separationXml(out, *s.away, "removed", plus(shift, back));
  }
  if (s.left) separationXml(out, *s.left, "left", shift);
  out.text += "</separation>";
}

}  // namespace

std::string burrToolsSolutionsXml(const Puzzle& puzzle, const std::vector<DisassembledSolution>& solutions) {
  const Site origin = burrToolsOrigin(puzzle);
  int pieceCount = 0;
  for (const PieceDef& piece : puzzle.pieces) pieceCount += piece.copies;
  std::string xml = "<solutions>";
  for (const DisassembledSolution& solution : solutions) {
    Written out;
    out.number = pieceNumbers(puzzle, solution.placements);
    std::vector<std::string> assembly(static_cast<std::size_t>(pieceCount), "x");
    for (std::size_t k = 0; k < solution.placements.size(); ++k) {
      const Placement& placement = puzzle.placements[static_cast<std::size_t>(solution.placements[k])];
      std::vector<Site> cells;
      for (const int site : placement.sites)
        cells.push_back(minus(puzzle.sites[static_cast<std::size_t>(site)], origin));
      const auto at =
          burrToolsPlacement(burrToolsPieceVoxels(puzzle, placement.piece), cells, puzzle.lattice);
      if (!at) throw std::logic_error("a placement that is no turn of its piece");
      out.position.push_back(at->position);
      assembly[static_cast<std::size_t>(out.number[k])] =
          fmt::format("{} {} {} {}", at->position.x, at->position.y, at->position.z, at->transformation);
    }
    xml += fmt::format("<solution><assembly>{}</assembly>", fmt::join(assembly, " "));
    if (solution.disassembly.tree) separationXml(out, *solution.disassembly.tree, nullptr, Site{});
    xml += out.text + "</solution>";
  }
  return xml + "</solutions>";
}

}  // namespace piecework

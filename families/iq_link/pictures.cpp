// SPDX-License-Identifier: Apache-2.0
// IQ-Link's terminal pictures: each peg's parts as letters (a ball upper case, a ring lower case) on the hex
// layout (its cairo drawing is drawing.cpp).
#include <fmt/format.h>
#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "families/iq_link/family.hpp"
#include "families/iq_link/module.hpp"
#include "output/paint.hpp"

namespace piecework {
namespace {

// ---------------------------------------------------------------------------------------------------------------
// Terminal pictures.

// One part of a piece on a peg: a ball (upper-case letter, on the piece's colour) or a ring (lower-case
// letter, in the piece's colour).
struct PegMark {
  char letter = '?';
  bool ball = false;
  std::string colour;
};

struct PegSpot {
  int q = 0;  // axial peg coordinates: odd rows sit half a step to the right (as on the sheets)
  int r = 0;
  std::vector<PegMark> marks;  // ball first
  char label = 0;              // the peg's printed letter, 0 for none
};

std::string markText(const PegMark& m, bool colour) {
  const char letter = static_cast<char>(m.ball ? std::toupper(static_cast<unsigned char>(m.letter))
                                               : std::tolower(static_cast<unsigned char>(m.letter)));
  if (!colour) return std::string(1, letter);
  unsigned r = 0, g = 0, b = 0;
  if (std::sscanf(m.colour.c_str(), "#%2x%2x%2x", &r, &g, &b) != 3) return std::string(1, letter);
  if (m.ball) return paintText(std::string(1, letter), m.colour);
  return fmt::format("\x1b[1;38;2;{};{};{}m{}\x1b[0m", r, g, b, letter);
}

// Pegs on their hex layout, three characters a half step: each peg's parts, and under each row of pegs their
// printed letters when they have one.
std::string hexPicture(const std::vector<PegSpot>& spots, bool colour, const std::string& indent) {
  if (spots.empty()) return {};
  int minHalf = 1 << 20, minRow = 1 << 20, maxRow = -(1 << 20);
  bool labels = false;
  for (const PegSpot& p : spots) {
    minHalf = std::min(minHalf, 2 * p.q + p.r);
    minRow = std::min(minRow, p.r), maxRow = std::max(maxRow, p.r);
    labels = labels || p.label != 0;
  }
  std::string out;
  for (int row = minRow; row <= maxRow; ++row) {
    std::vector<const PegSpot*> inRow;
    for (const PegSpot& p : spots)
      if (p.r == row) inRow.push_back(&p);
    std::sort(inRow.begin(), inRow.end(), [](const PegSpot* a, const PegSpot* b) { return a->q < b->q; });
    std::string parts = indent, names = indent;
    int at = 0;  // visible width written so far (escapes take none)
    for (const PegSpot* p : inRow) {
      const int column = (2 * p->q + p->r - minHalf) * 3;
      const int width = std::max<int>(1, static_cast<int>(p->marks.size()));
      const int start = column + 1 - (width - 1) / 2;
      parts += std::string(static_cast<std::size_t>(std::max(0, start - at)), ' ');
      at = std::max(at, start);
      if (p->marks.empty()) {
        parts += colour ? "\x1b[90m.\x1b[0m" : ".";
      } else {
        for (const PegMark& m : p->marks) parts += markText(m, colour);
      }
      at += width;
    }
    while (!parts.empty() && parts.back() == ' ') parts.pop_back();
    out += parts + '\n';
    if (labels) {
      std::string line;
      int last = 0;
      for (const PegSpot* p : inRow) {
        const int column = (2 * p->q + p->r - minHalf) * 3 + 1;
        if (column >= static_cast<int>(line.size())) line.resize(static_cast<std::size_t>(column) + 1, ' ');
        line[static_cast<std::size_t>(column)] = p->label;
        last = column;
      }
      line.resize(static_cast<std::size_t>(last) + 1);
      names += colour ? "\x1b[90m" + line + "\x1b[0m" : line;
      out += names + '\n';
    }
  }
  return out;
}

std::string hexBoard(const Puzzle& puzzle, const std::vector<int>& placements, bool colour) {
  std::vector<PegSpot> spots(puzzle.cells.size());
  for (std::size_t i = 0; i < spots.size(); ++i) {
    spots[i].q = puzzle.cells[i].x;
    spots[i].r = puzzle.cells[i].y;
    spots[i].label = pegLetter(static_cast<int>(i));
  }
  for (int id : placements) {
    const Placement& p = puzzle.placements[static_cast<std::size_t>(id)];
    const PieceDef& def = puzzle.pieces[static_cast<std::size_t>(p.piece)];
    std::vector<int> pegs;
    for (int s : p.sites)
      if (std::find(pegs.begin(), pegs.end(), pegOfSite(s)) == pegs.end()) pegs.push_back(pegOfSite(s));
    for (int peg : pegs) {
      const bool ball = std::binary_search(p.sites.begin(), p.sites.end(), pegCentre(peg));
      auto& marks = spots[static_cast<std::size_t>(peg)].marks;
      const PegMark mark{def.letter, ball, def.colour};
      if (ball)
        marks.insert(marks.begin(), mark);
      else
        marks.push_back(mark);
    }
  }
  return hexPicture(spots, colour, "") +
         "(upper case: a ball, lower case: a ring; peg letters below each row)\n";
}

// The piece on its pegs, then each part with its links (ball) or openings (ring), which the picture leaves
// out.
std::string hexPiece(const PieceDef& def, bool colour) {
  std::vector<PegSpot> spots;
  for (const PegPart& part : def.parts)
    spots.push_back({part.offset.x, part.offset.y, {PegMark{def.letter, part.ball, def.colour}}, 0});
  std::string out = hexPicture(spots, colour, "  ");
  for (const auto& part : def.parts) {
    static const char* const names[] = {"R", "DR", "DL", "L", "UL", "UR"};
    std::string dirs;
    for (int d : part.directions) dirs += std::string(dirs.empty() ? "" : " ") + names[d];
    out += fmt::format("  ({:+d},{:+d}) {} {}\n", part.offset.x, part.offset.y,
                       part.ball ? "ball linked" : (part.directions.empty() ? "closed ring" : "ring open"),
                       dirs);
  }
  return out;
}

class IqLinkPictures final : public FamilyPictures {
 public:
  std::string boardPicture(const Puzzle& puzzle, const std::vector<int>& placements, bool colour,
                           const CellMarks& /*marks: IQ-Link challenges have none*/) const override {
    return hexBoard(puzzle, placements, colour);
  }
  std::string piecePicture(const Puzzle& puzzle, int piece, bool colour) const override {
    return hexPiece(puzzle.pieces[static_cast<std::size_t>(piece)], colour);
  }
};

}  // namespace

const FamilyPictures& iqLinkPictures() {
  static const IqLinkPictures pictures;
  return pictures;
}

}  // namespace piecework

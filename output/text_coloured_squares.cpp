// SPDX-License-Identifier: Apache-2.0
#include "output/text_coloured_squares.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <cstdio>
#include <limits>

#include "output/draw_coloured_squares.hpp"
#include "output/paint.hpp"

namespace piecework {
namespace {

struct WindowBox {
  int minX = std::numeric_limits<int>::max();
  int minY = std::numeric_limits<int>::max();
  int maxX = std::numeric_limits<int>::min();
  int maxY = std::numeric_limits<int>::min();
  bool framesRow(int y) const { return y >= minY && y <= maxY; }
};

}  // namespace

bool picturesColouredSquares(const Puzzle& puzzle) {
  return drawsColouredSquares(puzzle) && puzzle.high.z == puzzle.low.z;
}

std::string colouredSquaresPicture(const Puzzle& puzzle, const std::vector<int>& placements,
                                   const CellMarks& marks, bool colour) {
  std::vector<int> pieceAt(puzzle.sites.size(), -1);
  std::vector<char> colourAt(puzzle.sites.size(), 0);
  for (int id : placements) {
    const Placement& p = puzzle.placements[static_cast<std::size_t>(id)];
    for (int s : p.sites) {
      pieceAt[static_cast<std::size_t>(s)] = p.piece;
      colourAt[static_cast<std::size_t>(s)] = p.colourAt(s);
    }
  }
  for (const auto& [site, c] : marks.colours)
    if (pieceAt[static_cast<std::size_t>(site)] < 0) colourAt[static_cast<std::size_t>(site)] = c;
  WindowBox window;
  std::vector<bool> inWindow(puzzle.sites.size(), false);
  for (int site : puzzle.window) {
    const Site& c = puzzle.sites[static_cast<std::size_t>(site)];
    window.minX = std::min(window.minX, c.x), window.maxX = std::max(window.maxX, c.x);
    window.minY = std::min(window.minY, c.y), window.maxY = std::max(window.maxY, c.y);
    inWindow[static_cast<std::size_t>(site)] = true;
  }
  const bool pieces = !placements.empty();
  const bool pattern = !marks.colours.empty();
  std::vector<std::string> rows;
  for (int y = puzzle.low.y; y <= puzzle.high.y; ++y) {
    std::string left, right;
    for (int x = puzzle.low.x; x <= puzzle.high.x + 1; ++x) {
      // The separator before column x: '|' on the window's sides.
      const bool side = window.framesRow(y) && (x == window.minX || x == window.maxX + 1);
      right += side ? '|' : ' ';
      if (x > puzzle.high.x) break;
      auto it = puzzle.siteIndex.find(Site{x, y, puzzle.low.z});
      if (it == puzzle.siteIndex.end()) {
        left += "  ";
        right += ' ';
        continue;
      }
      const auto site = static_cast<std::size_t>(it->second);
      if (pieceAt[site] < 0) {
        left += ". ";
      } else {
        const PieceDef& def = puzzle.pieces[static_cast<std::size_t>(pieceAt[site])];
        const std::string cell = fmt::format("{} ", def.letter);
        left += colour ? paintText(cell, def.colour) : cell;
      }
      const char c = colourAt[site];
      if (c != 0)
        right += colour ? paintText(std::string(1, c), squareColourHex(c)) : std::string(1, c);
      else
        right += inWindow[site] && !pieces && !pattern ? 'o' : '.';
    }
    while (!right.empty() && right.back() == ' ') right.pop_back();
    rows.push_back(pieces ? left + "  " + right : right);
  }
  // Alone, the colour picture starts at the left margin like every other board (unless the window's frame
  // is there).
  const bool indented = std::all_of(rows.begin(), rows.end(),
                                    [](const std::string& r) { return r.empty() || r.front() == ' '; });
  for (std::string& row : rows)
    if (!pieces && indented && !row.empty()) row.erase(0, 1);
  // The notation's row and column words around it, as on the other flat boards (`r2c5` in a hint is found
  // by eye); beside the pieces' letters the colour picture gets its column numbers too, over its letters
  // (each after its separator).
  const int columns = puzzle.high.x - puzzle.low.x + 1;
  std::string out = pieces ? withLabels(puzzle, rows, false, {columns, 0}, 0, 2 * columns + 2 + 1)
                           : withLabels(puzzle, rows, false, {columns, 0}, indented ? 0 : 1);
  if (pieces)
    out += "(right: each square's colour, W white, R red, B blue, G green; '|' frames the window)\n";
  else if (pattern)
    out += "(the colours the framed window must show; W white, R red, B blue, G green)\n";
  else if (!puzzle.window.empty())
    out += "(o: the window's cells, framed by '|')\n";
  return out;
}

std::string colouredPiecePicture(const PieceDef& piece, bool colour) {
  const Shape& face = piece.faces.front();
  int minX = std::numeric_limits<int>::max(), minY = minX, maxX = std::numeric_limits<int>::min(),
      maxY = maxX;
  for (const Site& c : face) {
    minX = std::min(minX, c.x), maxX = std::max(maxX, c.x);
    minY = std::min(minY, c.y), maxY = std::max(maxY, c.y);
  }
  std::string out;
  for (int y = minY; y <= maxY; ++y) {
    std::string row = " ";
    for (int x = minX; x <= maxX; ++x) {
      const auto it = std::find(face.begin(), face.end(), Site{x, y, face.front().z});
      const char c = it == face.end() || piece.faceColours.empty()
                         ? '.'
                         : piece.faceColours.front()[static_cast<std::size_t>(it - face.begin())];
      row += ' ';
      row += colour && c != '.' ? paintText(std::string(1, c), squareColourHex(c)) : std::string(1, c);
    }
    out += row + '\n';
  }
  return out;
}

// (output/draw_coloured_squares.hpp: the cairo drawings and the terminal pictures share them, and the program
// links only the pictures)
bool drawsColouredSquares(const Puzzle& puzzle) {
  if (puzzle.lattice != Lattice::Square) return false;
  return !puzzle.window.empty() || std::any_of(puzzle.pieces.begin(), puzzle.pieces.end(),
                                               [](const PieceDef& p) { return !p.faceColours.empty(); });
}

std::string squareColourHex(char colour) {
  switch (colour) {
    case 'W':
      return "#f8f6f0";
    case 'R':
      return "#d62f3a";
    case 'B':
      return "#2367c4";
    case 'G':
      return "#2f9e55";
    case 'Y':
      return "#f5d300";
    case 'O':
      return "#f18f01";
    case 'P':
      return "#ec6fb0";
    case 'K':
      return "#2b2b2b";
    default:
      return "#a9adb4";
  }
}

}  // namespace piecework

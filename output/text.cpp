#include "output/text.hpp"

#include <fmt/format.h>
#include <unistd.h>
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>

#include "output/text_focus.hpp"
#include "puzzle/challenge.hpp"

namespace piecework {
namespace {

std::string paint(const std::string& text, const std::string& colour) {
  unsigned r = 0, g = 0, b = 0;
  if (std::sscanf(colour.c_str(), "#%2x%2x%2x", &r, &g, &b) != 3) return text;
  const bool dark = (r * 299 + g * 587 + b * 114) / 1000 < 128;
  return fmt::format("\x1b[48;2;{};{};{}m\x1b[{}m{}\x1b[0m", r, g, b, dark ? 97 : 30, text);
}

// Triangular boards: the picture rows of the notation, odd rows indented by half a cell (one space).
// A cell marked with a piece shows its letter in lower case (in colour: in the piece's colour).
std::string triangularBoard(const Puzzle& puzzle, const std::vector<int>& placements, bool colour,
                            const CellMarks& marks) {
  std::vector<int> pieceAt(puzzle.sites.size(), -1);
  for (int id : placements) {
    const Placement& p = puzzle.placements[static_cast<std::size_t>(id)];
    for (int s : p.sites) pieceAt[static_cast<std::size_t>(s)] = p.piece;
  }
  std::vector<int> markAt(puzzle.sites.size(), -1);
  bool marked = false;
  for (const auto& [site, piece] : marks.pieces)
    if (pieceAt[static_cast<std::size_t>(site)] < 0)
      markAt[static_cast<std::size_t>(site)] = piece, marked = true;
  std::string out;
  const auto rows = pictureLayout(puzzle).front();
  for (std::size_t y = 0; y < rows.size(); ++y) {
    if ((puzzle.low.y + static_cast<int>(y)) % 2 != 0) out += ' ';
    for (const int site : rows[y]) {
      const int piece = site < 0 ? -1 : pieceAt[static_cast<std::size_t>(site)];
      const int mark = site < 0 ? -1 : markAt[static_cast<std::size_t>(site)];
      if (piece < 0 && mark >= 0) {
        const auto& def = puzzle.pieces[static_cast<std::size_t>(mark)];
        const char letter = static_cast<char>(std::tolower(static_cast<unsigned char>(def.letter)));
        unsigned r = 0, g = 0, b = 0;
        if (colour && std::sscanf(def.colour.c_str(), "#%2x%2x%2x", &r, &g, &b) == 3)
          out += fmt::format("\x1b[1;38;2;{};{};{}m{}\x1b[0m ", r, g, b, letter);
        else
          out += fmt::format("{} ", letter);
        continue;
      }
      if (piece < 0) {
        out += site < 0 ? "  " : ". ";
        continue;
      }
      const auto& def = puzzle.pieces[static_cast<std::size_t>(piece)];
      const std::string cell = fmt::format("{} ", def.letter);
      out += colour ? paint(cell, def.colour) : cell;
    }
    out += '\n';
  }
  if (marked) out += "(lower case: a marked cell, which that piece must cover)\n";
  return out;
}

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
  if (m.ball) return paint(std::string(1, letter), m.colour);
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
  // Sites are numbered peg * 7 + slot, slot 0 the peg's centre (where a ball sits).
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
      if (std::find(pegs.begin(), pegs.end(), s / 7) == pegs.end()) pegs.push_back(s / 7);
    for (int peg : pegs) {
      const bool ball = std::binary_search(p.sites.begin(), p.sites.end(), peg * 7);
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

// A flat shape as '#' cells ('. ' for a gap), rows of text.
std::vector<std::string> shapeRows(const Shape& shape, const std::string& cell, int& width) {
  int w = 0, h = 0, d = 0;
  for (const auto& s : shape) w = std::max(w, s.x + 1), h = std::max(h, s.y + 1), d = std::max(d, s.z + 1);
  std::vector<std::string> rows;
  width = 0;
  for (int y = 0; y < h; ++y) {
    std::string row;
    for (int z = 0; z < d; ++z) {
      if (z > 0) row += "   ";
      for (int x = 0; x < w; ++x)
        row += std::find(shape.begin(), shape.end(), Site{x, y, z}) != shape.end() ? cell : ". ";
    }
    rows.push_back(row);
  }
  width = d * w * 2 + (d - 1) * 3;
  return rows;
}

}  // namespace

bool stdoutWantsColour() {
  return isatty(STDOUT_FILENO) != 0 && std::getenv("NO_COLOR") == nullptr;
}

std::string boardPicture(const Puzzle& puzzle, const std::vector<int>& placements, bool colour,
                         const CellMarks& marks) {
  if (puzzle.lattice == Lattice::HexPegs) return hexBoard(puzzle, placements, colour);
  if (puzzle.lattice == Lattice::Triangular) return triangularBoard(puzzle, placements, colour, marks);
  if (picturesColouredSquares(puzzle)) return colouredSquaresPicture(puzzle, placements, marks, colour);
  std::vector<int> pieceAt(puzzle.sites.size(), -1);
  for (int id : placements) {
    const Placement& p = puzzle.placements[static_cast<std::size_t>(id)];
    for (int s : p.sites) pieceAt[static_cast<std::size_t>(s)] = p.piece;
  }
  std::string out;
  for (int y = puzzle.low.y; y <= puzzle.high.y; ++y) {
    for (int z = puzzle.low.z; z <= puzzle.high.z; ++z) {
      if (z > puzzle.low.z) out += "   ";
      for (int x = puzzle.low.x; x <= puzzle.high.x; ++x) {
        auto it = puzzle.siteIndex.find(Site{x, y, z});
        if (it == puzzle.siteIndex.end()) {
          out += "  ";
          continue;
        }
        const int piece = pieceAt[static_cast<std::size_t>(it->second)];
        if (piece < 0) {
          out += ". ";
          continue;
        }
        const auto& def = puzzle.pieces[static_cast<std::size_t>(piece)];
        const std::string cell = fmt::format("{} ", def.letter);
        out += colour ? paint(cell, def.colour) : cell;
      }
    }
    out += '\n';
  }
  return out;
}

std::string piecePicture(const Puzzle& puzzle, int piece, bool colour) {
  const PieceDef& def = puzzle.pieces[static_cast<std::size_t>(piece)];
  if (puzzle.lattice == Lattice::HexPegs) return hexPiece(def, colour);
  if (puzzle.lattice == Lattice::Square && !def.faceColours.empty()) return colouredPiecePicture(def, colour);
  if (puzzle.lattice == Lattice::Triangular) {  // offset rows: column = q + floor(r / 2)
    const Shape& shape = def.orientations.front();
    int w = 0, h = 0;
    for (const auto& s : shape) w = std::max(w, s.x + s.y / 2 + 1), h = std::max(h, s.y + 1);
    std::string out;
    for (int y = 0; y < h; ++y) {
      out += y % 2 != 0 ? "   " : "  ";
      for (int c = 0; c < w; ++c)
        out += std::find(shape.begin(), shape.end(), Site{c - y / 2, y, 0}) != shape.end() ? "# " : ". ";
      out += '\n';
    }
    return out;
  }
  const std::string cell = colour ? paint(fmt::format("{} ", def.letter), def.colour) : std::string("# ");
  // A piece that lies on one of two faces shows both, side by side (IQ Fit's green and navy differ only on
  // their second faces).
  std::vector<Shape> shapes;
  if (def.moves == Moves::Faces)
    for (const Shape& face : def.faces) shapes.push_back(normalized(puzzle.lattice, face));
  else
    shapes.push_back(def.orientations.front());
  std::vector<std::vector<std::string>> pictures;
  std::vector<int> widths;
  std::size_t height = 0;
  for (const Shape& shape : shapes) {
    int width = 0;
    pictures.push_back(shapeRows(shape, cell, width));
    widths.push_back(width);
    height = std::max(height, pictures.back().size());
  }
  std::string out;
  if (shapes.size() > 1) {
    std::string heads = "  ";
    for (std::size_t i = 0; i < shapes.size(); ++i) {
      const std::string head = fmt::format("face {}", i + 1);
      heads += head +
               std::string(
                   static_cast<std::size_t>(std::max(0, widths[i] + 4 - static_cast<int>(head.size()))), ' ');
    }
    while (heads.back() == ' ') heads.pop_back();
    out += heads + '\n';
  }
  for (std::size_t y = 0; y < height; ++y) {
    std::string line = "  ";
    for (std::size_t i = 0; i < pictures.size(); ++i) {
      if (i > 0) line += "    ";
      if (y < pictures[i].size())
        line += pictures[i][y];
      else
        line += std::string(static_cast<std::size_t>(widths[i]), ' ');
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + '\n';
  }
  return out;
}

}  // namespace piecework

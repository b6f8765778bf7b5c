// SPDX-License-Identifier: Apache-2.0
#include "output/text.hpp"

#include <fmt/format.h>
#include <unistd.h>
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <utility>

#include "output/family_pictures.hpp"
#include "output/paint.hpp"
#include "output/text_coloured_squares.hpp"
#include "puzzle/challenge.hpp"
#include "puzzle/family.hpp"

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
  std::vector<std::string> lines;
  std::pair<int, int> columns{0, 0};  // of the rows in line with the first, of the others
  const auto rows = pictureLayout(puzzle).front();
  for (std::size_t y = 0; y < rows.size(); ++y) {
    int& count = y % 2 == 0 ? columns.first : columns.second;
    count = std::max(count, static_cast<int>(rows[y].size()));
    std::string& out = lines.emplace_back();
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
  }
  std::string out = withLabels(puzzle, lines, true, columns);
  if (marked) out += "(lower case: a marked cell, which that piece must cover)\n";
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
  return familyPicturesOf(puzzle).boardPicture(puzzle, placements, colour, marks);
}

std::string piecePicture(const Puzzle& puzzle, int piece, bool colour) {
  return familyPicturesOf(puzzle).piecePicture(puzzle, piece, colour);
}

std::string paintText(const std::string& text, const std::string& colour) {
  return paint(text, colour);
}

std::string withLabels(const Puzzle& puzzle, const std::vector<std::string>& rows, bool offset,
                       std::pair<int, int> columns, int indent, int again) {
  const Family& family = familyOf(puzzle);
  std::string out;
  if (family.rowName(puzzle, 1).empty() || family.columnName(puzzle, 1).empty()) {
    for (const std::string& row : rows) out += row + '\n';
    return out;
  }
  std::size_t width = 0;
  for (std::size_t r = 0; r < rows.size(); ++r)
    width = std::max(width, family.rowName(puzzle, static_cast<int>(r) + 1).size());
  // "c1" without its 1: the word the numbers continue.
  std::string columnWord = family.columnName(puzzle, 1);
  while (!columnWord.empty() && std::isdigit(static_cast<unsigned char>(columnWord.back())) != 0)
    columnWord.pop_back();
  const auto header = [&](int shift, int count) {
    std::string line =
        fmt::format("{:>{}} {}", columnWord, width, std::string(static_cast<std::size_t>(shift), ' '));
    for (int c = 1; c <= count; ++c) line += fmt::format("{:<2}", c);
    if (again >= 0 && !offset) {
      line.resize(width + 1 + static_cast<std::size_t>(again), ' ');
      for (int c = 1; c <= count; ++c) line += fmt::format("{:<2}", c);
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    return line + '\n';
  };
  // The first row's indent (0 or 1) is in its text; the offset rows' is the other one.
  const int firstIndent = offset ? (!rows.empty() && !rows[0].empty() && rows[0][0] == ' ' ? 1 : 0) : indent;
  out += header(firstIndent, columns.first);
  for (std::size_t r = 0; r < rows.size(); ++r)
    out += fmt::format("{:>{}} {}\n", family.rowName(puzzle, static_cast<int>(r) + 1), width, rows[r]);
  if (offset && rows.size() > 1) out += header(1 - firstIndent, columns.second);
  return out;
}

// The cell families' pictures: FamilyPictures's defaults (output/family_pictures.hpp).
std::string FamilyPictures::boardPicture(const Puzzle& puzzle, const std::vector<int>& placements,
                                         bool colour, const CellMarks& marks) const {
  if (puzzle.lattice == Lattice::Triangular) return triangularBoard(puzzle, placements, colour, marks);
  if (picturesColouredSquares(puzzle)) return colouredSquaresPicture(puzzle, placements, marks, colour);
  std::vector<int> pieceAt(puzzle.sites.size(), -1);
  for (int id : placements) {
    const Placement& p = puzzle.placements[static_cast<std::size_t>(id)];
    for (int s : p.sites) pieceAt[static_cast<std::size_t>(s)] = p.piece;
  }
  std::vector<std::string> lines;
  for (int y = puzzle.low.y; y <= puzzle.high.y; ++y) {
    std::string& out = lines.emplace_back();
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
  }
  // Layered boards (boxes) are printed bare: their layers stand side by side, which one row of column
  // numbers would not name.
  if (layered(puzzle.lattice)) {
    std::string out;
    for (const std::string& line : lines) out += line + '\n';
    return out;
  }
  return withLabels(puzzle, lines, false, {puzzle.high.x - puzzle.low.x + 1, 0});
}

std::string FamilyPictures::piecePicture(const Puzzle& puzzle, int piece, bool colour) const {
  const PieceDef& def = puzzle.pieces[static_cast<std::size_t>(piece)];
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

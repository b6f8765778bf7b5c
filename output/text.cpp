#include "output/text.hpp"

#include <fmt/format.h>
#include <unistd.h>
#include <algorithm>
#include <cstdlib>

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
std::string triangularBoard(const Puzzle& puzzle, const std::vector<int>& placements, bool colour) {
  std::vector<int> pieceAt(puzzle.sites.size(), -1);
  for (int id : placements) {
    const Placement& p = puzzle.placements[static_cast<std::size_t>(id)];
    for (int s : p.sites) pieceAt[static_cast<std::size_t>(s)] = p.piece;
  }
  std::string out;
  const auto rows = pictureLayout(puzzle).front();
  for (std::size_t y = 0; y < rows.size(); ++y) {
    if ((puzzle.low.y + static_cast<int>(y)) % 2 != 0) out += ' ';
    for (const int site : rows[y]) {
      const int piece = site < 0 ? -1 : pieceAt[static_cast<std::size_t>(site)];
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
  return out;
}

std::string hexBoard(const Puzzle& puzzle, const std::vector<int>& placements, bool colour) {
  // Letters on each peg: a ball's piece first, then a ring's.
  std::vector<std::string> onPeg(puzzle.cells.size());
  std::vector<int> colourOf(puzzle.cells.size(), -1);
  for (int id : placements) {
    const Placement& p = puzzle.placements[static_cast<std::size_t>(id)];
    const char letter = puzzle.pieces[static_cast<std::size_t>(p.piece)].letter;
    std::vector<int> pegs;
    bool centre = false;
    for (int s : p.sites) {
      if (std::find(pegs.begin(), pegs.end(), s / 7) == pegs.end()) pegs.push_back(s / 7);
    }
    for (int peg : pegs) {
      centre = std::binary_search(p.sites.begin(), p.sites.end(), peg * 7);
      auto& text = onPeg[static_cast<std::size_t>(peg)];
      if (centre)
        text.insert(text.begin(), letter);
      else
        text.push_back(letter);
      colourOf[static_cast<std::size_t>(peg)] = p.piece;
    }
  }
  std::string out;
  int row = puzzle.cells.empty() ? 0 : puzzle.cells.front().y;
  bool first = true;
  for (std::size_t i = 0; i < puzzle.cells.size(); ++i) {
    const Site& peg = puzzle.cells[i];
    if (first || peg.y != row) {
      if (!first) out += '\n';
      row = peg.y;
      // Odd rows sit half a step right; a step is four characters.
      const int column = peg.x + peg.y / 2;
      out += std::string(static_cast<std::size_t>((peg.y % 2) * 2 + column * 4), ' ');
      first = false;
    }
    std::string cell = onPeg[i].empty() ? std::string(".") : onPeg[i];
    cell = fmt::format("{:^3}", cell);
    out += fmt::format("{}:", pegLetter(static_cast<int>(i)));
    if (colour && colourOf[i] >= 0)
      cell = paint(cell, puzzle.pieces[static_cast<std::size_t>(colourOf[i])].colour);
    out += cell;
  }
  out += '\n';
  return out;
}

}  // namespace

bool stdoutWantsColour() {
  return isatty(STDOUT_FILENO) != 0 && std::getenv("NO_COLOR") == nullptr;
}

std::string boardPicture(const Puzzle& puzzle, const std::vector<int>& placements, bool colour) {
  if (puzzle.lattice == Lattice::HexPegs) return hexBoard(puzzle, placements, colour);
  if (puzzle.lattice == Lattice::Triangular) return triangularBoard(puzzle, placements, colour);
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

std::string piecePicture(const Puzzle& puzzle, int piece) {
  const PieceDef& def = puzzle.pieces[static_cast<std::size_t>(piece)];
  if (puzzle.lattice == Lattice::HexPegs) {
    std::string out;
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
  const Shape& shape = def.orientations.front();
  if (puzzle.lattice == Lattice::Triangular) {  // offset rows: column = q + floor(r / 2)
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
  int w = 0, h = 0, d = 0;
  for (const auto& s : shape) w = std::max(w, s.x + 1), h = std::max(h, s.y + 1), d = std::max(d, s.z + 1);
  std::string out;
  for (int y = 0; y < h; ++y) {
    out += "  ";
    for (int z = 0; z < d; ++z) {
      if (z > 0) out += "   ";
      for (int x = 0; x < w; ++x) {
        const auto at = std::find(shape.begin(), shape.end(), Site{x, y, z});
        if (at == shape.end())
          out += ". ";
        else if (def.orientationColours.empty())
          out += "# ";
        else  // coloured squares show their colour letters
          out += fmt::format("{} ",
                             def.orientationColours.front()[static_cast<std::size_t>(at - shape.begin())]);
      }
    }
    out += '\n';
  }
  return out;
}

}  // namespace piecework

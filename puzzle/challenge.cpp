// SPDX-License-Identifier: Apache-2.0
#include "puzzle/challenge.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <cctype>
#include <climits>
#include <map>
#include <stdexcept>

#include "puzzle/errors.hpp"
#include "puzzle/family.hpp"
#include "puzzle/picture.hpp"

namespace piecework {
namespace {

std::string where(const PictureChar& c, bool layered) {
  if (layered)
    return fmt::format("challenge layer {}, row {}, column {} (character {})", c.layer, c.row, c.column,
                       c.offset + 1);
  return fmt::format("challenge row {}, column {} (character {})", c.row, c.column, c.offset + 1);
}

// Splits `cells` into placements of `piece` (identical copies share a letter); false if impossible.
bool partition(const Puzzle& puzzle, int piece, std::vector<int> cells, std::vector<int>& out) {
  if (cells.empty()) return true;
  const int first = cells.front();
  for (int id : puzzle.piecePlacements[static_cast<std::size_t>(piece)]) {
    const auto& sites = puzzle.placements[static_cast<std::size_t>(id)].sites;
    if (!std::binary_search(sites.begin(), sites.end(), first)) continue;
    if (!std::includes(cells.begin(), cells.end(), sites.begin(), sites.end())) continue;
    std::vector<int> rest;
    std::set_difference(cells.begin(), cells.end(), sites.begin(), sites.end(), std::back_inserter(rest));
    out.push_back(id);
    if (partition(puzzle, piece, rest, out)) return true;
    out.pop_back();
  }
  return false;
}

}  // namespace

std::vector<std::vector<std::vector<int>>> pictureLayout(const Puzzle& puzzle) {
  const int height = puzzle.high.y - puzzle.low.y + 1;
  const int depth = puzzle.high.z - puzzle.low.z + 1;
  std::vector<std::vector<std::vector<int>>> layout(static_cast<std::size_t>(depth));
  if (puzzle.lattice == Lattice::Triangular) {
    // Offset columns c = q + floor(r / 2); every row starts at the board's first column and ends at its own
    // last cell (IQ Stars: 7, 6, 7, 6).
    auto column = [](const Site& s) { return s.x + (s.y >= 0 ? s.y / 2 : (s.y - 1) / 2); };
    int first = INT_MAX;
    std::vector<int> last(static_cast<std::size_t>(height), INT_MIN);
    for (const Site& c : puzzle.cells) {
      first = std::min(first, column(c));
      auto& l = last[static_cast<std::size_t>(c.y - puzzle.low.y)];
      l = std::max(l, column(c));
    }
    for (int y = 0; y < height; ++y) {
      auto& row = layout[0].emplace_back();
      const int r = puzzle.low.y + y;
      for (int c = first; c <= last[static_cast<std::size_t>(y)]; ++c) {
        const int q = c - (r >= 0 ? r / 2 : (r - 1) / 2);
        const auto it = puzzle.siteIndex.find(Site{q, r, 0});
        row.push_back(it == puzzle.siteIndex.end() ? -1 : it->second);
      }
    }
    return layout;
  }
  for (int z = 0; z < depth; ++z)
    for (int y = 0; y < height; ++y) {
      auto& row = layout[static_cast<std::size_t>(z)].emplace_back();
      for (int x = puzzle.low.x; x <= puzzle.high.x; ++x) {
        const auto it = puzzle.siteIndex.find(Site{x, puzzle.low.y + y, puzzle.low.z + z});
        row.push_back(it == puzzle.siteIndex.end() ? -1 : it->second);
      }
    }
  return layout;
}

namespace {

// marks == nullptr: every piece's letters must be whole placements; otherwise a piece's letters that are not
// become marked cells (fewer than the piece covers, counting copies).
std::vector<int> parsePicture(const Puzzle& puzzle, std::string_view text, CellMarks* marks) {
  const Picture picture = piecework::parsePicture(text, puzzle.lattice == Lattice::Triangular);
  const auto layout = pictureLayout(puzzle);
  const int height = puzzle.high.y - puzzle.low.y + 1;
  const int depth = puzzle.high.z - puzzle.low.z + 1;
  const bool layered = depth > 1;
  if (picture.depth() != depth)
    throw InputError(fmt::format("challenge: expected {} layer{} of {} rows, found {} layer{}", depth,
                                 depth == 1 ? "" : "s", height, picture.depth(),
                                 picture.depth() == 1 ? "" : "s"));
  std::map<int, std::vector<int>> cellsOf;  // piece -> sites
  std::map<int, PictureChar> firstOf;       // piece -> where it first appears
  for (int z = 0; z < depth; ++z) {
    const auto& layer = picture.layers[static_cast<std::size_t>(z)];
    if (static_cast<int>(layer.size()) != height)
      throw InputError(fmt::format("challenge{}: expected {} rows, found {}",
                                   layered ? fmt::format(" layer {}", z + 1) : "", height, layer.size()));
    for (int y = 0; y < height; ++y) {
      const auto& row = layer[static_cast<std::size_t>(y)];
      const auto& sitesOfRow = layout[static_cast<std::size_t>(z)][static_cast<std::size_t>(y)];
      if (row.size() != sitesOfRow.size())
        throw InputError(fmt::format(
            "{}: row {} has {} characters, the board{} {} wide", where(row.front(), layered), y + 1,
            row.size(), puzzle.lattice == Lattice::Triangular ? "'s row is" : " is", sitesOfRow.size()));
      for (const PictureChar& c : row) {
        const int site = sitesOfRow[static_cast<std::size_t>(c.column - 1)];
        if (site < 0) {
          // IQ Focus writes its two missing corners '.' (docs/notation.md); '#' is read there too.
          if (c.value != '#' && !(c.value == '.' && !puzzle.window.empty()))
            throw InputError(
                fmt::format("{}: '{}' is outside the board (write '#' there)", where(c, layered), c.value));
          continue;
        }
        if (c.value == '.') continue;
        const int piece = puzzle.pieceByLetter(c.value);
        if (piece < 0) {
          if (c.value == '#')
            throw InputError(
                fmt::format("{}: '#' marks a hole, but this is a board cell", where(c, layered)));
          throw InputError(fmt::format("{}: unknown piece '{}'", where(c, layered), c.value));
        }
        cellsOf[piece].push_back(site);
        firstOf.emplace(piece, c);
      }
    }
  }
  std::vector<int> placements;
  for (auto& [piece, cells] : cellsOf) {
    std::sort(cells.begin(), cells.end());
    const PieceDef& def = puzzle.pieces[static_cast<std::size_t>(piece)];
    std::vector<int> found;
    const bool whole = partition(puzzle, piece, cells, found);
    if (!whole && marks != nullptr && puzzle.markedCells &&
        static_cast<int>(cells.size()) < def.size() * def.copies) {
      for (const int site : cells) marks->pieces.emplace_back(site, piece);
      continue;
    }
    if (!whole)
      throw InputError(fmt::format("{}: the cells marked '{}' are not {}a placement of piece '{}' ({})",
                                   where(firstOf.at(piece), layered), def.letter,
                                   def.copies > 1 ? "copies of " : "", def.letter, def.name));
    if (static_cast<int>(found.size()) > def.copies)
      throw InputError(fmt::format("{}: piece '{}' ({}) appears {} times but has {} cop{}",
                                   where(firstOf.at(piece), layered), def.letter, def.name, found.size(),
                                   def.copies, def.copies == 1 ? "y" : "ies"));
    placements.insert(placements.end(), found.begin(), found.end());
  }
  std::sort(placements.begin(), placements.end());
  return placements;
}

}  // namespace

Challenge parseChallengeText(const Puzzle& puzzle, std::string_view text) {
  return familyOf(puzzle).parseChallenge(puzzle, text);
}

std::string challengeError(std::string_view what) {
  if (what.starts_with("challenge")) return std::string(what);
  return fmt::format("challenge: {}", what);
}

std::vector<int> parseChallenge(const Puzzle& puzzle, std::string_view text) {
  return familyOf(puzzle).parsePlacements(puzzle, text);
}

std::vector<int> parsePictureChallenge(const Puzzle& puzzle, std::string_view text, CellMarks* marks) {
  return parsePicture(puzzle, text, marks);
}

std::string formatChallenge(const Puzzle& puzzle, const std::vector<int>& placements, Layout layout) {
  return familyOf(puzzle).formatPlacements(puzzle, placements, layout);
}

std::string formatPicture(const Puzzle& puzzle, const std::vector<int>& placements, Layout layout) {
  std::vector<char> bySite(puzzle.sites.size(), '.');
  for (int id : placements) {
    const Placement& p = puzzle.placements[static_cast<std::size_t>(id)];
    for (int s : p.sites)
      bySite[static_cast<std::size_t>(s)] = puzzle.pieces[static_cast<std::size_t>(p.piece)].letter;
  }
  const char* rowEnd = layout == Layout::OneLine ? "/" : "\n";
  const char* layerEnd = layout == Layout::OneLine ? "|" : "\n";  // Lines: a blank line
  std::string out;
  const auto rows = pictureLayout(puzzle);
  for (std::size_t z = 0; z < rows.size(); ++z) {
    if (z > 0) {
      if (layout == Layout::OneLine) out.pop_back();  // the last row's '/'
      out += layerEnd;
    }
    for (const auto& row : rows[z]) {
      for (const int site : row) out += site < 0 ? '#' : bySite[static_cast<std::size_t>(site)];
      out += rowEnd;
    }
  }
  if (layout == Layout::OneLine) out.pop_back();
  return out;
}

int pictureColumn(const Puzzle& puzzle, int site) {
  const Site& s = puzzle.sites[static_cast<std::size_t>(site)];
  if (puzzle.lattice != Lattice::Triangular) return s.x - puzzle.low.x + 1;
  auto column = [](const Site& c) { return c.x + (c.y >= 0 ? c.y / 2 : (c.y - 1) / 2); };  // as pictureLayout
  int first = INT_MAX;
  for (const Site& c : puzzle.cells) first = std::min(first, column(c));
  return column(s) - first + 1;
}

std::string formatChallengeText(const Puzzle& puzzle, const Challenge& challenge, Layout layout) {
  if (!challenge.marks.colours.empty() && challenge.givens.empty() && challenge.marks.pieces.empty() &&
      !puzzle.window.empty()) {
    // The window's colours, row by row.
    std::map<int, char> colourOn(challenge.marks.colours.begin(), challenge.marks.colours.end());
    std::string out;
    std::size_t k = 0;
    for (std::size_t row = 0; row < puzzle.windowRows.size(); ++row) {
      if (row > 0) out += layout == Layout::OneLine ? '/' : '\n';
      for (int i = 0; i < puzzle.windowRows[row]; ++i, ++k) {
        const auto it = colourOn.find(puzzle.window[k]);
        if (it == colourOn.end()) throw InputError("a colour pattern must give every window cell its colour");
        out += it->second;
      }
    }
    return out;
  }
  if (!challenge.marks.colours.empty())
    throw InputError("colours are only written as a whole window pattern, without pieces or marked cells");
  std::string out = formatChallenge(puzzle, challenge.givens, layout);
  if (challenge.marks.pieces.empty()) return out;
  if (!puzzle.markedCells) throw InputError(fmt::format("{} has no marked cells", puzzle.name));
  // Marked cells: the piece's letter on the cell, in the picture of the placed pieces.
  const auto rows = pictureLayout(puzzle);
  std::map<int, std::size_t> offsetOf;  // site -> character in `out`
  std::size_t at = 0;
  for (const auto& layer : rows) {
    for (const auto& row : layer) {
      for (const int site : row) {
        if (site >= 0) offsetOf[site] = at;
        ++at;
      }
      ++at;  // the row's end
    }
    if (layout == Layout::Lines) ++at;  // the blank line between layers
  }
  for (const auto& [site, piece] : challenge.marks.pieces) {
    const auto it = offsetOf.find(site);
    if (it == offsetOf.end() || it->second >= out.size() || piece < 0 ||
        piece >= static_cast<int>(puzzle.pieces.size()))
      throw InputError(
          fmt::format("a marked cell (site {}, piece {}) that the notation cannot write", site, piece));
    out[it->second] = puzzle.pieces[static_cast<std::size_t>(piece)].letter;
  }
  return out;
}

std::string canonicalChallengeText(const Puzzle& puzzle, const Challenge& challenge) {
  std::string best;
  std::vector<int> window = puzzle.window;
  std::sort(window.begin(), window.end());
  for (const Symmetry& symmetry : puzzle.symmetries) {
    Challenge image;
    for (int id : challenge.givens) image.givens.push_back(symmetry.placement[static_cast<std::size_t>(id)]);
    std::sort(image.givens.begin(), image.givens.end());
    for (const auto& [site, colour] : challenge.marks.colours)
      image.marks.colours.emplace_back(symmetry.site[static_cast<std::size_t>(site)], colour);
    for (const auto& [site, piece] : challenge.marks.pieces)
      image.marks.pieces.emplace_back(symmetry.site[static_cast<std::size_t>(site)],
                                      symmetry.piece[static_cast<std::size_t>(piece)]);
    if (!image.marks.colours.empty()) {
      std::vector<int> moved;
      for (int site : window) moved.push_back(symmetry.site[static_cast<std::size_t>(site)]);
      std::sort(moved.begin(), moved.end());
      if (moved != window) continue;
    }
    const std::string text = formatChallengeText(puzzle, image);
    if (best.empty() || text < best) best = text;
  }
  return best;
}

}  // namespace piecework

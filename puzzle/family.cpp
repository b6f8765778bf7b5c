// SPDX-License-Identifier: Apache-2.0
#include "puzzle/family.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <array>
#include <stdexcept>

#include "puzzle/families/registry.hpp"

namespace piecework {

std::vector<Site> Family::searchOrder(const Puzzle& puzzle) const {
  std::vector<Site> sites = puzzle.cells;
  std::array<int, 3> extent{puzzle.high.x - puzzle.low.x, puzzle.high.y - puzzle.low.y,
                            puzzle.high.z - puzzle.low.z};
  std::array<int, 3> axes{0, 1, 2};
  // Most significant axis first: the longest.
  std::stable_sort(axes.begin(), axes.end(), [&](int a, int b) { return extent[a] > extent[b]; });
  auto key = [&](const Site& s) {
    std::array<int, 3> c{s.x, s.y, s.z};
    return std::array<int, 3>{c[axes[0]], c[axes[1]], c[axes[2]]};
  };
  std::sort(sites.begin(), sites.end(), [&](const Site& a, const Site& b) { return key(a) < key(b); });
  return sites;
}

Challenge Family::parseChallenge(const Puzzle& puzzle, std::string_view text) const {
  Challenge challenge;
  challenge.givens = parsePictureChallenge(puzzle, text, &challenge.marks);
  return challenge;
}

std::vector<int> Family::parsePlacements(const Puzzle& puzzle, std::string_view text) const {
  return parsePictureChallenge(puzzle, text, nullptr);
}

std::string Family::formatPlacements(const Puzzle& puzzle, const std::vector<int>& placements,
                                     Layout layout) const {
  return formatPicture(puzzle, placements, layout);
}

std::string Family::siteName(const Puzzle& puzzle, int site) const {
  const Site& s = puzzle.sites[static_cast<std::size_t>(site)];
  if (puzzle.lattice == Lattice::Cubic)
    return fmt::format("l{}r{}c{}", s.z - puzzle.low.z + 1, s.y - puzzle.low.y + 1, s.x - puzzle.low.x + 1);
  if (puzzle.lattice == Lattice::Square)
    return rowName(puzzle, s.y - puzzle.low.y + 1) + columnName(puzzle, s.x - puzzle.low.x + 1);
  // (pictureColumn: on a triangular board the column as the picture notation writes it)
  return fmt::format("r{}c{}", s.y - puzzle.low.y + 1, pictureColumn(puzzle, site));
}

std::string Family::rowName(const Puzzle& puzzle, int row) const {
  return puzzle.lattice == Lattice::Square ? fmt::format("r{}", row) : std::string();
}

std::string Family::columnName(const Puzzle& puzzle, int column) const {
  return puzzle.lattice == Lattice::Square ? fmt::format("c{}", column) : std::string();
}

std::string Family::describePlacement(const Puzzle& puzzle, int placement) const {
  std::string out;
  for (int site : puzzle.placements[static_cast<std::size_t>(placement)].sites) {
    if (!out.empty()) out += ' ';
    out += siteName(puzzle, site);
  }
  return out;
}

std::string Family::placementWhere(const Puzzle&, int) const {
  return {};
}

std::string Family::rulesText(const Puzzle& puzzle) const {
  const bool faces = std::any_of(puzzle.pieces.begin(), puzzle.pieces.end(),
                                 [](const PieceDef& p) { return p.moves == Moves::Faces; });
  if (faces)
    return "Fill the board with the pieces shown. Each piece lies on one of its two faces (both are drawn); "
           "turn it "
           "over to change face.";
  if (puzzle.lattice == Lattice::Cubic)
    return "Fill the box with the pieces shown. The box is drawn layer by layer, each layer seen from above; "
           "the "
           "pieces may be turned any way.";
  const bool mirror = std::any_of(puzzle.pieces.begin(), puzzle.pieces.end(),
                                  [](const PieceDef& p) { return p.moves == Moves::TurnMirror; });
  return std::string("Fill every empty cell with the pieces shown. Pieces may be turned") +
         (mirror ? " and turned over." : ", not turned over.");
}

std::string_view familyFor(const PuzzleSpec& spec) {
  if (!spec.family.empty()) return spec.family;
  if (spec.lattice == Lattice::HexPegs) return kFamilyIqLink;
  if (!spec.window.empty()) return kFamilyIqFocus;
  if (spec.markedCells) return kFamilyIqStars;
  return kFamilyCells;
}

// The registry: a new family adds one line (and its accessor in puzzle/families/registry.hpp). A plain table
// rather than self-registering objects: a static library drops objects that nothing refers to.
const Family& familyNamed(std::string_view name) {
  static const std::array<const Family*, 4> families{&cellsFamily(), &iqLinkFamily(), &iqFocusFamily(),
                                                     &iqStarsFamily()};
  for (const Family* family : families)
    if (family->name() == name) return *family;
  throw std::out_of_range(fmt::format("unknown puzzle family '{}'", name));
}

const Family& familyOf(const Puzzle& puzzle) {
  return puzzle.family != nullptr ? *puzzle.family : cellsFamily();
}

}  // namespace piecework

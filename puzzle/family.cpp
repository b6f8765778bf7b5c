// SPDX-License-Identifier: Apache-2.0
#include "puzzle/family.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <array>
#include <stdexcept>
#include <vector>

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
  if (layered(puzzle.lattice))
    return fmt::format("l{}r{}c{}", s.z - puzzle.low.z + 1, s.y - puzzle.low.y + 1, s.x - puzzle.low.x + 1);
  if (puzzle.lattice == Lattice::Square)
    return rowName(puzzle, s.y - puzzle.low.y + 1) + columnName(puzzle, s.x - puzzle.low.x + 1);
  // (pictureColumn: on a triangular board the column as the picture notation writes it)
  return fmt::format("r{}c{}", s.y - puzzle.low.y + 1, pictureColumn(puzzle, site));
}

// Flat boards: square ones, and triangular ones, whose column is the picture's (pictureColumn), as siteName
// writes their cells; and boxes of cubes, whose layers siteName names by row and column too (l2r1c2).
namespace {
bool namesRowsAndColumns(Lattice lattice) {
  return lattice == Lattice::Square || lattice == Lattice::Triangular || lattice == Lattice::Cubic;
}
}  // namespace

std::string Family::rowName(const Puzzle& puzzle, int row) const {
  return namesRowsAndColumns(puzzle.lattice) ? fmt::format("r{}", row) : std::string();
}

std::string Family::columnName(const Puzzle& puzzle, int column) const {
  return namesRowsAndColumns(puzzle.lattice) ? fmt::format("c{}", column) : std::string();
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
  if (puzzle.lattice == Lattice::Spheres)
    return "Fill the shape with the pieces of balls shown. It is drawn layer by layer, each seen from above; "
           "each layer's balls lie in the hollows of the layer below, ball (row r, column c) over the middle "
           "of "
           "rows r..r+1, columns c..c+1. The pieces may be turned any way.";
  if (puzzle.lattice == Lattice::TriangularPrisms)
    return "Fill the shape with the pieces of triangular prisms shown. It is drawn layer by layer, each seen "
           "from "
           "above; the pieces may be turned any way that keeps the layers level, and turned over.";
  if (puzzle.lattice == Lattice::TetrahedraOctahedra)
    return "Fill the shape with the pieces of tetrahedra and octahedra shown. It is drawn layer by layer, "
           "each seen from above: layers of octahedra (each a square standing on its corner) alternate with "
           "layers of tetrahedra (each a square whose line is its top edge). The pieces may be turned any "
           "way.";
  if (partCells(puzzle.lattice))
    return "Fill the shape with the pieces shown, made of parts of polyhedra (BurrTools' voxels). It is "
           "drawn in 3-D, seen from above and from below, each part the solid it is. The pieces may "
           "be turned any way.";
  if (puzzle.lattice == Lattice::RhombicDodecahedra)
    return "Fill the shape with the pieces of rhombic dodecahedra shown. It is drawn layer by layer, each "
           "seen "
           "from above, where each cell shows as a square; each layer lies over the hollows of the layer "
           "below, "
           "cell (row r, column c) over the middle of rows r..r+1, columns c..c+1. The pieces may be turned "
           "any "
           "way.";
  if (puzzle.lattice == Lattice::Cubic)
    return "Fill the box with the pieces shown. The box is drawn layer by layer, each layer seen from above; "
           "the "
           "pieces may be turned any way.";
  const bool mirror = std::any_of(puzzle.pieces.begin(), puzzle.pieces.end(),
                                  [](const PieceDef& p) { return p.moves == Moves::TurnMirror; });
  return std::string("Fill every empty cell with the pieces shown. Pieces may be turned") +
         (mirror ? " and turned over." : ", not turned over.");
}

namespace {

// In registration order. Filled before the program reads a definition and only read after that.
std::vector<const Family*>& registeredFamilies() {
  static std::vector<const Family*> families;
  return families;
}

// Family's defaults, for a puzzle made without buildPuzzle.
class DefaultFamily final : public Family {
 public:
  std::string_view name() const override { return "default"; }
};

}  // namespace

void registerPuzzleFamily(const Family& family) {
  for (const Family*& known : registeredFamilies())
    if (known->name() == family.name()) {
      known = &family;
      return;
    }
  registeredFamilies().push_back(&family);
}

std::string_view familyFor(const PuzzleSpec& spec) {
  if (!spec.family.empty()) return spec.family;
  for (const Family* family : registeredFamilies())
    if (family->claims(spec)) return family->name();
  throw std::logic_error("no puzzle family claims the definition: call registerShippedFamilies() first");
}

const Family& familyNamed(std::string_view name) {
  for (const Family* family : registeredFamilies())
    if (family->name() == name) return *family;
  throw std::out_of_range(fmt::format("unknown puzzle family '{}'", name));
}

std::vector<std::string_view> familyNames() {
  std::vector<std::string_view> names;
  for (const Family* family : registeredFamilies()) names.push_back(family->name());
  return names;
}

const Family& familyOf(const Puzzle& puzzle) {
  static const DefaultFamily defaults;
  return puzzle.family != nullptr ? *puzzle.family : defaults;
}

}  // namespace piecework

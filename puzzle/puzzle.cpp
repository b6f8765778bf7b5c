// SPDX-License-Identifier: Apache-2.0
#include "puzzle/puzzle.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <cctype>
#include <climits>
#include <cstdint>
#include <set>
#include <stdexcept>

#include "puzzle/errors.hpp"
#include "puzzle/family.hpp"
#include "puzzle/limits.hpp"
#include "puzzle/placement_images.hpp"
#include "puzzle/symmetry_closure.hpp"

namespace piecework {
namespace {

std::vector<Transform> movesGroup(Lattice lattice, Moves moves, const Shape& shape) {
  const auto& all = pointGroup(lattice);
  if (moves == Moves::TurnMirror || (moves == Moves::Turn && turnedOverInSpace(lattice, shape))) return all;
  std::vector<Transform> turns;
  for (const auto& t : all)
    if (!t.mirror) turns.push_back(t);
  return turns;
}

// apply(), inlined for the grids whose turns are plain matrices on the coordinates (square and cubic), the
// others passed on. Measured (callgrind, `count DraculasDentalDesaster#1`: 32,064 cell images of the coloured
// pieces and 79,488 site images of the turns): colouredOrientations 10.2M -> 9.4M instructions,
// computeSymmetries 11.9M -> 9.4M.
inline Site turned(Lattice lattice, const Transform& t, const Site& s) {
  if (lattice != Lattice::Square && lattice != Lattice::Cubic) return apply(lattice, t, s);
  const auto& m = t.matrix;
  return Site{m[0][0] * s.x + m[0][1] * s.y + m[0][2] * s.z, m[1][0] * s.x + m[1][1] * s.y + m[1][2] * s.z,
              m[2][0] * s.x + m[2][1] * s.y + m[2][2] * s.z};
}

// Orientations of a piece whose squares carry colours: two images are one orientation only when they cover
// the same cells with the same colours (IQ Focus's G turned half-way round shows the same colours again and
// is one orientation; a shape that is its own image may differ once coloured). `colours`: per face, per
// square (faceColours, or cellColours for the one face).
void colouredOrientations(Lattice lattice, PieceDef& piece, const std::vector<Transform>& group,
                          const std::vector<std::vector<char>>& colours) {
  std::vector<Site> cells;
  std::vector<int> order;
  for (std::size_t f = 0; f < piece.faces.size(); ++f) {
    const Shape& face = piece.faces[f];
    const std::vector<char>& squareColours = colours[f];
    for (const auto& t : group) {
      cells.clear();
      Site low{INT_MAX, INT_MAX, INT_MAX};
      for (std::size_t k = 0; k < face.size(); ++k) {
        const Site s = turned(lattice, t, face[k]);
        cells.push_back(s);
        low = Site{std::min(low.x, s.x), std::min(low.y, s.y), std::min(low.z, s.z)};
      }
      for (auto& s : cells) {
        s.x -= low.x;
        s.y -= low.y;
        if (layered(lattice)) s.z -= low.z;
      }
      Shape shape;
      std::vector<char> colours;
      shape.reserve(cells.size());
      colours.reserve(cells.size());
      // (the cells are distinct, so the order of (cell, colour) pairs is the cells' order: found by a
      // counting sort. Measured (callgrind, `count DraculasDentalDesaster#1 --json --threads 1`, pieces of
      // about 100 cells): colouredOrientations 9.42M -> 5.53M instructions. In normalized() the same for
      // plain pieces did not pay: PelikanBurr#1 1.80M -> 2.84M)
      if (sitesOrder(cells, order)) {
        for (const int k : order) {
          shape.push_back(cells[static_cast<std::size_t>(k)]);
          colours.push_back(squareColours[static_cast<std::size_t>(k)]);
        }
      } else {
        std::vector<std::pair<Site, char>> squares;
        for (std::size_t k = 0; k < cells.size(); ++k) squares.emplace_back(cells[k], squareColours[k]);
        std::sort(squares.begin(), squares.end());
        for (const auto& [s, colour] : squares) shape.push_back(s), colours.push_back(colour);
      }
      bool seen = false;
      for (std::size_t o = 0; o < piece.orientations.size() && !seen; ++o)
        seen = piece.orientations[o] == shape && piece.orientationColours[o] == colours;
      if (seen) continue;
      piece.orientations.push_back(std::move(shape));
      piece.orientationColours.push_back(std::move(colours));
    }
  }
}

// The sites by position in a dense box (over the sites and the board's box), for computePlacements' look-ups:
// a shape's cells are read at their offsets from the shift's, with no hashing and no bounds to test where
// every shift of the shape stays in the box. Measured (callgrind, `count DraculasDentalDesaster#1`, 185,576
// look-ups of coloured pieces of about 100 cells): computePlacements 14.6M -> 10.4M instructions;
// PelikanBurr#1 12.7M -> 10.9M, lohe.misused-key#2 22.6M -> 18.5M. Over kMaxCells the box is left empty and
// siteIndex is used.
class SiteGrid {
 public:
  explicit SiteGrid(const Puzzle& p) : index_(p.siteIndex) {
    if (index_.empty()) return;
    low_ = high_ = index_.begin()->first;
    for (const auto& [s, i] : index_) {
      low_ = Site{std::min(low_.x, s.x), std::min(low_.y, s.y), std::min(low_.z, s.z)};
      high_ = Site{std::max(high_.x, s.x), std::max(high_.y, s.y), std::max(high_.z, s.z)};
    }
    // (and the board's box, whose low corner may lie before the first site where shifts keep the cells'
    // kinds: every shift of a shape then stays in the grid; Prisgon#1 46.57M -> 44.57M instructions for the
    // run, without it the look-ups there fell back to siteIndex)
    low_ = Site{std::min(low_.x, p.low.x), std::min(low_.y, p.low.y), std::min(low_.z, p.low.z)};
    high_ = Site{std::max(high_.x, p.high.x), std::max(high_.y, p.high.y), std::max(high_.z, p.high.z)};
    width_ = high_.x - low_.x + 1LL;
    depth_ = high_.y - low_.y + 1LL;
    const long long cells = width_ * depth_ * (high_.z - low_.z + 1LL);
    if (cells > kMaxCells) return;
    base_ = linear(low_);
    sites_.assign(static_cast<std::size_t>(cells), -1);
    for (const auto& [s, i] : index_) sites_[static_cast<std::size_t>(linear(s) - base_)] = i;
  }
  // Whether the box from `low` to `high` lies in the dense box (then cells()[linear(s) - base()] is the
  // site at any s in it, or -1).
  bool holds(const Site& low, const Site& high) const {
    return !sites_.empty() && low.x >= low_.x && low.y >= low_.y && low.z >= low_.z && high.x <= high_.x &&
           high.y <= high_.y && high.z <= high_.z;
  }
  long long linear(const Site& s) const { return (s.z * depth_ + s.y) * width_ + s.x; }
  const int* cells() const { return sites_.data(); }
  long long base() const { return base_; }
  // The site at s, or -1 (anywhere): from the dense box where s lies in it.
  int find(const Site& s) const {
    if (holds(s, s)) return sites_[static_cast<std::size_t>(linear(s) - base_)];
    return at(s);
  }
  // The site at s, or -1 (anywhere), by siteIndex.
  int at(const Site& s) const {
    const auto it = index_.find(s);
    return it == index_.end() ? -1 : it->second;
  }

 private:
  static constexpr long long kMaxCells = 1LL << 22;
  const std::unordered_map<Site, int, SiteHash>& index_;
  Site low_{}, high_{};
  long long width_ = 0, depth_ = 0, base_ = 0;
  std::vector<int> sites_;
};

// Returns where each placement is (for computeSymmetries).
std::vector<PlacementShift> computePlacements(Puzzle& p) {
  std::vector<PlacementShift> shifts;
  p.piecePlacements.assign(p.pieces.size(), {});
  const SiteGrid grid(p);
  std::vector<long long> cellOffsets;  // per cell of the shape, from the dense box's start
  std::vector<int> bySite, found;      // per cell of the shape (the dense box's loop)
  // ColourConstraints::allows as a table over the colours 0 to kMaxConstraintColour, tested as each square is
  // found rather than over the squares after (an ordered set's look-up per square). Measured (callgrind,
  // `count FILE#N --json --threads 1`): DraculasDentalDesaster#1 (pieces of about 100 coloured cells, most
  // shifts refused by their colours) computePlacements 10.5M -> 5.1M instructions, the run 45.0M -> 39.9M;
  // lohe.misused-key#2 10.9M -> 11.2M (its shifts mostly fail on the board's shape; the table tested after
  // the squares, 11.2M too, kept Dracula's 10.5M).
  const bool constrained = !p.colourConstraints.empty();
  constexpr int kColours = kMaxConstraintColour + 1;
  std::vector<char> allowed;
  if (constrained) {
    allowed.resize(static_cast<std::size_t>(kColours * kColours), 0);
    for (int c = 0; c < kColours; ++c)  // (a neutral square or cell takes any colour)
      allowed[static_cast<std::size_t>(c)] = allowed[static_cast<std::size_t>(c * kColours)] = 1;
    for (const auto& [a, b] : p.colourConstraints.allowed)
      if (a >= 0 && b >= 0 && a < kColours && b < kColours)
        allowed[static_cast<std::size_t>(a * kColours + b)] = 1;
  }
  const auto mayLie = [&](int pieceColour, int boardColour) {
    return pieceColour >= 0 && boardColour >= 0 && pieceColour < kColours && boardColour < kColours
               ? allowed[static_cast<std::size_t>(pieceColour * kColours + boardColour)] != 0
               : p.colourConstraints.allows(pieceColour, boardColour);
  };
  for (int pi = 0; pi < p.pieceCount(); ++pi) {
    auto& piece = p.pieces[static_cast<std::size_t>(pi)];
    const bool coloured = !piece.orientationColours.empty();
    std::vector<std::pair<int, char>> squares;
    for (int oi = 0; oi < static_cast<int>(piece.orientations.size()); ++oi) {
      const Shape& shape = piece.orientations[static_cast<std::size_t>(oi)];
      Site shapeHigh{INT_MIN, INT_MIN, INT_MIN}, shapeLow{INT_MAX, INT_MAX, INT_MAX};
      for (const auto& s : shape) {
        shapeHigh = Site{std::max(shapeHigh.x, s.x), std::max(shapeHigh.y, s.y), std::max(shapeHigh.z, s.z)};
        shapeLow = Site{std::min(shapeLow.x, s.x), std::min(shapeLow.y, s.y), std::min(shapeLow.z, s.z)};
      }
      const bool moveZ = layered(p.lattice);
      const bool keepKinds = shiftsKeepKinds(p.lattice);
      // (a shape starts at its low corner, 0 but where normalized() keeps the cells' kinds: then a column or
      // layer before, so that its shifts may start that much before the board)
      const Site lowShift{p.low.x - shapeLow.x, p.low.y - shapeLow.y, moveZ ? p.low.z - shapeLow.z : 0};
      const Site highShift{p.high.x - shapeHigh.x, p.high.y - shapeHigh.y,
                           moveZ ? p.high.z - shapeHigh.z : 0};
      const bool dense =
          grid.holds(Site{shapeLow.x + lowShift.x, shapeLow.y + lowShift.y, shapeLow.z + lowShift.z},
                     Site{shapeHigh.x + highShift.x, shapeHigh.y + highShift.y, shapeHigh.z + highShift.z});
      cellOffsets.clear();
      if (dense)
        for (const auto& s : shape) cellOffsets.push_back(grid.linear(s) - grid.base());
      const int* cells = grid.cells();
      // (a coloured piece may lie on the same sites with other colours: then both are placements)
      const auto add = [&](std::vector<int> sites, std::vector<char> colours, const Site& shift, int anchor) {
        const std::uint64_t key = PlacementIndex::keyOf(pi, sites);
        if (p.placementIndex.find(p.placements, key, pi, sites, coloured ? &colours : nullptr) >= 0) return;
        const int id = static_cast<int>(p.placements.size());
        p.placementIndex.add(key, id);
        p.placements.push_back(Placement{pi, oi, std::move(sites), std::move(colours)});
        p.piecePlacements[static_cast<std::size_t>(pi)].push_back(id);
        shifts.push_back(PlacementShift{shift, anchor});
      };
      if (dense) {
        // The shape's cells in the order of their sites as the last placement had them, for the next one to
        // try (sorting only where they come in another order), and their sites found in the shape's order,
        // in a tight loop per test (every cell a site, every coloured cell where it may lie). Measured
        // (callgrind, `count FILE#N --json --threads 1`): computePlacements PelikanBurr#1 9.04M -> 5.05M
        // instructions, lohe.misused-key#2 11.19M -> 6.98M, DraculasDentalDesaster#1 5.09M -> 2.91M,
        // Prisgon#1 3.50M -> 2.62M.
        const std::size_t n = shape.size();
        const char* shapeColours =
            coloured ? piece.orientationColours[static_cast<std::size_t>(oi)].data() : nullptr;
        const bool checkColours = coloured && constrained;
        const int* const boardColours = constrained ? p.colourConstraints.cellColours.data() : nullptr;
        bySite.resize(n);
        for (std::size_t k = 0; k < n; ++k) bySite[k] = static_cast<int>(k);
        found.resize(n);
        for (int dz = lowShift.z; dz <= highShift.z; ++dz)
          for (int dy = lowShift.y; dy <= highShift.y; ++dy)
            for (int dx = lowShift.x; dx <= highShift.x; ++dx) {
              if (keepKinds && !shiftKeepsCells(p.lattice, Site{dx, dy, dz})) continue;
              const int* const at = cells + grid.linear(Site{dx, dy, dz});
              bool fits = true;
              if (!checkColours) {
                for (std::size_t k = 0; k < n && fits; ++k) fits = (found[k] = at[cellOffsets[k]]) >= 0;
              } else {
                // Colour constraints: a placement is made only where every coloured square may lie (so the
                // search never sees the others), told as each square is found.
                for (std::size_t k = 0; k < n && fits; ++k) {
                  const int site = found[k] = at[cellOffsets[k]];
                  fits = site >= 0 && (shapeColours[k] == 0 ||
                                       mayLie(shapeColours[k], boardColours[static_cast<std::size_t>(site)]));
                }
              }
              if (!fits) continue;
              std::vector<int> sites(n);
              bool sorted = true;
              for (std::size_t j = 0; j < n; ++j) {
                sites[j] = found[static_cast<std::size_t>(bySite[j])];
                sorted = sorted && (j == 0 || sites[j] > sites[j - 1]);
              }
              if (!sorted) {
                std::sort(bySite.begin(), bySite.end(), [&](int a, int b) {
                  return found[static_cast<std::size_t>(a)] < found[static_cast<std::size_t>(b)];
                });
                for (std::size_t j = 0; j < n; ++j) sites[j] = found[static_cast<std::size_t>(bySite[j])];
              }
              std::vector<char> colours;
              if (coloured) {
                colours.resize(n);
                for (std::size_t j = 0; j < n; ++j) colours[j] = shapeColours[bySite[j]];
              }
              add(std::move(sites), std::move(colours), Site{dx, dy, dz}, found[0]);
            }
        continue;
      }
      for (int dz = lowShift.z; dz <= highShift.z; ++dz)
        for (int dy = lowShift.y; dy <= highShift.y; ++dy)
          for (int dx = lowShift.x; dx <= highShift.x; ++dx) {
            if (keepKinds && !shiftKeepsCells(p.lattice, Site{dx, dy, dz})) continue;
            squares.clear();
            int anchor = -1;  // the site of the shape's first cell
            bool fits = true;
            for (std::size_t k = 0; k < shape.size(); ++k) {
              const Site& s = shape[k];
              const int site = grid.at(Site{s.x + dx, s.y + dy, s.z + dz});
              if (site < 0) {
                fits = false;
                break;
              }
              if (k == 0) anchor = site;
              const char colour = coloured ? piece.orientationColours[static_cast<std::size_t>(oi)][k] : '\0';
              if (colour != 0 && constrained &&
                  !mayLie(colour, p.colourConstraints.cellColours[static_cast<std::size_t>(site)])) {
                fits = false;
                break;
              }
              squares.emplace_back(site, colour);
            }
            if (!fits) continue;
            // (an uncoloured piece's sites sorted as plain numbers, each vector sized once: measured as
            // above, computePlacements 17.0M -> 13.0M)
            std::vector<int> sites;
            std::vector<char> colours;
            sites.reserve(squares.size());
            if (!coloured) {
              for (const auto& square : squares) sites.push_back(square.first);
              std::sort(sites.begin(), sites.end());
            } else {
              std::sort(squares.begin(), squares.end());
              colours.reserve(squares.size());
              for (const auto& [site, colour] : squares) sites.push_back(site), colours.push_back(colour);
            }
            add(std::move(sites), std::move(colours), Site{dx, dy, dz}, anchor);
          }
    }
  }
  return shifts;
}

// The sites' images under t, moved back onto the board (the images' low corner onto the board's), or empty
// when some image is no site or a cell that may stay empty goes onto one that may not.
std::vector<int> siteImages(const Puzzle& p, const SiteGrid& grid, const Transform& t) {
  std::vector<Site> image;
  image.reserve(p.sites.size());
  for (const auto& s : p.sites) image.push_back(turned(p.lattice, t, s));
  Site low{INT_MAX, INT_MAX, INT_MAX};
  for (const auto& s : image) low = Site{std::min(low.x, s.x), std::min(low.y, s.y), std::min(low.z, s.z)};
  if (shiftsKeepKinds(p.lattice)) low = alignedLow(p.lattice, low);  // as p.low
  const Site shift{p.low.x - low.x, p.low.y - low.y, layered(p.lattice) ? p.low.z - low.z : 0};
  std::vector<int> sites;
  sites.reserve(image.size());
  for (const auto& s : image) {
    const int site = grid.find(Site{s.x + shift.x, s.y + shift.y, s.z + shift.z});
    if (site < 0) return {};
    sites.push_back(site);
  }
  for (std::size_t s = 0; s < p.sites.size(); ++s)
    if (p.mustFill[s] != p.mustFill[static_cast<std::size_t>(sites[s])]) return {};
  return sites;
}

// Sets sym's placement and piece maps from its sites' by looking up each placement's image; returns whether
// every piece's placements go onto those of a piece with as many copies.
bool lookUpImages(const Puzzle& p, PlacementImages& images, Symmetry& sym) {
  sym.placement.assign(p.placements.size(), -1);
  sym.piece.assign(p.pieces.size(), -1);
  // The turn that moves no site keeps every placement (no two placements share sites and colours), so it
  // needs no look-ups. Measured (callgrind, `count PelikanBurr#1`): 1 of 24 kept turns, 2.3M instructions.
  bool identity = true;
  for (std::size_t s = 0; s < p.sites.size() && identity; ++s) identity = sym.site[s] == static_cast<int>(s);
  if (identity) {
    for (std::size_t i = 0; i < sym.placement.size(); ++i) sym.placement[i] = static_cast<int>(i);
    for (std::size_t pi = 0; pi < sym.piece.size(); ++pi) sym.piece[pi] = static_cast<int>(pi);
    return true;
  }
  for (int pi = 0; pi < p.pieceCount(); ++pi) {
    const auto& own = p.piecePlacements[static_cast<std::size_t>(pi)];
    const PieceDef& piece = p.pieces[static_cast<std::size_t>(pi)];
    // The image piece must take every image placement; pieces may share some shapes (IQ Fit's faces), so
    // test them all, the piece itself first.
    bool preserves = false;
    for (int k = -1; k < p.pieceCount() && !preserves; ++k) {
      const int q = k < 0 ? pi : k;
      const PieceDef& other = p.pieces[static_cast<std::size_t>(q)];
      if (k == pi || other.copies != piece.copies || other.minCopies != piece.minCopies ||
          p.piecePlacements[static_cast<std::size_t>(q)].size() != own.size())
        continue;
      preserves = images.imagesOf(pi, q, sym.site, sym.placement);
      if (preserves) sym.piece[static_cast<std::size_t>(pi)] = q;
    }
    if (!preserves) return false;
  }
  return true;
}

// Board symmetries: point-group elements that map the board onto itself (after a translation) and every
// piece's placement set onto the placement set of a piece with as many copies. A turn that is a product of
// those found takes its maps from theirs (SymmetryClosure). Measured (callgrind, `count FILE#1 --json
// --threads 1`): DiagonalCube (24 symmetries, 2 looked up) computeSymmetries 4.78M -> 2.62M instructions;
// PelikanBurr (24, 2 looked up) 11.24M -> 6.95M.
void computeSymmetries(Puzzle& p, std::vector<PlacementShift> shifts) {
  PlacementImages images(p, std::move(shifts));
  // (the turned sites looked up in the dense box: DraculasDentalDesaster#1 computeSymmetries 9.4M -> 8.0M
  // instructions, PelikanBurr#1 13.8M -> 12.6M)
  const SiteGrid grid(p);
  SymmetryClosure known(p, images.piecesShareSites());
  for (const auto& t : pointGroup(p.lattice)) {
    Symmetry sym;
    sym.site = siteImages(p, grid, t);
    if (sym.site.empty()) continue;
    sym.mirror = t.mirror;
    if (const Symmetry* product = known.find(sym.site, sym.mirror)) {
      p.symmetries.push_back(*product);
      continue;
    }
    if (!lookUpImages(p, images, sym)) continue;
    known.add(sym);
    p.symmetries.push_back(std::move(sym));
  }
}

// Limits (docs/limits.md), and pieces that cannot fill the board. Every copy of every piece is placed (of
// a piece with a range of copies, from minCopies to copies); a
// piece with faces may cover a different number of cells on each face (IQ Fit), so the cells covered can be
// any sum that picks one face size per copy. When every cell must be filled the board's size must be such a
// sum; otherwise the smallest sum must fit. Checked before any placement is built.
void checkSize(const Puzzle& p, const std::string& source, std::size_t mustCover) {
  const Family& family = familyOf(p);
  const std::size_t perCell = static_cast<std::size_t>(family.sitesPerCell());
  const std::size_t sites = p.cells.size() * perCell;
  if (sites > static_cast<std::size_t>(kMaxSites))
    throw InputError(fmt::format("{}: the board has {} {}; at most {} are supported (docs/limits.md)", source,
                                 p.cells.size(), family.cellNoun(), kMaxSites / perCell));
  std::size_t pieces = 0;
  for (const auto& piece : p.pieces) pieces += static_cast<std::size_t>(piece.copies);
  if (pieces > static_cast<std::size_t>(kMaxPieces))
    throw InputError(fmt::format("{}: {} pieces counting copies; at most {} are supported (docs/limits.md)",
                                 source, pieces, kMaxPieces));
  // reachable[n]: some choice of faces covers exactly n cells (n <= sites; larger sums cannot be placed).
  std::vector<bool> reachable(sites + 1, false);
  reachable[0] = true;
  std::size_t fewest = 0, most = 0;
  for (const auto& piece : p.pieces) {
    std::set<std::size_t> sizes;
    for (const auto& face : piece.faces) sizes.insert(face.size());
    fewest += static_cast<std::size_t>(piece.minCopies) * (sizes.empty() ? 0 : *sizes.begin());
    most += static_cast<std::size_t>(piece.copies) * (sizes.empty() ? 0 : *sizes.rbegin());
    for (int copy = 0; copy < piece.copies; ++copy) {
      // Copies beyond the fewest (a range) may be left out: the sums without them stay reachable.
      std::vector<bool> next = copy >= piece.minCopies ? reachable : std::vector<bool>(sites + 1, false);
      for (std::size_t n = 0; n <= sites; ++n)
        if (reachable[n])
          for (const std::size_t size : sizes)
            if (n + size <= sites) next[n + size] = true;
      reachable = std::move(next);
    }
  }
  const char* unit = family.siteNoun();
  if (fewest > sites)
    throw InputError(fmt::format(
        "{}: the pieces cover at least {} {} (counting copies), more than the board's {}: they cannot all be "
        "placed",
        source, fewest, unit, sites));
  // Some cells optional: the pieces must cover at least the others.
  if (!p.fillAll && mustCover > 0 &&
      std::find(reachable.begin() + static_cast<std::ptrdiff_t>(mustCover), reachable.end(), true) ==
          reachable.end())
    throw InputError(fmt::format(
        "{}: the pieces cannot cover the board's {} cells that must be filled: they cover {} {} (counting "
        "copies) and the board has {}",
        source, mustCover, fewest == most ? std::to_string(fewest) : fmt::format("{} to {}", fewest, most),
        unit, sites));
  if (p.fillAll && !reachable[sites])
    throw InputError(
        fmt::format("{}: the pieces cannot fill the board: they cover {} {} (counting copies) and the board "
                    "has {} (every "
                    "piece is placed; with fill_every_cell = false cells may stay empty)",
                    source, fewest == most ? std::to_string(fewest) : fmt::format("{} to {}", fewest, most),
                    unit, sites));
}

}  // namespace

char Placement::colourAt(int site) const {
  if (colours.empty()) return '\0';
  const auto it = std::lower_bound(sites.begin(), sites.end(), site);
  return it != sites.end() && *it == site ? colours[static_cast<std::size_t>(it - sites.begin())] : '\0';
}

int Puzzle::totalPieces() const {
  int n = 0;
  for (const auto& piece : pieces) n += piece.copies;
  return n;
}

bool Puzzle::hasCopyRanges() const {
  return std::any_of(pieces.begin(), pieces.end(), [](const PieceDef& piece) { return piece.ranged(); });
}

void Puzzle::requireFixedCopies(const std::string& what) const {
  for (const auto& piece : pieces)
    if (piece.ranged())
      throw InputError(
          fmt::format("{}: {} needs a fixed number of each piece; piece '{}' has a range of copies "
                      "({} to {})",
                      name, what, piece.letter, piece.minCopies, piece.copies));
}

int Puzzle::pieceByLetter(char letter) const {
  for (int i = 0; i < pieceCount(); ++i)
    if (std::tolower(static_cast<unsigned char>(pieces[static_cast<std::size_t>(i)].letter)) ==
        std::tolower(static_cast<unsigned char>(letter)))
      return i;
  return -1;
}

int Puzzle::findPlacement(int piece, std::vector<int> sites) const {
  std::sort(sites.begin(), sites.end());
  return placementIndex.find(placements, PlacementIndex::keyOf(piece, sites), piece, sites);
}

std::uint64_t PlacementIndex::keyOf(int piece, const std::vector<int>& sortedSites) {
  std::uint64_t key = 0x9e3779b97f4a7c15ULL * (static_cast<std::uint64_t>(piece) + 1);
  for (const int s : sortedSites) key = (key ^ static_cast<std::uint32_t>(s)) * 0xbf58476d1ce4e5b9ULL;
  return key ^ (key >> 31);
}

int PlacementIndex::find(const std::vector<Placement>& placements, std::uint64_t key, int piece,
                         const std::vector<int>& sortedSites, const std::vector<char>* colours) const {
  if (slots_.empty()) return -1;
  const std::size_t mask = slots_.size() - 1;
  int best = -1;
  for (std::size_t at = key & mask; slots_[at].id >= 0; at = (at + 1) & mask) {
    const Slot& slot = slots_[at];
    if (slot.key != key || (best >= 0 && slot.id > best)) continue;
    const Placement& placement = placements[static_cast<std::size_t>(slot.id)];
    if (placement.piece == piece && placement.sites == sortedSites &&
        (colours == nullptr || placement.colours == *colours))
      best = slot.id;
  }
  return best;
}

void PlacementIndex::add(std::uint64_t key, int id) {
  if (2 * (count_ + 1) > slots_.size()) {  // (at most half full)
    std::vector<Slot> old(std::max<std::size_t>(64, 2 * slots_.size()));
    old.swap(slots_);
    count_ = 0;
    for (const Slot& slot : old)
      if (slot.id >= 0) add(slot.key, slot.id);
  }
  const std::size_t mask = slots_.size() - 1;
  std::size_t at = key & mask;
  while (slots_[at].id >= 0) at = (at + 1) & mask;
  slots_[at] = Slot{key, id};
  ++count_;
}

Puzzle buildPuzzle(PuzzleSpec spec) {
  Puzzle p;
  p.name = std::move(spec.name);
  p.title = std::move(spec.title);
  try {
    p.family = &familyNamed(familyFor(spec));
    p.sitesPerCell = p.family->sitesPerCell();
  } catch (const std::out_of_range& e) {
    throw InputError(fmt::format("{}: {}", spec.source, e.what()));
  }
  p.lattice = spec.lattice;
  p.hasFamilyRule = spec.hasFamilyRule;
  p.fillAll = spec.fillAll && spec.optionalCells.empty();
  p.markedCells = spec.markedCells;
  p.booklet = spec.booklet;
  p.cells = std::move(spec.cells);
  p.pieces = std::move(spec.pieces);
  if (p.cells.empty()) throw InputError(fmt::format("{}: the board has no cells", spec.source));
  // Cells that must be covered: all but the optional ones, or none without fill_every_cell.
  std::set<Site> optional(spec.optionalCells.begin(), spec.optionalCells.end());
  const std::size_t mustCover = spec.fillAll ? p.cells.size() - optional.size() : 0;
  checkSize(p, spec.source, mustCover);
  p.low = Site{INT_MAX, INT_MAX, INT_MAX};
  p.high = Site{INT_MIN, INT_MIN, INT_MIN};
  for (const auto& c : p.cells) {
    p.low = Site{std::min(p.low.x, c.x), std::min(p.low.y, c.y), std::min(p.low.z, c.z)};
    p.high = Site{std::max(p.high.x, c.x), std::max(p.high.y, c.y), std::max(p.high.z, c.z)};
  }
  if (p.lattice == Lattice::HexPegs) {
    p.low.z = 0;
    p.high.z = 6;
  }
  // (pictures start at low: an even low.x + low.y keeps each triangle's direction where its picture says)
  if (shiftsKeepKinds(p.lattice)) p.low = alignedLow(p.lattice, p.low);
  p.sites = p.family->searchOrder(p);
  for (int i = 0; i < p.siteCount(); ++i) p.siteIndex[p.sites[static_cast<std::size_t>(i)]] = i;
  p.mustFill.assign(p.sites.size(), spec.fillAll);
  for (const Site& c : optional) p.mustFill[static_cast<std::size_t>(p.siteIndex.at(c))] = false;
  if (!spec.colourConstraints.empty()) {
    // Per site, from the board cells' reading order.
    p.colourConstraints.allowed = spec.colourConstraints.allowed;
    p.colourConstraints.cellColours.assign(p.sites.size(), 0);
    for (std::size_t i = 0; i < p.cells.size(); ++i)
      p.colourConstraints.cellColours[static_cast<std::size_t>(p.siteIndex.at(p.cells[i]))] =
          spec.colourConstraints.cellColours.at(i);
  }

  for (auto& piece : p.pieces) {
    piece.orientations.clear();
    piece.orientationColours.clear();
    const auto group = movesGroup(p.lattice, piece.moves, piece.faces.front());
    if (!piece.faceColours.empty()) {
      colouredOrientations(p.lattice, piece, group, piece.faceColours);
      continue;
    }
    // (Without constraints on the board, a piece's cell colours change nothing: no extra orientations.)
    if (!piece.cellColours.empty() && !p.colourConstraints.empty()) {
      std::vector<char> colours;
      for (int c : piece.cellColours) colours.push_back(static_cast<char>(c));  // 0 to 63 fit a char
      colouredOrientations(p.lattice, piece, group, {colours});
      continue;
    }
    for (const auto& face : piece.faces)
      for (auto& image : distinctImages(p.lattice, face, group))
        if (std::find(piece.orientations.begin(), piece.orientations.end(), image) ==
            piece.orientations.end())
          piece.orientations.push_back(std::move(image));
  }
  // Per orientation, at most one placement per site, and at most one per shift that keeps the shape inside
  // the board's bounding box (what computePlacements tries): on a large board the second is far smaller for
  // a large piece.
  std::size_t placementBound = 0;
  for (const auto& piece : p.pieces)
    for (const Shape& shape : piece.orientations) {
      Site shapeLow{INT_MAX, INT_MAX, INT_MAX}, shapeHigh{INT_MIN, INT_MIN, INT_MIN};
      for (const Site& s : shape) {
        shapeLow = Site{std::min(shapeLow.x, s.x), std::min(shapeLow.y, s.y), std::min(shapeLow.z, s.z)};
        shapeHigh = Site{std::max(shapeHigh.x, s.x), std::max(shapeHigh.y, s.y), std::max(shapeHigh.z, s.z)};
      }
      auto shifts = [](int boardLow, int boardHigh, int low, int high) {
        return static_cast<std::size_t>(std::max(0, (boardHigh - boardLow) - (high - low) + 1));
      };
      const std::size_t inBox = shifts(p.low.x, p.high.x, shapeLow.x, shapeHigh.x) *
                                shifts(p.low.y, p.high.y, shapeLow.y, shapeHigh.y) *
                                (layered(p.lattice) ? shifts(p.low.z, p.high.z, shapeLow.z, shapeHigh.z) : 1);
      placementBound += std::min(inBox, p.sites.size());
    }
  if (placementBound > kMaxPlacementBound)
    throw InputError(
        fmt::format("{}: the pieces could take up to {} placements on this board; at most {} are supported "
                    "(docs/limits.md)",
                    spec.source, placementBound, kMaxPlacementBound));
  std::vector<PlacementShift> shifts = computePlacements(p);
  for (int pi = 0; pi < p.pieceCount(); ++pi)
    if (p.piecePlacements[static_cast<std::size_t>(pi)].empty())
      throw InputError(fmt::format("{}{}: piece '{}' ({}) fits nowhere on the board", spec.source,
                                   p.pieces[static_cast<std::size_t>(pi)].line > 0
                                       ? fmt::format(":{}", p.pieces[static_cast<std::size_t>(pi)].line)
                                       : std::string(),
                                   p.pieces[static_cast<std::size_t>(pi)].letter,
                                   p.pieces[static_cast<std::size_t>(pi)].name));
  computeSymmetries(p, std::move(shifts));
  for (const Site& c : spec.window) {
    const auto it = p.siteIndex.find(c);
    if (it == p.siteIndex.end())
      throw InputError(fmt::format("{}: a window cell is not a board cell", spec.source));
    if (p.window.empty() || p.sites[static_cast<std::size_t>(p.window.back())].y != c.y)
      p.windowRows.push_back(0);
    ++p.windowRows.back();
    p.window.push_back(it->second);
  }
  return p;
}

std::vector<int> canonicalPlacements(const Puzzle& puzzle, const std::vector<int>& placements) {
  std::vector<int> best = placements;
  std::sort(best.begin(), best.end());
  std::vector<int> image;
  for (const auto& sym : puzzle.symmetries) {
    image.clear();
    for (int id : placements) image.push_back(sym.placement[static_cast<std::size_t>(id)]);
    std::sort(image.begin(), image.end());
    if (image < best) best = image;
  }
  return best;
}

}  // namespace piecework

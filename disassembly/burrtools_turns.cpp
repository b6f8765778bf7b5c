// SPDX-License-Identifier: Apache-2.0
#include "disassembly/burrtools_turns.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

namespace piecework {

namespace {

Site plus(Site a, Site b) {
  return {a.x + b.x, a.y + b.y, a.z + b.z};
}
Site minus(Site a, Site b) {
  return {a.x - b.x, a.y - b.y, a.z - b.z};
}

// The quarter turn about x that BurrTools' cube numbers step through four at a time: (x, y, z) -> (x, -z, y).
Site turnX(Site p) {
  return {p.x, -p.z, p.y};
}

Site lowCorner(const std::vector<Site>& cells) {
  Site low = cells.front();
  for (const Site& s : cells) low = {std::min(low.x, s.x), std::min(low.y, s.y), std::min(low.z, s.z)};
  return low;
}

int floorDiv(int a, int b) {
  return (a - floorMod(a, b)) / b;
}

Site turned(Lattice lattice, int transformation, Site p) {
  return lattice == Lattice::TriangularPrisms ? burrToolsPrismTurned(transformation, p)
                                              : burrToolsTurned(transformation, p);
}

}  // namespace

int burrToolsTurns(Lattice lattice) {
  return lattice == Lattice::Cubic ? 24 : lattice == Lattice::TriangularPrisms ? 12 : 0;
}

Site burrToolsTurned(int transformation, Site p) {
  if (transformation < 0 || transformation >= 24)
    throw std::out_of_range(fmt::format("BurrTools transformation {} (cubes: 0 to 23)", transformation));
  // Measured on BurrTools' own files (every stored assembly's pieces fit the file's result with one rotation
  // per number only): number 4a + b is b quarter turns about x, then the a-th of: nothing, a quarter, half
  // and three-quarter turn about y ((x, y, z) -> (-z, y, x)), a quarter turn about z ((x, y, z) -> (-y, x,
  // z)) and three quarters about z.
  for (int b = 0; b < transformation % 4; ++b) p = turnX(p);
  switch (transformation / 4) {
    case 0:
      return p;
    case 1:
      return {-p.z, p.y, p.x};
    case 2:
      return {-p.x, p.y, -p.z};
    case 3:
      return {p.z, p.y, -p.x};
    case 4:
      return {-p.y, p.x, p.z};
    default:
      return {p.y, -p.x, p.z};
  }
}

Site burrToolsPrismTurned(int transformation, Site p) {
  if (transformation < 0 || transformation >= 12)
    throw std::out_of_range(
        fmt::format("BurrTools transformation {} (triangular prisms: 0 to 11)", transformation));
  // BurrTools places triangle (x, y) with rows of height h = sqrt(3) / 2 and sides 1: its centre is at
  // x = (1 + x) / 2 along the row, y h + h / 3 up for x + y even (pointing away from row y - 1), y h + 2h / 3
  // for odd. In whole numbers u = 6 x and w = 3 y / h of the centre: u = 3 + 3x, w = 3y + 1 or 3y + 2.
  // Number 6a + k (as BurrTools' source's table of matrices says; the numbers its prism files use, 0, 3,
  // 6, 8 and 9, checked on them: docs/interop.md): for a = 1 first the half turn about the axis across the
  // rows through the origin in layer 0 (u -> -u, z -> -z), then k sixths of a turn anticlockwise about the
  // origin, each (u, w) -> ((u - 3w) / 2, (u + w) / 2).
  int u = 3 + 3 * p.x, w = 3 * p.y + 1 + floorMod(p.x + p.y, 2), z = p.z;
  if (transformation >= 6) u = -u, z = -z;
  for (int k = 0; k < transformation % 6; ++k) {
    const int turnedU = (u - 3 * w) / 2, turnedW = (u + w) / 2;  // (u + w is always even on a centre)
    u = turnedU, w = turnedW;
  }
  return {u / 3 - 1, floorDiv(w, 3), z};
}

std::optional<BurrToolsPlacement> burrToolsPlacement(const std::vector<Site>& voxels,
                                                     const std::vector<Site>& cells, Lattice lattice) {
  if (voxels.empty() || voxels.size() != cells.size()) return std::nullopt;
  std::vector<Site> target = cells;
  std::sort(target.begin(), target.end());
  for (int t = 0; t < burrToolsTurns(lattice); ++t) {
    std::vector<Site> image;
    for (const Site& v : voxels) image.push_back(turned(lattice, t, v));
    const Site shift = minus(lowCorner(cells), lowCorner(image));
    if (!shiftKeepsCells(lattice, shift)) continue;  // (prisms: that would turn triangles over)
    for (Site& s : image) s = plus(s, shift);
    std::sort(image.begin(), image.end());
    // BurrTools moves the turned shape's voxel (0, 0, 0) to the position (its "hotspot").
    if (image == target) return BurrToolsPlacement{t, plus(turned(lattice, t, Site{}), shift)};
  }
  return std::nullopt;
}

}  // namespace piecework

// SPDX-License-Identifier: Apache-2.0
// How far one piece can slide along an axis before it meets another, for pieces at any offsets from each
// other: the pairwise table the disassembler's moves are built from (Bill Cutler's movement matrix).
#pragma once

#include <array>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "puzzle/geometry.hpp"

namespace piecework {

// The distance a piece may slide without meeting the other one at all.
inline constexpr int kFreeDistance = 0x7fff;

class PieceMovement {
 public:
  // The pieces' cells where they sit in the assembly (cubic grid: the axes are x, y and z).
  explicit PieceMovement(const std::vector<std::vector<Site>>& cells);

  // How far piece i can slide forward along each axis (even entries) and backward (odd entries) while piece j
  // stays, when j is offset by `relative` (j's offset minus i's) from where they sit in the assembly.
  // kFreeDistance where they never meet. Cached by (i, j, relative).
  const std::array<std::int16_t, 6>& distances(int i, int j, Site relative);

 private:
  // A piece's cells along lines parallel to one axis: per line (its two other coordinates, within the
  // piece's bounds), the cells' coordinates along the axis, sorted.
  struct Lines {
    int lowU = 0, lowV = 0, spanU = 0, spanV = 0;
    std::vector<std::uint32_t> start;  // per line, into coordinates; one more than lines
    std::vector<int> coordinates;
    const int* begin(int u, int v) const;
    const int* end(int u, int v) const;
  };
  std::array<std::int16_t, 2> slide(int i, int j, int axis, Site relative) const;

  std::vector<std::vector<Lines>> lines_;  // per piece, per axis
  std::unordered_map<std::uint64_t, std::array<std::int16_t, 6>> cache_;
};

}  // namespace piecework

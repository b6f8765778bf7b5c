// SPDX-License-Identifier: Apache-2.0
// How far one piece can slide along each of the grid's slide directions before it meets another, for pieces
// at any offsets from each other: the pairwise table the disassembler's moves are built from (Bill Cutler's
// movement matrix). The directions and what a cell passes through on a step are the lattice's
// (slideDirections in puzzle/geometry.hpp).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "puzzle/geometry.hpp"

namespace piecework {

// The distance a piece may slide without meeting the other one at all.
inline constexpr int kFreeDistance = 0x7fff;
// The most slide directions a lattice has (prisms: 4), each taken forward and backward.
inline constexpr std::size_t kMaxSlideDirections = 4;

class PieceMovement {
 public:
  // The pieces' cells where they sit in the assembly, on a lattice with slide directions.
  PieceMovement(Lattice lattice, const std::vector<std::vector<Site>>& cells);

  // How far piece i can slide forward along each slide direction (entry 2d) and backward (2d + 1), in steps
  // of the direction, while piece j stays, when j is offset by `relative` (j's offset minus i's) from where
  // they sit in the assembly. kFreeDistance where they never meet. Cached by (i, j, relative).
  // The reference holds until the next call.
  const std::array<std::int16_t, 2 * kMaxSlideDirections>& distances(int i, int j, Site relative);

 private:
  // A point written as line + t * step, line the point with the smallest t >= 0 it can be moved back to along
  // the direction's step (so points on one line along the step share `line`).
  struct LinePoint {
    Site line;
    int t = 0;
    bool theirs = false;  // (in a merge: a cell of the piece that stays; sorts after a swept cell at equal t)
    auto operator<=>(const LinePoint&) const = default;
  };
  static LinePoint onLine(Site point, Site step);
  // How far piece i slides along direction d, in steps, before a cell it passes through is one of j's.
  int forward(int i, int j, std::size_t d, Site relative);

  Lattice lattice_;
  const std::vector<SlideDirection>& directions_;
  std::vector<std::vector<Site>> cells_;
  std::vector<std::vector<std::vector<LinePoint>>> swept_;  // per piece, per direction: cells passed, sorted
  // per piece, per direction: its cells with their points on lines, sorted by the points
  std::vector<std::vector<std::vector<std::pair<Site, LinePoint>>>> cellsOnLine_;
  std::vector<LinePoint> merged_, runs_[2];  // scratch
  // The cache: open addressing on a power-of-two table, at most half full, by a multiplicative hash of the
  // key. Measured (callgrind, `count PelikanBurr#1 --disassemble`, 286,967 look-ups): std::unordered_map
  // took 40.8M instructions in distances itself, this table 16.8M (the run 665M -> 639M).
  struct Entry {
    std::uint64_t key = 0;
    bool used = false;
    std::array<std::int16_t, 2 * kMaxSlideDirections> value{};
  };
  std::size_t slotOf(std::uint64_t key) const;
  std::vector<Entry> cache_;
  std::size_t cached_ = 0;
  int cacheBits_ = 9;
};

}  // namespace piecework

// SPDX-License-Identifier: Apache-2.0
// How far one piece can slide along each of the grid's slide directions before it meets another, for pieces
// at any offsets from each other: the pairwise table the disassembler's moves are built from (Bill Cutler's
// movement matrix). The directions and what a cell passes through on a step are the lattice's
// (slideDirections in puzzle/geometry.hpp).
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <unordered_map>
#include <utility>
#include <vector>

#include "puzzle/geometry.hpp"

namespace piecework {

// The distance a piece may slide without meeting the other one at all.
inline constexpr int kFreeDistance = 0x7fff;
// The most slide directions a lattice has (prisms: 4), each taken forward and backward.
inline constexpr std::size_t kMaxSlideDirections = 4;

using SlideDistances = std::array<std::int16_t, 2 * kMaxSlideDirections>;

// The distances between shapes, whatever searches and assemblies they come from: they depend only on the two
// shapes' cells (and their kinds of cell) and on how the one sits relative to the other, so that a table
// kept over all the assemblies of a puzzle computes each once. Not for sharing between threads.
class MovementTable {
 public:
  explicit MovementTable(Lattice lattice);

  // A piece's shape: its cells moved by -anchor (the least coordinates), numbered once per table.
  struct Shaped {
    int shape = 0;
    Site anchor;
  };
  Shaped shapeOf(const std::vector<Site>& cells);

  // How far shape a can slide forward along each slide direction (entry 2d) and backward (2d + 1), in steps
  // of the direction, while shape b stays, b's anchor at `relative` from a's. kFreeDistance where they never
  // meet. The reference holds until the next call.
  const SlideDistances& distances(int a, int b, Site relative);

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
  Shaped newShape(const std::vector<Site>& cells);
  // How far shape a slides along direction d, in steps, before a cell it passes through is one of b's.
  int forward(int a, int b, std::size_t d, Site relative);

  Lattice lattice_;
  const std::vector<SlideDirection>& directions_;
  // Shapes by their cells (x, y, z and kind of cell each, in order).
  std::map<std::vector<int>, int> shapes_;
  // What shapeOf said of each set of cells, in the order given: the assemblies of a puzzle place the same
  // pieces the same way again and again. Measured (callgrind, `count lohe.misused-key#2 --disassemble --json
  // --threads 1`, 3,290 pieces): shapeOf 33.0M -> 4.4M instructions.
  struct CellsHash {
    std::size_t operator()(const std::vector<Site>& cells) const noexcept;
  };
  std::unordered_map<std::vector<Site>, Shaped, CellsHash> shaped_;
  std::vector<std::vector<std::vector<LinePoint>>> swept_;  // per shape, per direction: cells passed, sorted
  // per shape, per direction: its cells with their points on lines, sorted by the points
  std::vector<std::vector<std::vector<std::pair<Site, LinePoint>>>> cellsOnLine_;
  std::vector<LinePoint> merged_, runs_[2];  // scratch
  // Where a direction's step moves along one axis only (cubes' three, prisms' layers and rows): per shape and
  // direction, over the box of the cells it passes, each point's steps back along its line to the nearest
  // cell passed (kNoSwept where there is none), so that forward reads one entry per cell of the piece that
  // stays instead of merging both pieces' points. Measured (callgrind, `count FILE#N --disassemble --json
  // --threads 1`): in the notes beside forward.
  struct AxisSweep {
    int axis = -1;  // -1: the step moves along more than one axis (the merge is used)
    int step = 1;   // the step's length along the axis
    Site low, size;
    std::vector<std::int16_t> back;  // x-major over the box
  };
  static constexpr std::int16_t kNoSwept = 0x7fff;
  std::vector<std::vector<AxisSweep>> axisSweep_;  // per shape, per direction
  std::vector<std::vector<Site>> cells_;           // per shape, its cells
  std::vector<Site> highs_;                        // per shape, its cells' greatest coordinates
  static AxisSweep axisSweep(Site step, const std::vector<Site>& passed);
  int forwardOnAxis(const AxisSweep& sweep, int j, Site relative) const;

  // The cache: open addressing on a power-of-two table, at most half full, by a multiplicative hash of the
  // key. Measured (callgrind, `count PelikanBurr#1 --disassemble`, 286,967 look-ups): std::unordered_map
  // took 40.8M instructions in distances itself, this table 16.8M (the run 665M -> 639M).
  struct Key {
    int a = 0, b = 0;
    Site relative;
    bool operator==(const Key&) const = default;
  };
  struct Entry {
    Key key;
    bool used = false;
    SlideDistances value{};
  };
  std::size_t slotOf(const Key& key) const;
  std::vector<Entry> cache_;
  std::size_t cached_ = 0;
  int cacheBits_ = 9;
};

// The distances between the pieces of one search, through a table.
class PieceMovement {
 public:
  // The pieces' shapes in the table, where they sit in the assembly.
  PieceMovement(MovementTable& table, std::vector<MovementTable::Shaped> shaped)
      : table_(table), shaped_(std::move(shaped)) {}

  // How far piece i can slide forward along each slide direction (entry 2d) and backward (2d + 1), in steps
  // of the direction, while piece j stays, when j is offset by `relative` (j's offset minus i's) from where
  // they sit in the assembly. kFreeDistance where they never meet. The reference holds until the next call.
  const SlideDistances& distances(int i, int j, Site relative) {
    const MovementTable::Shaped& a = shaped_[static_cast<std::size_t>(i)];
    const MovementTable::Shaped& b = shaped_[static_cast<std::size_t>(j)];
    return table_.distances(a.shape, b.shape,
                            Site{relative.x + b.anchor.x - a.anchor.x, relative.y + b.anchor.y - a.anchor.y,
                                 relative.z + b.anchor.z - a.anchor.z});
  }

 private:
  MovementTable& table_;
  std::vector<MovementTable::Shaped> shaped_;
};

}  // namespace piecework

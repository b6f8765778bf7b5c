// SPDX-License-Identifier: Apache-2.0
// The disassembler: does an assembly come apart, and how, in the fewest moves (BurrTools' model,
// docs/disassembly.md). A move slides a group of pieces one or more steps along one of the grid's slide
// directions (puzzle/geometry.hpp: cubes' axes; prisms' layers, rows and triangle sides), no
// two pieces ever overlapping; a group that can slide away without limit is removed, and each part of more
// than one piece is taken apart on its own, from where it was when the other part left.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "disassembly/movement.hpp"
#include "disassembly/separation.hpp"
#include "puzzle/geometry.hpp"

namespace piecework {

struct AssembledPiece {
  std::vector<Site> cells;  // where the piece sits in the assembly
  // BurrTools' piece group: a part whose pieces all have the same group (not 0) need not come apart further
  // (pieces meant to stay together, such as a cage made of several pieces).
  int group = 0;
};

struct Disassembly {
  bool comesApart = false;
  // The separation tree when it comes apart (empty for a single piece); when it does not, empty too.
  std::unique_ptr<Separation> tree;
  std::uint64_t nodes = 0;  // positions the searches reached, every part's together
};

// Takes the assembly apart. Breadth-first over the positions of the pieces relative to each other, so each
// separation is a shortest one; where several are equally short, the one BurrTools' order of trying moves
// finds first (its order of slide directions, forward before backward, piece by piece). As in BurrTools, a
// part whose first shortest separation leaves a part that cannot come apart does not come apart.
// Throws InputError when two pieces share a cell, and on a lattice without slide directions. At most 64
// pieces.
Disassembly disassemble(const std::vector<AssembledPiece>& assembly, Lattice lattice = Lattice::Cubic);

// The same, with the distances between shapes kept in `table` (disassembly/movement.hpp), which may hold
// them from other assemblies of the puzzle already (the table must be the lattice's).
Disassembly disassemble(const std::vector<AssembledPiece>& assembly, Lattice lattice, MovementTable& table);

// The same for pieces given as their shapes in `table` (MovementTable::shapeOf: where each sits) with their
// groups (0: none), which must not overlap (not checked: an assembly of a puzzle's placements); at most 64.
// (the assemblies of a puzzle place the same placements again and again: each one's shape is looked up once.
// Measured (callgrind, `count CubeInCage#1 --disassemble --json --threads 1`, 96 assemblies of 6 pieces):
// the run 42.1M -> 39.3M instructions, shapeOf 2.4M -> 0.06M; lohe.misused-key#1 120.6M -> 116.8M)
Disassembly disassembleShaped(const std::vector<MovementTable::Shaped>& shapes,
                              const std::vector<int>& groups, Lattice lattice, MovementTable& table);

}  // namespace piecework

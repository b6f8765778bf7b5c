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
class MovementTable;
Disassembly disassemble(const std::vector<AssembledPiece>& assembly, Lattice lattice, MovementTable& table);

}  // namespace piecework

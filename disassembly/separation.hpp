// SPDX-License-Identifier: Apache-2.0
// A disassembly as BurrTools records it: a tree of separations. Each separation is the shortest sequence of
// moves that splits a set of pieces in two; the part left behind and the part removed are separated further
// on their own (docs/disassembly.md).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "puzzle/geometry.hpp"

namespace piecework {

struct Separation {
  Lattice lattice = Lattice::Cubic;  // whose slide directions the moves take
  std::vector<int> pieces;           // the assembly's pieces in this part (indices into the assembly)
  // The positions from the start of this separation to the one the removed part leaves from: per position,
  // each piece's offset (in `pieces` order) from where it sits in the assembly. One position per move: the
  // last move, which takes the removed part away, ends outside.
  std::vector<std::vector<Site>> positions;
  std::vector<bool> removed;  // per piece of `pieces`: in the part that leaves
  Site direction;             // the slide direction's step the removed part leaves along
  // The parts, where they need separating (a single piece, or pieces of one group, need none).
  std::unique_ptr<Separation> left, away;

  int moves() const { return static_cast<int>(positions.size()); }
  // Some separation of this subtree takes more than one move (BurrTools' containsMultiMoves).
  bool hasMultiMoves() const;
  // Every separation's moves in BurrTools' order (this one, the left part's tree, the removed part's), which
  // orders disassemblies by difficulty: the larger sequence is the harder.
  std::vector<int> sequence() const;
};

// A move between two positions: the slide direction's step (backwards where it goes back) and how many
// steps; a piece's change of offset `delta` is steps * step. (On cubes a step is a unit along an axis; on
// prisms 2 along x is one step along a row.)
struct SlideMove {
  Site step;
  int steps = 0;
};
SlideMove slideMove(Lattice lattice, Site delta);

// The level as BurrTools writes it: the moves of this separation, then, after a dot, the level of the part
// left behind and then of the part removed, each only where it takes more than one move somewhere
// ("26.8.2.6.2").
std::string levelText(const Separation& separation);

// The numbers of a level text ("26.8.2" -> 26, 8, 2), for ordering levels hardest first.
std::vector<int> levelNumbers(const std::string& level);

// True when level text a is harder than b (its numbers are lexicographically larger).
bool harderLevel(const std::string& a, const std::string& b);

}  // namespace piecework

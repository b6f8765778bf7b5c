// SPDX-License-Identifier: Apache-2.0
// A disassembly move by move, for drawing: before each move, where the pieces of the part being taken apart
// are and which of them move (the panels of `sheet --disassembly`).
#pragma once

#include <vector>

#include "disassembly/separation.hpp"

namespace piecework {

struct DisassemblyStep {
  std::vector<int> pieces;    // the part being taken apart (indices into the assembly)
  std::vector<Site> offsets;  // per piece of `pieces`: its offset from where it sits in the assembly
  std::vector<bool> moving;   // per piece of `pieces`: in the group this move slides
  Site unit;                  // the direction of the move (a unit step)
  int units = 0;              // how far it slides; 0 for the move that takes the group out
};

// Every move of the tree in describeMoves' order (a separation's moves, then its left part's, then its
// removed part's), so that step k is the k-th line of describeMoves.
std::vector<DisassemblyStep> disassemblySteps(const Separation& separation);

}  // namespace piecework

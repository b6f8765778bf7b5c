// SPDX-License-Identifier: Apache-2.0
#include "disassembly/steps.hpp"

namespace piecework {

namespace {

void collect(const Separation& s, std::vector<DisassemblyStep>& out) {
  for (std::size_t t = 0; t < s.positions.size(); ++t) {
    DisassemblyStep step;
    step.pieces = s.pieces;
    step.offsets = s.positions[t];
    if (t + 1 < s.positions.size()) {
      Site delta;
      for (std::size_t k = 0; k < s.pieces.size(); ++k) {
        const Site a = s.positions[t][k], b = s.positions[t + 1][k];
        step.moving.push_back(a != b);
        if (a != b) delta = {b.x - a.x, b.y - a.y, b.z - a.z};
      }
      const SlideMove move = slideMove(s.lattice, delta);
      step.units = move.steps;
      step.unit = move.step;
    } else {
      step.moving = s.removed;
      step.unit = s.direction;
    }
    out.push_back(std::move(step));
  }
  if (s.left) collect(*s.left, out);
  if (s.away) collect(*s.away, out);
}

}  // namespace

std::vector<DisassemblyStep> disassemblySteps(const Separation& separation) {
  std::vector<DisassemblyStep> out;
  collect(separation, out);
  return out;
}

}  // namespace piecework

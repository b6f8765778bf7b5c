// SPDX-License-Identifier: Apache-2.0
#include "disassembly/separation.hpp"

#include <algorithm>

namespace piecework {

bool Separation::hasMultiMoves() const {
  return moves() > 1 || (left && left->hasMultiMoves()) || (away && away->hasMultiMoves());
}

std::vector<int> Separation::sequence() const {
  std::vector<int> out{moves()};
  for (const Separation* part : {left.get(), away.get()})
    if (part != nullptr) {
      const std::vector<int> below = part->sequence();
      out.insert(out.end(), below.begin(), below.end());
    }
  return out;
}

SlideMove slideMove(Lattice lattice, Site delta) {
  for (const SlideDirection& direction : slideDirections(lattice))
    for (const int sign : {1, -1}) {
      const Site step{sign * direction.step.x, sign * direction.step.y, sign * direction.step.z};
      const int along = step.x != 0 ? delta.x / step.x : step.y != 0 ? delta.y / step.y : delta.z / step.z;
      if (along > 0 && Site{along * step.x, along * step.y, along * step.z} == delta) return {step, along};
    }
  return {};
}

std::string levelText(const Separation& separation) {
  std::string text = std::to_string(separation.moves());
  for (const Separation* part : {separation.left.get(), separation.away.get()})
    if (part != nullptr && part->hasMultiMoves()) {
      text += '.';  // (not "." + levelText(...): GCC 12 warns of a -Wrestrict overlap there, wrongly)
      text += levelText(*part);
    }
  return text;
}

std::vector<int> levelNumbers(const std::string& level) {
  std::vector<int> out;
  int value = 0;
  bool digits = false;
  for (const char c : level) {
    if (c >= '0' && c <= '9') {
      value = std::min(value * 10 + (c - '0'), 1'000'000'000);
      digits = true;
    } else if (digits) {
      out.push_back(value), value = 0, digits = false;
    }
  }
  if (digits) out.push_back(value);
  return out;
}

bool harderLevel(const std::string& a, const std::string& b) {
  const std::vector<int> x = levelNumbers(a), y = levelNumbers(b);
  return std::lexicographical_compare(y.begin(), y.end(), x.begin(), x.end());
}

}  // namespace piecework

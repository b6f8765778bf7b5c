// SPDX-License-Identifier: Apache-2.0
#include "disassembly/describe.hpp"

#include <fmt/format.h>

namespace piecework {

namespace {

std::string pieceList(const std::vector<std::string>& names) {
  std::string out;
  for (std::size_t k = 0; k < names.size(); ++k)
    out += (k == 0 ? "" : k + 1 == names.size() ? " and " : ", ") + names[k];
  return out;
}

void describe(const Separation& s, const std::vector<std::string>& names, std::vector<std::string>& out) {
  auto nameOf = [&](std::size_t k) { return names[static_cast<std::size_t>(s.pieces[k])]; };
  for (std::size_t t = 0; t + 1 < s.positions.size(); ++t) {
    std::vector<std::string> moved;
    Site step;
    for (std::size_t k = 0; k < s.pieces.size(); ++k) {
      const Site a = s.positions[t][k], b = s.positions[t + 1][k];
      if (a != b) moved.push_back(nameOf(k)), step = {b.x - a.x, b.y - a.y, b.z - a.z};
    }
    const SlideMove move = slideMove(s.lattice, step);
    out.push_back(fmt::format("move {} {} {}", pieceList(moved), move.steps, directionWords(move.step)));
  }
  std::vector<std::string> away;
  for (std::size_t k = 0; k < s.pieces.size(); ++k)
    if (s.removed[k]) away.push_back(nameOf(k));
  out.push_back(fmt::format("take {} out, moving {}", pieceList(away), directionWords(s.direction)));
  if (s.left) describe(*s.left, names, out);
  if (s.away) describe(*s.away, names, out);
}

}  // namespace

std::string directionWords(Site step) {
  // Prisms' slides along the triangles' sides: a row forward (down the picture) and half a triangle aside.
  if (step.x != 0 && step.y != 0)
    return std::string(step.y > 0 ? "forward-" : "back-") + (step.x > 0 ? "right" : "left");
  if (step.x != 0) return step.x > 0 ? "right" : "left";
  if (step.y != 0) return step.y > 0 ? "forward" : "back";
  return step.z > 0 ? "up" : "down";
}

std::vector<std::string> describeMoves(const Separation& separation, const std::vector<std::string>& names) {
  std::vector<std::string> out;
  describe(separation, names, out);
  return out;
}

}  // namespace piecework

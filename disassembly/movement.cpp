// SPDX-License-Identifier: Apache-2.0
#include "disassembly/movement.hpp"

#include <algorithm>
#include <climits>

namespace piecework {

namespace {

// A site's coordinate along `axis` and its two others (the cubic grid's axes are the unit vectors).
int along(const Site& s, int axis) {
  return axis == 0 ? s.x : axis == 1 ? s.y : s.z;
}
int across1(const Site& s, int axis) {
  return axis == 0 ? s.y : s.x;
}
int across2(const Site& s, int axis) {
  return axis == 2 ? s.y : s.z;
}

}  // namespace

const int* PieceMovement::Lines::begin(int u, int v) const {
  const int iu = u - lowU, iv = v - lowV;
  if (iu < 0 || iv < 0 || iu >= spanU || iv >= spanV) return nullptr;
  return coordinates.data() + start[static_cast<std::size_t>(iu * spanV + iv)];
}

const int* PieceMovement::Lines::end(int u, int v) const {
  const int iu = u - lowU, iv = v - lowV;
  return coordinates.data() + start[static_cast<std::size_t>(iu * spanV + iv) + 1];
}

PieceMovement::PieceMovement(const std::vector<std::vector<Site>>& cells) {
  lines_.resize(cells.size());
  std::vector<std::pair<int, int>> byLine;  // (line, coordinate along the axis), sorted
  for (std::size_t p = 0; p < cells.size(); ++p)
    for (int axis = 0; axis < 3; ++axis) {
      Lines lines;
      int highU = INT_MIN, highV = INT_MIN;
      lines.lowU = lines.lowV = INT_MAX;
      for (const Site& s : cells[p]) {
        lines.lowU = std::min(lines.lowU, across1(s, axis)), highU = std::max(highU, across1(s, axis));
        lines.lowV = std::min(lines.lowV, across2(s, axis)), highV = std::max(highV, across2(s, axis));
      }
      lines.spanU = cells[p].empty() ? 0 : highU - lines.lowU + 1;
      lines.spanV = cells[p].empty() ? 0 : highV - lines.lowV + 1;
      byLine.clear();
      for (const Site& s : cells[p])
        byLine.emplace_back((across1(s, axis) - lines.lowU) * lines.spanV + across2(s, axis) - lines.lowV,
                            along(s, axis));
      std::sort(byLine.begin(), byLine.end());
      lines.start.assign(static_cast<std::size_t>(lines.spanU * lines.spanV) + 1, 0);
      for (const auto& [line, coordinate] : byLine) {
        ++lines.start[static_cast<std::size_t>(line) + 1];
        lines.coordinates.push_back(coordinate);
      }
      for (std::size_t k = 1; k < lines.start.size(); ++k) lines.start[k] += lines.start[k - 1];
      lines_[p].push_back(std::move(lines));
    }
  cache_.reserve(256);
}

// Along each line both pieces cross, the gaps between a cell of i and the next cell of j ahead of it (i
// slides forward) or behind it (backward); the smallest gap over all lines is the distance.
std::array<std::int16_t, 2> PieceMovement::slide(int i, int j, int axis, Site relative) const {
  const Lines& mine = lines_[static_cast<std::size_t>(i)][static_cast<std::size_t>(axis)];
  const Lines& theirs = lines_[static_cast<std::size_t>(j)][static_cast<std::size_t>(axis)];
  const int du = across1(relative, axis), dv = across2(relative, axis), da = along(relative, axis);
  int forward = kFreeDistance, backward = kFreeDistance;
  for (int iu = 0; iu < mine.spanU; ++iu)
    for (int iv = 0; iv < mine.spanV; ++iv) {
      const int u = mine.lowU + iu, v = mine.lowV + iv;
      const int* a = mine.begin(u, v);
      const int* aEnd = mine.end(u, v);
      if (a == aEnd) continue;
      const int* b = theirs.begin(u - du, v - dv);
      if (b == nullptr) continue;
      const int* bEnd = theirs.end(u - du, v - dv);
      // One merge of the two sorted lines: the last cell of each seen so far.
      int lastA = INT_MIN, lastB = INT_MIN;
      while (a != aEnd || b != bEnd) {
        if (b == bEnd || (a != aEnd && *a < *b + da)) {
          if (lastB != INT_MIN) backward = std::min(backward, *a - lastB - 1);
          lastA = *a++;
        } else {
          const int cb = *b++ + da;
          if (lastA != INT_MIN) forward = std::min(forward, cb - lastA - 1);
          lastB = cb;
        }
      }
    }
  return {static_cast<std::int16_t>(std::max(forward, 0)), static_cast<std::int16_t>(std::max(backward, 0))};
}

const std::array<std::int16_t, 6>& PieceMovement::distances(int i, int j, Site relative) {
  const auto key = (static_cast<std::uint64_t>(i) << 56U) | (static_cast<std::uint64_t>(j) << 48U) |
                   (static_cast<std::uint64_t>(static_cast<std::uint16_t>(relative.x)) << 32U) |
                   (static_cast<std::uint64_t>(static_cast<std::uint16_t>(relative.y)) << 16U) |
                   static_cast<std::uint64_t>(static_cast<std::uint16_t>(relative.z));
  auto [at, inserted] = cache_.try_emplace(key);
  if (inserted)
    for (int axis = 0; axis < 3; ++axis) {
      const auto [forward, backward] = slide(i, j, axis, relative);
      at->second[static_cast<std::size_t>(2 * axis)] = forward;
      at->second[static_cast<std::size_t>(2 * axis + 1)] = backward;
    }
  return at->second;
}

}  // namespace piecework

// SPDX-License-Identifier: Apache-2.0
#include "disassembly/movement.hpp"

#include <algorithm>
#include <climits>

namespace piecework {

namespace {

int floorDiv(int a, int b) {
  const int q = a / b;
  return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

Site plus(Site a, Site b) {
  return {a.x + b.x, a.y + b.y, a.z + b.z};
}

}  // namespace

PieceMovement::LinePoint PieceMovement::onLine(Site point, Site step) {
  const int t = step.x != 0   ? floorDiv(point.x, step.x)
                : step.y != 0 ? floorDiv(point.y, step.y)
                              : floorDiv(point.z, step.z);
  return {{point.x - t * step.x, point.y - t * step.y, point.z - t * step.z}, t, false};
}

PieceMovement::PieceMovement(Lattice lattice, const std::vector<std::vector<Site>>& cells)
    : lattice_(lattice), directions_(slideDirections(lattice)), cells_(cells) {
  for (const std::vector<Site>& piece : cells_) {
    swept_.emplace_back();
    for (const SlideDirection& direction : directions_) {
      std::vector<LinePoint> points;
      for (const Site& cell : piece)
        for (const Site& passed : direction.sweep[static_cast<std::size_t>(cellKind(lattice_, cell))])
          points.push_back(onLine(plus(cell, passed), direction.step));
      std::sort(points.begin(), points.end());
      swept_.back().push_back(std::move(points));
      std::vector<std::pair<Site, LinePoint>> onLines;
      for (const Site& cell : piece) onLines.emplace_back(cell, onLine(cell, direction.step));
      std::sort(onLines.begin(), onLines.end(),
                [](const auto& a, const auto& b) { return a.second < b.second; });
      cellsOnLine_.resize(swept_.size());
      cellsOnLine_.back().push_back(std::move(onLines));
    }
  }
  cache_.reserve(256);
}

// One merge of i's swept cells with j's cells, sorted along the direction's lines: a cell of j at t steps
// ahead of a cell that i's cell passes through stops i after t steps; the nearest such pair is the distance.
int PieceMovement::forward(int i, int j, std::size_t d, Site relative) {
  const Site step = directions_[d].step;
  const std::vector<LinePoint>& mine = swept_[static_cast<std::size_t>(i)][d];
  // j's cells moved by `relative`, kept sorted without sorting: moving shifts every point's line and t by the
  // same amounts, but where a line's leading coordinate passes a step's length it starts the next line
  // over (prisms along a row), so those points form a second sorted run.
  const LinePoint shift = onLine(relative, step);
  runs_[0].clear(), runs_[1].clear();
  for (const auto& [cell, at] : cellsOnLine_[static_cast<std::size_t>(j)][d]) {
    LinePoint p = onLine(plus(cell, relative), step);
    p.theirs = true;
    runs_[p.t == at.t + shift.t ? 0 : 1].push_back(p);
  }
  merged_.assign(mine.begin(), mine.end());
  const auto theirsBegin = merged_.insert(merged_.end(), runs_[0].begin(), runs_[0].end());
  const auto secondRun = merged_.insert(merged_.end(), runs_[1].begin(), runs_[1].end());
  std::inplace_merge(theirsBegin, secondRun, merged_.end());
  std::inplace_merge(merged_.begin(), merged_.begin() + static_cast<std::ptrdiff_t>(mine.size()),
                     merged_.end());
  int out = kFreeDistance;
  const LinePoint* lastMine = nullptr;
  for (const LinePoint& p : merged_) {
    if (!p.theirs)
      lastMine = &p;
    else if (lastMine != nullptr && lastMine->line == p.line)
      out = std::min(out, p.t - lastMine->t);
  }
  return out;
}

const std::array<std::int16_t, 2 * kMaxSlideDirections>& PieceMovement::distances(int i, int j,
                                                                                  Site relative) {
  const auto key = (static_cast<std::uint64_t>(i) << 56U) | (static_cast<std::uint64_t>(j) << 48U) |
                   (static_cast<std::uint64_t>(static_cast<std::uint16_t>(relative.x)) << 32U) |
                   (static_cast<std::uint64_t>(static_cast<std::uint16_t>(relative.y)) << 16U) |
                   static_cast<std::uint64_t>(static_cast<std::uint16_t>(relative.z));
  auto [at, inserted] = cache_.try_emplace(key);
  if (inserted) {
    const Site back{-relative.x, -relative.y, -relative.z};
    for (std::size_t d = 0; d < directions_.size(); ++d) {
      // (i sliding backward past j is j sliding forward past i)
      at->second[2 * d] = static_cast<std::int16_t>(forward(i, j, d, relative));
      at->second[2 * d + 1] = static_cast<std::int16_t>(forward(j, i, d, back));
    }
  }
  return at->second;
}

}  // namespace piecework

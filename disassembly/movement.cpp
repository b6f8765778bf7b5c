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

// (inlined: forward calls it once per cell of the piece that stays, per entry of the matrix; as a call it was
// 47M instructions of `count PelikanBurr#1 --disassemble`)
[[gnu::always_inline]] inline MovementTable::LinePoint MovementTable::onLine(Site point, Site step) {
  // (a step of one along an axis, the cubic grid's, needs no division)
  const int t = step.x != 0   ? (step.x == 1 ? point.x : floorDiv(point.x, step.x))
                : step.y != 0 ? (step.y == 1 ? point.y : floorDiv(point.y, step.y))
                              : (step.z == 1 ? point.z : floorDiv(point.z, step.z));
  return {{point.x - t * step.x, point.y - t * step.y, point.z - t * step.z}, t, false};
}

MovementTable::MovementTable(Lattice lattice) : lattice_(lattice), directions_(slideDirections(lattice)) {
  cache_.resize(std::size_t{1} << cacheBits_);
}

std::size_t MovementTable::CellsHash::operator()(const std::vector<Site>& cells) const noexcept {
  std::uint64_t h = cells.size();
  for (const Site& s : cells) {
    const std::uint64_t word = (static_cast<std::uint64_t>(static_cast<std::uint32_t>(s.x)) << 32U) ^
                               (static_cast<std::uint64_t>(static_cast<std::uint32_t>(s.y)) << 16U) ^
                               static_cast<std::uint32_t>(s.z);
    h = (h ^ word) * 0x9e3779b97f4a7c15ULL;
  }
  return static_cast<std::size_t>(h ^ (h >> 29U));
}

MovementTable::Shaped MovementTable::shapeOf(const std::vector<Site>& cells) {
  if (const auto known = shaped_.find(cells); known != shaped_.end()) return known->second;
  const Shaped out = newShape(cells);
  shaped_.emplace(cells, out);
  return out;
}

MovementTable::Shaped MovementTable::newShape(const std::vector<Site>& cells) {
  Site low{INT_MAX, INT_MAX, INT_MAX};
  for (const Site& s : cells) low = Site{std::min(low.x, s.x), std::min(low.y, s.y), std::min(low.z, s.z)};
  // (the kinds of cell are the cells' where they are: a shift that changes them makes another shape)
  std::vector<std::pair<Site, int>> shape;
  for (const Site& s : cells)
    shape.emplace_back(Site{s.x - low.x, s.y - low.y, s.z - low.z}, cellKind(lattice_, s));
  std::sort(shape.begin(), shape.end());
  std::vector<int> key;
  for (const auto& [s, kind] : shape) key.insert(key.end(), {s.x, s.y, s.z, kind});
  const auto [it, added] = shapes_.emplace(std::move(key), static_cast<int>(swept_.size()));
  if (!added) return {it->second, low};
  swept_.emplace_back();
  cellsOnLine_.emplace_back();
  for (const SlideDirection& direction : directions_) {
    std::vector<LinePoint> points;
    for (const auto& [cell, kind] : shape)
      for (const Site& passed : direction.sweep[static_cast<std::size_t>(kind)])
        points.push_back(onLine(plus(cell, passed), direction.step));
    std::sort(points.begin(), points.end());
    swept_.back().push_back(std::move(points));
    std::vector<std::pair<Site, LinePoint>> onLines;
    for (const auto& [cell, kind] : shape) onLines.emplace_back(cell, onLine(cell, direction.step));
    std::sort(onLines.begin(), onLines.end(),
              [](const auto& x, const auto& y) { return x.second < y.second; });
    cellsOnLine_.back().push_back(std::move(onLines));
  }
  return {it->second, low};
}

// One merge of i's swept cells with j's cells, sorted along the direction's lines: a cell of j at t steps
// ahead of a cell that i's cell passes through stops i after t steps; the nearest such pair is the distance.
int MovementTable::forward(int i, int j, std::size_t d, Site relative) {
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
  // j's points in order: the second run merged into the first (into scratch; most often it is empty). Then
  // one walk over them beside i's: for each of j's points, the last of i's before it in the order (a cell of
  // j at t steps ahead, on the same line, stops i after t steps). Measured (callgrind, `count PelikanBurr#1
  // --disassemble`): merging all three runs in place, with a temporary buffer each call, and walking the
  // merged list took forward, onLine and the merge 170M instructions of the 743M; this walk: 695M in all.
  const std::vector<LinePoint>* theirs = &runs_[0];
  if (!runs_[1].empty()) {
    merged_.resize(runs_[0].size() + runs_[1].size());
    std::merge(runs_[0].begin(), runs_[0].end(), runs_[1].begin(), runs_[1].end(), merged_.begin());
    theirs = &merged_;
  }
  int out = kFreeDistance;
  std::size_t k = 0;
  for (const LinePoint& p : *theirs) {
    while (k < mine.size() && mine[k] < p) ++k;
    if (k > 0 && mine[k - 1].line == p.line) out = std::min(out, p.t - mine[k - 1].t);
  }
  return out;
}

const SlideDistances& MovementTable::distances(int a, int b, Site relative) {
  const Key key{a, b, relative};
  std::size_t at = slotOf(key);
  while (cache_[at].used && !(cache_[at].key == key)) at = (at + 1) & (cache_.size() - 1);
  if (cache_[at].used) return cache_[at].value;
  // (a bound on the memory over many assemblies: 2^20 entries of 40 bytes, twice as many slots)
  if (cached_ >= (std::size_t{1} << 20)) {
    cacheBits_ = 9;
    cache_.assign(std::size_t{1} << cacheBits_, Entry{});
    cached_ = 0;
    at = slotOf(key);
  }
  if (2 * (cached_ + 1) > cache_.size()) {
    std::vector<Entry> old(std::size_t{1} << ++cacheBits_);
    old.swap(cache_);
    for (const Entry& e : old)
      if (e.used) {
        std::size_t to = slotOf(e.key);
        while (cache_[to].used) to = (to + 1) & (cache_.size() - 1);
        cache_[to] = e;
      }
    at = slotOf(key);
    while (cache_[at].used) at = (at + 1) & (cache_.size() - 1);
  }
  ++cached_;
  Entry& entry = cache_[at];
  entry.used = true;
  entry.key = key;
  const Site back{-relative.x, -relative.y, -relative.z};
  for (std::size_t d = 0; d < directions_.size(); ++d) {
    // (a sliding backward past b is b sliding forward past a)
    entry.value[2 * d] = static_cast<std::int16_t>(forward(a, b, d, relative));
    entry.value[2 * d + 1] = static_cast<std::int16_t>(forward(b, a, d, back));
  }
  return entry.value;
}

std::size_t MovementTable::slotOf(const Key& key) const {
  const std::uint64_t h = ((((static_cast<std::uint64_t>(static_cast<std::uint32_t>(key.a)) << 32U) |
                             static_cast<std::uint32_t>(key.b)) *
                                0x9e3779b97f4a7c15ULL +
                            (static_cast<std::uint64_t>(static_cast<std::uint32_t>(key.relative.x)) << 32U |
                             static_cast<std::uint32_t>(key.relative.y))) *
                               0xbf58476d1ce4e5b9ULL +
                           static_cast<std::uint32_t>(key.relative.z)) *
                          0x9e3779b97f4a7c15ULL;
  return static_cast<std::size_t>(h >> (64 - cacheBits_));
}

}  // namespace piecework

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

int coordinate(const Site& s, int axis) {
  return axis == 0 ? s.x : axis == 1 ? s.y : s.z;
}

}  // namespace

MovementTable::AxisSweep MovementTable::axisSweep(Site step, const std::vector<Site>& passed) {
  AxisSweep out;
  const int moving = (step.x != 0 ? 1 : 0) + (step.y != 0 ? 1 : 0) + (step.z != 0 ? 1 : 0);
  const int axis = step.x != 0 ? 0 : step.y != 0 ? 1 : 2;
  if (moving != 1 || coordinate(step, axis) <= 0 || passed.empty()) return out;
  out.axis = axis;
  out.step = coordinate(step, axis);
  Site low{INT_MAX, INT_MAX, INT_MAX}, high{INT_MIN, INT_MIN, INT_MIN};
  for (const Site& s : passed) {
    low = Site{std::min(low.x, s.x), std::min(low.y, s.y), std::min(low.z, s.z)};
    high = Site{std::max(high.x, s.x), std::max(high.y, s.y), std::max(high.z, s.z)};
  }
  out.low = low;
  out.size = Site{high.x - low.x + 1, high.y - low.y + 1, high.z - low.z + 1};
  out.back.assign(static_cast<std::size_t>(out.size.x) * static_cast<std::size_t>(out.size.y) *
                      static_cast<std::size_t>(out.size.z),
                  kNoSwept);
  auto index = [&](int x, int y, int z) {
    return (static_cast<std::size_t>(x) * static_cast<std::size_t>(out.size.y) +
            static_cast<std::size_t>(y)) *
               static_cast<std::size_t>(out.size.z) +
           static_cast<std::size_t>(z);
  };
  for (const Site& s : passed) out.back[index(s.x - low.x, s.y - low.y, s.z - low.z)] = 0;
  // (in x-major order a point's predecessor along the step, smaller in the axis's coordinate only, comes
  // first)
  for (int x = 0; x < out.size.x; ++x)
    for (int y = 0; y < out.size.y; ++y)
      for (int z = 0; z < out.size.z; ++z) {
        std::int16_t& here = out.back[index(x, y, z)];
        if (here == 0) continue;
        const int bx = x - step.x, by = y - step.y, bz = z - step.z;
        if (bx < 0 || by < 0 || bz < 0) continue;
        const std::int16_t before = out.back[index(bx, by, bz)];
        if (before != kNoSwept) here = static_cast<std::int16_t>(before + 1);
      }
  return out;
}

// The distance as the merge below finds it (for each of j's cells, the steps back along its line to the
// nearest cell i passes; the least of them), read from i's box of those steps. Measured (callgrind, `count
// FILE#N --disassemble --json --threads 1`, against the merge for every direction): lohe.misused-key#1
// forward 20.6M -> 6.3M instructions, the run 134.5M -> 120.6M; CubeInCage#1 forward 12.0M -> 3.7M, the run
// 49.7M -> 42.1M; DraculasDentalDesaster#1 the run 479.6M -> 375.3M.
int MovementTable::forwardOnAxis(const AxisSweep& sweep, int j, Site relative) const {
  int out = kFreeDistance;
  const auto sx = static_cast<unsigned>(sweep.size.x), sy = static_cast<unsigned>(sweep.size.y),
             sz = static_cast<unsigned>(sweep.size.z);
  const Site offset{relative.x - sweep.low.x, relative.y - sweep.low.y, relative.z - sweep.low.z};
  const int axis = sweep.axis, step = sweep.step;
  const int last = coordinate(sweep.size, axis) - 1;
  // (j's box against i's: apart across the line, or wholly behind, they never meet. Measured (callgrind,
  // `count CubeInCage#1 --disassemble --json --threads 1`, 8,946 calls): forwardOnAxis 3.43M -> 3.05M
  // instructions; lohe.misused-key#1 5.95M -> 4.06M, the run 105.4M -> 103.6M)
  const Site high = highs_[static_cast<std::size_t>(j)];
  const int lowJ[3] = {offset.x, offset.y, offset.z};
  const int highJ[3] = {offset.x + high.x, offset.y + high.y, offset.z + high.z};
  const int sizes[3] = {sweep.size.x, sweep.size.y, sweep.size.z};
  for (int k = 0; k < 3; ++k) {
    if (highJ[k] < 0) return out;
    if (k != axis && lowJ[k] >= sizes[k]) return out;
  }
  for (const Site& cell : cells_[static_cast<std::size_t>(j)]) {
    int p[3] = {cell.x + offset.x, cell.y + offset.y, cell.z + offset.z};
    int beyond = 0;  // steps from past the box back to its last point on the line
    if (p[axis] > last) {
      beyond = (p[axis] - last + step - 1) / step;
      p[axis] -= beyond * step;
    }
    if (static_cast<unsigned>(p[0]) >= sx || static_cast<unsigned>(p[1]) >= sy ||
        static_cast<unsigned>(p[2]) >= sz)
      continue;
    const std::int16_t back =
        sweep.back[(static_cast<std::size_t>(p[0]) * sy + static_cast<unsigned>(p[1])) * sz +
                   static_cast<unsigned>(p[2])];
    if (back != kNoSwept) out = std::min(out, back + beyond);
  }
  return out;
}

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
  axisSweep_.emplace_back();
  cells_.emplace_back();
  Site high{0, 0, 0};
  for (const auto& [cell, kind] : shape) {
    cells_.back().push_back(cell);
    high = Site{std::max(high.x, cell.x), std::max(high.y, cell.y), std::max(high.z, cell.z)};
  }
  highs_.push_back(high);
  for (const SlideDirection& direction : directions_) {
    std::vector<LinePoint> points;
    std::vector<Site> passedCells;
    for (const auto& [cell, kind] : shape)
      for (const Site& passed : direction.sweep[static_cast<std::size_t>(kind)]) {
        points.push_back(onLine(plus(cell, passed), direction.step));
        passedCells.push_back(plus(cell, passed));
      }
    axisSweep_.back().push_back(axisSweep(direction.step, passedCells));
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
  if (const AxisSweep& sweep = axisSweep_[static_cast<std::size_t>(i)][d]; sweep.axis >= 0)
    return forwardOnAxis(sweep, j, relative);
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

// SPDX-License-Identifier: Apache-2.0
#include "disassembly/disassembler.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <optional>

#include "disassembly/movement.hpp"
#include "puzzle/errors.hpp"

namespace piecework {

namespace {

using Mask = std::uint64_t;
constexpr int kAway = kFreeDistance;  // a slide "without limit": further than any two pieces are apart

// Direction 2d is the lattice's slide direction d, 2d + 1 the same backwards.
Site unitStep(Lattice lattice, int direction) {
  const Site step = slideDirections(lattice)[static_cast<std::size_t>(direction / 2)].step;
  return direction % 2 == 0 ? step : Site{-step.x, -step.y, -step.z};
}

Site plus(Site a, Site b) {
  return {a.x + b.x, a.y + b.y, a.z + b.z};
}
Site minus(Site a, Site b) {
  return {a.x - b.x, a.y - b.y, a.z - b.z};
}
Site times(Site a, int k) {
  return {a.x * k, a.y * k, a.z * k};
}

// What every part's search of one assembly shares: the table of distances, and the assembly's pieces as
// shapes in it (a part's pieces are the same shapes moved, so they are looked up once. Measured (callgrind,
// `count lohe.misused-key#2 --disassemble --json --threads 1`): PieceMovement's set-up 41.0M -> 33.0M
// instructions).
struct Shared {
  MovementTable& table;
  std::vector<MovementTable::Shaped> shapes;  // per piece of the assembly, where it sits there
};

struct PartResult {
  bool ok = false;
  std::unique_ptr<Separation> tree;
};

// One part's breadth-first search: positions are every piece's offset from where it starts.
class PartSearch {
 public:
  PartSearch(Lattice lattice, std::vector<int> pieces, std::vector<Site> start, Shared& shared)
      : lattice_(lattice),
        directions_(2 * static_cast<int>(slideDirections(lattice).size())),
        pieces_(std::move(pieces)),
        start_(std::move(start)),
        n_(pieces_.size()),
        movement_(shared.table, startShapes(shared)) {
    for (int d = 0; d < directions_; ++d) steps_.push_back(unitStep(lattice_, d));
  }

  // The first shortest separation (the moves to it, and which pieces leave along which direction), or none.
  struct Found {
    std::vector<std::uint32_t> path;  // node ids from the start to the position the part leaves from
    Mask away = 0;
    int direction = 0;
  };
  std::optional<Found> search();
  const Site* position(std::uint32_t node) const { return &positions_[node * n_]; }
  const Site* relative(std::uint32_t node) const { return relative_.data() + node * (n_ - 1); }
  std::uint64_t nodes() const { return parents_.size(); }
  std::size_t size() const { return n_; }

 private:
  std::size_t hash(const Site* relative) const;
  // Adds the node to the positions seen; false when an equal one is there already.
  // `relative`: its offsets from the first piece, which the node keeps when it is new.
  bool insertVisited(std::uint32_t node, const Site* relative);
  std::vector<MovementTable::Shaped> startShapes(const Shared& shared) const;
  void fillMatrix(std::uint32_t node);
  template <int kAxes>
  void fillMatrixFor(std::uint32_t node);
  int limit(int direction, std::size_t i, std::size_t j) const {
    return matrix_[(static_cast<std::size_t>(direction) * n_ + i) * n_ + j];
  }
  // The smallest group with piece `first` that can slide `amount` along `direction` while the others stay
  // (the pieces it would push, and theirs), or 0 when that group has more than maxPieces pieces.
  Mask group(int direction, std::size_t first, int amount, std::size_t maxPieces) const;
  // How far the group `moved` slides along `direction` before it meets a piece outside it.
  int slideLimit(int direction, Mask moved) const;
  // Of `candidates`, the pieces that piece i pushes when it slides `amount` along `direction` (those it
  // meets sooner): only its blockers (per direction and piece, the pieces it meets at all, as a bit mask
  // that fillMatrix makes) are looked at.
  Mask pushedBelow(int direction, std::size_t i, int amount, Mask candidates) const;
  // Adds the position reached from `node` by sliding `moved` by `amount`; true when it was new.
  bool reach(std::uint32_t node, Mask moved, int direction, int amount);

  Lattice lattice_;
  int directions_;  // forward and backward along each of the lattice's slide directions
  std::vector<int> pieces_;
  std::vector<Site> start_;
  std::size_t n_;
  PieceMovement movement_;
  std::vector<Site> positions_;  // n_ per node
  std::vector<Site> relative_;   // n_ - 1 per node: each piece's offset from the first one's
  std::vector<Site> steps_;      // per direction, its unit step
  std::vector<std::uint32_t> parents_;
  // Open addressing: node id + 1 (0 for a free slot) and the node's hash, so that a probe past another
  // position rarely compares positions. Measured (callgrind, `count PelikanBurr#1 --disassemble --json
  // --threads 1`): the run 449.0M -> 444.3M instructions.
  struct Visited {
    std::uint32_t node = 0;
    std::uint32_t hash = 0;
  };
  std::vector<Visited> visited_;
  std::size_t visitedCount_ = 0;
  std::vector<int> matrix_;     // per direction, i, j: how far i can slide while j stays
  std::vector<Mask> blockers_;  // per direction and piece, the pieces it meets sliding that way
  std::vector<std::uint32_t> next_;
  std::vector<Site> scratch_, relativeScratch_;  // reach's new position
};

std::vector<MovementTable::Shaped> PartSearch::startShapes(const Shared& shared) const {
  std::vector<MovementTable::Shaped> out;
  for (std::size_t k = 0; k < n_; ++k) {
    MovementTable::Shaped shaped = shared.shapes[static_cast<std::size_t>(pieces_[k])];
    shaped.anchor = plus(shaped.anchor, start_[k]);
    out.push_back(shaped);
  }
  return out;
}

// Positions count as one when the pieces sit the same relative to each other (to the first piece).
// (each node's offsets from its first piece are kept, written once in reach(), so that a look-up reads
// them instead of working them out from both positions again. Measured with the unit steps kept (callgrind,
// `count PelikanBurr#1 --disassemble --json --threads 1`, 158,183 slides reached): reach
// 99.8M -> 92.1M instructions, insertVisited in it 54.3M -> 33.5M)
std::size_t PartSearch::hash(const Site* r) const {
  std::size_t h = 0x17fe3b3c;
  for (std::size_t i = 0; i + 1 < n_; ++i) {
    h = (h + static_cast<std::size_t>(r[i].x)) * 1343;
    h = (h + static_cast<std::size_t>(r[i].y)) * 923;
    h = (h + static_cast<std::size_t>(r[i].z)) * 113;
  }
  return (h ^ (h >> 29U)) * 0x9e3779b97f4a7c15ULL;
}

bool PartSearch::insertVisited(std::uint32_t node, const Site* relative) {
  if (2 * (visitedCount_ + 1) > visited_.size()) {
    std::vector<Visited> old(std::max<std::size_t>(64, 2 * visited_.size()));
    old.swap(visited_);
    const std::size_t mask = visited_.size() - 1;
    for (const Visited& slot : old)  // (the positions are distinct: no comparing)
      if (slot.node != 0) {
        std::size_t at = slot.hash & mask;
        while (visited_[at].node != 0) at = (at + 1) & mask;
        visited_[at] = slot;
      }
  }
  const std::size_t mask = visited_.size() - 1;
  const std::size_t h = hash(relative);
  const auto tag = static_cast<std::uint32_t>(h ^ (h >> 32U));
  for (std::size_t at = tag & mask;; at = (at + 1) & mask) {
    if (visited_[at].node == 0) {
      visited_[at] = Visited{node + 1, tag};
      ++visitedCount_;
      return true;
    }
    if (visited_[at].hash == tag &&
        std::equal(relative, relative + (n_ - 1), this->relative(visited_[at].node - 1)))
      return false;
  }
}

template <int kAxes>
void PartSearch::fillMatrixFor(std::uint32_t node) {
  matrix_.resize(static_cast<std::size_t>(directions_) * n_ * n_);  // (the diagonal is never read)
  blockers_.assign(static_cast<std::size_t>(directions_) * n_, 0);
  auto meets = [&](int direction, std::size_t a, std::size_t b, int distance) {
    if (distance < kAway) blockers_[static_cast<std::size_t>(direction) * n_ + a] |= Mask{1} << b;
  };
  const Site* p = position(node);
  for (std::size_t i = 0; i < n_; ++i)
    for (std::size_t j = i + 1; j < n_; ++j) {
      const auto& d = movement_.distances(static_cast<int>(i), static_cast<int>(j), minus(p[j], p[i]));
      for (int axis = 0; axis < (kAxes > 0 ? kAxes : directions_ / 2); ++axis) {
        const int forward = d[static_cast<std::size_t>(2 * axis)],
                  backward = d[static_cast<std::size_t>(2 * axis + 1)];
        // (j sliding forward past i is i sliding backward past j)
        matrix_[(static_cast<std::size_t>(2 * axis) * n_ + i) * n_ + j] = forward;
        matrix_[(static_cast<std::size_t>(2 * axis + 1) * n_ + i) * n_ + j] = backward;
        matrix_[(static_cast<std::size_t>(2 * axis) * n_ + j) * n_ + i] = backward;
        matrix_[(static_cast<std::size_t>(2 * axis + 1) * n_ + j) * n_ + i] = forward;
        meets(2 * axis, i, j, forward), meets(2 * axis + 1, i, j, backward);
        meets(2 * axis, j, i, backward), meets(2 * axis + 1, j, i, forward);
      }
    }
}

// (the number of slide directions a template argument, so that the loop over them unrolls. Measured
// (callgrind, `count lohe.misused-key#1 --disassemble --json --threads 1`, 57,832 pairs): the run 111.3M ->
// 109.7M instructions; CubeInCage#1 38.1M -> 37.7M)
void PartSearch::fillMatrix(std::uint32_t node) {
  if (directions_ == 6)
    fillMatrixFor<3>(node);
  else if (directions_ == 8)
    fillMatrixFor<4>(node);
  else
    fillMatrixFor<0>(node);
}

Mask PartSearch::group(int direction, std::size_t first, int amount, std::size_t maxPieces) const {
  Mask moved = Mask{1} << first;
  Mask unchecked = moved;
  while (unchecked != 0) {
    const auto i = static_cast<std::size_t>(std::countr_zero(unchecked));
    unchecked &= unchecked - 1;
    const Mask pushed = pushedBelow(direction, i, amount, ~moved);
    if (pushed == 0) continue;
    moved |= pushed;
    if (static_cast<std::size_t>(std::popcount(moved)) > maxPieces) return 0;
    unchecked |= pushed;
  }
  return moved;
}

Mask PartSearch::pushedBelow(int direction, std::size_t i, int amount, Mask candidates) const {
  // (a slide without limit pushes every piece it meets at all: the blockers are those whose limit is under
  // kAway. Measured (callgrind, `count lohe.misused-key#2 --disassemble --json --threads 1`): the search's
  // own instructions 197.4M -> 142.4M, most of them the tests for a part that leaves)
  if (amount >= kAway) return blockers_[static_cast<std::size_t>(direction) * n_ + i] & candidates;
  Mask out = 0;
  for (Mask rest = blockers_[static_cast<std::size_t>(direction) * n_ + i] & candidates; rest != 0;
       rest &= rest - 1) {
    const auto j = static_cast<std::size_t>(std::countr_zero(rest));
    if (limit(direction, i, j) < amount) out |= Mask{1} << j;
  }
  return out;
}

int PartSearch::slideLimit(int direction, Mask moved) const {
  int out = kAway;
  for (Mask rest = moved; rest != 0; rest &= rest - 1) {
    const auto i = static_cast<std::size_t>(std::countr_zero(rest));
    for (Mask met = blockers_[static_cast<std::size_t>(direction) * n_ + i] & ~moved; met != 0;
         met &= met - 1)
      out = std::min(out, limit(direction, i, static_cast<std::size_t>(std::countr_zero(met))));
  }
  return out;
}

// (the new position's offsets are made in scratch and looked up before the node is kept, instead of pushing
// the node and taking it back when it was known. Measured (callgrind, `count lohe.misused-key#1 --disassemble
// --json --threads 1`, 18,848 slides reached): reach 11.2M -> 9.5M instructions, the run 113.0M -> 111.3M)
bool PartSearch::reach(std::uint32_t node, Mask moved, int direction, int amount) {
  const auto id = static_cast<std::uint32_t>(parents_.size());
  const Site step = times(steps_[static_cast<std::size_t>(direction)], amount);
  const Site* from = &positions_[node * n_];
  scratch_.resize(n_);
  for (std::size_t i = 0; i < n_; ++i) scratch_[i] = (moved >> i & 1U) != 0 ? plus(from[i], step) : from[i];
  relativeScratch_.resize(n_ - 1);
  for (std::size_t i = 1; i < n_; ++i) relativeScratch_[i - 1] = minus(scratch_[i], scratch_[0]);
  if (!insertVisited(id, relativeScratch_.data())) return false;
  positions_.insert(positions_.end(), scratch_.begin(), scratch_.end());
  relative_.insert(relative_.end(), relativeScratch_.begin(), relativeScratch_.end());
  parents_.push_back(node);
  next_.push_back(id);
  return true;
}

std::optional<PartSearch::Found> PartSearch::search() {
  positions_.assign(n_, Site{});
  relative_.assign(n_ - 1, Site{});
  parents_.assign(1, 0);
  insertVisited(0, relative_.data());
  std::vector<std::uint32_t> front{0};
  const std::size_t half = n_ / 2;
  struct Slide {
    Mask moved;
    int amount;
  };
  std::vector<Slide> slides;
  while (!front.empty()) {
    next_.clear();
    for (const std::uint32_t node : front) {
      fillMatrix(node);
      // A part that leaves: a single piece first, then groups of up to half the pieces (the rest leaving the
      // other way is the same separation).
      // (a single piece leaves where it meets no other piece at all: the first such direction and piece is
      // the first empty entry of blockers_, which is in that order. Measured (callgrind, `count
      // lohe.misused-key#2 --disassemble --json --threads 1`): the search's own instructions 142.4M ->
      // 132.6M)
      auto leave = [&](Mask away, int d) {
        Found found{{}, away, d};
        for (std::uint32_t at = node; at != 0; at = parents_[at]) found.path.push_back(at);
        found.path.push_back(0);
        std::reverse(found.path.begin(), found.path.end());
        return found;
      };
      if (const auto free = std::find(blockers_.begin(), blockers_.end(), Mask{0}); free != blockers_.end()) {
        const auto at = static_cast<std::size_t>(free - blockers_.begin());
        return leave(Mask{1} << (at % n_), static_cast<int>(at / n_));
      }
      if (half > 1)
        for (int d = 0; d < directions_; ++d)
          for (std::size_t x = 0; x < n_; ++x)
            if (const Mask away = group(d, x, kAway, half); away != 0) return leave(away, d);
      // Slides: each piece's group for 1, 2, ... units while it stays small, and the unions of groups that
      // slide the same amount along the same direction (independent groups moving at once).
      for (int d = 0; d < directions_; ++d) {
        slides.clear();
        for (std::size_t x = 0; x < n_; ++x)
          for (int from = 1; from < kAway;) {
            const Mask moved = group(d, x, from, half);
            if (moved == 0) break;
            // The same group slides every amount up to where it would push another piece: found once.
            const int to = std::min(slideLimit(d, moved), kAway - 1);
            for (int amount = from; amount <= to; ++amount) {
              auto known = [&](Mask m) {
                return std::any_of(slides.begin(), slides.end(),
                                   [&](const Slide& s) { return s.moved == m && s.amount == amount; });
              };
              if (known(moved)) continue;
              const std::size_t before = slides.size();
              slides.push_back({moved, amount});
              reach(node, moved, d, amount);
              const Mask all = n_ == 64 ? ~Mask{0} : (Mask{1} << n_) - 1;
              for (std::size_t k = 0; k < before; ++k) {
                if (slides[k].amount != amount) continue;
                const Mask both = moved | slides[k].moved;
                if (both == all || both == moved || both == slides[k].moved || known(both)) continue;
                slides.push_back({both, amount});
                reach(node, both, d, amount);
              }
            }
            from = to + 1;
          }
      }
    }
    front.swap(next_);
  }
  return std::nullopt;
}

bool oneGroup(const std::vector<int>& groups, const std::vector<int>& pieces) {
  const int group = groups[static_cast<std::size_t>(pieces.front())];
  return group != 0 && std::all_of(pieces.begin(), pieces.end(),
                                   [&](int p) { return groups[static_cast<std::size_t>(p)] == group; });
}

PartResult disassemblePart(Lattice lattice, const std::vector<int>& groups, const std::vector<int>& pieces,
                           const std::vector<Site>& start, std::uint64_t& nodes, Shared& shared);

// A part after a separation: done when it is one piece or one group, else taken apart from where it is.
PartResult separatePart(Lattice lattice, const std::vector<int>& groups, const std::vector<int>& pieces,
                        const std::vector<Site>& start, std::uint64_t& nodes, Shared& shared) {
  if (pieces.size() == 1 || oneGroup(groups, pieces)) return {true, nullptr};
  return disassemblePart(lattice, groups, pieces, start, nodes, shared);
}

PartResult disassemblePart(Lattice lattice, const std::vector<int>& groups, const std::vector<int>& pieces,
                           const std::vector<Site>& start, std::uint64_t& nodes, Shared& shared) {
  PartSearch search(lattice, pieces, start, shared);
  const std::optional<PartSearch::Found> found = search.search();
  nodes += search.nodes();
  if (!found) return {};
  auto tree = std::make_unique<Separation>();
  tree->lattice = lattice;
  tree->pieces = pieces;
  tree->direction = unitStep(lattice, found->direction);
  for (const std::uint32_t node : found->path) {
    std::vector<Site> at;
    for (std::size_t k = 0; k < pieces.size(); ++k) at.push_back(plus(start[k], search.position(node)[k]));
    tree->positions.push_back(std::move(at));
  }
  std::vector<int> leftPieces, awayPieces;
  std::vector<Site> leftStart, awayStart;
  for (std::size_t k = 0; k < pieces.size(); ++k) {
    const bool away = (found->away >> k & 1U) != 0;
    tree->removed.push_back(away);
    (away ? awayPieces : leftPieces).push_back(pieces[k]);
    (away ? awayStart : leftStart).push_back(tree->positions.back()[k]);
  }
  PartResult left = separatePart(lattice, groups, leftPieces, leftStart, nodes, shared);
  if (!left.ok) return {};
  PartResult away = separatePart(lattice, groups, awayPieces, awayStart, nodes, shared);
  if (!away.ok) return {};
  tree->left = std::move(left.tree);
  tree->away = std::move(away.tree);
  return {true, std::move(tree)};
}

}  // namespace

Disassembly disassemble(const std::vector<AssembledPiece>& assembly, Lattice lattice) {
  if (slideDirections(lattice).empty())
    throw InputError("the disassembler knows the moves of cubes and triangular prisms only");
  MovementTable table(lattice);
  return disassemble(assembly, lattice, table);
}

Disassembly disassemble(const std::vector<AssembledPiece>& assembly, Lattice lattice, MovementTable& table) {
  if (slideDirections(lattice).empty())
    throw InputError("the disassembler knows the moves of cubes and triangular prisms only");
  if (assembly.size() > 64)
    throw InputError(
        fmt::format("an assembly of {} pieces: the disassembler takes at most 64", assembly.size()));
  std::vector<std::pair<Site, std::size_t>> cells;  // (cell, piece), sorted: equal neighbours overlap
  for (std::size_t p = 0; p < assembly.size(); ++p)
    for (const Site& s : assembly[p].cells) cells.emplace_back(s, p);
  std::sort(cells.begin(), cells.end());
  for (std::size_t k = 1; k < cells.size(); ++k)
    if (cells[k].first == cells[k - 1].first) {
      const Site& s = cells[k].first;
      throw InputError(fmt::format("the assembly's pieces overlap: pieces {} and {} both cover ({}, {}, {})",
                                   cells[k - 1].second + 1, cells[k].second + 1, s.x, s.y, s.z));
    }
  if (assembly.size() <= 1) {
    Disassembly out;
    out.comesApart = true;
    return out;
  }
  std::vector<MovementTable::Shaped> shapes;
  std::vector<int> groups;
  for (const AssembledPiece& piece : assembly) {
    shapes.push_back(table.shapeOf(piece.cells));
    groups.push_back(piece.group);
  }
  return disassembleShaped(shapes, groups, lattice, table);
}

Disassembly disassembleShaped(const std::vector<MovementTable::Shaped>& shapes,
                              const std::vector<int>& groups, Lattice lattice, MovementTable& table) {
  Disassembly out;
  if (shapes.size() <= 1) {
    out.comesApart = true;
    return out;
  }
  std::vector<int> pieces;
  for (std::size_t p = 0; p < shapes.size(); ++p) pieces.push_back(static_cast<int>(p));
  Shared shared{table, shapes};
  PartResult result =
      disassemblePart(lattice, groups, pieces, std::vector<Site>(shapes.size()), out.nodes, shared);
  out.comesApart = result.ok;
  out.tree = std::move(result.tree);
  return out;
}

}  // namespace piecework

// SPDX-License-Identifier: Apache-2.0
// The search: exact cover over placement bitmasks, on a family's search rule (Rule, solver/search_rule.hpp).
//
// Branching: while a must-fill site is open, branch on the first one in the puzzle's search order (every
// solution covers it, and on cell boards only options whose lowest must-fill site it is can fit). Once none
// is open, branch on the needed piece with the fewest fitting options (MRV), or on an item of the rule with
// fewer (IQ-Link: an open ring waiting for a ball or an empty peg, once the empty-peg budget is spent; every
// solution below then fills it). Each node's option pool is a bitset over the options: its parent's pool
// minus the options that clash with the placed one (one precomputed row per option), the way dancing links
// removes rows. Identical copies are placed in increasing option order so that a set of copies is produced
// once. Boards that must be filled completely skip a child whose empty sites can no longer be the sizes of
// the pieces left, in number or in a closed-off region next to it (see viable()). Before branching, the rule
// may cut the node or prune its pool (IQ-Link: peg budgets, linkage); near the root, options whose own node
// the rule's bounds would cut are dropped too (see probe()). With a rule, nodes with 2 or 3 pieces placed
// hand their subtree to a compacted engine over their pool alone, so that the bitsets below are a few words
// long (see delegate()). (Branching on every empty peg, each either left empty or given its lowest-numbered
// option, was measured: 2.5-6x more nodes.)
//
// 3-D boards (boxes, and shapes with cells that may stay empty) branch differently (see branchMrv()): on the
// open must-fill cell or needed piece with the fewest options, counted per node as dancing links counts them;
// options that clash with every option left for some cell or piece with few options are dropped from the pool
// (see dropHopeless()); nodes with 2 and 4 pieces placed hand their subtree to a compacted engine.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <climits>
#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <random>
#include <utility>
#include <vector>

#include "solver/bits.hpp"
#include "solver/problem.hpp"
#include "solver/search_rule.hpp"
#include "solver/shuffle.hpp"

namespace piecework {

// 3-D boards branch by MRV over must-fill cells and pieces (Engine::branchMrv()), unless copies come in
// ranges (branchRanged()); cells that may stay empty are never branched on. Boards with such cells used to
// branch on the first open must-fill cell in search order instead: measured on real BurrTools designs
// (count --threads 1, nodes before -> after MRV), a 25-piece 8x8x8 cube with 216 free cells 1,334,094,258 ->
// 48,390 (80 s -> 0.11 s), a 7-piece burr in a cage 471,728 -> 60, a 9-prism design 1,102,491 -> 50, 7-piece
// key puzzles 72,762-444,414 -> 119-765 (BENCHMARKS.md).
inline bool branchesByMrv(const Puzzle& puzzle) {
  return layered(puzzle.lattice) && puzzle.low.z != puzzle.high.z && !puzzle.hasCopyRanges();
}

// The search is generic over a family's search rule (solver/search_rule.hpp): Rule's hooks are called only
// under `if constexpr (Rule::kActive)`, so plain exact cover (NoRule) compiles none of them. The solver picks
// the rule once per problem (solver.cpp, withEngine()).
template <int W, class Rule = NoRule>
class Engine {
 public:
  explicit Engine(const Problem& problem) : problem_(problem), rule_(problem) {
    const Puzzle& puzzle = *problem.puzzle;
    for (int s = 0; s < puzzle.siteCount(); ++s)
      if (puzzle.mustFill[static_cast<std::size_t>(s)])
        mustFill_.set(s);
      else
        hasFreeSite_ = true;
    byCell_.resize(puzzle.sites.size());
    poolWords_ = (problem.options.size() + 63) / 64;
    piecesTotal_ = puzzle.totalPieces();
    options_.reserve(problem.options.size());
    for (int id : problem.options) {
      Option o;
      o.placement = id;
      o.piece = puzzle.placements[static_cast<std::size_t>(id)].piece;
      for (int s : puzzle.placements[static_cast<std::size_t>(id)].sites) o.mask.set(s);
      const int lowest = o.mask.lowestIn(mustFill_);
      if (lowest >= 0) byCell_[static_cast<std::size_t>(lowest)].push_back(static_cast<int>(options_.size()));
      options_.push_back(o);
    }
    sizeConflictRows();
    buildRows();
    spare_ = problem.spare;
    ranged_ = std::any_of(spare_.begin(), spare_.end(), [](int n) { return n > 0; });
    if (ranged_) anyOption_.assign(poolWords_, ~std::uint64_t{0});
    if constexpr (Rule::kActive) rule_.setUp(*this);
    setUpSizePruning();
    compactable_ = Rule::kActive && mustFill_.lowestNotIn(Bits<W>{}) < 0;
    // Boxes: branch on the open cell or needed piece with fewest options (see branchMrv()), and read no cell
    // entries (randomize() fills them when it turns MRV off). Measured (callgrind, `count Prisgon#1 --json
    // --threads 1`): fillCellEntries took 0.15M of the engine's 2.2M set-up.
    if (branchesByMrv(puzzle)) setUpMrv();
    if (!mrv_) fillCellEntries();
    reset();
  }

  // Back to the state of the givens alone.
  void reset() {
    const Puzzle& puzzle = *problem_.puzzle;
    filled_ = Bits<W>{};
    for (int id : problem_.givens) {
      const auto i = static_cast<std::size_t>(id);
      for (int s : puzzle.placements[i].sites) filled_.set(s);
    }
    need_ = problem_.need;
    needTotal_ = problem_.needTotal();
    if constexpr (Rule::kActive) rule_.reset(need_);
    emptyCount_ = remainingMin_ = remainingMax_ = 0;
    if (prune_) {
      for (int s = 0; s < puzzle.siteCount(); ++s) emptyCount_ += filled_.test(s) ? 0 : 1;
      for (std::size_t p = 0; p < need_.size(); ++p) {
        remainingMin_ += need_[p] * minSize_[p];
        remainingMax_ += need_[p] * maxSize_[p];
      }
      copiesBySmallest_.assign(64, 0);
      smallestSizes_ = 0;
      for (std::size_t p = 0; p < need_.size(); ++p)
        if (need_[p] > 0) countSmallest(p, need_[p]);
    }
    minOption_.assign(need_.size(), 0);
    excluded_.assign(options_.size(), 0);
    excludedLog_.clear();
    stack_.clear();
    steps_.clear();
    undo_.clear();
    const std::size_t depths = static_cast<std::size_t>(needTotal_) + 2;
    pools_.assign(depths * poolWords_, 0);
    choices_.resize(depths);
    poolDepth_ = -1;
    freshRoot_ = false;
    levelsBuilt_ = 0;
    levelDead_.assign(depths, 0);
    if (mrv_) {
      cellPlanes_.assign(depths * planeCount_ * W, 0);
      pieceCounts_.assign(depths * need_.size(), 0);
    }
  }

  // Visits options in a seeded random order (for sampling solutions); the tree itself is unchanged.
  void randomize(std::uint64_t seed) {
    compactable_ = false;  // (the sampling order is by the whole problem's option numbers)
    // Sampling keeps the first-open-cell order in boxes too, so that a seed finds the solutions it found
    // before the boxes branched by MRV.
    mrv_ = false;
    std::mt19937_64 rng(seed);
    for (auto& list : byCell_) portableShuffle(list, rng);
    fillCellEntries();
    rank_.resize(options_.size());
    for (std::size_t i = 0; i < rank_.size(); ++i) rank_[i] = static_cast<int>(i);
    portableShuffle(rank_, rng);
  }

  std::uint64_t nodes() const { return nodes_; }
  // A flag another thread may set to cut a search short (null: none); checked every kStopCheckNodes nodes.
  void stopWhen(const std::atomic<bool>* flag) { stop_ = flag; }
  bool stopped() const { return stopped_; }  // the last search() ended because the flag was set
  int placementOf(int option) const { return options_[static_cast<std::size_t>(option)].placement; }
  int optionCount() const { return static_cast<int>(options_.size()); }
  int pieceOf(int option) const { return options_[static_cast<std::size_t>(option)].piece; }

  // Replays `path`, searches below, and calls visit(stack) for every solution with the options placed so far;
  // visit returns false to stop. Returns false if stopped.
  template <class Visit>
  bool search(const std::vector<Step>& path, Visit&& visit) {
    stopped_ = false;
    if (!replay(path)) return true;
    return node(visit);
  }

  // Collects the paths of the search tree's nodes `depth` levels below `path` (and solutions above that).
  void split(const std::vector<Step>& path, int depth, std::vector<std::vector<Step>>& jobs) {
    collecting_ = true;  // (collect() needs every node's branches here, not a compacted engine's)
    if (replay(path)) collect(depth, jobs);
    collecting_ = false;
  }

  bool fits(int o) const {
    const Option& opt = options_[static_cast<std::size_t>(o)];
    return need_[static_cast<std::size_t>(opt.piece)] > 0 && !opt.mask.intersects(filled_);
  }

  // What a search rule reads (solver/search_rule.hpp).
  std::size_t poolWords() const { return poolWords_; }
  int need(int piece) const { return need_[static_cast<std::size_t>(piece)]; }
  const std::uint64_t* pieceRow(int piece) const {
    return pieceRows_.data() + static_cast<std::size_t>(piece) * poolWords_;
  }
  bool clash(int a, int b) const {
    return options_[static_cast<std::size_t>(a)].mask.intersects(options_[static_cast<std::size_t>(b)].mask);
  }
  const std::uint64_t* clashRow(int o) { return conflictRow(o); }  // the options clashing with o

 private:
  struct Option {
    Bits<W> mask;
    Bits<W> border;  // sites next to the placement (region pruning)
    int size = 0;    // sites it covers
    int piece = 0;
    int placement = 0;
  };

  struct Undo {
    std::size_t excludedMark = 0;  // excludedLog_'s size before the step
    int minOption = 0;
    [[no_unique_address]] typename Rule::Saved rule;
  };

  // In boxes (mrv_), the pools and counts of the path's levels are built on the way down, as the search
  // builds them, the root's once per engine: the node at the end of the path then takes its parent's instead
  // of counting its pool afresh, and still looks at every item for drops (freshRoot_), as a node counted
  // afresh does. Measured (callgrind, `count FILE#1 --json --threads 1`, whole run): Prisgon (33 jobs, most
  // of them one node at the end of a path of 1 to 4 placements) 42.6M -> 38.1M instructions (buildPool's 2.3M
  // from scratch gone); PelikanBurr (25 jobs) 67.6M -> 67.3M. Boxes that drop hopeless options: see
  // replayDropping().
  bool replay(const std::vector<Step>& path) {
    // (Not when splitting: the jobs' list stays what it was, and with it the checkpoints made from it.)
    if (mrv_ && dropping_ && !path.empty() && !collecting_) return replayDropping(path);
    reset();
    replaying_ = true;
    const bool build = mrv_ && !path.empty();
    for (const Step& s : path) {
      if ((!fits(s.option) || !allowed(s.option))) {
        replaying_ = false;
        poolDepth_ = -1;
        return false;
      }
      if (build) countLevel();
      push(s);
    }
    replaying_ = false;
    freshRoot_ = build;
    return true;
  }

  // replay() in boxes that drop hopeless options (dropping_): each level of the path drops them too, as the
  // search's node at that depth would, so that the path's end starts from a pool its ancestors have already
  // cut down, and a path whose step was dropped, or whose level is left without a solution, is no search at
  // all. The levels of the previous path are kept as far as the two paths agree: jobs come in the order of
  // the breaking tree's leaves, so consecutive paths share a prefix. The path's end still looks at every item
  // (freshRoot_); on a pool that is a subset of the one counted afresh, its drops include those. Measured
  // (callgrind, `count FILE#1 --json --threads 1`, whole run, nodes beside): Prisgon 28.72M -> 19.58M
  // instructions (50 -> 16 nodes), Prisgon#2 17.59M -> 14.17M (47 -> 25), PelikanBurr 50.83M -> 39.18M (60 ->
  // 36); shipped boxes (`count P --json --threads 1`, nodes): pentacubes-3x4x5 468,529 -> 468,253, 2x5x6
  // 36,271 -> 36,220, 2x3x10 6,047 -> 5,917. Looking at only the items that lost options at the path's end,
  // as inside the search, cost 0.6M fewer instructions on Prisgon but 8 more nodes on pentacubes-2x5x6.
  // Returns false when there is nothing to search below the path.
  bool replayDropping(const std::vector<Step>& path) {
    std::size_t keep = 0;  // steps kept: their level `keep` is built and still valid
    if (levelsBuilt_ > 0) {
      // (at most all but the path's last step: its end is searched, so it is never kept)
      const std::size_t most = std::min({steps_.size(), path.size() - 1, levelsBuilt_ - 1});
      while (keep < most && steps_[keep] == path[keep]) ++keep;
      while (steps_.size() > keep) pop();
    }
    if (levelsBuilt_ == 0) {
      reset();
      if (!countLevelDropping()) return false;
    }
    levelsBuilt_ = keep + 1;
    if (levelDead_[keep] != 0) return false;
    poolDepth_ = static_cast<int>(keep);
    replaying_ = true;
    for (std::size_t d = keep;; ++d) {
      const Step& s = path[d];
      if (!fits(s.option) || !allowed(s.option) ||
          (poolAt(static_cast<int>(d))[s.option >> 6] >> (s.option & 63) & 1U) == 0) {
        replaying_ = false;
        return false;
      }
      push(s);
      if (d + 1 == path.size()) break;
      levelsBuilt_ = d + 2;
      if (!countLevelDropping()) {
        replaying_ = false;
        return false;
      }
    }
    replaying_ = false;
    poolDepth_ = static_cast<int>(path.size()) - 1;
    freshRoot_ = true;
    return true;
  }

  // Builds the current depth's pool and counts from its parent's (the root's from a copy, once built) and
  // drops its hopeless options, as branchMrv() does; returns false, and marks the level, when it is left
  // with an open site or needed piece that nothing can fill.
  bool countLevelDropping() {
    const int depth = static_cast<int>(steps_.size());
    std::uint64_t* planes = planesAt(depth);
    std::uint16_t* pieces = pieceCountsAt(depth);
    const auto d = static_cast<std::size_t>(depth);
    if (depth == 0 && !rootPool_.empty()) {
      std::copy(rootPool_.begin(), rootPool_.end(), poolAt(0));
      std::copy(rootPlanes_.begin(), rootPlanes_.end(), planes);
      std::copy(rootPieces_.begin(), rootPieces_.end(), pieces);
      levelDead_[0] = rootDead_ ? 1 : 0;
      poolDepth_ = 0;
      return !rootDead_;
    }
    Bits<W> touched;
    const std::uint16_t* parentPieces = nullptr;
    std::uint64_t* pool = mrvPool(depth, planes, pieces, touched, parentPieces);
    poolDepth_ = depth;
    std::uint64_t none = 0;
    for (std::size_t k = 0; k < W; ++k) {
      std::uint64_t any = 0;
      for (std::size_t b = 0; b < planeCount_; ++b) any |= planes[b * W + k];
      none |= mustFill_.word[k] & ~filled_.word[k] & ~any;
    }
    const bool dead = none != 0 || dropHopeless(pool, planes, pieces, kDropBits, touched, parentPieces);
    levelDead_[d] = dead ? 1 : 0;
    if (depth == 0) {
      rootPool_.assign(pool, pool + poolWords_);
      rootPlanes_.assign(planes, planes + planeCount_ * W);
      rootPieces_.assign(pieces, pieces + need_.size());
      rootDead_ = dead;
    }
    return !dead;
  }

  // Builds the current depth's pool and counts (from its parent's one level up, the root's from a copy).
  void countLevel() {
    const int depth = static_cast<int>(steps_.size());
    std::uint64_t* planes = planesAt(depth);
    std::uint16_t* pieces = pieceCountsAt(depth);
    const std::size_t planeWords = planeCount_ * W;
    if (depth == 0 && !rootPool_.empty()) {
      std::copy(rootPool_.begin(), rootPool_.end(), poolAt(0));
      std::copy(rootPlanes_.begin(), rootPlanes_.end(), planes);
      std::copy(rootPieces_.begin(), rootPieces_.end(), pieces);
    } else {
      Bits<W> touched;
      const std::uint16_t* parentPieces = nullptr;
      const std::uint64_t* pool = mrvPool(depth, planes, pieces, touched, parentPieces);
      if (depth == 0) {
        rootPool_.assign(pool, pool + poolWords_);
        rootPlanes_.assign(planes, planes + planeWords);
        rootPieces_.assign(pieces, pieces + need_.size());
      }
    }
    poolDepth_ = depth;
  }

  // Size pruning applies when every site must be filled, the sites are the board's cells (not IQ-Link's peg
  // slots) and every placement is one connected region of lattice neighbours (true of the shipped cell
  // puzzles; a user-defined piece in several parts turns it off). Then the sites left empty must be exactly
  // the sites of the pieces left, and every empty region must be filled by some of them.
  void setUpSizePruning() {
    const Puzzle& puzzle = *problem_.puzzle;
    if (hasFreeSite_ || ranged_ || puzzle.sitesPerCell != 1) return;
    const auto sites = static_cast<std::size_t>(puzzle.siteCount());
    // Site index by position in the bounding box (a hash lookup per neighbour costs more than the search of
    // a nearly solved challenge).
    const Site low = puzzle.low, high = puzzle.high;
    const int nx = high.x - low.x + 1, ny = high.y - low.y + 1, nz = high.z - low.z + 1;
    std::vector<int> at(
        static_cast<std::size_t>(nx) * static_cast<std::size_t>(ny) * static_cast<std::size_t>(nz), -1);
    auto slot = [&](const Site& s) {
      return (static_cast<std::size_t>(s.z - low.z) * static_cast<std::size_t>(ny) +
              static_cast<std::size_t>(s.y - low.y)) *
                 static_cast<std::size_t>(nx) +
             static_cast<std::size_t>(s.x - low.x);
    };
    for (std::size_t s = 0; s < sites; ++s) at[slot(puzzle.sites[s])] = static_cast<int>(s);
    neighbours_.assign(sites, Bits<W>{});
    for (std::size_t s = 0; s < sites; ++s) {
      const Site& here = puzzle.sites[s];
      for (int axis = 0; axis < 3; ++axis)
        for (int step : {-1, 1}) {
          Site next = here;
          (axis == 0 ? next.x : axis == 1 ? next.y : next.z) += step;
          if (next.x < low.x || next.x > high.x || next.y < low.y || next.y > high.y || next.z < low.z ||
              next.z > high.z)
            continue;
          if (const int n = at[slot(next)]; n >= 0) neighbours_[s].set(n);
        }
    }
    minSize_.assign(problem_.need.size(), INT_MAX);
    maxSize_.assign(problem_.need.size(), 0);
    std::vector<int> cells;
    for (Option& o : options_) {
      cells.clear();
      for (std::size_t k = 0; k < W; ++k)
        for (std::uint64_t w = o.mask.word[k]; w != 0; w &= w - 1)
          cells.push_back(static_cast<int>(k * 64) + std::countr_zero(w));
      Bits<W> reached;
      reached.set(cells.front());
      for (bool grew = true; grew;) {
        grew = false;
        for (int c : cells)
          if (reached.test(c))
            for (std::size_t k = 0; k < W; ++k) {
              const std::uint64_t add =
                  neighbours_[static_cast<std::size_t>(c)].word[k] & o.mask.word[k] & ~reached.word[k];
              if (add != 0) reached.word[k] |= add, grew = true;
            }
      }
      if (!o.mask.subsetOf(reached)) return;  // a placement in several parts: no region reasoning
      o.size = static_cast<int>(cells.size());
      for (int c : cells) o.border.add(neighbours_[static_cast<std::size_t>(c)]);
      o.border.remove(o.mask);
      if (o.size >= 64) return;  // sizes are kept as bits of a 64-bit word
      const auto p = static_cast<std::size_t>(o.piece);
      minSize_[p] = std::min(minSize_[p], o.size);
      maxSize_[p] = std::max(maxSize_[p], o.size);
    }
    for (std::size_t p = 0; p < minSize_.size(); ++p)
      if (minSize_[p] == INT_MAX)
        minSize_[p] = maxSize_[p] = 0;  // no option left: never needed or unfillable
    // Pieces of one size each always leave exactly their sizes empty; and in 3-D, where a site has six
    // neighbours, small closed-off regions are rare (measured on super-iq-cube: 1% fewer nodes for twice
    // the instructions), so regions are only looked for on flat boards.
    for (std::size_t p = 0; p < minSize_.size(); ++p) checkCount_ = checkCount_ || minSize_[p] != maxSize_[p];
    checkRegions_ = puzzle.low.z == puzzle.high.z && axisNeighbours(puzzle.lattice);
    prune_ = checkCount_ || checkRegions_;
  }

  // Can the board still be completed after placing option o, as far as sizes tell? The sites left empty
  // must number between the least and the most that the pieces left cover, and no region of empty sites
  // next to o may be smaller than the smallest piece left (regions of up to kRegionLimit sites are looked
  // for: measured, larger limits, or checking each region against the sums of sizes the pieces left can
  // make, cut few more nodes than they cost).
  bool viable(int o) const {
    if (!prune_) return true;
    const Option& opt = options_[static_cast<std::size_t>(o)];
    const auto piece = static_cast<std::size_t>(opt.piece);
    const int empty = emptyCount_ - opt.size;
    if (empty < remainingMin_ - minSize_[piece] || empty > remainingMax_ - maxSize_[piece]) return false;
    if (!checkRegions_) return true;
    std::uint64_t smallest = smallestSizes_;
    const auto own = static_cast<std::size_t>(minSize_[piece]);
    if (copiesBySmallest_[own] == 1) smallest &= ~(std::uint64_t{1} << own);
    if (smallest == 0) return true;
    const int limit = std::min(kRegionLimit, std::countr_zero(smallest) - 1);
    if (limit <= 0) return true;
    Bits<W> open;
    for (std::size_t k = 0; k < W; ++k) open.word[k] = ~(filled_.word[k] | opt.mask.word[k]);
    Bits<W> seeds;
    for (std::size_t k = 0; k < W; ++k) seeds.word[k] = opt.border.word[k] & open.word[k];
    for (int seed = seeds.lowestIn(seeds); seed >= 0; seed = seeds.lowestIn(seeds)) {
      Bits<W> region, todo;
      region.set(seed);
      todo.set(seed);
      int size = 0;  // sites taken from todo; the region's size once todo runs dry
      for (int s = seed; s >= 0 && size <= limit; s = todo.lowestIn(todo)) {
        ++size;
        todo.word[static_cast<std::size_t>(s >> 6)] &= ~(std::uint64_t{1} << (s & 63));
        const Bits<W>& next = neighbours_[static_cast<std::size_t>(s)];
        for (std::size_t k = 0; k < W; ++k) {
          const std::uint64_t add = next.word[k] & open.word[k] & ~region.word[k];
          region.word[k] |= add;
          todo.word[k] |= add;
        }
      }
      if (size <= limit) return false;
      seeds.remove(region);
    }
    return true;
  }

  // Keeps smallestSizes_ in step with copiesBySmallest_ after `piece`'s count changed by `delta`.
  void countSmallest(std::size_t piece, int delta) {
    const auto size = static_cast<std::size_t>(minSize_[piece]);
    copiesBySmallest_[size] += delta;
    if (copiesBySmallest_[size] > 0)
      smallestSizes_ |= std::uint64_t{1} << size;
    else
      smallestSizes_ &= ~(std::uint64_t{1} << size);
  }

  // byCell_ copied next to the masks, so that the hottest loop reads one array in order.
  void fillCellEntries() {
    cellEntries_.clear();
    cellRuns_.clear();
    cellStart_.assign(byCell_.size() + 1, 0);
    for (std::size_t c = 0; c < byCell_.size(); ++c) {
      for (int o : byCell_[c]) {
        const Option& opt = options_[static_cast<std::size_t>(o)];
        if (cellRuns_.size() == cellStart_[c] || cellRuns_.back().piece != opt.piece)
          cellRuns_.push_back(CellRun{opt.piece, cellEntries_.size(), cellEntries_.size()});
        cellEntries_.push_back(CellEntry{opt.mask, o});
        ++cellRuns_.back().end;
      }
      cellStart_[c + 1] = cellRuns_.size();
    }
  }

  // Not excluded by the order in which identical copies are placed.
  bool allowed(int o) const {
    const Option& opt = options_[static_cast<std::size_t>(o)];
    if (o < minOption_[static_cast<std::size_t>(opt.piece)]) return false;
    return excluded_[static_cast<std::size_t>(o)] == 0;
  }

  static void setBit(std::uint64_t* words, std::size_t i) { words[i >> 6] |= std::uint64_t{1} << (i & 63); }
  static void clearBit(std::uint64_t* words, std::size_t i) {
    words[i >> 6] &= ~(std::uint64_t{1} << (i & 63));
  }

  std::uint64_t* poolAt(int depth) { return pools_.data() + static_cast<std::size_t>(depth) * poolWords_; }

  // The options in both `pool` and `row`.
  template <class F>
  void forEachIn(const std::uint64_t* pool, const std::uint64_t* row, F&& f) const {
    forEachOption(pool, row, poolWords_, f);
  }

  template <class F>
  void forEachIn(const std::uint64_t* pool, F&& f) const {
    for (std::size_t k = 0; k < poolWords_; ++k)
      for (std::uint64_t w = pool[k]; w != 0; w &= w - 1) f(static_cast<int>(k * 64) + std::countr_zero(w));
  }

  // The options whose sites meet option o's (o among them), computed on first use.
  const std::uint64_t* conflictRow(int o) {
    const auto i = static_cast<std::size_t>(o);
    std::uint32_t& slot = conflictSlot_[i];
    if (slot != 0) return conflictRows_.get() + (slot - 1) * poolWords_;
    slot = ++conflictRowsUsed_;
    std::uint64_t* row = conflictRows_.get() + (slot - 1) * poolWords_;
    siteScratch_.clear();
    const Bits<W>& mask = options_[i].mask;
    for (std::size_t k = 0; k < W; ++k)
      for (std::uint64_t w = mask.word[k]; w != 0; w &= w - 1)
        siteScratch_.push_back(siteRows_.data() + (k * 64 + std::countr_zero(w)) * poolWords_);
    // With single copies only (dropping_), the piece's other options clash too.
    if (dropping_)
      siteScratch_.push_back(pieceRows_.data() + static_cast<std::size_t>(options_[i].piece) * poolWords_);
    orRows(row, siteScratch_);
    return row;
  }

  // row = the OR of `rows` (at least one), word by word in blocks of four (a vector of words at a time).
  void orRows(std::uint64_t* row, const std::vector<const std::uint64_t*>& rows) const {
    using Block = std::uint64_t __attribute__((vector_size(32)));
    std::size_t j = 0;
    for (; j + 8 <= poolWords_; j += 8) {
      Block low{}, high{};
      for (const std::uint64_t* r : rows) {
        Block b, c;
        std::memcpy(&b, r + j, sizeof b);
        std::memcpy(&c, r + j + 4, sizeof c);
        low |= b;
        high |= c;
      }
      std::memcpy(row + j, &low, sizeof low);
      std::memcpy(row + j + 4, &high, sizeof high);
    }
    for (; j < poolWords_; ++j) {
      std::uint64_t word = 0;
      for (const std::uint64_t* r : rows) word |= r[j];
      row[j] = word;
    }
  }

  // Room for every option's conflict row, left unset: conflictSlot_ tells which rows are computed, and where.
  // Measured (callgrind, `count Prisgon#1 --json --threads 1`, 2,494 options of 39 words): zeroing the rows
  // took 0.78M instructions of the engine's 2.2M set-up, and a row is written whole when first asked for.
  // Rows are laid out in the order they are first asked for, not by option: the pages touched are then the
  // rows computed (a page is a fault, about 1.8 us here, on first touch). Measured (perf stat, medians of 7
  // alternated rounds of 10 runs, `count FILE#N --json --threads 1`): Prisgon#1 (835 rows of 2,494 computed)
  // 723 -> 600 page faults, 6.34 -> 5.62 ms; Prisgon#2 470 -> 420, 4.61 -> 4.18 ms; PelikanBurr#1 958 -> 912,
  // 8.28 -> 7.73 ms; instructions unchanged (super-iq-cube 160.78M -> 160.96M).
  void sizeConflictRows() {
    const std::size_t words = options_.size() * poolWords_;
    if (words > conflictCapacity_) {
      conflictRows_.reset(new std::uint64_t[words]);  // (default-initialized: not zeroed)
      conflictCapacity_ = words;
    }
    conflictSlot_.assign(options_.size(), 0);
    conflictRowsUsed_ = 0;
  }

  // The bitsets over options_ per piece and per site.
  void buildRows() {
    pieceRows_.assign(problem_.need.size() * poolWords_, 0);
    for (std::size_t o = 0; o < options_.size(); ++o)
      setBit(pieceRows_.data() + static_cast<std::size_t>(options_[o].piece) * poolWords_, o);
    findPieceSpans();
    buildSiteRows();
  }

  // Per piece, the words of its row that hold any of its options (options come grouped by piece, so a
  // piece's row is nonzero in a word or two).
  void findPieceSpans() {
    pieceSpans_.assign(problem_.need.size(), {0, 0});
    for (std::size_t p = 0; p < pieceSpans_.size(); ++p) {
      const std::uint64_t* row = pieceRows_.data() + p * poolWords_;
      std::size_t first = poolWords_, end = 0;
      for (std::size_t k = 0; k < poolWords_; ++k)
        if (row[k] != 0) first = std::min(first, k), end = k + 1;
      pieceSpans_[p] = first < end ? std::pair{first, end} : std::pair<std::size_t, std::size_t>{0, 0};
    }
  }

  // Per site: the options covering it, as a bitset (conflict rows are their unions).
  void buildSiteRows() {
    siteRows_.assign(static_cast<std::size_t>(W) * 64 * poolWords_, 0);
    for (std::size_t o = 0; o < options_.size(); ++o)
      for (std::size_t k = 0; k < W; ++k)
        for (std::uint64_t w = options_[o].mask.word[k]; w != 0; w &= w - 1)
          setBit(siteRows_.data() + (k * 64 + std::countr_zero(w)) * poolWords_, o);
  }

  // The options that fit the current state, as a bitset: from the parent's pool when it was built one level
  // up (only the last step changed anything), else from scratch.
  std::uint64_t* buildPool() {
    const int depth = static_cast<int>(steps_.size());
    std::uint64_t* out = poolAt(depth);
    if (poolDepth_ == depth - 1 && depth > 0) {
      const std::uint64_t* parent = poolAt(depth - 1);
      const Step& s = steps_.back();
      const auto piece = static_cast<std::size_t>(options_[static_cast<std::size_t>(s.option)].piece);
      const std::uint64_t* clash = conflictRow(s.option);
      const std::uint64_t* own = pieceRows_.data() + piece * poolWords_;
      if (need_[piece] == 0) {
        for (std::size_t k = 0; k < poolWords_; ++k) out[k] = parent[k] & ~clash[k] & ~own[k];
      } else {
        for (std::size_t k = 0; k < poolWords_; ++k) out[k] = parent[k] & ~clash[k];
        if (s.mode == Step::Piece)  // copies come in increasing option order
          for (int o = 0; o <= s.option; ++o)
            if (options_[static_cast<std::size_t>(o)].piece == static_cast<int>(piece))
              clearBit(out, static_cast<std::size_t>(o));
      }
      if (s.mode == Step::Extra) {  // extras come in increasing option order
        const auto upTo = static_cast<std::size_t>(s.option) + 1;
        std::fill(out, out + (upTo >> 6), 0);
        if ((upTo & 63) != 0) out[upTo >> 6] &= ~((std::uint64_t{1} << (upTo & 63)) - 1);
      }
      if constexpr (Rule::kActive)
        if (s.mode == Step::Item) {  // the options below s.option that touch the rule's item
          const std::uint64_t* touching = rule_.itemRow(s.item);
          const auto below = static_cast<std::size_t>(s.option);
          for (std::size_t k = 0; k < below >> 6; ++k) out[k] &= ~touching[k];
          out[below >> 6] &= ~(touching[below >> 6] & ((std::uint64_t{1} << (below & 63)) - 1));
        }
    } else {
      std::fill(out, out + poolWords_, 0);
      for (int o = 0; o < optionCount(); ++o)
        if (fits(o) && allowed(o)) setBit(out, static_cast<std::size_t>(o));
    }
    return out;
  }

  void exclude(int o) {
    auto& flag = excluded_[static_cast<std::size_t>(o)];
    if (flag == 0) flag = 1, excludedLog_.push_back(o);
  }

  void push(const Step& s) {
    Undo u{excludedLog_.size(), 0, {}};
    // Only a pool built from scratch reads the exclusions (allowed()), and that happens only after a replay:
    // below, every pool is its parent's minus what the step rules out (buildPool()).
    if constexpr (Rule::kActive)
      if (s.mode == Step::Item && replaying_)
        for (int o : rule_.optionsAt(s.item)) {
          if (o >= s.option) break;
          exclude(o);
        }
    {
      const Option& opt = options_[static_cast<std::size_t>(s.option)];
      const auto p = static_cast<std::size_t>(opt.piece);
      filled_.add(opt.mask);
      --need_[p];
      --needTotal_;
      if (prune_) {
        emptyCount_ -= opt.size;
        remainingMin_ -= minSize_[p];
        remainingMax_ -= maxSize_[p];
        countSmallest(p, -1);
      }
      u.minOption = minOption_[p];
      if (s.mode == Step::Piece) minOption_[p] = s.option + 1;
      if constexpr (Rule::kActive) u.rule = rule_.place(s.option, opt.piece);
      stack_.push_back(s.option);
    }
    undo_.push_back(u);
    steps_.push_back(s);
  }

  void pop() {
    const Step s = steps_.back();
    const Undo u = undo_.back();
    steps_.pop_back();
    undo_.pop_back();
    while (excludedLog_.size() > u.excludedMark) {
      excluded_[static_cast<std::size_t>(excludedLog_.back())] = 0;
      excludedLog_.pop_back();
    }
    {
      const Option& opt = options_[static_cast<std::size_t>(s.option)];
      const auto p = static_cast<std::size_t>(opt.piece);
      filled_.remove(opt.mask);
      ++need_[p];
      ++needTotal_;
      if (prune_) {
        emptyCount_ += opt.size;
        remainingMin_ += minSize_[p];
        remainingMax_ += maxSize_[p];
        countSmallest(p, 1);
      }
      if constexpr (Rule::kActive) rule_.unplace(opt.piece, u.rule);
      minOption_[p] = u.minOption;
      stack_.pop_back();
    }
  }

  // One node of the search loop, as in Knuth's: a leaf, a cut, or the item with the fewest options left and
  // a call of each(step) per option. Returns false when a visit stopped the search; sets `leaf` at a
  // solution.
  template <class Each>
  bool branch(bool& leaf, Each&& each) {
    if (mrv_) return branchMrv(leaf, each);
    const int cell = mustFill_.lowestNotIn(filled_);
    if (cell >= 0) return branchOnCell(cell, each);
    if (needTotal_ == 0) {
      leaf = acceptLeaf();
      return true;
    }
    if (ranged_) return branchRanged(leaf, each);
    if (!hasFreeSite_) return true;  // every site filled, pieces left over: no solution here
    const int depth = static_cast<int>(steps_.size());
    std::uint64_t* pool = buildPool();
    poolDepth_ = depth;
    if constexpr (Rule::kActive) {
      if (!ruleBounds(pool, depth)) return true;
      // The node passed the first bounds: below here, it may be searched by a compacted engine.
      if (compactHere()) {
        delegating_ = true;
        return true;
      }
    }
    countByPiece(pool);               // here, after any probes (they use the counts too)
    if (Rule::kActive && probing_) {  // a probe only asks whether the node is cut
      probePassed_ = probeSurvives(pool);
      return true;
    }
    Branching b = fewestPiece();
    if (b.count == 0) return true;
    if constexpr (Rule::kActive) {
      rule_.prefer(pool, b);  // an item of the rule with fewer options
      if (rule_.cutsBranching(pool, b.count)) return true;
    }
    return branchOn(pool, depth, b, each);
  }

  // Copy ranges, every must-fill site covered (multiplicity exact cover, as in Knuth's dlx with item
  // multiplicities): while some piece has fewer than its fewest copies, branch on such a piece with the
  // fewest options (its copies in increasing option order). Once none has, the node is a solution, and so is
  // every set of further options that fit beside it: its children add one each, in increasing option order
  // (Step::Extra), so that each set is produced once. Extra copies of a piece come after its branched ones
  // (the pool lost that piece's lower options), so a solution's copies split one way only.
  template <class Each>
  bool branchRanged(bool& leaf, Each&& each) {
    const int depth = static_cast<int>(steps_.size());
    std::uint64_t* pool = buildPool();
    poolDepth_ = depth;
    if (requiresPieces()) {
      countByPiece(pool);
      Branching b;
      int bestPiece = -1;
      for (std::size_t p = 0; p < need_.size(); ++p)
        if (need_[p] > spare_[p] && counts_[p] < b.count)
          bestPiece = static_cast<int>(p), b.count = counts_[p];
      if (b.count == 0) return true;
      b.row = pieceRows_.data() + static_cast<std::size_t>(bestPiece) * poolWords_;
      b.mode = Step::Piece;
      return branchOn(pool, depth, b, each);
    }
    leaf = acceptLeaf();
    Branching b;
    b.row = anyOption_.data();
    b.mode = Step::Extra;
    return branchOn(pool, depth, b, each);
  }

  // Some piece still needs copies to reach its fewest.
  bool requiresPieces() const {
    for (std::size_t p = 0; p < need_.size(); ++p)
      if (need_[p] > spare_[p]) return true;
    return false;
  }

  // While a must-fill site is open: the options whose lowest must-fill site it is that fit and leave the
  // board fillable as far as sizes tell (viable()).
  template <class Each>
  [[gnu::always_inline]] bool branchOnCell(int cell, Each&& each) {
    poolDepth_ = -1;
    // Cell steps never set minOption_, and item steps (which exclude options) come only once every must-fill
    // site is filled, so fitting is all that allowed() would check here.
    const auto c = static_cast<std::size_t>(cell);
    const CellRun* const last = cellRuns_.data() + cellStart_[c + 1];
    for (const CellRun* run = cellRuns_.data() + cellStart_[c]; run != last; ++run) {
      if (need_[static_cast<std::size_t>(run->piece)] == 0) continue;
      const CellEntry* const end = cellEntries_.data() + run->end;
      for (const CellEntry* e = cellEntries_.data() + run->begin; e != end; ++e)
        if (!e->mask.intersects(filled_) && viable(e->option))
          if (!each(Step{e->option, Step::Cell})) return false;
    }
    return true;
  }

  // Every piece placed: a solution, unless the rule refuses it (hex pegs: the pieces must form one
  // structure).
  [[gnu::always_inline]] bool acceptLeaf() {
    if constexpr (Rule::kActive)
      return rule_.acceptsLeaf();
    else
      return true;
  }

  // The rule's bounds before branching: false cuts the node. Once the rule prunes the pool, or near the root
  // the pool is probed (probe()), the rule looks at the smaller pool again.
  [[gnu::always_inline]] bool ruleBounds(std::uint64_t* pool, int depth) {
    bool probed = false, pruned = false;
    for (;;) {
      if (rule_.cut(pool)) return false;
      if (!rule_.budgeted()) break;
      // (Once per node: pruning again after the second pass cuts 0.5% of nodes for 1.4% more instructions.)
      if (!pruned && rule_.prune(*this, pool)) {
        pruned = true;
        continue;
      }
      if (compactHere()) break;  // (the compacted engine probes, if at all)
      if (probing_ || probed || !rank_.empty() || piecesTotal_ - needTotal_ > kProbeUpTo) break;
      probed = true;
      probe(pool, depth);  // then look again: the probes used the rule's scratch
    }
    return true;
  }

  // Per needed piece, its options in the pool (counts_).
  [[gnu::always_inline]] void countByPiece(const std::uint64_t* pool) {
    counts_.assign(need_.size(), 0);
    if constexpr (Rule::kActive) {  // (by the words of each piece's row)
      for (std::size_t p = 0; p < need_.size(); ++p)
        if (need_[p] > 0) {
          const std::uint64_t* own = pieceRows_.data() + p * poolWords_;
          int n = 0;
          for (std::size_t k = pieceSpans_[p].first; k < pieceSpans_[p].second; ++k)
            n += popcount64(pool[k] & own[k]);
          counts_[p] = static_cast<std::size_t>(n);
        }
    } else {
      forEachIn(pool, [&](int o) {
        ++counts_[static_cast<std::size_t>(options_[static_cast<std::size_t>(o)].piece)];
      });
    }
  }

  // A probed node survives unless the placed pieces can no longer be linked or a needed piece has no option.
  [[gnu::always_inline]] bool probeSurvives(const std::uint64_t* pool) {
    if constexpr (Rule::kActive)
      if (rule_.cutsProbe(pool)) return false;
    for (std::size_t p = 0; p < need_.size(); ++p)
      if (need_[p] > 0 && counts_[p] == 0) return false;
    return true;
  }

  // MRV: the needed piece with the fewest fitting options.
  [[gnu::always_inline]] Branching fewestPiece() const {
    Branching b;
    int bestPiece = -1;
    for (std::size_t p = 0; p < need_.size(); ++p)
      if (need_[p] > 0 && counts_[p] < b.count) bestPiece = static_cast<int>(p), b.count = counts_[p];
    if (bestPiece >= 0) b.row = pieceRows_.data() + static_cast<std::size_t>(bestPiece) * poolWords_;
    return b;
  }

  // Calls each(step) per option of the pool in b.row, in option order or in randomize()'s order. Each child
  // is told that this depth's pool is built (poolDepth_), since the search below leaves it as it is.
  template <class Each>
  [[gnu::always_inline]] bool branchOn(const std::uint64_t* pool, int depth, const Branching& b,
                                       Each&& each) {
    if (rank_.empty()) {  // (straight from the bitsets)
      for (std::size_t k = 0; k < poolWords_; ++k)
        for (std::uint64_t w = pool[k] & b.row[k]; w != 0; w &= w - 1) {
          poolDepth_ = depth;
          if (!each(Step{static_cast<int>(k * 64) + std::countr_zero(w), b.mode, b.item})) return false;
        }
      return true;
    }
    std::vector<int>& options = choices_[static_cast<std::size_t>(depth)];
    options.clear();
    forEachIn(pool, b.row, [&](int o) { options.push_back(o); });
    sortByRank(options);
    for (int o : options) {
      poolDepth_ = depth;
      if (!each(Step{o, b.mode, b.item})) return false;
    }
    return true;
  }

  // Per depth, how many options of the pool cover each site, as bit-sliced counters (plane b holds bit b of
  // every site's count, so that one option is subtracted from all its sites at once, and the open sites with
  // the fewest options come out of a few word operations), and how many belong to each piece. A child takes
  // its parent's counts and subtracts the options its step removed from the pool, as dancing links updates
  // its lengths.
  std::uint64_t* planesAt(int depth) {
    return cellPlanes_.data() + static_cast<std::size_t>(depth) * planeCount_ * W;
  }
  std::uint16_t* pieceCountsAt(int depth) {
    return pieceCounts_.data() + static_cast<std::size_t>(depth) * need_.size();
  }
  // Subtracts the options in parent but not in pool from the counts of the open sites (filled sites' counts
  // are left as they are: nothing reads them). Their masks are first summed into a small bit-sliced counter,
  // three low planes in registers (an open site rarely loses more than 7 options in one step), then
  // subtracted from the planes in one pass per word. Returns the open sites that lost options.
  Bits<W> subtractOptions(std::uint64_t* planes, std::uint16_t* pieces, const std::uint64_t* parent,
                          const std::uint64_t* pool) const {
    Bits<W> touched;
    // Boards of more than one word: the removed options are gathered once rather than found again in the
    // pools for each word, and words without an open site are skipped. Measured (whole count, one thread,
    // alternating runs): a 25-piece 8x8x8 cube with 216 free cells (W = 8, 48,390 nodes) 0.112 -> 0.100 s
    // CPU; on one word (pentacubes 3x4x5) gathering cost 3%, so one word keeps the single pass.
    thread_local std::vector<const Option*> removed;
    if constexpr (W > 1) {
      removed.clear();
      for (std::size_t j = 0; j < poolWords_; ++j)
        for (std::uint64_t w = parent[j] & ~pool[j]; w != 0; w &= w - 1) {
          const Option& opt = options_[j * 64 + static_cast<std::size_t>(std::countr_zero(w))];
          --pieces[static_cast<std::size_t>(opt.piece)];
          removed.push_back(&opt);
        }
    }
    for (std::size_t k = 0; k < W; ++k) {
      const std::uint64_t open = ~filled_.word[k];
      if (W > 1 && open == 0) continue;  // (no open site here: nothing to subtract, nothing touched)
      std::uint64_t s0 = 0, s1 = 0, s2 = 0;
      std::array<std::uint64_t, 16> high{};  // planes 3 and up of the sum
      const auto add = [&](const Option& opt) {
        const std::uint64_t m = opt.mask.word[k] & open;
        const std::uint64_t c1 = s0 & m;
        s0 ^= m;
        if (c1 == 0) return;
        const std::uint64_t c2 = s1 & c1;
        s1 ^= c1;
        if (c2 == 0) return;
        std::uint64_t carry = s2 & c2;
        s2 ^= c2;
        for (std::size_t b = 0; carry != 0; ++b) {
          const std::uint64_t before = high[b];
          high[b] = before ^ carry;
          carry &= before;
        }
      };
      if constexpr (W > 1) {
        for (const Option* opt : removed) add(*opt);
      } else {
        for (std::size_t j = 0; j < poolWords_; ++j)
          for (std::uint64_t w = parent[j] & ~pool[j]; w != 0; w &= w - 1) {
            const Option& opt = options_[j * 64 + static_cast<std::size_t>(std::countr_zero(w))];
            --pieces[static_cast<std::size_t>(opt.piece)];
            add(opt);
          }
      }
      touched.word[k] = s0 | s1 | s2;
      for (std::uint64_t h : high) touched.word[k] |= h;
      // planes -= sum, plane by plane with a borrow
      std::uint64_t borrow = 0;
      for (std::size_t b = 0; b < planeCount_; ++b) {
        const std::uint64_t sum = b == 0 ? s0 : b == 1 ? s1 : b == 2 ? s2 : high[b - 3];
        std::uint64_t& plane = planes[b * W + k];
        const std::uint64_t p = plane;
        plane = p ^ sum ^ borrow;
        borrow = (~p & (sum | borrow)) | (sum & borrow);
      }
    }
    return touched;
  }
  void addOption(std::uint64_t* planes, std::uint16_t* pieces, int o) const {
    const Option& opt = options_[static_cast<std::size_t>(o)];
    for (std::size_t k = 0; k < W; ++k) {
      std::uint64_t carry = opt.mask.word[k];
      for (std::uint64_t* plane = planes + k; carry != 0; plane += W) {
        const std::uint64_t before = *plane;
        *plane = before ^ carry;
        carry &= before;
      }
    }
    ++pieces[static_cast<std::size_t>(opt.piece)];
  }
  // The count of one site, read from the planes.
  std::size_t siteCount(const std::uint64_t* planes, int site) const {
    const auto k = static_cast<std::size_t>(site >> 6);
    std::size_t n = 0;
    for (std::size_t b = 0; b < planeCount_; ++b) n |= ((planes[b * W + k] >> (site & 63)) & 1U) << b;
    return n;
  }

  // Sets up the counters for MRV branching in boxes (see branchMrv()).
  void setUpMrv() {
    // The options covering each site, read off its row (buildRows() came first). Measured (callgrind, `count
    // PelikanBurr#1 --json --threads 1`): counted from the masks, bit by bit, setUpMrv took 0.82M
    // instructions; from the rows the engine's set-up is 3.5M -> 2.9M, the run 64.2M -> 62.8M.
    std::vector<std::size_t> covering(static_cast<std::size_t>(W) * 64, 0);
    for (std::size_t site = 0; site < covering.size(); ++site) {
      const std::uint64_t* row = siteRows_.data() + site * poolWords_;
      for (std::size_t j = 0; j < poolWords_; ++j)
        covering[site] += static_cast<std::size_t>(popcount64(row[j]));
    }
    std::vector<std::size_t> perPiece(problem_.need.size(), 0);
    for (const Option& o : options_) ++perPiece[static_cast<std::size_t>(o.piece)];
    const std::size_t most = *std::max_element(covering.begin(), covering.end());
    // (A piece's count is 16 bits wide; no box of up to 512 sites comes near.)
    mrv_ = *std::max_element(perPiece.begin(), perPiece.end()) < 65536;
    planeCount_ = static_cast<std::size_t>(std::bit_width(most)) + 1;  // (+1: the borrow loops end in range)
    compactable_ = true;
    compactAt_ = kBoxCompactAt;
    // With identical copies the drops find little (a copy's options never clash with each other's piece):
    // measured on super-iq-cube, 233M instructions without, 511M with.
    dropping_ = std::all_of(problem_.need.begin(), problem_.need.end(), [](int n) { return n <= 1; });
  }

  // Drops from the pool the options that clash with every option left for some open site or needed piece
  // with fewer than 2^bits options: they can be in no solution below, here or anywhere in the subtree, where
  // each would come back as a dead child. Only the items that lost options in this step (`touched`, and the
  // pieces whose count differs from `parentPieces`) are looked at: the parent dropped the others' already.
  // Brings the counts up to date; returns true when some open site is left without options.
  bool dropHopeless(std::uint64_t* pool, std::uint64_t* planes, std::uint16_t* pieces, std::size_t bits,
                    const Bits<W>& touched, const std::uint16_t* parentPieces) {
    Bits<W> low;
    bool any = false;
    for (std::size_t k = 0; k < W; ++k) {
      std::uint64_t high = 0;
      for (std::size_t b = bits; b < planeCount_; ++b) high |= planes[b * W + k];
      low.word[k] = mustFill_.word[k] & ~filled_.word[k] & ~high & touched.word[k];
      any = any || low.word[k] != 0;
    }
    const std::size_t limit = (std::size_t{1} << bits) - 1;
    auto pieceLow = [&](std::size_t p) {
      return need_[p] == 1 && pieces[p] <= limit && (parentPieces == nullptr || pieces[p] != parentPieces[p]);
    };
    bool pieceAny = false;
    for (std::size_t p = 0; p < need_.size(); ++p) pieceAny = pieceAny || pieceLow(p);
    if (!any && !pieceAny) return false;
    before_.assign(pool, pool + poolWords_);
    // Returns false when the item has no option left (the drops of an earlier item took them all): the node
    // is cut then, whatever the other items would drop, so the pool and the counts are left as they are.
    // Measured (callgrind, `count FILE#1 --json --threads 1`, whole run): most of the jobs' roots die here;
    // stopping at the first empty item took dropHopeless from 11.0M instructions to 5.5M on PelikanBurr (25
    // jobs; run 73.3M -> 67.6M) and from 11.3M to 9.5M on Prisgon (33 jobs; 44.4M -> 42.6M).
    auto dropFor = [&](const std::uint64_t* itemRow) {
      std::array<const std::uint64_t*, std::size_t{1} << kDropBits> clashes;
      std::size_t n = 0;
      forEachIn(pool, itemRow, [&](int f) {
        if (n < clashes.size()) clashes[n] = conflictRow(f);  // (with the piece's row: see conflictRow())
        ++n;
      });
      if (n == 0) return false;
      if (n >= clashes.size()) return true;
      for (std::size_t k = 0; k < poolWords_; ++k) {
        std::uint64_t hit = pool[k] & ~itemRow[k];
        for (std::size_t j = 0; j < n && hit != 0; ++j) hit &= clashes[j][k];
        pool[k] &= ~hit;
      }
      return true;
    };
    for (std::size_t k = 0; k < W; ++k)
      for (std::uint64_t w = low.word[k]; w != 0; w &= w - 1)
        if (!dropFor(siteRows_.data() +
                     (k * 64 + static_cast<std::size_t>(std::countr_zero(w))) * poolWords_))
          return true;
    for (std::size_t p = 0; p < need_.size(); ++p)
      if (pieceLow(p) && !dropFor(pieceRows_.data() + p * poolWords_)) return true;
    subtractOptions(planes, pieces, before_.data(), pool);
    std::uint64_t none = 0;
    for (std::size_t k = 0; k < W; ++k) {
      std::uint64_t anyLeft = 0;
      for (std::size_t b = 0; b < planeCount_; ++b) anyLeft |= planes[b * W + k];
      none |= mustFill_.word[k] & ~filled_.word[k] & ~anyLeft;
    }
    return none != 0;
  }

  // Branching in boxes: on the open cell or the needed piece with the fewest options left (minimum remaining
  // values, as in Knuth's dlx1), ties to the cell first in search order. In a box a cell has up to six
  // neighbours and the first open cell in a fixed order is often far from the tightest spot; measured on
  // planar pentacubes in a 3 x 4 x 5 box, it visited 34 times as many nodes as MRV.
  template <class Each>
  bool branchMrv(bool& leaf, Each&& each) {
    if (needTotal_ == 0) {
      leaf = mustFill_.subsetOf(filled_);
      return true;
    }
    const int depth = static_cast<int>(steps_.size());
    std::uint64_t* planes = planesAt(depth);
    std::uint16_t* pieces = pieceCountsAt(depth);
    Bits<W> touched;  // open sites that lost options in this step (all of them in a pool built from scratch)
    const std::uint16_t* parentPieces = nullptr;
    std::uint64_t* pool = mrvPool(depth, planes, pieces, touched, parentPieces);
    poolDepth_ = depth;
    if (freshRoot_) {  // the end of a replayed path: every item, as counted afresh (see replay())
      freshRoot_ = false;
      for (std::size_t k = 0; k < W; ++k) touched.word[k] = ~std::uint64_t{0};
      parentPieces = nullptr;
    }

    // The open sites with the fewest options: a site with none ends the node.
    Bits<W> fewest;
    std::uint64_t none = 0;
    for (std::size_t k = 0; k < W; ++k) {
      std::uint64_t any = 0;
      for (std::size_t b = 0; b < planeCount_; ++b) any |= planes[b * W + k];
      fewest.word[k] = mustFill_.word[k] & ~filled_.word[k];
      none |= fewest.word[k] & ~any;
    }
    if (none != 0) return true;
    if (dropping_ && dropHopeless(pool, planes, pieces, kDropBits, touched, parentPieces)) return true;
    if (compactHere()) {
      delegating_ = true;
      return true;
    }
    // From the top plane down, keep the candidates whose bit is clear whenever some are.
    for (std::size_t b = planeCount_; b-- > 0;) {
      std::uint64_t clear = 0;
      for (std::size_t k = 0; k < W; ++k) clear |= fewest.word[k] & ~planes[b * W + k];
      if (clear != 0)
        for (std::size_t k = 0; k < W; ++k) fewest.word[k] &= ~planes[b * W + k];
    }
    const int cell = fewest.lowestIn(fewest);
    Branching b;
    b.count = cell >= 0 ? siteCount(planes, cell) : SIZE_MAX;
    int bestPiece = -1;
    for (std::size_t p = 0; p < need_.size(); ++p)
      if (need_[p] > 0 && pieces[p] < b.count) bestPiece = static_cast<int>(p), b.count = pieces[p];
    if (b.count == 0) return true;
    b.row = bestPiece >= 0 ? pieceRows_.data() + static_cast<std::size_t>(bestPiece) * poolWords_
                           : siteRows_.data() + static_cast<std::size_t>(cell) * poolWords_;
    b.mode = bestPiece >= 0 ? Step::Piece : Step::Cell;
    return branchOn(pool, depth, b, each);
  }

  // A box node's pool and its counts: its parent's counts minus the options the step removed, or counted
  // afresh. Sets `touched` to the open sites that lost options (all of them when counted afresh) and
  // `parentPieces` to the parent's piece counts when they were the start.
  [[gnu::always_inline]] std::uint64_t* mrvPool(int depth, std::uint64_t* planes, std::uint16_t* pieces,
                                                Bits<W>& touched, const std::uint16_t*& parentPieces) {
    const std::size_t planeWords = planeCount_ * W;
    // A compacted engine's root: its pool and counts were taken from the parent's node (adopt()); every item
    // is looked at for drops, as when counted afresh. Measured (callgrind, `count FILE#1 --json --threads
    // 1`, whole run): CubeInCage 12.70M -> 12.61M, lohe.misused-key#2 55.58M -> 55.53M; pentacubes-3x4x5
    // (468,529 nodes) 1.45 -> 1.36 s (bench/compare.sh, 3 runs).
    if (adopted_ && depth == 0) {
      adopted_ = false;
      for (std::size_t k = 0; k < W; ++k) touched.word[k] = ~std::uint64_t{0};
      return poolAt(0);
    }
    if (poolDepth_ == depth - 1 && depth > 0) {
      const std::uint64_t* parent = poolAt(depth - 1);
      std::uint64_t* pool = buildPool();
      parentPieces = pieceCountsAt(depth - 1);
      const std::uint64_t* parentPlanes = planesAt(depth - 1);
      // When the step removed more options than it left, the ones left are counted afresh instead, and the
      // open sites whose counts changed are the ones that lost options. Measured (callgrind, `count
      // PelikanBurr#1 --json --threads 1`, whole run; a job's root there often loses half the pool):
      // subtractOptions 8.8M -> 1.5M instructions, the run 67.3M -> 65.3M.
      std::size_t kept = 0, lost = 0;
      for (std::size_t j = 0; j < poolWords_; ++j) {
        kept += static_cast<std::size_t>(popcount64(pool[j]));
        lost += static_cast<std::size_t>(popcount64(parent[j] & ~pool[j]));
      }
      if (lost <= kept) {
        std::copy(parentPlanes, parentPlanes + planeWords, planes);
        std::copy(parentPieces, parentPieces + need_.size(), pieces);
        touched = subtractOptions(planes, pieces, parent, pool);
        return pool;
      }
      std::fill(planes, planes + planeWords, 0);
      std::fill(pieces, pieces + need_.size(), 0);
      forEachIn(pool, [&](int o) { addOption(planes, pieces, o); });
      for (std::size_t k = 0; k < W; ++k) {
        std::uint64_t changed = 0;
        for (std::size_t b = 0; b < planeCount_; ++b) changed |= planes[b * W + k] ^ parentPlanes[b * W + k];
        touched.word[k] = changed & ~filled_.word[k];
      }
      return pool;
    }
    std::uint64_t* pool = buildPool();
    std::fill(planes, planes + planeWords, 0);
    std::fill(pieces, pieces + need_.size(), 0);
    forEachIn(pool, [&](int o) { addOption(planes, pieces, o); });
    for (std::size_t k = 0; k < W; ++k) touched.word[k] = ~std::uint64_t{0};
    return pool;
  }

  // Failed-option probing, near the root: places each option of the pool in turn and drops those whose node
  // the bounds cut at once. A bound that rules out every completion of a state rules out every completion of
  // the states below it too, so such an option is gone from the whole subtree, not only from this node's
  // children: without probing it comes back as a dead child wherever its piece is branched on below. Counted
  // as nodes.
  void probe(std::uint64_t* pool, int depth) {
    std::vector<int>& candidates = probeList_;
    candidates.clear();
    forEachIn(pool, [&](int o) { candidates.push_back(o); });
    probing_ = true;
    for (int o : candidates) {
      push(Step{o, Step::Cell});
      poolDepth_ = depth;
      ++nodes_;
      bool leaf = false;
      probePassed_ = false;
      branch(leaf, [&](const Step&) { return false; });  // (a probe returns before branching)
      pop();
      if (!probePassed_ && !leaf) clearBit(pool, static_cast<std::size_t>(o));
    }
    probing_ = false;
    poolDepth_ = depth;
  }

  void sortByRank(std::vector<int>& options) const {
    std::sort(options.begin(), options.end(), [&](int a, int b) {
      return rank_[static_cast<std::size_t>(a)] < rank_[static_cast<std::size_t>(b)];
    });
  }

  template <class Visit>
  bool node(Visit& visit) {
    ++nodes_;
    if (--untilStopCheck_ == 0) [[unlikely]]
      if (stopNow()) return false;
    bool leaf = false;
    const bool go = branch(leaf, [&](const Step& s) {
      push(s);
      const bool more = node(visit);
      pop();
      return more;
    });
    if (delegating_) {
      delegating_ = false;
      return delegate(visit);
    }
    if (!go) return false;
    if (leaf) return visit(stack_);
    return true;
  }

  // Searches below this node in a compacted engine: the options of this node's pool alone, renumbered from 0,
  // so that every bitset over options below is a few words long instead of the whole problem's. The
  // compacted engine explores the same tree (same pool, same order, same bounds) and counts this node again
  // as its root.
  template <class Visit>
  bool delegate(Visit& visit) {
    const std::uint64_t* pool = poolAt(static_cast<int>(steps_.size()));
    if (!compacted_) compacted_.reset(new Engine(problem_, Compacted{}));  // (the constructor is private)
    Engine& sub = *compacted_;
    sub.adopt(*this, pool);
    // One type for every level's visitor, so that nested compaction instantiates no new templates.
    const std::function<bool(const std::vector<int>&)> up = [&](const std::vector<int>& below) {
      solution_ = stack_;
      for (int o : below) solution_.push_back(sub.parentIndex_[static_cast<std::size_t>(o)]);
      return visit(solution_);
    };
    const bool go = sub.node(up);
    nodes_ += sub.nodes_ - 1;
    untilStopCheck_ = sub.untilStopCheck_;
    stopped_ = stopped_ || sub.stopped_;
    return go;
  }

  // Every kStopCheckNodes nodes (a few microseconds of search), whether the stop flag is set.
  bool stopNow() {
    untilStopCheck_ = kStopCheckNodes;
    stopped_ = stop_ != nullptr && stop_->load(std::memory_order_relaxed);
    return stopped_;
  }

  struct Compacted {};
  Engine(const Problem& problem, Compacted) : problem_(problem), rule_(problem) {}

  // Becomes `parent`'s current state with only the options in `pool`, kept in their order.
  void adopt(const Engine& parent, const std::uint64_t* pool) {
    options_.clear();
    parentIndex_.clear();
    parent.forEachIn(pool, [&](int o) {
      parentIndex_.push_back(o);
      options_.push_back(parent.options_[static_cast<std::size_t>(o)]);
    });
    const std::size_t n = options_.size();
    poolWords_ = (n + 63) / 64;
    mustFill_ = parent.mustFill_;
    hasFreeSite_ = parent.hasFreeSite_;
    spare_ = parent.spare_;
    ranged_ = parent.ranged_;
    if (ranged_) anyOption_.assign(poolWords_, ~std::uint64_t{0});
    piecesTotal_ = parent.piecesTotal_;
    compactable_ = true;
    rootPlaced_ = piecesTotal_ - parent.needTotal_;
    sizeConflictRows();
    buildRows();
    if constexpr (Rule::kActive) rule_.adopt(parent.rule_, *this, parentIndex_);
    mrv_ = parent.mrv_;
    dropping_ = parent.dropping_;
    planeCount_ = parent.planeCount_;
    compactAt_ = parent.compactAt_;
    filled_ = parent.filled_;
    need_ = parent.need_;
    needTotal_ = parent.needTotal_;
    minOption_.assign(need_.size(), 0);  // the pool holds only options allowed by the order of copies
    excluded_.assign(n, 0);
    excludedLog_.clear();
    stack_.clear();
    steps_.clear();
    undo_.clear();
    const std::size_t depths = static_cast<std::size_t>(needTotal_) + 2;
    pools_.assign(depths * poolWords_, 0);
    choices_.resize(depths);
    if (mrv_) {
      cellPlanes_.assign(depths * planeCount_ * W, 0);
      pieceCounts_.assign(depths * need_.size(), 0);
      // The root's pool is every option, and its counts are the parent's node's (see mrvPool()).
      std::uint64_t* root = poolAt(0);
      std::fill(root, root + (n >> 6), ~std::uint64_t{0});
      if ((n & 63) != 0) root[n >> 6] = (std::uint64_t{1} << (n & 63)) - 1;
      const auto at = parent.steps_.size();
      const std::uint64_t* planes = parent.cellPlanes_.data() + at * planeCount_ * W;
      std::copy(planes, planes + planeCount_ * W, planesAt(0));
      const std::uint16_t* pieces = parent.pieceCounts_.data() + at * need_.size();
      std::copy(pieces, pieces + need_.size(), pieceCountsAt(0));
    }
    adopted_ = mrv_;
    poolDepth_ = -1;
    nodes_ = 0;
    stop_ = parent.stop_;
    untilStopCheck_ = parent.untilStopCheck_;
    stopped_ = false;
  }

  void collect(int depth, std::vector<std::vector<Step>>& jobs) {
    bool leaf = false;
    // A solution with extras below it is one job (its own search visits it and them).
    if (depth == 0 || (ranged_ && mustFill_.lowestNotIn(filled_) < 0 && !requiresPieces())) {
      jobs.push_back(steps_);
      return;
    }
    branch(leaf, [&](const Step& s) {
      push(s);
      collect(depth - 1, jobs);
      pop();
      return true;
    });
    if (leaf) jobs.push_back(steps_);
  }

  const Problem& problem_;
  std::vector<Option> options_;
  std::vector<std::vector<int>> byCell_;  // per must-fill site: the options whose lowest must-fill site it is
  struct CellEntry {
    Bits<W> mask;
    int option = 0;
  };
  struct CellRun {  // consecutive entries of one piece, skipped together once the piece is used up
    int piece = 0;
    std::size_t begin = 0, end = 0;
  };
  std::vector<CellEntry> cellEntries_;  // byCell_'s lists one after another, in their order
  std::vector<CellRun> cellRuns_;
  std::vector<std::size_t> cellStart_;  // per site: its first run in cellRuns_ (and one past the last)
  Bits<W> mustFill_;
  bool hasFreeSite_ = false;
  std::vector<int> spare_;  // per piece: copies that may be left out (Problem::spare)
  bool ranged_ = false;     // some piece has spare copies: multiplicity exact cover (branchRanged())
  std::vector<std::uint64_t> anyOption_;  // a row of every option (extras branch on any option left)

  Bits<W> filled_;
  std::vector<int> need_;
  int needTotal_ = 0;
  std::vector<int> minOption_;  // per piece: copies placed in piece mode come in increasing option order
  std::vector<std::uint8_t> excluded_;  // per option: ruled out by an item step above
  std::vector<int> excludedLog_;        // options excluded, in order, for undoing
  std::vector<int> stack_;              // options placed
  std::vector<Step> steps_;
  std::vector<Undo> undo_;
  [[no_unique_address]] Rule rule_;       // the family's search rule and its state
  std::size_t poolWords_ = 0;             // 64-bit words of an option bitset
  std::vector<std::uint64_t> pools_;      // per depth: the options that fit, as a bitset
  std::vector<std::uint64_t> pieceRows_;  // per piece: its options, as a bitset
  std::vector<std::pair<std::size_t, std::size_t>> pieceSpans_;  // see findPieceSpans()
  std::unique_ptr<std::uint64_t[]> conflictRows_;                // per option: conflictRow(), once computed
  std::size_t conflictCapacity_ = 0;                             // words allocated in conflictRows_
  std::vector<std::uint32_t> conflictSlot_;                      // per option: 1 + its row's place, 0: none
  std::uint32_t conflictRowsUsed_ = 0;                           // rows computed
  std::vector<const std::uint64_t*> siteScratch_;
  std::vector<std::uint64_t> siteRows_;  // per site (W * 64 of them): options covering it
  // Compaction (see delegate()): with a search rule, nodes with as many pieces placed as a bit set in
  // compactAt_ hand their subtree to a compacted engine.
  unsigned compactAt_ = (1U << 2) | (1U << 3);
  bool compactHere() const {
    const int placed = piecesTotal_ - needTotal_;
    return compactable_ && !probing_ && !collecting_ && placed > rootPlaced_ && placed < 32 &&
           ((compactAt_ >> placed) & 1U) != 0 && needTotal_ > 1;
  }
  bool compactable_ = false;
  bool delegating_ = false;  // branch() left this node's pool for delegate()
  bool collecting_ = false;  // inside split()
  bool replaying_ = false;   // inside replay()
  int rootPlaced_ = -1;      // compacted engine: pieces placed at its root (it does not hand that node on)
  std::unique_ptr<Engine> compacted_;
  std::vector<int> parentIndex_;           // compacted engine: per option, its number in the parent engine
  std::vector<int> solution_;              // a compacted engine's solution, in this engine's option numbers
  std::vector<std::vector<int>> choices_;  // per depth: the branches taken there
  // Probing pays where subtrees are large: measured on IQ-Link (12 pieces), probing the nodes with at most
  // 2 pieces placed cut the full count's nodes by 29% and its time by 15%; up to 3 placed, the probes cost
  // more than they saved (27.2 s against 18.3 s). Not while sampling (randomize()): a smaller pool can change
  // the branching piece below, and so which solution a seed finds, while one solution is found fast anyway.
  static constexpr int kProbeUpTo = 2;  // pieces placed, givens included
  int piecesTotal_ = 0;
  bool probing_ = false;
  bool probePassed_ = false;  // the probed node passed every bound
  std::vector<int> probeList_;
  int poolDepth_ = -1;
  std::vector<std::size_t> counts_;
  std::vector<int> rank_;  // random visiting order, when randomized
  bool mrv_ = false;       // branch by MRV over cells and pieces (boxes, see branchMrv())
  bool dropping_ = false;  // dropHopeless() at every node
  // dropHopeless() looks at the items with fewer than 2^kDropBits options. Measured on pentacubes-2x5x6
  // without compaction (525,606 nodes and 2.04G instructions without dropping): below 2: 469,372 nodes,
  // 2.09G; below 8: 197,266, 1.88G; below 16: 77,698, 1.57G; below 32: 38,771, 1.71G; below 64: 35,159,
  // 2.11G. With compaction at 2 and 4 pieces placed, below 32: 41,040 nodes, 1.10G.
  static constexpr std::size_t kDropBits = 5;
  // Compaction (see delegate()) in boxes: at 2 and 4 pieces placed (pentacubes-2x5x6: 1.10G instructions;
  // none 1.48G, at 2 only 1.11G, at 2, 4 and 6 1.14G, at every depth from 2 to 7 1.37G).
  static constexpr unsigned kBoxCompactAt = (1U << 2) | (1U << 4);
  std::vector<std::uint64_t> before_;  // dropHopeless()'s copy of the pool
  bool freshRoot_ = false;             // the node at the end of a replayed path (see replay())
  bool adopted_ = false;               // compacted engine: the root's pool and counts are set (adopt())
  std::vector<std::uint64_t> rootPool_, rootPlanes_;  // the givens' pool and counts, once built (replay())
  std::vector<std::uint16_t> rootPieces_;
  bool rootDead_ = false;                // replayDropping(): the root's drops left it without a solution
  std::size_t levelsBuilt_ = 0;          // replayDropping(): levels 0 to this - 1 are built for steps_
  std::vector<std::uint8_t> levelDead_;  // replayDropping(): per depth, the level is left without a solution
  std::size_t planeCount_ = 0;           // bits of a site's count (see planesAt())
  std::vector<std::uint64_t> cellPlanes_;   // per depth: planeCount_ planes of W words
  std::vector<std::uint16_t> pieceCounts_;  // per depth: per piece
  static constexpr int kRegionLimit = 5;
  bool prune_ = false;               // size pruning (see setUpSizePruning)
  bool checkCount_ = false;          // the pieces left can cover different numbers of sites
  bool checkRegions_ = false;        // look for closed-off regions too small for any piece left
  std::vector<Bits<W>> neighbours_;  // per site: its lattice neighbours
  std::vector<int> minSize_, maxSize_;
  std::vector<int> copiesBySmallest_;  // by size: copies still needed whose smallest option has that size
  std::uint64_t smallestSizes_ = 0;    // bit n: copiesBySmallest_[n] > 0
  int emptyCount_ = 0;                 // sites not filled
  int remainingMin_ = 0, remainingMax_ = 0;  // sites the pieces still needed cover, at least and at most
  std::uint64_t nodes_ = 0;
  // The stop flag (stopWhen): one countdown shared with the compacted engines, so that the check comes every
  // kStopCheckNodes nodes whichever engine visits them.
  static constexpr std::uint32_t kStopCheckNodes = 4096;
  const std::atomic<bool>* stop_ = nullptr;
  std::uint32_t untilStopCheck_ = kStopCheckNodes;
  bool stopped_ = false;
};

}  // namespace piecework

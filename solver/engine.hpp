// The search: exact cover over placement bitmasks.
//
// Branching: while a must-fill site is open, branch on the first one in the puzzle's search order (every
// solution covers it, and on cell boards only options whose lowest must-fill site it is can fit). Once none
// is open, branch on the needed piece with the fewest fitting options (MRV). (Branching on IQ-Link's pegs
// instead, each either left empty or given its lowest-numbered option, was measured: 2.5-6x more nodes.) Each
// node filters its parent's option pool, the way dancing links removes rows. Identical copies are placed in
// increasing option order so that a set of copies is produced once. Linked puzzles cut a node as soon as the
// placed pieces can no longer be joined by the options left. Boards that must be filled completely skip a
// child whose empty sites can no longer be the sizes of the pieces left, in number or in a closed-off region
// next to it (see viable()).
#pragma once

#include <algorithm>
#include <bit>
#include <climits>
#include <cstdint>
#include <random>
#include <vector>

#include "solver/bits.hpp"
#include "solver/problem.hpp"
#include "solver/shuffle.hpp"

namespace piecework {

// One decision of the search, enough to replay it (job prefixes are paths of steps).
struct Step {
  enum Mode : std::uint8_t { Cell, Piece };
  int option = -1;  // engine option index placed
  Mode mode = Cell;
  bool operator==(const Step&) const = default;
};

template <int W>
class Engine {
 public:
  explicit Engine(const Problem& problem) : problem_(problem) {
    const Puzzle& puzzle = *problem.puzzle;
    for (int s = 0; s < puzzle.siteCount(); ++s)
      if (puzzle.mustFill[static_cast<std::size_t>(s)])
        mustFill_.set(s);
      else
        hasFreeSite_ = true;
    byCell_.resize(puzzle.sites.size());
    usePegs_ = !problem.pegs.empty();
    for (int id : problem.options) {
      Option o;
      o.placement = id;
      o.piece = puzzle.placements[static_cast<std::size_t>(id)].piece;
      for (int s : puzzle.placements[static_cast<std::size_t>(id)].sites) o.mask.set(s);
      if (usePegs_) {
        o.pegs = problem.pegs[static_cast<std::size_t>(id)];
        o.ballPegs = problem.ballPegs[static_cast<std::size_t>(id)];
        o.openRingPegs = problem.openRingPegs[static_cast<std::size_t>(id)];
      }
      const int lowest = o.mask.lowestIn(mustFill_);
      if (lowest >= 0) byCell_[static_cast<std::size_t>(lowest)].push_back(static_cast<int>(options_.size()));
      options_.push_back(o);
    }
    setUpSizePruning();
    fillCellEntries();
    reset();
  }

  // Back to the state of the givens alone.
  void reset() {
    const Puzzle& puzzle = *problem_.puzzle;
    filled_ = Bits<W>{};
    placedPegs_.clear();
    occupiedPegs_ = centresFilled_ = openRings_ = 0;
    for (int id : problem_.givens) {
      const auto i = static_cast<std::size_t>(id);
      for (int s : puzzle.placements[i].sites) filled_.set(s);
      if (problem_.linked) placedPegs_.push_back(problem_.pegs[i]);
      if (usePegs_) {
        occupiedPegs_ |= problem_.pegs[i];
        centresFilled_ |= problem_.ballPegs[i];
        openRings_ |= problem_.openRingPegs[i];
      }
    }
    need_ = problem_.need;
    needTotal_ = problem_.needTotal();
    ballsToPlace_ = openRingsToPlace_ = 0;
    for (std::size_t p = 0; p < need_.size() && usePegs_; ++p) {
      ballsToPlace_ += need_[p] * problem_.ballsOf[p];
      openRingsToPlace_ += need_[p] * problem_.openRingsOf[p];
    }
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
    stack_.clear();
    steps_.clear();
    undo_.clear();
    pools_.assign(static_cast<std::size_t>(needTotal_) + 2, {});
    poolDepth_ = -1;
  }

  // Visits options in a seeded random order (for sampling solutions); the tree itself is unchanged.
  void randomize(std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    for (auto& list : byCell_) portableShuffle(list, rng);
    fillCellEntries();
    rank_.resize(options_.size());
    for (std::size_t i = 0; i < rank_.size(); ++i) rank_[i] = static_cast<int>(i);
    portableShuffle(rank_, rng);
  }

  std::uint64_t nodes() const { return nodes_; }
  int placementOf(int option) const { return options_[static_cast<std::size_t>(option)].placement; }
  int optionCount() const { return static_cast<int>(options_.size()); }
  int pieceOf(int option) const { return options_[static_cast<std::size_t>(option)].piece; }

  // Replays `path`, searches below, and calls visit(stack) for every solution with the options placed so far;
  // visit returns false to stop. Returns false if stopped.
  template <class Visit>
  bool search(const std::vector<Step>& path, Visit&& visit) {
    if (!replay(path)) return true;
    return node(visit);
  }

  // Collects the paths of the search tree's nodes `depth` levels below `path` (and solutions above that).
  void split(const std::vector<Step>& path, int depth, std::vector<std::vector<Step>>& jobs) {
    if (replay(path)) collect(depth, jobs);
  }

  bool fits(int o) const {
    const Option& opt = options_[static_cast<std::size_t>(o)];
    return need_[static_cast<std::size_t>(opt.piece)] > 0 && !opt.mask.intersects(filled_);
  }

 private:
  struct Option {
    Bits<W> mask;
    Bits<W> border;  // sites next to the placement (region pruning)
    int size = 0;    // sites it covers
    int piece = 0;
    int placement = 0;
    std::uint64_t pegs = 0;
    std::uint64_t ballPegs = 0;      // pegs whose centre it takes
    std::uint64_t openRingPegs = 0;  // pegs where it puts an open ring
  };

  struct Undo {
    int minOption = 0;
    std::uint64_t occupied = 0;
    std::uint64_t centres = 0;
    std::uint64_t openRings = 0;
  };

  bool replay(const std::vector<Step>& path) {
    reset();
    for (const Step& s : path) {
      if (!fits(s.option) || !allowed(s.option)) return false;
      push(s);
    }
    return true;
  }

  // Size pruning applies when every site must be filled and every placement is one connected region of
  // lattice neighbours (true of the shipped cell puzzles; a user-defined piece in several parts turns it
  // off). Then the sites left empty must be exactly the sites of the pieces left, and every empty region
  // must be filled by some of them.
  void setUpSizePruning() {
    const Puzzle& puzzle = *problem_.puzzle;
    if (hasFreeSite_ || puzzle.lattice == Lattice::HexPegs) return;
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
    checkRegions_ = puzzle.low.z == puzzle.high.z;
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
    return true;
  }

  // Options that fit the current state, from the parent's pool when it was built one level up.
  void buildPool(std::vector<int>& out) {
    out.clear();
    const int depth = static_cast<int>(steps_.size());
    auto keep = [&](int o) { return fits(o) && allowed(o); };
    if (poolDepth_ == depth - 1 && depth > 0) {
      for (int o : pools_[static_cast<std::size_t>(depth - 1)])
        if (keep(o)) out.push_back(o);
    } else {
      for (int o = 0; o < optionCount(); ++o)
        if (keep(o)) out.push_back(o);
    }
  }

  void push(const Step& s) {
    Undo u{0, occupiedPegs_, centresFilled_, openRings_};
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
      if (usePegs_) {
        ballsToPlace_ -= problem_.ballsOf[p];
        openRingsToPlace_ -= problem_.openRingsOf[p];
      }
      u.minOption = minOption_[p];
      if (s.mode == Step::Piece) minOption_[p] = s.option + 1;
      if (problem_.linked) placedPegs_.push_back(opt.pegs);
      occupiedPegs_ |= opt.pegs;
      centresFilled_ |= opt.ballPegs;
      openRings_ |= opt.openRingPegs;
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
      if (usePegs_) {
        ballsToPlace_ += problem_.ballsOf[p];
        openRingsToPlace_ += problem_.openRingsOf[p];
      }
      minOption_[p] = u.minOption;
      if (problem_.linked) placedPegs_.pop_back();
      stack_.pop_back();
    }
    occupiedPegs_ = u.occupied;
    centresFilled_ = u.centres;
    openRings_ = u.openRings;
  }

  // Pegs that nothing placed and no option left can reach stay empty, and open rings whose centre no option
  // left can fill stay without a ball; together at most Problem::emptyPegBudget of them.
  bool enoughPegs(const std::vector<int>& pool) const {
    std::uint64_t reach = occupiedPegs_, centres = centresFilled_, rings = openRings_;
    for (int o : pool) {
      const Option& opt = options_[static_cast<std::size_t>(o)];
      reach |= opt.pegs;
      centres |= opt.ballPegs;
      rings |= opt.openRingPegs;
    }
    int lost = std::popcount(problem_.allPegs & ~reach);
    if (problem_.ringsNeedBalls) {
      // Open rings that end without a ball: those no ball can reach any more, and at least as many as the
      // open rings (waiting and to come) outnumber the balls that could still meet one (to come, or placed
      // without a ring). Balls that end alone number exactly (balls - open rings) more than those rings.
      const int unfilledNow = std::popcount(openRings_ & ~centresFilled_);
      const int deadRings = std::popcount(openRings_ & ~centres);
      const int lonelyBalls = std::popcount(centresFilled_ & ~rings);
      const int ringlessBallsNow = std::popcount(centresFilled_ & ~openRings_);
      lost += std::max({deadRings, unfilledNow + openRingsToPlace_ - ballsToPlace_ - ringlessBallsNow,
                        lonelyBalls - problem_.extraBalls});
    }
    return lost <= problem_.emptyPegBudget;
  }

  // Can the placed pieces still become one linked structure, using at most the pegs of the options in pool?
  bool linkable(const std::vector<int>* pool) const {
    if (placedPegs_.empty()) return true;
    std::uint64_t joined = placedPegs_.front();
    bool grew = true;
    while (grew) {
      grew = false;
      for (std::uint64_t pegs : placedPegs_)
        if ((pegs & joined) != 0 && (pegs & ~joined) != 0) joined |= pegs, grew = true;
      if (pool != nullptr)
        for (int o : *pool) {
          const std::uint64_t pegs = options_[static_cast<std::size_t>(o)].pegs;
          if ((pegs & joined) != 0 && (pegs & ~joined) != 0) joined |= pegs, grew = true;
        }
    }
    for (std::uint64_t pegs : placedPegs_)
      if ((pegs & joined) == 0) return false;
    return true;
  }

  // Chooses how to branch here and calls each(step) per branch. Returns false when a visit stopped the
  // search; sets `leaf` at a solution.
  template <class Each>
  bool branch(bool& leaf, Each&& each) {
    const int cell = mustFill_.lowestNotIn(filled_);
    if (cell >= 0) {
      poolDepth_ = -1;
      // Cell steps never set minOption_, so fitting is all that allowed() would check here.
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
    if (needTotal_ == 0) {
      leaf = !problem_.linked || linkable(nullptr);
      return true;
    }
    if (!hasFreeSite_) return true;  // every site filled, pieces left over: no solution here
    const int depth = static_cast<int>(steps_.size());
    std::vector<int>& pool = pools_[static_cast<std::size_t>(depth)];
    buildPool(pool);
    poolDepth_ = depth;

    if (usePegs_ && problem_.emptyPegBudget >= 0 && !enoughPegs(pool)) return true;
    if (problem_.linked && !linkable(&pool)) return true;

    // MRV: the needed piece with the fewest fitting options.
    counts_.assign(need_.size(), 0);
    for (int o : pool) ++counts_[static_cast<std::size_t>(options_[static_cast<std::size_t>(o)].piece)];
    int bestPiece = -1;
    std::size_t bestCount = SIZE_MAX;
    for (std::size_t p = 0; p < need_.size(); ++p)
      if (need_[p] > 0 && counts_[p] < bestCount) bestPiece = static_cast<int>(p), bestCount = counts_[p];
    if (bestCount == 0) return true;
    std::vector<int> options;
    for (int o : pool)
      if (options_[static_cast<std::size_t>(o)].piece == bestPiece) options.push_back(o);
    if (!rank_.empty()) sortByRank(options);
    for (int o : options) {
      poolDepth_ = depth;
      if (!each(Step{o, Step::Piece})) return false;
    }
    return true;
  }

  void sortByRank(std::vector<int>& options) const {
    std::sort(options.begin(), options.end(), [&](int a, int b) {
      return rank_[static_cast<std::size_t>(a)] < rank_[static_cast<std::size_t>(b)];
    });
  }

  template <class Visit>
  bool node(Visit& visit) {
    ++nodes_;
    bool leaf = false;
    const bool go = branch(leaf, [&](const Step& s) {
      push(s);
      const bool more = node(visit);
      pop();
      return more;
    });
    if (!go) return false;
    if (leaf) return visit(stack_);
    return true;
  }

  void collect(int depth, std::vector<std::vector<Step>>& jobs) {
    bool leaf = false;
    if (depth == 0) {
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
  bool usePegs_ = false;

  Bits<W> filled_;
  std::vector<int> need_;
  int needTotal_ = 0;
  std::vector<int> minOption_;  // per piece: copies placed in piece mode come in increasing option order
  std::vector<int> stack_;      // options placed
  std::vector<Step> steps_;
  std::vector<Undo> undo_;
  std::vector<std::uint64_t> placedPegs_;
  std::uint64_t occupiedPegs_ = 0;
  std::uint64_t centresFilled_ = 0;  // pegs with a ball
  std::uint64_t openRings_ = 0;      // pegs with an open ring
  int ballsToPlace_ = 0;             // parts of the pieces still needed
  int openRingsToPlace_ = 0;
  std::vector<std::vector<int>> pools_;
  int poolDepth_ = -1;
  std::vector<std::size_t> counts_;
  std::vector<int> rank_;  // random visiting order, when randomized
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
};

}  // namespace piecework

// The search: exact cover over placement bitmasks.
//
// Branching: while a must-fill site is open, branch on the first one in the puzzle's search order (every
// solution covers it, and on cell boards only options whose lowest must-fill site it is can fit). Once none
// is open, branch on the needed piece with the fewest fitting options (MRV). (Branching on IQ-Link's pegs
// instead, each either left empty or given its lowest-numbered option, was measured: 2.5-6x more nodes.) Each
// node filters its parent's option pool, the way dancing links removes rows. Identical copies are placed in
// increasing option order so that a set of copies is produced once. Linked puzzles cut a node as soon as the
// placed pieces can no longer be joined by the options left.
#pragma once

#include <algorithm>
#include <array>
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
  // Cell: an option covering the branching cell, or putting a ball into the branching ring. Piece: an option
  // of the branching piece. Peg: the lowest-numbered option that touches the branching peg (options below it
  // that touch the peg are excluded underneath).
  enum Mode : std::uint8_t { Cell, Piece, Peg };
  int option = -1;  // engine option index placed
  Mode mode = Cell;
  int peg = -1;  // Peg only
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
    if (usePegs_) byPeg_.resize(64);
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
      for (std::uint64_t rest = o.pegs; rest != 0; rest &= rest - 1)
        byPeg_[static_cast<std::size_t>(std::countr_zero(rest))].push_back(static_cast<int>(options_.size()));
      options_.push_back(o);
    }
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
    minOption_.assign(need_.size(), 0);
    excluded_.assign(options_.size(), 0);
    excludedLog_.clear();
    stack_.clear();
    steps_.clear();
    undo_.clear();
    pools_.assign(static_cast<std::size_t>(needTotal_) + (usePegs_ ? 64 : 0) + 2, {});
    poolDepth_ = -1;
  }

  // Visits options in a seeded random order (for sampling solutions); the tree itself is unchanged.
  void randomize(std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    for (auto& list : byCell_) portableShuffle(list, rng);
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
    int piece = 0;
    int placement = 0;
    std::uint64_t pegs = 0;
    std::uint64_t ballPegs = 0;      // pegs whose centre it takes
    std::uint64_t openRingPegs = 0;  // pegs where it puts an open ring
  };

  struct Undo {
    std::size_t excludedMark = 0;  // excludedLog_'s size before the step
    int minOption = 0;
    std::uint64_t occupied = 0;
    std::uint64_t centres = 0;
    std::uint64_t openRings = 0;
  };

  bool replay(const std::vector<Step>& path) {
    reset();
    for (const Step& s : path) {
      if ((!fits(s.option) || !allowed(s.option))) return false;
      push(s);
    }
    return true;
  }

  // Not excluded by the order in which identical copies are placed.
  bool allowed(int o) const {
    const Option& opt = options_[static_cast<std::size_t>(o)];
    if (o < minOption_[static_cast<std::size_t>(opt.piece)]) return false;
    return excluded_[static_cast<std::size_t>(o)] == 0;
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

  void exclude(int o) {
    auto& flag = excluded_[static_cast<std::size_t>(o)];
    if (flag == 0) flag = 1, excludedLog_.push_back(o);
  }

  void push(const Step& s) {
    Undo u{excludedLog_.size(), 0, occupiedPegs_, centresFilled_, openRings_};
    if (s.mode == Step::Peg)
      for (int o : byPeg_[static_cast<std::size_t>(s.peg)]) {
        if (o >= s.option) break;
        exclude(o);
      }
    {
      const Option& opt = options_[static_cast<std::size_t>(s.option)];
      const auto p = static_cast<std::size_t>(opt.piece);
      filled_.add(opt.mask);
      --need_[p];
      --needTotal_;
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
  int pegLoss(const std::vector<int>& pool) {
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
      const int unreachable = lost;
      lostIfRingLeft_ =
          unreachable +
          std::max({deadRings + 1, unfilledNow + openRingsToPlace_ - ballsToPlace_ - ringlessBallsNow,
                    lonelyBalls - problem_.extraBalls});
      lost += std::max({deadRings, unfilledNow + openRingsToPlace_ - ballsToPlace_ - ringlessBallsNow,
                        lonelyBalls - problem_.extraBalls});
    }
    return lost;
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
      for (int o : byCell_[static_cast<std::size_t>(cell)])
        if (fits(o) && allowed(o))
          if (!each(Step{o, Step::Cell})) return false;
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

    int lost = 0;
    if (usePegs_ && problem_.emptyPegBudget >= 0) {
      lost = pegLoss(pool);
      if (lost > problem_.emptyPegBudget) return true;
    }
    if (problem_.linked && !linkable(&pool)) return true;

    // MRV: the needed piece with the fewest fitting options or, on hex pegs, once the budget leaves no room,
    // the waiting open ring or the empty peg with the fewest options that could fill it.
    const int budget = problem_.emptyPegBudget;
    const std::uint64_t waiting =
        usePegs_ && problem_.ringsNeedBalls && lostIfRingLeft_ > budget ? openRings_ & ~centresFilled_ : 0;
    const std::uint64_t uncovered =
        usePegs_ && budget >= 0 && lost + 1 > budget ? problem_.allPegs & ~occupiedPegs_ : 0;
    counts_.assign(need_.size(), 0);
    std::array<std::uint32_t, 64> ballCounts{};
    std::array<std::uint32_t, 64> pegCounts{};
    for (int o : pool) {
      const Option& opt = options_[static_cast<std::size_t>(o)];
      ++counts_[static_cast<std::size_t>(opt.piece)];
      for (std::uint64_t rest = opt.ballPegs & waiting; rest != 0; rest &= rest - 1)
        ++ballCounts[static_cast<std::size_t>(std::countr_zero(rest))];
      for (std::uint64_t rest = opt.pegs & uncovered; rest != 0; rest &= rest - 1)
        ++pegCounts[static_cast<std::size_t>(std::countr_zero(rest))];
    }
    int bestPiece = -1;
    std::size_t bestCount = SIZE_MAX;
    for (std::size_t p = 0; p < need_.size(); ++p)
      if (need_[p] > 0 && counts_[p] < bestCount) bestPiece = static_cast<int>(p), bestCount = counts_[p];
    if (bestCount == 0) return true;
    int bestRing = -1, bestPeg = -1;
    for (std::uint64_t rest = waiting; rest != 0; rest &= rest - 1) {
      const int peg = std::countr_zero(rest);
      const std::size_t n = ballCounts[static_cast<std::size_t>(peg)];
      if (n > 0 && n < bestCount) bestRing = peg, bestCount = n;
    }
    for (std::uint64_t rest = uncovered; rest != 0; rest &= rest - 1) {
      const int peg = std::countr_zero(rest);
      const std::size_t n = pegCounts[static_cast<std::size_t>(peg)];
      if (n > 0 && n < bestCount) bestPeg = peg, bestRing = -1, bestCount = n;
    }
    if (bestCount == 0) return true;
    std::vector<int> options;
    if (bestRing >= 0 || bestPeg >= 0) {
      const std::uint64_t bit = std::uint64_t{1} << (bestPeg >= 0 ? bestPeg : bestRing);
      for (int o : pool)
        if (((bestPeg >= 0 ? options_[static_cast<std::size_t>(o)].pegs
                           : options_[static_cast<std::size_t>(o)].ballPegs) &
             bit) != 0)
          options.push_back(o);
      if (!rank_.empty()) sortByRank(options);
      for (int o : options) {
        poolDepth_ = depth;
        if (!each(bestPeg >= 0 ? Step{o, Step::Peg, bestPeg} : Step{o, Step::Cell})) return false;
      }
      return true;
    }
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
  std::vector<std::vector<int>> byCell_;
  std::vector<std::vector<int>> byPeg_;  // per peg: the options touching it, in increasing order
  Bits<W> mustFill_;
  bool hasFreeSite_ = false;
  bool usePegs_ = false;

  Bits<W> filled_;
  std::vector<int> need_;
  int needTotal_ = 0;
  std::vector<int> minOption_;  // per piece: copies placed in piece mode come in increasing option order
  std::vector<std::uint8_t> excluded_;  // per option: ruled out by a peg step above
  std::vector<int> excludedLog_;        // options excluded, in order, for undoing
  std::vector<int> stack_;              // options placed
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
  int lostIfRingLeft_ = 0;
  std::vector<int> rank_;  // random visiting order, when randomized
  std::uint64_t nodes_ = 0;
};

}  // namespace piecework

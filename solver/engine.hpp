// The search: exact cover over placement bitmasks.
//
// Branching: while a must-fill site is open, branch on the first one in the puzzle's search order (every solution
// covers it, and on cell boards only options whose lowest must-fill site it is can fit). Once none is open, branch
// on the needed piece with the fewest fitting options (MRV); in that mode each node filters its parent's option
// pool, the way dancing links removes rows, and identical copies are placed in increasing option order so that a
// set of copies is produced once. Linked puzzles cut a node as soon as the placed pieces can no longer be joined
// by the options left.
#pragma once

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include "solver/bits.hpp"
#include "solver/shuffle.hpp"
#include "solver/problem.hpp"

namespace piecework {

template <int W>
class Engine {
 public:
  explicit Engine(const Problem& problem) : problem_(problem) {
    const Puzzle& puzzle = *problem.puzzle;
    for (int s = 0; s < puzzle.siteCount(); ++s)
      if (puzzle.mustFill[static_cast<std::size_t>(s)]) mustFill_.set(s);
      else hasFreeSite_ = true;
    byCell_.resize(puzzle.sites.size());
    for (int id : problem.options) {
      Option o;
      o.placement = id;
      o.piece = puzzle.placements[static_cast<std::size_t>(id)].piece;
      for (int s : puzzle.placements[static_cast<std::size_t>(id)].sites) o.mask.set(s);
      if (problem.linked) o.pegs = problem.pegs[static_cast<std::size_t>(id)];
      const int lowest = o.mask.lowestIn(mustFill_);
      if (lowest >= 0) byCell_[static_cast<std::size_t>(lowest)].push_back(static_cast<int>(options_.size()));
      options_.push_back(o);
    }
    reset();
  }

  // Back to the state of the givens alone.
  void reset() {
    const Puzzle& puzzle = *problem_.puzzle;
    filled_ = Bits<W>{};
    placedPegs_.clear();
    for (int id : problem_.givens) {
      for (int s : puzzle.placements[static_cast<std::size_t>(id)].sites) filled_.set(s);
      if (problem_.linked) placedPegs_.push_back(problem_.pegs[static_cast<std::size_t>(id)]);
    }
    need_ = problem_.need;
    needTotal_ = problem_.needTotal();
    minOption_.assign(need_.size(), 0);
    stack_.clear();
    steps_.clear();
    savedMin_.clear();
    pools_.assign(static_cast<std::size_t>(needTotal_) + 2, {});
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
  // Option index -> placement id.
  int placementOf(int option) const { return options_[static_cast<std::size_t>(option)].placement; }
  int optionCount() const { return static_cast<int>(options_.size()); }
  int pieceOf(int option) const { return options_[static_cast<std::size_t>(option)].piece; }

  // A path step is an option index times two, plus one when it was chosen in piece mode (copies placed in
  // piece mode constrain the later copies' order, so a replayed path must say so).
  static int step(int option, bool pieceMode) { return option * 2 + (pieceMode ? 1 : 0); }
  static int optionOfStep(int s) { return s / 2; }

  // Places the steps of `path` (a job prefix), searches below, and calls visit(stack) for every solution with
  // the options placed so far; visit returns false to stop. Returns false if stopped.
  template <class Visit>
  bool search(const std::vector<int>& path, Visit&& visit) {
    if (!replay(path)) return true;
    return node(visit);
  }

  // Collects the paths of the search tree's nodes `depth` levels below `path` (and solutions above that).
  void split(const std::vector<int>& path, int depth, std::vector<std::vector<int>>& jobs) {
    if (replay(path)) collect(depth, jobs);
  }

  // Steps (see step()) of the options placed so far.
  const std::vector<int>& steps() const { return steps_; }

  bool replay(const std::vector<int>& path) {
    reset();
    for (int s : path) {
      if (!fits(optionOfStep(s))) return false;
      push(optionOfStep(s), (s & 1) != 0);
    }
    return true;
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
  };

  // Options in `out` that fit the current state, from the parent's pool when it was built one level up.
  void buildPool(std::vector<int>& out) {
    out.clear();
    const int depth = static_cast<int>(stack_.size());
    auto keep = [&](int o) {
      const Option& opt = options_[static_cast<std::size_t>(o)];
      const auto p = static_cast<std::size_t>(opt.piece);
      return need_[p] > 0 && o >= minOption_[p] && !opt.mask.intersects(filled_);
    };
    if (poolDepth_ == depth - 1 && depth > 0) {
      for (int o : pools_[static_cast<std::size_t>(depth - 1)])
        if (keep(o)) out.push_back(o);
    } else {
      for (int o = 0; o < optionCount(); ++o)
        if (keep(o)) out.push_back(o);
    }
  }

  void push(int o, bool pieceMode) {
    Option& opt = options_[static_cast<std::size_t>(o)];
    filled_.add(opt.mask);
    --need_[static_cast<std::size_t>(opt.piece)];
    --needTotal_;
    savedMin_.push_back(minOption_[static_cast<std::size_t>(opt.piece)]);
    if (pieceMode) minOption_[static_cast<std::size_t>(opt.piece)] = o + 1;
    if (problem_.linked) placedPegs_.push_back(opt.pegs);
    stack_.push_back(o);
    steps_.push_back(step(o, pieceMode));
  }

  void pop() {
    const int o = stack_.back();
    stack_.pop_back();
    steps_.pop_back();
    Option& opt = options_[static_cast<std::size_t>(o)];
    filled_.remove(opt.mask);
    ++need_[static_cast<std::size_t>(opt.piece)];
    ++needTotal_;
    minOption_[static_cast<std::size_t>(opt.piece)] = savedMin_.back();
    savedMin_.pop_back();
    if (problem_.linked) placedPegs_.pop_back();
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

  // Chooses how to branch here. Returns false at a dead end; sets `leaf` at a solution.
  template <class Each>
  bool branch(bool& leaf, Each&& each) {
    const int cell = mustFill_.lowestNotIn(filled_);
    if (cell >= 0) {
      poolDepth_ = -1;
      for (int o : byCell_[static_cast<std::size_t>(cell)])
        if (fits(o))
          if (!each(o, false)) return false;
      return true;
    }
    if (needTotal_ == 0) {
      leaf = !problem_.linked || linkable(nullptr);
      return true;
    }
    if (!hasFreeSite_) return true;  // every site filled, pieces left over: no solution here
    const int depth = static_cast<int>(stack_.size());
    std::vector<int>& pool = pools_[static_cast<std::size_t>(depth)];
    buildPool(pool);
    poolDepth_ = depth;
    if (problem_.linked && !linkable(&pool)) return true;
    // MRV over the pieces still needed.
    int best = -1;
    std::size_t bestCount = SIZE_MAX;
    counts_.assign(need_.size(), 0);
    for (int o : pool) ++counts_[static_cast<std::size_t>(options_[static_cast<std::size_t>(o)].piece)];
    for (std::size_t p = 0; p < need_.size(); ++p)
      if (need_[p] > 0 && counts_[p] < bestCount) best = static_cast<int>(p), bestCount = counts_[p];
    if (bestCount == 0) return true;
    if (!rank_.empty()) {
      std::vector<int> chosen;
      for (int o : pool)
        if (options_[static_cast<std::size_t>(o)].piece == best) chosen.push_back(o);
      std::sort(chosen.begin(), chosen.end(), [&](int a, int b) { return rank_[static_cast<std::size_t>(a)] < rank_[static_cast<std::size_t>(b)]; });
      for (int o : chosen) {
        poolDepth_ = depth;
        if (!each(o, true)) return false;
      }
      return true;
    }
    // Children build deeper pools but never touch this one; index it afresh after each child.
    for (std::size_t i = 0; i < pool.size(); ++i) {
      const int o = pools_[static_cast<std::size_t>(depth)][i];
      if (options_[static_cast<std::size_t>(o)].piece != best) continue;
      poolDepth_ = depth;
      if (!each(o, true)) return false;
    }
    return true;
  }

  template <class Visit>
  bool node(Visit& visit) {
    ++nodes_;
    bool leaf = false;
    const bool go = branch(leaf, [&](int o, bool pieceMode) {
      push(o, pieceMode);
      const bool more = node(visit);
      pop();
      return more;
    });
    if (!go) return false;
    if (leaf) return visit(stack_);
    return true;
  }

  void collect(int depth, std::vector<std::vector<int>>& jobs) {
    bool leaf = false;
    if (depth == 0) {
      jobs.push_back(steps_);
      return;
    }
    branch(leaf, [&](int o, bool pieceMode) {
      push(o, pieceMode);
      collect(depth - 1, jobs);
      pop();
      return true;
    });
    if (leaf) jobs.push_back(steps_);
  }

  const Problem& problem_;
  std::vector<Option> options_;
  std::vector<std::vector<int>> byCell_;
  Bits<W> mustFill_;
  bool hasFreeSite_ = false;

  Bits<W> filled_;
  std::vector<int> need_;
  int needTotal_ = 0;
  std::vector<int> minOption_;
  std::vector<int> savedMin_;
  std::vector<int> stack_;
  std::vector<int> steps_;
  std::vector<std::uint64_t> placedPegs_;
  std::vector<std::vector<int>> pools_;
  int poolDepth_ = -1;
  std::vector<std::size_t> counts_;
  std::vector<int> rank_;  // random visiting order, when randomized
  std::uint64_t nodes_ = 0;
};

}  // namespace piecework

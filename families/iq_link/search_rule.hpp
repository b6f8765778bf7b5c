// SPDX-License-Identifier: Apache-2.0
// IQ-Link's search rule, a compile-time policy of the engine (Engine<W, PegRule>; solver/search_rule.hpp):
// the pegs each option touches, puts a ball on or an open ring on, the pegs the search state has filled so
// far, and the hooks the engine's search loop calls with them: peg budgets that cut a node, pruning of the
// pool once the budget is spent, a waiting ring or an empty peg as the most constrained item, and the
// linkage rule. The masks and budgets come from Problem (filled by engine_rule.cpp).
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <vector>

#include "families/iq_link/peg_data.hpp"
#include "solver/problem.hpp"
#include "solver/search_rule.hpp"

namespace piecework {

class PegRule {
 public:
  static constexpr bool kActive = true;
  // What a step changes, for undoing it.
  struct Saved {
    std::uint64_t occupied = 0;
    std::uint64_t centres = 0;
    std::uint64_t openRings = 0;
    std::uint64_t ringed = 0;
  };

  explicit PegRule(const Problem& problem) : problem_(problem), pegs_(pegDataOf(problem)) {}

  // Once per engine, after its options and rows: the options' peg masks and rows (option o is placement
  // e.placementOf(o)), and the options with an open ring that no ball of any other option that fits beside
  // them can ever fill.
  template <class E>
  void setUp(const E& e) {
    words_ = e.poolWords();
    parts_.resize(static_cast<std::size_t>(e.optionCount()));
    byPeg_.assign(64, {});
    for (int o = 0; o < e.optionCount(); ++o) {
      const auto id = static_cast<std::size_t>(e.placementOf(o));
      const std::uint64_t pegs = pegs_.pegs[id], balls = pegs_.ballPegs[id];
      parts_[static_cast<std::size_t>(o)] = PegParts{{pegs, balls}, {pegs_.openRingPegs[id], pegs & ~balls}};
      for (std::uint64_t rest = pegs; rest != 0; rest &= rest - 1)
        byPeg_[static_cast<std::size_t>(std::countr_zero(rest))].push_back(o);
    }
    fillPegRows();
    findDeadRings(e);
  }

  // A compacted engine's rule (see Engine::delegate()): `parent`'s state, over the options of the compacted
  // engine `e`, where option i was parentIndex[i] in the parent.
  template <class E>
  void adopt(const PegRule& parent, const E& e, const std::vector<int>& parentIndex) {
    words_ = e.poolWords();
    byPeg_.clear();  // (only replays use it)
    parts_.clear();
    for (int o : parentIndex) parts_.push_back(parent.parts_[static_cast<std::size_t>(o)]);
    deadRingRow_.assign(words_, 0);
    noRow_.assign(words_, 0);
    unjoined_.assign(words_, 0);
    for (std::size_t i = 0; i < parentIndex.size() && !parent.deadRingRow_.empty(); ++i) {
      const auto p = static_cast<std::size_t>(parentIndex[i]);
      if ((parent.deadRingRow_[p >> 6] >> (p & 63)) & 1U) setOption(deadRingRow_.data(), i);
    }
    fillPegRows();
    board_ = parent.board_;
  }

  // Back to the givens alone; `need` is per piece, the copies still to place.
  void reset(const std::vector<int>& need) {
    board_.placedPegs.clear();
    board_.occupiedPegs = board_.centresFilled = board_.openRings = board_.ringed = 0;
    for (int id : problem_.givens) {
      const auto i = static_cast<std::size_t>(id);
      if (problem_.rules.familyRule) board_.placedPegs.push_back(pegs_.pegs[i]);
      board_.occupiedPegs |= pegs_.pegs[i];
      board_.centresFilled |= pegs_.ballPegs[i];
      board_.ringed |= pegs_.pegs[i] & ~pegs_.ballPegs[i];
      board_.openRings |= pegs_.openRingPegs[i];
    }
    board_.ballsToPlace = board_.openRingsToPlace = 0;
    for (std::size_t p = 0; p < need.size(); ++p) {
      board_.ballsToPlace += need[p] * pegs_.ballsOf[p];
      board_.openRingsToPlace += need[p] * pegs_.openRingsOf[p];
    }
  }

  // Option o of `piece` placed; returns what unplace() restores.
  [[gnu::always_inline]] Saved place(int o, int piece) {
    const Saved saved{board_.occupiedPegs, board_.centresFilled, board_.openRings, board_.ringed};
    const auto p = static_cast<std::size_t>(piece);
    board_.ballsToPlace -= pegs_.ballsOf[p];
    board_.openRingsToPlace -= pegs_.openRingsOf[p];
    const PegParts& opt = parts_[static_cast<std::size_t>(o)];
    if (problem_.rules.familyRule) board_.placedPegs.push_back(opt.pegsAndBalls[0]);
    board_.occupiedPegs |= opt.pegsAndBalls[0];
    board_.centresFilled |= opt.pegsAndBalls[1];
    board_.ringed |= opt.rings[1];
    board_.openRings |= opt.rings[0];
    return saved;
  }
  [[gnu::always_inline]] void unplace(int piece, const Saved& saved) {
    const auto p = static_cast<std::size_t>(piece);
    board_.ballsToPlace += pegs_.ballsOf[p];
    board_.openRingsToPlace += pegs_.openRingsOf[p];
    if (problem_.rules.familyRule) board_.placedPegs.pop_back();
    board_.occupiedPegs = saved.occupied;
    board_.ringed = saved.ringed;
    board_.centresFilled = saved.centres;
    board_.openRings = saved.openRings;
  }

  // The item of a Step::Item, a peg: the options touching it, as a list in increasing order (for replays)
  // and as a row.
  const std::vector<int>& optionsAt(int peg) const { return byPeg_[static_cast<std::size_t>(peg)]; }
  const std::uint64_t* itemRow(int peg) { return pegRow(Touching, peg); }

  // Cuts the node (true) when the pegs, centres and rings that the options of `pool` can still reach break a
  // budget. First what cuts most nodes, cheaply.
  [[gnu::always_inline]] bool cut(const std::uint64_t* pool) {
    scanPegs(pool);
    // Pegs that can no longer get a ring, or a ball: at most as many as will have none at the end.
    ringless_ = popcount64(pegs_.allPegs & ~scan_.anyRing);
    if (pegs_.ringlessPegBudget >= 0 && ringless_ > pegs_.ringlessPegBudget) return true;
    ballless_ = popcount64(pegs_.allPegs & ~scan_.centres);
    if (pegs_.balllessPegBudget >= 0 && ballless_ > pegs_.balllessPegBudget) return true;
    if (!budgeted()) return false;
    lost_ = pegLoss();
    return lost_ > pegs_.emptyPegBudget;
  }
  // Is there an empty-peg budget (else cut() is all the rule does before branching)?
  bool budgeted() const { return pegs_.emptyPegBudget >= 0; }

  // After cut(), when the budget has no room for one more empty peg or ball-less ring (`hardLoss_` counts the
  // unreachable pegs and dead rings, which only grow further down): removes from the pool the options whose
  // placement would cost one, i.e. options with an open ring no ball can ever fill, and options that clash
  // with every option left that could fill a waiting ring. Returns whether it removed any.
  template <class E>
  bool prune(E& e, std::uint64_t* pool) {
    if (hardLoss_ + 1 <= pegs_.emptyPegBudget) return false;
    std::uint64_t removed = 0;
    for (std::size_t k = 0; k < words_; ++k) {
      removed |= pool[k] & deadRingRow_[k];
      pool[k] &= ~deadRingRow_[k];
    }
    auto needAll = [&](const std::uint64_t* itemRow) {
      // The options left that serve the item; those clashing with all of them go (they never serve it).
      const int count = countOptions(pool, itemRow, words_);
      if (count == 0 || count > 3) return;
      std::array<const std::uint64_t*, 3> clashes{}, pieces{};
      int i = 0;
      forEachOption(pool, itemRow, words_, [&](int f) {
        const int piece = e.pieceOf(f);
        clashes[static_cast<std::size_t>(i)] = e.clashRow(f);
        pieces[static_cast<std::size_t>(i++)] = e.need(piece) == 1 ? e.pieceRow(piece) : noRow_.data();
      });
      for (std::size_t k = 0; k < words_; ++k) {
        std::uint64_t hit = pool[k] & ~itemRow[k];
        for (std::size_t j = 0; j < static_cast<std::size_t>(count); ++j) hit &= clashes[j][k] | pieces[j][k];
        removed |= hit;
        pool[k] &= ~hit;
      }
    };
    for (std::uint64_t rest = board_.openRings & ~board_.centresFilled & scan_.centres; rest != 0;
         rest &= rest - 1)
      needAll(pegRow(BallOn, std::countr_zero(rest)));
    return removed != 0;
  }

  // A probed node is cut when the placed pieces can no longer be linked through the pool.
  bool cutsProbe(const std::uint64_t* pool) { return problem_.rules.familyRule && !linkable(pool); }

  // After the last cut() of this node, once a budget leaves no room: the waiting open ring, the peg that must
  // get a ring, or the empty peg with the fewest options that could fill it replaces `b` when it has fewer
  // options (every solution below fills it). (Item counts as bitset intersections, each stopped once it
  // cannot beat the best so far.)
  [[gnu::always_inline]] void prefer(const std::uint64_t* pool, Branching& b) {
    const int budget = pegs_.emptyPegBudget;
    // Centres that must get a ball and pegs that must get a ring (or any part) below this node.
    std::uint64_t balls =
        lostIfRingLeft_ > budget && budget >= 0 ? board_.openRings & ~board_.centresFilled : 0;
    if (ballless_ == pegs_.balllessPegBudget) balls |= scan_.centres & ~board_.centresFilled;
    const std::uint64_t rings = ringless_ == pegs_.ringlessPegBudget ? scan_.anyRing & ~board_.ringed : 0;
    int bestRing = -1, bestPeg = -1, bestRingPeg = -1;
    std::size_t bestCount = b.count;
    for (std::uint64_t rest = balls; rest != 0; rest &= rest - 1) {
      const int peg = std::countr_zero(rest);
      const std::size_t n = countOptionsBelow(pool, pegRow(BallOn, peg), words_, bestCount);
      if (n > 0 && n < bestCount) bestRing = peg, bestCount = n;
    }
    for (std::uint64_t rest = rings; rest != 0; rest &= rest - 1) {
      const int peg = std::countr_zero(rest);
      const std::size_t n = countOptionsBelow(pool, pegRow(RingOn, peg), words_, bestCount);
      if (n > 0 && n < bestCount) bestRingPeg = peg, bestRing = -1, bestCount = n;
    }
    if (budget >= 0 && lost_ + 1 > budget)
      for (std::uint64_t rest = pegs_.allPegs & ~board_.occupiedPegs; rest != 0; rest &= rest - 1) {
        const int peg = std::countr_zero(rest);
        const std::size_t n = countOptionsBelow(pool, pegRow(Touching, peg), words_, bestCount);
        if (n > 0 && n < bestCount) bestPeg = peg, bestRing = bestRingPeg = -1, bestCount = n;
      }
    b.count = bestCount;
    if (bestPeg >= 0)
      b = Branching{pegRow(Touching, bestPeg), Step::Item, bestPeg, bestCount};
    else if (bestRing >= 0)  // the centre takes exactly one ball: no order to impose
      b = Branching{pegRow(BallOn, bestRing), Step::Cell, -1, bestCount};
    else if (bestRingPeg >= 0)  // the peg takes exactly one ring
      b = Branching{pegRow(RingOn, bestRingPeg), Step::Cell, -1, bestCount};
  }

  // The links last, and not with few branches: a node that cannot be linked any more has children that
  // cannot either (their pools are smaller), so each would be cut in turn, and the check costs more than a
  // child or two.
  bool cutsBranching(const std::uint64_t* pool, std::size_t branches) {
    return problem_.rules.familyRule && branches > kLinkCheckAbove && !linkable(pool);
  }

  // Every piece placed: a solution when the pieces form one linked structure (or the rule is off).
  bool acceptsLeaf() { return !problem_.rules.familyRule || linkable(nullptr); }

 private:
  // What one pass over a node's pool learns about the pegs.
  struct PegScan {
    std::uint64_t reach = 0;    // pegs that are occupied or some option can touch
    std::uint64_t centres = 0;  // pegs with a ball, or whose centre some option can fill
    std::uint64_t rings = 0;    // pegs with an open ring, or where some option can put one
    std::uint64_t anyRing = 0;  // pegs with a ring, or where some option can put one
  };

  // Per peg, the options putting a ball on it, a ring on it, or touching it at all.
  enum PegRowKind : std::size_t { BallOn, RingOn, Touching };
  std::uint64_t* pegRow(PegRowKind kind, int peg) {
    return pegRows_.data() + (kind * 64 + static_cast<std::size_t>(peg)) * words_;
  }
  void fillPegRows() {
    pegRows_.assign(3 * 64 * words_, 0);
    for (std::size_t o = 0; o < parts_.size(); ++o) {
      const PegParts& opt = parts_[o];
      for (std::uint64_t rest = opt.pegsAndBalls[1]; rest != 0; rest &= rest - 1)
        setOption(pegRow(BallOn, std::countr_zero(rest)), o);
      for (std::uint64_t rest = opt.rings[1]; rest != 0; rest &= rest - 1)
        setOption(pegRow(RingOn, std::countr_zero(rest)), o);
      for (std::uint64_t rest = opt.pegsAndBalls[0]; rest != 0; rest &= rest - 1)
        setOption(pegRow(Touching, std::countr_zero(rest)), o);
    }
  }

  template <class E>
  void findDeadRings(const E& e) {
    deadRingRow_.assign(words_, 0);
    noRow_.assign(words_, 0);
    unjoined_.assign(words_, 0);
    std::uint64_t givenBalls = 0;
    for (int id : problem_.givens) givenBalls |= pegs_.ballPegs[static_cast<std::size_t>(id)];
    std::array<std::vector<int>, 64> ballsOn;
    for (std::size_t o = 0; o < parts_.size(); ++o)
      for (std::uint64_t rest = parts_[o].pegsAndBalls[1]; rest != 0; rest &= rest - 1)
        ballsOn[static_cast<std::size_t>(std::countr_zero(rest))].push_back(static_cast<int>(o));
    for (std::size_t o = 0; o < parts_.size(); ++o) {
      const int piece = e.pieceOf(static_cast<int>(o));
      for (std::uint64_t rest = parts_[o].rings[0] & ~givenBalls; rest != 0; rest &= rest - 1) {
        bool fillable = false;
        for (int f : ballsOn[static_cast<std::size_t>(std::countr_zero(rest))])
          if ((e.pieceOf(f) != piece || problem_.need[static_cast<std::size_t>(piece)] > 1) &&
              !e.clash(f, static_cast<int>(o))) {
            fillable = true;
            break;
          }
        // (A ball placed later at that centre would have been such a filler, so the ring stays dead.)
        if (!fillable) setOption(deadRingRow_.data(), o);
      }
    }
  }

  // One pass over the pool: the pegs, centres and rings that its options can still reach (scan_).
  [[gnu::always_inline]] void scanPegs(const std::uint64_t* pool) {
    // (Locals, so that the loop keeps them in registers: parts_ could alias scan_ as far as the compiler
    // knows.)
    PegHalf seenPegs{board_.occupiedPegs, board_.centresFilled}, seenRings{board_.openRings, board_.ringed};
    const PegParts* parts = parts_.data();
    for (std::size_t k = 0; k < words_; ++k)
      for (std::uint64_t w = pool[k]; w != 0; w &= w - 1) {
        const PegParts& opt = parts[k * 64 + static_cast<std::size_t>(std::countr_zero(w))];
        seenPegs |= opt.pegsAndBalls;
        seenRings |= opt.rings;
      }
    scan_.reach = seenPegs[0], scan_.centres = seenPegs[1], scan_.rings = seenRings[0],
    scan_.anyRing = seenRings[1];
  }

  // Pegs that nothing placed and no option left can reach stay empty, and open rings whose centre no option
  // left can fill stay without a ball; together at most Problem::emptyPegBudget of them. Returns that
  // lower bound, and sets lostIfRingLeft_ to the bound if one more waiting ring stayed without a ball.
  int pegLoss() {
    const PegScan& scan = scan_;
    int lost = popcount64(pegs_.allPegs & ~scan.reach);
    lostIfRingLeft_ = lost + 1;
    hardLoss_ = lost;
    if (pegs_.ringsNeedBalls) {
      // Open rings that end without a ball: those no ball can reach any more, and at least as many as the
      // open rings (waiting and to come) outnumber the balls that could still meet one (to come, or placed
      // without a ring). Balls that end alone number exactly (balls - open rings) more than those rings.
      const int unfilledNow = popcount64(board_.openRings & ~board_.centresFilled);
      const int deadRings = popcount64(board_.openRings & ~scan.centres);
      const int lonelyBalls = popcount64(board_.centresFilled & ~scan.rings);
      const int ringlessBallsNow = popcount64(board_.centresFilled & ~board_.openRings);
      const int balance = unfilledNow + board_.openRingsToPlace - board_.ballsToPlace - ringlessBallsNow;
      const int lonely = lonelyBalls - pegs_.extraBalls;
      hardLoss_ = lost + deadRings;
      lostIfRingLeft_ = lost + std::max({deadRings + 1, balance, lonely});
      lost += std::max({deadRings, balance, lonely});
    }
    return lost;
  }

  // Can the placed pieces still become one linked structure, through the options of `pool` (none: nullptr)?
  // Grows the pegs joined to the first placed piece, peg by peg, and stops once every placed piece is met.
  bool linkable(const std::uint64_t* pool) {
    if (board_.placedPegs.empty()) return true;
    std::uint64_t* unjoined = unjoined_.data();  // options of the pool not yet met
    if (pool != nullptr) std::copy(pool, pool + words_, unjoined);
    std::uint64_t joined = board_.placedPegs.front(), expanded = 0;
    std::array<const std::uint64_t*, 64> rows;  // (the first n are set before use)
    for (;;) {
      // First the placed pieces alone (often they are linked already), then one step through the pool.
      bool allMet = false;
      for (bool grew = true; grew;) {
        grew = false, allMet = true;
        for (std::uint64_t pegs : board_.placedPegs)
          if ((pegs & joined) == 0)
            allMet = false;
          else if ((pegs & ~joined) != 0)
            joined |= pegs, grew = true;
      }
      if (allMet) return true;
      const std::uint64_t frontier = joined & ~expanded;
      if (frontier == 0 || pool == nullptr) return false;
      expanded = joined;
      std::size_t n = 0;
      for (std::uint64_t rest = frontier; rest != 0; rest &= rest - 1)
        rows[n++] = pegRow(Touching, std::countr_zero(rest));
      for (std::size_t k = 0; k < words_; ++k) {
        std::uint64_t touching = 0;
        for (std::size_t i = 0; i < n; ++i) touching |= rows[i][k];
        const std::uint64_t fresh = unjoined[k] & touching;
        unjoined[k] &= ~fresh;
        for (std::uint64_t w = fresh; w != 0; w &= w - 1)
          joined |= parts_[k * 64 + static_cast<std::size_t>(std::countr_zero(w))].pegsAndBalls[0];
      }
    }
  }

  const Problem& problem_;
  const PegData& pegs_;
  std::size_t words_ = 0;  // of an option bitset (the engine's poolWords())
  // An option's peg masks, packed for the passes over a pool in two 16-byte vectors that a pass ORs in one
  // SSE instruction each.
  using PegHalf = std::uint64_t __attribute__((vector_size(16)));
  struct PegParts {
    PegHalf pegsAndBalls;  // pegs it touches, pegs whose centre it takes (a ball)
    PegHalf rings;         // pegs where it puts an open ring, a ring open or closed
  };
  std::vector<PegParts> parts_;             // per option
  std::vector<std::vector<int>> byPeg_;     // per peg: the options touching it, in increasing order
  std::vector<std::uint64_t> pegRows_;      // see pegRow()
  std::vector<std::uint64_t> deadRingRow_;  // options with an open ring nothing can ever fill
  std::vector<std::uint64_t> noRow_;        // no options
  std::vector<std::uint64_t> unjoined_;     // linkable()'s scratch
  // The state of the search: what the pieces placed (givens included) put on the pegs; a compacted engine's
  // rule takes it over whole (adopt()).
  struct Board {
    std::vector<std::uint64_t> placedPegs;  // per piece placed, its pegs (linked puzzles only)
    std::uint64_t occupiedPegs = 0;
    std::uint64_t ringed = 0;         // pegs with a ring
    std::uint64_t centresFilled = 0;  // pegs with a ball
    std::uint64_t openRings = 0;      // pegs with an open ring
    int ballsToPlace = 0;             // parts of the pieces still needed
    int openRingsToPlace = 0;
  } board_;
  // What the last cut() found, for prune() and prefer().
  PegScan scan_;
  int ringless_ = 0, ballless_ = 0;  // pegs that can no longer get a ring, a ball
  int lost_ = 0;                     // pegLoss()
  int lostIfRingLeft_ = 0;
  int hardLoss_ = 0;  // unreachable pegs + dead rings, as pegLoss found them
  // Nodes with at most this many branches leave the linkage check to their children (see cutsBranching()):
  // KAF callgrind 4.11G instructions always checking, 3.94G with 2, 3.89G with 5 (but 6% more nodes than
  // with 2).
  static constexpr std::size_t kLinkCheckAbove = 2;
};

}  // namespace piecework

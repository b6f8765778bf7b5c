// SPDX-License-Identifier: Apache-2.0
// What the engine (solver/engine.hpp) and a family's search rule share: the steps of the search, the choice
// of a branch, bitsets over options, and the rule of plain exact cover.
//
// A search rule is a compile-time policy of the engine (`Engine<W, Rule>`): its hooks are inline, and the
// engine calls them only under `if constexpr (Rule::kActive)`, so plain exact cover (NoRule) compiles none of
// them. docs/families.md lists the hooks; a family's rule lives in its folder (families/NAME/).
//
// The hooks and helpers called once or more per node are [[gnu::always_inline]], as are the engine's pieces
// of its search loop: split out of one function, GCC called them instead, and IQ-Link took 2-3% more
// instructions (callgrind, `count iq-link --challenge KABWCA`); inlined, within 0.5% of the engine before the
// split.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "puzzle/limits.hpp"
#include "solver/bits.hpp"
#include "solver/problem.hpp"

namespace piecework {

// One decision of the search, enough to replay it (job prefixes are paths of steps).
struct Step {
  // Cell: an option covering the branching cell, or filling the rule's branching item (a ring's centre).
  // Piece: an option of the branching piece. Item: the lowest-numbered option that touches the rule's own
  // branching item `item` (IQ-Link: a peg; options below it that touch the item are excluded underneath).
  // Extra: with copy ranges, once every must-fill site is covered and every piece has its fewest copies, an
  // option added beyond (options below it are excluded underneath, so that a set of extras is produced once).
  enum Mode : std::uint8_t { Cell, Piece, Item, Extra };
  int option = -1;  // engine option index placed
  Mode mode = Cell;
  int item = -1;  // Item only
  bool operator==(const Step&) const = default;
};

// What a node branches on: the options of the pool in `row`, as steps of `mode` (`item` for Step::Item).
struct Branching {
  const std::uint64_t* row = nullptr;
  Step::Mode mode = Step::Piece;
  int item = -1;
  std::size_t count = SIZE_MAX;  // options of the pool in row
};

// Bitsets over options, `words` 64-bit words long.
inline void setOption(std::uint64_t* bits, std::size_t i) {
  bits[i >> 6] |= std::uint64_t{1} << (i & 63);
}

// Calls f(option) for the options in both `pool` and `row`.
template <class F>
[[gnu::always_inline]] inline void forEachOption(const std::uint64_t* pool, const std::uint64_t* row,
                                                 std::size_t words, F&& f) {
  for (std::size_t k = 0; k < words; ++k)
    for (std::uint64_t w = pool[k] & row[k]; w != 0; w &= w - 1)
      f(static_cast<int>(k * 64) + std::countr_zero(w));
}

// Options in both `pool` and `row`.
[[gnu::always_inline]] inline int countOptions(const std::uint64_t* pool, const std::uint64_t* row,
                                               std::size_t words) {
  int n = 0;
  for (std::size_t k = 0; k < words; ++k) n += popcount64(pool[k] & row[k]);
  return n;
}

// Options in both `pool` and `row`, counted only as far as `cap`.
[[gnu::always_inline]] inline std::size_t countOptionsBelow(const std::uint64_t* pool,
                                                            const std::uint64_t* row, std::size_t words,
                                                            std::size_t cap) {
  std::size_t n = 0;
  for (std::size_t k = 0; k < words && n < cap; ++k)
    n += static_cast<std::size_t>(popcount64(pool[k] & row[k]));
  return n;
}

// The hooks a search rule may leave out, with what they do when left out: a rule derives from RuleDefaults
// and defines the hooks it needs (they hide these). kActive turns on every hook call, compaction near the
// leaves and probing near the root (docs/families.md lists when each hook runs).
struct RuleDefaults {
  static constexpr bool kActive = true;
  struct Saved {};  // what place() returns for unplace(): nothing
  template <class E>
  void setUp(const E&) {}  // once per engine
  template <class R, class E>
  void adopt(const R&, const E&, const std::vector<int>&) {}  // a compacted engine: nothing to take over
  void reset(const std::vector<int>&) {}                      // back to the givens
  Saved place(int, int) { return {}; }
  void unplace(int, const Saved&) {}
  bool cut(const std::uint64_t*) { return false; }  // never cuts a node
  bool budgeted() const { return false; }           // no bound to prune by (prune() is not called)
  template <class E>
  bool prune(E&, std::uint64_t*) {
    return false;
  }
  bool cutsProbe(const std::uint64_t*) { return false; }
  void prefer(const std::uint64_t*, Branching&) {}  // branches as plain exact cover does
  bool cutsBranching(const std::uint64_t*, std::size_t) { return false; }
  const std::uint64_t* itemRow(int) {
    return nullptr;
  }  // (only for Step::Item, which such a rule never makes)
  const std::vector<int>& optionsAt(int) const {
    static const std::vector<int> none;
    return none;
  }
  bool acceptsLeaf() { return true; }  // every exact cover is a solution
};

// Plain exact cover: no rule, no hooks, no state.
struct NoRule {
  static constexpr bool kActive = false;
  // Plain exact cover takes every board the loader takes (puzzle/limits.hpp, kMaxSites); a family's rule
  // that says nothing takes boards of up to 512 sites (see maxWordsOf), so that it compiles its engine for
  // the word counts its boards need only.
  static constexpr int kMaxWords = kMaxSites / 64;
  struct Saved {};
  explicit NoRule(const Problem&) {}
};

// The most 64-bit words of a board that Rule's engine is built for: Rule::kMaxWords, or 8 (512 sites).
template <class Rule>
constexpr int maxWordsOf() {
  if constexpr (requires { Rule::kMaxWords; })
    return Rule::kMaxWords;
  else
    return 8;
}

}  // namespace piecework

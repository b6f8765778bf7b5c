// SPDX-License-Identifier: Apache-2.0
// The rater's part of a puzzle family (docs/families.md, puzzle/family.hpp): strategies that only one family
// has (IQ-Link's linkability), and the state and events they share with the rater's ladder (rater/rater.cpp).
//
// The rater keeps the generic ladder: single placement, single cover, pairwise, region, trial. A family's
// strategies rank between pairwise and region (Strategy::Family) and are run once per sweep, so they are
// virtual calls; they work on the same option bitsets as the ladder, through RaterCore.
#pragma once

#include <bit>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "puzzle/puzzle.hpp"
#include "solver/problem.hpp"

namespace piecework::rating {

using Word = std::uint64_t;
using WordSet = std::vector<Word>;  // a set of option indices (or sites), 64 per word

inline bool test(const WordSet& set, int i) {
  return ((set[static_cast<std::size_t>(i >> 6)] >> (i & 63)) & 1U) != 0;
}
inline void setBit(WordSet& set, int i) {
  set[static_cast<std::size_t>(i >> 6)] |= Word{1} << (i & 63);
}
inline void clearBit(WordSet& set, int i) {
  set[static_cast<std::size_t>(i >> 6)] &= ~(Word{1} << (i & 63));
}
template <class F>
void forEach(const WordSet& set, F&& f) {
  for (std::size_t k = 0; k < set.size(); ++k)
    for (Word w = set[k]; w != 0; w &= w - 1) f(static_cast<int>(k * 64) + std::countr_zero(w));
}
// |a & b| and the lowest index in a & b (-1: none).
inline int countBoth(const WordSet& a, const WordSet& b) {
  int n = 0;
  for (std::size_t k = 0; k < a.size(); ++k) n += std::popcount(a[k] & b[k]);
  return n;
}
inline int firstBoth(const WordSet& a, const WordSet& b) {
  for (std::size_t k = 0; k < a.size(); ++k)
    if (const Word w = a[k] & b[k]; w != 0) return static_cast<int>(k * 64) + std::countr_zero(w);
  return -1;
}

// The ladder, easiest first; the order is the order of difficulty.
// Marks: the eliminations that the challenge's own marks make (a colour pattern, marked cells), which the
// family rules on before anything else (FamilyStrategies::opening); named by the family like Family.
enum class Strategy { Marks, SinglePlacement, SingleCover, Pairwise, Family, Region, Trial };

// Why a state has no solution; kept so that a failed trial can say what went wrong.
struct Failure {
  enum Kind { None, PieceStuck, CellStuck, Family, Region } kind = None;
  int piece = -1;
  int site = -1;
  int size = 0;  // region size
  int code = 0;  // Family: the family's own reason, which it words (FamilyStrategies::failureText)
};

// One deduction, before it is put in words.
struct Event {
  Strategy strategy = Strategy::SinglePlacement;
  int option = -1;
  bool placed = false;
  int depth = 0;               // trial nesting
  int otherPiece = -1;         // pairwise: the piece that would be blocked
  int site = -1;               // single cover, pairwise, region: the cell concerned
  int size = 0;                // region: its size
  Failure failure;             // trial: why the assumption failed; Family: why the option is out
  int followed = 0;            // trial: deductions made under the assumption
  const char* name = nullptr;  // Family: the strategy's name (e.g. kStrategyLinkability)
  int detail = -1;             // Family: what it needs to word the step (IQ-Link: the peg)
};

inline Event makeEvent(Strategy strategy, int option, bool placed, int depth) {
  Event e;
  e.strategy = strategy;
  e.option = option;
  e.placed = placed;
  e.depth = depth;
  return e;
}

struct State {
  WordSet alive;   // options still possible
  WordSet filled;  // sites covered
  std::vector<int> need;
  int needTotal = 0;
  std::vector<Word> family;  // the family's own words, copied with the state (IQ-Link: pegs in use, then
                             // the pegs of each placed piece)
  std::vector<int> placed;   // options placed by the rater
  Failure failure;
};

// What a family's strategies may ask of the rater. Options are indices into Problem::options.
class RaterCore {
 public:
  virtual const Puzzle& puzzle() const = 0;
  virtual const Problem& problem() const = 0;
  virtual int optionCount() const = 0;
  virtual const Placement& placementOf(int option) const = 0;
  // The options of a piece, and the options covering a site (all of them, alive or not: intersect with
  // State::alive).
  virtual const WordSet& pieceOptions(int piece) const = 0;
  virtual const WordSet& siteOptions(int site) const = 0;
  // Places an option: removes what clashes with it and tells the family (FamilyStrategies::placed).
  virtual void place(State& s, int option) const = 0;
  // inter &= (the options that cannot be placed beside o) for every option o of `group` still alive; false
  // as soon as nothing is left.
  virtual bool intersectIncompatibleAll(const State& s, const WordSet& group, WordSet& inter) const = 0;
  // What the challenge asks beyond its givens (a colour pattern, marked cells). The options still include the
  // placements these forbid when the family rules on them (familyRulesOnMarks).
  virtual const CellMarks& marks() const = 0;

 protected:
  ~RaterCore() = default;
};

class FamilyStrategies {
 public:
  virtual ~FamilyStrategies() = default;
  // Once, before the ladder's first step: the eliminations the challenge's marks make (Strategy::Marks
  // events, named by e.name). Called at the start of every round of logic; the family keeps the "done" in
  // State::family.
  virtual void opening(State&, int /*depth*/, std::vector<Event>& /*log*/) const {}
  // The reason of a single cover step on `site` when the family words it its own way (IQ Focus: the colour
  // a window square needs); empty: the ladder's words.
  virtual std::string coverReason(int /*site*/) const { return {}; }
  // The state before any deduction, its givens placed: set up State::family.
  virtual void start(State&) const {}
  // An option was placed (after RaterCore::place removed what clashes with it).
  virtual void placed(State&, int /*option*/) const {}
  // Dead ends the family sees, after the ladder's own (a piece or a cell with no option left). Sets
  // s.failure to {Failure::Family, code} and returns false for one.
  virtual bool consistent(State&) const { return true; }
  // One sweep of the family's strategies: places or eliminates (logging Strategy::Family events) and returns
  // whether it changed anything.
  virtual bool deduce(State&, int /*depth*/, std::vector<Event>& /*log*/) const { return false; }
  // When logic stalls: a choice of the family's that is more constrained than `bestCount` options (the
  // ladder's best so far), e.g. an IQ-Link peg that must be used; updates bestCount and best.
  virtual void trialChoice(const State&, int& /*bestCount*/, const WordSet*& /*best*/) const {}
  // Words for the family's events and failures.
  virtual std::string reason(const Event&) const { return {}; }
  virtual std::string failureText(const Failure&) const { return {}; }
};

// The registry (rater/family_strategies.cpp), filled by families/registry.cpp. `rulesOnMarks`: whether the
// family's strategies rule out what a challenge's marks forbid themselves, as steps
// (FamilyStrategies::opening); otherwise the rater drops those placements before it starts, as the solver
// does.
using StrategiesFactory = std::unique_ptr<FamilyStrategies> (*)(const RaterCore& core);
void registerStrategies(std::string_view family, StrategiesFactory make, bool rulesOnMarks);
// The strategies of the puzzle's family for one rating, or nullptr when it has none. `core` outlives them.
std::unique_ptr<FamilyStrategies> makeFamilyStrategies(const RaterCore& core);
bool familyRulesOnMarks(const Puzzle& puzzle);

}  // namespace piecework::rating

// SPDX-License-Identifier: Apache-2.0
// IQ-Link's strategy for the rater, "linkability" (docs/rating.md): the pieces must link into one structure,
// and a peg holds at most one ball and one ring, so only so many pegs may stay empty. Ranked between pairwise
// and region (rater/family_strategies.hpp).
#include <fmt/format.h>
#include <algorithm>
#include <array>
#include <bit>
#include <map>
#include <span>

#include "families/iq_link/family.hpp"
#include "families/iq_link/module.hpp"
#include "families/iq_link/peg_data.hpp"
#include "rater/rater.hpp"

namespace piecework::rating {
namespace {

// Working space of the sweeps, kept between calls so that a sweep allocates nothing.
struct Scratch {
  WordSet inter;
  WordSet unsure;
  std::vector<int> emptied;
  // Per peg (hex pegs: at most 64).
  std::array<Word, 64> held{};
  std::array<Word, 64> adjacent{};
  std::array<Word, 64> joins{};
  std::array<Word, 64> component{};
  std::array<Word, 64> links{};
  // Per pair of pegs: the two pegs and, for each, the links that survive cutting this one.
  struct Link {
    int a = 0;
    int b = 0;
    Word keepA = 0;
    Word keepB = 0;
  };
  std::vector<Link> link;
  std::vector<WordSet> pairClash;  // per pair: the options clashing with all of its options left
  std::vector<char> pairLive;      // per pair: some option joining it is left
  std::vector<int> cutHead;        // per option, its first cut or -1
  struct Cut {
    int next = -1;
    int pair = 0;
  };
  std::vector<Cut> cuts;
  std::vector<std::pair<int, int>> doomed;  // option, why (a failure code)
};

// Failure codes (Failure::code).
constexpr int kUnlinkable = 1;  // the pieces can no longer link into one structure
constexpr int kPegsEmpty = 2;   // more pegs than the budget would stay empty

// State::family: [0] the pegs holding a part; then, when the linkage rule applies, the pegs of each placed
// piece (givens included).
class IqLinkStrategies final : public FamilyStrategies {
 public:
  explicit IqLinkStrategies(const RaterCore& core) : core_(core) {
    const Puzzle& puzzle = core.puzzle();
    optionCount_ = core.optionCount();
    const std::size_t optionWords = static_cast<std::size_t>((optionCount_ + 63) / 64);
    linked_ = core.problem().rules.familyRule;
    pegTotal_ = static_cast<int>(puzzle.cells.size());
    allPegs_ = pegTotal_ == 64 ? ~Word{0} : (Word{1} << pegTotal_) - 1;
    // The solver's counting bound (peg_data.hpp); none on boards of more than 64 pegs.
    pegBudget_ = core.problem().ruleData != nullptr ? pegDataOf(core.problem()).emptyPegBudget : -1;
    pegs_.assign(static_cast<std::size_t>(optionCount_), 0);
    for (int o = 0; o < optionCount_; ++o) pegs_[static_cast<std::size_t>(o)] = pegsOf(core.placementOf(o));
    pegOptions_.assign(static_cast<std::size_t>(pegTotal_), WordSet(optionWords, 0));
    std::map<std::pair<int, int>, std::size_t> pairIndex;
    for (int o = 0; o < optionCount_; ++o) {
      std::vector<int> pegs;
      for (Word w = pegs_[static_cast<std::size_t>(o)]; w != 0; w &= w - 1)
        pegs.push_back(std::countr_zero(w));
      for (std::size_t i = 0; i < pegs.size(); ++i) {
        setBit(pegOptions_[static_cast<std::size_t>(pegs[i])], o);
        for (std::size_t j = i + 1; j < pegs.size(); ++j) {
          auto [it, fresh] = pairIndex.try_emplace({pegs[i], pegs[j]}, pairs_.size());
          if (fresh) {
            pairs_.push_back({pegs[i], pegs[j]});
            pairOptions_.emplace_back(optionWords, 0);
          }
          setBit(pairOptions_[it->second], o);
        }
      }
      pegsViaPairs_ = pegsViaPairs_ && pegs.size() >= 2;
    }
    pegPairs_.assign(static_cast<std::size_t>(pegTotal_), {});
    for (std::size_t k = 0; k < pairs_.size(); ++k) {
      pegPairs_[static_cast<std::size_t>(pairs_[k].first)].push_back(static_cast<int>(k));
      pegPairs_[static_cast<std::size_t>(pairs_[k].second)].push_back(static_cast<int>(k));
    }
  }

  void start(State& s) const override {
    s.family.assign(1, 0);
    for (int id : core_.problem().givens) {
      const Word pegs = pegsOf(core_.puzzle().placements[static_cast<std::size_t>(id)]);
      s.family[0] |= pegs;
      if (linked_) s.family.push_back(pegs);
    }
  }

  void placed(State& s, int o) const override {
    const Word pegs = pegs_[static_cast<std::size_t>(o)];
    s.family[0] |= pegs;
    if (linked_) s.family.push_back(pegs);
  }

  bool consistent(State& s) const override {
    if (linked_ && !linkable(structure(s), s.alive, nullptr)) {
      s.failure = Failure{Failure::Family, -1, -1, 0, kUnlinkable};
      return false;
    }
    if (pegBudget_ >= 0) {
      Word reachable = usedPegs(s);
      forEach(s.alive, [&](int o) { reachable |= pegs_[static_cast<std::size_t>(o)]; });
      if (std::popcount(allPegs_ & ~reachable) > pegBudget_) {
        s.failure = Failure{Failure::Family, -1, -1, 0, kPegsEmpty};
        return false;
      }
    }
    return true;
  }

  // Once as many pegs are out of reach as may stay empty, every other peg needs one of the options touching
  // it: a choice like a cell's.
  void trialChoice(const State& s, int& bestCount, const WordSet*& best) const override {
    if (pegBudget_ < 0) return;
    Word reachable = usedPegs(s);
    forEach(s.alive, [&](int o) { reachable |= pegs_[static_cast<std::size_t>(o)]; });
    if (std::popcount(allPegs_ & ~reachable) < pegBudget_) return;
    for (int peg = 0; peg < pegTotal_; ++peg) {
      if ((usedPegs(s) >> peg & 1U) != 0 || (reachable >> peg & 1U) == 0) continue;
      const int n = countBoth(s.alive, pegOptions_[static_cast<std::size_t>(peg)]);
      if (n < bestCount) bestCount = n, best = &pegOptions_[static_cast<std::size_t>(peg)];
    }
  }

  std::string reason(const Event& e) const override {
    if (e.placed)
      return fmt::format("only {} pegs may stay empty and no other piece can reach peg {}", pegBudget_,
                         pegLetter(e.detail));
    if (e.failure.code == kPegsEmpty)
      return fmt::format("more than {} pegs could then no longer be reached", pegBudget_);
    return "the pieces could then no longer link into one structure";
  }

  std::string failureText(const Failure& f) const override {
    if (f.code == kPegsEmpty)
      return fmt::format("more than {} peg{} would stay empty", pegBudget_, pegBudget_ == 1 ? "" : "s");
    return "the pieces can no longer link into one structure";
  }

  // Can the placed pieces (plus `extra`) still join into one structure through the options in `available`?
  bool linkable(std::span<const Word> structure, const WordSet& available, const Word* extra) const {
    if (structure.empty() && extra == nullptr) return true;
    Word joined = extra != nullptr ? *extra : structure.front();
    for (bool grew = true; grew;) {
      grew = false;
      for (Word pegs : structure)
        if ((pegs & joined) != 0 && (pegs & ~joined) != 0) joined |= pegs, grew = true;
      forEach(available, [&](int o) {
        const Word pegs = pegs_[static_cast<std::size_t>(o)];
        if ((pegs & joined) != 0 && (pegs & ~joined) != 0) joined |= pegs, grew = true;
      });
    }
    for (Word pegs : structure)
      if ((pegs & joined) == 0) return false;
    return true;
  }

  // d. IQ-Link's structure. Two facts about the final filling limit where a piece may go:
  //  - the pieces must link into one structure (when the rule applies): an option after which the placed
  //    pieces could no longer be joined through the options left is out;
  //  - a peg holds at most one ball and one ring, so at most pegBudget_ pegs stay empty: an option after
  //  which
  //    too many pegs could no longer be reached is out, and once the budget is spent, a peg that only one
  //    option can still reach needs that option.
  // As in pairwise, the work is done by intersections: the options that clash with every option left joining
  // pegs X and Y are the ones that would cut that link, and those that clash with every option left touching
  // peg X (the intersection of X's links) are the ones that would leave X empty. Each option then gets its
  // own short list of cut links to test.
  bool deduce(State& s, int depth, std::vector<Event>& log) const override {
    Word reachable = usedPegs(s);
    forEach(s.alive, [&](int o) { reachable |= pegs_[static_cast<std::size_t>(o)]; });
    const int dead = std::popcount(allPegs_ & ~reachable);
    if (pegBudget_ >= 0 && dead == pegBudget_) {
      // No peg may stay empty any more: a peg that one option alone can reach needs it.
      for (int peg = 0; peg < pegTotal_; ++peg) {
        if ((usedPegs(s) >> peg & 1U) != 0 ||
            countBoth(s.alive, pegOptions_[static_cast<std::size_t>(peg)]) != 1)
          continue;
        const int only = firstBoth(s.alive, pegOptions_[static_cast<std::size_t>(peg)]);
        Event e = makeEvent(Strategy::Family, only, true, depth);
        e.name = kStrategyLinkability;
        e.detail = peg;
        log.push_back(e);
        core_.place(s, only);
        return true;
      }
    }
    // Scratch space lives in the Rater: this runs once per sweep, thousands of times per challenge.
    Scratch& t = scratch_;
    WordSet& inter = t.inter;
    inter.resize(s.alive.size());  // written word by word below (the pairs' clash sets)
    // The options in `from` that clash with every option of `group` left, not counting the group's own.
    auto clashWithAll = [&](const WordSet& group, const WordSet& from) {
      inter = from;
      if (!core_.intersectIncompatibleAll(s, group, inter)) return false;
      for (std::size_t k = 0; k < inter.size(); ++k) inter[k] &= ~group[k];
      return true;
    };
    const auto placedPegs = structure(s);
    const bool linking = linked_ && !placedPegs.empty();
    // Per peg, the pegs it is joined to by the placed pieces: such joins are never cut.
    auto& held = t.held;
    std::fill(held.begin(), held.end(), 0);
    Word structurePegs = 0;
    bool structureJoined = false;  // the placed pieces already form one structure
    if (linking) {
      for (Word pegs : placedPegs) {
        structurePegs |= pegs;
        for (Word w = pegs; w != 0; w &= w - 1) held[static_cast<std::size_t>(std::countr_zero(w))] |= pegs;
      }
      structureJoined = reach(placedPegs.front(), held, structurePegs, false) == structurePegs;
    }
    // The options whose link test needs their cut links: with a joined structure, an option touching it links
    // straight onto it.
    WordSet& unsure = t.unsure;
    unsure = s.alive;
    if (structureJoined)
      for (Word w = structurePegs; w != 0; w &= w - 1) {
        const WordSet& touching = pegOptions_[static_cast<std::size_t>(std::countr_zero(w))];
        for (std::size_t k = 0; k < unsure.size(); ++k) unsure[k] &= ~touching[k];
      }
    auto& adjacent = t.adjacent;
    std::fill(adjacent.begin(), adjacent.end(), 0);
    // Per option, a list of the links it would cut: cutHead -> Cut::next chains.
    std::vector<int>& cutHead = t.cutHead;
    auto& cuts = t.cuts;
    auto& link = t.link;
    cuts.clear();
    link.resize(pairs_.size());
    const bool anyUnsure = linking && firstBoth(unsure, unsure) >= 0;
    // The options touching a peg are those joining it to another peg (pegsViaPairs_), so the options that
    // would leave a peg empty follow from the pairs' clash sets by intersection, without a sweep of their
    // own.
    const bool viaPairs = linking && pegsViaPairs_ && pegBudget_ >= 0;
    auto& pairClash = t.pairClash;
    auto& pairLive = t.pairLive;
    if (viaPairs) {
      pairClash.resize(pairs_.size());
      pairLive.assign(pairs_.size(), 0);
    }
    if (linking) {
      cutHead.assign(static_cast<std::size_t>(optionCount_), -1);
      for (std::size_t k = 0; k < pairs_.size(); ++k) {
        if (firstBoth(s.alive, pairOptions_[k]) < 0) continue;
        const auto [a, b] = pairs_[k];
        adjacent[static_cast<std::size_t>(a)] |= Word{1} << b;
        adjacent[static_cast<std::size_t>(b)] |= Word{1} << a;
        link[k] = {a, b, ~(Word{1} << b) | held[static_cast<std::size_t>(a)],
                   ~(Word{1} << a) | held[static_cast<std::size_t>(b)]};
        bool clash = false;
        if (viaPairs) {
          pairLive[k] = 1;
          WordSet& all = pairClash[k];
          all = s.alive;
          clash = core_.intersectIncompatibleAll(s, pairOptions_[k], all);
          if (!clash) std::fill(all.begin(), all.end(), 0);
          if (clash && anyUnsure)
            for (std::size_t w = 0; w < inter.size(); ++w)
              inter[w] = all[w] & unsure[w] & ~pairOptions_[k][w];
        } else if (anyUnsure) {
          clash = clashWithAll(pairOptions_[k], unsure);
        }
        if (clash && anyUnsure)
          forEach(inter, [&](int o) {
            int& head = cutHead[static_cast<std::size_t>(o)];
            cuts.push_back({head, static_cast<int>(k)});
            head = static_cast<int>(cuts.size()) - 1;
          });
      }
    }
    std::vector<int>& emptied = t.emptied;
    emptied.assign(static_cast<std::size_t>(optionCount_), 0);
    if (pegBudget_ >= 0)
      for (int peg = 0; peg < pegTotal_; ++peg) {
        const WordSet& touching = pegOptions_[static_cast<std::size_t>(peg)];
        if ((usedPegs(s) >> peg & 1U) != 0 || (reachable >> peg & 1U) == 0) continue;
        bool clash = true;
        if (viaPairs) {
          inter = s.alive;
          for (int k : pegPairs_[static_cast<std::size_t>(peg)]) {
            if (pairLive[static_cast<std::size_t>(k)] == 0) continue;
            const WordSet& all = pairClash[static_cast<std::size_t>(k)];
            Word any = 0;
            for (std::size_t w = 0; w < inter.size(); ++w) any |= inter[w] &= all[w];
            if (any == 0) {
              clash = false;
              break;
            }
          }
          if (clash)
            for (std::size_t w = 0; w < inter.size(); ++w) inter[w] &= ~touching[w];
        } else {
          clash = clashWithAll(touching, s.alive);
        }
        if (clash) forEach(inter, [&](int o) { ++emptied[static_cast<std::size_t>(o)]; });
      }
    // Links left plus joins by placed pieces, per peg.
    auto& joins = t.joins;
    for (int peg = 0; peg < pegTotal_; ++peg)
      joins[static_cast<std::size_t>(peg)] =
          adjacent[static_cast<std::size_t>(peg)] | held[static_cast<std::size_t>(peg)];
    // Without cuts, o joins the components (of the links left and the placed pieces) that its pegs touch.
    auto& component = t.component;
    std::fill(component.begin(), component.end(), 0);
    if (linking && !structureJoined)
      for (int peg = 0; peg < pegTotal_; ++peg) {
        if (component[static_cast<std::size_t>(peg)] != 0) continue;
        const Word joined = reach(Word{1} << peg, joins, ~Word{0}, false);
        for (Word w = joined; w != 0; w &= w - 1)
          component[static_cast<std::size_t>(std::countr_zero(w))] = joined;
      }
    auto& doomed = t.doomed;
    doomed.clear();
    auto& links = t.links;
    forEach(s.alive, [&](int o) {
      if (pegBudget_ >= 0 && dead + emptied[static_cast<std::size_t>(o)] > pegBudget_) {
        doomed.push_back({o, kPegsEmpty});
        return;
      }
      if (!linking || !test(unsure, o)) return;
      const int firstCut = cutHead[static_cast<std::size_t>(o)];
      Word joined = 0;
      if (firstCut < 0 && !structureJoined) {
        for (Word w = pegs_[static_cast<std::size_t>(o)]; w != 0; w &= w - 1)
          joined |= component[static_cast<std::size_t>(std::countr_zero(w))];
      } else {
        std::copy_n(joins.begin(), pegTotal_, links.begin());
        for (int c = firstCut; c >= 0; c = cuts[static_cast<std::size_t>(c)].next) {
          const Scratch::Link& cut = link[static_cast<std::size_t>(cuts[static_cast<std::size_t>(c)].pair)];
          links[static_cast<std::size_t>(cut.a)] &= cut.keepA;
          links[static_cast<std::size_t>(cut.b)] &= cut.keepB;
        }
        // With a joined structure it is enough to reach any of its pegs; otherwise all of them (the links
        // include the placed pieces' joins, so reaching a peg of a piece reaches the whole piece).
        joined = reach(pegs_[static_cast<std::size_t>(o)], links, structurePegs, structureJoined);
      }
      if (structureJoined ? (joined & structurePegs) == 0 : (joined & structurePegs) != structurePegs)
        doomed.push_back({o, kUnlinkable});
    });
    for (const auto& [o, why] : doomed) {
      Event e = makeEvent(Strategy::Family, o, false, depth);
      e.name = kStrategyLinkability;
      e.failure = Failure{Failure::Family, -1, -1, 0, why};
      log.push_back(e);
      clearBit(s.alive, o);
    }
    return !doomed.empty();
  }

  // The pegs reachable from `start` through `links` (per peg, the pegs it is joined to). Stops early once
  // the pegs reached include any peg of `goal` (anyOf) or all of them.
  static Word reach(Word start, const std::array<Word, 64>& links, Word goal, bool anyOf) {
    Word joined = start;
    for (Word expanded = 0; anyOf ? (joined & goal) == 0 : (joined & goal) != goal;) {
      const Word todo = joined & ~expanded;
      if (todo == 0) break;
      const int a = std::countr_zero(todo);
      expanded |= Word{1} << a;
      joined |= links[static_cast<std::size_t>(a)];
    }
    return joined;
  }

 private:
  static Word pegsOf(const Placement& p) {
    Word pegs = 0;
    for (int site : p.sites) pegs |= Word{1} << pegOfSite(site);
    return pegs;
  }
  static Word usedPegs(const State& s) { return s.family.front(); }
  static std::span<const Word> structure(const State& s) {
    return std::span<const Word>(s.family).subspan(1);
  }

  const RaterCore& core_;
  int optionCount_ = 0;
  bool linked_ = false;
  std::vector<Word> pegs_;                  // per option: the pegs it touches
  std::vector<WordSet> pegOptions_;         // per peg: the options touching it
  std::vector<std::pair<int, int>> pairs_;  // pairs of pegs that some option joins
  std::vector<WordSet> pairOptions_;        // per pair: the options joining it
  std::vector<std::vector<int>> pegPairs_;  // per peg: the pairs it is in
  bool pegsViaPairs_ = true;                // every option touches two pegs or more (see deduce)
  int pegTotal_ = 0;
  Word allPegs_ = 0;
  int pegBudget_ = -1;       // at most this many pegs stay empty (-1: no bound)
  mutable Scratch scratch_;  // a rating runs on one thread
};

}  // namespace

std::unique_ptr<FamilyStrategies> makeIqLinkStrategies(const RaterCore& core) {
  // Peg sets are 64-bit words; makeProblem refuses the linkage rule on larger boards.
  if (core.puzzle().cells.size() > 64) return nullptr;
  return std::make_unique<IqLinkStrategies>(core);
}

}  // namespace piecework::rating

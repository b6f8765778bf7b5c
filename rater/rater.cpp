// SPDX-License-Identifier: Apache-2.0
// The rater (docs/rating.md): a logical solver that only uses the strategies of a person, easiest first, and
// records which ones it needed.
//
// Everything works on the placement sets the solver uses: the options left beside the givens (makeProblem).
// Option sets are bitsets over option indices, so "the options of piece q that still fit beside option o" is
// a few word operations: alive & pieceOptions[q] & ~incompatible(o).
#include "rater/rater.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <array>
#include <bit>
#include <cctype>
#include <climits>
#include <cmath>
#include <cstdint>
#include <map>
#include <set>
#include <tuple>
#include <unordered_map>

#include "puzzle/challenge.hpp"
#include "puzzle/family.hpp"
#include "rater/family_strategies.hpp"
#include "rater/model.hpp"
#include "solver/solver.hpp"

namespace piecework {

const char* levelName(Level level) {
  static const char* const names[] = {"Starter", "Junior", "Expert", "Master", "Wizard"};
  return names[static_cast<int>(level)];
}

std::optional<Level> parseLevel(std::string_view name) {
  for (int i = 0; i < 5; ++i) {
    const std::string_view candidate = levelName(static_cast<Level>(i));
    if (candidate.size() != name.size()) continue;
    bool same = true;
    for (std::size_t k = 0; k < name.size(); ++k)
      same = same && std::tolower(static_cast<unsigned char>(candidate[k])) ==
                         std::tolower(static_cast<unsigned char>(name[k]));
    if (same) return static_cast<Level>(i);
  }
  return std::nullopt;
}

namespace {

using namespace rating;

// The name of a step's strategy: the family names its own.
const char* strategyName(Strategy s, const char* familyName = nullptr) {
  switch (s) {
    case Strategy::Marks:
      return familyName != nullptr ? familyName : "?";
    case Strategy::SinglePlacement:
      return kStrategySinglePlacement;
    case Strategy::SingleCover:
      return kStrategySingleCover;
    case Strategy::Pairwise:
      return kStrategyPairwise;
    case Strategy::Family:
      return familyName != nullptr ? familyName : "?";
    case Strategy::Region:
      return kStrategyRegion;
    case Strategy::Trial:
      return kStrategyTrial;
  }
  return "?";
}

enum class Status { Stalled, Contradiction, Solved };

// Working space of the sweeps, kept between calls so that a sweep allocates nothing.
struct Scratch {
  WordSet inter;
  WordSet doomedSet;
};

struct Stats {
  int trials = 0;
  int depth = 0;
  int refuted = 0;         // failed trials
  int refutedSteps = 0;    // deductions followed to refute them, summed
  int stalls = 0;          // times logic stalled without assumptions
  double stallChoice = 0;  // log2 of the options of the choice tried there, summed over those times
  int firstStallChoice = 0;
  void noteRefutation(int steps) {
    ++refuted;
    refutedSteps += steps;
  }
};

// The human strategies count the copies each piece still needs: a range of copies has no such count.
const Puzzle& withFixedCopies(const Puzzle& puzzle) {
  puzzle.requireFixedCopies("rating");
  return puzzle;
}

class Rater final : public RaterCore {
 public:
  // When the family rules on the challenge's marks (a colour pattern, marked cells), the options are those
  // beside the givens before the marks apply, and the family rules out what the marks forbid as steps of its
  // own; otherwise they are dropped at once, as the solver does. `checked` is the challenge's problem with
  // its marks (makeProblem has checked the givens and what the marks need of the board).
  explicit Rater(const Problem& checked)
      : puzzle_(withFixedCopies(*checked.puzzle)),
        problem_(familyAppliesMarks(puzzle_, checked.rules)
                     ? makeProblem(puzzle_, checked.givens, withoutMarks(checked.rules))
                     : checked),
        marks_(checked.rules.marks) {
    const Puzzle& puzzle = puzzle_;
    optionCount_ = static_cast<int>(problem_.options.size());
    optionWords_ = (optionCount_ + 63) / 64;
    siteWords_ = (puzzle.siteCount() + 63) / 64;
    pieceOptions_.assign(puzzle.pieces.size(), WordSet(static_cast<std::size_t>(optionWords_), 0));
    cover_.assign(puzzle.sites.size(), WordSet(static_cast<std::size_t>(optionWords_), 0));
    siteMask_.assign(static_cast<std::size_t>(optionCount_),
                     WordSet(static_cast<std::size_t>(siteWords_), 0));
    for (int o = 0; o < optionCount_; ++o) {
      const Placement& p = placementOf(o);
      setBit(pieceOptions_[static_cast<std::size_t>(p.piece)], o);
      for (int s : p.sites) {
        setBit(cover_[static_cast<std::size_t>(s)], o);
        setBit(siteMask_[static_cast<std::size_t>(o)], s);
      }
    }
    // Options that share a site with o (o itself included).
    collide_.assign(static_cast<std::size_t>(optionCount_),
                    WordSet(static_cast<std::size_t>(optionWords_), 0));
    for (int o = 0; o < optionCount_; ++o) {
      WordSet& c = collide_[static_cast<std::size_t>(o)];
      for (int s : placementOf(o).sites) {
        const WordSet& cov = cover_[static_cast<std::size_t>(s)];
        for (std::size_t k = 0; k < c.size(); ++k) c[k] |= cov[k];
      }
    }
    exclusive_ = collide_;
    for (int o = 0; o < optionCount_; ++o) {
      WordSet& e = exclusive_[static_cast<std::size_t>(o)];
      const WordSet& same = pieceOptions_[static_cast<std::size_t>(pieceOf(o))];
      for (std::size_t k = 0; k < e.size(); ++k) e[k] |= same[k];
    }
    for (int s = 0; s < puzzle.siteCount(); ++s)
      if (puzzle.mustFill[static_cast<std::size_t>(s)]) mustFill_.push_back(s);
    prepareRegions();
    family_ = makeFamilyStrategies(*this);  // last: it reads the tables above
  }

  static bool familyAppliesMarks(const Puzzle& puzzle, const Rules& rules) {
    return !rules.marks.empty() && familyRulesOnMarks(puzzle);
  }
  static Rules withoutMarks(Rules rules) {
    rules.marks = {};
    return rules;
  }

  const CellMarks& marks() const override { return marks_; }
  // The challenge's marks at the start (FamilyStrategies::opening) and the options left then.
  void startWithMarks(State& s, std::vector<Event>& log) const {
    if (family_) family_->opening(s, 0, log);
  }
  int aliveCount(const State& s) const { return count(s.alive, s.alive); }
  std::string coverReason(int site) const { return family_ ? family_->coverReason(site) : std::string(); }

  const Puzzle& puzzle() const override { return puzzle_; }
  const Problem& problem() const override { return problem_; }
  const FamilyStrategies* family() const { return family_.get(); }
  int optionCount() const override { return optionCount_; }
  int placementId(int o) const { return problem_.options[static_cast<std::size_t>(o)]; }
  const Placement& placementOf(int o) const override {
    return puzzle_.placements[static_cast<std::size_t>(placementId(o))];
  }
  const WordSet& pieceOptions(int piece) const override {
    return pieceOptions_[static_cast<std::size_t>(piece)];
  }
  const WordSet& siteOptions(int site) const override { return cover_[static_cast<std::size_t>(site)]; }
  int pieceOf(int o) const { return placementOf(o).piece; }

  State initial() const {
    State s;
    s.alive.assign(static_cast<std::size_t>(optionWords_), 0);
    for (int o = 0; o < optionCount_; ++o) setBit(s.alive, o);
    s.filled.assign(static_cast<std::size_t>(siteWords_), 0);
    for (int id : problem_.givens)
      for (int site : puzzle_.placements[static_cast<std::size_t>(id)].sites) setBit(s.filled, site);
    s.need = problem_.need;
    s.needTotal = problem_.needTotal();
    if (family_) family_->start(s);
    return s;
  }

  // Logic, then trial when logic stalls, until solved or contradicted. `depth` counts the assumptions this
  // state rests on. A probe (probeOnly) follows an assumption with logic alone.
  //
  // Trial works as a person would: first follow each option of the most constrained choice with logic alone;
  // one that leads to a contradiction is out, one that solves the challenge is the answer. Only when no probe
  // settles anything, take the options one by one and go a level deeper (trial inside trial).
  //
  // `deduced`: logic has already run on `s` and stalled (a nested trial starts where its probe stopped).
  Status search(State& s, int depth, bool probeOnly, std::vector<Event>& log, Stats& stats,
                bool deduced = false) const {
    for (;;) {
      const Status logic = deduced ? Status::Stalled : deduce(s, depth, log);
      deduced = false;
      if (logic != Status::Stalled || probeOnly) return logic;
      const std::vector<int> branch = trialCandidates(s);
      if (depth == 0) {
        if (stats.stalls++ == 0) stats.firstStallChoice = static_cast<int>(branch.size());
        stats.stallChoice += std::log2(static_cast<double>(std::max<std::size_t>(1, branch.size())));
      }
      // The probes that stalled: where each got to, to go deeper from there.
      struct Stalled {
        int left = 0;  // options left after the probe
        int option = -1;
        State state;
        std::vector<Event> log;
      };
      std::vector<Stalled> stalled;
      bool progressed = false;
      for (int o : branch) {
        if (!test(s.alive, o)) continue;
        State child = s;
        std::vector<Event> childLog;
        ++stats.trials;
        stats.depth = std::max(stats.depth, depth + 1);
        place(child, o);
        const Status result = search(child, depth + 1, true, childLog, stats);
        if (result == Status::Contradiction) {
          // Probes all start from the same state, so every failed one is out.
          Event e = makeEvent(Strategy::Trial, o, false, depth);
          e.failure = child.failure;
          e.followed = static_cast<int>(childLog.size());
          log.push_back(e);
          stats.noteRefutation(e.followed);
          eliminate(s, o);
          progressed = true;
        }
        if (result == Status::Stalled)
          stalled.push_back({count(child.alive, child.alive), o, std::move(child), std::move(childLog)});
        if (result == Status::Solved) return solvedBy(s, o, std::move(child), childLog, depth, log);
      }
      if (progressed) continue;
      // Go deeper first where the probe got furthest: those are refuted (or confirmed) soonest. Nothing has
      // changed since the probes, so each nested trial carries on from where its probe stalled.
      std::sort(stalled.begin(), stalled.end(), [](const Stalled& a, const Stalled& b) {
        return std::pair(a.left, a.option) < std::pair(b.left, b.option);
      });
      for (Stalled& probe : stalled) {
        const int o = probe.option;
        ++stats.trials;
        stats.depth = std::max(stats.depth, depth + 1);
        const Status result = search(probe.state, depth + 1, false, probe.log, stats, true);
        if (result == Status::Contradiction) {
          // Logic runs again before the next nested trial.
          Event e = makeEvent(Strategy::Trial, o, false, depth);
          e.failure = probe.state.failure;
          e.followed = static_cast<int>(probe.log.size());
          log.push_back(e);
          stats.noteRefutation(e.followed);
          eliminate(s, o);
          progressed = true;
          break;
        }
        if (result == Status::Solved) return solvedBy(s, o, std::move(probe.state), probe.log, depth, log);
      }
      if (!progressed) return Status::Stalled;
    }
  }

  // The size of a search by a person who looks only for forced moves and, where there is none, guesses on
  // the most constrained choice and follows every guess (not stopping at the solution): a measure of how
  // much guessing the challenge needs that does not depend on the order of the guesses. Counts board states,
  // up to `cap`.
  int forcedSearch(State s, int cap) const {
    std::vector<Event> scratch;
    if (deduce(s, 1, scratch, true) != Status::Stalled) return 1;
    int nodes = 1;
    for (int o : trialCandidates(s)) {
      if (nodes >= cap) break;
      State child = s;
      place(child, o);
      nodes += forcedSearch(std::move(child), cap - nodes);
    }
    return nodes;
  }

  // The trial of option o solved the challenge: its steps become the rest of the log.
  static Status solvedBy(State& s, int o, State child, const std::vector<Event>& childLog, int depth,
                         std::vector<Event>& log) {
    Event e = makeEvent(Strategy::Trial, o, true, depth);
    e.followed = static_cast<int>(childLog.size());
    log.push_back(e);
    log.insert(log.end(), childLog.begin(), childLog.end());
    s = std::move(child);
    return Status::Solved;
  }

  // Cells of a placement in words (or its peg code).
  // Cached: the steps of one challenge name the same placements many times.
  const std::string& describe(int placement) const {
    auto [it, fresh] = names_.try_emplace(placement);
    if (fresh) it->second = describePlacement(puzzle_, placement);
    return it->second;
  }
  std::string siteName(int site) const { return familyOf(puzzle_).siteName(puzzle_, site); }
  std::string pieceName(int piece) const {
    const PieceDef& def = puzzle_.pieces[static_cast<std::size_t>(piece)];
    return fmt::format("{} ({})", def.letter, def.name);
  }
  std::string failureText(const Failure& f) const {
    switch (f.kind) {
      case Failure::PieceStuck:
        return fmt::format("piece {} has no place left", pieceName(f.piece));
      case Failure::CellStuck:
        return fmt::format("no piece left can fill cell {}", siteName(f.site));
      case Failure::Family:
        if (family_) return family_->failureText(f);
        break;
      case Failure::Region:
        return fmt::format("the {} empty cells around {} cannot be filled by the pieces left", f.size,
                           siteName(f.site));
      case Failure::None:
        break;
    }
    return "it leads nowhere";
  }

 private:
  // Options that cannot both be placed with o: a shared site, or the last copy of the same piece.
  void incompatible(const State& s, int o, WordSet& out) const {
    out = collide_[static_cast<std::size_t>(o)];
    const int piece = pieceOf(o);
    if (s.need[static_cast<std::size_t>(piece)] <= 1) {
      const WordSet& same = pieceOptions_[static_cast<std::size_t>(piece)];
      for (std::size_t k = 0; k < out.size(); ++k) out[k] |= same[k];
    }
  }

  // inter &= incompatible(o) for every option o in both `group` and `alive`, without building those sets;
  // false as soon as nothing is left. Only the words between the first and the last nonzero one are visited:
  // the intersection thins out quickly.
 public:
  bool intersectIncompatibleAll(const State& s, const WordSet& group, WordSet& inter) const override {
    std::size_t lo = 0;
    std::size_t hi = inter.size();
    for (std::size_t g = 0; g < group.size(); ++g)
      for (Word w = group[g] & s.alive[g]; w != 0; w &= w - 1) {
        const int o = static_cast<int>(g * 64) + std::countr_zero(w);
        const WordSet& c = s.need[static_cast<std::size_t>(pieceOf(o))] <= 1
                               ? exclusive_[static_cast<std::size_t>(o)]
                               : collide_[static_cast<std::size_t>(o)];
        for (std::size_t k = lo; k < hi; ++k) inter[k] &= c[k];
        while (lo < hi && inter[lo] == 0) ++lo;
        while (hi > lo && inter[hi - 1] == 0) --hi;
        if (lo == hi) return false;
      }
    return true;
  }

  void place(State& s, int o) const override {
    const int piece = pieceOf(o);
    const WordSet& c = collide_[static_cast<std::size_t>(o)];
    for (std::size_t k = 0; k < s.alive.size(); ++k) s.alive[k] &= ~c[k];
    if (--s.need[static_cast<std::size_t>(piece)] == 0) {
      const WordSet& same = pieceOptions_[static_cast<std::size_t>(piece)];
      for (std::size_t k = 0; k < s.alive.size(); ++k) s.alive[k] &= ~same[k];
    }
    --s.needTotal;
    const WordSet& m = siteMask_[static_cast<std::size_t>(o)];
    for (std::size_t k = 0; k < s.filled.size(); ++k) s.filled[k] |= m[k];
    s.placed.push_back(o);
    if (family_) family_->placed(s, o);
  }

 private:
  static void eliminate(State& s, int o) { clearBit(s.alive, o); }

  int count(const WordSet& a, const WordSet& b) const {
    int n = 0;
    for (std::size_t k = 0; k < a.size(); ++k) n += std::popcount(a[k] & b[k]);
    return n;
  }
  int first(const WordSet& a, const WordSet& b) const {
    for (std::size_t k = 0; k < a.size(); ++k)
      if (const Word w = a[k] & b[k]; w != 0) return static_cast<int>(k * 64) + std::countr_zero(w);
    return -1;
  }

  // The obvious dead ends: a piece or a cell with no option left, or what the family sees (IQ-Link: pieces
  // that can no longer link).
  bool consistent(State& s) const {
    for (std::size_t p = 0; p < s.need.size(); ++p)
      if (s.need[p] > 0 && count(s.alive, pieceOptions_[p]) < s.need[p]) {
        s.failure = Failure{Failure::PieceStuck, static_cast<int>(p)};
        return false;
      }
    for (int site : mustFill_)
      if (!test(s.filled, site) && first(s.alive, cover_[static_cast<std::size_t>(site)]) < 0) {
        s.failure = Failure{Failure::CellStuck, -1, site};
        return false;
      }
    return family_ == nullptr || family_->consistent(s);
  }

  // `forcedOnly`: stop at forced moves (single placement, single cover), as forcedSearch() does.
  Status deduce(State& s, int depth, std::vector<Event>& log, bool forcedOnly = false) const {
    if (family_) family_->opening(s, depth, log);
    for (;;) {
      if (!consistent(s)) return Status::Contradiction;
      if (s.needTotal == 0) return Status::Solved;  // consistent() checked the cells and the linkage
      if (singlePlacement(s, depth, log) || singleCover(s, depth, log)) continue;
      if (forcedOnly) return Status::Stalled;
      if (pairwise(s, depth, log)) continue;
      if (family_ && family_->deduce(s, depth, log)) continue;
      if (regionsApply_) {
        const int before = static_cast<int>(log.size());
        if (!regions(s, depth, log)) return Status::Contradiction;
        if (static_cast<int>(log.size()) > before) continue;
      }
      return Status::Stalled;
    }
  }

  // The fewest options any needed piece or open cell has: how hard the easiest place to look at is.
 public:
  int minChoice(const State& s) const {
    int best = INT32_MAX;
    for (std::size_t p = 0; p < s.need.size(); ++p)
      if (s.need[p] > 0) best = std::min(best, count(s.alive, pieceOptions_[p]));
    for (int site : mustFill_)
      if (!test(s.filled, site))
        best = std::min(best, count(s.alive, cover_[static_cast<std::size_t>(site)]));
    return best == INT32_MAX ? 0 : best;
  }

 private:
  // a. A piece with only as many placements left as copies to place.
  bool singlePlacement(State& s, int depth, std::vector<Event>& log) const {
    for (std::size_t p = 0; p < s.need.size(); ++p) {
      if (s.need[p] == 0 || count(s.alive, pieceOptions_[p]) != s.need[p]) continue;
      const int o = first(s.alive, pieceOptions_[p]);
      log.push_back(makeEvent(Strategy::SinglePlacement, o, true, depth));
      place(s, o);
      return true;
    }
    return false;
  }

  // b. A cell that must be filled and that only one placement left can fill.
  bool singleCover(State& s, int depth, std::vector<Event>& log) const {
    for (int site : mustFill_) {
      if (test(s.filled, site) || count(s.alive, cover_[static_cast<std::size_t>(site)]) != 1) continue;
      const int o = first(s.alive, cover_[static_cast<std::size_t>(site)]);
      Event e = makeEvent(Strategy::SingleCover, o, true, depth);
      e.site = site;
      log.push_back(e);
      place(s, o);
      return true;
    }
    return false;
  }

  // c. Options that clash with every option left of some other piece, or with every option left that could
  // fill some cell. Found as intersections: the options incompatible with all of piece q's options.
  bool pairwise(State& s, int depth, std::vector<Event>& log) const {
    WordSet& doomed = scratch_.doomedSet;
    doomed.assign(s.alive.size(), 0);
    WordSet& inter = scratch_.inter;
    bool any = false;
    auto sweep = [&](const WordSet& group, int otherPiece, int site) {
      if (first(s.alive, group) < 0) return;  // consistent() reports that
      inter = s.alive;
      if (!intersectIncompatibleAll(s, group, inter)) return;
      for (std::size_t k = 0; k < inter.size(); ++k) inter[k] &= ~group[k] & ~doomed[k];
      forEach(inter, [&](int o) {
        Event e = makeEvent(Strategy::Pairwise, o, false, depth);
        e.otherPiece = otherPiece;
        e.site = site;
        log.push_back(e);
        setBit(doomed, o);
        any = true;
      });
    };
    for (std::size_t p = 0; p < s.need.size(); ++p)
      if (s.need[p] > 0) sweep(pieceOptions_[p], static_cast<int>(p), -1);
    for (int site : mustFill_)
      if (!test(s.filled, site)) sweep(cover_[static_cast<std::size_t>(site)], -1, site);
    if (!any) return false;
    for (std::size_t k = 0; k < s.alive.size(); ++k) s.alive[k] &= ~doomed[k];
    return true;
  }

  void prepareRegions() {
    // (sites that are cells, whose lattice neighbours are the axis steps)
    regionsApply_ = puzzle_.sitesPerCell == 1 && puzzle_.fillAll && axisNeighbours(puzzle_.lattice);
    if (!regionsApply_) return;
    neighbours_.assign(puzzle_.sites.size(), {});
    for (int i = 0; i < puzzle_.siteCount(); ++i) {
      const Site& a = puzzle_.sites[static_cast<std::size_t>(i)];
      for (const Site d :
           {Site{1, 0, 0}, Site{-1, 0, 0}, Site{0, 1, 0}, Site{0, -1, 0}, Site{0, 0, 1}, Site{0, 0, -1}}) {
        auto it = puzzle_.siteIndex.find(Site{a.x + d.x, a.y + d.y, a.z + d.z});
        if (it != puzzle_.siteIndex.end()) neighbours_[static_cast<std::size_t>(i)].push_back(it->second);
      }
    }
    // Region reasoning assumes every placement is one connected lump of cells.
    for (int o = 0; o < optionCount_ && regionsApply_; ++o) {
      const auto& sites = placementOf(o).sites;
      std::vector<int> seen{sites.front()};
      for (std::size_t i = 0; i < seen.size(); ++i)
        for (int n : neighbours_[static_cast<std::size_t>(seen[i])])
          if (std::binary_search(sites.begin(), sites.end(), n) &&
              std::find(seen.begin(), seen.end(), n) == seen.end())
            seen.push_back(n);
      regionsApply_ = seen.size() == sites.size();
    }
  }

  // The empty cells, split into connected regions (each a list of sites), with `blocked` counted as filled.
  void emptyRegions(const WordSet& filled, const WordSet* blocked, std::vector<std::vector<int>>& out) const {
    out.clear();
    WordSet taken = filled;
    if (blocked != nullptr)
      for (std::size_t k = 0; k < taken.size(); ++k) taken[k] |= (*blocked)[k];
    for (int start : mustFill_) {
      if (test(taken, start)) continue;
      std::vector<int> region{start};
      setBit(taken, start);
      for (std::size_t i = 0; i < region.size(); ++i)
        for (int n : neighbours_[static_cast<std::size_t>(region[i])])
          if (!test(taken, n)) setBit(taken, n), region.push_back(n);
      out.push_back(std::move(region));
    }
  }

  // Can the pieces still needed fill exactly `size` cells with options from `usable`, all inside `region`
  // (a site set) when given? Subset sums over the sizes each piece can take.
  bool fillable(const State& s, const WordSet& usable, int size, const WordSet* region, int skipPiece) const {
    std::vector<char> reach(static_cast<std::size_t>(size) + 1, 0);
    reach[0] = 1;
    std::vector<char> sizes;
    for (std::size_t p = 0; p < s.need.size(); ++p) {
      int copies = s.need[p] - (static_cast<int>(p) == skipPiece ? 1 : 0);
      if (copies <= 0) continue;
      sizes.assign(static_cast<std::size_t>(size) + 1, 0);
      bool anySize = false;
      forEach(pieceOptions_[p], [&](int o) {
        if (!test(usable, o)) return;
        const int n = static_cast<int>(placementOf(o).sites.size());
        if (n > size || sizes[static_cast<std::size_t>(n)] != 0) return;
        if (region != nullptr) {
          const WordSet& m = siteMask_[static_cast<std::size_t>(o)];
          for (std::size_t k = 0; k < m.size(); ++k)
            if ((m[k] & ~(*region)[k]) != 0) return;
        }
        sizes[static_cast<std::size_t>(n)] = 1;
        anySize = true;
      });
      if (!anySize) continue;
      for (; copies > 0; --copies)
        for (int total = size; total >= 0; --total)
          if (reach[static_cast<std::size_t>(total)] == 0)
            for (int n = 1; n <= total; ++n)
              if (sizes[static_cast<std::size_t>(n)] != 0 &&
                  reach[static_cast<std::size_t>(total - n)] != 0) {
                reach[static_cast<std::size_t>(total)] = 1;
                break;
              }
      if (reach[static_cast<std::size_t>(size)] != 0) return true;
    }
    return reach[static_cast<std::size_t>(size)] != 0;
  }

  // e. Enclosed empty regions whose size (and, when small, whose shape) the pieces left cannot fill. Returns
  // false when the state itself has such a region; otherwise eliminates the options that would create one.
  bool regions(State& s, int depth, std::vector<Event>& log) const {
    std::vector<std::vector<int>> found;
    emptyRegions(s.filled, nullptr, found);
    if (found.size() > 1) {
      for (const auto& region : found) {
        WordSet mask(static_cast<std::size_t>(siteWords_), 0);
        for (int site : region) setBit(mask, site);
        if (!fillable(s, s.alive, static_cast<int>(region.size()), &mask, -1)) {
          s.failure = Failure{Failure::Region, -1, region.front(), static_cast<int>(region.size())};
          return false;
        }
      }
    }
    WordSet available;
    WordSet mask(static_cast<std::size_t>(siteWords_), 0);
    std::vector<std::pair<int, std::pair<int, int>>> doomed;  // option, (site, size)
    forEach(s.alive, [&](int o) {
      emptyRegions(s.filled, &siteMask_[static_cast<std::size_t>(o)], found);
      if (found.size() <= 1) return;  // the rest of the board is one piece of work: the pieces' sizes add up
      incompatible(s, o, available);
      for (std::size_t k = 0; k < available.size(); ++k) available[k] = s.alive[k] & ~available[k];
      for (const auto& region : found) {
        std::fill(mask.begin(), mask.end(), 0);
        for (int site : region) setBit(mask, site);
        if (!fillable(s, available, static_cast<int>(region.size()), &mask, pieceOf(o))) {
          doomed.push_back({o, {region.front(), static_cast<int>(region.size())}});
          return;
        }
      }
    });
    for (const auto& [o, where] : doomed) {
      Event e = makeEvent(Strategy::Region, o, false, depth);
      e.site = where.first;
      e.size = where.second;
      log.push_back(e);
      eliminate(s, o);
    }
    return true;
  }

  // f. The most constrained choice: the needed piece with the fewest options, or the open cell with the
  // fewest options if that is fewer still.
  std::vector<int> trialCandidates(const State& s) const {
    int bestCount = INT32_MAX;
    const WordSet* best = nullptr;
    for (std::size_t p = 0; p < s.need.size(); ++p) {
      if (s.need[p] == 0) continue;
      const int n = count(s.alive, pieceOptions_[p]);
      if (n < bestCount) bestCount = n, best = &pieceOptions_[p];
    }
    for (int site : mustFill_) {
      if (test(s.filled, site)) continue;
      const int n = count(s.alive, cover_[static_cast<std::size_t>(site)]);
      if (n < bestCount) bestCount = n, best = &cover_[static_cast<std::size_t>(site)];
    }
    if (family_) family_->trialChoice(s, bestCount, best);
    std::vector<int> out;
    if (best != nullptr)
      forEach(*best, [&](int o) {
        if (test(s.alive, o)) out.push_back(o);
      });
    return out;
  }

  const Puzzle& puzzle_;
  Problem problem_;
  CellMarks marks_;
  int optionCount_ = 0;
  int optionWords_ = 0;
  int siteWords_ = 0;
  std::vector<WordSet> pieceOptions_;         // per piece
  std::vector<WordSet> cover_;                // per site
  std::vector<WordSet> siteMask_;             // per option
  std::vector<WordSet> collide_;              // per option
  std::vector<WordSet> exclusive_;            // per option: collide_ and the other options of its piece
  std::unique_ptr<FamilyStrategies> family_;  // the family's own strategies, or none
  std::vector<int> mustFill_;
  bool regionsApply_ = false;
  std::vector<std::vector<int>> neighbours_;
  mutable Scratch scratch_;                             // the Rater rates one challenge on one thread
  mutable std::unordered_map<int, std::string> names_;  // placement id -> describePlacement()
};

// Why a step was taken, in words (the part after "X at ...: ").
std::string reasonFor(const Rater& rater, const Event& e) {
  switch (e.strategy) {
    case Strategy::SinglePlacement:
      return "it is the only place left for this piece";
    case Strategy::Marks:
      return rater.family() != nullptr ? rater.family()->reason(e) : "";
    case Strategy::SingleCover:
      if (std::string own = rater.coverReason(e.site); !own.empty()) return own;
      return fmt::format("it is the only piece left that can fill cell {}", rater.siteName(e.site));
    case Strategy::Pairwise:
      if (e.otherPiece >= 0)
        return fmt::format("it would block every place left for piece {}", rater.pieceName(e.otherPiece));
      return fmt::format("it would leave cell {} that no piece can fill", rater.siteName(e.site));
    case Strategy::Family:
      return rater.family() != nullptr ? rater.family()->reason(e) : "";
    case Strategy::Region:
      return fmt::format("it would shut in {} empty cells (around {}) that the pieces left cannot fill",
                         e.size, rater.siteName(e.site));
    case Strategy::Trial:
      if (e.placed) return "the rest follows from it";
      return fmt::format("trying it, {} step{} later {}", e.followed, e.followed == 1 ? "" : "s",
                         rater.failureText(e.failure));
  }
  return "";
}

}  // namespace

std::string describePlacement(const Puzzle& puzzle, int placement) {
  return familyOf(puzzle).describePlacement(puzzle, placement);
}

namespace {

// One replay of a challenge: the path, how it ended and what it measured.
struct Replay {
  Status status = Status::Stalled;
  State state;
  std::vector<Event> log;
  RatingFeatures features;
};

// A person starts after looking at the marks (a colour pattern, marked cells): the options at the start are
// those they leave, and their eliminations are the first steps.
Replay replay(const Rater& rater) {
  Replay r;
  RatingFeatures& f = r.features;
  f.toPlace = rater.problem().needTotal();
  r.state = rater.initial();
  rater.startWithMarks(r.state, r.log);
  f.startOptions = rater.aliveCount(r.state);
  f.firstChoice = rater.minChoice(r.state);
  // Capped: past this many board states, guessing is clearly the whole work (the shipped booklets' hardest
  // challenges need a few thousand).
  f.forcedSearch = rater.forcedSearch(r.state, 100000);
  Stats stats;
  r.status = rater.search(r.state, 0, false, r.log, stats);
  std::set<std::string> used;  // strategies on the path, trial included
  const Event* previous = nullptr;
  for (const Event& e : r.log) {
    used.insert(strategyName(e.strategy, e.name));
    // Consecutive eliminations by one strategy are one sweep over the board.
    const bool newSweep = previous == nullptr || previous->strategy != e.strategy ||
                          previous->name != e.name || previous->placed != e.placed ||
                          previous->depth != e.depth;
    previous = &e;
    if (e.depth != 0) continue;
    switch (e.strategy) {
      case Strategy::SinglePlacement:
      case Strategy::SingleCover:
        ++f.forcedSteps;
        break;
      case Strategy::Pairwise:
        ++f.pairwiseEliminations, f.pairwiseSweeps += newSweep ? 1 : 0;
        break;
      case Strategy::Marks:
      case Strategy::Family:
      case Strategy::Region:
        ++f.ruleEliminations, f.ruleSweeps += newSweep ? 1 : 0;
        break;
      case Strategy::Trial:
        break;
    }
  }
  f.strategiesUsed = static_cast<int>(used.size());
  f.trials = stats.trials;
  f.trialDepth = stats.depth;
  f.refutations = stats.refuted;
  f.refutationSteps = stats.refutedSteps;
  f.stalls = stats.stalls;
  f.stallChoice = stats.stallChoice;
  f.firstStallChoice = stats.firstStallChoice;
  return r;
}

// Does the symmetry keep the colour window in place? (Otherwise a colour pattern has no image.)
bool keepsWindow(const Puzzle& puzzle, const Symmetry& g) {
  for (int site : puzzle.window)
    if (std::find(puzzle.window.begin(), puzzle.window.end(), g.site[static_cast<std::size_t>(site)]) ==
        puzzle.window.end())
      return false;
  return true;
}

// A challenge as givens and marks, in a form that compares.
using ChallengeImage =
    std::tuple<std::vector<int>, std::vector<std::pair<int, char>>, std::vector<std::pair<int, int>>>;

ChallengeImage imageUnder(const Symmetry& g, const std::vector<int>& givens, const CellMarks& marks) {
  auto [ids, colours, pieces] = ChallengeImage(givens, marks.colours, marks.pieces);
  for (int& id : ids) id = g.placement[static_cast<std::size_t>(id)];
  for (auto& [site, colour] : colours) site = g.site[static_cast<std::size_t>(site)];
  for (auto& [site, piece] : pieces) {
    site = g.site[static_cast<std::size_t>(site)];
    piece = g.piece[static_cast<std::size_t>(piece)];
  }
  std::sort(ids.begin(), ids.end());
  std::sort(colours.begin(), colours.end());
  std::sort(pieces.begin(), pieces.end());
  return {std::move(ids), std::move(colours), std::move(pieces)};
}

// The replay breaks ties by the order of pieces and cells (which of two equally constrained choices it
// guesses on first), so a challenge and its mirror image could measure differently, though a person sees the
// same challenge turned round. The figures are therefore those of one image chosen whatever way round the
// challenge is given: the smallest of its images under the board's symmetries (those that keep a colour
// window in place).
RatingFeatures canonicalFeatures(const Puzzle& puzzle, const std::vector<int>& givens, const Rules& rules,
                                 const RatingFeatures& asGiven) {
  const ChallengeImage given = imageUnder(puzzle.symmetries.front(), givens, rules.marks);  // the identity
  ChallengeImage smallest = given;
  for (std::size_t k = 1; k < puzzle.symmetries.size(); ++k) {
    const Symmetry& g = puzzle.symmetries[k];
    if (!rules.marks.colours.empty() && !keepsWindow(puzzle, g)) continue;
    smallest = std::min(smallest, imageUnder(g, givens, rules.marks));
  }
  if (smallest == given) return asGiven;
  Rules imageRules = rules;
  imageRules.marks.colours = std::get<1>(smallest);
  imageRules.marks.pieces = std::get<2>(smallest);
  return replay(Rater(makeProblem(puzzle, std::get<0>(smallest), imageRules))).features;
}

// Givens that the challenge does not need: taking one of them away adds no solution (a challenge with one
// solution still has exactly one). A booklet's easiest challenges give more than is needed (every Starter of
// the IQ Fit booklet, none of its harder ones), and a person feels it: the pieces left are held in place from
// more sides. Any solution that taking given g away adds cannot use g (it would be a solution already), so
// the search for one leaves g out. The same under every symmetry, so it is measured on the challenge as
// given.
// Distinct colours among the marks; a marked cell names its piece, which is that piece's colour.
int countMarkColours(const CellMarks& marks) {
  std::set<std::pair<int, int>> kinds;
  for (const auto& [site, colour] : marks.colours) kinds.emplace(0, colour);
  for (const auto& [site, piece] : marks.pieces) kinds.emplace(1, piece);
  return static_cast<int>(kinds.size());
}

int countSpareGivens(const Puzzle& puzzle, const std::vector<int>& givens, const Rules& rules,
                     const std::vector<int>* needed) {
  int spare = 0;
  FindOptions another;
  another.rules = rules;
  another.max = 1;
  for (std::size_t k = 0; k < givens.size(); ++k) {
    if (needed != nullptr && std::find(needed->begin(), needed->end(), givens[k]) != needed->end()) continue;
    std::vector<int> fewer = givens;
    fewer.erase(fewer.begin() + static_cast<std::ptrdiff_t>(k));
    another.excluded = {givens[k]};
    if (findSolutions(puzzle, fewer, another).solutions.empty()) ++spare;
  }
  return spare;
}

}  // namespace

Rating rate(const Puzzle& puzzle, const std::vector<int>& givens, Rules rules, const RatingModel* model,
            const std::vector<int>* needed) {
  return rate(makeProblem(withFixedCopies(puzzle), givens, std::move(rules)), model, needed);
}

Rating rate(const Problem& problem, const RatingModel* model, const std::vector<int>* needed,
            int spareGivens) {
  const Puzzle& puzzle = *problem.puzzle;
  const std::vector<int>& givens = problem.givens;
  const Rules& rules = problem.rules;
  const Rater rater(problem);
  Replay path = replay(rater);
  Rating rating;
  rating.toPlace = rater.problem().needTotal();
  rating.solved = path.status == Status::Solved;
  rating.trials = path.features.trials;
  rating.trialDepth = path.features.trialDepth;

  int hardest = -1;
  const char* hardestFamily = nullptr;  // the name of the hardest strategy when it is the family's
  for (const Event& e : path.log) {
    const int k = static_cast<int>(e.strategy);
    if (k > hardest) hardest = k, hardestFamily = e.name;
    RatingStep step;
    step.strategy = strategyName(e.strategy, e.name);
    step.piece = rater.pieceOf(e.option);
    step.placement = rater.placementId(e.option);
    step.placed = e.placed;
    step.depth = e.depth;
    step.reason = reasonFor(rater, e);
    step.otherPiece = e.otherPiece;
    step.site = e.strategy == Strategy::SingleCover || e.strategy == Strategy::Pairwise ? e.site : -1;
    step.followed = e.followed;
    const std::string what =
        fmt::format("{} at {}", rater.pieceName(step.piece), rater.describe(step.placement));
    step.explanation = fmt::format("{}{}: {}",
                                   e.strategy == Strategy::Trial && e.placed ? "try "
                                   : e.placed                                ? ""
                                                                             : "not ",
                                   what, step.reason);
    ++rating.strategyUse[step.strategy];
    rating.steps.push_back(std::move(step));
  }
  if (rating.trials > 0) hardest = std::max(hardest, static_cast<int>(Strategy::Trial));
  rating.hardest = hardest < 0 ? "" : strategyName(static_cast<Strategy>(hardest), hardestFamily);
  rating.features = canonicalFeatures(puzzle, givens, rules, path.features);
  rating.features.markColours = countMarkColours(rules.marks);
  if (spareGivens >= 0) rating.features.spareGivens = spareGivens;

  const RatingModel& used = model != nullptr ? *model : shippedModel(puzzle);
  if (used.uses(kSpareGivensFeature)) measureSpareGivens(problem, rating.features, needed);
  const LevelEstimate estimate = estimateLevel(used, rating.features);
  rating.model = used.name;
  rating.probability = estimate.probability;
  // A challenge the strategies cannot finish has no solution: the hardest there is.
  rating.level = rating.solved ? estimate.level : Level::Wizard;
  rating.score = std::round(estimate.score * 1000) / 1000;
  if (rating.solved) {
    rating.solution = givens;
    for (int o : path.state.placed) rating.solution.push_back(rater.placementId(o));
    std::sort(rating.solution.begin(), rating.solution.end());
  }
  return rating;
}

void measureSpareGivens(const Puzzle& puzzle, const std::vector<int>& givens, const Rules& rules,
                        RatingFeatures& features, const std::vector<int>* needed) {
  if (features.spareGivens < 0) features.spareGivens = countSpareGivens(puzzle, givens, rules, needed);
}

void measureSpareGivens(const Problem& problem, RatingFeatures& features, const std::vector<int>* needed) {
  measureSpareGivens(*problem.puzzle, problem.givens, problem.rules, features, needed);
}

}  // namespace piecework

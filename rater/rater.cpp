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
#include <unordered_map>

#include "puzzle/challenge.hpp"
#include "rater/mark_strategies.hpp"
#include "rater/model.hpp"

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

using Word = std::uint64_t;
using WordSet = std::vector<Word>;

// The challenge's own marks come first: they are what a person looks at before anything else.
enum class Strategy {
  ColourRule,
  MarkedCell,
  SinglePlacement,
  SingleCover,
  Pairwise,
  Linkability,
  Region,
  Trial
};

const char* strategyName(Strategy s) {
  switch (s) {
    case Strategy::ColourRule:
      return kStrategyColourRule;
    case Strategy::MarkedCell:
      return kStrategyMarkedCell;
    case Strategy::SinglePlacement:
      return kStrategySinglePlacement;
    case Strategy::SingleCover:
      return kStrategySingleCover;
    case Strategy::Pairwise:
      return kStrategyPairwise;
    case Strategy::Linkability:
      return kStrategyLinkability;
    case Strategy::Region:
      return kStrategyRegion;
    case Strategy::Trial:
      return kStrategyTrial;
  }
  return "?";
}

// Why a state has no solution; kept so that a failed trial can say what went wrong.
struct Failure {
  enum Kind { None, PieceStuck, CellStuck, Unlinkable, Region, Pegs } kind = None;
  int piece = -1;
  int site = -1;
  int size = 0;  // region size
};

// One deduction, before it is put in words.
struct Event {
  Strategy strategy = Strategy::SinglePlacement;
  int option = -1;
  bool placed = false;
  int depth = 0;        // trial nesting
  int otherPiece = -1;  // pairwise: the piece that would be blocked
  int site = -1;        // single cover, pairwise, region: the cell concerned
  int size = 0;         // region: its size
  Failure failure;      // trial: why the assumption failed
  int followed = 0;     // trial: deductions made under the assumption
  int peg = -1;         // linkability: the peg that must be used, when placed for that reason
};

Event makeEvent(Strategy strategy, int option, bool placed, int depth) {
  Event e;
  e.strategy = strategy;
  e.option = option;
  e.placed = placed;
  e.depth = depth;
  return e;
}

enum class Status { Stalled, Contradiction, Solved };

struct State {
  WordSet alive;   // options still possible
  WordSet filled;  // sites covered
  std::vector<int> need;
  int needTotal = 0;
  std::vector<Word> structure;  // linked puzzles: the pegs of each placed piece (givens included)
  Word usedPegs = 0;            // hex pegs: pegs holding a part
  std::vector<int> placed;      // options placed by the rater
  bool marksApplied = false;    // the challenge's marks have ruled out what they rule out
  Failure failure;
};

// Working space of the sweeps, kept between calls so that a sweep allocates nothing.
struct Scratch {
  WordSet inter;
  WordSet unsure;
  WordSet doomedSet;
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
  std::vector<std::pair<int, Failure::Kind>> doomed;  // option, why
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

class Rater {
 public:
  // The options are those beside the givens before the marks apply: the rater rules out what the marks
  // forbid as steps of their own (rater/mark_strategies.hpp), where the solver drops them at once.
  Rater(const Puzzle& puzzle, const std::vector<int>& givens, Rules rules)
      : puzzle_(puzzle), problem_(makeProblem(puzzle, givens, withoutMarks(rules))), marks_(rules.marks) {
    (void)makeProblem(puzzle, givens, rules);  // what the marks need of the board (InputError otherwise)
    optionCount_ = static_cast<int>(problem_.options.size());
    optionWords_ = (optionCount_ + 63) / 64;
    siteWords_ = (puzzle.siteCount() + 63) / 64;
    pieceOptions_.assign(puzzle.pieces.size(), WordSet(static_cast<std::size_t>(optionWords_), 0));
    cover_.assign(puzzle.sites.size(), WordSet(static_cast<std::size_t>(optionWords_), 0));
    siteMask_.assign(static_cast<std::size_t>(optionCount_),
                     WordSet(static_cast<std::size_t>(siteWords_), 0));
    pegs_.assign(static_cast<std::size_t>(optionCount_), 0);
    hexPegs_ = puzzle.lattice == Lattice::HexPegs && puzzle.cells.size() <= 64;
    if (hexPegs_) {
      pegTotal_ = static_cast<int>(puzzle.cells.size());
      allPegs_ = pegTotal_ == 64 ? ~Word{0} : (Word{1} << pegTotal_) - 1;
      pegBudget_ = problem_.emptyPegBudget;  // the solver's counting bound (solver/problem.hpp)
    }
    for (int o = 0; o < optionCount_; ++o) {
      const Placement& p = placementOf(o);
      setBit(pieceOptions_[static_cast<std::size_t>(p.piece)], o);
      for (int s : p.sites) {
        setBit(cover_[static_cast<std::size_t>(s)], o);
        setBit(siteMask_[static_cast<std::size_t>(o)], s);
      }
      if (hexPegs_)
        for (int site : p.sites) pegs_[static_cast<std::size_t>(o)] |= Word{1} << (site / 7);
    }
    if (hexPegs_) {
      pegOptions_.assign(static_cast<std::size_t>(pegTotal_),
                         WordSet(static_cast<std::size_t>(optionWords_), 0));
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
              pairOptions_.emplace_back(static_cast<std::size_t>(optionWords_), 0);
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
  }

  static Rules withoutMarks(Rules rules) {
    rules.marks = {};
    return rules;
  }

  const Problem& problem() const { return problem_; }
  // The colour a window cell must show, 0 when the challenge gives none.
  char wantedColour(int site) const {
    for (const auto& [at, colour] : marks_.colours)
      if (at == site) return colour;
    return 0;
  }
  std::string markReason(int option) const {
    const auto conflict = markConflict(puzzle_, marks_, placementId(option));
    return conflict ? markConflictText(puzzle_, *conflict, siteName(conflict->site)) : std::string();
  }
  int pegBudget() const { return pegBudget_; }
  int optionCount() const { return optionCount_; }
  int placementId(int o) const { return problem_.options[static_cast<std::size_t>(o)]; }
  const Placement& placementOf(int o) const {
    return puzzle_.placements[static_cast<std::size_t>(placementId(o))];
  }
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
    for (int id : problem_.givens) {
      Word pegs = 0;
      if (hexPegs_)
        for (int site : puzzle_.placements[static_cast<std::size_t>(id)].sites) pegs |= Word{1} << (site / 7);
      s.usedPegs |= pegs;
      if (problem_.linked) s.structure.push_back(pegs);
    }
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
  std::string siteName(int site) const {
    const Site& s = puzzle_.sites[static_cast<std::size_t>(site)];
    if (puzzle_.lattice == Lattice::HexPegs) return fmt::format("peg {}", pegLetter(site / 7));
    if (puzzle_.lattice == Lattice::Cubic)
      return fmt::format("l{}r{}c{}", s.z - puzzle_.low.z + 1, s.y - puzzle_.low.y + 1,
                         s.x - puzzle_.low.x + 1);
    return fmt::format("r{}c{}", s.y - puzzle_.low.y + 1, pictureColumn(puzzle_, site));
  }
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
      case Failure::Unlinkable:
        return "the pieces can no longer link into one structure";
      case Failure::Pegs:
        return fmt::format("more than {} peg{} would stay empty", pegBudget_, pegBudget_ == 1 ? "" : "s");
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
  bool intersectIncompatibleAll(const State& s, const WordSet& group, WordSet& inter) const {
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

  void place(State& s, int o) const {
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
    if (problem_.linked) s.structure.push_back(pegs_[static_cast<std::size_t>(o)]);
    s.usedPegs |= pegs_[static_cast<std::size_t>(o)];
    s.placed.push_back(o);
  }

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

  // The obvious dead ends: a piece or a cell with no option left, or pieces that can no longer link.
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
    if (problem_.linked && !linkable(s.structure, s.alive, nullptr)) {
      s.failure = Failure{Failure::Unlinkable};
      return false;
    }
    if (pegBudget_ >= 0) {
      Word reachable = s.usedPegs;
      forEach(s.alive, [&](int o) { reachable |= pegs_[static_cast<std::size_t>(o)]; });
      if (std::popcount(allPegs_ & ~reachable) > pegBudget_) {
        s.failure = Failure{Failure::Pegs};
        return false;
      }
    }
    return true;
  }

  // `forcedOnly`: stop at forced moves (single placement, single cover), as forcedSearch() does.
  Status deduce(State& s, int depth, std::vector<Event>& log, bool forcedOnly = false) const {
    applyMarks(s, depth, log);
    for (;;) {
      if (!consistent(s)) return Status::Contradiction;
      if (s.needTotal == 0) return Status::Solved;  // consistent() checked the cells and the linkage
      if (singlePlacement(s, depth, log) || singleCover(s, depth, log)) continue;
      if (forcedOnly) return Status::Stalled;
      if (pairwise(s, depth, log)) continue;
      if (hexPegs_ && linkability(s, depth, log)) continue;
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
  // The challenge's marks at the start (see applyMarks), and the options left then.
  void startWithMarks(State& s, std::vector<Event>& log) const { applyMarks(s, 0, log); }
  int aliveCount(const State& s) const { return count(s.alive, s.alive); }

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
  // 0. The challenge's marks (once, before anything else): every option showing a wrong colour on a window
  // square, covering a cell marked for another piece, or missing a cell marked for its own piece is out.
  void applyMarks(State& s, int depth, std::vector<Event>& log) const {
    if (s.marksApplied) return;
    s.marksApplied = true;
    if (marks_.empty()) return;
    forEach(s.alive, [&](int o) {
      const auto conflict = markConflict(puzzle_, marks_, placementId(o));
      if (!conflict) return;
      Event e =
          makeEvent(conflict->wanted != 0 ? Strategy::ColourRule : Strategy::MarkedCell, o, false, depth);
      e.site = conflict->site;
      log.push_back(e);
      eliminate(s, o);
    });
  }

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

  // Can the placed pieces (plus `extra`) still join into one structure through the options in `available`?
  bool linkable(const std::vector<Word>& structure, const WordSet& available, const Word* extra) const {
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
  bool linkability(State& s, int depth, std::vector<Event>& log) const {
    Word reachable = s.usedPegs;
    forEach(s.alive, [&](int o) { reachable |= pegs_[static_cast<std::size_t>(o)]; });
    const int dead = std::popcount(allPegs_ & ~reachable);
    if (pegBudget_ >= 0 && dead == pegBudget_) {
      // No peg may stay empty any more: a peg that one option alone can reach needs it.
      for (int peg = 0; peg < pegTotal_; ++peg) {
        if ((s.usedPegs >> peg & 1U) != 0 || count(s.alive, pegOptions_[static_cast<std::size_t>(peg)]) != 1)
          continue;
        const int only = first(s.alive, pegOptions_[static_cast<std::size_t>(peg)]);
        Event e = makeEvent(Strategy::Linkability, only, true, depth);
        e.peg = peg;
        log.push_back(e);
        place(s, only);
        return true;
      }
    }
    // Scratch space lives in the Rater: this runs once per sweep, thousands of times per challenge.
    Scratch& t = scratch_;
    WordSet& inter = t.inter;
    // The options in `from` that clash with every option of `group` left, not counting the group's own.
    auto clashWithAll = [&](const WordSet& group, const WordSet& from) {
      inter = from;
      if (!intersectIncompatibleAll(s, group, inter)) return false;
      for (std::size_t k = 0; k < inter.size(); ++k) inter[k] &= ~group[k];
      return true;
    };
    const bool linking = problem_.linked && !s.structure.empty();
    // Per peg, the pegs it is joined to by the placed pieces: such joins are never cut.
    auto& held = t.held;
    std::fill(held.begin(), held.end(), 0);
    Word structurePegs = 0;
    bool structureJoined = false;  // the placed pieces already form one structure
    if (linking) {
      for (Word pegs : s.structure) {
        structurePegs |= pegs;
        for (Word w = pegs; w != 0; w &= w - 1) held[static_cast<std::size_t>(std::countr_zero(w))] |= pegs;
      }
      structureJoined = reach(s.structure.front(), held, structurePegs, false) == structurePegs;
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
    const bool anyUnsure = linking && first(unsure, unsure) >= 0;
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
        if (first(s.alive, pairOptions_[k]) < 0) continue;
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
          clash = intersectIncompatibleAll(s, pairOptions_[k], all);
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
        if ((s.usedPegs >> peg & 1U) != 0 || (reachable >> peg & 1U) == 0) continue;
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
        doomed.push_back({o, Failure::Pegs});
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
        doomed.push_back({o, Failure::Unlinkable});
    });
    for (const auto& [o, why] : doomed) {
      Event e = makeEvent(Strategy::Linkability, o, false, depth);
      e.failure.kind = why;
      log.push_back(e);
      eliminate(s, o);
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

  void prepareRegions() {
    regionsApply_ = puzzle_.lattice != Lattice::HexPegs && puzzle_.fillAll;
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
    if (pegBudget_ >= 0) {
      // Once as many pegs are out of reach as may stay empty, every other peg needs one of the options
      // touching it: a choice like a cell's.
      Word reachable = s.usedPegs;
      forEach(s.alive, [&](int o) { reachable |= pegs_[static_cast<std::size_t>(o)]; });
      if (std::popcount(allPegs_ & ~reachable) >= pegBudget_)
        for (int peg = 0; peg < pegTotal_; ++peg) {
          if ((s.usedPegs >> peg & 1U) != 0 || (reachable >> peg & 1U) == 0) continue;
          const int n = count(s.alive, pegOptions_[static_cast<std::size_t>(peg)]);
          if (n < bestCount) bestCount = n, best = &pegOptions_[static_cast<std::size_t>(peg)];
        }
    }
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
  std::vector<WordSet> pieceOptions_;       // per piece
  std::vector<WordSet> cover_;              // per site
  std::vector<WordSet> siteMask_;           // per option
  std::vector<WordSet> collide_;            // per option
  std::vector<WordSet> exclusive_;          // per option: collide_ and the other options of its piece
  std::vector<Word> pegs_;                  // per option, hex pegs: the pegs it touches
  std::vector<WordSet> pegOptions_;         // per peg: the options touching it
  std::vector<std::pair<int, int>> pairs_;  // pairs of pegs that some option joins
  std::vector<WordSet> pairOptions_;        // per pair: the options joining it
  std::vector<std::vector<int>> pegPairs_;  // per peg: the pairs it is in
  bool pegsViaPairs_ = true;                // every option touches two pegs or more (see linkability)
  bool hexPegs_ = false;
  int pegTotal_ = 0;
  Word allPegs_ = 0;
  int pegBudget_ = -1;  // at most this many pegs stay empty (-1: no bound)
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
    case Strategy::ColourRule:
    case Strategy::MarkedCell:
      return rater.markReason(e.option);
    case Strategy::SingleCover:
      if (const char colour = rater.wantedColour(e.site); colour != 0)
        return fmt::format("it is the only placement left that can put {} on window square {}",
                           colourWord(colour), rater.siteName(e.site));
      return fmt::format("it is the only piece left that can fill cell {}", rater.siteName(e.site));
    case Strategy::Pairwise:
      if (e.otherPiece >= 0)
        return fmt::format("it would block every place left for piece {}", rater.pieceName(e.otherPiece));
      return fmt::format("it would leave cell {} that no piece can fill", rater.siteName(e.site));
    case Strategy::Linkability:
      if (e.placed)
        return fmt::format("only {} pegs may stay empty and no other piece can reach peg {}",
                           rater.pegBudget(), pegLetter(e.peg));
      if (e.failure.kind == Failure::Pegs)
        return fmt::format("more than {} pegs could then no longer be reached", rater.pegBudget());
      return "the pieces could then no longer link into one structure";
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
  if (puzzle.lattice == Lattice::HexPegs) return pegCode(puzzle, placement);
  std::string out;
  for (int site : puzzle.placements[static_cast<std::size_t>(placement)].sites) {
    const Site& s = puzzle.sites[static_cast<std::size_t>(site)];
    if (!out.empty()) out += ' ';
    if (puzzle.lattice == Lattice::Cubic)
      out += fmt::format("l{}r{}c{}", s.z - puzzle.low.z + 1, s.y - puzzle.low.y + 1, s.x - puzzle.low.x + 1);
    else
      out += fmt::format("r{}c{}", s.y - puzzle.low.y + 1, pictureColumn(puzzle, site));
  }
  return out;
}

Rating rate(const Puzzle& puzzle, const std::vector<int>& givens, Rules rules, const RatingModel* model) {
  const Rater rater(puzzle, givens, rules);
  Rating rating;
  rating.toPlace = rater.problem().needTotal();
  State state = rater.initial();
  RatingFeatures& f = rating.features;
  f.toPlace = rating.toPlace;
  // The marks (a colour pattern, marked cells) are part of what the challenge shows: the options at the start
  // are those they leave, and their eliminations are the first steps.
  std::vector<Event> log;
  rater.startWithMarks(state, log);
  f.startOptions = rater.aliveCount(state);
  f.firstChoice = rater.minChoice(state);
  // Capped: past this many board states, guessing is clearly the whole work (the shipped booklets' hardest
  // challenges need a few thousand).
  f.forcedSearch = rater.forcedSearch(state, 100000);
  Stats stats;
  const Status status = rater.search(state, 0, false, log, stats);
  rating.solved = status == Status::Solved;
  rating.trials = stats.trials;
  rating.trialDepth = stats.depth;

  int hardest = -1;
  const Event* previous = nullptr;
  for (const Event& e : log) {
    const int k = static_cast<int>(e.strategy);
    hardest = std::max(hardest, k);
    // Consecutive eliminations by one strategy are one sweep over the board.
    const bool newSweep = previous == nullptr || previous->strategy != e.strategy ||
                          previous->placed != e.placed || previous->depth != e.depth;
    previous = &e;
    if (e.depth == 0) switch (e.strategy) {
        case Strategy::SinglePlacement:
        case Strategy::SingleCover:
          ++f.forcedSteps;
          break;
        case Strategy::Pairwise:
          ++f.pairwiseEliminations, f.pairwiseSweeps += newSweep ? 1 : 0;
          break;
        case Strategy::ColourRule:
        case Strategy::MarkedCell:
        case Strategy::Linkability:
        case Strategy::Region:
          ++f.ruleEliminations, f.ruleSweeps += newSweep ? 1 : 0;
          break;
        case Strategy::Trial:
          break;
      }
    RatingStep step;
    step.strategy = strategyName(e.strategy);
    step.piece = rater.pieceOf(e.option);
    step.placement = rater.placementId(e.option);
    step.placed = e.placed;
    step.depth = e.depth;
    step.reason = reasonFor(rater, e);
    step.otherPiece = e.otherPiece;
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
  if (stats.trials > 0) hardest = std::max(hardest, static_cast<int>(Strategy::Trial));
  rating.hardest = hardest < 0 ? "" : strategyName(static_cast<Strategy>(hardest));
  f.strategiesUsed = static_cast<int>(rating.strategyUse.size());
  f.trials = stats.trials;
  f.trialDepth = stats.depth;
  f.refutations = stats.refuted;
  f.refutationSteps = stats.refutedSteps;
  f.stalls = stats.stalls;
  f.stallChoice = stats.stallChoice;
  f.firstStallChoice = stats.firstStallChoice;

  const RatingModel& used = model != nullptr ? *model : shippedModel(puzzle);
  const LevelEstimate estimate = estimateLevel(used, f);
  rating.model = used.name;
  rating.probability = estimate.probability;
  // A challenge the strategies cannot finish has no solution: the hardest there is.
  rating.level = rating.solved ? estimate.level : Level::Wizard;
  rating.score = std::round(estimate.score * 1000) / 1000;
  if (rating.solved) {
    rating.solution = givens;
    for (int o : state.placed) rating.solution.push_back(rater.placementId(o));
    std::sort(rating.solution.begin(), rating.solution.end());
  }
  return rating;
}

}  // namespace piecework

// SPDX-License-Identifier: Apache-2.0
// Hints: the rater's path retold placement first (rater/hint.hpp).
#include "rater/hint.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <algorithm>
#include <climits>
#include <iterator>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <unordered_map>

#include "puzzle/family.hpp"

namespace piecework {

namespace {

bool fromMarks(const RatingStep& s) {
  return s.strategy == kStrategyColourRule || s.strategy == kStrategyMarkedCell;
}

bool isGuess(const RatingStep& s) {
  return s.strategy == kStrategyTrial && s.placed;
}

// "a, b and c"
std::string listWords(const std::vector<std::string>& items) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i)
    out += (i == 0 ? "" : i + 1 == items.size() ? " and " : ", ") + items[i];
  return out;
}

// What one move may rule out for several reasons, each named: a person checks each crossed-out piece by eye.
constexpr std::size_t kReasonsPerMove = 3;
constexpr std::size_t kPlacementsPerMove = 20;
// Past this many such moves before one placement, the eliminations are shown as the rules they apply
// across the board instead, one move per run of a strategy (a person sweeps the board with one rule).
constexpr std::size_t kSplitMoves = 4;

// One move of eliminations: the path's steps it shows, by reason (a round's steps for one reason), and
// whether it shows them as one rule applied across the board rather than reason by reason.
struct ReasonMove {
  std::vector<std::vector<int>> groups;
  bool byRule = false;
  std::size_t placements() const {
    std::size_t n = 0;
    for (const auto& g : groups) n += g.size();
    return n;
  }
};

// A placement forced on the board as shown, and the path's eliminations that make it so.
struct Candidate {
  int step = -1;           // the placement's step in the path
  int cost = INT_MAX;      // moves needed before it, and a look more for every 20 placements they rule out
  int ruledOut = INT_MAX;  // placements they rule out
  std::set<int> needed;    // the eliminations (path steps) to show first
  std::map<int, std::vector<int>> prerequisites;  // per pairwise step of `needed`: the steps it rests on
  int site = -1;             // the cell it alone can fill, or -1: the only place left for its piece
  bool marksHelped = false;  // the marks forbid some of the other places
};

class HintPlanner {
 public:
  HintPlanner(const Problem& problem, const Rating& rating)
      : puzzle_(*problem.puzzle), steps_(rating.steps), options_(problem.options), need_(problem.need) {
    alive_.assign(options_.size(), 1);
    filled_.assign(puzzle_.sites.size(), 0);
    for (int id : problem.givens)
      for (int site : puzzle_.placements[static_cast<std::size_t>(id)].sites)
        filled_[static_cast<std::size_t>(site)] = 1;
    pieceOptions_.assign(puzzle_.pieces.size(), {});
    siteOptions_.assign(puzzle_.sites.size(), {});
    for (std::size_t o = 0; o < options_.size(); ++o) {
      index_[options_[o]] = static_cast<int>(o);
      const Placement& p = placementOf(static_cast<int>(o));
      pieceOptions_[static_cast<std::size_t>(p.piece)].push_back(static_cast<int>(o));
      for (int site : p.sites) siteOptions_[static_cast<std::size_t>(site)].push_back(static_cast<int>(o));
    }
    shown_.assign(steps_.size(), 0);
    eliminatedBy_.assign(options_.size(), -1);
    sweepStart_.assign(steps_.size(), 0);
    for (std::size_t i = 0; i < steps_.size(); ++i) {
      const RatingStep& s = steps_[i];
      const bool continues = i > 0 && steps_[i - 1].strategy == s.strategy &&
                             steps_[i - 1].depth == s.depth && steps_[i - 1].placed == s.placed;
      sweepStart_[i] = continues ? sweepStart_[i - 1] : static_cast<int>(i);
      if (fromMarks(s)) {
        // The marks are part of the board as shown: the problem's options leave out what they forbid.
        shown_[i] = 1;
        marked_.insert(s.placement);
        continue;
      }
      if (s.placed) continue;
      const auto it = index_.find(s.placement);
      if (it != index_.end() && eliminatedBy_[static_cast<std::size_t>(it->second)] < 0)
        eliminatedBy_[static_cast<std::size_t>(it->second)] = static_cast<int>(i);
    }
  }

  std::vector<Move> plan() {
    std::vector<Move> moves;
    for (;;) {
      Candidate next = bestCandidate();
      if (next.step < 0) break;
      emitReasons(next, moves);
      emitPlacement(next, moves);
    }
    return moves;
  }

 private:
  const Placement& placementOf(int o) const {
    return puzzle_.placements[static_cast<std::size_t>(options_[static_cast<std::size_t>(o)])];
  }
  bool alive(int o) const { return alive_[static_cast<std::size_t>(o)] != 0; }

  // The first guess not yet shown: steps after it rest on it.
  int firstUnshownGuess() const {
    for (std::size_t i = 0; i < steps_.size(); ++i)
      if (isGuess(steps_[i]) && shown_[i] == 0) return static_cast<int>(i);
    return static_cast<int>(steps_.size());
  }

  // Can options a and b not both be placed now? A shared site, or the last copy of one piece.
  bool clash(int a, int b) const {
    const Placement& p = placementOf(a);
    const Placement& q = placementOf(b);
    if (p.piece == q.piece && need_[static_cast<std::size_t>(p.piece)] <= 1) return true;
    auto i = p.sites.begin();
    auto j = q.sites.begin();
    while (i != p.sites.end() && j != q.sites.end()) {
      if (*i == *j) return true;
      *i < *j ? ++i : ++j;
    }
    return false;
  }

  // Adds to c.needed the path's elimination of option o and whatever it needs to hold on the board as
  // shown (c.prerequisites); false when the path has none before `limit` (o goes some other way).
  bool collect(int o, int limit, Candidate& c) const {
    if (!alive(o)) return true;
    const int j = eliminatedBy_[static_cast<std::size_t>(o)];
    if (j < 0 || j >= limit) return false;
    if (!c.needed.insert(j).second) return true;
    const RatingStep& s = steps_[static_cast<std::size_t>(j)];
    if (s.strategy != kStrategyPairwise) return true;
    // "It would block every place left for piece q" (or "leave cell c that no piece can fill"): q's places
    // (c's covers) that o leaves free are ruled out first.
    const std::vector<int>* group = nullptr;
    if (s.otherPiece >= 0) group = &pieceOptions_[static_cast<std::size_t>(s.otherPiece)];
    if (s.site >= 0) group = &siteOptions_[static_cast<std::size_t>(s.site)];
    if (group == nullptr) return true;
    for (int y : *group) {
      if (y == o || !alive(y) || clash(o, y)) continue;
      if (!collect(y, limit, c)) return false;
      c.prerequisites[j].push_back(eliminatedBy_[static_cast<std::size_t>(y)]);
    }
    return true;
  }

  // How many rounds of eliminations each of c.needed rests on: a pairwise reason comes a round after the
  // eliminations it needs; any other reason (the path does not say what it needs) a round after every
  // elimination the path made before its run of that strategy (failed probes all start from one board).
  // The rater's consecutive pairwise sweeps look alike in its path; rounds keep a reason after what it
  // rests on.
  std::map<int, int> rounds(const Candidate& c) const {
    std::map<int, int> round;
    std::vector<std::pair<int, int>> highest;  // (step, the highest round up to it), in the path's order
    for (int j : c.needed) {
      int r = 0;
      if (steps_[static_cast<std::size_t>(j)].strategy != kStrategyPairwise) {
        const auto before = std::lower_bound(highest.begin(), highest.end(),
                                             std::pair(sweepStart_[static_cast<std::size_t>(j)], INT_MIN));
        if (before != highest.begin()) r = std::prev(before)->second + 1;
      } else if (const auto it = c.prerequisites.find(j); it != c.prerequisites.end()) {
        for (int k : it->second)
          if (const auto at = round.find(k); at != round.end()) r = std::max(r, at->second + 1);
      }
      round[j] = r;
      highest.emplace_back(j, std::max(r, highest.empty() ? r : highest.back().second));
    }
    return round;
  }

  // c.needed by round and reason, rounds in order (a reason rests on earlier rounds only).
  std::vector<std::vector<int>> groups(const Candidate& c) const {
    const std::map<int, int> round = rounds(c);
    std::map<std::tuple<int, std::string, std::string>, std::vector<int>> byRound;
    for (int j : c.needed) {
      const RatingStep& s = steps_[static_cast<std::size_t>(j)];
      // Failed guesses are one reason whatever number of steps each took to fail.
      const std::string reason = s.strategy == kStrategyTrial ? withoutStepCount(s.reason) : s.reason;
      byRound[{round.at(j), s.strategy, reason}].push_back(j);
    }
    std::vector<std::pair<int, std::vector<int>>> keyed;
    for (auto& [key, list] : byRound) keyed.emplace_back(std::get<0>(key), std::move(list));
    std::sort(keyed.begin(), keyed.end(), [](const auto& a, const auto& b) {
      return std::pair(a.first, a.second.front()) < std::pair(b.first, b.second.front());
    });
    std::vector<std::vector<int>> out;
    for (auto& [r, list] : keyed) out.push_back(std::move(list));
    return out;
  }

  // The moves that show `needed`: reasons packed in order, a few to a move, a reason that rules out many
  // placements a move of its own; when that takes too many moves, each run of one strategy is one move
  // that names the strategy's rule (failed guesses stay reason by reason: each is its own check). With
  // `oneMove` (before the first placement: the first hint is a placement or leads to one), what would take
  // several moves is one that names each rule applied.
  std::vector<ReasonMove> reasonMoves(const Candidate& c, bool oneMove = false) const {
    const std::vector<std::vector<int>> ordered = groups(c);
    if (oneMove) {
      std::vector<ReasonMove> split = reasonMoves(c);
      if (split.size() <= 1) return split;
      return {ReasonMove{ordered, true}};
    }
    std::vector<ReasonMove> out;
    const auto fits = [](const ReasonMove& m, const std::vector<int>& g) {
      return m.groups.size() < kReasonsPerMove && m.placements() + g.size() <= kPlacementsPerMove;
    };
    for (const std::vector<int>& g : ordered) {
      if (out.empty() || !fits(out.back(), g)) out.emplace_back();
      out.back().groups.push_back(g);
    }
    if (out.size() <= kSplitMoves) return out;
    out.clear();
    const auto strategyOf = [&](const std::vector<int>& g) -> const std::string& {
      return steps_[static_cast<std::size_t>(g.front())].strategy;
    };
    for (const std::vector<int>& g : ordered) {
      const bool trial = strategyOf(g) == kStrategyTrial;
      const bool sameRun = !out.empty() && !trial && out.back().byRule &&
                           strategyOf(out.back().groups.front()) == strategyOf(g);
      if (sameRun) {
        out.back().groups.push_back(g);
        continue;
      }
      if (trial && !out.empty() && !out.back().byRule && fits(out.back(), g)) {
        out.back().groups.push_back(g);
        continue;
      }
      out.emplace_back();
      out.back().groups.push_back(g);
      out.back().byRule = !trial;
    }
    // A run that fits one move of named reasons is shown so.
    for (ReasonMove& m : out)
      if (m.byRule && m.groups.size() <= kReasonsPerMove && m.placements() <= kPlacementsPerMove)
        m.byRule = false;
    return out;
  }

  // The placement of step i made forced once `others` (the other options of its piece or cell) are out.
  void consider(int i, const std::vector<int>& others, int site, int limit, Candidate& best) const {
    const int o = index_.at(steps_[static_cast<std::size_t>(i)].placement);
    Candidate c;
    c.step = i;
    c.site = site;
    for (int y : others) {
      if (y == o || !alive(y)) continue;
      if (!collect(y, limit, c)) return;
    }
    for (int id : marked_) {
      const Placement& m = puzzle_.placements[static_cast<std::size_t>(id)];
      c.marksHelped = c.marksHelped || (site < 0 ? m.piece == placementOf(o).piece
                                                 : std::binary_search(m.sites.begin(), m.sites.end(), site));
    }
    const std::vector<ReasonMove> moves = reasonMoves(c);
    c.ruledOut = static_cast<int>(c.needed.size());
    c.cost =
        static_cast<int>(moves.size()) + std::max(0, c.ruledOut - 1) / static_cast<int>(kPlacementsPerMove);
    if (std::tie(c.cost, c.ruledOut, c.step) < std::tie(best.cost, best.ruledOut, best.step))
      best = std::move(c);
  }

  Candidate bestCandidate() const {
    const int limit = firstUnshownGuess();
    Candidate best;
    for (int i = 0; i < limit; ++i) {
      const RatingStep& s = steps_[static_cast<std::size_t>(i)];
      if (!s.placed || shown_[static_cast<std::size_t>(i)] != 0) continue;
      const auto it = index_.find(s.placement);
      if (it == index_.end() || !alive(it->second)) continue;
      const Placement& p = placementOf(it->second);
      if (need_[static_cast<std::size_t>(p.piece)] == 1)
        consider(i, pieceOptions_[static_cast<std::size_t>(p.piece)], -1, limit, best);
      for (int site : p.sites)
        if (puzzle_.mustFill[static_cast<std::size_t>(site)] && filled_[static_cast<std::size_t>(site)] == 0)
          consider(i, siteOptions_[static_cast<std::size_t>(site)], site, limit, best);
    }
    if (best.step >= 0) return best;
    // Nothing forced can be reached without a guess: the path's next guess.
    if (limit < static_cast<int>(steps_.size())) {
      best.step = limit;
      best.cost = 0;
      return best;
    }
    return best;
  }

  std::string what(const RatingStep& s) const { return placementInFull(puzzle_, s.piece, s.placement); }

  // A failed guess's words name how many steps later it failed, from where the path tried it; shown
  // earlier, it takes more.
  std::string guessReason(int j) const {
    const std::string& reason = steps_[static_cast<std::size_t>(j)].reason;
    for (int k = 0; k < j; ++k)
      if (shown_[static_cast<std::size_t>(k)] == 0 && !steps_[static_cast<std::size_t>(k)].placed)
        return withoutStepCount(reason);
    return reason;
  }

  // The reason of a round's steps for one reason, as shown: several failed guesses without their counts.
  std::string shownReason(const std::vector<int>& list) const {
    const RatingStep& first = steps_[static_cast<std::size_t>(list.front())];
    if (first.strategy != kStrategyTrial) return first.reason;
    return list.size() == 1 ? guessReason(list.front()) : withoutStepCount(first.reason);
  }

  // A reason said of several placements: "it would leave ..." as "each would leave ...".
  static std::string eachWords(const std::string& reason) {
    return reason.starts_with("it ") ? "each " + reason.substr(3) : "for each, " + reason;
  }

  // "trying it, N step(s) later ..." as "trying it, in the end ..."; any other reason as it is.
  static std::string withoutStepCount(const std::string& reason) {
    constexpr std::string_view kStart = "trying it, ";
    if (!reason.starts_with(kStart)) return reason;
    std::size_t at = kStart.size();
    const std::size_t digits = at;
    while (at < reason.size() && reason[at] >= '0' && reason[at] <= '9') ++at;
    if (at == digits) return reason;
    const std::string_view rest = std::string_view(reason).substr(at);
    for (const std::string_view words : {" step later ", " steps later "})
      if (rest.starts_with(words)) return "trying it, in the end " + std::string(rest.substr(words.size()));
    return reason;
  }

  // What the placement after the reasons needs: "b (blue) has one place left".
  std::string targetWords(const Candidate& next) const {
    const RatingStep& target = steps_[static_cast<std::size_t>(next.step)];
    return next.site < 0 ? fmt::format("{} has one place left", pieceWords(puzzle_, target.piece))
                         : fmt::format("one placement alone can fill cell {}",
                                       familyOf(puzzle_).siteName(puzzle_, next.site));
  }

  void emitReasons(const Candidate& next, std::vector<Move>& moves) {
    const std::vector<ReasonMove> planned = reasonMoves(next, board_.empty());
    for (std::size_t k = 0; k < planned.size(); ++k) {
      Move move = planned[k].byRule ? ruleMove(planned[k].groups) : namedReasonsMove(planned[k].groups);
      if (k + 1 == planned.size() && (planned[k].groups.size() > 1 || planned[k].byRule))
        move.text += fmt::format(" (now {})", targetWords(next));
      for (int j : move.steps) {
        shown_[static_cast<std::size_t>(j)] = 1;
        alive_[static_cast<std::size_t>(index_.at(steps_[static_cast<std::size_t>(j)].placement))] = 0;
      }
      move.placed = board_;
      moves.push_back(std::move(move));
    }
  }

  // Several reasons in one move, each named with one of the placements it rules out.
  Move namedReasonsMove(const std::vector<std::vector<int>>& rounds) const {
    // One reason found in several rounds is said once.
    std::vector<std::vector<int>> reasons;
    for (const std::vector<int>& list : rounds) {
      const auto same = std::find_if(reasons.begin(), reasons.end(), [&](const std::vector<int>& r) {
        const RatingStep& a = steps_[static_cast<std::size_t>(r.front())];
        const RatingStep& b = steps_[static_cast<std::size_t>(list.front())];
        return a.strategy == b.strategy && shownReason(r) == shownReason(list);
      });
      if (same == reasons.end())
        reasons.push_back(list);
      else
        same->insert(same->end(), list.begin(), list.end());
    }
    if (reasons.size() == 1) return reasonMove(reasons.front());
    Move merged;
    std::vector<std::string> parts;
    for (const std::vector<int>& list : reasons) {
      const Move move = reasonMove(list);
      const RatingStep& first = steps_[static_cast<std::size_t>(list.front())];
      const std::string reason = shownReason(list);
      parts.push_back(list.size() == 1 ? fmt::format("{}: {}", what(first), reason)
                                       : fmt::format("{} and {} more: {}", what(first), list.size() - 1,
                                                     eachWords(reason)));
      merged.kind = merged.steps.empty() || merged.kind == move.kind ? move.kind : Move::RuleOut;
      merged.depth = std::max(merged.depth, move.depth);
      merged.steps.insert(merged.steps.end(), move.steps.begin(), move.steps.end());
      merged.ruledOut.insert(merged.ruledOut.end(), move.ruledOut.begin(), move.ruledOut.end());
    }
    merged.text = fmt::format("{} {} for {} reasons (drawn crossed out): {}", merged.ruledOut.size(),
                              merged.kind == Move::GuessFails ? "guesses fail" : "placements ruled out",
                              reasons.size(), fmt::join(parts, "; "));
    return merged;
  }

  // Strategies' rules applied across the board: each rule in words (with how many placements it rules out,
  // when there are several), the count, and one placement as an example; the picture crosses them all out.
  Move ruleMove(const std::vector<std::vector<int>>& reasons) const {
    Move move;
    move.kind = Move::GuessFails;
    std::vector<std::pair<std::string, int>> rules;  // (strategy, placements) in the order first met
    for (const std::vector<int>& list : reasons) {
      for (int j : list) {
        const RatingStep& s = steps_[static_cast<std::size_t>(j)];
        move.steps.push_back(j);
        move.ruledOut.push_back(s.placement);
        move.depth = std::max(move.depth, s.depth);
        if (s.strategy != kStrategyTrial) move.kind = Move::RuleOut;
        const auto same =
            std::find_if(rules.begin(), rules.end(), [&](const auto& r) { return r.first == s.strategy; });
        if (same == rules.end())
          rules.emplace_back(s.strategy, 1);
        else
          ++same->second;
      }
    }
    const RatingStep& first = steps_[static_cast<std::size_t>(move.steps.front())];
    const std::string example = fmt::format("e.g. {}: {}", what(first), shownReason({move.steps.front()}));
    if (rules.size() == 1) {
      move.text = fmt::format(
          "rule out {} placements by one rule applied across the board, all drawn crossed out: {} ({}); {}",
          move.steps.size(), ruleWords(first.strategy), first.strategy, example);
      return move;
    }
    std::stable_sort(rules.begin(), rules.end(),
                     [](const auto& a, const auto& b) { return a.second > b.second; });
    std::vector<std::string> named;
    for (const auto& [strategy, n] : rules)
      named.push_back(fmt::format("{} ({}, {})", ruleWords(strategy), strategy, n));
    move.text = fmt::format(
        "rule out {} placements by {} rules applied across the board, all drawn crossed out: {}; {}",
        move.steps.size(), rules.size(), fmt::join(named, "; "), example);
    return move;
  }

  // A strategy as the rule a person applies; a family's own strategy by the family's rule, in the words the
  // family gives it (Family::ruleClause), so that this file names no family.
  std::string ruleWords(const std::string& strategy) const {
    if (strategy == kStrategyPairwise)
      return "no piece may block every place left for another piece or leave a cell no piece can fill";
    if (strategy == kStrategyRegion)
      return "no piece may shut in empty cells that the pieces left cannot fill";
    if (strategy == kStrategyTrial) return "no piece may go where trying it leads to a dead end";
    if (const std::string_view clause = familyOf(puzzle_).ruleClause(); !clause.empty())
      return fmt::format("no piece may go where it would break the puzzle's rule ({})", clause);
    return fmt::format("no piece may go where {} forbids it", strategy);
  }

  // The move for one round's eliminations with one reason.
  Move reasonMove(const std::vector<int>& list) const {
    const RatingStep& first = steps_[static_cast<std::size_t>(list.front())];
    Move move;
    move.kind = first.strategy == kStrategyTrial ? Move::GuessFails : Move::RuleOut;
    move.depth = first.depth;
    move.steps = list;
    std::vector<std::string> named;
    for (std::size_t k = 0; k < list.size() && k < 3; ++k)
      named.push_back(what(steps_[static_cast<std::size_t>(list[k])]));
    if (list.size() > 3) named.push_back(fmt::format("{} more (drawn crossed out)", list.size() - 3));
    const std::string reason = shownReason(list);
    if (list.size() == 1)
      move.text = move.kind == Move::GuessFails
                      ? fmt::format("a guess that fails: {} ({})", named.front(), reason)
                      : fmt::format("rule out {}: {} ({})", named.front(), reason, first.strategy);
    else
      move.text =
          fmt::format("{} {}: {} ({})",
                      move.kind == Move::GuessFails ? fmt::format("{} guesses that fail,", list.size())
                                                    : fmt::format("rule out {} placements,", list.size()),
                      listWords(named), eachWords(reason), first.strategy);
    for (int j : list) move.ruledOut.push_back(steps_[static_cast<std::size_t>(j)].placement);
    return move;
  }

  std::string placementReason(const Candidate& next, const RatingStep& s) const {
    const bool samePath = next.site < 0 ? s.strategy == kStrategySinglePlacement
                                        : s.strategy == kStrategySingleCover && s.site == next.site;
    const std::string marks = next.marksHelped ? " (the marks rule out the others)" : "";
    if (samePath) return fmt::format("{}{} ({})", s.reason, marks, s.strategy);
    if (next.site < 0)
      return fmt::format("it is the only place left for this piece{} ({})", marks, kStrategySinglePlacement);
    return fmt::format("it is the only piece left that can fill cell {}{} ({})",
                       familyOf(puzzle_).siteName(puzzle_, next.site), marks, kStrategySingleCover);
  }

  void emitPlacement(const Candidate& next, std::vector<Move>& moves) {
    const RatingStep& s = steps_[static_cast<std::size_t>(next.step)];
    Move move;
    move.depth = s.depth;
    move.steps = {next.step};
    if (isGuess(s)) {
      move.kind = Move::GuessWorks;
      move.text = fmt::format("guess {}: {}", what(s), s.reason);
    } else {
      move.kind = Move::Place;
      move.text = fmt::format("place {}: {}", what(s), placementReason(next, s));
    }
    shown_[static_cast<std::size_t>(next.step)] = 1;
    const int o = index_.at(s.placement);
    const int piece = placementOf(o).piece;
    --need_[static_cast<std::size_t>(piece)];
    for (std::size_t y = 0; y < options_.size(); ++y)
      if (alive_[y] != 0 &&
          (static_cast<int>(y) == o || clash(o, static_cast<int>(y)) ||
           (placementOf(static_cast<int>(y)).piece == piece && need_[static_cast<std::size_t>(piece)] == 0)))
        alive_[y] = 0;
    for (int site : placementOf(o).sites) filled_[static_cast<std::size_t>(site)] = 1;
    board_.push_back(s.placement);
    move.placed = board_;
    moves.push_back(std::move(move));
  }

  const Puzzle& puzzle_;
  const std::vector<RatingStep>& steps_;
  std::vector<int> options_;            // the problem's options: placement ids
  std::unordered_map<int, int> index_;  // placement id -> option
  std::vector<int> need_;               // per piece: copies still to place on the board as shown
  std::vector<char> alive_;             // per option, on the board as shown
  std::vector<char> filled_;            // per site
  std::vector<char> shown_;             // per step of the path
  std::vector<int> eliminatedBy_;       // per option: the path's first step ruling it out, or -1
  std::vector<int> sweepStart_;         // per step: the first step of its run of one strategy
  std::set<int> marked_;                // placements the marks rule out
  std::vector<int> board_;              // placed so far, givens not included
  std::vector<std::vector<int>> pieceOptions_;
  std::vector<std::vector<int>> siteOptions_;
};

}  // namespace

std::vector<Move> hintMoves(const Problem& problem, const Rating& rating) {
  return HintPlanner(problem, rating).plan();
}

}  // namespace piecework

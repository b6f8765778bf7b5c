// SPDX-License-Identifier: Apache-2.0
// Moves and words for the rater's path (rater/explain.hpp).
#include "rater/explain.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <string_view>
#include <tuple>

#include "puzzle/challenge.hpp"
#include "puzzle/family.hpp"

namespace piecework {

namespace {

std::string range(const char* what, int low, int high) {
  return low == high ? fmt::format("{} {}", what, low) : fmt::format("{}s {}-{}", what, low, high);
}

std::string plural(int n, const char* one, const char* many = nullptr) {
  if (n == 1) return fmt::format("1 {}", one);
  return many != nullptr ? fmt::format("{} {}", n, many) : fmt::format("{} {}s", n, one);
}

// "a, b and c"
std::string listWords(const std::vector<std::string>& items) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i)
    out += (i == 0 ? "" : i + 1 == items.size() ? " and " : ", ") + items[i];
  return out;
}

// A feature's measured value as docs/rating.md words it.
std::string featureWords(std::string_view feature, const RatingFeatures& f) {
  if (feature == "to_place") return plural(f.toPlace, "piece to place", "pieces to place");
  if (feature == "start_options")
    return plural(f.startOptions, "placement left at the start", "placements left at the start");
  if (feature == "first_choice")
    return fmt::format("at best {} at the start", plural(f.firstChoice, "option"));
  if (feature == "forced_steps") return plural(f.forcedSteps, "forced step");
  if (feature == "pairwise") return plural(f.pairwiseEliminations, "pairwise elimination");
  if (feature == "rule")
    return plural(f.ruleEliminations, "elimination by the family's own rule",
                  "eliminations by the family's own rule");
  if (feature == "sweeps")
    return plural(f.pairwiseSweeps + f.ruleSweeps, "sweep of eliminations", "sweeps of eliminations");
  if (feature == "strategies") return plural(f.strategiesUsed, "strategy", "strategies");
  if (feature == "trials") return plural(f.trials, "guess", "guesses");
  if (feature == "trial_depth") return fmt::format("guesses nested {} deep", f.trialDepth);
  if (feature == "refutation_steps")
    return plural(f.refutationSteps, "deduction to refute guesses", "deductions to refute guesses");
  if (feature == "forced_search")
    return fmt::format("a search of {} by forced moves and guesses", plural(f.forcedSearch, "board state"));
  if (feature == "stalls") return fmt::format("logic stalled {}", plural(f.stalls, "time"));
  if (feature == "stall_choice")
    return fmt::format("{:.1f} bits of choice where logic stalled", f.stallChoice);
  if (feature == "first_stall_choice")
    return fmt::format("{} where logic first stalled", plural(f.firstStallChoice, "option"));
  if (feature == kSpareGivensFeature) return plural(std::max(0, f.spareGivens), "spare given");
  if (feature == "mark_colours") return plural(f.markColours, "colour in the marks", "colours in the marks");
  return std::string(feature);
}

}  // namespace

std::vector<EffortShare> effortShares(const RatingModel& model, const RatingFeatures& features) {
  const double levelWidth = (model.cuts[3] - model.cuts[0]) / 3;
  std::vector<EffortShare> out;
  for (std::size_t i = 0; i < model.features.size(); ++i) {
    const std::string& name = model.features[i];
    const double effort = model.weights[i] * (modelFeature(features, name) - model.mean[i]) / model.scale[i];
    out.push_back({name, effort / levelWidth, featureWords(name, features)});
  }
  std::stable_sort(out.begin(), out.end(), [](const EffortShare& a, const EffortShare& b) {
    return std::abs(a.levels) > std::abs(b.levels);
  });
  return out;
}

std::string effortReasons(const std::vector<EffortShare>& shares) {
  constexpr double kNoticeable = 0.1;  // levels; below this a feature changed nothing a reader would see
  std::vector<std::string> harder;
  std::vector<std::string> easier;
  for (const EffortShare& s : shares) {
    if (std::abs(s.levels) < kNoticeable) continue;
    (s.levels > 0 ? harder : easier).push_back(fmt::format("{} ({:+.1f} levels)", s.words, s.levels));
  }
  if (harder.empty() && easier.empty())
    return "close to its model's average challenge in everything it weighs";
  std::string out;
  if (!harder.empty()) out = "harder than its model's average challenge for " + listWords(harder);
  if (!easier.empty())
    out += (out.empty() ? "easier than its model's average challenge for " : "; easier for ") +
           listWords(easier);
  return out;
}

std::string pieceWords(const Puzzle& puzzle, int piece) {
  const PieceDef& def = puzzle.pieces[static_cast<std::size_t>(piece)];
  const std::string letter(1, def.letter);
  return def.name.empty() || def.name == letter ? letter : fmt::format("{} ({})", letter, def.name);
}

std::string placementWords(const Puzzle& puzzle, int placement) {
  const Placement& p = puzzle.placements[static_cast<std::size_t>(placement)];
  if (std::string where = familyOf(puzzle).placementWhere(puzzle, placement); !where.empty()) return where;
  int x0 = 1 << 30, x1 = -(1 << 30), y0 = x0, y1 = x1, z0 = x0, z1 = x1;
  for (int site : p.sites) {
    const Site& s = puzzle.sites[static_cast<std::size_t>(site)];
    const int x = pictureColumn(puzzle, site) + puzzle.low.x - 1;  // (triangular boards: offset columns)
    x0 = std::min(x0, x), x1 = std::max(x1, x);
    y0 = std::min(y0, s.y), y1 = std::max(y1, s.y);
    z0 = std::min(z0, s.z), z1 = std::max(z1, s.z);
  }
  const std::string flat = fmt::format("{}, {}", range("row", y0 - puzzle.low.y + 1, y1 - puzzle.low.y + 1),
                                       range("column", x0 - puzzle.low.x + 1, x1 - puzzle.low.x + 1));
  if (!layered(puzzle.lattice)) return "in " + flat;
  return fmt::format("in {}, {}", range("layer", z0 - puzzle.low.z + 1, z1 - puzzle.low.z + 1), flat);
}

std::string placementInFull(const Puzzle& puzzle, int piece, int placement) {
  // Twelve cells name any piece of the shipped puzzles (the largest has 8) and still fit on a line.
  constexpr std::size_t kCellsNamed = 12;
  std::string cells = describePlacement(puzzle, placement);
  std::size_t cut = 0;  // the space after the last cell named, if any follow
  for (std::size_t k = 0; k < kCellsNamed && cut != std::string::npos; ++k)
    cut = cells.find(' ', k == 0 ? 0 : cut + 1);
  if (cut != std::string::npos) {
    const auto more = std::count(cells.begin() + static_cast<std::ptrdiff_t>(cut), cells.end(), ' ');
    cells = fmt::format("{} and {} more", cells.substr(0, cut), more);
  }
  return fmt::format("{} {} [{}]", pieceWords(puzzle, piece), placementWords(puzzle, placement), cells);
}

std::vector<Move> explainMoves(const Puzzle& puzzle, const Rating& rating) {
  std::vector<Move> moves;
  std::vector<int> board;  // placements made so far on the path
  const auto& steps = rating.steps;
  auto what = [&](const RatingStep& s) { return placementInFull(puzzle, s.piece, s.placement); };
  for (std::size_t i = 0; i < steps.size();) {
    const RatingStep& first = steps[i];
    // The first move is one step a person can take on the page (issue 30): a round of 146 eliminations or
    // a list of failed guesses starts with its first one alone, the rest follow as the next move.
    const std::size_t most = moves.empty() ? 1 : steps.size();
    Move move;
    move.depth = first.depth;
    const bool trial = first.strategy == kStrategyTrial;
    if (first.placed) {
      move.kind = trial ? Move::GuessWorks : Move::Place;
      move.steps.push_back(static_cast<int>(i++));
      board.push_back(first.placement);
      move.text = trial ? fmt::format("guess {}: {}", what(first), first.reason)
                        : fmt::format("place {}: {} ({})", what(first), first.reason, first.strategy);
    } else if (trial) {
      // Consecutive guesses refuted at one depth: one move.
      move.kind = Move::GuessFails;
      for (; i < steps.size() && move.steps.size() < most && steps[i].strategy == kStrategyTrial &&
             !steps[i].placed && steps[i].depth == first.depth;
           ++i)
        move.steps.push_back(static_cast<int>(i));
      std::vector<std::string> items;
      for (std::size_t k = 0; k < move.steps.size() && k < 3; ++k) {
        const RatingStep& s = steps[static_cast<std::size_t>(move.steps[k])];
        items.push_back(fmt::format("{} ({})", what(s), s.reason));
      }
      const int more = static_cast<int>(move.steps.size()) - static_cast<int>(items.size());
      move.text = fmt::format("{} that fail{}: {}{}",
                              move.steps.size() == 1
                                  ? std::string("a guess")
                                  : plural(static_cast<int>(move.steps.size()), "guess", "guesses"),
                              move.steps.size() == 1 ? "s" : "", listWords(items),
                              more > 0 ? fmt::format(", and {} more", more) : "");
    } else {
      // Eliminations until the next placement or guess at this depth: one round of ruling out.
      move.kind = Move::RuleOut;
      // The challenge's own marks (colour rule, marked cell) are a round of their own, the first.
      const auto fromMarks = [](const RatingStep& s) {
        return s.strategy == kStrategyColourRule || s.strategy == kStrategyMarkedCell;
      };
      for (; i < steps.size() && move.steps.size() < most && !steps[i].placed &&
             steps[i].strategy != kStrategyTrial && steps[i].depth == first.depth &&
             fromMarks(steps[i]) == fromMarks(first);
           ++i)
        move.steps.push_back(static_cast<int>(i));
      std::map<std::string, int> byStrategy;
      std::map<std::tuple<std::string, int, std::string>, int> groups;  // strategy, piece, reason
      for (int k : move.steps) {
        const RatingStep& s = steps[static_cast<std::size_t>(k)];
        ++byStrategy[s.strategy];
        ++groups[{s.strategy, s.piece, s.reason}];
      }
      if (move.steps.size() == 1) {
        move.text = fmt::format("rule out {}: {} ({})", what(first), first.reason, first.strategy);
      } else {
        std::vector<std::string> counts;
        for (const char* name : {kStrategyColourRule, kStrategyMarkedCell, kStrategyPairwise,
                                 kStrategyLinkability, kStrategyRegion})
          if (const auto it = byStrategy.find(name); it != byStrategy.end())
            counts.push_back(fmt::format("{} {}", name, it->second));
        const auto largest = std::max_element(
            groups.begin(), groups.end(), [](const auto& a, const auto& b) { return a.second < b.second; });
        const auto& [strategy, piece, reason] = largest->first;
        const int n = largest->second;
        move.text = fmt::format("rule out {} ({}); {} {} where {}",
                                plural(static_cast<int>(move.steps.size()), "placement"), listWords(counts),
                                n == 1 ? "for instance one of" : fmt::format("{} of them are places of", n),
                                pieceWords(puzzle, piece), reason);
      }
    }
    move.placed = board;
    if (move.steps.size() == 1 && (move.kind == Move::RuleOut || move.kind == Move::GuessFails))
      move.ruledOut = {first.placement};
    moves.push_back(std::move(move));
  }
  return moves;
}

std::string ratingSummary(const Rating& rating) {
  int pathTrials = 0;
  for (const RatingStep& s : rating.steps) pathTrials += s.strategy == kStrategyTrial ? 1 : 0;
  std::vector<std::string> uses;
  for (const char* name :
       {kStrategyColourRule, kStrategyMarkedCell, kStrategySinglePlacement, kStrategySingleCover,
        kStrategyPairwise, kStrategyLinkability, kStrategyRegion, kStrategyTrial})
    if (const auto it = rating.strategyUse.find(name); it != rating.strategyUse.end())
      uses.push_back(fmt::format("{} x{}", name, it->second));
  std::string trials;
  if (rating.trials > 0)
    trials =
        rating.trials == pathTrials
            ? fmt::format("; {} tried", plural(rating.trials, "guess", "guesses"))
            : fmt::format(
                  "; {} tried in all, {} of them on the path to the solution and the others inside guesses "
                  "that failed or were taken further",
                  plural(rating.trials, "guess", "guesses"), pathTrials);
  return fmt::format("{} (score {:.2f}): {} to place; hardest strategy: {}; steps: {}{}",
                     levelName(rating.level), rating.score, plural(rating.toPlace, "piece"),
                     rating.hardest.empty() ? "none" : rating.hardest,
                     uses.empty() ? "none" : fmt::format("{}", fmt::join(uses, ", ")), trials);
}

}  // namespace piecework

// The rater: replays human strategies on a challenge and grades it Starter..Wizard (docs/rating.md).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "puzzle/puzzle.hpp"
#include "solver/problem.hpp"

namespace piecework {

enum class Level { Starter = 0, Junior = 1, Expert = 2, Master = 3, Wizard = 4 };

const char* levelName(Level level);
// Case-insensitive; nullopt for an unknown name.
std::optional<Level> parseLevel(std::string_view name);

// Bumped whenever the grading changes, so that stored ratings can be redone (catalog rate).
inline constexpr int kRaterVersion = 2;

// The ladder, easiest first (docs/rating.md). The names are those used in RatingStep::strategy.
inline constexpr const char* kStrategySinglePlacement = "single placement";
inline constexpr const char* kStrategySingleCover = "single cover";
inline constexpr const char* kStrategyPairwise = "pairwise";
inline constexpr const char* kStrategyLinkability = "linkability";
inline constexpr const char* kStrategyRegion = "region";
inline constexpr const char* kStrategyTrial = "trial";

struct RatingStep {
  std::string strategy;  // "single placement", "single cover", "pairwise", "linkability", "region", "trial"
  int piece = -1;        // the piece concerned, or -1
  int placement = -1;    // the placement fixed or removed, or -1
  bool placed = false;   // true: the piece was placed; false: an option was eliminated
  std::string explanation;  // words a person can follow
  int depth = 0;            // trial nesting under which the step was found (0: plain logic)
};

struct Rating {
  Level level = Level::Starter;
  double score = 0;     // orders challenges within and across levels
  bool solved = false;  // the strategies reached the (unique) solution
  std::vector<RatingStep> steps;
  std::map<std::string, int> strategyUse;  // strategy -> times used
  int trials = 0;
  int trialDepth = 0;
  std::vector<int> solution;  // placement ids, when solved
  std::string hardest;        // the hardest strategy needed ("" when nothing was to place)
  int toPlace = 0;            // pieces to place
};

// Rates the challenge given by `givens` (placement ids). Throws InputError when the givens overlap or repeat
// a piece (as makeProblem does). A challenge with no solution comes back with solved = false; one with
// several comes back solved with one of them (rate() does not check uniqueness: call uniqueness() first).
Rating rate(const Puzzle& puzzle, const std::vector<int>& givens, Rules rules);

// Words for one placement: cells for cell puzzles ("r2c3 r2c4 ..."), the 3-letter code on IQ-Link.
std::string describePlacement(const Puzzle& puzzle, int placement);

}  // namespace piecework

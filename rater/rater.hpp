// SPDX-License-Identifier: Apache-2.0
// The rater: replays human strategies on a challenge and grades it Starter..Wizard (docs/rating.md).
#pragma once

#include <array>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "puzzle/puzzle.hpp"
#include "solver/problem.hpp"

namespace piecework {

struct RatingModel;

enum class Level { Starter = 0, Junior = 1, Expert = 2, Master = 3, Wizard = 4 };

const char* levelName(Level level);
// Case-insensitive; nullopt for an unknown name.
std::optional<Level> parseLevel(std::string_view name);

// Bumped whenever the grading changes, so that stored ratings can be redone (catalog rate).
// 6: spare givens; 5: features measured on a canonical image of the challenge; 4: colour rule, marked cell,
// IQ Focus and Stars.
inline constexpr int kRaterVersion = 6;

// The ladder, easiest first (docs/rating.md). The names are those used in RatingStep::strategy.
inline constexpr const char* kStrategyColourRule = "colour rule";  // IQ Focus: the window's colours
inline constexpr const char* kStrategyMarkedCell = "marked cell";  // IQ Stars: cells marked for a piece
inline constexpr const char* kStrategySinglePlacement = "single placement";
inline constexpr const char* kStrategySingleCover = "single cover";
inline constexpr const char* kStrategyPairwise = "pairwise";
inline constexpr const char* kStrategyLinkability = "linkability";
inline constexpr const char* kStrategyRegion = "region";
inline constexpr const char* kStrategyTrial = "trial";

struct RatingStep {
  std::string strategy;     // "colour rule", "marked cell", "single placement", "single cover", "pairwise",
                            // "linkability", "region", "trial"
  int piece = -1;           // the piece concerned, or -1
  int placement = -1;       // the placement fixed or removed, or -1
  bool placed = false;      // true: the piece was placed; false: an option was eliminated
  std::string explanation;  // words a person can follow: "[not |try ]PIECE at WHERE: REASON"
  std::string reason;       // the REASON part alone
  int depth = 0;            // trial nesting under which the step was found (0: plain logic)
  int otherPiece = -1;      // pairwise: the piece whose every place the eliminated one would block
  int site = -1;            // single cover, pairwise: the cell concerned (hints check the reason with it)
  int followed = 0;         // trial: deductions made under the assumption
};

// What the replay measured: the inputs of the rating model (rater/model.hpp). Step counts are over the
// deductions made without assumptions (trial depth 0). They are measured on one image of the challenge chosen
// whatever way round it is given (see rate()).
struct RatingFeatures {
  int toPlace = 0;
  int startOptions = 0;  // placements left for the pieces to place, before any deduction
  int firstChoice = 0;   // the fewest placements any piece or open cell has then
  int forcedSteps = 0;   // single placement and single cover steps
  int pairwiseSweeps = 0;
  int pairwiseEliminations = 0;
  int ruleSweeps = 0;  // linkability and region sweeps (the family's own strategies)
  int ruleEliminations = 0;
  int strategiesUsed = 0;    // distinct strategies on the path
  int trials = 0;            // assumptions: probes and nested ones
  int trialDepth = 0;        // deepest nesting of assumptions
  int refutations = 0;       // assumptions refuted
  int refutationSteps = 0;   // deductions followed to refute them, summed
  int stalls = 0;            // times logic stalled and a guess had to be made (without assumptions)
  double stallChoice = 0;    // log2 of the options of the choice guessed on there, summed
  int firstStallChoice = 0;  // options of the choice guessed on where logic first stalled (0: it never did)
  int forcedSearch = 0;      // board states in a search that uses forced moves only and guesses on the
                             // most constrained choice, every guess followed (capped)
  // Givens each of which could be taken away with the solution still unique. -1 until measured: it costs a
  // search per given, so rate() measures it only for a model that uses it (measureSpareGivens() on demand).
  int spareGivens = -1;
  // Distinct colours the challenge's marks ask for (a colour pattern's colours, the pieces its marked cells
  // name); 0 without marks. A person reads a pattern by its colours: the fewer there are, the less each
  // square says about which piece shows it.
  int markColours = 0;
};

struct Rating {
  Level level = Level::Starter;
  double score = 0;  // the level on a continuous scale: 1-2 Starter, ..., 5 and up Wizard (rater/model.hpp)
  bool solved = false;  // the strategies reached the (unique) solution
  std::vector<RatingStep> steps;
  std::map<std::string, int> strategyUse;  // strategy -> times used
  int trials = 0;
  int trialDepth = 0;
  std::vector<int> solution;  // placement ids, when solved
  std::string hardest;        // the hardest strategy needed ("" when nothing was to place)
  int toPlace = 0;            // pieces to place
  RatingFeatures features;
  std::array<double, 5> probability{};  // per level, from the model
  std::string model;                    // the model's name
};

// Rates the challenge given by `givens` (placement ids). Throws InputError when the givens overlap or repeat
// a piece (as makeProblem does). A challenge with no solution comes back with solved = false; one with
// several comes back solved with one of them (rate() does not check uniqueness: call uniqueness() first).
// The level and score come from `model`, or from the puzzle's shipped model (data/models) when it is null.
// `needed` may list givens already known not to be spare (taken away from a challenge with these givens and
// more, they left several solutions; with fewer givens they still do), so that no search asks again.
Rating rate(const Puzzle& puzzle, const std::vector<int>& givens, Rules rules,
            const RatingModel* model = nullptr, const std::vector<int>* needed = nullptr);
// The same for a challenge already built into its problem (makeProblem), with the problem's rules.
// `spareGivens`, when not -1, is the challenge's spare givens as the caller knows them (the census does: see
// forEachUniqueChallenge), so that no search measures them.
Rating rate(const Problem& problem, const RatingModel* model = nullptr,
            const std::vector<int>* needed = nullptr, int spareGivens = -1);

// Measures features.spareGivens unless it already is; `needed` as for rate().
void measureSpareGivens(const Puzzle& puzzle, const std::vector<int>& givens, const Rules& rules,
                        RatingFeatures& features, const std::vector<int>* needed = nullptr);
void measureSpareGivens(const Problem& problem, RatingFeatures& features,
                        const std::vector<int>* needed = nullptr);

// Words for one placement: cells for cell puzzles ("r2c3 r2c4 ..."), the 3-letter code on IQ-Link.
std::string describePlacement(const Puzzle& puzzle, int placement);

}  // namespace piecework

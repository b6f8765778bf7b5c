// SPDX-License-Identifier: Apache-2.0
// The generator: random full solutions, piece removal while the solver says "unique", level targeting, seeds,
// batches (docs/generating.md).
//
// A batch seed S gives challenge i the stream seed challengeSeed(S, level, i); the stream tries attempts with
// the seeds attemptSeed(stream, 0), attemptSeed(stream, 1), ... until one yields a challenge at the requested
// level that no earlier challenge of the batch equals up to symmetry. The attempt's seed is recorded with the
// challenge: generateAttempt() with that seed (same puzzle, level and rules) rebuilds exactly that challenge.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "generator/generated.hpp"
#include "puzzle/puzzle.hpp"
#include "rater/rater.hpp"
#include "solver/problem.hpp"

namespace piecework {

// Why an attempt produced no challenge.
enum class Reject {
  None = 0,
  NoSolution,     // the seeded search found no full solution (the puzzle has none under these rules)
  TooEasy,        // every unique challenge along the removals rated below the level
  TooHard,        // the first removal already rated above the level
  Skipped,        // the ratings along the removals jumped over the level
  SecondCheck,    // the independent uniqueness check disagreed (never emitted)
  Duplicate,      // equal, up to symmetry, to an earlier challenge of the batch
  Ambiguous,      // a colour pattern: the random tiling's window pattern has more than one tiling
  TooManyMarks,   // marked cells: no 2 to 4 marked cells make the random tiling the only one
  UnlikeBooklet,  // challenges at the level, but none with the booklet's pieces to place and spare givens
};
inline constexpr int kRejectKinds = 10;
const char* rejectName(Reject reason);

struct AttemptResult {
  std::optional<GeneratedChallenge> challenge;
  Reject reject = Reject::None;
  int uniquenessChecks = 0;
  int ratings = 0;
  int passes =
      0;  // removal orders tried on the solution (the last one hit the level when a challenge came out)
  std::uint64_t nodes = 0;  // solver nodes spent by this attempt
  // Seconds spent in each step: the full solution, the uniqueness checks, the ratings, the second check.
  double solutionSeconds = 0, uniquenessSeconds = 0, ratingSeconds = 0, checkSeconds = 0;
  double maxUniquenessSeconds = 0;  // the slowest single uniqueness() call
};

struct GenerateStats {
  std::uint64_t attempts = 0;
  std::array<std::uint64_t, kRejectKinds> rejects{};  // indexed by Reject
  std::uint64_t uniquenessChecks = 0;
  std::uint64_t ratings = 0;
  std::uint64_t passes = 0;  // removal passes; those that hit the level = accepted + duplicate + second check
  std::uint64_t passesHit = 0;
  std::uint64_t nodes = 0;
  double solutionSeconds = 0, uniquenessSeconds = 0, ratingSeconds = 0, checkSeconds = 0;
  double maxUniquenessSeconds = 0;
  int mostAttempts = 0;  // the most attempts one challenge of the batch needed, duplicates included
  // For the progress line: attempts examined for the next challenge so far, and how many it may have.
  int currentAttempts = 0;
  int attemptCap = 0;
  std::uint64_t discarded = 0;  // attempts run ahead by idle threads and then not needed (not in `attempts`)
  double seconds = 0;
  void add(const AttemptResult& attempt);
};

// The default attempts per challenge grow with the batch (GenerateOptions::maxAttempts). Measured on IQ
// Stars' Master, the scarcest level (docs/generating.md): with the default 300 the batch of 24 stopped at 18.
inline constexpr int kDefaultMaxAttempts = 300;
inline constexpr int kAttemptsGrowth = 4;

struct GenerateOptions {
  Level level = Level::Starter;
  int count = 1;
  std::uint64_t seed = 1;
  Rules rules;
  const RatingModel* model = nullptr;  // grades with this model; null: the puzzle's shipped model
  int threads = 0;                     // 0: every core
  // Attempts per challenge, duplicates included; then the batch stops unfinished. 0: the default, which
  // grows with the batch: kDefaultMaxAttempts, or kAttemptsGrowth times the most attempts an earlier
  // challenge of the batch needed, whichever is more.
  int maxAttempts = 0;
  // Keep to the official booklet's pieces to place and spare givens per level where the puzzle's family or
  // definition gives them (levelShape(), generator/family_booklet.hpp); false: any challenge graded at the
  // level, made in the family's form.
  bool likeBooklet = true;
  // Called in index order, from whichever thread completes the prefix, one call at a time.
  std::function<void(int index, const GeneratedChallenge&)> accepted;
  // Keep every challenge in GenerateResult::challenges. False: only hand them to `accepted`, so that a batch
  // of a million takes no more memory than a batch of ten (beyond 8 bytes per challenge to tell duplicates).
  bool keep = true;
  // Called now and then (one call at a time) with the number of challenges done and the statistics so far.
  std::function<void(int done, const GenerateStats&)> progress;
  // When set (by another thread), the batch stops after the attempts under way, unfinished, with the failure
  // "cancelled". May be null.
  const std::atomic<bool>* stopRequested = nullptr;
};

struct GenerateResult {
  std::vector<GeneratedChallenge> challenges;  // index order; fewer than count when the batch stopped
  int produced = 0;                            // challenges accepted (also when not kept)
  GenerateStats stats;
  bool complete = false;
  std::string failure;  // why the batch stopped, when not complete
};

// The stream seed of challenge `index` of a batch, and the seed of attempt `attempt` of a stream (never 0).
// The level takes part, so that batches of different levels made with one seed do not share their solutions.
std::uint64_t challengeSeed(std::uint64_t batchSeed, Level level, std::uint64_t index);
std::uint64_t attemptSeed(std::uint64_t streamSeed, std::uint64_t attempt);

// One attempt: a random full solution, removals while unique (or the family's colour pattern or marked
// cells), a rating at the level, an independent check. `likeBooklet` as in GenerateOptions.
AttemptResult generateAttempt(const Puzzle& puzzle, Level level, Rules rules, std::uint64_t seed,
                              const RatingModel* model = nullptr, bool likeBooklet = true);

// Whether a challenge's pieces to place and spare givens (measured when the booklet limits them) are in the
// booklet's ranges.
bool fitsBooklet(const BookletLevel& shape, const Rating& rating);

// The fewest pieces a generated challenge leaves to place. One piece to place is no puzzle (it goes into the
// only gap), and the booklets' easiest challenges leave 2-3 (docs/rating.md), so at least two are left on any
// puzzle of three pieces or more (with two, only the empty board would be left).
int leastToPlace(const Puzzle& puzzle);

// A whole batch on several threads; the result depends only on the options, not on the thread count.
GenerateResult generateBatch(const Puzzle& puzzle, const GenerateOptions& options);

}  // namespace piecework

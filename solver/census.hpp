// SPDX-License-Identifier: Apache-2.0
// The census of unique challenges: for every distinct solution of the empty board and every subset of its
// pieces given (placed as in that solution), is that challenge unique? Counted per number of pieces given.
//
// What is counted. A challenge is a set of given placements. A unique challenge has one solution, so it
// belongs to one solution; two challenges that a board symmetry maps onto each other are the same challenge
// up to symmetry, and their solutions are images of each other. Hence the unique challenges up to symmetry
// are the pairs (distinct solution s, subset of s) with the subsets of one s taken up to the symmetries that
// map s onto itself (its stabiliser): two subsets of s whose challenges are images of each other under a
// symmetry g have the same unique solution, so g maps s onto s. `unique` counts those; `uniqueFixed` counts
// challenges on the fixed board, every turn and mirror image apart (per subset of s: |group| / |stabiliser of
// s|). A minimal challenge is unique and becomes non-unique when any one given piece is removed.
//
// The work is split into jobs (chunks of consecutive distinct solutions); a job's result is a fixed-size
// vector of counters (layout: CensusCounters), and the census is their sum. That is the unit that the job
// layer (jobs/job_runner.hpp: threads, MPI ranks, checkpoints) hands out: censusJob(plan, job) depends on the
// plan and the job index only.
#pragma once

#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

#include "puzzle/puzzle.hpp"
#include "solver/problem.hpp"

namespace piecework {

// Where each figure sits in a job's counter vector, for challenges with 0..maxGiven pieces given.
struct CensusCounters {
  int maxGiven = 0;
  std::size_t size() const { return 4 * static_cast<std::size_t>(maxGiven + 1) + 3; }
  std::size_t unique(int given) const { return static_cast<std::size_t>(given); }
  std::size_t minimal(int given) const { return static_cast<std::size_t>(maxGiven + 1 + given); }
  std::size_t uniqueFixed(int given) const { return static_cast<std::size_t>(2 * (maxGiven + 1) + given); }
  std::size_t minimalFixed(int given) const { return static_cast<std::size_t>(3 * (maxGiven + 1) + given); }
  std::size_t checks() const { return 4 * static_cast<std::size_t>(maxGiven + 1); }  // solver calls
  std::size_t nodes() const { return checks() + 1; }                                 // their search nodes
  std::size_t solutions() const { return checks() + 2; }  // distinct solutions gone through
};

// How a subset is decided when neither a unique subset of it nor another solution sharing it decides it:
// Table: every filling of the empty board is held, so the pieces each shares with the solution are known up
// front and no subset needs the solver (a subset is unique when no other filling contains it). Solver: ask
// the solver for two solutions (findSolutions with max 2, what uniqueness() does); only the distinct
// solutions are kept. Both give the same figures (tests/census_test.cpp).
enum class CensusMethod { Table, Solver };

// Everything a census job needs, the same in every run with the same puzzle, rules and maxGiven (so that job
// indices mean the same after a restart and on every MPI rank).
struct CensusPlan {
  const Puzzle* puzzle = nullptr;
  Rules rules;
  int pieces = 0;    // pieces in a solution (copies counted)
  int maxGiven = 0;  // subsets of up to this many pieces
  CensusCounters counters;
  std::vector<std::vector<int>> solutions;  // the distinct solutions: canonical forms, sorted
  std::uint64_t allSolutions = 0;           // every filling of the fixed board
  int symmetries = 1;
  std::size_t perJob = 1;  // consecutive distinct solutions per job
  CensusMethod method = CensusMethod::Table;
  std::vector<std::vector<int>> fillings;           // Table: every filling of the fixed board, sorted
  std::vector<std::vector<std::uint32_t>> holding;  // Table: per placement id, the fillings that hold it
  std::size_t jobs() const { return (solutions.size() + perJob - 1) / perJob; }
};

inline constexpr int kCensusAllPieces = -1;
// Subsets one solution may have to go through (sizes 0..maxGiven), and fillings of the empty board that a
// plan may hold; above them planCensus refuses (InputError).
inline constexpr std::uint64_t kMaxCensusSubsets = std::uint64_t{1} << 24;
inline constexpr std::uint64_t kMaxCensusSolutions = 5'000'000;
// Jobs: one distinct solution each, or chunks of them so that there are at most this many.
inline constexpr std::size_t kMaxCensusJobs = 65'536;

// Enumerates the distinct solutions of the empty board (one thread). maxGiven: kCensusAllPieces or 0..pieces.
// Throws InputError for a maxGiven out of range, or too many subsets or solutions.
CensusPlan planCensus(const Puzzle& puzzle, const Rules& rules, int maxGiven,
                      CensusMethod method = CensusMethod::Table);

// One distinct solution's census, added into `counters` (of size plan.counters.size()).
void censusOfSolution(const CensusPlan& plan, std::size_t solution, std::vector<std::uint64_t>& counters);

// The unique challenges of one distinct solution of a Table plan, each once up to the symmetries that map
// the solution onto itself (the challenges `unique` counts): `visit` gets each one's givens (placement ids,
// sorted), fewest givens first, and how many of its givens are spare (the challenge without that one given is
// still unique: the rater's spareGivens, read off the table instead of a search per given); when it returns
// false, no more. Returns false when stopped.
bool forEachUniqueChallenge(
    const CensusPlan& plan, std::size_t solution,
    const std::function<bool(const std::vector<int>& givens, int spareGivens)>& visit);

// One job: the census of its distinct solutions, summed.
std::vector<std::uint64_t> censusJob(const CensusPlan& plan, std::size_t job);

}  // namespace piecework

// SPDX-License-Identifier: Apache-2.0
// What the rest of the program asks of the search: count, find, prove unique.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "puzzle/puzzle.hpp"
#include "solver/problem.hpp"

namespace piecework {

// One job's share of a count (a job is a prefix of the search tree; the split depends on the puzzle, the
// givens, the rules and the number of threads only).
struct JobCounts {
  std::uint64_t solutions = 0;  // every filling below the job (symmetry weights applied)
  std::uint64_t distinct = 0;
  std::uint64_t nodes = 0;
  bool stopped = false;  // the searcher's stop flag cut the job short: the counts are a part of it only
};

struct CountOptions {
  Rules rules;
  int threads = 0;  // 0: every core
  // Called once before the search with (jobs done, jobs in all), then from the counting threads as jobs
  // finish; may be empty.
  std::function<void(std::size_t, std::size_t)> progress;
  // Checkpoints (may be empty): `resume` is called once with the number of jobs and returns the jobs already
  // finished (index, counts), which are added without being searched again; `finished` is called from the
  // counting threads, one call at a time, as each job searched here finishes.
  std::function<std::vector<std::pair<std::size_t, JobCounts>>(std::size_t)> resume;
  std::function<void(std::size_t, const JobCounts&)> finished;
  std::size_t minJobs = 0;  // split the search into at least this many jobs where it can (even on one thread)
  // When set (by another thread), the count returns within a few thousand nodes of each thread's search, with
  // the counts of the jobs finished only (CountResult::stopped; a job cut short is neither counted nor
  // reported finished). May be null.
  const std::atomic<bool>* stopRequested = nullptr;
};

struct CountResult {
  std::uint64_t solutions = 0;  // every filling of the fixed board
  std::uint64_t distinct = 0;   // up to the symmetries that keep the givens in place
  std::uint64_t nodes = 0;
  double seconds = 0;
  int threads = 1;
  int symmetries = 1;         // size of the group used for `distinct`
  std::string breakingPiece;  // the piece restricted to orbit representatives first, if it is a piece
  std::size_t jobs = 0;
  bool stopped = false;  // CountOptions::stopRequested cut the count short
};

// Counts every solution and the distinct ones. Symmetry is broken inside the search: a single-copy piece that
// every symmetry keeps, or else the placement covering a cell, is restricted to one placement per orbit (and
// again below representatives that 4 or more symmetries fix); only solutions below representatives that some
// symmetry fixes need a canonical-form test at the leaves.
CountResult countSolutions(const Puzzle& puzzle, const std::vector<int>& givens, const CountOptions& options);

// A count as a list of independent jobs, for callers that hand the jobs out themselves (the threads of
// several processes: jobs/job_runner.hpp). The list depends only on the puzzle, the givens, the rules and
// minJobs, so every process that builds it with the same arguments gets the same jobs in the same order; the
// sum of every job's counts is the count. The puzzle must outlive it, and it must outlive its searchers.
class CountJobs {
 public:
  // Splits the search below the symmetry breaking into at least minJobs jobs where the tree allows.
  CountJobs(const Puzzle& puzzle, const std::vector<int>& givens, const Rules& rules, std::size_t minJobs);
  CountJobs(Problem problem, std::size_t minJobs);  // a problem already built (its puzzle must outlive it)
  // With symmetry broken by `group` (symmetries of the puzzle that form a group, the identity among them;
  // they must outlive the jobs) instead of the puzzle's own that keep the givens and marks: `distinct` is
  // then the classes under `group` (BurrTools' group, where it is a part of the puzzle's).
  CountJobs(Problem problem, std::size_t minJobs, std::span<const Symmetry> group);
  ~CountJobs();
  CountJobs(CountJobs&&) noexcept;
  CountJobs& operator=(CountJobs&&) noexcept;

  std::size_t size() const;
  // The solutions each solution the search of `job` enumerates stands for (the symmetry breaking's orbit
  // sizes): the job's solutions are a multiple of it, and its distinct ones at most solutions / weight.
  std::uint64_t weight(std::size_t job) const;
  int symmetries() const;                    // as CountResult::symmetries
  const std::string& breakingPiece() const;  // as CountResult::breakingPiece

  // Searches jobs one at a time; each thread needs its own (it holds a search engine).
  class Searcher {
   public:
    virtual ~Searcher() = default;
    virtual JobCounts run(std::size_t job) = 0;
    // How far the job running now is, 0..1 (0 between jobs), for progress lines; safe to read from any
    // thread. Estimated once a job has run a second, from where its latest solutions lie among the job's
    // branches a few levels down (CountJobs keeps their list apart): the search itself, and so its node
    // counts, are untouched. A job that finds no solution stays at 0.
    double underWay() const { return underWay_.load(std::memory_order_relaxed); }
    // A flag another thread may set to cut the job running short (JobCounts::stopped); null: none.
    void stopWhen(const std::atomic<bool>* flag) { stop_ = flag; }
    // When set, each solution counted as distinct (one per class: placement ids, givens included, sorted)
    // is handed to it as it is found.
    void onDistinct(std::function<void(const std::vector<int>&)> f) { onDistinct_ = std::move(f); }

   protected:
    const std::atomic<bool>* stop_ = nullptr;
    std::function<void(const std::vector<int>&)> onDistinct_;
    std::atomic<double> underWay_{0};
  };
  std::unique_ptr<Searcher> searcher() const;

  struct Impl;  // (defined in solver/rule_searches.hpp)

 private:
  std::unique_ptr<const Impl> impl_;
};

// How far a search of a built problem goes.
struct FindLimits {
  std::size_t max = 1;     // stop after this many solutions
  std::uint64_t seed = 0;  // 0: the deterministic order; otherwise a seeded random order
  // Placement ids no solution may use besides the givens: with one of a known solution's placements, the
  // search looks only for other solutions.
  std::vector<int> excluded;
  // When set, each solution (placement ids, givens included, sorted) is handed to it as it is found instead
  // of being kept in FindResult::solutions, so a caller can stream any number of them; returning false stops
  // the search (as reaching `max` does). FindResult::found counts them either way.
  std::function<bool(const std::vector<int>&)> onSolution;
  // When set (by another thread), the search stops within a few thousand nodes (FindResult::stopped).
  const std::atomic<bool>* stopRequested = nullptr;
};

struct FindOptions : FindLimits {
  Rules rules;
};

struct FindResult {
  std::vector<std::vector<int>> solutions;  // placement ids, givens included, sorted (none with onSolution)
  std::uint64_t found = 0;                  // solutions found, kept or handed to onSolution
  std::uint64_t nodes = 0;
  double seconds = 0;
  bool exhausted = false;  // the whole tree was searched (so fewer than max solutions exist)
  bool stopped = false;    // FindLimits::stopRequested cut the search short
};

// Builds the problem (makeProblem, which checks the givens) and searches it.
FindResult findSolutions(const Puzzle& puzzle, const std::vector<int>& givens, const FindOptions& options);
// Searches a problem already built, with its own rules.
FindResult findSolutions(const Problem& problem, const FindLimits& limits);

enum class Uniqueness { None, Unique, Multiple };
// Searches for at most two solutions.
Uniqueness uniqueness(const Puzzle& puzzle, const std::vector<int>& givens, Rules rules,
                      std::uint64_t* nodes = nullptr);
Uniqueness uniqueness(const Problem& problem, std::uint64_t* nodes = nullptr);

}  // namespace piecework

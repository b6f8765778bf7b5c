// SPDX-License-Identifier: Apache-2.0
// Work split into jobs 0..J-1, each giving a fixed number of counters, summed: run over the threads of this
// process and, when the program was started by mpirun, over the threads of every rank. Rank 0 hands the jobs
// out as ranks ask for them (dynamic load balancing), receives each job's counters, calls the checkpoint and
// progress hooks, and is the only rank that gets the totals (so the only one that prints). Commands that
// count (count, census) share this layer; see docs/counting.md.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <utility>
#include <vector>

namespace piecework::jobs {

using JobCounters = std::vector<std::uint64_t>;

struct JobWork {
  std::size_t jobs = 0;      // J: every rank must build the same job list (runJobs checks the number)
  std::size_t counters = 0;  // how many counters each job gives (each result must have this size)
  // Called once in each computing thread; the function it returns runs one job on that thread, so a thread
  // keeps its own state (a search engine) from job to job.
  std::function<std::function<JobCounters(std::size_t job)>()> worker;

  // Hooks, all optional, called on rank 0 only and one call at a time:
  // the jobs an earlier run finished (a checkpoint): they are added to the totals without running again;
  std::function<std::vector<std::pair<std::size_t, JobCounters>>()> resume;
  // each job as it finishes, on whichever rank it ran;
  std::function<void(std::size_t job, const JobCounters& counters)> finished;
  // (jobs done, jobs in all): once before the first job (done = the resumed jobs), then after each job.
  std::function<void(std::size_t done, std::size_t all)> progress;
};

struct JobTotals {
  JobCounters sums;         // every job's counters added up (resumed jobs included)
  std::size_t resumed = 0;  // jobs taken from `resume`
};

// This process's place: rank 0 of 1 unless started by mpirun. The first call initialises MPI when the
// environment says mpirun started the process (OMPI_COMM_WORLD_SIZE, PMIX_RANK); otherwise MPI is never
// touched, so a plain run pays nothing for it. Throws InputError when started by mpirun with several ranks
// but built without MPI.
struct RankInfo {
  int rank = 0;
  int ranks = 1;
  bool distributed = false;  // MPI is in use (even with one rank)
};
const RankInfo& rankInfo();

// Threads per rank when the user gives none: the cores this process may run on, shared with the other ranks
// of the same node unless mpirun bound the process to fewer cores.
int defaultThreadsPerRank();

// Collective (every rank calls it): the sum of `value` over the ranks, on every rank.
std::uint64_t sumOverRanks(std::uint64_t value);

// Collective: runs every job on `threads` threads per rank. Returns the totals on rank 0 and nothing on the
// other ranks. An exception from a rank-0 hook stops the other ranks (they return nothing) before it is
// rethrown on rank 0.
std::optional<JobTotals> runJobs(const JobWork& work, int threads);

}  // namespace piecework::jobs

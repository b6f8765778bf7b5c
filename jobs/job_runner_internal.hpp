// SPDX-License-Identifier: Apache-2.0
// Inside the job layer (jobs/job_runner.hpp), shared by the program and its MPI module (jobs/mpi/): rank 0's
// ledger of the jobs, the computing threads, and the table of functions the module hands the program.
#pragma once

#include <fmt/format.h>

#include <cstdint>
#include <exception>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <thread>
#include <vector>

#include "jobs/job_runner.hpp"

namespace piecework::jobs::detail {

// Rank 0's record of the jobs: hands out those not yet done, adds up what comes back and calls the hooks.
// A hook that throws stops the handing out; the jobs already out still come back, then the error is rethrown.
class Ledger {
 public:
  explicit Ledger(const JobWork& work) : work_(work), done_(work.jobs, 0) {
    totals_.sums.assign(work.counters, 0);
  }

  void resume() {
    if (work_.resume)
      for (const auto& [job, counters] : work_.resume()) {
        if (job >= work_.jobs || done_[job] != 0) continue;
        done_[job] = 1;
        add(counters);
        ++totals_.resumed;
      }
    finishedCount_ = totals_.resumed;
    if (work_.progress) work_.progress(finishedCount_, work_.jobs);
  }

  // Up to `wanted` jobs not yet done or handed out; none once every job is out or a hook failed.
  std::vector<std::size_t> take(std::size_t wanted) {
    std::lock_guard lock(mutex_);
    std::vector<std::size_t> jobs;
    while (jobs.size() < wanted && next_ < work_.jobs && !error_) {
      if (done_[next_] == 0) jobs.push_back(next_);
      ++next_;
    }
    out_ += jobs.size();
    return jobs;
  }

  void record(std::size_t job, const JobCounters& counters) {
    std::lock_guard lock(mutex_);
    if (counters.size() != work_.counters)
      throw std::logic_error(
          fmt::format("job {} gave {} counters, not {}", job, counters.size(), work_.counters));
    add(counters);
    ++back_;
    ++finishedCount_;
    if (error_) return;
    try {
      if (work_.finished) work_.finished(job, counters);
      if (work_.progress) work_.progress(finishedCount_, work_.jobs);
    } catch (...) {
      error_ = std::current_exception();
    }
  }

  // Every job handed out came back, and none is left to hand out.
  bool complete() {
    std::lock_guard lock(mutex_);
    return back_ == out_ && (next_ >= work_.jobs || error_);
  }

  JobTotals result() {
    if (error_) std::rethrow_exception(error_);
    return totals_;
  }

 private:
  const JobWork& work_;
  std::mutex mutex_;
  std::vector<char> done_;  // finished by an earlier run
  JobTotals totals_;
  std::size_t next_ = 0, out_ = 0, back_ = 0, finishedCount_ = 0;
  std::exception_ptr error_;

  void add(const JobCounters& counters) {
    for (std::size_t i = 0; i < counters.size(); ++i) totals_.sums[i] += counters[i];
  }
};

// `threads` computing threads, each with its own worker, taking jobs from `take` (empty: stop) and handing
// results to `give`. With `useCaller` the calling thread is one of them.
template <class Take, class Give>
void compute(const JobWork& work, int threads, bool useCaller, Take take, Give give) {
  auto loop = [&] {
    const auto run = work.worker();
    for (;;) {
      const std::optional<std::size_t> job = take();
      if (!job) break;
      give(*job, run(*job));
    }
  };
  std::vector<std::thread> pool;
  for (int t = useCaller ? 1 : 0; t < threads; ++t) pool.emplace_back(loop);
  if (useCaller) loop();
  for (auto& t : pool) t.join();
}

// What the MPI module (piecework_mpi.so) gives the program: the program loads it only when mpirun started it,
// so a plain run neither loads nor initialises MPI.
struct MpiBackend {
  RankInfo (*start)();                        // MPI_Init; this process's rank
  std::uint64_t (*sum)(std::uint64_t value);  // the sum over the ranks (collective)
  std::optional<JobTotals> (*run)(const JobWork& work, int threads, const RankInfo& ranks);  // collective
};

}  // namespace piecework::jobs::detail

// The module's one entry point.
extern "C" const piecework::jobs::detail::MpiBackend* piecework_mpi_backend();

// SPDX-License-Identifier: Apache-2.0
// The MPI side of the job layer (jobs/job_runner.hpp), built as a module (piecework_mpi.so) that the program
// loads only when mpirun started it.
#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <deque>
#include <memory>
#include <string>

#include "jobs/job_runner_internal.hpp"
#include "puzzle/errors.hpp"

namespace piecework::jobs::detail {
namespace {

// Messages. A worker rank sends kRequest: [jobs wanted, results n, then n times (job, counters...)]; rank 0
// answers each with kJobs: the jobs handed out, none meaning there are no more. Only the main thread of a
// rank calls MPI (MPI_THREAD_FUNNELED); the computing threads talk to it through a queue. Waiting is polling
// with a short sleep, not a blocking receive, since Open MPI's blocking receive spins and would take a core
// from the computing threads.
constexpr int kRequest = 1;
constexpr int kJobs = 2;
constexpr auto kPoll = std::chrono::milliseconds(1);

void finalizeMpi() {
  int finalized = 0;
  MPI_Finalized(&finalized);
  if (finalized == 0) MPI_Finalize();
}

RankInfo startMpi() {
  int provided = 0;
  if (MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS)
    throw InputError("mpirun: MPI_Init failed");
  std::atexit(finalizeMpi);
  if (provided < MPI_THREAD_FUNNELED)
    throw InputError("mpirun: this MPI library cannot be used from a program with threads");
  RankInfo info;
  info.distributed = true;
  MPI_Comm_rank(MPI_COMM_WORLD, &info.rank);
  MPI_Comm_size(MPI_COMM_WORLD, &info.ranks);
  return info;
}

std::optional<JobCounters> probeAndReceive(int source, int tag, int* from) {
  int flag = 0;
  MPI_Status status;
  MPI_Iprobe(source, tag, MPI_COMM_WORLD, &flag, &status);
  if (flag == 0) return std::nullopt;
  int count = 0;
  MPI_Get_count(&status, MPI_UINT64_T, &count);
  JobCounters message(static_cast<std::size_t>(count));
  MPI_Recv(message.data(), count, MPI_UINT64_T, status.MPI_SOURCE, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  if (from != nullptr) *from = status.MPI_SOURCE;
  return message;
}

JobTotals coordinate(const JobWork& work, int threads, Ledger& ledger, int ranks) {
  std::thread computing([&] {
    compute(
        work, threads, false,
        [&]() -> std::optional<std::size_t> {
          const auto jobs = ledger.take(1);
          if (jobs.empty()) return std::nullopt;
          return jobs[0];
        },
        [&](std::size_t job, const JobCounters& counters) { ledger.record(job, counters); });
  });
  std::vector<char> told(static_cast<std::size_t>(ranks), 0);  // sent "no more jobs"
  told[0] = 1;
  for (;;) {
    int from = 0;
    if (const auto message = probeAndReceive(MPI_ANY_SOURCE, kRequest, &from)) {
      const std::size_t stride = 1 + work.counters;
      const std::size_t results = (*message)[1];
      for (std::size_t r = 0; r < results; ++r) {
        const auto first = message->begin() + static_cast<std::ptrdiff_t>(2 + r * stride);
        ledger.record(*first, JobCounters(first + 1, first + static_cast<std::ptrdiff_t>(stride)));
      }
      std::vector<std::size_t> jobs = ledger.take((*message)[0]);
      const JobCounters reply(jobs.begin(), jobs.end());
      if (reply.empty() && (*message)[0] > 0) told[static_cast<std::size_t>(from)] = 1;
      MPI_Send(reply.data(), static_cast<int>(reply.size()), MPI_UINT64_T, from, kJobs, MPI_COMM_WORLD);
      continue;
    }
    if (ledger.complete() && std::all_of(told.begin(), told.end(), [](char t) { return t != 0; })) break;
    std::this_thread::sleep_for(kPoll);
  }
  computing.join();
  return ledger.result();
}

void serve(const JobWork& work, int threads) {
  std::mutex mutex;
  std::condition_variable changed;
  std::deque<std::size_t> queue;
  std::vector<std::pair<std::size_t, JobCounters>> outbox;
  bool noMore = false;
  std::size_t busy = 0;
  int alive = threads;
  std::thread computing([&] {
    compute(
        work, threads, false,
        [&]() -> std::optional<std::size_t> {
          std::unique_lock lock(mutex);
          changed.wait(lock, [&] { return !queue.empty() || noMore; });
          if (queue.empty()) {
            --alive;
            changed.notify_all();
            return std::nullopt;
          }
          const std::size_t job = queue.front();
          queue.pop_front();
          ++busy;
          changed.notify_all();
          return job;
        },
        [&](std::size_t job, JobCounters counters) {
          std::lock_guard lock(mutex);
          outbox.emplace_back(job, std::move(counters));
          --busy;
          changed.notify_all();
        });
  });
  const std::size_t perThread = static_cast<std::size_t>(threads);
  bool waiting = false;     // for rank 0's answer
  std::uint64_t asked = 0;  // jobs asked for in the request it answers
  for (;;) {
    std::unique_lock lock(mutex);
    if (waiting) {
      lock.unlock();
      if (const auto jobs = probeAndReceive(0, kJobs, nullptr)) {
        lock.lock();
        waiting = false;
        if (jobs->empty() && asked > 0) noMore = true;
        queue.insert(queue.end(), jobs->begin(), jobs->end());
        changed.notify_all();
        continue;
      }
      std::this_thread::sleep_for(kPoll);
      continue;
    }
    // One spare job queued per thread, asked for when the queue runs low; results go back as they come.
    const bool low = !noMore && queue.size() < perThread;
    if (low || !outbox.empty()) {
      const std::size_t inHand = queue.size() + busy;
      JobCounters message{low ? 2 * perThread - std::min(inHand, 2 * perThread) : 0, outbox.size()};
      if (low && message[0] == 0) message[0] = 1;
      for (const auto& [job, counters] : outbox) {
        message.push_back(job);
        message.insert(message.end(), counters.begin(), counters.end());
      }
      outbox.clear();
      asked = message[0];
      lock.unlock();
      MPI_Send(message.data(), static_cast<int>(message.size()), MPI_UINT64_T, 0, kRequest, MPI_COMM_WORLD);
      waiting = true;
      continue;
    }
    if (noMore && alive == 0) break;
    changed.wait_for(lock, kPoll);
  }
  computing.join();
}

std::uint64_t sumOverMpiRanks(std::uint64_t value) {
  std::uint64_t sum = 0;
  MPI_Allreduce(&value, &sum, 1, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
  return sum;
}

std::optional<JobTotals> runOverRanks(const JobWork& work, int threads, const RankInfo& info) {
  // Rank 0 reads the checkpoint first; every rank learns whether to go on and checks its job list.
  std::unique_ptr<Ledger> ledger;
  std::exception_ptr failed;
  if (info.rank == 0) {
    ledger = std::make_unique<Ledger>(work);
    try {
      ledger->resume();
    } catch (...) {
      failed = std::current_exception();
    }
  }
  std::uint64_t header[2] = {failed ? 0U : 1U, work.jobs};
  MPI_Bcast(header, 2, MPI_UINT64_T, 0, MPI_COMM_WORLD);
  if (header[0] == 0) {
    if (failed) std::rethrow_exception(failed);
    return std::nullopt;
  }
  int disagree = header[1] != work.jobs ? 1 : 0, anyDisagree = 0;
  MPI_Allreduce(&disagree, &anyDisagree, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  if (anyDisagree != 0)
    throw InputError(
        fmt::format("mpirun: the ranks split the work differently (rank 0: {} jobs, rank {}: {})", header[1],
                    info.rank, work.jobs));
  if (info.rank != 0) {
    serve(work, threads);
    return std::nullopt;
  }
  return coordinate(work, threads, *ledger, info.ranks);
}
}  // namespace
}  // namespace piecework::jobs::detail

extern "C" const piecework::jobs::detail::MpiBackend* piecework_mpi_backend() {
  using namespace piecework::jobs::detail;
  static const MpiBackend backend{startMpi, sumOverMpiRanks, runOverRanks};
  return &backend;
}

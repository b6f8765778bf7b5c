#include "cli/job_runner.hpp"

#include <fmt/format.h>
#include <sched.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <deque>
#include <exception>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "puzzle/errors.hpp"

#if PIECEWORK_MPI
#include <mpi.h>
#endif

namespace piecework::cli {
namespace {

// How many ranks mpirun started, from the environment it gives its processes (Open MPI, or PMIx from
// another launcher); 0 when not started by mpirun.
int ranksFromEnvironment() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMIX_SIZE", "PMI_SIZE"}) {
    const char* value = std::getenv(name);
    if (value != nullptr && *value != '\0') return std::max(1, std::atoi(value));
  }
  return std::getenv("PMIX_RANK") != nullptr ? 1 : 0;
}

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

std::optional<JobTotals> runHere(const JobWork& work, int threads) {
  Ledger ledger(work);
  ledger.resume();
  compute(
      work, threads, true,
      [&]() -> std::optional<std::size_t> {
        const auto jobs = ledger.take(1);
        if (jobs.empty()) return std::nullopt;
        return jobs[0];
      },
      [&](std::size_t job, const JobCounters& counters) { ledger.record(job, counters); });
  return ledger.result();
}

#if PIECEWORK_MPI
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

std::optional<JobTotals> runOverRanks(const JobWork& work, int threads) {
  const RankInfo& info = rankInfo();
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
#endif

}  // namespace

const RankInfo& rankInfo() {
  static const RankInfo info = [] {
    const int ranks = ranksFromEnvironment();
#if PIECEWORK_MPI
    if (ranks > 0) return startMpi();
#else
    if (ranks > 1)
      throw InputError(fmt::format(
          "mpirun started {} ranks, but this piecework was built without MPI (PIECEWORK_MPI=OFF)", ranks));
#endif
    return RankInfo{};
  }();
  return info;
}

int defaultThreadsPerRank() {
  const int online = static_cast<int>(std::max(1U, std::thread::hardware_concurrency()));
  if (!rankInfo().distributed) return online;
  // mpirun may bind each rank to some cores (by default to one core when there are at most 2 ranks); an
  // unbound rank shares the node's cores with the other ranks started there.
  cpu_set_t cpus;
  CPU_ZERO(&cpus);
  const int allowed = sched_getaffinity(0, sizeof cpus, &cpus) == 0 ? CPU_COUNT(&cpus) : online;
  if (allowed < online) return std::max(1, allowed);
  const char* local = std::getenv("OMPI_COMM_WORLD_LOCAL_SIZE");
  const int sharing = local != nullptr ? std::max(1, std::atoi(local)) : 1;
  return std::max(1, online / sharing);
}

std::uint64_t sumOverRanks(std::uint64_t value) {
#if PIECEWORK_MPI
  if (rankInfo().distributed) {
    std::uint64_t sum = 0;
    MPI_Allreduce(&value, &sum, 1, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
    return sum;
  }
#endif
  return value;
}

std::optional<JobTotals> runJobs(const JobWork& work, int threads) {
  threads = std::max(1, threads);
#if PIECEWORK_MPI
  if (rankInfo().distributed) return runOverRanks(work, threads);
#endif
  return runHere(work, threads);
}

}  // namespace piecework::cli

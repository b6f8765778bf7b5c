// SPDX-License-Identifier: Apache-2.0
#include "jobs/job_runner.hpp"

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

#include "jobs/job_runner_internal.hpp"
#include "puzzle/errors.hpp"

#if PIECEWORK_MPI
#include <dlfcn.h>
#include <unistd.h>

#include <climits>
#endif

namespace piecework::jobs {
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

using detail::compute;
using detail::Ledger;

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
// The MPI module: beside the program in the build tree, in LIBDIR/piecework once installed (found from the
// program's own place, so an installation can move).
const detail::MpiBackend* loadMpiModule() {
  char self[PATH_MAX];
  const ssize_t length = readlink("/proc/self/exe", self, sizeof self - 1);
  if (length <= 0) return nullptr;
  const std::string program(self, static_cast<std::size_t>(length));
  const std::string dir = program.substr(0, program.rfind('/'));
  for (const std::string& path :
       {dir + "/piecework_mpi.so", dir + "/../" PIECEWORK_LIBDIR "/piecework/piecework_mpi.so"}) {
    // (RTLD_GLOBAL: Open MPI's own plugins need libmpi's symbols)
    void* module = dlopen(path.c_str(), RTLD_NOW | RTLD_GLOBAL);
    if (module == nullptr) continue;
    auto entry = reinterpret_cast<const detail::MpiBackend* (*)()>(dlsym(module, "piecework_mpi_backend"));
    if (entry != nullptr) return entry();
  }
  return nullptr;
}
#endif

const detail::MpiBackend* mpiBackend = nullptr;  // set by rankInfo() when MPI is in use

}  // namespace

const RankInfo& rankInfo() {
  static const RankInfo info = [] {
    const int ranks = ranksFromEnvironment();
    if (ranks == 0) return RankInfo{};
#if PIECEWORK_MPI
    mpiBackend = loadMpiModule();
    if (mpiBackend != nullptr) return mpiBackend->start();
#endif
    if (ranks > 1)
      throw InputError(
          fmt::format("mpirun started {} ranks, but this piecework has no MPI (built with "
                      "PIECEWORK_MPI=OFF or without an MPI library, or piecework_mpi.so is missing: "
                      "install the piecework-mpi package)",
                      ranks));
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
  return rankInfo().distributed ? mpiBackend->sum(value) : value;
}

std::optional<JobTotals> runJobs(const JobWork& work, int threads) {
  threads = std::max(1, threads);
  const RankInfo& ranks = rankInfo();
  return ranks.distributed ? mpiBackend->run(work, threads, ranks) : runHere(work, threads);
}

}  // namespace piecework::jobs

// SPDX-License-Identifier: Apache-2.0
// The job layer shared by count and census (jobs/job_runner.hpp), in one process: every job runs once, the
// counters add up, resumed jobs are added without running, the hooks see each job once and progress only
// goes up, and a failing hook stops the work and comes back as the error.
#include "jobs/job_runner.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <map>
#include <mutex>
#include <stdexcept>

namespace piecework::jobs {
namespace {

// Job j gives (1, j, j*j): the sums are known in closed form.
JobWork squares(std::size_t jobs, std::atomic<int>& runs) {
  JobWork work;
  work.jobs = jobs;
  work.counters = 3;
  work.worker = [&runs] {
    return [&runs](std::size_t job) {
      ++runs;
      return JobCounters{1, job, job * job};
    };
  };
  return work;
}

TEST(JobRunner, RunsEveryJobOnceAndAddsTheCounters) {
  for (int threads : {1, 2, 5}) {
    std::atomic<int> runs{0};
    JobWork work = squares(1000, runs);
    std::map<std::size_t, int> seen;
    std::vector<std::size_t> progress;
    work.finished = [&](std::size_t job, const JobCounters& c) {
      ++seen[job];
      EXPECT_EQ(c, (JobCounters{1, job, job * job}));
    };
    work.progress = [&](std::size_t done, std::size_t all) {
      EXPECT_EQ(all, 1000U);
      progress.push_back(done);
    };
    const auto totals = runJobs(work, threads);
    ASSERT_TRUE(totals.has_value());
    // 1000 jobs; sum of j for j < 1000 = 499500; sum of j^2 = 999*1000*1999/6 = 332833500.
    EXPECT_EQ(totals->sums, (JobCounters{1000, 499500, 332833500})) << threads << " threads";
    EXPECT_EQ(totals->resumed, 0U);
    EXPECT_EQ(runs, 1000);
    EXPECT_EQ(seen.size(), 1000U);
    for (const auto& [job, n] : seen) EXPECT_EQ(n, 1) << "job " << job;
    ASSERT_EQ(progress.size(), 1001U);  // once before the first job, then after each
    for (std::size_t i = 0; i < progress.size(); ++i) EXPECT_EQ(progress[i], i);
  }
}

TEST(JobRunner, ResumedJobsAreAddedWithoutRunning) {
  std::atomic<int> runs{0};
  JobWork work = squares(10, runs);
  // Jobs 2 and 7 come from "an earlier run" with made-up counters, which must be added as given.
  work.resume = [] {
    return std::vector<std::pair<std::size_t, JobCounters>>{{2, {1, 100, 0}}, {7, {1, 200, 0}}};
  };
  std::vector<std::size_t> ran;
  std::mutex lock;
  work.finished = [&](std::size_t job, const JobCounters&) {
    std::lock_guard guard(lock);
    ran.push_back(job);
  };
  std::vector<std::size_t> progress;
  work.progress = [&](std::size_t done, std::size_t) { progress.push_back(done); };
  const auto totals = runJobs(work, 2);
  ASSERT_TRUE(totals.has_value());
  // Run: 0,1,3,4,5,6,8,9 -> 8 jobs, j sum 36, j^2 sum 0+1+9+16+25+36+64+81 = 232.
  EXPECT_EQ(totals->sums, (JobCounters{10, 36 + 300, 232}));
  EXPECT_EQ(totals->resumed, 2U);
  EXPECT_EQ(runs, 8);
  std::sort(ran.begin(), ran.end());
  EXPECT_EQ(ran, (std::vector<std::size_t>{0, 1, 3, 4, 5, 6, 8, 9}));
  ASSERT_FALSE(progress.empty());
  EXPECT_EQ(progress.front(), 2U);
  EXPECT_EQ(progress.back(), 10U);
}

TEST(JobRunner, AFailingHookStopsTheWorkAndIsRethrown) {
  std::atomic<int> runs{0};
  JobWork work = squares(100000, runs);
  work.finished = [](std::size_t, const JobCounters&) { throw std::runtime_error("disk full"); };
  EXPECT_THROW(
      {
        try {
          runJobs(work, 2);
        } catch (const std::runtime_error& e) {
          EXPECT_STREQ(e.what(), "disk full");
          throw;
        }
      },
      std::runtime_error);
  EXPECT_LT(runs, 100000);  // it stopped handing out jobs (at most a job per thread after the failure)
}

TEST(JobRunner, WithoutMpirunItIsOneRank) {
  const RankInfo& info = rankInfo();
  EXPECT_EQ(info.rank, 0);
  EXPECT_EQ(info.ranks, 1);
  EXPECT_FALSE(info.distributed);
  EXPECT_EQ(sumOverRanks(7), 7U);
  EXPECT_GE(defaultThreadsPerRank(), 1);
}

}  // namespace
}  // namespace piecework::jobs

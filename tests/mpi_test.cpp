// SPDX-License-Identifier: Apache-2.0
// `mpirun -np N piecework count ...`: one result, from rank 0, with the threaded count's figures; a count
// whose mpirun is killed with SIGKILL resumes from its checkpoint and ends with the same figures; an error on
// rank 0 stops every rank. Skipped (with the reason) when piecework was built without MPI or mpirun is
// missing. Runs as root need mpirun's consent (OMPI_ALLOW_RUN_AS_ROOT*), and a machine with fewer cores than
// ranks needs --oversubscribe; under AddressSanitizer, leak reports from inside Open MPI are turned off for
// these runs only (detect_leaks=0).
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "support/kill_resume.hpp"
#include "support/run.hpp"

namespace piecework {
namespace {

#ifdef PIECEWORK_MPIRUN
constexpr const char* kMpirun = PIECEWORK_MPIRUN;
#else
constexpr const char* kMpirun = nullptr;
#endif

#define REQUIRE_MPIRUN()                                                                                  \
  do {                                                                                                    \
    if (kMpirun == nullptr || access(kMpirun, X_OK) != 0)                                                 \
      GTEST_SKIP() << "piecework was built without MPI or mpirun is missing (install libopenmpi-dev and " \
                      "openmpi-bin, see .ci/install-deps): the mpirun tests do not run";                  \
  } while (false)

const char* const kEnvironment[][2] = {{"OMPI_ALLOW_RUN_AS_ROOT", "1"},
                                       {"OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1"},
                                       {"ASAN_OPTIONS", "detect_leaks=0:abort_on_error=1"}};

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> result;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) result.push_back(line);
  return result;
}

// Runs `mpirun --oversubscribe -np RANKS piecework ARGS` (ARGS is shell text) with at most 5 minutes.
test::RunResult mpirun(int ranks, const std::string& args, const std::string& environment = "") {
  const std::string dir = test::tempDir();
  std::string command = environment + " ";
  for (const auto& [name, value] : kEnvironment) command += std::string(name) + "='" + value + "' ";
  command += "timeout 300 '" + std::string(kMpirun) + "' --oversubscribe -np " + std::to_string(ranks) +
             " '" + PIECEWORK_BINARY + "' " + args + " </dev/null >'" + dir + "/out' 2>'" + dir + "/err'";
  const int raw = std::system(command.c_str());
  test::RunResult r;
  if (raw != -1 && WIFEXITED(raw)) r.status = WEXITSTATUS(raw);
  r.out = test::readFile(dir + "/out");
  r.err = test::readFile(dir + "/err");
  std::filesystem::remove_all(dir);
  return r;
}

TEST(Mpi, TwoRanksPrintOneResultWithTheThreadedFigures) {
  REQUIRE_MPIRUN();
  // Published: 2339 ways to fill the 6 x 10 rectangle with the 12 pentominoes, 9356 with reflections and
  // rotations counted apart (docs: data/puzzles/pentominoes-6x10 and its sources).
  const auto r = mpirun(2, "count pentominoes-6x10 --json");
  ASSERT_EQ(r.status, 0) << r.err;
  ASSERT_EQ(lines(r.out).size(), 1U) << r.out;
  const auto json = nlohmann::json::parse(r.out);
  EXPECT_EQ(json["solutions"], 9356);
  EXPECT_EQ(json["distinct"], 2339);
  EXPECT_EQ(json["ranks"], 2);

  // The job list of 2 ranks of T threads is that of 2T threads, so even the node count agrees.
  const int threads = json["threads"];
  const auto threaded =
      test::runPiecework("count pentominoes-6x10 --threads " + std::to_string(2 * threads) + " --json");
  ASSERT_EQ(threaded.status, 0) << threaded.err;
  EXPECT_EQ(nlohmann::json::parse(threaded.out)["nodes"], json["nodes"]);

  const auto text = mpirun(2, "count pentominoes-6x10");
  ASSERT_EQ(text.status, 0) << text.err;
  const auto printed = lines(text.out);
  ASSERT_EQ(printed.size(), 2U) << text.out;
  EXPECT_EQ(printed[0], "9356 solutions, 2339 distinct up to 4 symmetries");
  EXPECT_NE(printed[1].find("on each of 2 MPI ranks"), std::string::npos) << printed[1];
}

TEST(Mpi, ThreadsInsideRanksAndOneRankAgree) {
  REQUIRE_MPIRUN();
  for (const auto& [ranks, threads] : {std::pair{1, 2}, std::pair{2, 2}, std::pair{3, 1}}) {
    const auto r = mpirun(ranks, "count soma --threads " + std::to_string(threads) + " --json");
    ASSERT_EQ(r.status, 0) << r.err;
    ASSERT_EQ(lines(r.out).size(), 1U) << r.out;
    const auto json = nlohmann::json::parse(r.out);
    // Published: 240 Soma cube solutions up to rotation and reflection, 11,520 in all.
    EXPECT_EQ(json["solutions"], 11520) << ranks << " ranks";
    EXPECT_EQ(json["distinct"], 240) << ranks << " ranks";
    EXPECT_EQ(json["ranks"], ranks);
    EXPECT_EQ(json["threads"], threads);
  }
}

TEST(Mpi, RankZeroAloneReportsProgressInOrder) {
  REQUIRE_MPIRUN();
  const auto r =
      mpirun(2, "count pentominoes-6x10 --threads 1 --progress plain --json", "PIECEWORK_PROGRESS_SECONDS=0");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(nlohmann::json::parse(r.out)["solutions"], 9356);
  const std::regex line(
      R"(counting: \d+\.\d% \((\d+)/(\d+) parts\), (?:\d+ s|\d+ min \d\d s|\d+ h \d\d min|\d+ d \d\d h)(, about (?:\d+ s|\d+ min \d\d s|\d+ h \d\d min|\d+ d \d\d h) left)?)");
  std::size_t previous = 0, shown = 0;
  for (const auto& text : lines(r.err)) {
    if (text.rfind("counting", 0) != 0) continue;  // (anything mpirun itself says)
    std::smatch m;
    ASSERT_TRUE(std::regex_match(text, m, line)) << text;
    EXPECT_GT(std::stoul(m[1]), previous) << text;
    previous = std::stoul(m[1]);
    ++shown;
  }
  EXPECT_GE(shown, 20U) << r.err;
}

TEST(Mpi, PlainRunSaysNothingAboutMpi) {
  const auto json = test::runPiecework("count soma --threads 2 --json");
  ASSERT_EQ(json.status, 0) << json.err;
  EXPECT_FALSE(nlohmann::json::parse(json.out).contains("ranks"));
  EXPECT_EQ(json.err, "");
  const auto text = test::runPiecework("count soma --threads 2");
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_EQ(text.out.find("MPI"), std::string::npos) << text.out;
  EXPECT_EQ(text.out.find("rank"), std::string::npos) << text.out;
  EXPECT_EQ(text.err, "");
}

TEST(Mpi, RankZerosCheckpointErrorStopsEveryRank) {
  REQUIRE_MPIRUN();
  const std::string dir = test::tempDir();
  const std::string file = dir + "/c";
  ASSERT_EQ(test::runPiecework("count soma --threads 2 --checkpoint '" + file + "'").status, 0);
  const auto r = mpirun(2, "count pentominoes-6x10 --checkpoint '" + file + "'");
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.status, 124) << "mpirun hung until timeout killed it";
  EXPECT_NE(r.err.find("made for another count"), std::string::npos) << r.err;
  EXPECT_EQ(r.out, "");
  std::filesystem::remove_all(dir);
}

std::vector<pid_t> childrenOf(pid_t parent) {
  std::vector<pid_t> children;
  for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
    const std::string name = entry.path().filename();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::istringstream stat(test::readFile(entry.path() / "stat"));
    std::string pid, command, state;
    pid_t ppid = 0;
    // (pid (command) state ppid ...; the command of piecework has no spaces)
    if (stat >> pid >> command >> state >> ppid && ppid == parent) children.push_back(std::stoi(pid));
  }
  return children;
}

// Published: 31,520 fillings of the 3 x 4 x 5 box, 3,940 up to its symmetries (as in checkpoint_test.cpp).
TEST(Mpi, KilledMpirunResumesFromTheCheckpointWithTheSameFigures) {
  REQUIRE_MPIRUN();
  const std::string dir = test::tempDir();
  const std::string file = dir + "/count.checkpoint";
  std::vector<std::pair<std::string, std::string>> environment;
  for (const auto& [name, value] : kEnvironment) environment.emplace_back(name, value);
  const pid_t pid =
      test::startInBackground(kMpirun,
                              {"--oversubscribe", "-np", "2", PIECEWORK_BINARY, "count", "pentacubes-3x4x5",
                               "--threads", "1", "--checkpoint", file, "--json"},
                              environment);
  ASSERT_GT(pid, 0);
  test::waitForRecords(file, 3);
  const std::vector<pid_t> ranks = childrenOf(pid);
  // The ranks die with mpirun, as when a machine goes down: left to notice that mpirun is gone, they finish
  // the count first now that records are not synced one by one (1,752 jobs in under a second).
  ASSERT_TRUE(test::killAndReap(pid)) << "the count finished before it could be killed";
  for (pid_t rank : ranks) kill(rank, SIGKILL);
  // A rank still writing to the checkpoint when the count starts again would spoil the test, so wait for
  // them (and kill them after 30 s).
  const auto ranksDeadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  for (pid_t rank : ranks) {
    while (kill(rank, 0) == 0 && std::chrono::steady_clock::now() < ranksDeadline)
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    if (kill(rank, 0) == 0) {
      ADD_FAILURE() << "rank " << rank << " outlived mpirun by 30 s";
      kill(rank, SIGKILL);
    }
  }
  const std::size_t recordedBefore = test::jobRecords(file);
  ASSERT_GE(recordedBefore, 3U);

  const auto r = mpirun(2, "count pentacubes-3x4x5 --threads 1 --checkpoint '" + file + "' --json");
  ASSERT_EQ(r.status, 0) << r.err;
  const auto json = nlohmann::json::parse(r.out);
  EXPECT_EQ(json["solutions"], 31520);
  EXPECT_EQ(json["distinct"], 3940);

  // Every job is recorded exactly once: the second run searched only what was missing.
  const std::size_t jobs = test::countCheckpointJobs(file);
  const std::vector<std::size_t> recorded = test::recordedJobs(file);
  EXPECT_EQ(std::set<std::size_t>(recorded.begin(), recorded.end()).size(), recorded.size())
      << "a job recorded twice";
  EXPECT_EQ(recorded.size(), jobs);
  EXPECT_LT(recordedBefore, jobs) << "the killed run had finished every job";

  // The same checkpoint finishes a count without mpirun too (2 threads split like 2 ranks of 1 thread).
  const auto plain =
      test::runPiecework("count pentacubes-3x4x5 --threads 2 --checkpoint '" + file + "' --json");
  ASSERT_EQ(plain.status, 0) << plain.err;
  EXPECT_EQ(nlohmann::json::parse(plain.out)["solutions"], 31520);
  EXPECT_EQ(nlohmann::json::parse(plain.out)["distinct"], 3940);
  std::filesystem::remove_all(dir);
}

// census over the same job layer: one result from rank 0, the figures of the threaded census (both methods).
TEST(Mpi, CensusOverTwoRanksGivesTheThreadedFigures) {
  REQUIRE_MPIRUN();
  for (const std::string method : {"table", "solver"}) {
    const std::string args =
        "census pentominoes-4x15 --max-given 2 --method " + method + " --threads 1 --json";
    const auto distributed = mpirun(2, args);
    ASSERT_EQ(distributed.status, 0) << distributed.err;
    ASSERT_EQ(lines(distributed.out).size(), 1U) << distributed.out;
    const auto threaded = test::runPiecework(args);
    ASSERT_EQ(threaded.status, 0) << threaded.err;
    const auto a = nlohmann::json::parse(distributed.out), b = nlohmann::json::parse(threaded.out);
    EXPECT_EQ(a["by_given"], b["by_given"]) << method;
    EXPECT_EQ(a["solutions_done"], 368) << method;
    EXPECT_EQ(a["ranks"], 2);
  }
}

}  // namespace
}  // namespace piecework

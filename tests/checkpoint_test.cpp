// `count --checkpoint FILE`: a count killed with SIGKILL and started again with the same command searches
// only the jobs not recorded and ends with the published figures; checkpoints of other counts and damaged
// ones are refused in one line with exit status 2.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "support/run.hpp"

namespace piecework {
namespace {

std::vector<std::string> readLines(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::size_t jobRecords(const std::string& path) {
  std::size_t n = 0;
  for (const auto& line : readLines(path)) n += line.rfind("job ", 0) == 0 ? 1 : 0;
  return n;
}

// Starts `piecework ARGS...` with its output thrown away; returns its process id.
pid_t start(const std::vector<std::string>& args) {
  const pid_t pid = fork();
  if (pid == 0) {
    std::vector<char*> argv;
    argv.push_back(const_cast<char*>(PIECEWORK_BINARY));
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    std::freopen("/dev/null", "w", stdout);
    std::freopen("/dev/null", "w", stderr);
    execv(PIECEWORK_BINARY, argv.data());
    _exit(127);
  }
  return pid;
}

std::string singleLine(const std::string& err) {
  return err.substr(0, err.find('\n'));
}

// Published: 31,520 fillings of the 3 x 4 x 5 box, 3,940 up to its symmetries (docs: the definition file).
TEST(Checkpoint, KilledCountResumesAndEndsWithTheSameFigures) {
  const std::string dir = test::tempDir();
  const std::string file = dir + "/count.checkpoint";
  const pid_t pid = start({"count", "pentacubes-3x4x5", "--threads", "2", "--checkpoint", file, "--json"});
  ASSERT_GT(pid, 0);
  // Kill it once a few jobs are recorded.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(300);
  while (jobRecords(file) < 3 && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  ASSERT_EQ(kill(pid, SIGKILL), 0);
  int status = 0;
  ASSERT_EQ(waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(WIFSIGNALED(status)) << "the count finished before it could be killed";
  const std::vector<std::string> before = readLines(file);
  std::size_t recordedBefore = 0;
  for (const auto& line : before) recordedBefore += line.rfind("job ", 0) == 0 ? 1 : 0;
  ASSERT_GE(recordedBefore, 3U);

  const auto r = test::runPiecework("count pentacubes-3x4x5 --threads 2 --checkpoint '" + file + "' --json");
  ASSERT_EQ(r.status, 0) << r.err;
  const auto json = nlohmann::json::parse(r.out);
  EXPECT_EQ(json["solutions"], 31520);
  EXPECT_EQ(json["distinct"], 3940);

  // The records of the killed run were kept (a torn last line aside), and every job is recorded exactly once:
  // the second run searched only what was missing.
  const std::vector<std::string> after = readLines(file);
  ASSERT_GE(after.size(), 2U);
  for (std::size_t i = 0; i + 1 < before.size(); ++i) EXPECT_EQ(after[i], before[i]);
  const std::size_t jobs = std::stoul(after[0].substr(after[0].rfind('\t') + 1));
  std::set<std::size_t> seen;
  for (std::size_t i = 1; i < after.size(); ++i) {
    std::istringstream in(after[i]);
    std::string tag;
    std::size_t job = 0;
    in >> tag >> job;
    EXPECT_EQ(tag, "job");
    EXPECT_TRUE(seen.insert(job).second) << "job " << job << " recorded twice";
    EXPECT_LT(job, jobs);
  }
  EXPECT_EQ(seen.size(), jobs);
  EXPECT_EQ(after.size(), jobs + 1);

  // Started once more, it searches nothing and gives the same figures.
  const auto again =
      test::runPiecework("count pentacubes-3x4x5 --threads 2 --checkpoint '" + file + "' --json");
  ASSERT_EQ(again.status, 0) << again.err;
  EXPECT_EQ(nlohmann::json::parse(again.out)["solutions"], 31520);
  EXPECT_EQ(readLines(file).size(), jobs + 1);
  std::filesystem::remove_all(dir);
}

TEST(Checkpoint, RefusesACheckpointOfAnotherCount) {
  const std::string dir = test::tempDir();
  const std::string file = dir + "/c";
  ASSERT_EQ(test::runPiecework("count soma --threads 2 --checkpoint '" + file + "' --json").status, 0);
  for (const std::string other : {"count pentacubes-2x3x10 --threads 2",
                                  "count soma --challenge 'TTT/.T./...|.../.../...|.../.../...' --threads 2",
                                  "count iq-link --threads 2 --challenge KAFGDF",
                                  "count iq-link --unlinked --threads 2 --challenge KAFGDF"}) {
    const auto r = test::runPiecework(other + " --checkpoint '" + file + "'");
    EXPECT_EQ(r.status, 2) << other << ": " << r.err;
    EXPECT_EQ(r.err, singleLine(r.err) + "\n") << other;
    EXPECT_NE(r.err.find("made for another count"), std::string::npos) << r.err;
  }
  std::filesystem::remove_all(dir);
}

TEST(Checkpoint, RefusesDamagedFiles) {
  const std::string dir = test::tempDir();
  const std::string file = dir + "/c";
  ASSERT_EQ(test::runPiecework("count soma --threads 2 --checkpoint '" + file + "'").status, 0);
  const std::vector<std::string> good = readLines(file);
  const std::vector<std::vector<std::string>> damaged = {
      {"not a checkpoint"},
      {good[0], "job x 1 1 1"},
      {good[0], "job 0 1 1"},
      {good[0], "job 0 1 2 3"},  // more distinct than solutions
      {good[0], "job 99999999 1 1 1"},
      {good[0], good[1], good[1]},
      {good[0], "job 0 1 1 1 1"},
  };
  for (const auto& lines : damaged) {
    std::ofstream out(file, std::ios::trunc);
    for (const auto& line : lines) out << line << "\n";
    out.close();
    const auto r = test::runPiecework("count soma --threads 2 --checkpoint '" + file + "'");
    EXPECT_EQ(r.status, 2) << lines.back() << ": " << r.out;
    EXPECT_EQ(r.err, singleLine(r.err) + "\n") << lines.back();
    EXPECT_NE(r.err.find(file), std::string::npos) << r.err;
  }
  // A torn last line (a kill while writing) is dropped, and its job searched again.
  {
    std::ofstream out(file, std::ios::trunc);
    out << good[0] << "\n" << good[1] << "\n" << good[2].substr(0, 5);
  }
  const auto r = test::runPiecework("count soma --threads 2 --checkpoint '" + file + "' --json");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(nlohmann::json::parse(r.out)["solutions"], 11520);
  EXPECT_EQ(nlohmann::json::parse(r.out)["distinct"], 240);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace piecework

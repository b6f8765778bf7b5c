// `count --checkpoint FILE`: a count killed with SIGKILL and started again with the same command searches
// only the jobs not recorded and ends with the published figures; checkpoints of other counts and damaged
// ones are refused in one line with exit status 2 and left as they were; files written by earlier versions
// resume.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "support/kill_resume.hpp"
#include "support/run.hpp"

namespace piecework {
namespace {

using test::readFile;
using test::readLines;
using test::writeFile;

std::string singleLine(const std::string& err) {
  return err.substr(0, err.find('\n'));
}

// Published: 31,520 fillings of the 3 x 4 x 5 box, 3,940 up to its symmetries (docs: the definition file).
TEST(Checkpoint, KilledCountResumesAndEndsWithTheSameFigures) {
  const std::string dir = test::tempDir();
  const std::string file = dir + "/count.checkpoint";
  const pid_t pid = test::startInBackground(
      PIECEWORK_BINARY, {"count", "pentacubes-3x4x5", "--threads", "2", "--checkpoint", file, "--json"});
  ASSERT_GT(pid, 0);
  test::waitForRecords(file, 3);  // kill it once a few jobs are recorded
  ASSERT_TRUE(test::killAndReap(pid)) << "the count finished before it could be killed";
  const std::vector<std::string> before = readLines(file);
  ASSERT_GE(test::jobRecords(file), 3U);

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
  const std::size_t jobs = test::countCheckpointJobs(file);
  const std::vector<std::size_t> recorded = test::recordedJobs(file);
  EXPECT_EQ(std::set<std::size_t>(recorded.begin(), recorded.end()).size(), recorded.size())
      << "a job recorded twice";
  for (std::size_t job : recorded) EXPECT_LT(job, jobs);
  EXPECT_EQ(recorded.size(), jobs);

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
  const std::string soma = readFile(file);
  for (const std::string other : {"count pentacubes-2x3x10 --threads 2",
                                  "count soma --challenge 'TTT/.T./...|.../.../...|.../.../...' --threads 2",
                                  "count iq-link --threads 2 --challenge KAFGDF",
                                  "count iq-link --unlinked --threads 2 --challenge KAFGDF"}) {
    const auto r = test::runPiecework(other + " --checkpoint '" + file + "'");
    EXPECT_EQ(r.status, 2) << other << ": " << r.err;
    EXPECT_EQ(r.err, singleLine(r.err) + "\n") << other;
    EXPECT_NE(r.err.find("made for another count"), std::string::npos) << r.err;
    EXPECT_EQ(readFile(file), soma) << other;
  }
  // The same count split into another number of jobs (the header's last field).
  std::string otherSplit = soma;
  otherSplit.replace(otherSplit.find('\n') - 3, 3, "999");
  writeFile(file, otherSplit);
  const auto r = test::runPiecework("count soma --threads 2 --checkpoint '" + file + "'");
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_EQ(r.err, singleLine(r.err) + "\n");
  EXPECT_NE(r.err.find("split into 999 jobs"), std::string::npos) << r.err;
  EXPECT_EQ(readFile(file), otherSplit);
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
  // Each as it is and with a torn line after it: refused, and left as it was (nothing is cut off a file that
  // is not this count's).
  for (const auto& lines : damaged) {
    std::string text;
    for (const auto& line : lines) text += line + "\n";
    for (const std::string& torn : {text, text + "job 3 0"}) {
      writeFile(file, torn);
      const auto r = test::runPiecework("count soma --threads 2 --checkpoint '" + file + "'");
      EXPECT_EQ(r.status, 2) << lines.back() << ": " << r.out;
      EXPECT_EQ(r.err, singleLine(r.err) + "\n") << lines.back();
      EXPECT_NE(r.err.find(file), std::string::npos) << r.err;
      EXPECT_EQ(readFile(file), torn);
    }
  }
  // A torn last line (a kill while writing) is dropped, and its job searched again.
  writeFile(file, good[0] + "\n" + good[1] + "\n" + good[2].substr(0, 5));
  const auto r = test::runPiecework("count soma --threads 2 --checkpoint '" + file + "' --json");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(nlohmann::json::parse(r.out)["solutions"], 11520);
  EXPECT_EQ(nlohmann::json::parse(r.out)["distinct"], 240);
  EXPECT_EQ(readLines(file)[1], good[1]);
  std::filesystem::remove_all(dir);
}

// A file that is not a checkpoint is refused and left alone, even one line without a newline (which could be
// a torn header) or one whose last line has none; so is a device, which would keep nothing.
TEST(Checkpoint, LeavesOtherFilesAlone) {
  const std::string dir = test::tempDir();
  const std::string file = dir + "/notes.txt";
  for (const std::string notes : {"my notes, no newline", "line one\nline two, no newline",
                                  "piecework-count-checkpoint 1\tpuzzle=pentominoes-6x10 sites=6"}) {
    writeFile(file, notes);
    const auto r = test::runPiecework("count soma --threads 2 --checkpoint '" + file + "'");
    EXPECT_EQ(r.status, 2) << notes << ": " << r.out;
    EXPECT_EQ(r.err, singleLine(r.err) + "\n") << notes;
    EXPECT_NE(r.err.find(file + ":1:"), std::string::npos) << r.err;
    EXPECT_EQ(readFile(file), notes);
  }
  const auto r = test::runPiecework("count soma --threads 2 --checkpoint /dev/null");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_EQ(r.err, "piecework: checkpoint /dev/null: not a regular file\n");
  std::filesystem::remove_all(dir);
}

// A checkpoint written by piecework before count and census shared their checkpoint code (cli/checkpoint.cpp
// of then), copied as it was: 8 finished jobs of the Soma cube's 356 (2 threads), and a torn ninth.
TEST(Checkpoint, ResumesAFileOfTheFormerFormat) {
  const std::string dir = test::tempDir();
  const std::string file = dir + "/soma.checkpoint";
  const std::string recorded =
      "piecework-count-checkpoint 1\tpuzzle=soma sites=27 placements=688 givens=- linked=0\t356\n"
      "job 0 0 0 1\njob 1 96 2 6\njob 2 0 0 1\njob 3 0 0 1\njob 4 0 0 1\njob 5 48 1 4\njob 6 0 0 1\n"
      "job 7 48 1 4\n";
  writeFile(file, recorded + "job 9 0 0");
  const auto r = test::runPiecework("count soma --threads 2 --checkpoint '" + file + "' --json");
  ASSERT_EQ(r.status, 0) << r.err;
  // Published: 240 Soma cube solutions up to rotation and reflection, 11,520 in all.
  EXPECT_EQ(nlohmann::json::parse(r.out)["solutions"], 11520);
  EXPECT_EQ(nlohmann::json::parse(r.out)["distinct"], 240);
  // The old records stay as they were, the torn line is gone, and the rest was searched once each.
  EXPECT_EQ(readFile(file).substr(0, recorded.size()), recorded);
  const std::vector<std::size_t> jobs = test::recordedJobs(file);
  EXPECT_EQ(jobs.size(), 356U);
  EXPECT_EQ(std::set<std::size_t>(jobs.begin(), jobs.end()).size(), 356U);
  EXPECT_EQ(*std::max_element(jobs.begin(), jobs.end()), 355U);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace piecework

// SPDX-License-Identifier: Apache-2.0
// `count --checkpoint FILE`: a count killed with SIGKILL and started again with the same command searches
// only the jobs not recorded and ends with the published figures; checkpoints of other counts and damaged
// ones are refused in one line with exit status 2 and left as they were; a record that does not verify (its
// checksum or its bounds) is dropped and its job searched again.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
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

// Issue 31, item 7 (found by fuzz/checkpoint.cpp): a header made for other work is echoed in the error, and a
// fingerprint of bytes that are not UTF-8 (4 bytes each once escaped) made a line of several KB. Every error
// line is at most 400 bytes.
TEST(Checkpoint, AForeignFingerprintIsEchoedInOneBoundedLine) {
  const std::string dir = test::tempDir();
  const std::string file = dir + "/c";
  ASSERT_EQ(test::runPiecework("count soma --threads 2 --checkpoint '" + file + "' --json").status, 0);
  std::string foreign = readFile(file);
  const auto tab = foreign.find('\t');
  ASSERT_NE(tab, std::string::npos);
  std::string fingerprint = "puzzle=";
  for (int i = 0; i < 300; ++i) fingerprint += "\xff\x8f\x8f w";
  foreign.replace(tab + 1, foreign.find('\t', tab + 1) - tab - 1, fingerprint);
  writeFile(file, foreign);
  const auto r = test::runPiecework("count soma --threads 2 --checkpoint '" + file + "'");
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_EQ(r.err, singleLine(r.err) + "\n");
  EXPECT_LE(r.err.size(), 401U) << r.err;
  EXPECT_NE(r.err.find("made for another count (puzzle=\\xff\\x8f\\x8f w"), std::string::npos) << r.err;
  EXPECT_EQ(readFile(file), foreign);
  std::filesystem::remove_all(dir);
}

// FNV-1a 64 as 16 hex digits, written here again so that the checksums the file carries are checked against
// their definition rather than against the code under test.
std::string fnv1a(const std::string& text) {
  std::uint64_t hash = 14695981039346656037ULL;
  for (const char c : text) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 1099511628211ULL;
  }
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(hash));
  return hex;
}

std::string withChecksum(const std::string& record) {
  return record + " #" + fnv1a(record);
}

// Soma: 11,520 solutions, 240 distinct (published).
void expectSomaFigures(const test::RunResult& r) {
  ASSERT_EQ(r.status, 0) << r.err;
  const auto json = nlohmann::json::parse(r.out);
  EXPECT_EQ(json["solutions"], 11520);
  EXPECT_EQ(json["distinct"], 240);
}

// Every record line carries the FNV-1a 64 of its text.
TEST(Checkpoint, RecordsCarryTheirChecksum) {
  const std::string dir = test::tempDir();
  const std::string file = dir + "/c";
  ASSERT_EQ(test::runPiecework("count soma --threads 2 --checkpoint '" + file + "'").status, 0);
  const std::vector<std::string> lines = readLines(file);
  ASSERT_EQ(lines.size(), test::countCheckpointJobs(file) + 1);
  for (std::size_t i = 1; i < lines.size(); ++i) {
    const std::size_t mark = lines[i].rfind(" #");
    ASSERT_NE(mark, std::string::npos) << lines[i];
    EXPECT_EQ(lines[i].substr(mark + 2), fnv1a(lines[i].substr(0, mark))) << lines[i];
  }
  std::filesystem::remove_all(dir);
}

// Issue 31, S3: a record's figures were trusted, so an edited one changed the result (`job 1 96` made `job 1
// 97`: 11521 solutions, exit 0). A record that does not verify is dropped and its job searched again.
TEST(Checkpoint, AnEditedRecordIsSearchedAgain) {
  const std::string dir = test::tempDir();
  const std::string file = dir + "/c.ckpt";
  const std::string command = "count soma --checkpoint '" + file + "' --threads 1 --json";
  expectSomaFigures(test::runPiecework(command));
  std::vector<std::string> lines = readLines(file);
  ASSERT_TRUE(lines[2].starts_with("job 1 96 ")) << lines[2];
  lines[2].replace(0, 9, "job 1 97 ");
  std::string text;
  for (const auto& line : lines) text += line + "\n";
  writeFile(file, text);
  const auto r = test::runPiecework(command);
  expectSomaFigures(r);
  EXPECT_EQ(r.err,
            "piecework: checkpoint " + file +
                ": 1 job record did not verify (damaged, edited or of an older piecework) and its job is "
                "searched again\n");
  // The file was written again without it, and job 1 recorded anew: each job once.
  const std::vector<std::size_t> recorded = test::recordedJobs(file);
  EXPECT_EQ(recorded.size(), test::countCheckpointJobs(file));
  EXPECT_EQ(std::set<std::size_t>(recorded.begin(), recorded.end()).size(), recorded.size());
  EXPECT_EQ(readFile(file).find("job 1 97 "), std::string::npos);
  // A record with a good checksum whose figures break the job's own bounds goes too. Job 1 of this split
  // enumerates 2 solutions, each standing for 48 (the Soma cube's 48 symmetries: 96 solutions, 2 distinct),
  // so its solutions are a multiple of 48 and its distinct ones at most solutions / 48.
  for (const char* forged : {"job 1 97 2 6", "job 1 96 3 6", "job 1 2 3 6"}) {
    lines[2] = withChecksum(forged);
    text.clear();
    for (const auto& line : lines) text += line + "\n";
    writeFile(file, text);
    const auto forgedRun = test::runPiecework(command);
    expectSomaFigures(forgedRun);
    EXPECT_NE(forgedRun.err.find("1 job record did not verify"), std::string::npos)
        << forged << forgedRun.err;
  }
  std::filesystem::remove_all(dir);
}

// A checkpoint copied through Windows line endings (CR LF) reads as it was: every record verifies and no job
// is searched again (it was refused for a header "split as ...\r").
TEST(Checkpoint, WindowsLineEndingsReadTheSame) {
  const std::string dir = test::tempDir();
  const std::string file = dir + "/c.ckpt";
  const std::string command = "count soma --checkpoint '" + file + "' --threads 1 --json";
  expectSomaFigures(test::runPiecework(command));
  std::string text;
  for (const auto& line : readLines(file)) text += line + "\r\n";
  writeFile(file, text);
  const auto r = test::runPiecework(command);
  expectSomaFigures(r);
  EXPECT_EQ(r.err, "") << r.err;
  std::filesystem::remove_all(dir);
}

TEST(Checkpoint, RefusesDamagedFiles) {
  const std::string dir = test::tempDir();
  const std::string file = dir + "/c";
  ASSERT_EQ(test::runPiecework("count soma --threads 2 --checkpoint '" + file + "'").status, 0);
  const std::vector<std::string> good = readLines(file);
  // Refused: not a checkpoint, a job recorded twice (two writers?), a verified record of a job out of range.
  const std::vector<std::vector<std::string>> refused = {
      {"not a checkpoint"},
      {good[0], good[1], good[1]},
      {good[0], withChecksum("job 99999999 1 1 1")},
      {good[0], withChecksum("job 0 1 1 1 1")},
  };
  // Each as it is and with a torn line after it: refused, and left as it was (nothing is cut off a file that
  // is not this count's).
  for (const auto& lines : refused) {
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
  // Dropped, their jobs searched again: records that do not verify.
  for (const std::string& damaged :
       {std::string("job x 1 1 1"), std::string("job 0 1 1"), std::string("job 99999999 1 1 1"),
        good[1].substr(0, good[1].size() - 1), withChecksum("job 0 1 1") + "0"}) {
    writeFile(file, good[0] + "\n" + damaged + "\n" + good[2] + "\n");
    const auto r = test::runPiecework("count soma --threads 2 --checkpoint '" + file + "' --json");
    expectSomaFigures(r);
    EXPECT_EQ(r.err, singleLine(r.err) + "\n") << damaged;
    EXPECT_NE(r.err.find("1 job record did not verify"), std::string::npos) << r.err;
    EXPECT_EQ(readLines(file)[1], good[2]) << damaged;
    EXPECT_EQ(test::recordedJobs(file).size(), test::countCheckpointJobs(file)) << damaged;
  }
  // A torn last line (a kill while writing) is dropped, and its job searched again.
  writeFile(file, good[0] + "\n" + good[1] + "\n" + good[2].substr(0, 5));
  const auto r = test::runPiecework("count soma --threads 2 --checkpoint '" + file + "' --json");
  expectSomaFigures(r);
  EXPECT_EQ(r.err, "");
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

// A checkpoint written by piecework before count and census shared their checkpoint code (jobs/checkpoint.cpp
// of then), copied as it was: 8 finished jobs of the Soma cube's 356 (2 threads), and a torn ninth. Its
// records carry no checksum, so they cannot be told from edited ones: each is dropped and its job searched
// again, and the figures are right.
TEST(Checkpoint, AFileOfTheFormerFormatIsSearchedAgain) {
  const std::string dir = test::tempDir();
  const std::string file = dir + "/soma.checkpoint";
  const std::string header =
      "piecework-count-checkpoint 1\tpuzzle=soma sites=27 placements=688 givens=- linked=0\t356\n";
  const std::string recorded =
      header +
      "job 0 0 0 1\njob 1 96 2 6\njob 2 0 0 1\njob 3 0 0 1\njob 4 0 0 1\njob 5 48 1 4\njob 6 0 0 1\n"
      "job 7 48 1 4\n";
  writeFile(file, recorded + "job 9 0 0");
  const auto r = test::runPiecework("count soma --threads 2 --checkpoint '" + file + "' --json");
  // Published: 240 Soma cube solutions up to rotation and reflection, 11,520 in all.
  expectSomaFigures(r);
  EXPECT_NE(r.err.find("8 job records did not verify"), std::string::npos) << r.err;
  // The header stays; every job is recorded once, with its checksum.
  EXPECT_EQ(readFile(file).substr(0, header.size()), header);
  const std::vector<std::size_t> jobs = test::recordedJobs(file);
  EXPECT_EQ(jobs.size(), 356U);
  EXPECT_EQ(std::set<std::size_t>(jobs.begin(), jobs.end()).size(), 356U);
  EXPECT_EQ(readFile(file).find("job 1 96 2 6\n"), std::string::npos);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace piecework

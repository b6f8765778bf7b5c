// `count --checkpoint FILE`: an append-only record of the finished jobs of one count, so that a count that
// was killed and started again with the same command searches only what was not finished.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "solver/solver.hpp"

namespace piecework::cli {

// The file holds a header line naming what is counted (the fingerprint) and how many jobs the count has, then
// one line per finished job. Each line is written whole and synced to disk before the count goes on, so a
// crash loses at most the job in progress; a torn last line is dropped on the next start.
class CountCheckpoint {
 public:
  // Opens (or creates) the file. Throws InputError when it is not a checkpoint, is damaged, or was made for a
  // different count (another fingerprint).
  CountCheckpoint(std::string path, std::string fingerprint);
  ~CountCheckpoint();
  CountCheckpoint(const CountCheckpoint&) = delete;
  CountCheckpoint& operator=(const CountCheckpoint&) = delete;

  // For CountOptions::resume: checks the number of jobs against the file's (writing it to a new file) and
  // returns the jobs recorded as finished.
  std::vector<std::pair<std::size_t, JobCounts>> resume(std::size_t jobs);
  // For CountOptions::finished: appends one job's record and syncs it.
  void record(std::size_t job, const JobCounts& counts);

 private:
  std::string path_;
  std::string fingerprint_;
  int fd_ = -1;
  bool hasHeader_ = false;
  std::size_t jobs_ = 0;
  std::vector<std::pair<std::size_t, JobCounts>> finished_;
  void append(const std::string& line);
};

// What a checkpoint belongs to: the puzzle (name, sites, placements), the givens and the rules.
std::string countFingerprint(const Puzzle& puzzle, const std::vector<int>& givens, const Rules& rules);

}  // namespace piecework::cli

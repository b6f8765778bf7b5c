// `census --checkpoint FILE`: an append-only record of the finished jobs of one census, so that a census that
// was killed and started again with the same command goes through only what was not finished. The same idea
// as count's checkpoint (cli/checkpoint.hpp), with a fixed-size vector of counters per job.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace piecework::cli {

// The file holds a header line naming the census (the fingerprint), its number of jobs and of counters per
// job, then one line per finished job. Each line is written whole and synced to disk before the census goes
// on, so a crash loses at most the jobs in progress; a torn last line is dropped on the next start.
class CensusCheckpoint {
 public:
  using Counters = std::vector<std::uint64_t>;
  // Opens (or creates) the file. Throws InputError when it is not a census checkpoint, is damaged, or was
  // made for a different census (another fingerprint, number of jobs or of counters).
  CensusCheckpoint(std::string path, std::string fingerprint, std::size_t jobs, std::size_t counters);
  ~CensusCheckpoint();
  CensusCheckpoint(const CensusCheckpoint&) = delete;
  CensusCheckpoint& operator=(const CensusCheckpoint&) = delete;

  // The jobs recorded as finished (index, counters).
  const std::vector<std::pair<std::size_t, Counters>>& finished() const { return finished_; }
  // Appends one job's record and syncs it.
  void record(std::size_t job, const Counters& counters);

 private:
  std::string path_;
  int fd_ = -1;
  std::vector<std::pair<std::size_t, Counters>> finished_;
  void append(const std::string& line);
};

}  // namespace piecework::cli

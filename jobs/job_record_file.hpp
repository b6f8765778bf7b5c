// SPDX-License-Identifier: Apache-2.0
// The file behind `--checkpoint FILE` (count and census): an append-only record of the finished jobs of one
// piece of work, so that the work, killed and started again with the same command, does only what is missing.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace piecework::jobs {

// What the file is for. Its first line is `MAGIC<tab>FINGERPRINT<tab>SHAPE`, then one line `job INDEX C1 ...
// CK #CHECKSUM` per finished job, K = counters, CHECKSUM the FNV-1a 64 of the text before " #" (16 lower-case
// hex digits).
struct JobRecordLayout {
  std::string kind;          // what the jobs belong to, in messages: "count", "census"
  std::string magic;         // names the format and its version, e.g. "piecework-count-checkpoint 1"
  std::string fingerprint;   // which work this is (no tab, no newline)
  std::string shape;         // how the work is split, e.g. the number of jobs (no tab, no newline)
  std::size_t jobs = 0;      // records name jobs 0..jobs-1
  std::size_t counters = 0;  // and carry this many counters each
  // Optional: the one-line reason why a header of the same work (magic and fingerprint) but another shape is
  // refused; without it the message names both shapes.
  std::function<std::string(const std::string& shape)> whyOtherShape;
  // Optional: why a record that reads well breaks the job's own bounds ("" when it is fine); such a record is
  // dropped and its job searched again.
  std::function<std::string(std::size_t job, const std::vector<std::uint64_t>& counters)> whyBadRecord;
};

// Each line is written whole before the work goes on, so a killed run loses at most the jobs in progress; it
// is synced to disk at most once a second (record), so a power cut may lose a little more, searched again. On
// opening, the whole file is checked before anything in it changes: a file that is not this work's record is
// refused and left as it was; in one that is, a torn last line (a kill while writing it) is cut off, and a
// record whose checksum or bounds do not verify is dropped (with one line on stderr); their jobs run again.
class JobRecordFile {
 public:
  using Counters = std::vector<std::uint64_t>;
  using Record = std::pair<std::size_t, Counters>;

  // Opens (or creates, writing the header) the file. Throws InputError, naming the file and line, when it is
  // not a checkpoint of this kind, is damaged, or was made for other work (fingerprint or shape).
  JobRecordFile(std::string path, JobRecordLayout layout);

  // The jobs recorded as finished, in the file's order.
  const std::vector<Record>& finished() const { return finished_; }
  // Appends one job's record (layout.counters counters), synced to disk with it when the last sync is a
  // second old or more, else later (a later record, or closing). Throws InputError when it cannot.
  void record(std::size_t job, const Counters& counters);

 private:
  // Closes the file however the object ends, even when the constructor throws.
  struct FileDescriptor {
    int fd = -1;
    FileDescriptor() = default;
    FileDescriptor(const FileDescriptor&) = delete;
    FileDescriptor& operator=(const FileDescriptor&) = delete;
    ~FileDescriptor();
  };

  std::string path_;
  JobRecordLayout layout_;
  FileDescriptor file_;
  std::vector<Record> finished_;

  std::size_t dropped_ = 0;                           // records that did not verify when the file was opened
  std::chrono::steady_clock::time_point lastSync_{};  // of the records appended (append)

  void checkHeader(const std::string& line, const std::string& header) const;
  // Nothing when the record breaks layout_.whyBadRecord (the job is searched again).
  std::optional<Record> readRecord(const std::string& line, int number, std::vector<bool>& seen) const;
  void append(const std::string& line);
  std::runtime_error ioFailure(const char* what) const;  // (errno says why)
};

}  // namespace piecework::jobs

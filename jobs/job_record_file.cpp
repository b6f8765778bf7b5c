// SPDX-License-Identifier: Apache-2.0
#include "jobs/job_record_file.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <optional>
#include <sstream>
#include <stdexcept>

#include "puzzle/errors.hpp"
#include "puzzle/limits.hpp"

namespace piecework::jobs {
namespace {

constexpr std::size_t kDigits = 20;  // of the largest 64-bit number

bool readUnsigned(std::istringstream& in, std::uint64_t& value) {
  std::string word;
  if (!(in >> word) || word.empty() || word.size() > kDigits ||
      word.find_first_not_of("0123456789") != std::string::npos)
    return false;
  errno = 0;
  char* end = nullptr;
  value = std::strtoull(word.c_str(), &end, 10);
  return errno == 0 && *end == '\0';
}

// FNV-1a 64 of `text`, 16 lower-case hex digits: fixed by its definition, so any build reads any file.
std::string checksum(std::string_view text) {
  std::uint64_t hash = 14695981039346656037ULL;
  for (const char c : text) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 1099511628211ULL;
  }
  return fmt::format("{:016x}", hash);
}

constexpr std::string_view kChecksumMark = " #";
constexpr std::size_t kChecksumLength = kChecksumMark.size() + 16;

// The record `line` carries before its checksum, or nothing when the checksum is missing or does not match.
std::optional<std::string> verifiedContent(const std::string& line) {
  if (line.size() < kChecksumLength) return std::nullopt;
  const std::size_t mark = line.size() - kChecksumLength;
  if (std::string_view(line).substr(mark, kChecksumMark.size()) != kChecksumMark) return std::nullopt;
  std::string content = line.substr(0, mark);
  if (line.compare(mark + kChecksumMark.size(), std::string::npos, checksum(content)) != 0)
    return std::nullopt;
  return content;
}

}  // namespace

JobRecordFile::FileDescriptor::~FileDescriptor() {
  if (fd < 0) return;
  ::fsync(fd);  // the records written since the last sync (append)
  ::close(fd);
}

JobRecordFile::JobRecordFile(std::string path, JobRecordLayout layout)
    : path_(std::move(path)), layout_(std::move(layout)) {
  auto fail = [&](const char* what) { return ioFailure(what); };
  auto bad = [&](int line, const std::string& what) {
    return InputError(fmt::format("checkpoint {}:{}: {}", path_, line, what));
  };
  file_.fd = ::open(path_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  // A path that names no place to keep a file is bad input; a disk that cannot take it is not.
  if (file_.fd < 0) {
    if (errno == ENOSPC || errno == EDQUOT || errno == EIO) throw fail("cannot create");
    throw InputError(fmt::format("checkpoint {}: cannot open: {}", path_, std::strerror(errno)));
  }
  struct stat info {};
  if (::fstat(file_.fd, &info) != 0) throw fail("cannot read");
  // (a device such as /dev/zero or /dev/null would be endless or keep nothing)
  if (!S_ISREG(info.st_mode)) throw InputError(fmt::format("checkpoint {}: not a regular file", path_));

  // Every job's record at its longest, and a torn one: a longer file is not this work's.
  const std::string header = fmt::format("{}\t{}\t{}", layout_.magic, layout_.fingerprint, layout_.shape);
  const std::size_t longestRecord = 4 + kDigits + layout_.counters * (1 + kDigits) + kChecksumLength + 1;
  const std::size_t maxBytes = header.size() + 1 + (layout_.jobs + 1) * longestRecord;
  std::string text;
  auto tooLarge = [&] {
    const std::size_t end = text.find('\n');
    if (end != std::string::npos) checkHeader(text.substr(0, end), header);  // (other work's file says so)
    return InputError(fmt::format("checkpoint {}: too large to be a {} checkpoint", path_, layout_.kind));
  };
  char buffer[65536];
  for (;;) {
    const ssize_t n = ::read(file_.fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw fail("cannot read");
    if (n == 0) break;
    text.append(buffer, static_cast<std::size_t>(n));
    if (text.size() > maxBytes) throw tooLarge();
  }

  // Everything is checked before anything is changed, so a file that is not ours is left alone.
  const std::size_t newline = text.rfind('\n');
  const std::size_t complete = newline == std::string::npos ? 0 : newline + 1;
  if (complete == 0 && !text.empty() && header.rfind(text, 0) != 0)  // (a torn header is a prefix of ours)
    throw bad(1, text.rfind(layout_.magic + "\t", 0) == 0
                     ? fmt::format("made for another {} (its header is cut short)", layout_.kind)
                     : fmt::format("not a piecework {} checkpoint", layout_.kind));
  std::istringstream lines(text.substr(0, complete));
  std::string line;
  std::vector<bool> seen(layout_.jobs, false);
  std::string kept = header + "\n";  // the header and the records that verify
  for (int number = 1; std::getline(lines, line); ++number) {
    if (!line.empty() && line.back() == '\r')
      line.pop_back();  // a copy given Windows line endings reads the same
    if (number == 1) {
      checkHeader(line, header);
      continue;
    }
    // A record whose checksum does not verify (damaged, edited, or written before records had one), or whose
    // figures break the job's own bounds, is dropped: its job is searched again, so the result stays right.
    const std::optional<std::string> content = verifiedContent(line);
    std::optional<Record> record;
    if (content) record = readRecord(*content, number, seen);
    if (!record) {
      ++dropped_;
      continue;
    }
    finished_.push_back(std::move(*record));
    kept += line + "\n";
  }

  // The file is this work's. With a record dropped it is written again in place: every line left verifies on
  // its own, so a kill half-way leaves a file that still reads right (at worst with fewer jobs in it). A torn
  // last line goes (its job runs again); a new file gets its header.
  if (dropped_ > 0) {
    if (::ftruncate(file_.fd, 0) != 0) throw fail("cannot truncate");
    if (::lseek(file_.fd, 0, SEEK_SET) < 0) throw fail("cannot seek");
    append(kept);
    std::cerr
        << errorLine(fmt::format(
               "piecework: checkpoint {}: {} job record{} did not verify (damaged, edited or of an older "
               "piecework) and {} searched again",
               path_, dropped_, dropped_ == 1 ? "" : "s", dropped_ == 1 ? "its job is" : "their jobs are"))
        << '\n';
    return;
  }
  if (complete < text.size() && ::ftruncate(file_.fd, static_cast<off_t>(complete)) != 0)
    throw fail("cannot truncate");
  if (::lseek(file_.fd, 0, SEEK_END) < 0) throw fail("cannot seek");
  if (complete == 0) append(header + "\n");
}

void JobRecordFile::checkHeader(const std::string& line, const std::string& header) const {
  if (line == header) return;
  auto bad = [&](const std::string& what) {
    return InputError(fmt::format("checkpoint {}:1: {}", path_, what));
  };
  const std::string prefix = layout_.magic + "\t";
  if (line.rfind(prefix, 0) != 0) throw bad(fmt::format("not a piecework {} checkpoint", layout_.kind));
  const std::size_t tab = line.rfind('\t');
  if (tab < prefix.size()) throw bad("damaged header");
  const std::string fingerprint = line.substr(prefix.size(), tab - prefix.size());
  if (fingerprint != layout_.fingerprint)
    throw bad(fmt::format("made for another {} ({}); this {} is {}", layout_.kind, fingerprint, layout_.kind,
                          layout_.fingerprint));
  const std::string shape = line.substr(tab + 1);
  throw bad(layout_.whyOtherShape ? layout_.whyOtherShape(shape)
                                  : fmt::format("made for a {} split as {}; this one is split as {}",
                                                layout_.kind, shape, layout_.shape));
}

std::optional<JobRecordFile::Record> JobRecordFile::readRecord(const std::string& line, int number,
                                                               std::vector<bool>& seen) const {
  auto bad = [&](const std::string& what) {
    return InputError(fmt::format("checkpoint {}:{}: {}", path_, number, what));
  };
  std::istringstream in(line);
  std::string tag, rest;
  std::uint64_t job = 0;
  Counters values(layout_.counters, 0);
  bool ok = (in >> tag) && tag == "job" && readUnsigned(in, job);
  for (std::size_t i = 0; ok && i < values.size(); ++i) ok = readUnsigned(in, values[i]);
  if (!ok || (in >> rest)) throw bad("damaged job record");
  if (job >= layout_.jobs)
    throw bad(fmt::format("job {} is out of range (the {} has {} jobs)", job, layout_.kind, layout_.jobs));
  if (layout_.whyBadRecord && !layout_.whyBadRecord(job, values).empty()) return std::nullopt;
  if (seen[job]) throw bad(fmt::format("job {} is recorded twice", job));
  seen[job] = true;
  return Record{static_cast<std::size_t>(job), std::move(values)};
}

void JobRecordFile::record(std::size_t job, const Counters& counters) {
  if (job >= layout_.jobs || counters.size() != layout_.counters)  // (the file would no longer read back)
    throw std::logic_error(fmt::format("checkpoint {}: job {} with {} counters does not fit the file", path_,
                                       job, counters.size()));
  std::string line = fmt::format("job {}", job);
  for (std::uint64_t c : counters) line += fmt::format(" {}", c);
  append(fmt::format("{}{}{}\n", line, kChecksumMark, checksum(line)));
}

// Reading, writing or syncing the file failed: the disk is full or failing, not the input bad (exit 1, as
// every I/O failure; issue 44, F5).
std::runtime_error JobRecordFile::ioFailure(const char* what) const {
  const int error = errno;
  return std::runtime_error(
      fmt::format("checkpoint {}: {}: {}{}", path_, what, std::strerror(error),
                  error == ENOSPC || error == EFBIG || error == EDQUOT
                      ? " (the records written so far are kept; run again with more room)"
                      : ""));
}

void JobRecordFile::append(const std::string& line) {
  std::size_t written = 0;
  while (written < line.size()) {
    const ssize_t n = ::write(file_.fd, line.data() + written, line.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw ioFailure("cannot write");
    written += static_cast<std::size_t>(n);
  }
  // A record written is safe from a kill at once (it is in the kernel's cache); syncing guards against a
  // power cut. A sync per record made a short count slow (pentominoes-6x10, 795 jobs: 0.16 s against 0.04 s,
  // 2.2 s on a busy disk; BENCHMARKS.md), so a record is synced with the first one a second or more after the
  // last sync, and on closing: a power cut loses the records since then, whose jobs are searched again.
  const auto now = std::chrono::steady_clock::now();
  if (now - lastSync_ < std::chrono::seconds(1)) return;
  if (::fsync(file_.fd) != 0) throw ioFailure("cannot sync");
  lastSync_ = now;
}

}  // namespace piecework::jobs

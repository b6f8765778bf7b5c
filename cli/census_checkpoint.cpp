#include "cli/census_checkpoint.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <set>
#include <sstream>

#include "puzzle/errors.hpp"

namespace piecework::cli {
namespace {

constexpr const char* kMagic = "piecework-census-checkpoint 1";
constexpr std::size_t kMaxFileBytes = std::size_t{256} << 20;  // 65,536 jobs of a few hundred counters

bool readUnsigned(std::istringstream& in, std::uint64_t& value) {
  std::string word;
  if (!(in >> word) || word.empty() || word.size() > 20 ||
      word.find_first_not_of("0123456789") != std::string::npos)
    return false;
  errno = 0;
  char* end = nullptr;
  value = std::strtoull(word.c_str(), &end, 10);
  return errno == 0 && *end == '\0';
}

}  // namespace

CensusCheckpoint::CensusCheckpoint(std::string path, std::string fingerprint, std::size_t jobs,
                                   std::size_t counters)
    : path_(std::move(path)) {
  fd_ = ::open(path_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd_ < 0) throw InputError(fmt::format("checkpoint {}: cannot open: {}", path_, std::strerror(errno)));
  std::string text;
  char buffer[65536];
  for (;;) {
    const ssize_t n = ::read(fd_, buffer, sizeof buffer);
    if (n < 0) throw InputError(fmt::format("checkpoint {}: cannot read: {}", path_, std::strerror(errno)));
    if (n == 0) break;
    text.append(buffer, static_cast<std::size_t>(n));
    if (text.size() > kMaxFileBytes)
      throw InputError(fmt::format("checkpoint {}: too large to be a checkpoint", path_));
  }
  const std::string header = fmt::format("{}\t{}\tjobs={} counters={}", kMagic, fingerprint, jobs, counters);
  // A torn last line (the census was killed while writing it) is cut off: its job runs again.
  const std::size_t complete = text.rfind('\n') == std::string::npos ? 0 : text.rfind('\n') + 1;
  if (complete == 0 && !text.empty() && header.rfind(text, 0) != 0)  // (a torn header is a prefix of ours)
    throw InputError(fmt::format("checkpoint {}:1: not a piecework census checkpoint", path_));
  std::istringstream lines(text.substr(0, complete));
  std::string line;
  std::set<std::size_t> seen;
  bool hasHeader = false;
  for (int number = 1; std::getline(lines, line); ++number) {
    auto bad = [&](const std::string& what) {
      return InputError(fmt::format("checkpoint {}:{}: {}", path_, number, what));
    };
    if (number == 1) {
      if (line.rfind(std::string(kMagic) + "\t", 0) != 0) throw bad("not a piecework census checkpoint");
      if (line != header)
        throw bad(fmt::format("made for another census ({}); this census is {}\tjobs={} counters={}",
                              line.substr(std::strlen(kMagic) + 1), fingerprint, jobs, counters));
      hasHeader = true;
      continue;
    }
    std::istringstream in(line);
    std::string tag, rest;
    std::uint64_t job = 0;
    Counters values(counters, 0);
    bool ok = (in >> tag) && tag == "job" && readUnsigned(in, job);
    for (std::size_t i = 0; ok && i < counters; ++i) ok = readUnsigned(in, values[i]);
    if (!ok || (in >> rest)) throw bad("damaged job record");
    if (job >= jobs) throw bad(fmt::format("job {} is out of range (the census has {} jobs)", job, jobs));
    if (!seen.insert(job).second) throw bad(fmt::format("job {} is recorded twice", job));
    finished_.emplace_back(job, std::move(values));
  }
  // Only now, with the file known to be this census's, is anything changed in it.
  if (complete < text.size() && ::ftruncate(fd_, static_cast<off_t>(complete)) != 0)
    throw InputError(fmt::format("checkpoint {}: cannot truncate: {}", path_, std::strerror(errno)));
  if (::lseek(fd_, 0, SEEK_END) < 0)
    throw InputError(fmt::format("checkpoint {}: cannot seek: {}", path_, std::strerror(errno)));
  if (!hasHeader) append(header + "\n");
}

CensusCheckpoint::~CensusCheckpoint() {
  if (fd_ >= 0) ::close(fd_);
}

void CensusCheckpoint::append(const std::string& line) {
  std::size_t written = 0;
  while (written < line.size()) {
    const ssize_t n = ::write(fd_, line.data() + written, line.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw InputError(fmt::format("checkpoint {}: cannot write: {}", path_, std::strerror(errno)));
    written += static_cast<std::size_t>(n);
  }
  if (::fsync(fd_) != 0)
    throw InputError(fmt::format("checkpoint {}: cannot sync: {}", path_, std::strerror(errno)));
}

void CensusCheckpoint::record(std::size_t job, const Counters& counters) {
  std::string line = fmt::format("job {}", job);
  for (std::uint64_t c : counters) line += fmt::format(" {}", c);
  append(line + "\n");
}

}  // namespace piecework::cli

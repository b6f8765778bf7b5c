#include "cli/checkpoint.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <set>
#include <sstream>

#include "puzzle/errors.hpp"

namespace piecework::cli {
namespace {

constexpr const char* kMagic = "piecework-count-checkpoint 1";
constexpr std::size_t kMaxFileBytes = std::size_t{64} << 20;  // far above any real count's records

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

CountCheckpoint::CountCheckpoint(std::string path, std::string fingerprint)
    : path_(std::move(path)), fingerprint_(std::move(fingerprint)) {
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
  // A torn last line (the count was killed while writing it) is cut off: its job runs again.
  const std::size_t complete = text.rfind('\n') == std::string::npos ? 0 : text.rfind('\n') + 1;
  if (complete < text.size()) {
    if (::ftruncate(fd_, static_cast<off_t>(complete)) != 0)
      throw InputError(fmt::format("checkpoint {}: cannot truncate: {}", path_, std::strerror(errno)));
    text.resize(complete);
  }
  if (::lseek(fd_, 0, SEEK_END) < 0)
    throw InputError(fmt::format("checkpoint {}: cannot seek: {}", path_, std::strerror(errno)));
  std::istringstream lines(text);
  std::string line;
  std::set<std::size_t> seen;
  for (int number = 1; std::getline(lines, line); ++number) {
    auto bad = [&](const std::string& what) {
      return InputError(fmt::format("checkpoint {}:{}: {}", path_, number, what));
    };
    if (number == 1) {
      const std::string prefix = std::string(kMagic) + "\t";
      if (line.rfind(prefix, 0) != 0) throw bad("not a piecework count checkpoint");
      const std::size_t tab = line.rfind('\t');
      std::istringstream count(line.substr(tab + 1));
      std::uint64_t jobs = 0;
      if (tab < prefix.size() || !readUnsigned(count, jobs) || jobs == 0) throw bad("damaged header");
      if (line.substr(prefix.size(), tab - prefix.size()) != fingerprint_)
        throw bad(fmt::format("made for another count ({}); this count is {}",
                              line.substr(prefix.size(), tab - prefix.size()), fingerprint_));
      hasHeader_ = true;
      jobs_ = jobs;
      continue;
    }
    std::istringstream in(line);
    std::string tag, rest;
    std::uint64_t job = 0;
    JobCounts counts;
    if (!(in >> tag) || tag != "job" || !readUnsigned(in, job) || !readUnsigned(in, counts.solutions) ||
        !readUnsigned(in, counts.distinct) || !readUnsigned(in, counts.nodes) || (in >> rest))
      throw bad("damaged job record");
    if (job >= jobs_) throw bad(fmt::format("job {} is out of range (the count has {} jobs)", job, jobs_));
    if (!seen.insert(job).second) throw bad(fmt::format("job {} is recorded twice", job));
    if (counts.distinct > counts.solutions) throw bad("damaged job record (more distinct than solutions)");
    finished_.emplace_back(job, counts);
  }
}

CountCheckpoint::~CountCheckpoint() {
  if (fd_ >= 0) ::close(fd_);
}

void CountCheckpoint::append(const std::string& line) {
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

std::vector<std::pair<std::size_t, JobCounts>> CountCheckpoint::resume(std::size_t jobs) {
  if (!hasHeader_) {
    append(fmt::format("{}\t{}\t{}\n", kMagic, fingerprint_, jobs));
    hasHeader_ = true;
    jobs_ = jobs;
  } else if (jobs != jobs_) {
    throw InputError(
        fmt::format("checkpoint {}: made for a count split into {} jobs, this one has {} (another "
                    "--threads or number of ranks?)",
                    path_, jobs_, jobs));
  }
  return finished_;
}

void CountCheckpoint::record(std::size_t job, const JobCounts& counts) {
  append(fmt::format("job {} {} {} {}\n", job, counts.solutions, counts.distinct, counts.nodes));
}

std::string countFingerprint(const Puzzle& puzzle, const std::vector<int>& givens, const Rules& rules) {
  std::string name;
  for (char c : puzzle.name) name += (c >= 33 && c <= 126) ? c : '?';
  std::vector<int> sorted = givens;
  std::sort(sorted.begin(), sorted.end());
  std::string given;
  for (int id : sorted) given += fmt::format("{}{}", given.empty() ? "" : ",", id);
  return fmt::format("puzzle={} sites={} placements={} givens={} linked={}", name, puzzle.siteCount(),
                     puzzle.placements.size(), given.empty() ? "-" : given,
                     puzzle.linked && rules.linked ? 1 : 0);
}

}  // namespace piecework::cli

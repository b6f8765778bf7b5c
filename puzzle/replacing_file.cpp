// SPDX-License-Identifier: Apache-2.0
#include "puzzle/replacing_file.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <fmt/format.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iterator>
#include <stdexcept>
#include <utility>

#include "puzzle/errors.hpp"

namespace piecework {
namespace {

// The temporary file being written, removed by the signal handler when the user interrupts
// (SIGINT, SIGTERM, SIGHUP): a handler may only call async-signal-safe functions, so the name is kept in a
// fixed buffer and the handler does unlink() and re-raises the signal with its default action. One file is
// written at a time. SIGKILL cannot be caught; the next run removes what it leaves (removeStaleTemps).
char gTempPath[4096];
volatile std::sig_atomic_t gTempSet = 0;
constexpr int kCaughtSignals[] = {SIGINT, SIGTERM, SIGHUP};
struct sigaction gPrevious[std::size(kCaughtSignals)];

extern "C" void removeTempAndDie(int signal) {
  if (gTempSet != 0) ::unlink(gTempPath);
  struct sigaction fallback {};
  fallback.sa_handler = SIG_DFL;
  sigemptyset(&fallback.sa_mask);
  sigaction(signal, &fallback, nullptr);
  ::raise(signal);
}

void guardTemp(const std::string& temp) {
  if (temp.size() >= sizeof gTempPath) return;  // cannot happen with PATH_MAX-sized names; then unguarded
  std::memcpy(gTempPath, temp.c_str(), temp.size() + 1);
  gTempSet = 1;
  struct sigaction action {};
  action.sa_handler = removeTempAndDie;
  sigemptyset(&action.sa_mask);
  for (std::size_t i = 0; i < std::size(kCaughtSignals); ++i) {
    sigaction(kCaughtSignals[i], nullptr, &gPrevious[i]);
    if (gPrevious[i].sa_handler == SIG_IGN) continue;  // e.g. nohup: keep ignoring
    sigaction(kCaughtSignals[i], &action, nullptr);
  }
}

void unguardTemp() {
  if (gTempSet == 0) return;
  for (std::size_t i = 0; i < std::size(kCaughtSignals); ++i)
    sigaction(kCaughtSignals[i], &gPrevious[i], nullptr);
  gTempSet = 0;
}

// Temporary files ".BASE.tmp-XXXXXX" in `dir` that no running writer holds: a writer keeps an exclusive
// flock on its temporary file until it is renamed, so a file whose lock can be taken was left by a killed
// run.
void removeStaleTemps(const std::string& dir, const std::string& base) {
  const std::string prefix = "." + base + ".tmp-";
  DIR* listing = ::opendir(dir.c_str());
  if (listing == nullptr) return;
  while (const dirent* entry = ::readdir(listing)) {
    const std::string name = entry->d_name;
    if (name.size() != prefix.size() + 6 || name.compare(0, prefix.size(), prefix) != 0) continue;
    const std::string path = dir + "/" + name;
    const int fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) continue;
    struct stat info {};
    if (::fstat(fd, &info) == 0 && S_ISREG(info.st_mode) && ::flock(fd, LOCK_EX | LOCK_NB) == 0)
      ::unlink(path.c_str());
    ::close(fd);
  }
  ::closedir(listing);
}

// Creates and locks the temporary file; -1 (errno set) when it cannot be created.
int createLockedTemp(const std::string& dir, const std::string& base, std::string& temp) {
  for (int attempt = 0; attempt < 8; ++attempt) {
    std::string pattern = dir + "/." + base + ".tmp-XXXXXX";
    const int fd = mkstemp(pattern.data());
    if (fd < 0) return -1;
    ::flock(fd, LOCK_EX);
    // Another run's cleanup may have taken the file between mkstemp and flock: then it is gone; try again.
    struct stat mine {
    }, there{};
    if (::fstat(fd, &mine) == 0 && ::stat(pattern.c_str(), &there) == 0 && mine.st_ino == there.st_ino &&
        mine.st_dev == there.st_dev) {
      temp = pattern;
      return fd;
    }
    ::close(fd);
  }
  errno = EEXIST;
  return -1;
}

}  // namespace

ReplacingFile::ReplacingFile(std::string path, std::string_view option)
    : name_(path), path_(std::move(path)) {
  if (gTempSet != 0) throw std::logic_error("a second ReplacingFile while one is open (its signal handler)");
  // A symbolic link is followed, even one that leads to no file yet: the file it leads to is written, and
  // the link stays.
  for (int hops = 0; hops < 40; ++hops) {
    std::error_code error;
    if (!std::filesystem::is_symlink(path_, error)) break;
    const std::filesystem::path target = std::filesystem::read_symlink(path_, error);
    if (error) break;
    path_ = (target.is_absolute() ? target : std::filesystem::path(path_).parent_path() / target).string();
  }
  const std::size_t slash = path_.rfind('/');
  const std::string dir = slash == std::string::npos ? "." : path_.substr(0, slash == 0 ? 1 : slash);
  const std::string base = slash == std::string::npos ? path_ : path_.substr(slash + 1);
  if (base.empty()) throw InputError(fmt::format("{} {}: not a file name", option, name_));
  struct stat existing {};
  const bool replacing = ::stat(path_.c_str(), &existing) == 0;
  if (replacing && S_ISDIR(existing.st_mode))
    throw InputError(fmt::format("{} {}: is a directory; give a file name", option, name_));
  // A pipe or a device cannot be replaced (and must not be: a link to /dev/null), nor can what /dev and /proc
  // hold; writeReplacingFile writes into them instead.
  if ((replacing && !S_ISREG(existing.st_mode)) || path_.starts_with("/dev/") || path_.starts_with("/proc/"))
    throw InputError(
        fmt::format("{} {}: not a regular file (a pipe or a device); give a file name", option, name_));
  // A file its owner made read-only stays as it is, as it would for a program writing into it.
  if (replacing && ::access(path_.c_str(), W_OK) != 0)
    throw InputError(fmt::format("{} {}: cannot write there ({})", option, name_, std::strerror(errno)));
  // The temporary file's name is 12 bytes longer than the file's: a long name is cut so that it stays within
  // the file system's 255 bytes a name.
  constexpr std::size_t kLongestBase =
      255 - std::string_view(".").size() - std::string_view(".tmp-XXXXXX").size();
  const std::string tempBase = base.substr(0, kLongestBase);
  removeStaleTemps(dir, tempBase);
  const int fd = createLockedTemp(dir, tempBase, temp_);
  if (fd < 0)
    throw InputError(fmt::format("{} {}: cannot write there ({})", option, name_, std::strerror(errno)));
  guardTemp(temp_);
  // mkstemp creates the file private to its owner: keep the mode of the file it replaces, or give it the
  // usual permissions.
  const mode_t mask = umask(0);
  umask(mask);
  fchmod(fd, replacing && S_ISREG(existing.st_mode) ? existing.st_mode & 07777 : 0666 & ~mask);
  file_ = fdopen(fd, "wb");
  if (file_ == nullptr) {
    ::close(fd);
    ::unlink(temp_.c_str());
    unguardTemp();
    throw std::runtime_error(fmt::format("{}: cannot open the temporary file", temp_));
  }
}

ReplacingFile::~ReplacingFile() {
  discard();
}

void ReplacingFile::discard() {
  if (file_ != nullptr) std::fclose(file_), file_ = nullptr;
  if (!temp_.empty()) ::unlink(temp_.c_str()), temp_.clear();
  unguardTemp();
}

void ReplacingFile::commit(std::string_view what, std::string problem) {
  if (problem.empty()) {
    if (std::fflush(file_) != 0 || fsync(fileno(file_)) != 0)
      problem = fmt::format("write error ({})", std::strerror(errno));
  }
  // Tests interrupt a run here, with the whole file in the temporary file (tests/file_writing_test.cpp).
  if (problem.empty() && std::getenv("PIECEWORK_TEST_PAUSE_BEFORE_RENAME") != nullptr) {
    std::fputs("piecework: paused before rename\n", stderr);
    std::fflush(stderr);
    ::pause();
  }
  // The stream is closed before the rename, so that an error it reports late leaves the target untouched; a
  // second descriptor keeps the lock (removeStaleTemps) until the file has its name.
  const int lock = problem.empty() ? ::dup(fileno(file_)) : -1;
  if (problem.empty() && lock < 0) problem = std::strerror(errno);
  const bool closed = std::fclose(file_) == 0;
  file_ = nullptr;
  if (problem.empty() && !closed) problem = "write error (disk full?)";
  if (problem.empty() && std::rename(temp_.c_str(), path_.c_str()) != 0) problem = std::strerror(errno);
  if (lock >= 0) ::close(lock);
  if (!problem.empty()) {
    discard();
    throw std::runtime_error(fmt::format("{}: cannot write the {}: {}", name_, what, problem));
  }
  temp_.clear();
  unguardTemp();
}

void writeReplacingFile(const std::string& path, std::string_view option, std::string_view what,
                        std::string_view text) {
  // A device or a pipe, or a name under /dev or /proc (/dev/stdout, even when standard output is a file), is
  // written as it is: replacing it would not reach the reader.
  struct stat existing {};
  const bool special =
      path.starts_with("/dev/") || path.starts_with("/proc/") ||
      (::stat(path.c_str(), &existing) == 0 && !S_ISREG(existing.st_mode) && !S_ISDIR(existing.st_mode));
  if (special) {
    std::FILE* file = std::fopen(path.c_str(), "wb");
    if (file == nullptr)
      throw InputError(fmt::format("{} {}: cannot write there ({})", option, path, std::strerror(errno)));
    const bool written = std::fwrite(text.data(), 1, text.size(), file) == text.size();
    if (std::fclose(file) != 0 || !written)
      throw std::runtime_error(
          fmt::format("{}: cannot write the {}: write error ({})", path, what, std::strerror(errno)));
    return;
  }
  ReplacingFile file(path, option);
  const bool written = std::fwrite(text.data(), 1, text.size(), file.stream()) == text.size();
  file.commit(what, written ? std::string() : fmt::format("write error ({})", std::strerror(errno)));
}

}  // namespace piecework

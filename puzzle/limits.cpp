#include "puzzle/limits.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "puzzle/errors.hpp"

namespace piecework {

std::string sizeText(std::size_t bytes) {
  if (bytes >= kMiB && bytes % kMiB == 0) return fmt::format("{} MiB", bytes / kMiB);
  if (bytes >= kKiB && bytes % kKiB == 0) return fmt::format("{} KiB", bytes / kKiB);
  return fmt::format("{} bytes", bytes);
}

void requireRegularFile(const std::string& path, const char* what) {
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) return;  // opening it names the error
  if (S_ISDIR(info.st_mode)) throw InputError(fmt::format("{}: cannot read {} (a directory)", path, what));
  if (!S_ISREG(info.st_mode))
    throw InputError(fmt::format("{}: cannot read {} (not a regular file)", path, what));
}

std::string readFileLimited(const std::string& path, std::size_t limit, const char* what) {
  const bool standardInput = path == "-";
  const std::string name = standardInput ? std::string("<stdin>") : path;
  if (!standardInput) requireRegularFile(path, what);
  const int fd = standardInput ? STDIN_FILENO : ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw InputError(fmt::format("{}: cannot read {} ({})", name, what, std::strerror(errno)));
  struct Closer {
    int fd;
    bool own;
    ~Closer() {
      if (own) ::close(fd);
    }
  } closer{fd, !standardInput};
  struct stat info {};
  if (::fstat(fd, &info) == 0) {
    if (S_ISDIR(info.st_mode)) throw InputError(fmt::format("{}: cannot read {} (a directory)", name, what));
    if (S_ISREG(info.st_mode) && static_cast<std::size_t>(info.st_size) > limit)
      throw InputError(
          fmt::format("{}: {} is larger than {}, the limit (docs/limits.md)", name, what, sizeText(limit)));
  }
  std::string text;
  char buffer[65536];
  for (;;) {
    const ssize_t got = ::read(fd, buffer, sizeof buffer);
    if (got < 0) {
      if (errno == EINTR) continue;
      throw InputError(fmt::format("{}: cannot read {} ({})", name, what, std::strerror(errno)));
    }
    if (got == 0) break;
    if (text.size() + static_cast<std::size_t>(got) > limit)
      throw InputError(
          fmt::format("{}: {} is larger than {}, the limit (docs/limits.md)", name, what, sizeText(limit)));
    text.append(buffer, static_cast<std::size_t>(got));
  }
  return text;
}

}  // namespace piecework

// SPDX-License-Identifier: Apache-2.0
// A directory of the fuzz target's own process, removed at exit, for targets whose parser reads a file
// (a catalog, a BurrTools file), and the one way they write a case's bytes into it.
#pragma once

#include <unistd.h>

#include <cstddef>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <system_error>

namespace piecework::fuzz {

inline const std::filesystem::path& workDirectory() {
  static const std::filesystem::path directory = [] {
    std::string pattern = (std::filesystem::temp_directory_path() / "piecework-fuzz-XXXXXX").string();
    if (mkdtemp(pattern.data()) == nullptr) std::abort();
    std::atexit([] {
      std::error_code ec;
      std::filesystem::remove_all(workDirectory(), ec);
    });
    return std::filesystem::path(pattern);
  }();
  return directory;
}

inline void writeFile(const std::string& path, const char* data, std::size_t size) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(data, static_cast<std::streamsize>(size));
  if (!out) std::abort();
}

}  // namespace piecework::fuzz

// SPDX-License-Identifier: Apache-2.0
// The property every fuzz target checks of the errors it provokes (issue 31, item 7): what piecework prints
// for an error, errorLine("piecework: " + message), is one line without control characters, at most
// kMaxFuzzErrorLineBytes bytes, however strange the input. A message that breaks it is a finding.
#pragma once

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>

#include "puzzle/limits.hpp"

namespace piecework::fuzz {

// About 400 bytes: room for a file name, a line number, what is wrong and a short piece of the input.
inline constexpr std::size_t kMaxFuzzErrorLineBytes = 400;

inline void requireOneBoundedLine(const std::exception& error) {
  const std::string line = errorLine(std::string("piecework: ") + error.what());
  bool control = false;
  for (const char c : line)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) control = true;
  if (control || line.size() > kMaxFuzzErrorLineBytes) {
    std::fprintf(stderr, "error line of %zu bytes%s: %s\n", line.size(),
                 control ? " with a control character" : "", line.c_str());
    std::abort();
  }
}

}  // namespace piecework::fuzz

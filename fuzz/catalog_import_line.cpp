// SPDX-License-Identifier: Apache-2.0
// libFuzzer target: one JSON line as `catalog import` reads it (checked, rated and solved; nothing stored).
#include <cstddef>
#include <cstdint>
#include <string>

#include "db/exchange.hpp"
#include "families/registry.hpp"
#include "fuzz/one_line_error.hpp"
#include "puzzle/errors.hpp"

// The shipped families, registered once as every program does first (families/registry.hpp).
extern "C" int LLVMFuzzerInitialize(int*, char***) {
  piecework::registerShippedFamilies();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // Only what import would see as one line: up to the first newline, without a trailing '\r'; blank lines
  // are skipped.
  std::string line(reinterpret_cast<const char*>(data), size);
  if (const auto newline = line.find('\n'); newline != std::string::npos) line.resize(newline);
  if (!line.empty() && line.back() == '\r') line.pop_back();
  if (line.find_first_not_of(" \t") == std::string::npos) return 0;
  try {
    piecework::db::readImportLine(line);
  } catch (const piecework::InputError& e) {
    piecework::fuzz::requireOneBoundedLine(e);
  }
  return 0;
}

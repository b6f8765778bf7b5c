// SPDX-License-Identifier: Apache-2.0
// libFuzzer target: one JSON line as `catalog import` reads it (checked, rated and solved; nothing stored).
// A line import accepts must give a row that the quick check of every read accepts (db/stored_fields.hpp: one
// validator per field for both): a row import stores and the check refuses would lock its user out of it
// (issue 44, F0).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "db/exchange.hpp"
#include "db/stored_check.hpp"
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
  std::vector<piecework::db::StoredChallenge> rows;
  try {
    rows = piecework::db::readImportLine(line);
  } catch (const piecework::InputError& e) {
    piecework::fuzz::requireOneBoundedLine(e);
    return 0;
  }
  try {
    piecework::db::quickCheckStoredChallenges(rows, "<catalog>");
  } catch (const piecework::InputError& e) {
    std::fprintf(stderr, "import accepted a line that the quick check refuses: %s\n", e.what());
    std::abort();
  }
  return 0;
}

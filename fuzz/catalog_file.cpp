// SPDX-License-Identifier: Apache-2.0
// libFuzzer target: a catalog file. The bytes are written to a temporary file, which is then opened as
// `catalog list` and `catalog show` open it (read-only, every challenge read back and drawn from its stored
// definition), then as `catalog import` opens it for writing (which migrates older schemas).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "db/catalog.hpp"
#include "db/stored_check.hpp"
#include "families/registry.hpp"
#include "fuzz/one_line_error.hpp"
#include "fuzz/work_directory.hpp"
#include "puzzle/challenge.hpp"
#include "puzzle/definition.hpp"
#include "puzzle/errors.hpp"
#include "rater/rater.hpp"

namespace {

namespace fs = std::filesystem;
using piecework::fuzz::workDirectory;

void removeCatalog(const fs::path& path) {
  std::error_code ec;
  for (const char* suffix : {"", "-wal", "-shm", "-journal"}) fs::remove(path.string() + suffix, ec);
}

void readEverything(const std::string& path) {
  using piecework::db::Catalog;
  const Catalog catalog(path, Catalog::Access::ReadOnly);
  (void)catalog.puzzles();
  (void)catalog.booklets();
  (void)catalog.challengeCount();
  (void)catalog.challengesById();
  // What `catalog list` and `show` check of every row before they print it (db/stored_check.hpp).
  piecework::db::quickCheckStoredChallenges(catalog.challenges(), path);
  for (const auto& c : catalog.challenges()) {
    (void)piecework::levelName(c.level);
    try {  // `catalog show` reports a challenge it cannot draw and goes on
      const piecework::Puzzle puzzle = piecework::loadStoredDefinition(c.definitionText, c.puzzleName);
      (void)piecework::parseChallenge(puzzle, c.challengeText);
      (void)piecework::parseChallenge(puzzle, c.solutionText);
    } catch (const piecework::InputError& e) {
      piecework::fuzz::requireOneBoundedLine(e);
    }
  }
}

}  // namespace

// The shipped families, registered once as every program does first (families/registry.hpp).
extern "C" int LLVMFuzzerInitialize(int*, char***) {
  piecework::registerShippedFamilies();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const fs::path path = workDirectory() / "catalog";
  removeCatalog(path);
  {
    std::ofstream out(path, std::ios::binary);
    out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    if (!out) std::abort();
  }
  try {
    (void)piecework::db::Catalog::holdsCatalog(path.string());
    readEverything(path.string());
  } catch (const piecework::InputError& e) {
    piecework::fuzz::requireOneBoundedLine(e);
  }
  try {
    const piecework::db::Catalog catalog(path.string(), piecework::db::Catalog::Access::ReadWrite);
    (void)catalog.challengeCount();
  } catch (const piecework::InputError& e) {
    piecework::fuzz::requireOneBoundedLine(e);
  }
  removeCatalog(path);
  return 0;
}

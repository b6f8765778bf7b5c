// SPDX-License-Identifier: Apache-2.0
// libFuzzer target: a BurrTools file (.xmpuzzle, docs/interop.md) as `show`, `count` and `convert` read it.
// The bytes are written to a temporary FILE.xmpuzzle (plain XML or gzip: the reader takes both), whose
// problems are listed as `show` lists them and whose problem is read as a definition; the first byte picks
// the problem (none, #1, #2, #3 or a name). A puzzle that loads is written back to BurrTools as `convert`
// does and read again. Bad input must end in InputError; anything else is a finding.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "families/registry.hpp"
#include "fuzz/one_line_error.hpp"
#include "fuzz/work_directory.hpp"
#include "puzzle/burrtools.hpp"
#include "puzzle/definition.hpp"
#include "puzzle/errors.hpp"

using piecework::fuzz::workDirectory;
using piecework::fuzz::writeFile;

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  piecework::registerShippedFamilies();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  static const char* const kSelectors[] = {"", "#1", "#2", "#3", "#two"};
  const std::string file = (workDirectory() / "fuzz.xmpuzzle").string();
  writeFile(file, reinterpret_cast<const char*>(data) + 1, size - 1);
  const std::string path = file + kSelectors[data[0] % 5];
  try {
    (void)piecework::burrToolsProblems(path);
  } catch (const piecework::InputError& e) {
    piecework::fuzz::requireOneBoundedLine(e);
  }
  try {
    const piecework::Puzzle puzzle = piecework::loadPuzzle(path);
    // What loads must also go back to BurrTools (or be refused in one line) and read again.
    const std::string written = piecework::toBurrTools(puzzle);
    const std::string again = (workDirectory() / "again.xmpuzzle").string();
    writeFile(again, written.data(), written.size());
    (void)piecework::loadPuzzle(again);
  } catch (const piecework::InputError& e) {
    piecework::fuzz::requireOneBoundedLine(e);
  }
  return 0;
}

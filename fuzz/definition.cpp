// SPDX-License-Identifier: Apache-2.0
// libFuzzer target: a puzzle definition (TOML text) as `show FILE` and every other command load it.
// Bad input must end in InputError; anything else (a crash, a sanitizer report, another exception) is a
// finding.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "families/registry.hpp"
#include "fuzz/one_line_error.hpp"
#include "puzzle/definition.hpp"
#include "puzzle/errors.hpp"

// The shipped families, registered once as every program does first (families/registry.hpp).
extern "C" int LLVMFuzzerInitialize(int*, char***) {
  piecework::registerShippedFamilies();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    const piecework::Puzzle puzzle = piecework::loadDefinition(text, "fuzz.toml");
    (void)puzzle;
  } catch (const piecework::InputError& e) {
    piecework::fuzz::requireOneBoundedLine(e);
  }
  return 0;
}

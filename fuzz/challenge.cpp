// SPDX-License-Identifier: Apache-2.0
// libFuzzer target: the challenge notation of each kind of board. The first byte picks the puzzle (a 2-D
// cell picture, a 3-D cell picture with layers, or IQ-Link's peg codes); the rest is the challenge text.
// A challenge that parses must write back (formatChallenge) to text that parses to the same placements.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>
#include <vector>

#include "families/registry.hpp"
#include "fuzz/one_line_error.hpp"
#include "puzzle/challenge.hpp"
#include "puzzle/definition.hpp"
#include "puzzle/errors.hpp"

namespace {

const std::vector<piecework::Puzzle>& puzzles() {
  static const std::vector<piecework::Puzzle> all = [] {
    std::vector<piecework::Puzzle> loaded;
    for (const char* name : {"pentominoes-6x10", "pentominoes-8x8-hole", "iq-fit", "iq-blocks", "soma",
                             "super-iq-cube", "iq-link"})
      loaded.push_back(piecework::loadPuzzle(name));
    return loaded;
  }();
  return all;
}

std::vector<int> sorted(std::vector<int> placements) {
  std::sort(placements.begin(), placements.end());
  return placements;
}

}  // namespace

// The shipped families, registered once as every program does first (families/registry.hpp).
extern "C" int LLVMFuzzerInitialize(int*, char***) {
  piecework::registerShippedFamilies();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const auto& all = puzzles();
  const piecework::Puzzle& puzzle = all[data[0] % all.size()];
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  std::vector<int> placements;
  try {
    placements = piecework::parseChallenge(puzzle, text);
  } catch (const piecework::InputError& e) {
    piecework::fuzz::requireOneBoundedLine(e);
    return 0;
  }
  for (const auto layout : {piecework::Layout::OneLine, piecework::Layout::Lines}) {
    const std::string written = piecework::formatChallenge(puzzle, placements, layout);
    // Throws (a finding) when the written form does not parse.
    if (sorted(piecework::parseChallenge(puzzle, written)) != sorted(placements)) std::abort();
  }
  return 0;
}

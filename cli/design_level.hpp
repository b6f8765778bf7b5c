// SPDX-License-Identifier: Apache-2.0
// An interlocking design taken apart as `rate --disassemble` does: its assemblies, the solutions (those that
// come apart) and their levels, hardest first. Shared by rate --disassemble and calibrate --interlocking.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "puzzle/puzzle.hpp"

namespace piecework::cli {

struct DesignLevels {
  std::uint64_t assemblies = 0;
  std::vector<std::string> levels;  // one per solution, hardest first; empty when nothing comes apart
};

// `path` is the design's file (a BurrTools file's groups count as BurrTools counts them). Throws InputError
// for a grid the disassembler does not take.
DesignLevels disassembleDesign(const Puzzle& puzzle, const std::string& path);

}  // namespace piecework::cli

// SPDX-License-Identifier: Apache-2.0
// An interlocking design taken apart as `rate --disassemble` does: its assemblies, the solutions (those that
// come apart) and their levels, hardest first. One function for rate --disassemble, calibrate --interlocking,
// catalog add-design and catalog check (which takes a stored design apart again from its stored source).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "puzzle/puzzle.hpp"

namespace piecework {

struct DesignLevels {
  std::uint64_t assemblies = 0;
  std::vector<std::string> levels;  // one per solution, hardest first; empty when nothing comes apart
};

// Everything the disassembly of a design depends on, as text and numbers that a catalog can store and take
// apart again: the definition (TOML) the puzzle is loaded from (a BurrTools problem as the BurrTools reader
// writes it), the piece groups of a BurrTools problem, and whether its assemblies are counted as BurrTools
// counts them (a BurrTools file's voxel colours decide which mirror pairs are one).
struct DesignSource {
  std::string definitionText;
  std::vector<int> groups;  // per piece, its BurrTools group (0: none); empty for a piecework definition
  bool burrToolsCounting = false;
};

// The source of the design PATH names (a definition, a shipped name or FILE.xmpuzzle[#N]), read as loadPuzzle
// reads it. Throws InputError as loadPuzzle does.
DesignSource readDesignSource(const std::string& path);

// Throws InputError (one line naming the puzzle) for a grid the disassembler does not take.
DesignLevels disassembleDesign(const Puzzle& puzzle, const DesignSource& source);
// The same for the design PATH names, `puzzle` loaded from it (a BurrTools file's groups count as BurrTools
// counts them).
DesignLevels disassembleDesign(const Puzzle& puzzle, const std::string& path);

}  // namespace piecework

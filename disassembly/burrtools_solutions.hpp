// SPDX-License-Identifier: Apache-2.0
// What a BurrTools file says about taking its problem apart: the solutions its own run counted, the level of
// each disassembly it stored, and the piece groups (pieces that may stay together).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "puzzle/burrtools.hpp"

namespace piecework {

struct StoredSolutions {
  std::optional<std::uint64_t> solutions;  // the problem's solutions attribute, when BurrTools finished
  std::vector<std::string> levels;         // of each stored <separation> tree, in the file's order
  // Per piece of the puzzle the file makes (its problem's shapes with a count, in order): the group, 0 for
  // none (a shape in several groups also counts as none).
  std::vector<int> groups;
};

// Reads the problem PATH names ("FILE.xmpuzzle#N", as burrToolsDefinition chooses it). Throws InputError for
// unreadable files and for separation trees that do not add up (a state without every piece, a part with no
// piece).
StoredSolutions burrToolsStoredSolutions(const std::string& path);
// The same where the caller has burrToolsProblems(path) already (each asking reads the file again).
StoredSolutions burrToolsStoredSolutions(const std::string& path,
                                         const std::vector<BurrToolsProblem>& problems);

}  // namespace piecework

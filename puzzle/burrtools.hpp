// SPDX-License-Identifier: Apache-2.0
// BurrTools puzzle files (.xmpuzzle: gzip-compressed XML), the exchange format of packing-puzzle designers
// (docs/interop.md). BurrTools' grids of cubes, triangular prisms, spheres, rhombic dodecahedra and
// tetrahedra-octahedra are read and written.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "puzzle/puzzle.hpp"

namespace piecework {

// True for a PUZZLE argument that names a BurrTools file: "FILE.xmpuzzle", optionally followed by "#N" (the
// N-th problem, from 1) or "#NAME" (the problem of that name).
bool isBurrToolsPath(const std::string& path);

// Reads one problem of a BurrTools file and writes it as a piecework definition (TOML,
// docs/puzzle-format.md). Throws InputError naming the file for unreadable gzip, malformed XML, other grids
// than the cubic one, piece count ranges, colour constraints and anything else a piecework definition cannot
// say.
std::string burrToolsDefinition(const std::string& path);

// One problem of a BurrTools file, as `show` lists them, with the count BurrTools stored when it finished
// solving it (the problem's state="2" and its assemblies attribute).
struct BurrToolsProblem {
  int number = 0;  // from 1, as FILE.xmpuzzle#N names it
  std::string name;
  bool selected = false;  // the problem PATH names (its #N or #NAME, else the first)
  std::optional<std::uint64_t> storedAssemblies;
};

// Every problem of the BurrTools file PATH names (a "#N" or "#NAME" only marks one as selected). Throws
// InputError as burrToolsDefinition does for unreadable files.
std::vector<BurrToolsProblem> burrToolsProblems(const std::string& path);

// The XML text of the BurrTools file PATH names (without its "#N"), for readers of other parts of the file
// (disassembly/burrtools_solutions.hpp). Throws InputError as burrToolsDefinition does.
std::string burrToolsXmlText(const std::string& path);

// The puzzle as a BurrTools file (gzip-compressed bytes). Throws InputError for what BurrTools cannot say:
// hex-peg puzzles, square-lattice pieces that may not be turned over, cubic pieces that may be mirrored.
std::string toBurrTools(const Puzzle& puzzle);

}  // namespace piecework

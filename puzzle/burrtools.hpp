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
// The same, and `spec` set to the puzzle loadDefinition reads from that text (all but `source` and the
// palette colours of pieces without a colour, colourGiven false and colour empty), where every rule of a
// definition can be seen to hold without reading the text: printable ASCII names, cells of the lattice,
// coordinates and counts in range. Otherwise `spec` is left empty and the text must be read. Measured
// (callgrind, `count FILE#N --json --threads 1`, against writing the text and reading it back with toml++):
// DraculasDentalDesaster#1 (a board of 2,744 coloured cells) loadPuzzle 47.1M -> 35.4M instructions, the run
// 57.5M -> 45.0M; PelikanBurr#1 loadPuzzle 28.3M -> 26.2M.
std::string burrToolsDefinition(const std::string& path, std::optional<PuzzleSpec>& spec);

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

// What piecework found of a problem, for a file that BurrTools opens as solved (its state 2): the counts,
// the <solutions> element (disassembly/burrtools_separations.hpp writes it) and each piece's group.
struct BurrToolsSolved {
  std::uint64_t assemblies = 0;
  std::uint64_t solutions = 0;
  std::string solutionsXml;
  std::vector<int> groups;  // per piece of the puzzle, its BurrTools group (0: none); may be empty
};

// The puzzle as a BurrTools file (gzip-compressed bytes), solved when `solved` is given. Throws InputError
// for what BurrTools cannot say: hex-peg puzzles, square-lattice pieces that may not be turned over, cubic
// pieces that may be mirrored.
std::string toBurrTools(const Puzzle& puzzle, const BurrToolsSolved* solved = nullptr);

// Cubes and triangular prisms: a piece's cells as toBurrTools writes its shape (voxel coordinates), and the
// board cell that is voxel (0, 0, 0) of the written result (a board cell's voxel is the cell less this
// origin).
std::vector<Site> burrToolsPieceVoxels(const Puzzle& puzzle, int piece);
Site burrToolsOrigin(const Puzzle& puzzle);

}  // namespace piecework

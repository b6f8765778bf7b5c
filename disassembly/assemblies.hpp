// SPDX-License-Identifier: Apache-2.0
// Every assembly of a puzzle, taken apart: which come apart (BurrTools' solutions) and at what level.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "disassembly/disassembler.hpp"
#include "puzzle/puzzle.hpp"

namespace piecework {

// The assembly a solution (placement ids) makes: each placed piece's cells, with its group from `groups`
// (per piece of the puzzle; may be empty).
std::vector<AssembledPiece> assemblyOf(const Puzzle& puzzle, const std::vector<int>& placements,
                                       const std::vector<int>& groups);

// Throws InputError (one line naming the puzzle) unless the disassembler knows the puzzle's grid's moves.
void requireDisassemblyGrid(const Puzzle& puzzle);

struct DisassembledSolution {
  std::vector<int> placements;  // the assembly (placement ids, sorted)
  Disassembly disassembly;
  std::string level;
};

struct AssembliesApart {
  std::uint64_t assemblies = 0;  // distinct assemblies (up to BurrTools' symmetries where it has them)
  std::vector<DisassembledSolution> solutions;  // those that come apart, hardest first
  std::uint64_t nodes = 0;                      // the disassembler's positions, all assemblies together
  double seconds = 0;                           // the whole run: finding the assemblies and taking them apart
  std::uint64_t searchNodes = 0;                // the search that found the assemblies: its nodes
  double searchSeconds = 0;                     // and its time
  // What `count` reports, read off the assemblies found (without givens, where the symmetries they were
  // merged by are among the puzzle's own; unset otherwise): every filling of the fixed board, and the
  // classes under the puzzle's symmetries.
  std::optional<std::uint64_t> fillings, classes;
};

struct ApartOptions {
  std::vector<int> groups;  // per piece of the puzzle, its BurrTools group (may be empty: none)
  std::vector<int> givens;  // placement ids every assembly has (none: every assembly of the puzzle)
  int threads = 0;          // 0: every core
  // Count mirror images of each other once, as BurrTools 0.7.1 does by default when the piece set holds
  // each piece's mirror image (the puzzle's own symmetries, mirrors among them where the set allows).
  bool mergeMirrors = false;
  // Pieces read from a BurrTools file: their voxel colours decide which mirror pairs BurrTools merges
  // (burrtools_symmetry.hpp).
  bool coloursCount = false;
  // burrToolsSymmetries(puzzle, coloursCount) where the caller has it already (null: asked here)
  const std::optional<std::vector<Symmetry>>* burrToolsGroup = nullptr;
};

// Finds every solution with the givens, keeps one per class of BurrTools' symmetries
// (burrtools_symmetry.hpp; the puzzle's own where BurrTools has none or mergeMirrors; with givens, every
// solution) and takes each apart.
AssembliesApart disassembleAssemblies(const Puzzle& puzzle, const ApartOptions& options);

}  // namespace piecework

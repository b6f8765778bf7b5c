// SPDX-License-Identifier: Apache-2.0
// count's reading of a design as BurrTools reads it: BurrTools' `assemblies` beside the count, what the file
// stores of BurrTools' own run, and --disassemble's figures (which assemblies come apart, at what levels).
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "disassembly/assemblies.hpp"
#include "disassembly/burrtools_solutions.hpp"
#include "puzzle/burrtools.hpp"
#include "puzzle/puzzle.hpp"
#include "solver/solver.hpp"

namespace piecework::cli {

struct BurrToolsCount {
  std::optional<std::uint64_t> assemblies;  // BurrTools' count, where it is defined
  bool withMirrors = false;                 // mirror images were merged too (the pieces are mirror-paired)
  std::optional<std::uint64_t> stored;      // the count a BurrTools file stores for the problem
  // burrToolsSymmetries' answer, where it was asked (whole puzzles), for --disassemble to use again
  std::optional<std::optional<std::vector<Symmetry>>> group;
  std::vector<BurrToolsProblem> problems;  // the file's, where it is a BurrTools file
};

// What a BurrTools reading needs besides the counts: the file's problems and the count it stores, and
// BurrTools' symmetry group (asked for whole puzzles only: BurrTools has no givens).
BurrToolsCount burrToolsContext(const Puzzle& puzzle, const std::string& path,
                                const std::vector<int>& givens);

// BurrTools' `assemblies` (docs/interop.md): the solutions up to the symmetries BurrTools merges by, where it
// has a group. When that group is piecework's own it is `distinct`; otherwise `listed` where --disassemble
// found the classes under it already, or a second count under the smaller group.
void countAsBurrTools(BurrToolsCount& out, const Puzzle& puzzle, const CountResult& counted, int threads,
                      std::optional<std::uint64_t> listed);

// BurrTools' figures in count's JSON and text (the text's only for BurrTools files).
void addBurrToolsJson(nlohmann::json& json, const BurrToolsCount& burrTools);
void printBurrTools(const BurrToolsCount& burrTools, const std::string& path);

// Which assemblies come apart (--disassemble), with what the file stores of BurrTools' own run.
struct Apart {
  AssembliesApart found;
  std::vector<std::string> levels;  // hardest first
  StoredSolutions stored;
  std::optional<bool> levelsAgree;  // every stored level is among ours (as many times)
};

Apart takeApart(const Puzzle& puzzle, const std::string& path, int threads, bool mergeMirrors,
                const BurrToolsCount& counted);

// The count's figures read off --disassemble's list of assemblies (disassembly/assemblies.hpp), where it
// gives them.
std::optional<CountResult> countOfListing(const Puzzle& puzzle, const AssembliesApart& found, int threads);

void addApartJson(nlohmann::json& json, const Apart& apart);
void printApart(const Apart& apart);

}  // namespace piecework::cli

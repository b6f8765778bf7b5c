// SPDX-License-Identifier: Apache-2.0
#include "cli/design_level.hpp"

#include "disassembly/assemblies.hpp"
#include "disassembly/burrtools_solutions.hpp"
#include "puzzle/burrtools.hpp"

namespace piecework::cli {

DesignLevels disassembleDesign(const Puzzle& puzzle, const std::string& path) {
  requireDisassemblyGrid(puzzle);
  ApartOptions options;
  options.groups = isBurrToolsPath(path) ? burrToolsStoredSolutions(path).groups : std::vector<int>{};
  options.coloursCount = isBurrToolsPath(path);
  const AssembliesApart apart = disassembleAssemblies(puzzle, options);
  DesignLevels out;
  out.assemblies = apart.assemblies;
  for (const DisassembledSolution& s : apart.solutions) out.levels.push_back(s.level);
  return out;
}

}  // namespace piecework::cli

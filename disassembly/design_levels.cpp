// SPDX-License-Identifier: Apache-2.0
#include "disassembly/design_levels.hpp"

#include "disassembly/assemblies.hpp"
#include "disassembly/burrtools_solutions.hpp"
#include "puzzle/burrtools.hpp"
#include "puzzle/definition.hpp"

namespace piecework {

DesignSource readDesignSource(const std::string& path) {
  DesignSource source;
  loadPuzzle(path, source.definitionText);
  source.burrToolsCounting = isBurrToolsPath(path);
  if (source.burrToolsCounting) source.groups = burrToolsStoredSolutions(path).groups;
  return source;
}

DesignLevels disassembleDesign(const Puzzle& puzzle, const DesignSource& source) {
  requireDisassemblyGrid(puzzle);
  ApartOptions options;
  options.groups = source.groups;
  options.coloursCount = source.burrToolsCounting;
  const AssembliesApart apart = disassembleAssemblies(puzzle, options);
  DesignLevels out;
  out.assemblies = apart.assemblies;
  for (const DisassembledSolution& s : apart.solutions) out.levels.push_back(s.level);
  return out;
}

DesignLevels disassembleDesign(const Puzzle& puzzle, const std::string& path) {
  requireDisassemblyGrid(puzzle);
  DesignSource source;
  source.burrToolsCounting = isBurrToolsPath(path);
  if (source.burrToolsCounting) source.groups = burrToolsStoredSolutions(path).groups;
  return disassembleDesign(puzzle, source);
}

}  // namespace piecework

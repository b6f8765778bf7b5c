// SPDX-License-Identifier: Apache-2.0
#include "cli/sheet_disassembly.hpp"

#include <fmt/format.h>

#include <iostream>

#include "disassembly/assemblies.hpp"
#include "disassembly/burrtools_solutions.hpp"
#include "disassembly/describe.hpp"
#include "disassembly/steps.hpp"
#include "output/drawing_module.hpp"
#include "output/sheet_disassembly.hpp"
#include "puzzle/burrtools.hpp"
#include "puzzle/challenge.hpp"
#include "puzzle/errors.hpp"

namespace piecework::cli {

int writeSheetDisassembly(const Puzzle& puzzle, const po::variables_map& vm, const std::string& out,
                          PageSize paper, const std::string& designName) {
  requireDisassemblyGrid(puzzle);
  const std::string path = vm["puzzle"].as<std::string>();
  // The same assemblies as solve --disassemble, hardest first: the sheet draws the first.
  ApartOptions options;
  options.groups = isBurrToolsPath(path) ? burrToolsStoredSolutions(path).groups : std::vector<int>{};
  options.givens = readChallengeText(puzzle, vm, false).givens;
  options.coloursCount = isBurrToolsPath(path);
  const AssembliesApart apart = disassembleAssemblies(puzzle, options);
  if (apart.solutions.empty())
    throw InputError(fmt::format(
        "sheet --disassembly: none of the {} assemblies of {}{} comes apart, so there "
        "are no moves to draw",
        apart.assemblies, puzzle.name, options.givens.empty() ? "" : " with the challenge's pieces"));
  const DisassembledSolution& chosen = apart.solutions.front();
  const std::string level = chosen.level.empty() ? "0" : chosen.level;
  DisassemblySheet sheet;
  sheet.paper = paper;
  const std::optional<std::string> title = textOption(vm, "title");
  sheet.heading = title ? *title : fmt::format("{}: taken apart, level {}", designName, level);
  sheet.placements = chosen.placements;
  if (chosen.disassembly.tree) {
    std::vector<std::string> names;
    for (const int id : chosen.placements)
      names.emplace_back(
          1, puzzle.pieces[static_cast<std::size_t>(puzzle.placements[static_cast<std::size_t>(id)].piece)]
                 .letter);
    sheet.steps = disassemblySteps(*chosen.disassembly.tree);
    sheet.captions = describeMoves(*chosen.disassembly.tree, names);
  }
  const int pages = drawingModule().writeDisassemblySheet(out, puzzle, sheet);
  if (vm.count("json") != 0U) {
    nlohmann::ordered_json summary;
    summary["file"] = out;
    summary["puzzle"] = puzzle.name;
    summary["challenge"] = formatChallenge(puzzle, options.givens);
    summary["solution"] = formatChallenge(puzzle, chosen.placements);  // the assembly taken apart
    summary["disassembly_level"] = level;
    summary["moves"] = sheet.captions.size();
    summary["captions"] = sheet.captions;  // each move in words, as solve --disassemble writes it
    summary["pages"] = pages;
    summary["solutions"] = apart.solutions.size();
    printJson(summary);
    return 0;
  }
  std::cout << fmt::format("wrote {} (level {}: {} moves on {} page{}; the hardest of {} solutions)\n", out,
                           level, sheet.steps.size(), pages, pages == 1 ? "" : "s", apart.solutions.size());
  return 0;
}

}  // namespace piecework::cli

// SPDX-License-Identifier: Apache-2.0
// count's reading of a design as BurrTools reads it (cli/count_burrtools.hpp).
#include "cli/count_burrtools.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <iostream>

#include "puzzle/burrtools_symmetry.hpp"

namespace piecework::cli {

BurrToolsCount burrToolsContext(const Puzzle& puzzle, const std::string& path,
                                const std::vector<int>& givens) {
  BurrToolsCount out;
  if (isBurrToolsPath(path)) {
    out.problems = burrToolsProblems(path);
    for (const auto& problem : out.problems)
      if (problem.selected) out.stored = problem.storedAssemblies;
  }
  if (!givens.empty()) return out;
  // (kept in `out` alone: every symmetry holds a map of the sites and one of the placements, so a copy costs)
  out.group = burrToolsSymmetries(puzzle, isBurrToolsPath(path));
  const std::optional<std::vector<Symmetry>>& group = *out.group;
  if (group)
    out.withMirrors = std::any_of(group->begin(), group->end(), [](const Symmetry& s) { return s.mirror; }) ||
                      puzzle.lattice == Lattice::Square;
  return out;
}

void countAsBurrTools(BurrToolsCount& out, const Puzzle& puzzle, const CountResult& counted, int threads,
                      std::optional<std::uint64_t> listed) {
  if (!out.group || !*out.group) return;
  const std::vector<Symmetry>& group = **out.group;
  if (group.size() == puzzle.symmetries.size()) {
    out.assemblies = counted.distinct;
    return;
  }
  if (listed) {
    out.assemblies = listed;
    return;
  }
  Puzzle turnsOnly = puzzle;
  turnsOnly.symmetries = group;
  CountOptions options;
  options.threads = threads;
  out.assemblies = countSolutions(turnsOnly, {}, options).distinct;
}

void addBurrToolsJson(nlohmann::json& json, const BurrToolsCount& burrTools) {
  if (burrTools.assemblies) json["assemblies"] = *burrTools.assemblies;
  if (burrTools.stored) json["stored_assemblies"] = *burrTools.stored;
  if (burrTools.stored && burrTools.assemblies)
    json["stored_agrees"] = *burrTools.stored == *burrTools.assemblies;
}

void printBurrTools(const BurrToolsCount& burrTools, const std::string& path) {
  // (in text only for BurrTools files, where one compares with BurrTools; other text stays as it was)
  if (burrTools.assemblies && isBurrToolsPath(path))
    std::cout << fmt::format("{} assembl{} as BurrTools counts them (up to turns of the whole{})\n",
                             *burrTools.assemblies, *burrTools.assemblies == 1 ? "y" : "ies",
                             burrTools.withMirrors ? " and mirror images" : "; mirror images count apart");
  if (burrTools.stored) {
    std::cout << fmt::format("the file stores BurrTools' count: {} assembl{}", *burrTools.stored,
                             *burrTools.stored == 1 ? "y" : "ies");
    if (burrTools.assemblies)
      std::cout << (*burrTools.stored == *burrTools.assemblies ? ", which agrees" : ", which does NOT agree");
    std::cout << '\n';
  }
}

Apart takeApart(const Puzzle& puzzle, const std::string& path, int threads, bool mergeMirrors,
                const BurrToolsCount& counted) {
  Apart out;
  // (the file's problems as the count listed them: each listing reads the file again. Measured (callgrind,
  // `count lohe.misused-key#1 --disassemble --json --threads 1`): the run 103.6M -> 102.5M instructions)
  if (isBurrToolsPath(path)) out.stored = burrToolsStoredSolutions(path, counted.problems);
  ApartOptions options;
  // (the count asked for BurrTools' group already. Measured (callgrind, `count lohe.misused-key#1
  // --disassemble --json --threads 1`): burrToolsSymmetries asked once, the run 116.8M -> 113.0M
  // instructions)
  if (counted.group) options.burrToolsGroup = &*counted.group;
  options.groups = out.stored.groups;
  options.threads = threads;
  options.mergeMirrors = mergeMirrors;
  options.coloursCount = isBurrToolsPath(path);
  out.found = disassembleAssemblies(puzzle, options);
  for (const DisassembledSolution& s : out.found.solutions) out.levels.push_back(s.level);
  if (!out.stored.levels.empty()) {
    std::vector<std::string> ours = out.levels, theirs = out.stored.levels;
    std::sort(ours.begin(), ours.end());
    std::sort(theirs.begin(), theirs.end());
    out.levelsAgree = std::includes(ours.begin(), ours.end(), theirs.begin(), theirs.end());
  }
  return out;
}

std::optional<CountResult> countOfListing(const Puzzle& puzzle, const AssembliesApart& found, int threads) {
  if (!found.fillings || !found.classes) return std::nullopt;
  CountResult r;
  r.solutions = *found.fillings;
  r.distinct = *found.classes;
  r.nodes = found.searchNodes;
  r.seconds = found.searchSeconds;
  r.threads = threads;
  r.symmetries = static_cast<int>(puzzle.symmetries.size());
  return r;
}

void addApartJson(nlohmann::json& json, const Apart& apart) {
  json["disassemblable"] = apart.found.solutions.size();
  json["disassembled_assemblies"] = apart.found.assemblies;
  json["levels"] = apart.levels;
  json["disassembly_nodes"] = apart.found.nodes;
  json["disassembly_seconds"] = apart.found.seconds;
  if (apart.stored.solutions) {
    json["stored_solutions"] = *apart.stored.solutions;
    json["stored_solutions_agree"] = *apart.stored.solutions == apart.found.solutions.size();
  }
  if (apart.levelsAgree) {
    json["stored_levels"] = apart.stored.levels;
    json["stored_levels_agree"] = *apart.levelsAgree;
  }
}

void printApart(const Apart& apart) {
  const std::size_t n = apart.found.solutions.size();
  std::cout << fmt::format("{} of {} assemblies come apart ({} disassemblable){}", n, apart.found.assemblies,
                           n, n == 0 ? "" : ", levels ");
  for (std::size_t k = 0; k < apart.levels.size(); ++k) {
    if (k == 10) {
      std::cout << fmt::format(", ... ({} more; --json lists them all)", apart.levels.size() - k);
      break;
    }
    std::cout << (k == 0 ? "" : ", ") << apart.levels[k];
  }
  std::cout << '\n';
  if (apart.stored.solutions)
    std::cout << fmt::format("the file stores BurrTools' count: {} solution{}, which {}\n",
                             *apart.stored.solutions, *apart.stored.solutions == 1 ? "" : "s",
                             *apart.stored.solutions == n ? "agrees" : "does NOT agree");
  if (apart.levelsAgree)
    std::cout << fmt::format("the file stores {} disassembl{} at level{} {}, which {}\n",
                             apart.stored.levels.size(), apart.stored.levels.size() == 1 ? "y" : "ies",
                             apart.stored.levels.size() == 1 ? "" : "s", fmt::join(apart.stored.levels, ", "),
                             *apart.levelsAgree ? "agree" : "do NOT agree");
  std::cout << fmt::format("disassembly: {:.3f} s, {} positions\n", apart.found.seconds, apart.found.nodes);
}

}  // namespace piecework::cli

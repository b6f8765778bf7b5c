// SPDX-License-Identifier: Apache-2.0
// piecework solve: is a challenge unique, and what are its solutions.
#include <fmt/format.h>

#include <algorithm>
#include <iostream>
#include <set>

#include "cli/command.hpp"
#include "output/text.hpp"
#include "puzzle/challenge.hpp"
#include "puzzle/definition.hpp"
#include "puzzle/errors.hpp"
#include "solver/solver.hpp"

namespace piecework::cli {
namespace {

constexpr std::uint64_t kMaxSolutionsShown = 1'000'000;

// The first of each class of `solutions` under the board's symmetries (what `count` calls distinct).
std::vector<std::vector<int>> oneBySymmetry(const Puzzle& puzzle,
                                            const std::vector<std::vector<int>>& solutions) {
  std::vector<std::vector<int>> out;
  std::set<std::string> seen;
  for (const auto& solution : solutions) {
    Challenge filled;
    filled.givens = solution;
    std::sort(filled.givens.begin(), filled.givens.end());
    if (seen.insert(canonicalChallengeText(puzzle, filled)).second) out.push_back(solution);
  }
  return out;
}

}  // namespace

int runSolve(const std::vector<std::string>& args) {
  po::options_description options("options");
  addChallengeOptions(options);
  options.add_options()("max", po::value<std::string>()->default_value("2"),
                        "print at most this many solutions (2 proves uniqueness)")(
      "distinct", "list one solution of each class under the board's symmetries (as count's distinct)")(
      "json", "print JSON")("color", "colour the boards even when standard output is not a terminal");
  addRulesOption(options);
  po::variables_map vm;
  if (!parseArguments("solve",
                      "piecework solve PUZZLE --challenge TEXT [--max N] [--distinct] [--json] [--color]",
                      args, options, vm))
    return 0;
  // Every solution is kept in memory until printed: a bound, not "every solution" for a wrapped -1.
  const std::size_t maxShown = parseWholeNumber(vm["max"].as<std::string>(), "--max", 1, kMaxSolutionsShown);
  const Puzzle puzzle = loadPuzzle(vm["puzzle"].as<std::string>());
  Challenge challenge = readChallengeText(puzzle, vm, true);
  const std::vector<int>& givens = challenge.givens;
  FindOptions find;
  find.rules = readRules(vm);
  find.rules.marks = std::move(challenge.marks);
  const bool distinct = vm.count("distinct") != 0U;
  // (--distinct: every solution, up to the bound, to keep the first of each class)
  find.max = distinct ? kMaxSolutionsShown : std::max<std::size_t>(2, maxShown);
  FindResult found = findSolutions(puzzle, givens, find);
  if (distinct) found.solutions = oneBySymmetry(puzzle, found.solutions);
  const std::size_t shown = std::min(found.solutions.size(), maxShown);
  const char* status = found.solutions.empty() ? "none" : found.solutions.size() == 1 ? "unique" : "multiple";
  if (vm.count("json") != 0U) {
    nlohmann::json solutions = nlohmann::json::array();
    for (std::size_t i = 0; i < shown; ++i) solutions.push_back(formatChallenge(puzzle, found.solutions[i]));
    printJson(
        {{"status", status}, {"solutions", solutions}, {"seconds", found.seconds}, {"nodes", found.nodes}});
    return 0;
  }
  std::cout << fmt::format(
      "{}: {}\n", status,
      found.solutions.empty()       ? "no way to place the remaining pieces"
      : found.solutions.size() == 1 ? "exactly one solution"
      : found.exhausted ? fmt::format("{} {}solutions", found.solutions.size(), distinct ? "distinct " : "")
                        : fmt::format("at least {} solutions", found.solutions.size()));
  const bool colour = vm.count("color") != 0U || stdoutWantsColour();
  for (std::size_t i = 0; i < shown; ++i) {
    std::cout << '\n' << formatChallenge(puzzle, found.solutions[i]) << '\n';
    std::cout << boardPicture(puzzle, found.solutions[i], colour);
  }
  return 0;
}

}  // namespace piecework::cli

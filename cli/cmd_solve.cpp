// SPDX-License-Identifier: Apache-2.0
// piecework solve: is a challenge unique, and what are its solutions.
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <iostream>
#include <set>

#include "cli/command.hpp"
#include "disassembly/assemblies.hpp"
#include "disassembly/burrtools_solutions.hpp"
#include "disassembly/describe.hpp"
#include "output/text.hpp"
#include "puzzle/burrtools.hpp"
#include "puzzle/challenge.hpp"
#include "puzzle/definition.hpp"
#include "puzzle/errors.hpp"
#include "solver/solver.hpp"

namespace piecework::cli {
namespace {

constexpr std::uint64_t kMaxSolutionsShown = 1'000'000;

// solve --disassemble: the assemblies that come apart, hardest first, each with its moves in words.
int printDisassemblies(const Puzzle& puzzle, const std::string& path, const std::vector<int>& givens,
                       std::size_t maxShown, bool json, bool colour) {
  const std::vector<int> groups =
      isBurrToolsPath(path) ? burrToolsStoredSolutions(path).groups : std::vector<int>{};
  ApartOptions options;
  options.groups = groups;
  options.givens = givens;
  options.coloursCount = isBurrToolsPath(path);
  const AssembliesApart apart = disassembleAssemblies(puzzle, options);
  const std::size_t shown = std::min(apart.solutions.size(), maxShown);
  auto names = [&](const DisassembledSolution& s) {
    std::vector<std::string> out;
    for (const int id : s.placements)
      out.emplace_back(
          1, puzzle.pieces[static_cast<std::size_t>(puzzle.placements[static_cast<std::size_t>(id)].piece)]
                 .letter);
    return out;
  };
  if (json) {
    nlohmann::json solutions = nlohmann::json::array();
    for (std::size_t i = 0; i < shown; ++i) {
      const DisassembledSolution& s = apart.solutions[i];
      solutions.push_back({{"solution", formatChallenge(puzzle, s.placements)},
                           {"level", s.level},
                           {"moves", s.disassembly.tree ? describeMoves(*s.disassembly.tree, names(s))
                                                        : std::vector<std::string>{}}});
    }
    printJson({{"assemblies", apart.assemblies},
               {"disassemblable", apart.solutions.size()},
               {"solutions", solutions},
               {"seconds", apart.seconds},
               {"disassembly_nodes", apart.nodes}});
    return 0;
  }
  std::cout << fmt::format("{} of {} assemblies come apart\n", apart.solutions.size(), apart.assemblies);
  for (std::size_t i = 0; i < shown; ++i) {
    const DisassembledSolution& s = apart.solutions[i];
    std::cout << fmt::format("\nlevel {}\n", s.level.empty() ? "0 (a single piece)" : s.level);
    std::cout << boardPicture(puzzle, s.placements, colour);
    if (s.disassembly.tree)
      for (const std::string& move : describeMoves(*s.disassembly.tree, names(s)))
        std::cout << "  " << move << '\n';
  }
  return 0;
}

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

// solve --jsonl: each solution on its own line as the search finds it (flushed, so a reader sees it at once),
// then a summary line. Nothing is kept but, with --distinct, the canonical text of each class already
// printed. docs/json.md, "Streams".
int streamSolutions(const Puzzle& puzzle, const std::vector<int>& givens, FindOptions find,
                    std::uint64_t maxShown, bool distinct) {
  const auto start = std::chrono::steady_clock::now();
  auto elapsed = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  std::set<std::string> seen;
  std::uint64_t printed = 0, fillings = 0;
  find.max = SIZE_MAX;
  find.onSolution = [&](const std::vector<int>& solution) {
    ++fillings;
    if (printed < maxShown) {
      Challenge filled;
      filled.givens = solution;
      if (!distinct || seen.insert(canonicalChallengeText(puzzle, filled)).second) {
        ++printed;
        printJson(nlohmann::json{{"type", "solution"},
                                 {"index", printed},
                                 {"solution", formatChallenge(puzzle, solution)},
                                 {"seconds", elapsed()}});
        std::cout.flush();
      }
    }
    return printed < maxShown || fillings < 2;  // (two fillings tell unique from multiple)
  };
  const FindResult found = findSolutions(puzzle, givens, find);
  const char* status = fillings == 0 ? "none" : fillings == 1 ? "unique" : "multiple";
  printJson(nlohmann::json{{"type", "summary"},
                           {"status", status},
                           {"found", printed},
                           {"distinct", distinct},
                           {"exhausted", found.exhausted},
                           {"seconds", elapsed()},
                           {"nodes", found.nodes}});
  return 0;
}

}  // namespace

int runSolve(const std::vector<std::string>& args) {
  po::options_description options("options");
  addChallengeOptions(options);
  options.add_options()("max", po::value<std::string>()->default_value("2"),
                        "print at most this many solutions (2 proves uniqueness)")(
      "distinct", "list one solution of each class under the board's symmetries (as count's distinct)")(
      "json", "print JSON")(
      "jsonl",
      "stream JSON lines: one per solution as it is found, then a summary line (without --max: every "
      "solution)")("color", "colour the boards even when standard output is not a terminal")(
      "disassemble",
      "the assemblies that come apart (of the whole puzzle, or with the challenge's pieces: a full picture "
      "is one assembly), hardest first, each with its level and its moves in words (docs/disassembly.md); "
      "--max bounds how many are shown");
  addRulesOption(options);
  po::variables_map vm;
  if (!parseArguments(
          "solve",
          "piecework solve PUZZLE [--challenge TEXT|--challenge-file FILE] [--max N] [--distinct] "
          "[--unlinked] "
          "[--json | --jsonl] [--color]\n"
          "       piecework solve PUZZLE --disassemble [--challenge TEXT] [--max N] [--json] [--color]\n"
          "(without --challenge: the puzzle as posed, nothing placed)",
          args, options, vm))
    return 0;
  const bool jsonl = vm.count("jsonl") != 0U;
  if (jsonl && vm.count("json") != 0U) throw InputError("solve: give --json or --jsonl, not both");
  if (jsonl && vm.count("disassemble") != 0U)
    throw InputError("solve: --jsonl streams solutions; --disassemble takes --json");
  // Every solution is kept in memory until printed: a bound, not "every solution" for a wrapped -1. A stream
  // keeps none, so it has no bound but the one given.
  const std::uint64_t maxShown =
      jsonl ? (vm["max"].defaulted() ? UINT64_MAX
                                     : parseWholeNumber(vm["max"].as<std::string>(), "--max", 1, UINT64_MAX))
            : parseWholeNumber(vm["max"].as<std::string>(), "--max", 1, kMaxSolutionsShown);
  const Puzzle puzzle = loadPuzzle(vm["puzzle"].as<std::string>());
  if (vm.count("disassemble") != 0U) {
    requireDisassemblyGrid(puzzle);
    const Challenge given = readChallengeText(puzzle, vm, false);
    return printDisassemblies(puzzle, vm["puzzle"].as<std::string>(), given.givens, maxShown,
                              vm.count("json") != 0U, vm.count("color") != 0U || stdoutWantsColour());
  }
  Challenge challenge = readChallengeText(puzzle, vm, false);  // (none: the empty board, as posed)
  const std::vector<int>& givens = challenge.givens;
  FindOptions find;
  find.rules = readRules(vm);
  find.rules.marks = std::move(challenge.marks);
  const bool distinct = vm.count("distinct") != 0U;
  if (jsonl) return streamSolutions(puzzle, givens, find, maxShown, distinct);
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

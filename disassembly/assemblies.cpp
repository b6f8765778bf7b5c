// SPDX-License-Identifier: Apache-2.0
#include "disassembly/assemblies.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <limits>
#include <optional>
#include <set>
#include <span>
#include <thread>

#include "disassembly/movement.hpp"
#include "puzzle/burrtools_symmetry.hpp"
#include "puzzle/errors.hpp"
#include "solver/solver.hpp"

namespace piecework {

std::vector<AssembledPiece> assemblyOf(const Puzzle& puzzle, const std::vector<int>& placements,
                                       const std::vector<int>& groups) {
  std::vector<AssembledPiece> out;
  for (const int id : placements) {
    const Placement& placement = puzzle.placements[static_cast<std::size_t>(id)];
    AssembledPiece piece;
    for (const int site : placement.sites)
      piece.cells.push_back(puzzle.sites[static_cast<std::size_t>(site)]);
    if (static_cast<std::size_t>(placement.piece) < groups.size())
      piece.group = groups[static_cast<std::size_t>(placement.piece)];
    out.push_back(std::move(piece));
  }
  return out;
}

void requireDisassemblyGrid(const Puzzle& puzzle) {
  if (slideDirections(puzzle.lattice).empty())
    throw InputError(fmt::format(
        "{}: disassembly needs a puzzle of cubes or triangular prisms (the moves of this grid are "
        "not defined in piecework)",
        puzzle.name));
}

namespace {

// Symmetry breaking for the search: a piece of one copy that every symmetry keeps need only be placed at the
// smallest placement of each orbit (every class of assemblies has a member with it there); the other
// placements of that piece, to be excluded. The piece with the most placements is chosen (the largest cut).
std::vector<int> outsideOrbitMinimum(const Puzzle& puzzle, std::span<const Symmetry> symmetries) {
  int best = -1;
  for (int p = 0; p < puzzle.pieceCount(); ++p) {
    const auto size = static_cast<std::size_t>(p);
    if (puzzle.pieces[size].copies != 1 || puzzle.pieces[size].ranged()) continue;
    if (!std::all_of(symmetries.begin(), symmetries.end(),
                     [&](const Symmetry& s) { return s.piece[size] == p; }))
      continue;
    if (best < 0 ||
        puzzle.piecePlacements[size].size() > puzzle.piecePlacements[static_cast<std::size_t>(best)].size())
      best = p;
  }
  std::vector<int> out;
  if (best < 0 || symmetries.size() < 2) return out;
  for (const int id : puzzle.piecePlacements[static_cast<std::size_t>(best)])
    if (std::any_of(symmetries.begin(), symmetries.end(),
                    [&](const Symmetry& s) { return s.placement[static_cast<std::size_t>(id)] < id; }))
      out.push_back(id);
  return out;
}

// canonicalPlacements (puzzle/puzzle.hpp) under `symmetries` instead of the puzzle's own.
std::vector<int> canonicalUnder(std::span<const Symmetry> symmetries, const std::vector<int>& placements) {
  std::vector<int> best = placements;
  std::sort(best.begin(), best.end());
  std::vector<int> image;
  for (const Symmetry& sym : symmetries) {
    image.clear();
    for (const int id : placements) image.push_back(sym.placement[static_cast<std::size_t>(id)]);
    std::sort(image.begin(), image.end());
    if (image < best) best = image;
  }
  return best;
}

// Whether every symmetry of `group` is one of the puzzle's own (by its map of the placements).
bool partOfPuzzles(const Puzzle& puzzle, std::span<const Symmetry> group) {
  return std::all_of(group.begin(), group.end(), [&](const Symmetry& h) {
    return std::any_of(puzzle.symmetries.begin(), puzzle.symmetries.end(),
                       [&](const Symmetry& g) { return g.placement == h.placement; });
  });
}

// The classes under the puzzle's own group G of one member of each class under `group` (H, a part of G):
// a class under G is a union of classes under H, told apart by the members' canonical forms under G.
std::uint64_t classesUnderPuzzles(const Puzzle& puzzle, std::span<const Symmetry> group,
                                  const std::set<std::vector<int>>& members) {
  if (group.size() == puzzle.symmetries.size()) return members.size();
  std::set<std::vector<int>> classes;
  for (const std::vector<int>& member : members) classes.insert(canonicalUnder(puzzle.symmetries, member));
  return classes.size();
}

// One assembly of each class under `symmetries` (its smallest image, sorted placement ids), with the
// search's nodes and seconds and, where the symmetries are a part of the puzzle's own group, the count's
// figures (fillings, classes under the puzzle's group) in `out`. There by the count's search, which breaks
// symmetry by them (solver/symmetry_breaking.hpp) and meets each class once or a few times; elsewhere
// (BurrTools merges by symmetries the puzzle lacks) every filling with one piece at its orbit minima, merged
// by canonical forms. Measured (callgrind, `count FILE#N --disassemble --json --threads 1`), against the
// second way for every design: Prisgon#1 74 -> 16 nodes, the run 21.58M -> 21.08M instructions; Prisgon#2
// 112 -> 25, 17.68M -> 16.36M; DemoPieceGenerator#1 85.42M -> 82.00M; CubeInCage#1 483 -> 583 nodes, 28.52M
// -> 28.03M; PelikanBurr#1 (25 leaves of the breaking tree, each a job) 301.79M -> 304.05M.
std::set<std::vector<int>> listAssemblies(const Puzzle& puzzle, const std::vector<int>& givens,
                                          std::span<const Symmetry> symmetries, AssembliesApart& out) {
  std::set<std::vector<int>> members;
  if (partOfPuzzles(puzzle, symmetries)) {
    const auto start = std::chrono::steady_clock::now();
    const CountJobs jobs(makeProblem(puzzle, givens, Rules{}), 1, symmetries);
    const std::unique_ptr<CountJobs::Searcher> searcher = jobs.searcher();
    searcher->onDistinct(
        [&](const std::vector<int>& solution) { members.insert(canonicalUnder(symmetries, solution)); });
    std::uint64_t fillings = 0;
    for (std::size_t j = 0; j < jobs.size(); ++j) {
      const JobCounts counts = searcher->run(j);
      fillings += counts.solutions;
      out.searchNodes += counts.nodes;
    }
    out.searchSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (givens.empty()) {
      out.fillings = fillings;
      out.classes = classesUnderPuzzles(puzzle, symmetries, members);
    }
    return members;
  }
  FindOptions find;
  find.max = std::numeric_limits<std::size_t>::max();
  find.excluded = outsideOrbitMinimum(puzzle, symmetries);
  const FindResult found = findSolutions(puzzle, givens, find);
  for (const std::vector<int>& solution : found.solutions)
    members.insert(canonicalUnder(symmetries, solution));
  out.searchNodes = found.nodes;
  out.searchSeconds = found.seconds;
  return members;
}

}  // namespace

AssembliesApart disassembleAssemblies(const Puzzle& puzzle, const ApartOptions& options) {
  const std::vector<int>& groups = options.groups;
  const std::vector<int>& givens = options.givens;
  const int threads = options.threads;
  requireDisassemblyGrid(puzzle);
  const auto start = std::chrono::steady_clock::now();
  // One assembly per class: the canonical form under BurrTools' symmetries.
  // (the symmetries chosen, not a copy of the puzzle with them. Measured (callgrind, `count
  // lohe.misused-key#1 --disassemble --json --threads 1`): copying and freeing the puzzle took 4.3M of the
  // run's 109.7M instructions; the run 105.4M after, Prisgon#1 63.5M -> 59.8M)
  std::optional<std::vector<Symmetry>> asked;
  const std::optional<std::vector<Symmetry>>* group = options.burrToolsGroup;
  if (group == nullptr) group = &(asked = burrToolsSymmetries(puzzle, options.coloursCount));
  std::span<const Symmetry> symmetries =
      *group && !options.mergeMirrors ? std::span<const Symmetry>(**group) : puzzle.symmetries;
  if (!givens.empty() && !symmetries.empty())
    symmetries = symmetries.first(1);  // (identity first: the givens stay where they are)
  AssembliesApart out;
  const std::set<std::vector<int>> distinct = listAssemblies(puzzle, givens, symmetries, out);
  out.assemblies = distinct.size();

  std::vector<std::vector<int>> assemblies(distinct.begin(), distinct.end());
  std::vector<DisassembledSolution> results(assemblies.size());
  std::atomic<std::size_t> next{0};
  // One table of distances per thread, over all its assemblies: they share their pieces' shapes. Measured
  // (callgrind, `count lohe.misused-key#2 --disassemble --json --threads 1`, 470 assemblies): forward 622.0M
  // -> 33.8M instructions, the run 1,208M -> 498M.
  // Each placement's shape in the table looked up once per thread, not its cells once per assembly (see
  // disassembleShaped).
  auto work = [&] {
    MovementTable table(puzzle.lattice);
    std::vector<std::optional<MovementTable::Shaped>> placementShapes(puzzle.placements.size());
    std::vector<MovementTable::Shaped> shapes;
    std::vector<int> pieceGroups;
    std::vector<Site> cells;
    for (std::size_t k = next++; k < assemblies.size(); k = next++) {
      results[k].placements = assemblies[k];
      shapes.clear(), pieceGroups.clear();
      for (const int id : assemblies[k]) {
        const Placement& placement = puzzle.placements[static_cast<std::size_t>(id)];
        std::optional<MovementTable::Shaped>& shaped = placementShapes[static_cast<std::size_t>(id)];
        if (!shaped) {
          cells.clear();
          for (const int site : placement.sites)
            cells.push_back(puzzle.sites[static_cast<std::size_t>(site)]);
          shaped = table.shapeOf(cells);
        }
        shapes.push_back(*shaped);
        pieceGroups.push_back(static_cast<std::size_t>(placement.piece) < groups.size()
                                  ? groups[static_cast<std::size_t>(placement.piece)]
                                  : 0);
      }
      if (shapes.size() > 64)
        throw InputError(
            fmt::format("an assembly of {} pieces: the disassembler takes at most 64", shapes.size()));
      results[k].disassembly = disassembleShaped(shapes, pieceGroups, puzzle.lattice, table);
      if (results[k].disassembly.tree) results[k].level = levelText(*results[k].disassembly.tree);
    }
  };
  const unsigned count =
      threads > 0 ? static_cast<unsigned>(threads) : std::max(1U, std::thread::hardware_concurrency());
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < count; ++t) pool.emplace_back(work);
  work();
  for (std::thread& t : pool) t.join();

  for (DisassembledSolution& r : results) {
    out.nodes += r.disassembly.nodes;
    if (r.disassembly.comesApart) out.solutions.push_back(std::move(r));
  }
  std::stable_sort(out.solutions.begin(), out.solutions.end(),
                   [](const DisassembledSolution& a, const DisassembledSolution& b) {
                     return harderLevel(a.level, b.level);
                   });
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

}  // namespace piecework

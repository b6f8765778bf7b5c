// SPDX-License-Identifier: Apache-2.0
#include "solver/symmetry_breaking.hpp"

#include <algorithm>
#include <cstddef>

#include "solver/engine.hpp"  // branchesByMrv

namespace piecework {

std::vector<const Symmetry*> stabilizer(const Puzzle& puzzle, const std::vector<int>& givens) {
  std::vector<int> sorted = givens;
  std::sort(sorted.begin(), sorted.end());
  std::vector<const Symmetry*> group;
  for (const auto& sym : puzzle.symmetries) {
    std::vector<int> image;
    for (int id : givens) image.push_back(sym.placement[static_cast<std::size_t>(id)]);
    std::sort(image.begin(), image.end());
    if (image == sorted) group.push_back(&sym);
  }
  return group;
}

namespace {

// Restricting a cell, or anything below the root, places a piece ahead of the search order and splits the
// search where the cell order would have cut early, which costs more than a group of 2 saves (measured:
// pentominoes-3x20 went from 10,788 to 176,770 nodes); from 4 up it pays (super-iq-cube: 4,082,930 nodes with
// the root level alone, 1,730,506 with up to 4 levels). A piece at the root is where it always was.
constexpr int kMaxBreakingDepth = 4;
constexpr std::size_t kMinSplittingGroup = 4;
// In boxes the search branches by MRV, so a restriction costs no order and pays from a group of 2 (measured:
// pentacubes-3x4x5 937,718 nodes with 4, 468,529 with 2).
constexpr std::size_t kMinSplittingGroupMrv = 2;

// The restriction chosen at one node: what is restricted, the group that acts on it, and its representatives
// with their fixers.
struct Restriction {
  int piece = -1;
  int cell = -1;
  std::vector<const Symmetry*> group;
  std::vector<std::pair<int, std::vector<const Symmetry*>>> reps;  // (placement id, fixers)
  std::size_t candidates = 0;                                      // placements restricted
};

void collectReps(const std::vector<int>& ids, Restriction& r) {
  r.candidates = ids.size();
  // The fixers are collected for the representatives alone, once they are known to be: most placements are
  // not, and their lists cost an allocation each. Measured (callgrind, `count PelikanBurr#1 --json
  // --threads 1`, a group of 24): buildBreaking 1.83M -> 1.17M instructions; Prisgon#1 1.24M -> 0.87M.
  for (int id : ids) {
    const auto i = static_cast<std::size_t>(id);
    if (std::any_of(r.group.begin(), r.group.end(), [&](const Symmetry* g) { return g->placement[i] < id; }))
      continue;
    std::vector<const Symmetry*> fixers;
    for (const Symmetry* g : r.group)
      if (g->placement[i] == id) fixers.push_back(g);
    r.reps.emplace_back(id, std::move(fixers));
  }
}

// Picks the restriction for a node whose placements so far are `path` and whose group is `group`: a
// single-copy piece the group keeps (fewest representatives, those fixed by a symmetry cost a test at every
// leaf below them), else the open must-fill cell whose covering placements shrink most; below the root, and
// for cells, only under kMinSplittingGroup (boxes: kMinSplittingGroupMrv) or more symmetries. Returns false
// when nothing qualifies.
bool chooseRestriction(const Puzzle& puzzle, const Problem& problem, const std::vector<int>& path,
                       const std::vector<const Symmetry*>& group, bool root, Restriction& best) {
  std::vector<char> covered(puzzle.sites.size(), 0);
  std::vector<int> need = problem.need;
  std::vector<char> onPath(puzzle.pieces.size(), 0);
  for (int id : problem.givens)
    for (int s : puzzle.placements[static_cast<std::size_t>(id)].sites)
      covered[static_cast<std::size_t>(s)] = 1;
  for (int id : path) {
    const Placement& p = puzzle.placements[static_cast<std::size_t>(id)];
    for (int s : p.sites) covered[static_cast<std::size_t>(s)] = 1;
    --need[static_cast<std::size_t>(p.piece)];
    onPath[static_cast<std::size_t>(p.piece)] = 1;
  }
  std::vector<int> fitting;
  for (int id : problem.options) {
    const Placement& p = puzzle.placements[static_cast<std::size_t>(id)];
    if (need[static_cast<std::size_t>(p.piece)] <= 0) continue;
    if (std::any_of(p.sites.begin(), p.sites.end(),
                    [&](int s) { return covered[static_cast<std::size_t>(s)]; }))
      continue;
    fitting.push_back(id);
  }

  bool found = false;
  std::size_t bestCost = SIZE_MAX;
  const std::size_t minGroup = branchesByMrv(puzzle) ? kMinSplittingGroupMrv : kMinSplittingGroup;
  for (int p = 0; p < puzzle.pieceCount() && (root || group.size() >= minGroup); ++p) {
    // (A piece that may be left out (a range of copies) is in not every solution: not restricted.)
    if (problem.need[static_cast<std::size_t>(p)] != 1 || problem.spare[static_cast<std::size_t>(p)] != 0 ||
        onPath[static_cast<std::size_t>(p)])
      continue;
    if (!std::all_of(group.begin(), group.end(),
                     [&](const Symmetry* g) { return g->piece[static_cast<std::size_t>(p)] == p; }))
      continue;
    Restriction candidate;
    candidate.piece = p;
    candidate.group = group;
    std::vector<int> ids;
    for (int id : fitting)
      if (puzzle.placements[static_cast<std::size_t>(id)].piece == p) ids.push_back(id);
    collectReps(ids, candidate);
    if (candidate.reps.size() == candidate.candidates) continue;
    std::size_t fixedReps = 0;
    for (const auto& rep : candidate.reps) fixedReps += rep.second.size() > 1 ? 1 : 0;
    const std::size_t cost = candidate.reps.size() * 4 + fixedReps * 3;
    if (cost < bestCost) bestCost = cost, best = std::move(candidate), found = true;
  }
  if (found) return true;

  // Cells: fewest representatives per covering placement; ties go to cells that the whole group keeps
  // (cheaper leaf test), then to the first in search order.
  std::size_t bestReps = 1, bestCandidates = 1;  // a ratio of 1 shrinks nothing
  bool bestKept = false;
  for (int c = 0; c < puzzle.siteCount(); ++c) {
    if (!puzzle.mustFill[static_cast<std::size_t>(c)] || covered[static_cast<std::size_t>(c)]) continue;
    Restriction candidate;
    candidate.cell = c;
    for (const Symmetry* g : group)
      if (g->site[static_cast<std::size_t>(c)] == c) candidate.group.push_back(g);
    if (candidate.group.size() < minGroup) continue;
    std::vector<int> ids;
    for (int id : fitting) {
      const auto& sites = puzzle.placements[static_cast<std::size_t>(id)].sites;
      if (std::binary_search(sites.begin(), sites.end(), c)) ids.push_back(id);
    }
    collectReps(ids, candidate);
    if (candidate.candidates == 0) continue;
    // reps / candidates against the best's, cross-multiplied
    const std::size_t mine = candidate.reps.size() * bestCandidates;
    const std::size_t theirs = bestReps * candidate.candidates;
    const bool kept = candidate.group.size() == group.size();
    if (mine < theirs || (mine == theirs && kept && !bestKept)) {
      bestReps = candidate.reps.size(), bestCandidates = candidate.candidates, bestKept = kept;
      best = std::move(candidate), found = true;
    }
  }
  return found;
}

// Is this solution (sorted placement ids, givens included) one the search enumerates?
bool enumerated(const Puzzle& puzzle, const Breaking& b, const std::vector<int>& givens,
                const std::vector<int>& solution) {
  const BreakNode* node = &b.nodes[0];
  while (node->piece >= 0 || node->cell >= 0) {
    int chosen = -1;
    for (int id : solution) {
      const Placement& p = puzzle.placements[static_cast<std::size_t>(id)];
      const bool match = node->piece >= 0 ? p.piece == node->piece
                                          : std::binary_search(p.sites.begin(), p.sites.end(), node->cell);
      if (match && !std::binary_search(givens.begin(), givens.end(), id)) {
        chosen = id;
        break;
      }
    }
    auto it = std::lower_bound(node->children.begin(), node->children.end(), std::pair<int, int>{chosen, -1});
    if (it == node->children.end() || it->first != chosen) return false;
    node = &b.nodes[static_cast<std::size_t>(it->second)];
  }
  return true;
}

}  // namespace

Breaking buildBreaking(const Puzzle& puzzle, const Problem& problem,
                       const std::vector<const Symmetry*>& group) {
  Breaking b;
  b.nodes.emplace_back();
  b.nodes[0].fixers = group;
  // Breadth first; nodes are appended while the loop walks them.
  for (std::size_t n = 0; n < b.nodes.size(); ++n) {
    Restriction r;
    if (b.nodes[n].fixers.size() <= 1 || static_cast<int>(b.nodes[n].path.size()) >= kMaxBreakingDepth ||
        !chooseRestriction(puzzle, problem, b.nodes[n].path, b.nodes[n].fixers, n == 0, r)) {
      b.leaves.push_back(static_cast<int>(n));
      continue;
    }
    b.nodes[n].piece = r.piece;
    b.nodes[n].cell = r.cell;
    const bool kept = r.group.size() == b.nodes[n].fixers.size();
    for (auto& [id, fixers] : r.reps) {
      BreakNode child;
      child.path = b.nodes[n].path;
      child.path.push_back(id);
      child.weight = b.nodes[n].weight * (r.group.size() / fixers.size());
      child.fixers = std::move(fixers);
      child.fixersSuffice = b.nodes[n].fixersSuffice && kept;
      b.nodes[n].children.emplace_back(id, static_cast<int>(b.nodes.size()));
      b.nodes.push_back(std::move(child));
    }
    std::sort(b.nodes[n].children.begin(), b.nodes[n].children.end());
  }
  return b;
}

bool isCanonical(const std::vector<int>& sortedSolution, const std::vector<const Symmetry*>& group) {
  std::vector<int> image(sortedSolution.size());
  for (const Symmetry* g : group) {
    for (std::size_t i = 0; i < sortedSolution.size(); ++i)
      image[i] = g->placement[static_cast<std::size_t>(sortedSolution[i])];
    std::sort(image.begin(), image.end());
    if (image < sortedSolution) return false;
  }
  return true;
}

// No smaller image under `group` that the search also enumerates.
bool isCanonicalAmongEnumerated(const Puzzle& puzzle, const Breaking& b, const std::vector<int>& givens,
                                const std::vector<int>& sortedSolution,
                                const std::vector<const Symmetry*>& group) {
  std::vector<int> image(sortedSolution.size());
  for (const Symmetry* g : group) {
    for (std::size_t i = 0; i < sortedSolution.size(); ++i)
      image[i] = g->placement[static_cast<std::size_t>(sortedSolution[i])];
    std::sort(image.begin(), image.end());
    if (image < sortedSolution && enumerated(puzzle, b, givens, image)) return false;
  }
  return true;
}

}  // namespace piecework

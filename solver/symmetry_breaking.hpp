// SPDX-License-Identifier: Apache-2.0
// Symmetry breaking inside the search (solver/solver.hpp, countSolutions): which placements the search
// restricts to orbit representatives, and the canonical-form tests at the leaves. Used by the searches of
// every search rule (solver/rule_searches.hpp).
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "puzzle/puzzle.hpp"
#include "solver/problem.hpp"

namespace piecework {

// The symmetries of the puzzle that map the givens onto themselves.
std::vector<const Symmetry*> stabilizer(const Puzzle& puzzle, const std::vector<int>& givens);

// Symmetry breaking as a small tree. At each node one thing every solution below contains exactly once is
// restricted to orbit representatives: the placement of a single-copy piece that the node's group keeps,
// or the placement covering a must-fill cell (under the part of the group that keeps that cell). Below a
// representative the group shrinks to the symmetries that fix it, and the node may restrict again.
//
// Correctness. Let E be the solutions the search enumerates (those whose restricted placements are
// representatives, all along their path). Every orbit of solutions meets E: a symmetry of the node's group
// (or of the part keeping the cell) moves the restricted placement onto its representative and keeps the
// placements chosen above. A solution of E counts as distinct when no image of it under the whole group that
// also lies in E is smaller; so each orbit counts once. When every node's restriction is kept by the node's
// whole group, an image lies in E only through a symmetry fixing every representative on the path, so
// testing those symmetries (the leaf's fixers) is enough. Solutions: each solution of E stands for the
// product, over its path, of the orbit sizes of its representatives under the restricting groups.
struct BreakNode {
  int piece = -1;                             // restricted below: the placement of this piece,
  int cell = -1;                              // or the placement covering this site; both -1 at a leaf
  std::vector<std::pair<int, int>> children;  // (representative placement id, node), sorted by id
  std::vector<const Symmetry*> fixers;        // symmetries that fix every representative on the path
  std::vector<int> path;                      // representative placement ids from the root
  std::uint64_t weight = 1;                   // solutions each enumerated one stands for
  bool fixersSuffice = true;                  // the leaf's canonical test needs only `fixers`
};

struct Breaking {
  std::vector<BreakNode> nodes;  // nodes[0] is the root
  std::vector<int> leaves;
};

// The breaking tree for `problem` under `group` (at least two symmetries).
Breaking buildBreaking(const Puzzle& puzzle, const Problem& problem,
                       const std::vector<const Symmetry*>& group);

// Whether no image of the sorted solution under `group` is smaller.
bool isCanonical(const std::vector<int>& sortedSolution, const std::vector<const Symmetry*>& group);
// Whether no image of the sorted solution under `group` that the search also enumerates is smaller.
bool isCanonicalAmongEnumerated(const Puzzle& puzzle, const Breaking& b, const std::vector<int>& givens,
                                const std::vector<int>& sortedSolution,
                                const std::vector<const Symmetry*>& group);

}  // namespace piecework

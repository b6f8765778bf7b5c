// SPDX-License-Identifier: Apache-2.0
#include "puzzle/burrtools_symmetry.hpp"

#include <algorithm>

namespace piecework {

namespace {

// True when some turn in space maps the piece onto its mirror image (it has as many images under turns
// alone as under turns and mirrors).
bool ownMirrorImage(Lattice lattice, const PieceDef& piece) {
  std::vector<Transform> turns;
  for (const auto& t : pointGroup(lattice))
    if (!t.mirror) turns.push_back(t);
  return distinctImages(lattice, piece.faces.front(), turns).size() ==
         distinctImages(lattice, piece.faces.front(), pointGroup(lattice)).size();
}

}  // namespace

std::optional<std::vector<Symmetry>> burrToolsSymmetries(const Puzzle& puzzle) {
  if (puzzle.hasFamilyRule || puzzle.markedCells || !puzzle.window.empty()) return std::nullopt;
  for (const auto& piece : puzzle.pieces)
    if (piece.faces.size() != 1 || !piece.faceColours.empty()) return std::nullopt;
  if (puzzle.lattice == Lattice::Square) {
    // BurrTools turns flat pieces over in space: pieces that may not be turned over cannot be said.
    for (const auto& piece : puzzle.pieces)
      if (piece.moves != Moves::TurnMirror) return std::nullopt;
    return puzzle.symmetries;
  }
  if (!layered(puzzle.lattice)) return std::nullopt;  // cubes or spheres: pieces turn in space
  bool everyPieceOwnMirror = true;
  for (const auto& piece : puzzle.pieces) {
    const bool own = ownMirrorImage(puzzle.lattice, piece);
    // A piece that may be mirrored and is not its own mirror image is two BurrTools shapes, not one.
    if (piece.moves != Moves::Turn && !own) return std::nullopt;
    everyPieceOwnMirror = everyPieceOwnMirror && own;
  }
  std::vector<Symmetry> group;
  std::copy_if(puzzle.symmetries.begin(), puzzle.symmetries.end(), std::back_inserter(group),
               [&](const Symmetry& s) { return !s.mirror || everyPieceOwnMirror; });
  return group;
}

}  // namespace piecework

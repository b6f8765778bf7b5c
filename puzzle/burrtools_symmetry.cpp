// SPDX-License-Identifier: Apache-2.0
#include "puzzle/burrtools_symmetry.hpp"

#include <algorithm>

namespace piecework {

namespace {

// The piece's images under turns alone, where buildPuzzle has made them its orientations (a piece that
// turns, with no colours of its own to tell them apart: its first face's distinct images under the turns),
// or null.
const std::vector<Shape>* turnsOf(Lattice lattice, const PieceDef& piece) {
  const bool oriented = piece.faces.size() == 1 && piece.moves == Moves::Turn && piece.faceColours.empty() &&
                        piece.orientationColours.empty() && !piece.orientations.empty() &&
                        !turnedOverInSpace(lattice, piece.faces.front());
  return oriented ? &piece.orientations : nullptr;
}

// A mirror image of the shape, normalized. Every mirror is one turn after any other: so a shape's mirror
// images are all among a set of images under turns as soon as one is (the test of ownMirrorImage() and
// mirrorPair()).
Shape mirrorImage(Lattice lattice, const Shape& shape) {
  for (const auto& t : pointGroup(lattice))
    if (t.mirror) return normalized(lattice, transformed(lattice, t, shape));
  return normalized(lattice, shape);
}

// True when some turn in space maps the piece onto its mirror image (a mirror image is among its images
// under turns). Measured (callgrind, `count PelikanBurr#1 --json --threads 1`): burrToolsSymmetries 4.56M
// -> 1.97M instructions, against the images under all 48 transforms and the 24 turns counted apart; one
// mirror image instead of each: `count lohe.misused-key#1` 19.88M -> 17.77M.
bool ownMirrorImage(Lattice lattice, const PieceDef& piece) {
  if (turnedOverInSpace(lattice, piece.faces.front())) return true;
  std::vector<Shape> byTurns;
  const std::vector<Shape>* turns = turnsOf(lattice, piece);
  if (turns == nullptr) {
    std::vector<Transform> rotations;
    for (const auto& t : pointGroup(lattice))
      if (!t.mirror) rotations.push_back(t);
    byTurns = distinctImages(lattice, piece.faces.front(), rotations);
    turns = &byTurns;
  }
  const Shape image = mirrorImage(lattice, piece.faces.front());
  return std::find(turns->begin(), turns->end(), image) != turns->end();
}

// Whether `b` is the mirror image of `a` (a turn of b is a mirror image of a): a mirror image of a among b's
// turns where they are its orientations, else the mirror images of a tried until one is b's shape.
// Measured (callgrind, `count DiagonalCube#1 --json --threads 1`, 6 pieces of 24 orientations, none its
// own mirror image): mirrorPair 0.64M instructions -> under 0.03M, the run 10.92M -> 10.31M.
bool mirrorPair(Lattice lattice, const PieceDef& a, const PieceDef& b) {
  if (const std::vector<Shape>* turns = turnsOf(lattice, b)) {
    const Shape image = mirrorImage(lattice, a.faces.front());
    return std::find(turns->begin(), turns->end(), image) != turns->end();
  }
  const Shape shape = normalized(lattice, b.faces.front());
  for (const auto& t : pointGroup(lattice))
    if (t.mirror && normalized(lattice, transformed(lattice, t, a.faces.front())) == shape) return true;
  return false;
}

// BurrTools' own test (its assembler, before the search): mirror images of an assembly are one assembly
// when every piece is its own mirror image or has a partner among the pieces that is, copy for copy (so
// with as many copies), with the same voxel colours when `coloursCount`.
bool mirrorsPaired(const Puzzle& puzzle, bool coloursCount) {
  for (const auto& piece : puzzle.pieces) {
    if (ownMirrorImage(puzzle.lattice, piece)) continue;
    const bool paired = std::any_of(puzzle.pieces.begin(), puzzle.pieces.end(), [&](const PieceDef& other) {
      return &other != &piece && other.copies == piece.copies &&
             (!coloursCount || (other.colourGiven == piece.colourGiven &&
                                (!piece.colourGiven || other.colour == piece.colour) &&
                                other.cellColours == piece.cellColours)) &&
             mirrorPair(puzzle.lattice, piece, other);
    });
    if (!paired) return false;
  }
  return true;
}

}  // namespace

std::optional<std::vector<Symmetry>> burrToolsSymmetries(const Puzzle& puzzle, bool coloursCount) {
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
  for (const auto& piece : puzzle.pieces)
    // A piece that may be mirrored and is not its own mirror image is two BurrTools shapes, not one.
    if (piece.moves != Moves::Turn && !ownMirrorImage(puzzle.lattice, piece)) return std::nullopt;
  // (BurrTools merges mirror images whenever copies come in ranges, whatever the pieces: its assembler's
  // test is skipped there)
  const bool mirrors = puzzle.hasCopyRanges() || mirrorsPaired(puzzle, coloursCount);
  std::vector<Symmetry> group;
  std::copy_if(puzzle.symmetries.begin(), puzzle.symmetries.end(), std::back_inserter(group),
               [&](const Symmetry& s) { return !s.mirror || mirrors; });
  return group;
}

}  // namespace piecework

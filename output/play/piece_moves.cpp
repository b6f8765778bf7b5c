// SPDX-License-Identifier: Apache-2.0
#include "output/play/piece_moves.hpp"

#include <algorithm>
#include <optional>
#include <utility>

#include "puzzle/geometry.hpp"

namespace piecework {
namespace {

// The order of a rotation: how many times it is applied before it is the identity again.
int orderOf(const Transform& t, const Transform& identity) {
  Transform power = t;
  for (int n = 1; n <= 48; ++n) {
    if (power == identity) return n;
    power = compose(t, power);
  }
  return 0;
}

// The rotation that generates the others (flat lattices' rotations are cyclic), preferring the one that
// takes the x axis to the y axis (clockwise on a screen whose y points down); nullopt when there is none.
std::optional<Transform> smallestTurn(Lattice lattice) {
  const std::vector<Transform>& group = pointGroup(lattice);
  const Transform& identity = group.front();
  int rotations = 0;
  for (const auto& t : group) rotations += t.mirror ? 0 : 1;
  std::optional<Transform> best;
  for (const auto& t : group) {
    if (t.mirror || t == identity || orderOf(t, identity) != rotations) continue;
    const Site x = apply(lattice, t, Site{1, 0, 0});
    if (!best || (x.x == 0 && x.y > 0)) best = t;
  }
  return best;
}

std::optional<Transform> aMirror(Lattice lattice) {
  for (const auto& t : pointGroup(lattice))
    if (t.mirror) return t;
  return std::nullopt;
}

// An orientation as its cells with their colours (0 where the piece's cells carry none), sorted.
using Look = std::vector<std::pair<Site, char>>;

Look lookOf(const PieceDef& piece, std::size_t o) {
  Look look;
  for (std::size_t k = 0; k < piece.orientations[o].size(); ++k)
    look.emplace_back(piece.orientations[o][k],
                      piece.orientationColours.empty() ? '\0' : piece.orientationColours[o][k]);
  return look;
}

// The look moved by `t`, normalised as the orientations are (a shift keeps the cells' sorted order).
Look transformedLook(Lattice lattice, const Transform& t, const Look& look) {
  Look image;
  Shape cells;
  for (const auto& [site, colour] : look) {
    image.emplace_back(apply(lattice, t, site), colour);
    cells.push_back(image.back().first);
  }
  std::sort(image.begin(), image.end());
  const Shape shifted = normalized(lattice, cells);
  const Site d{shifted.front().x - image.front().first.x, shifted.front().y - image.front().first.y,
               shifted.front().z - image.front().first.z};
  for (auto& [site, colour] : image) site = Site{site.x + d.x, site.y + d.y, site.z + d.z};
  return image;
}

int findLook(const std::vector<Look>& looks, const Look& look) {
  const auto it = std::find(looks.begin(), looks.end(), look);
  return it == looks.end() ? -1 : static_cast<int>(it - looks.begin());
}

}  // namespace

std::vector<OrientationMoves> orientationMoves(const Puzzle& puzzle, int pieceIndex) {
  const PieceDef& piece = puzzle.pieces[static_cast<std::size_t>(pieceIndex)];
  const std::size_t n = piece.orientations.size();
  std::vector<Look> looks;
  for (std::size_t o = 0; o < n; ++o) looks.push_back(lookOf(piece, o));
  std::vector<OrientationMoves> moves(n);
  for (std::size_t o = 0; o < n; ++o)
    moves[o] = {static_cast<int>(o), static_cast<int>(o), static_cast<int>(o)};
  if (const auto turn = smallestTurn(puzzle.lattice))
    for (std::size_t o = 0; o < n; ++o) {
      const int next = findLook(looks, transformedLook(puzzle.lattice, *turn, looks[o]));
      if (next >= 0) {
        moves[o].turn = next;
        moves[static_cast<std::size_t>(next)].turnBack = static_cast<int>(o);
      }
    }
  // Turn classes: the orientations one turn after another reaches; a flip that no mirror gives goes to
  // the next class (the piece's other face).
  std::vector<int> turnClass(n, -1);
  int classes = 0;
  for (std::size_t o = 0; o < n; ++o) {
    if (turnClass[o] >= 0) continue;
    for (std::size_t k = o; turnClass[k] < 0; k = static_cast<std::size_t>(moves[k].turn))
      turnClass[k] = classes;
    ++classes;
  }
  const std::optional<Transform> mirror = aMirror(puzzle.lattice);
  for (std::size_t o = 0; o < n; ++o) {
    const int image = mirror ? findLook(looks, transformedLook(puzzle.lattice, *mirror, looks[o])) : -1;
    if (image >= 0) {
      moves[o].flip = image;
      continue;
    }
    if (classes < 2) continue;
    const int wanted = (turnClass[o] + 1) % classes;
    for (std::size_t k = 0; k < n; ++k)
      if (turnClass[k] == wanted) {
        moves[o].flip = static_cast<int>(k);
        break;
      }
  }
  return moves;
}

}  // namespace piecework

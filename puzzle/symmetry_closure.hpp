// SPDX-License-Identifier: Apache-2.0
// The board symmetries found so far, closed under composition. computeSymmetries (puzzle.cpp) tries every
// turn of the lattice and, for each that maps the board onto itself, looks up the image of every placement;
// but a turn that is a product of symmetries already found is itself one, and where a placement's image is
// told by its sites alone, its placement map is the product of theirs: one load per placement instead of a
// look-up. So only the group's generators are looked up placement by placement.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "puzzle/puzzle.hpp"

namespace piecework {

class SymmetryClosure {
 public:
  // Empty until the first symmetry other than the identity is added. Stays empty (find() finds nothing) where
  // a placement's image is not told by its sites: coloured pieces (several placements on one set of sites),
  // or `piecesShareSites` (PlacementImages), where which piece a turn takes a piece to is computeSymmetries'
  // choice (the piece itself first), not a product's.
  SymmetryClosure(const Puzzle& p, bool piecesShareSites);

  // The known symmetry that moves the sites so (and turns the board over or not, as `mirror` says), or null.
  const Symmetry* find(const std::vector<int>& site, bool mirror) const;
  // A symmetry found by look-ups: it and its products with those known join them.
  void add(const Symmetry& symmetry);

 private:
  static std::uint64_t hashOf(const std::vector<int>& site, bool mirror);
  const Symmetry* findHashed(const std::vector<int>& site, bool mirror, std::uint64_t hash) const;
  // The product of two known symmetries (`second` after `first`), added unless known.
  void addProduct(std::size_t second, std::size_t first);

  bool start();  // on the first add(): whether the closure applies, and the identity

  const Puzzle& p_;
  const bool piecesShareSites_;
  bool started_ = false, enabled_ = false;
  std::vector<Symmetry> known_;
  std::vector<std::uint64_t> hashes_;    // per known symmetry: hashOf() its sites and mirror
  std::vector<std::size_t> generators_;  // indices into known_
  std::vector<int> scratch_;
};

}  // namespace piecework

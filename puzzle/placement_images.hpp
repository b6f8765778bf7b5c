// SPDX-License-Identifier: Apache-2.0
// The images of a piece's placements under a board symmetry (a permutation of the sites): for each, the
// placement of a given piece that covers the image sites (with the image colours), found without sorting.
// What computeSymmetries (puzzle.cpp) asks of every placement under every turn of the board.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "puzzle/puzzle.hpp"

namespace piecework {

// Where computePlacements put a placement: its orientation's shape moved by `offset`, the shape's first cell
// on site `anchor`.
struct PlacementShift {
  Site offset;
  int anchor = -1;
};

class PlacementImages {
 public:
  // `shifts`: per placement of p.
  PlacementImages(const Puzzle& p, std::vector<PlacementShift> shifts);
  // Sets placementImage[id], for the placements id of `piece` in turn, to the placement of `image` that
  // `siteImage` makes of it (its sites and, on a coloured piece, its colours), or -1, and stops at the first
  // -1 (returning false). On a coloured piece several placements may share the sites; the lowest-numbered
  // one that shows the colours is the image.
  bool imagesOf(int piece, int image, const std::vector<int>& siteImage, std::vector<int>& placementImage);
  // Some two pieces may have the same placements (as sets of sites): told by their number and the sum of
  // their keys without the piece's, which such pieces share (others may share them by chance).
  bool piecesShareSites() const { return piecesShareSites_; }

 private:
  struct Slot {
    std::uint64_t key;
    int id;  // -1: empty
  };
  // One placement's image, by the key of the image's sites (the general way).
  int findByKey(int piece, int from, const std::vector<int>& siteImage);
  std::uint64_t keyOf(int piece, const std::vector<int>& sites) const;
  void indexOffsets();
  // The index in byOffset_ of that orientation (numbered among all pieces') at an offset in its box.
  std::size_t offsetSlot(int orientation, Site offset) const;

  const Puzzle& p_;
  std::vector<std::uint64_t> siteKey_, pieceKey_;
  std::vector<Slot> slots_;  // open addressing by the key's low bits (the keys are random words)
  std::vector<unsigned> mark_;
  unsigned stamp_ = 0;
  bool piecesShareSites_ = false;

  // Translates (uncoloured pieces only, where sites alone tell placements apart).
  bool translates_ = false;
  std::vector<char> plain_;             // per piece: uncoloured
  std::vector<int> firstOrientation_;   // per piece: its orientations' numbers among all pieces' from here
  std::vector<PlacementShift> shifts_;  // per placement
  std::vector<int> orientation_;        // per placement, its orientation (among its piece's), with translates
  // Per orientation of all pieces, the placements by offset: a box of offsets from `low`, `size` long along
  // each axis, at `start` in byOffset_ (-1 where no placement is).
  struct OffsetBox {
    Site low{0, 0, 0}, size{0, 0, 0};
    std::size_t start = 0;
  };
  std::vector<OffsetBox> boxes_;
  std::vector<int> byOffset_;
  // How imagesOf finds the images of one orientation's placements once it knows one: the box of the
  // image's orientation, and what to add to where the turn takes a placement's first cell to get its
  // image's offset in that box.
  struct Translate {
    const OffsetBox* box = nullptr;  // none yet
    Site shift;
  };
  Translate translateFrom(int image, int reference, int referenceImage,
                          const std::vector<int>& siteImage) const;
};

}  // namespace piecework

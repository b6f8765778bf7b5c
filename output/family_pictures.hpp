// SPDX-License-Identifier: Apache-2.0
// The terminal part of a puzzle family's output (docs/families.md): its boards and pieces as text
// (output/text.hpp). The defaults picture cell boards; a family overrides what it pictures its own way
// (IQ-Link: each peg's balls and rings as letters). Its cairo drawings are output/family_drawing.hpp, in the
// drawing module, so that the program's text commands load no drawing library.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "output/draw.hpp"
#include "puzzle/challenge.hpp"
#include "puzzle/puzzle.hpp"

namespace piecework {

class FamilyPictures {
 public:
  virtual ~FamilyPictures() = default;
  // `marks`: what a challenge gives beyond placed pieces (a window's colours, cells marked with a piece).
  virtual std::string boardPicture(const Puzzle& puzzle, const std::vector<int>& placements, bool colour,
                                   const CellMarks& marks) const;
  virtual std::string piecePicture(const Puzzle& puzzle, int piece, bool colour) const;
};

// The registry (output/family_pictures.cpp), filled by families/registry.cpp: the pictures of the puzzle's
// family (the defaults for a family without its own).
void registerPictures(std::string_view family, const FamilyPictures& pictures);
const FamilyPictures& familyPicturesOf(const Puzzle& puzzle);

}  // namespace piecework

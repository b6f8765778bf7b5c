// SPDX-License-Identifier: Apache-2.0
// The pictures a play page shows (output/play/play_page.hpp): the board of a challenge, and each piece in
// each of its orientations, drawn as the sheets draw them (output/draw.hpp) and cut out of the board on
// pixels, where the board with the piece differs from the board without it (as drawRuledOut finds a piece),
// so that every family's drawing is reused without the page knowing it. Where the board with the piece shows
// the board's own fill colour, the piece hides something of the board (the sheets leave a site's label out
// under a piece): those pixels are the orientation's cover, laid on the board under the piece but not shown
// with the loose piece.
#pragma once

#include <string>
#include <vector>

#include "puzzle/challenge.hpp"
#include "puzzle/puzzle.hpp"

namespace piecework {

// A PNG image, base64-encoded for a data: URL, and its size in pixels.
struct PngPicture {
  std::string base64;
  int width = 0;
  int height = 0;
};

// Where a placement's picture lies on the board picture: its orientation's cut-out, top-left corner in
// board pixels.
struct PlacementSpot {
  int orientation = 0;
  int x = 0;
  int y = 0;
};

// An orientation's picture, and what it hides of the board (empty base64 when nothing), the same size.
struct OrientationPicture {
  PngPicture piece;
  PngPicture cover;
};

struct PiecePictures {
  int boardWidth = 0, boardHeight = 0;  // pixels
  double pixelsPerUnit = 0;             // one lattice unit, as output/draw.hpp measures boards
  std::vector<std::vector<OrientationPicture>> orientations;  // per piece, per orientation
  std::vector<PlacementSpot> spots;                           // per placement of the puzzle
};

// Cuts out every piece in every orientation, and finds every placement's spot.
PiecePictures piecePictures(const Puzzle& puzzle, double pixelsPerUnit);

// The board with the given placements and marks, as the sheets draw it, at the same scale.
PngPicture boardPicture(const Puzzle& puzzle, const std::vector<int>& placements, const CellMarks& marks,
                        double pixelsPerUnit);

}  // namespace piecework

// SPDX-License-Identifier: Apache-2.0
// Part-cells (BurrTools' rhombic and tetrahedra-octahedra grids at the granularity of their voxels:
// puzzle/geometry.hpp, Site) drawn as the solids they are, in the isometric view of output/iso_cubes.hpp:
// every cell a tetrahedron (puzzle/part_cell_solids.hpp), its faces shaded by their normals and painted back
// to front, faces two drawn cells share left out, so that a piece reads as one solid and a filled shape as
// its surface. Boards are the empty shape seen from above and from below, pale, with the placed pieces in it;
// loose pieces are drawn from above.
#pragma once

#include <cairo.h>

#include <vector>

#include "output/draw.hpp"
#include "output/iso_cubes.hpp"
#include "output/paint.hpp"
#include "puzzle/geometry.hpp"
#include "puzzle/puzzle.hpp"

namespace piecework {

struct IsoPart {
  Site at;  // the voxel
  Rgb colour;
  int group = 0;    // the piece it belongs to: lines between two cells of one group in one plane are seams
  char letter = 0;  // drawn once per group, on its largest face in full view (0: none)
};

// How part-cells are painted: the outline's colour (between pieces, at creases and around the silhouette) and
// the seams' (between two cells of one piece in one plane), how much darker than the piece; seam < 0: unseen.
struct IsoPartsLook {
  Rgb edge = kInk;
  double seam = 0.18;
  double shade = 1.0;  // how strongly the faces' shades vary with their normals
};

// Which way the solids are seen: from above (x to the lower right, y to the lower left, z up, as the cubes),
// or turned half round the axis of x - y, which shows the faces the view from above hides.
enum class IsoSide { Above, Below };

// The bounds of the cells' drawing, in cube edges.
IsoFrame isoPartsFrame(Lattice lattice, const std::vector<Site>& voxels, IsoSide side = IsoSide::Above);

// Draws the cells with the frame's top-left corner at (x0, y0), `s` points per cube edge.
void drawIsoParts(cairo_t* cr, Lattice lattice, const std::vector<IsoPart>& cells, const IsoFrame& frame,
                  double x0, double y0, double s, const IsoPartsLook& look = {},
                  IsoSide side = IsoSide::Above);

// The drawings a part-cell puzzle's board and loose pieces get (output/family_drawing.hpp's defaults), in
// cube edges: the board both ways up side by side, each view titled, the placed pieces in their colours with
// their letters in the pale shape of the cells left empty; a loose piece from above, as it is defined or,
// where one of its orientations shows more of its planes, turned so.
Extent partCellBoardExtent(const Puzzle& puzzle);
void drawPartCellBoard(cairo_t* cr, const Puzzle& puzzle, const std::vector<int>& placements, double x,
                       double y, double scale);
Extent partCellPieceExtent(const Puzzle& puzzle, int piece);
void drawPartCellPiece(cairo_t* cr, const Puzzle& puzzle, int piece, double x, double y, double scale);

}  // namespace piecework

// SPDX-License-Identifier: Apache-2.0
#include "output/draw.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <map>
#include <numbers>
#include <set>

#include "output/draw_coloured_squares.hpp"
#include "output/draw_triangular.hpp"
#include "output/family_drawing.hpp"
#include "output/iso_cubes.hpp"
#include "output/iso_parts.hpp"
#include "output/page_text.hpp"
#include "output/paint.hpp"
#include "output/svg_text.hpp"
#include "puzzle/challenge.hpp"
#include "puzzle/family.hpp"

namespace piecework {
namespace {

constexpr double kPi = std::numbers::pi;

}  // namespace

Rgb parseColour(const std::string& hex) {
  unsigned r = 0, g = 0, b = 0;
  if (std::sscanf(hex.c_str(), "#%2x%2x%2x", &r, &g, &b) != 3) return {};
  return {r / 255.0, g / 255.0, b / 255.0};
}

Rgb mix(const Rgb& c, const Rgb& with, double f) {
  return {c.r + (with.r - c.r) * f, c.g + (with.g - c.g) * f, c.b + (with.b - c.b) * f};
}
Rgb lighter(const Rgb& c, double f) {
  return mix(c, {1, 1, 1}, f);
}
Rgb darker(const Rgb& c, double f) {
  return mix(c, {0, 0, 0}, f);
}
double luminance(const Rgb& c) {
  return 0.299 * c.r + 0.587 * c.g + 0.114 * c.b;
}

void set(cairo_t* cr, const Rgb& c, double alpha) {
  cairo_set_source_rgba(cr, c.r, c.g, c.b, alpha);
}

const Rgb kInk{0.13, 0.14, 0.16};
const Rgb kBoard{0.91, 0.92, 0.94};
const Rgb kGridLine{0.74, 0.76, 0.80};
const Rgb kHole{0.62, 0.65, 0.70};

// Text centred on (x, y) both ways.
void centredText(cairo_t* cr, const std::string& text, double x, double y) {
  cairo_text_extents_t e;
  cairo_text_extents(cr, text.c_str(), &e);
  if (recordText(cr, text, x - e.x_bearing - e.width / 2 + e.x_advance / 2, y - e.y_bearing - e.height / 2,
                 0.5))
    return;
  checkGlyphs(cr, text);
  cairo_move_to(cr, x - e.x_bearing - e.width / 2, y - e.y_bearing - e.height / 2);
  cairo_show_text(cr, text.c_str());
  cairo_new_path(cr);  // show_text leaves a current point that the next arc would join with a line
}

void letterOn(cairo_t* cr, char letter, const Rgb& under, double x, double y, double size) {
  setFont(cr, size, true);
  set(cr, luminance(under) < 0.55 ? Rgb{1, 1, 1} : kInk);
  centredText(cr, std::string(1, letter), x, y);
}

void roundedRect(cairo_t* cr, double x, double y, double w, double h, double radius) {
  cairo_new_sub_path(cr);
  cairo_arc(cr, x + w - radius, y + radius, radius, -kPi / 2, 0);
  cairo_arc(cr, x + w - radius, y + h - radius, radius, 0, kPi / 2);
  cairo_arc(cr, x + radius, y + h - radius, radius, kPi / 2, kPi);
  cairo_arc(cr, x + radius, y + radius, radius, kPi, 3 * kPi / 2);
  cairo_close_path(cr);
}

namespace {

// Colour of one placed piece; copies of one piece get slightly different shades so that a box puzzle's
// identical blocks can be told apart from layer to layer.
Rgb placedColour(const PieceDef& def, int copy) {
  const Rgb base = parseColour(def.colour);
  if (def.copies <= 1) return base;
  const double step = (copy - (def.copies - 1) / 2.0) * 0.5 / def.copies;
  return step >= 0 ? lighter(base, step) : darker(base, -step);
}

// ---------------------------------------------------------------------------------------------------------------
// Cell grids (square boards, layers of boxes, flat pieces).

struct GridCell {
  bool present = false;
  int group = -1;  // placement (or piece) drawn here; -1 empty
  Rgb colour;
  char letter = 0;
};

struct Grid {
  int w = 0;
  int h = 0;
  std::vector<GridCell> cells;
  Grid(int width, int height) : w(width), h(height), cells(static_cast<std::size_t>(width * height)) {}
  GridCell& at(int x, int y) { return cells[static_cast<std::size_t>(y * w + x)]; }
  const GridCell* find(int x, int y) const {
    if (x < 0 || y < 0 || x >= w || y >= h) return nullptr;
    const GridCell& c = cells[static_cast<std::size_t>(y * w + x)];
    return c.present ? &c : nullptr;
  }
};

enum class GridStyle { Squares, Balls };

void drawSquares(cairo_t* cr, const Grid& grid, double x0, double y0, double s, bool letters) {
  for (int y = 0; y < grid.h; ++y)
    for (int x = 0; x < grid.w; ++x) {
      const GridCell* c = grid.find(x, y);
      if (c == nullptr) continue;
      set(cr, c->group < 0 ? Rgb{1, 1, 1} : c->colour);
      cairo_rectangle(cr, x0 + x * s, y0 + y * s, s, s);
      cairo_fill(cr);
    }
  cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
  const auto edges = squareGridEdges(grid);
  for (const EdgeKind kind : {EdgeKind::Empty, EdgeKind::InPiece, EdgeKind::Outline}) {
    cairo_set_line_width(cr, kind == EdgeKind::Outline ? std::max(0.8, 0.09 * s) : std::max(0.3, 0.025 * s));
    for (const auto& e : edges) {
      if (e.kind != kind) continue;
      set(cr, kind == EdgeKind::Empty     ? kGridLine
              : kind == EdgeKind::InPiece ? darker(e.cell->colour, 0.25)
                                          : kInk);
      cairo_move_to(cr, x0 + e.ax * s, y0 + e.ay * s);
      cairo_line_to(cr, x0 + e.bx * s, y0 + e.by * s);
      cairo_stroke(cr);
    }
  }
  if (!letters) return;
  for (int y = 0; y < grid.h; ++y)
    for (int x = 0; x < grid.w; ++x) {
      const GridCell* c = grid.find(x, y);
      if (c != nullptr && c->group >= 0 && c->letter != 0)
        letterOn(cr, c->letter, c->colour, x0 + (x + 0.5) * s, y0 + (y + 0.5) * s, 0.5 * s);
    }
}

// Fills and outlines each cell of `grid` along the path `outline(x, y)` makes: a piece's cells in its colour
// with an edge `shade` darker, empty cells white with grid lines, lines `width` wide; then `onTop(x, y)`
// draws what the cell shows above that.
template <class Outline, class OnTop>
void paintCells(cairo_t* cr, const Grid& grid, Outline outline, double shade, double width, OnTop onTop) {
  cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
  for (int y = 0; y < grid.h; ++y)
    for (int x = 0; x < grid.w; ++x) {
      const GridCell* c = grid.find(x, y);
      if (c == nullptr) continue;
      outline(x, y);
      set(cr, c->group < 0 ? Rgb{1, 1, 1} : c->colour);
      cairo_fill_preserve(cr);
      set(cr, c->group < 0 ? kGridLine : darker(c->colour, shade));
      cairo_set_line_width(cr, width);
      cairo_stroke(cr);
      onTop(x, y);
    }
}

// Triangular prisms seen from above, one layer: triangle (x, y) of the grid points down when x + y is even
// (the grid starts at an even corner: puzzle/geometry.hpp, Site), side s, rows sqrt(3)/2 s high.
void drawTriangles(cairo_t* cr, const Grid& grid, double x0, double y0, double s, bool letters) {
  const double h = s * std::sqrt(3.0) / 2;
  const auto outline = [&](int x, int y) {
    const double cx = x0 + (x + 1) * s / 2, top = y0 + y * h;
    const bool down = (x + y) % 2 == 0;
    cairo_move_to(cr, cx - s / 2, down ? top : top + h);
    cairo_line_to(cr, cx + s / 2, down ? top : top + h);
    cairo_line_to(cr, cx, down ? top + h : top);
    cairo_close_path(cr);
  };
  paintCells(cr, grid, outline, 0.25, std::max(0.4, 0.04 * s), [](int, int) {});
  if (!letters) return;
  for (int y = 0; y < grid.h; ++y)
    for (int x = 0; x < grid.w; ++x) {
      const GridCell* c = grid.find(x, y);
      const bool down = (x + y) % 2 == 0;
      if (c != nullptr && c->group >= 0 && c->letter != 0)
        letterOn(cr, c->letter, c->colour, x0 + (x + 1) * s / 2, y0 + y * h + (down ? h / 3 : 2 * h / 3),
                 0.3 * s);
    }
}

// Tetrahedra and octahedra seen from above, one level (puzzle/geometry.hpp, Site): on an octahedra level each
// cell is a square on its corner (an octahedron seen from above, drawn in its place's square, so that the
// octahedra of a level, every other place, meet at their corners); on a tetrahedra level each cell is its
// square, with the tetrahedron's top edge drawn across it: the diagonal from the top left when x + y +
// `parity` is even (parity: the level's height in the grid, and the picture's low corner), else the other
// one.
void drawTetraOcta(cairo_t* cr, const Grid& grid, double x0, double y0, double s, bool octahedra,
                   int parity) {
  const auto outline = [&](int x, int y) {
    const double cx = x0 + (x + 0.5) * s, cy = y0 + (y + 0.5) * s;
    if (octahedra) {
      cairo_move_to(cr, cx - s / 2, cy);
      cairo_line_to(cr, cx, cy - s / 2);
      cairo_line_to(cr, cx + s / 2, cy);
      cairo_line_to(cr, cx, cy + s / 2);
      cairo_close_path(cr);
    } else {
      cairo_rectangle(cr, cx - s / 2, cy - s / 2, s, s);
    }
  };
  paintCells(cr, grid, outline, 0.35, std::max(0.5, 0.05 * s), [&](int x, int y) {
    if (octahedra) return;
    const bool fromTopLeft = (x + y + parity) % 2 == 0;
    const double left = x0 + x * s, top = y0 + y * s;
    cairo_move_to(cr, left, fromTopLeft ? top : top + s);
    cairo_line_to(cr, left + s, fromTopLeft ? top + s : top);
    cairo_stroke(cr);
  });
  for (int y = 0; y < grid.h; ++y)
    for (int x = 0; x < grid.w; ++x) {
      const GridCell* c = grid.find(x, y);
      if (c != nullptr && c->group >= 0 && c->letter != 0)
        letterOn(cr, c->letter, c->colour, x0 + (x + 0.5) * s, y0 + (y + 0.5) * s,
                 (octahedra ? 0.4 : 0.3) * s);
    }
}

// drawTetraOcta's parity of level z, for a picture whose top left cell is `low` (aligned: geometry.hpp).
int tetraOctaParity(const Site& low, int z) {
  return ((low.x + low.y + (z - 1) / 2) % 2 + 2) % 2;
}

void drawBalls(cairo_t* cr, const Grid& grid, double x0, double y0, double s, bool board, bool letters) {
  if (board) {
    set(cr, kBoard);
    roundedRect(cr, x0, y0, grid.w * s, grid.h * s, 0.3 * s);
    cairo_fill_preserve(cr);
    set(cr, kGridLine);
    cairo_set_line_width(cr, std::max(0.4, 0.04 * s));
    cairo_stroke(cr);
    set(cr, kHole);
    for (int y = 0; y < grid.h; ++y)
      for (int x = 0; x < grid.w; ++x) {
        const GridCell* c = grid.find(x, y);
        if (c == nullptr || c->group >= 0) continue;
        cairo_arc(cr, x0 + (x + 0.5) * s, y0 + (y + 0.5) * s, 0.17 * s, 0, 2 * kPi);
        cairo_fill(cr);
      }
  }
  std::map<int, std::vector<std::pair<int, int>>> groups;
  for (int y = 0; y < grid.h; ++y)
    for (int x = 0; x < grid.w; ++x) {
      const GridCell* c = grid.find(x, y);
      if (c != nullptr && c->group >= 0) groups[c->group].emplace_back(x, y);
    }
  const double radius = 0.42 * s, bar = 0.46 * s, outline = std::max(0.6, 0.05 * s);
  cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
  for (const auto& [group, cells] : groups) {
    const Rgb colour = grid.find(cells.front().first, cells.front().second)->colour;
    // Silhouette in ink, then the piece in its colour: one outline around balls and bars together.
    for (int pass = 0; pass < 2; ++pass) {
      set(cr, pass == 0 ? kInk : colour);
      const double grow = pass == 0 ? outline : 0;
      cairo_set_line_width(cr, bar + 2 * grow);
      for (const auto& [x, y] : cells)
        for (const auto& [dx, dy] : {std::pair{1, 0}, std::pair{0, 1}}) {
          const GridCell* n = grid.find(x + dx, y + dy);
          if (n == nullptr || n->group != group) continue;
          cairo_move_to(cr, x0 + (x + 0.5) * s, y0 + (y + 0.5) * s);
          cairo_line_to(cr, x0 + (x + dx + 0.5) * s, y0 + (y + dy + 0.5) * s);
          cairo_stroke(cr);
        }
      for (const auto& [x, y] : cells) {
        cairo_arc(cr, x0 + (x + 0.5) * s, y0 + (y + 0.5) * s, radius + grow, 0, 2 * kPi);
        cairo_fill(cr);
      }
    }
    set(cr, {1, 1, 1}, 0.45);
    for (const auto& [x, y] : cells) {
      cairo_arc(cr, x0 + (x + 0.33) * s, y0 + (y + 0.31) * s, 0.09 * s, 0, 2 * kPi);
      cairo_fill(cr);
    }
  }
  if (!letters) return;
  for (const auto& [group, cells] : groups)
    for (const auto& [x, y] : cells) {
      const GridCell* c = grid.find(x, y);
      if (c->letter != 0)
        letterOn(cr, c->letter, c->colour, x0 + (x + 0.5) * s, y0 + (y + 0.55) * s, 0.46 * s);
    }
}

bool usesBalls(const Puzzle& puzzle) {
  return std::any_of(puzzle.pieces.begin(), puzzle.pieces.end(),
                     [](const PieceDef& p) { return p.moves == Moves::Faces; });
}

}  // namespace

std::vector<std::pair<Rgb, char>> placedLooks(const Puzzle& puzzle, const std::vector<int>& placements) {
  std::vector<int> order(placements.begin(), placements.end());
  std::vector<std::pair<Rgb, char>> looks(placements.size());
  std::map<int, int> copiesSeen;
  std::vector<std::size_t> index(placements.size());
  for (std::size_t i = 0; i < index.size(); ++i) index[i] = i;
  std::sort(index.begin(), index.end(),
            [&](std::size_t a, std::size_t b) { return placements[a] < placements[b]; });
  for (std::size_t i : index) {
    const Placement& p = puzzle.placements[static_cast<std::size_t>(placements[i])];
    const PieceDef& def = puzzle.pieces[static_cast<std::size_t>(p.piece)];
    looks[i] = {placedColour(def, copiesSeen[p.piece]++), def.letter};
  }
  return looks;
}

namespace {

// ---------------------------------------------------------------------------------------------------------------
// Cell boards and boxes.

struct LayerGrid {
  int cols = 1;
  int rows = 1;
};
constexpr double kLayerGap = 0.8;
constexpr double kLayerLabel = 0.8;
// Boxes of cubes also name their layers' columns (the notation's l2r1c2, Family::columnName): a band under
// each layer's title; the rows' names go in the gap left of each layer (kLayerGap), the first layer's in the
// room boardLabelRoom gives.
constexpr double kLayerColumnLabels = 0.5;

double layerTitle(const Puzzle& puzzle) {
  return kLayerLabel + (puzzle.lattice == Lattice::Cubic ? kLayerColumnLabels : 0);
}

LayerGrid layerGrid(const Puzzle& puzzle) {
  const int depth = puzzle.high.z - puzzle.low.z + 1;
  LayerGrid g;
  g.cols = depth <= 3 ? depth : static_cast<int>(std::ceil(std::sqrt(depth * 1.5)));
  g.rows = (depth + g.cols - 1) / g.cols;
  return g;
}

// Where layer k (from 0) is drawn on a board at (x0, y0): its title's band, then its cells' top-left corner.
struct LayerPlace {
  double x = 0, titleY = 0, cellsY = 0;
};
LayerPlace layerPlace(const Puzzle& puzzle, int k, double x0, double y0, double s) {
  const LayerGrid g = layerGrid(puzzle);
  const int w = puzzle.high.x - puzzle.low.x + 1, h = puzzle.high.y - puzzle.low.y + 1;
  const double title = layerTitle(puzzle);
  const double x = x0 + (k % g.cols) * (w + kLayerGap) * s;
  const double y = y0 + (k / g.cols) * (h + title + kLayerGap * 0.5) * s;
  return {x, y, y + title * s};
}

Grid layerOf(const Puzzle& puzzle, int z, const std::vector<int>& groupAt,
             const std::vector<std::pair<Rgb, char>>& looks) {
  Grid grid(puzzle.high.x - puzzle.low.x + 1, puzzle.high.y - puzzle.low.y + 1);
  for (int y = puzzle.low.y; y <= puzzle.high.y; ++y)
    for (int x = puzzle.low.x; x <= puzzle.high.x; ++x) {
      auto it = puzzle.siteIndex.find(Site{x, y, z});
      if (it == puzzle.siteIndex.end()) continue;
      GridCell& c = grid.at(x - puzzle.low.x, y - puzzle.low.y);
      c.present = true;
      c.group = groupAt[static_cast<std::size_t>(it->second)];
      if (c.group >= 0) {
        c.colour = looks[static_cast<std::size_t>(c.group)].first;
        c.letter = looks[static_cast<std::size_t>(c.group)].second;
      }
    }
  return grid;
}

Extent isoBoxExtent(const Puzzle& puzzle);
void drawIsoBox(cairo_t* cr, const Puzzle& puzzle, const std::vector<int>& placements,
                const std::vector<std::pair<Rgb, char>>& looks, double x0, double y0, double s);
constexpr double kIsoGap = 1.2;  // between the layers and the 3-D view

void drawCellBoard(cairo_t* cr, const Puzzle& puzzle, const std::vector<int>& placements, double x0,
                   double y0, double s) {
  std::vector<int> groupAt(puzzle.sites.size(), -1);
  for (std::size_t i = 0; i < placements.size(); ++i)
    for (int site : puzzle.placements[static_cast<std::size_t>(placements[i])].sites)
      groupAt[static_cast<std::size_t>(site)] = static_cast<int>(i);
  const auto looks = placedLooks(puzzle, placements);
  if (!layered(puzzle.lattice)) {
    const Grid grid = layerOf(puzzle, puzzle.low.z, groupAt, looks);
    if (usesBalls(puzzle))
      drawBalls(cr, grid, x0, y0, s, true, true);
    else
      drawSquares(cr, grid, x0, y0, s, true);
    return;
  }
  const LayerGrid g = layerGrid(puzzle);
  const int w = puzzle.high.x - puzzle.low.x + 1;
  for (int z = puzzle.low.z; z <= puzzle.high.z; ++z) {
    const int k = z - puzzle.low.z;
    const LayerPlace at = layerPlace(puzzle, k, x0, y0, s);
    const double lx = at.x, ly = at.cellsY;
    setFont(cr, std::min(0.42 * s, 10.0), false);
    set(cr, kInk);
    showText(cr, "layer " + std::to_string(k + 1), lx + w * s / 2, at.titleY + 0.55 * s, 0.5);
    // (balls: each layer lies in the hollows of the one below, which the layer pictures leave to the text)
    if (puzzle.lattice == Lattice::Spheres)
      drawBalls(cr, layerOf(puzzle, z, groupAt, looks), lx, ly, s, true, true);
    else if (puzzle.lattice == Lattice::TriangularPrisms)
      drawTriangles(cr, layerOf(puzzle, z, groupAt, looks), lx, ly, s, true);
    else if (puzzle.lattice == Lattice::TetrahedraOctahedra)
      drawTetraOcta(cr, layerOf(puzzle, z, groupAt, looks), lx, ly, s, z % 2 == 0,
                    tetraOctaParity(puzzle.low, z));
    else
      drawSquares(cr, layerOf(puzzle, z, groupAt, looks), lx, ly, s, true);
  }
  if (puzzle.lattice != Lattice::Cubic) return;  // the 3-D view draws cubes
  const double layersW = g.cols * w + (g.cols - 1) * kLayerGap;
  drawIsoBox(cr, puzzle, placements, looks, x0 + (layersW + kIsoGap) * s, y0, s);
}

Extent cellBoardExtent(const Puzzle& puzzle) {
  const double w = puzzle.high.x - puzzle.low.x + 1, h = puzzle.high.y - puzzle.low.y + 1;
  if (!layered(puzzle.lattice)) return {w, h};
  const LayerGrid g = layerGrid(puzzle);
  const Extent layers{g.cols * w + (g.cols - 1) * kLayerGap,
                      g.rows * (h + layerTitle(puzzle)) + (g.rows - 1) * kLayerGap * 0.5};
  if (puzzle.lattice != Lattice::Cubic) return layers;
  const Extent view = isoBoxExtent(puzzle);
  return {layers.w + kIsoGap + view.w, std::max(layers.h, view.h)};
}

// ---------------------------------------------------------------------------------------------------------------
// Loose pieces.

Shape flatShape(const Puzzle& puzzle, const Shape& shape) {
  return normalized(puzzle.lattice, shape);
}

Extent shapeExtent(const Shape& shape) {
  Extent e;
  for (const Site& s : shape) e.w = std::max(e.w, s.x + 1.0), e.h = std::max(e.h, s.y + 1.0);
  return e;
}

Grid shapeGrid(const Shape& shape, const Rgb& colour, char letter) {
  const Extent e = shapeExtent(shape);
  Grid grid(static_cast<int>(e.w), static_cast<int>(e.h));
  for (const Site& s : shape) {
    GridCell& c = grid.at(s.x, s.y);
    c.present = true;
    c.group = 0;
    c.colour = colour;
    c.letter = letter;
  }
  return grid;
}

constexpr double kFaceGap = 0.6;

// A piece of balls drawn layer by layer, side by side, each layer in the piece's whole width and height.
std::vector<Shape> ballLayers(const Shape& shape) {
  int depth = 0;
  for (const Site& s : shape) depth = std::max(depth, s.z + 1);
  std::vector<Shape> layers(static_cast<std::size_t>(depth));
  for (const Site& s : shape) layers[static_cast<std::size_t>(s.z)].push_back(Site{s.x, s.y, 0});
  return layers;
}

Extent ballLayersExtent(const Shape& shape) {
  const Extent one = shapeExtent(shape);
  const double layers = static_cast<double>(ballLayers(shape).size());
  return {layers * one.w + (layers - 1) * kFaceGap, one.h};
}
void drawIso(cairo_t* cr, const Shape& shape, const Rgb& colour, double x0, double y0, double s) {
  std::vector<IsoCube> cubes;
  for (const Site& c : shape) cubes.push_back({c, colour});
  drawIsoCubes(cr, cubes, isoFrame(shape), x0, y0, s);
}

// The whole box in isometric view, its sites relative to the box's low corner, layer 1 at the bottom.
Shape boxShape(const Puzzle& puzzle) {
  Shape box;
  for (const Site& c : puzzle.cells)
    box.push_back({c.x - puzzle.low.x, c.y - puzzle.low.y, c.z - puzzle.low.z});
  return box;
}

double isoScale(const Puzzle& puzzle) {
  // The 3-D view is about as tall as the block of layers beside it, never larger than the layers' cells.
  const IsoFrame f = isoFrame(boxShape(puzzle));
  const LayerGrid g = layerGrid(puzzle);
  const double layersH =
      g.rows * (puzzle.high.y - puzzle.low.y + 1 + layerTitle(puzzle)) + (g.rows - 1) * kLayerGap * 0.5;
  return std::min(1.0, 1.15 * (layersH - layerTitle(puzzle)) / (f.maxY - f.minY));
}

Extent isoBoxExtent(const Puzzle& puzzle) {
  const IsoFrame f = isoFrame(boxShape(puzzle));
  const double k = isoScale(puzzle);
  return {(f.maxX - f.minX) * k, (f.maxY - f.minY) * k + kLayerLabel};
}

void drawIsoBox(cairo_t* cr, const Puzzle& puzzle, const std::vector<int>& placements,
                const std::vector<std::pair<Rgb, char>>& looks, double x0, double y0, double s) {
  const Shape box = boxShape(puzzle);
  const IsoFrame f = isoFrame(box);
  const double k = isoScale(puzzle), cube = s * k;
  const Extent e = isoBoxExtent(puzzle);
  setFont(cr, std::min(0.42 * s, 10.0), false);
  set(cr, kInk);
  showText(cr, "3-D view", x0 + e.w * s / 2, y0 + 0.55 * s, 0.5);
  const double top = y0 + kLayerLabel * s;
  // The empty box: its cells faintly, so that the given pieces can be placed in it by eye. (Drawn in pale
  // colours rather than through a translucent group: cairo 1.16's SVG surface leaks a group's snapshot.)
  std::vector<IsoCube> ghost;
  for (const Site& c : box) ghost.push_back({c, {0.955, 0.96, 0.97}});
  drawIsoCubes(cr, ghost, f, x0, top, cube, {.edge = {0.8, 0.82, 0.85}, .shade = 0.04});
  std::vector<IsoCube> cubes;
  for (std::size_t i = 0; i < placements.size(); ++i)
    for (int site : puzzle.placements[static_cast<std::size_t>(placements[i])].sites) {
      const Site& c = puzzle.sites[static_cast<std::size_t>(site)];
      cubes.push_back({{c.x - puzzle.low.x, c.y - puzzle.low.y, c.z - puzzle.low.z}, looks[i].first});
    }
  drawIsoCubes(cr, cubes, f, x0, top, cube);
}

}  // namespace

Extent boardExtent(const Puzzle& puzzle) {
  return familyDrawingOf(puzzle).boardExtent(puzzle);
}

void drawBoard(cairo_t* cr, const Puzzle& puzzle, const std::vector<int>& placements, double x, double y,
               double scale, const CellMarks& marks, OverPieces over) {
  cairo_save(cr);
  familyDrawingOf(puzzle).drawBoard(cr, puzzle, placements, x, y, scale, marks, over);
  cairo_restore(cr);
}

LabelRoom boardLabelRoom(const Puzzle& puzzle) {
  const Family& family = familyOf(puzzle);
  if (family.rowName(puzzle, 1).empty() || family.columnName(puzzle, 1).empty()) return {};
  if (puzzle.lattice == Lattice::Triangular) return triangularLabelRoom(puzzle);
  if (partCells(puzzle.lattice)) return {};  // (drawn in 3-D, no rows and columns: output/iso_parts.hpp)
  if (puzzle.lattice == Lattice::Cubic) return {0.8, 0, 0};  // (columns under each layer's title)
  // Cells are drawn one unit square each, from the board's top-left corner, wherever rows and columns name
  // them (flat square boards); the labels sit in the cell's row or column, in a band 0.8 units wide.
  return {0.8, 0.6, 0};
}

double boardLabelFont(double scale) {
  return std::clamp(kLabelFontPerUnit * scale, kSmallestLabelFont, 9.0);
}

bool boardLabelsFit(double scale) {
  return boardLabelFont(scale) <= 0.5 * scale;
}

void drawBoardLabels(cairo_t* cr, const Puzzle& puzzle, double x, double y, double scale) {
  const LabelRoom room = boardLabelRoom(puzzle);
  if (room.left <= 0) return;
  if (puzzle.lattice == Lattice::Triangular) return drawTriangularLabels(cr, puzzle, x, y, scale);
  const Family& family = familyOf(puzzle);
  cairo_save(cr);
  setFont(cr, boardLabelFont(scale), false);
  set(cr, {0.35, 0.37, 0.42});
  const int rows = puzzle.high.y - puzzle.low.y + 1, columns = puzzle.high.x - puzzle.low.x + 1;
  const auto around = [&](double cellsX, double cellsY) {
    for (int r = 1; r <= rows; ++r)
      showText(cr, family.rowName(puzzle, r), cellsX - 0.12 * scale,
               cellsY + (r - 0.5) * scale + 0.11 * scale, 1);
    for (int c = 1; c <= columns; ++c)
      showText(cr, family.columnName(puzzle, c), cellsX + (c - 0.5) * scale, cellsY - 0.16 * scale, 0.5);
  };
  if (layered(puzzle.lattice)) {
    for (int k = 0; k <= puzzle.high.z - puzzle.low.z; ++k) {
      const LayerPlace at = layerPlace(puzzle, k, x, y, scale);
      around(at.x, at.cellsY);
    }
  } else {
    around(x, y);
  }
  cairo_restore(cr);
}

namespace {

// A box of pixels.
struct PixelBox {
  int x0 = 0, y0 = 0, x1 = -1, y1 = -1;
};

// Where two renderings of a board differ, as boxes around the separate patches (a piece on a box lies in
// several layer grids and in the 3-D view): pixels closer than `gap` join one patch.
std::vector<PixelBox> differingPatches(cairo_surface_t* without, cairo_surface_t* with, int w, int h,
                                       int gap) {
  const unsigned char* a = cairo_image_surface_get_data(without);
  const unsigned char* b = cairo_image_surface_get_data(with);
  const int stride = cairo_image_surface_get_stride(without);
  std::vector<PixelBox> patches;
  if (a == nullptr || b == nullptr) return patches;
  // Tiles of gap x gap pixels, marked where any pixel differs; patches are their connected groups.
  const int tw = (w + gap - 1) / gap, th = (h + gap - 1) / gap;
  std::vector<char> tile(static_cast<std::size_t>(tw * th), 0);
  std::vector<PixelBox> tileBox(static_cast<std::size_t>(tw * th));
  for (int row = 0; row < h; ++row)
    for (int col = 0; col < w; ++col)
      for (int k = 0; k < 4; ++k)
        if (std::abs(a[row * stride + 4 * col + k] - b[row * stride + 4 * col + k]) > 24) {
          const std::size_t t = static_cast<std::size_t>((row / gap) * tw + col / gap);
          PixelBox& box = tileBox[t];
          if (tile[t] == 0) box = {col, row, col, row};
          box = {std::min(box.x0, col), std::min(box.y0, row), std::max(box.x1, col), std::max(box.y1, row)};
          tile[t] = 1;
          break;
        }
  std::vector<char> seen(tile.size(), 0);
  for (std::size_t start = 0; start < tile.size(); ++start) {
    if (tile[start] == 0 || seen[start] != 0) continue;
    PixelBox box = tileBox[start];
    std::vector<std::size_t> todo{start};
    seen[start] = 1;
    while (!todo.empty()) {
      const std::size_t t = todo.back();
      todo.pop_back();
      const PixelBox& b2 = tileBox[t];
      box = {std::min(box.x0, b2.x0), std::min(box.y0, b2.y0), std::max(box.x1, b2.x1),
             std::max(box.y1, b2.y1)};
      const int tx = static_cast<int>(t) % tw, ty = static_cast<int>(t) / tw;
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
          const int nx = tx + dx, ny = ty + dy;
          if (nx < 0 || ny < 0 || nx >= tw || ny >= th) continue;
          const std::size_t n = static_cast<std::size_t>(ny * tw + nx);
          if (tile[n] != 0 && seen[n] == 0) seen[n] = 1, todo.push_back(n);
        }
    }
    patches.push_back(box);
  }
  return patches;
}

}  // namespace

void drawRuledOut(cairo_t* cr, const Puzzle& puzzle, const std::vector<int>& placements,
                  const std::vector<int>& ruledOut, double x, double y, double scale,
                  const CellMarks& marks) {
  // Where each piece would lie is found on pixels, as where the board with it differs from the board
  // without it: every family draws its pieces its own way.
  constexpr double kPixelsPerPoint = 2;
  const Extent board = boardExtent(puzzle);
  const int w = static_cast<int>(std::ceil(board.w * scale * kPixelsPerPoint));
  const int h = static_cast<int>(std::ceil(board.h * scale * kPixelsPerPoint));
  if (w <= 0 || h <= 0 || ruledOut.empty()) return;
  const auto render = [&](const std::vector<int>& drawn) {
    cairo_surface_t* image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
    cairo_t* c = cairo_create(image);
    cairo_scale(c, kPixelsPerPoint, kPixelsPerPoint);
    drawBoard(c, puzzle, drawn, 0, 0, scale, marks);
    cairo_destroy(c);
    cairo_surface_flush(image);
    return image;
  };
  // Patches closer than a third of a cell are one: a piece's cells join, separate layer grids do not.
  const int gap = std::max(2, static_cast<int>(scale * kPixelsPerPoint / 3));
  std::vector<PixelBox> crosses;
  cairo_surface_t* without = render(placements);
  constexpr double kGhost = 0.45;
  cairo_save(cr);
  for (int placement : ruledOut) {
    std::vector<int> with = placements;
    with.push_back(placement);
    cairo_surface_t* withIt = render(with);
    for (const PixelBox& box : differingPatches(without, withIt, w, h, gap)) crosses.push_back(box);
    cairo_surface_destroy(withIt);
    const std::size_t textBefore = recordedTextCount(cr);
    cairo_push_group(cr);
    drawBoard(cr, puzzle, with, x, y, scale, marks);
    cairo_pop_group_to_source(cr);
    cairo_paint_with_alpha(cr, kGhost);
    fadeRecordedText(cr, textBefore, kGhost);  // an SVG's <text> letters lie outside the group
  }
  cairo_surface_destroy(without);
  cairo_set_source_rgb(cr, 0.85, 0.1, 0.1);
  cairo_set_line_width(cr, std::max(1.0, 0.12 * scale));
  cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
  for (const PixelBox& box : crosses) {
    const double left = x + box.x0 / kPixelsPerPoint, top = y + box.y0 / kPixelsPerPoint;
    const double right = x + (box.x1 + 1) / kPixelsPerPoint, bottom = y + (box.y1 + 1) / kPixelsPerPoint;
    cairo_move_to(cr, left, top);
    cairo_line_to(cr, right, bottom);
    cairo_move_to(cr, right, top);
    cairo_line_to(cr, left, bottom);
  }
  cairo_stroke(cr);
  cairo_restore(cr);
}

Extent pieceExtent(const Puzzle& puzzle, int piece) {
  return familyDrawingOf(puzzle).pieceExtent(puzzle, piece);
}

void drawPiece(cairo_t* cr, const Puzzle& puzzle, int piece, double x, double y, double scale) {
  cairo_save(cr);
  familyDrawingOf(puzzle).drawPiece(cr, puzzle, piece, x, y, scale);
  cairo_restore(cr);
}

// The cell families' drawings: FamilyDrawing's defaults (output/family_drawing.hpp). Any puzzle on the
// triangular lattice (IQ Stars, or one a user defines) is drawn as stars (output/draw_triangular.*), any
// square board with coloured squares or a colour window (IQ Focus, or one a user defines) square by square in
// the squares' colours (output/draw_coloured_squares.*), any of part-cells as solids (output/iso_parts.*).
Extent FamilyDrawing::boardExtent(const Puzzle& puzzle) const {
  if (puzzle.lattice == Lattice::Triangular) return triangularBoardExtent(puzzle);
  if (partCells(puzzle.lattice)) return partCellBoardExtent(puzzle);
  if (drawsColouredSquares(puzzle)) return colouredBoardExtent(puzzle);
  return cellBoardExtent(puzzle);
}

void FamilyDrawing::drawBoard(cairo_t* cr, const Puzzle& puzzle, const std::vector<int>& placements, double x,
                              double y, double scale, const CellMarks& marks, OverPieces over) const {
  if (puzzle.lattice == Lattice::Triangular)
    drawTriangularBoard(cr, puzzle, placements, marks, x, y, scale);
  else if (partCells(puzzle.lattice))
    drawPartCellBoard(cr, puzzle, placements, x, y, scale);
  else if (drawsColouredSquares(puzzle))
    drawColouredBoard(cr, puzzle, placements, marks, x, y, scale, over);
  else
    drawCellBoard(cr, puzzle, placements, x, y, scale);
}

Extent FamilyDrawing::pieceExtent(const Puzzle& puzzle, int piece) const {
  if (puzzle.lattice == Lattice::Triangular) return triangularPieceExtent(puzzle, piece);
  if (partCells(puzzle.lattice)) return partCellPieceExtent(puzzle, piece);
  if (drawsColouredSquares(puzzle)) return colouredPieceExtent(puzzle, piece);
  const PieceDef& def = puzzle.pieces[static_cast<std::size_t>(piece)];
  if (faceCentred(puzzle.lattice) || puzzle.lattice == Lattice::TriangularPrisms ||
      puzzle.lattice == Lattice::TetrahedraOctahedra)
    return ballLayersExtent(flatShape(puzzle, def.faces.front()));
  if (puzzle.lattice == Lattice::Cubic) {
    const IsoFrame f = isoFrame(flatShape(puzzle, def.faces.front()));
    return {f.maxX - f.minX, f.maxY - f.minY};
  }
  Extent e;
  for (std::size_t i = 0; i < (def.moves == Moves::Faces ? def.faces.size() : 1); ++i) {
    const Extent f = shapeExtent(flatShape(puzzle, def.faces[i]));
    e.w += (i > 0 ? kFaceGap : 0) + f.w;
    e.h = std::max(e.h, f.h);
  }
  return e;
}

void FamilyDrawing::drawPiece(cairo_t* cr, const Puzzle& puzzle, int piece, double x, double y,
                              double scale) const {
  if (puzzle.lattice == Lattice::Triangular) return drawTriangularPiece(cr, puzzle, piece, x, y, scale);
  if (partCells(puzzle.lattice)) return drawPartCellPiece(cr, puzzle, piece, x, y, scale);
  if (drawsColouredSquares(puzzle)) return drawColouredPiece(cr, puzzle, piece, x, y, scale);
  const PieceDef& def = puzzle.pieces[static_cast<std::size_t>(piece)];
  if (faceCentred(puzzle.lattice) || puzzle.lattice == Lattice::TriangularPrisms ||
      puzzle.lattice == Lattice::TetrahedraOctahedra) {
    const Shape shape = flatShape(puzzle, def.faces.front());
    const double width = shapeExtent(shape).w;
    double at = x;
    int z = -1;
    for (const Shape& layer : ballLayers(shape)) {
      ++z;
      if (layer.empty()) continue;  // (tetrahedra and octahedra: a piece may start on level 1)
      const Grid grid = shapeGrid(layer, parseColour(def.colour), def.letter);
      if (puzzle.lattice == Lattice::TetrahedraOctahedra) {
        drawTetraOcta(cr, grid, at, y, scale, z % 2 == 0, tetraOctaParity(Site{0, 0, 0}, z));
        at += (width + kFaceGap) * scale;
        continue;
      }
      // (a rhombic dodecahedron seen along a cube axis is a square, its layer neighbours' squares edge to
      // edge)
      if (puzzle.lattice == Lattice::Spheres)
        drawBalls(cr, grid, at, y, scale, false, true);
      else if (puzzle.lattice == Lattice::TriangularPrisms)
        drawTriangles(cr, grid, at, y, scale, true);
      else
        drawSquares(cr, grid, at, y, scale, true);
      at += (width + kFaceGap) * scale;
    }
    return;
  }
  if (puzzle.lattice == Lattice::Cubic) {
    drawIso(cr, flatShape(puzzle, def.faces.front()), parseColour(def.colour), x, y, scale);
  } else {
    const Rgb colour = parseColour(def.colour);
    double at = x;
    for (std::size_t i = 0; i < (def.moves == Moves::Faces ? def.faces.size() : 1); ++i) {
      const Shape shape = flatShape(puzzle, def.faces[i]);
      const Grid grid = shapeGrid(shape, colour, def.letter);
      if (usesBalls(puzzle))
        drawBalls(cr, grid, at, y, scale, false, true);
      else
        drawSquares(cr, grid, at, y, scale, true);
      at += (shapeExtent(shape).w + kFaceGap) * scale;
    }
  }
}

}  // namespace piecework

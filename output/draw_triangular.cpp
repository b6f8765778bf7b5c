// SPDX-License-Identifier: Apache-2.0
#include "output/draw_triangular.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
#include <numbers>
#include <string>

#include "output/draw_coloured_squares.hpp"
#include "output/page_text.hpp"
#include "output/paint.hpp"
#include "puzzle/family.hpp"

namespace piecework {
namespace {

constexpr double kPi = std::numbers::pi;
constexpr double kRowHeight = 0.8660254037844386;  // sqrt(3) / 2: from one row of centres to the next
constexpr double kMargin = 0.68;                   // from the outermost centres to the board's edge
constexpr double kPieceMargin = kStarOuter + 0.06;
constexpr double kPlateRadius = 0.62;  // circumradius of the hexagon around each cell that makes the board
constexpr double kBarWidth = 0.24;     // the bridge between two stars of one piece

const Rgb kPlate{0.84, 0.86, 0.90};
const Rgb kPlateEdge{0.58, 0.61, 0.67};
const Rgb kStarHole{1, 1, 1};
const Rgb kStarHoleEdge{0.62, 0.65, 0.70};

struct Point {
  double x = 0;
  double y = 0;
};

// Axial (q, r) on screen, in units; y grows downwards.
Point axial(const Site& s) {
  return {s.x + s.y / 2.0, s.y * kRowHeight};
}

struct Frame {
  double minX = std::numeric_limits<double>::max();
  double minY = std::numeric_limits<double>::max();
  double maxX = std::numeric_limits<double>::lowest();
  double maxY = std::numeric_limits<double>::lowest();
  void add(const Point& p) {
    minX = std::min(minX, p.x), maxX = std::max(maxX, p.x);
    minY = std::min(minY, p.y), maxY = std::max(maxY, p.y);
  }
};

Frame boardFrame(const Puzzle& puzzle) {
  Frame f;
  for (const Site& c : puzzle.cells) f.add(axial(c));
  if (puzzle.cells.empty()) f.add({0, 0});
  return f;
}

// A six-pointed star around (cx, cy), its points towards the six neighbours (0, 60, .. 300 degrees).
void starPath(cairo_t* cr, double cx, double cy, double outer, double inner) {
  cairo_new_sub_path(cr);
  for (int k = 0; k < 12; ++k) {
    const double angle = k * kPi / 6, radius = k % 2 == 0 ? outer : inner;
    cairo_line_to(cr, cx + radius * std::cos(angle), cy + radius * std::sin(angle));
  }
  cairo_close_path(cr);
}

void hexagonPath(cairo_t* cr, double cx, double cy, double radius) {
  cairo_new_sub_path(cr);
  for (int k = 0; k < 6; ++k) {
    const double angle = kPi / 6 + k * kPi / 3;
    cairo_line_to(cr, cx + radius * std::cos(angle), cy + radius * std::sin(angle));
  }
  cairo_close_path(cr);
}

void letter(cairo_t* cr, char text, const Rgb& under, double cx, double cy, double size) {
  letterOn(cr, text, under, cx, cy, size);
}

// One star of a piece: where it is (in points) and its colour (the piece's, or its square's colour).
struct Star {
  Point at;
  Rgb colour;
};

// Pieces as solid stars: each piece's stars and the bridges between neighbouring stars, first grown in ink
// (one outline around the whole piece, which also parts it from the pieces next to it), then in colour.
void drawPieceStars(cairo_t* cr, const std::vector<std::vector<Star>>& pieces,
                    const std::vector<char>& letters, double s) {
  const double outline = std::max(0.6, 0.045 * s);
  cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
  for (std::size_t p = 0; p < pieces.size(); ++p) {
    const auto& stars = pieces[p];
    for (int pass = 0; pass < 2; ++pass) {
      for (std::size_t i = 0; i < stars.size(); ++i)
        for (std::size_t j = i + 1; j < stars.size(); ++j) {
          const double d = std::hypot(stars[i].at.x - stars[j].at.x, stars[i].at.y - stars[j].at.y);
          if (d > 1.01 * s) continue;  // not neighbours
          set(cr, pass == 0 ? kInk : stars[i].colour);
          cairo_set_line_width(cr, kBarWidth * s + (pass == 0 ? 2 * outline : 0));
          cairo_move_to(cr, stars[i].at.x, stars[i].at.y);
          cairo_line_to(cr, stars[j].at.x, stars[j].at.y);
          cairo_stroke(cr);
        }
      for (const Star& star : stars) {
        starPath(cr, star.at.x, star.at.y, kStarOuter * s, kStarInner * s);
        if (pass == 0) {
          set(cr, kInk);
          cairo_set_line_width(cr, 2 * outline);
          cairo_stroke_preserve(cr);
          cairo_fill(cr);
        } else {
          set(cr, star.colour);
          cairo_fill(cr);
        }
      }
    }
    // A soft highlight on each star, as on the toy's glossy pieces.
    set(cr, {1, 1, 1}, 0.35);
    for (const Star& star : stars) {
      cairo_arc(cr, star.at.x - 0.1 * s, star.at.y - 0.1 * s, 0.07 * s, 0, 2 * kPi);
      cairo_fill(cr);
    }
    if (p < letters.size() && letters[p] != 0)
      for (const Star& star : stars)
        letter(cr, letters[p], star.colour, star.at.x, star.at.y + 0.02 * s, 0.3 * s);
  }
}

Rgb cellColour(const Puzzle& puzzle, const Placement& p, int site) {
  const char square = p.colourAt(site);
  if (square != 0) return parseColour(squareColourHex(square));
  return parseColour(puzzle.pieces[static_cast<std::size_t>(p.piece)].colour);
}

}  // namespace

std::pair<double, double> triangularCellCentre(const Puzzle& puzzle, int site) {
  const Frame f = boardFrame(puzzle);
  const Point p = axial(puzzle.sites[static_cast<std::size_t>(site)]);
  return {p.x - f.minX + kMargin, p.y - f.minY + kMargin};
}

namespace {

// The labels' band beyond the board's edge, in units (the edge lies kMargin from the outermost centres).
constexpr double kLabelBand = 0.6;

// Where each labelled column's cells are drawn across the board: the picture column (1-based) to its cells'
// centre x, for the rows in line with the top row (above) and for the offset rows (below).
struct ColumnLabels {
  std::map<int, double> above, below;
};

ColumnLabels columnLabels(const Puzzle& puzzle) {
  ColumnLabels labels;
  for (const Site& cell : puzzle.cells) {
    const int site = puzzle.siteIndex.at(cell);
    const int row = cell.y - puzzle.low.y;
    (row % 2 == 0 ? labels.above : labels.below)[pictureColumn(puzzle, site)] =
        triangularCellCentre(puzzle, site).first;
  }
  return labels;
}

}  // namespace

LabelRoom triangularLabelRoom(const Puzzle& puzzle) {
  return {0.8, kLabelBand, columnLabels(puzzle).below.empty() ? 0 : kLabelBand};
}

void drawTriangularLabels(cairo_t* cr, const Puzzle& puzzle, double x, double y, double s) {
  const Family& family = familyOf(puzzle);
  const Extent board = triangularBoardExtent(puzzle);
  cairo_save(cr);
  setFont(cr, boardLabelFont(s), false);
  set(cr, {0.35, 0.37, 0.42});
  // A row's label left of the board, level with its centres.
  std::map<int, double> rows;
  for (const Site& cell : puzzle.cells)
    rows[cell.y - puzzle.low.y + 1] = triangularCellCentre(puzzle, puzzle.siteIndex.at(cell)).second;
  for (const auto& [row, cy] : rows)
    showText(cr, family.rowName(puzzle, row), x - 0.12 * s, y + (cy + 0.11) * s, 1);
  const ColumnLabels columns = columnLabels(puzzle);
  for (const auto& [column, cx] : columns.above)
    showText(cr, family.columnName(puzzle, column), x + cx * s, y - 0.16 * s, 0.5);
  for (const auto& [column, cx] : columns.below)
    showText(cr, family.columnName(puzzle, column), x + cx * s, y + (board.h + kLabelBand - 0.1) * s, 0.5);
  cairo_restore(cr);
}

Extent triangularBoardExtent(const Puzzle& puzzle) {
  const Frame f = boardFrame(puzzle);
  return {f.maxX - f.minX + 2 * kMargin, f.maxY - f.minY + 2 * kMargin};
}

void drawTriangularBoard(cairo_t* cr, const Puzzle& puzzle, const std::vector<int>& placements,
                         const CellMarks& marks, double x0, double y0, double s) {
  cairo_save(cr);
  std::vector<Point> at(puzzle.sites.size());
  for (std::size_t site = 0; site < puzzle.sites.size(); ++site) {
    const auto [x, y] = triangularCellCentre(puzzle, static_cast<int>(site));
    at[site] = {x0 + x * s, y0 + y * s};
  }
  // The board: a hexagon around every cell, outlined as one shape (edge colour first, then the plate over
  // the inner edges).
  cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
  for (int pass = 0; pass < 2; ++pass) {
    for (const Point& p : at) hexagonPath(cr, p.x, p.y, kPlateRadius * s);
    if (pass == 0) {
      set(cr, kPlateEdge);
      cairo_set_line_width(cr, std::max(1.0, 0.1 * s));
      cairo_stroke_preserve(cr);
    }
    set(cr, kPlate);
    cairo_fill(cr);
  }
  // Empty holes, each a star a little smaller than a piece's.
  std::vector<int> covered(puzzle.sites.size(), -1);
  for (std::size_t i = 0; i < placements.size(); ++i)
    for (int site : puzzle.placements[static_cast<std::size_t>(placements[i])].sites)
      covered[static_cast<std::size_t>(site)] = static_cast<int>(i);
  cairo_set_line_width(cr, std::max(0.4, 0.035 * s));
  for (std::size_t site = 0; site < at.size(); ++site) {
    if (covered[site] >= 0) continue;
    starPath(cr, at[site].x, at[site].y, 0.9 * kStarOuter * s, 0.9 * kStarInner * s);
    set(cr, kStarHole);
    cairo_fill_preserve(cr);
    set(cr, kStarHoleEdge);
    cairo_stroke(cr);
  }
  // Placed pieces.
  std::vector<std::vector<Star>> pieces;
  std::vector<char> letters;
  for (int id : placements) {
    const Placement& p = puzzle.placements[static_cast<std::size_t>(id)];
    std::vector<Star> stars;
    for (int site : p.sites)
      stars.push_back({at[static_cast<std::size_t>(site)], cellColour(puzzle, p, site)});
    pieces.push_back(std::move(stars));
    letters.push_back(puzzle.pieces[static_cast<std::size_t>(p.piece)].letter);
  }
  drawPieceStars(cr, pieces, letters, s);
  // Marked cells: a disc in the piece's colour on the empty hole, with the piece's letter for readers who
  // cannot tell the colours apart.
  for (const auto& [site, piece] : marks.pieces) {
    if (covered[static_cast<std::size_t>(site)] >= 0) continue;
    const Point& p = at[static_cast<std::size_t>(site)];
    const PieceDef& def = puzzle.pieces[static_cast<std::size_t>(piece)];
    const Rgb colour = parseColour(def.colour);
    cairo_arc(cr, p.x, p.y, kMarkRadius * s, 0, 2 * kPi);
    set(cr, colour);
    cairo_fill_preserve(cr);
    set(cr, kInk);
    cairo_set_line_width(cr, std::max(0.5, 0.035 * s));
    cairo_stroke(cr);
    letter(cr, def.letter, colour, p.x, p.y, 0.2 * s);
  }
  // Colour marks (a user-defined triangular puzzle with a colour window): a disc in the square's colour.
  for (const auto& [site, colour] : marks.colours) {
    if (covered[static_cast<std::size_t>(site)] >= 0) continue;
    const Point& p = at[static_cast<std::size_t>(site)];
    cairo_arc(cr, p.x, p.y, kMarkRadius * s, 0, 2 * kPi);
    set(cr, parseColour(squareColourHex(colour)));
    cairo_fill_preserve(cr);
    set(cr, kInk);
    cairo_set_line_width(cr, std::max(0.5, 0.035 * s));
    cairo_stroke(cr);
  }
  cairo_restore(cr);
}

Extent triangularPieceExtent(const Puzzle& puzzle, int piece) {
  Frame f;
  for (const Site& c : puzzle.pieces[static_cast<std::size_t>(piece)].faces.front()) f.add(axial(c));
  return {f.maxX - f.minX + 2 * kPieceMargin, f.maxY - f.minY + 2 * kPieceMargin};
}

void drawTriangularPiece(cairo_t* cr, const Puzzle& puzzle, int piece, double x0, double y0, double s) {
  const PieceDef& def = puzzle.pieces[static_cast<std::size_t>(piece)];
  const Shape& face = def.faces.front();
  Frame f;
  for (const Site& c : face) f.add(axial(c));
  std::vector<Star> stars;
  for (std::size_t i = 0; i < face.size(); ++i) {
    const Point p = axial(face[i]);
    const char square = def.faceColours.empty() ? 0 : def.faceColours.front()[i];
    stars.push_back({{x0 + (p.x - f.minX + kPieceMargin) * s, y0 + (p.y - f.minY + kPieceMargin) * s},
                     parseColour(square != 0 ? squareColourHex(square) : def.colour)});
  }
  cairo_save(cr);
  drawPieceStars(cr, {stars}, {def.letter}, s);
  cairo_restore(cr);
}

}  // namespace piecework

// SPDX-License-Identifier: Apache-2.0
#include "output/draw_coloured_squares.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <numbers>
#include <string_view>

#include "output/paint.hpp"

namespace piecework {
namespace {

const Rgb kEmpty{0.90, 0.91, 0.93};     // a board cell no piece covers
const Rgb kGridLine{0.74, 0.76, 0.80};  // between empty cells
const Rgb kWindowLight{0.98, 0.80, 0.25};

bool known(char colour) {
  return std::string_view("WRBGYOPK").find(colour) != std::string_view::npos;
}

// One square of a drawing: present on the board (or in the piece), which piece covers it, and its colour.
struct Square {
  bool present = false;
  int group = -1;           // the piece covering it, -1 empty
  char colour = 0;          // colour letter shown, 0 none
  std::string pieceColour;  // "#rrggbb" of the covering piece, shown where its square has no colour
};

struct SquareGrid {
  int w = 0;
  int h = 0;
  std::vector<Square> squares;
  SquareGrid(int width, int height)
      : w(width), h(height), squares(static_cast<std::size_t>(std::max(0, width * height))) {}
  Square& at(int x, int y) { return squares[static_cast<std::size_t>(y * w + x)]; }
  const Square* find(int x, int y) const {
    if (x < 0 || y < 0 || x >= w || y >= h) return nullptr;
    const Square& s = squares[static_cast<std::size_t>(y * w + x)];
    return s.present ? &s : nullptr;
  }
};

Rgb fillOf(const Square& s) {
  if (s.colour != 0) return parseColour(squareColourHex(s.colour));
  return s.group >= 0 && !s.pieceColour.empty() ? parseColour(s.pieceColour) : kEmpty;
}

void letter(cairo_t* cr, char text, const Rgb& under, double cx, double cy, double size) {
  letterOn(cr, text, under, cx, cy, size);
}

// Squares in their colours; thin lines inside a piece and between empty cells, thick ink lines between
// pieces and around the board, so that a piece is known by its outline, not its colours. `labels` gives a
// letter per group, printed once on the square nearest the piece's middle.
void drawSquareGrid(cairo_t* cr, const SquareGrid& grid, double x0, double y0, double s,
                    const std::vector<char>& labels) {
  for (int y = 0; y < grid.h; ++y)
    for (int x = 0; x < grid.w; ++x)
      if (const Square* c = grid.find(x, y)) {
        set(cr, fillOf(*c));
        cairo_rectangle(cr, x0 + x * s, y0 + y * s, s, s);
        cairo_fill(cr);
        if (c->colour != 0 && !known(c->colour))
          letter(cr, c->colour, fillOf(*c), x0 + (x + 0.5) * s, y0 + (y + 0.5) * s, 0.4 * s);
      }
  cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
  const auto edges = squareGridEdges(grid);
  for (const EdgeKind kind : {EdgeKind::Empty, EdgeKind::InPiece, EdgeKind::Outline}) {
    cairo_set_line_width(cr, kind == EdgeKind::Outline ? std::max(0.8, 0.09 * s) : std::max(0.3, 0.025 * s));
    if (kind == EdgeKind::Empty) set(cr, kGridLine);
    if (kind == EdgeKind::InPiece) set(cr, kInk, 0.35);
    if (kind == EdgeKind::Outline) set(cr, kInk);
    for (const auto& e : edges)
      if (e.kind == kind) {
        cairo_move_to(cr, x0 + e.ax * s, y0 + e.ay * s);
        cairo_line_to(cr, x0 + e.bx * s, y0 + e.by * s);
      }
    cairo_stroke(cr);
  }
  // Each piece's letter on its square nearest the middle of the piece.
  for (std::size_t g = 0; g < labels.size(); ++g) {
    double sx = 0, sy = 0;
    int n = 0;
    for (int y = 0; y < grid.h; ++y)
      for (int x = 0; x < grid.w; ++x)
        if (const Square* c = grid.find(x, y); c != nullptr && c->group == static_cast<int>(g))
          sx += x, sy += y, ++n;
    if (n == 0 || labels[g] == 0) continue;
    sx /= n, sy /= n;
    double best = std::numeric_limits<double>::max();
    int bx = 0, by = 0;
    for (int y = 0; y < grid.h; ++y)
      for (int x = 0; x < grid.w; ++x)
        if (const Square* c = grid.find(x, y); c != nullptr && c->group == static_cast<int>(g)) {
          const double d = std::hypot(x - sx, y - sy);
          if (d < best - 1e-9) best = d, bx = x, by = y;
        }
    const Square& c = *grid.find(bx, by);
    if (c.colour != 0 && !known(c.colour)) continue;  // such a square already shows its colour letter
    letter(cr, labels[g], fillOf(c), x0 + (bx + 0.5) * s, y0 + (by + 0.5) * s, 0.36 * s);
  }
}

// A frame around the window's cells: ink with a light line inside, like the frame on the toy's board.
void drawWindowFrame(cairo_t* cr, const Puzzle& puzzle, double x0, double y0, double s) {
  if (puzzle.window.empty()) return;
  int minX = std::numeric_limits<int>::max(), minY = minX, maxX = std::numeric_limits<int>::min(),
      maxY = maxX;
  for (int site : puzzle.window) {
    const Site& c = puzzle.sites[static_cast<std::size_t>(site)];
    minX = std::min(minX, c.x), maxX = std::max(maxX, c.x);
    minY = std::min(minY, c.y), maxY = std::max(maxY, c.y);
  }
  const double x = x0 + (minX - puzzle.low.x) * s, y = y0 + (minY - puzzle.low.y) * s;
  const double w = (maxX - minX + 1) * s, h = (maxY - minY + 1) * s;
  cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);
  set(cr, kInk);
  cairo_set_line_width(cr, std::max(1.6, 0.2 * s));
  cairo_rectangle(cr, x, y, w, h);
  cairo_stroke(cr);
  set(cr, kWindowLight);
  cairo_set_line_width(cr, std::max(0.6, 0.07 * s));
  cairo_rectangle(cr, x, y, w, h);
  cairo_stroke(cr);
}

}  // namespace

Extent colouredBoardExtent(const Puzzle& puzzle) {
  return {static_cast<double>(puzzle.high.x - puzzle.low.x + 1),
          static_cast<double>(puzzle.high.y - puzzle.low.y + 1)};
}

void drawColouredBoard(cairo_t* cr, const Puzzle& puzzle, const std::vector<int>& placements,
                       const CellMarks& marks, double x0, double y0, double s, OverPieces over) {
  SquareGrid grid(puzzle.high.x - puzzle.low.x + 1, puzzle.high.y - puzzle.low.y + 1);
  std::vector<int> groupAt(puzzle.sites.size(), -1);
  std::vector<char> colourAt(puzzle.sites.size(), 0);
  std::vector<char> labels;
  std::vector<std::string> pieceColours;
  for (std::size_t i = 0; i < placements.size(); ++i) {
    const Placement& p = puzzle.placements[static_cast<std::size_t>(placements[i])];
    labels.push_back(puzzle.pieces[static_cast<std::size_t>(p.piece)].letter);
    pieceColours.push_back(puzzle.pieces[static_cast<std::size_t>(p.piece)].colour);
    for (int site : p.sites) {
      groupAt[static_cast<std::size_t>(site)] = static_cast<int>(i);
      colourAt[static_cast<std::size_t>(site)] = p.colourAt(site);
    }
  }
  // A pattern's colours on the cells no piece covers yet: that is what the player must make the window show.
  for (const auto& [site, colour] : marks.colours)
    if (groupAt[static_cast<std::size_t>(site)] < 0) colourAt[static_cast<std::size_t>(site)] = colour;
  for (std::size_t site = 0; site < puzzle.sites.size(); ++site) {
    const Site& c = puzzle.sites[site];
    if (c.z != puzzle.low.z) continue;
    Square& sq = grid.at(c.x - puzzle.low.x, c.y - puzzle.low.y);
    sq.present = true;
    sq.group = groupAt[site];
    sq.colour = colourAt[site];
    if (sq.group >= 0) sq.pieceColour = pieceColours[static_cast<std::size_t>(sq.group)];
  }
  drawSquareGrid(cr, grid, x0, y0, s, labels);
  if (over == OverPieces::WindowFrame) drawWindowFrame(cr, puzzle, x0, y0, s);
  // Cells marked with a piece (a user-defined square puzzle may have them): the piece's letter in a ring.
  for (const auto& [site, piece] : marks.pieces) {
    if (groupAt[static_cast<std::size_t>(site)] >= 0) continue;
    const Site& c = puzzle.sites[static_cast<std::size_t>(site)];
    const double cx = x0 + (c.x - puzzle.low.x + 0.5) * s, cy = y0 + (c.y - puzzle.low.y + 0.5) * s;
    const PieceDef& def = puzzle.pieces[static_cast<std::size_t>(piece)];
    set(cr, parseColour(def.colour));
    cairo_arc(cr, cx, cy, 0.3 * s, 0, 2 * std::numbers::pi);
    cairo_fill(cr);
    letter(cr, def.letter, parseColour(def.colour), cx, cy, 0.34 * s);
  }
}

Extent colouredPieceExtent(const Puzzle& puzzle, int piece) {
  const PieceDef& def = puzzle.pieces[static_cast<std::size_t>(piece)];
  int minX = std::numeric_limits<int>::max(), minY = minX, maxX = std::numeric_limits<int>::min(),
      maxY = maxX;
  for (const Site& c : def.faces.front()) {
    minX = std::min(minX, c.x), maxX = std::max(maxX, c.x);
    minY = std::min(minY, c.y), maxY = std::max(maxY, c.y);
  }
  return {static_cast<double>(maxX - minX + 1), static_cast<double>(maxY - minY + 1)};
}

void drawColouredPiece(cairo_t* cr, const Puzzle& puzzle, int piece, double x0, double y0, double s) {
  const PieceDef& def = puzzle.pieces[static_cast<std::size_t>(piece)];
  const Shape& face = def.faces.front();
  int minX = std::numeric_limits<int>::max(), minY = minX;
  for (const Site& c : face) minX = std::min(minX, c.x), minY = std::min(minY, c.y);
  const Extent e = colouredPieceExtent(puzzle, piece);
  SquareGrid grid(static_cast<int>(e.w), static_cast<int>(e.h));
  for (std::size_t i = 0; i < face.size(); ++i) {
    Square& sq = grid.at(face[i].x - minX, face[i].y - minY);
    sq.present = true;
    sq.group = 0;
    sq.colour = def.faceColours.empty() ? 0 : def.faceColours.front()[i];
    sq.pieceColour = def.colour;
  }
  cairo_save(cr);
  drawSquareGrid(cr, grid, x0, y0, s, {});
  cairo_restore(cr);
}

}  // namespace piecework

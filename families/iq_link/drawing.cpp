// SPDX-License-Identifier: Apache-2.0
// IQ-Link's drawing: balls and rings in the pieces' colours on hex pegs, with the pegs' letters (built into
// the drawing module, families/drawings.cpp; its terminal pictures are pictures.cpp).
#include <fmt/format.h>
#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <map>
#include <numbers>
#include <set>

#include "families/iq_link/family.hpp"
#include "families/iq_link/module.hpp"
#include "output/page_text.hpp"
#include "output/paint.hpp"

namespace piecework {
namespace {

constexpr double kPi = std::numbers::pi;
constexpr double kRowHeight = 0.8660254037844386;  // sqrt(3) / 2: distance between two rows of pegs

// ---------------------------------------------------------------------------------------------------------------
// Vector drawings.

struct HexPart {
  double x = 0;  // screen position in units
  double y = 0;
  bool ball = false;
  std::vector<int> directions;  // ball: links; ring: openings
};

struct HexPiece {
  Rgb colour;
  char letter = 0;
  std::vector<HexPart> parts;
  int middle = 0;  // index into parts
};

constexpr double kRingRadius = 0.34;
constexpr double kRingWidth = 0.12;
constexpr double kBallRadius = 0.22;
constexpr double kBarWidth = 0.16;
constexpr double kHexMargin = 0.5;

double hexX(int q, int r) {
  return q + r / 2.0;
}
double hexY(int r) {
  return r * kRowHeight;
}

void drawHexPieces(cairo_t* cr, const std::vector<HexPiece>& pieces, double x0, double y0, double s) {
  const double outline = std::max(0.5, 0.035 * s);
  auto px = [&](double x) { return x0 + x * s; };
  auto py = [&](double y) { return y0 + y * s; };
  // Links between the middle part and the others: from a ball's centre or a ring's rim.
  cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
  for (const HexPiece& piece : pieces) {
    const HexPart& m = piece.parts[static_cast<std::size_t>(piece.middle)];
    for (std::size_t i = 0; i < piece.parts.size(); ++i) {
      if (static_cast<int>(i) == piece.middle) continue;
      const HexPart& o = piece.parts[i];
      const double dx = o.x - m.x, dy = o.y - m.y, len = std::hypot(dx, dy);
      const double ux = dx / len, uy = dy / len;
      const double from = m.ball ? 0 : kRingRadius, to = len - (o.ball ? 0 : kRingRadius);
      for (int pass = 0; pass < 2; ++pass) {
        set(cr, pass == 0 ? kInk : piece.colour);
        cairo_set_line_width(cr, kBarWidth * s + (pass == 0 ? 2 * outline : 0));
        const double extra = pass == 0 ? 0 : outline;  // let the fill cover the outline at the rim
        cairo_move_to(cr, px(m.x + ux * (from - extra / s)), py(m.y + uy * (from - extra / s)));
        cairo_line_to(cr, px(m.x + ux * (to + extra / s)), py(m.y + uy * (to + extra / s)));
        cairo_stroke(cr);
      }
    }
  }
  // Rings: a thick circle with a gap at each opening.
  constexpr double kGap = 24 * kPi / 180;  // half the opening's angle
  for (const HexPiece& piece : pieces)
    for (const HexPart& part : piece.parts) {
      if (part.ball) continue;
      std::vector<std::pair<double, double>> arcs;
      if (part.directions.empty()) {
        arcs.emplace_back(0, 2 * kPi);
      } else {
        std::vector<int> open = part.directions;
        std::sort(open.begin(), open.end());
        for (std::size_t i = 0; i < open.size(); ++i) {
          const double a = open[i] * kPi / 3 + kGap;
          double b = (i + 1 < open.size() ? open[i + 1] : open.front() + 6) * kPi / 3 - kGap;
          if (b > a) arcs.emplace_back(a, b);
        }
      }
      for (int pass = 0; pass < 2; ++pass) {
        set(cr, pass == 0 ? kInk : piece.colour);
        cairo_set_line_width(cr, kRingWidth * s + (pass == 0 ? 2 * outline : 0));
        for (const auto& [a, b] : arcs) {
          const double cap = pass == 0 && b - a < 2 * kPi ? outline / (kRingRadius * s) : 0;
          cairo_new_sub_path(cr);
          cairo_arc(cr, px(part.x), py(part.y), kRingRadius * s, a - cap, b + cap);
          cairo_stroke(cr);
        }
      }
    }
  // Balls on top, with a small highlight.
  for (const HexPiece& piece : pieces)
    for (const HexPart& part : piece.parts) {
      if (!part.ball) continue;
      cairo_arc(cr, px(part.x), py(part.y), kBallRadius * s, 0, 2 * kPi);
      set(cr, piece.colour);
      cairo_fill_preserve(cr);
      set(cr, kInk);
      cairo_set_line_width(cr, outline * 1.6);
      cairo_stroke(cr);
      set(cr, {1, 1, 1}, 0.4);
      cairo_arc(cr, px(part.x - 0.08), py(part.y - 0.09), 0.05 * s, 0, 2 * kPi);
      cairo_fill(cr);
    }
  // The piece letter: on its middle ball, else on its first ball, else inside the middle (closed) ring.
  for (const HexPiece& piece : pieces) {
    const HexPart* on = &piece.parts[static_cast<std::size_t>(piece.middle)];
    if (!on->ball)
      for (const HexPart& part : piece.parts)
        if (part.ball) {
          on = &part;
          break;
        }
    const Rgb under = on->ball ? piece.colour : Rgb{0.91, 0.92, 0.94};
    letterOn(cr, piece.letter, under, px(on->x), py(on->y), 0.25 * s);
  }
}

HexPiece placedHexPiece(const Puzzle& puzzle, int id, const Rgb& colour) {
  const Placement& p = puzzle.placements[static_cast<std::size_t>(id)];
  HexPiece piece;
  piece.colour = colour;
  piece.letter = puzzle.pieces[static_cast<std::size_t>(p.piece)].letter;
  // Slots by peg (sites are (q, r, slot): slot 0 the centre, 1..6 the directions).
  std::map<std::pair<int, int>, std::array<bool, kSlotsPerPeg>> pegs;
  for (int site : p.sites) {
    const Site& s = puzzle.sites[static_cast<std::size_t>(site)];
    pegs[{s.x, s.y}][static_cast<std::size_t>(s.z)] = true;
  }
  const std::string code = pegCode(puzzle, id);
  const char m = code.empty() ? '?' : code[0];
  const int middlePeg = m >= 'A' && m <= 'Z' ? m - 'A' : m >= 'a' && m <= 'z' ? 26 + m - 'a' : -1;
  for (const auto& [qr, slots] : pegs) {
    HexPart part;
    part.x = hexX(qr.first, qr.second);
    part.y = hexY(qr.second);
    part.ball = slots[0];
    for (int d = 0; d < 6; ++d)
      if (slots[static_cast<std::size_t>(d + 1)] == part.ball) part.directions.push_back(d);
    if (middlePeg >= 0 && middlePeg < static_cast<int>(puzzle.cells.size()) &&
        puzzle.cells[static_cast<std::size_t>(middlePeg)].x == qr.first &&
        puzzle.cells[static_cast<std::size_t>(middlePeg)].y == qr.second)
      piece.middle = static_cast<int>(piece.parts.size());
    piece.parts.push_back(std::move(part));
  }
  return piece;
}

struct HexFrame {
  double minX = 0, minY = 0, maxX = 0, maxY = 0;
};

HexFrame hexFrame(const Puzzle& puzzle) {
  HexFrame f{1e9, 1e9, -1e9, -1e9};
  for (const Site& c : puzzle.cells) {
    f.minX = std::min(f.minX, hexX(c.x, c.y));
    f.maxX = std::max(f.maxX, hexX(c.x, c.y));
    f.minY = std::min(f.minY, hexY(c.y));
    f.maxY = std::max(f.maxY, hexY(c.y));
  }
  return f;
}

void drawHexBoard(cairo_t* cr, const Puzzle& puzzle, const std::vector<int>& placements, double x0, double y0,
                  double s) {
  const HexFrame f = hexFrame(puzzle);
  const double ox = x0 + (kHexMargin - f.minX) * s, oy = y0 + (kHexMargin - f.minY) * s;
  set(cr, kBoard);
  roundedRect(cr, x0, y0, (f.maxX - f.minX + 2 * kHexMargin) * s, (f.maxY - f.minY + 2 * kHexMargin) * s,
              0.3 * s);
  cairo_fill_preserve(cr);
  set(cr, kGridLine);
  cairo_set_line_width(cr, std::max(0.4, 0.03 * s));
  cairo_stroke(cr);
  // Peg letters only on empty pegs: a piece would cover them (and an SVG's text sits above the pieces).
  std::set<std::pair<int, int>> occupied;
  for (int id : placements)
    for (int site : puzzle.placements[static_cast<std::size_t>(id)].sites)
      occupied.emplace(puzzle.sites[static_cast<std::size_t>(site)].x,
                       puzzle.sites[static_cast<std::size_t>(site)].y);
  for (std::size_t i = 0; i < puzzle.cells.size(); ++i) {
    const Site& c = puzzle.cells[i];
    const double x = ox + hexX(c.x, c.y) * s, y = oy + hexY(c.y) * s;
    setFont(cr, 0.2 * s, false);
    set(cr, {0.45, 0.48, 0.53});
    if (occupied.count({c.x, c.y}) == 0)
      centredText(cr, std::string(1, pegLetter(static_cast<int>(i))), x + 0.21 * s, y + 0.27 * s);
    cairo_arc(cr, x, y, 0.11 * s, 0, 2 * kPi);
    set(cr, kHole);
    cairo_fill_preserve(cr);
    set(cr, {0.42, 0.45, 0.5});
    cairo_set_line_width(cr, std::max(0.3, 0.025 * s));
    cairo_stroke(cr);
  }
  const auto looks = placedLooks(puzzle, placements);
  std::vector<HexPiece> pieces;
  for (std::size_t i = 0; i < placements.size(); ++i)
    pieces.push_back(placedHexPiece(puzzle, placements[i], looks[i].first));
  drawHexPieces(cr, pieces, ox, oy, s);
}

HexPiece loosePiece(const PieceDef& def) {
  HexPiece piece;
  piece.colour = parseColour(def.colour);
  piece.letter = def.letter;
  for (const PegPart& p : def.parts) {
    if (p.offset.x == 0 && p.offset.y == 0) piece.middle = static_cast<int>(piece.parts.size());
    piece.parts.push_back({hexX(p.offset.x, p.offset.y), hexY(p.offset.y), p.ball, p.directions});
  }
  return piece;
}

HexFrame looseFrame(const HexPiece& piece) {
  HexFrame f{1e9, 1e9, -1e9, -1e9};
  for (const HexPart& p : piece.parts) {
    f.minX = std::min(f.minX, p.x);
    f.maxX = std::max(f.maxX, p.x);
    f.minY = std::min(f.minY, p.y);
    f.maxY = std::max(f.maxY, p.y);
  }
  return f;
}

constexpr double kLooseMargin = kRingRadius + kRingWidth / 2 + 0.04;

// ---------------------------------------------------------------------------------------------------------------
// The family's drawing.

class IqLinkDrawing final : public FamilyDrawing {
 public:
  Extent boardExtent(const Puzzle& puzzle) const override {
    const HexFrame f = hexFrame(puzzle);
    return {f.maxX - f.minX + 2 * kHexMargin, f.maxY - f.minY + 2 * kHexMargin};
  }
  void drawBoard(cairo_t* cr, const Puzzle& puzzle, const std::vector<int>& placements, double x, double y,
                 double scale, const CellMarks& /*marks: IQ-Link challenges have none*/,
                 OverPieces /*over: nothing is drawn over IQ-Link's pieces*/) const override {
    drawHexBoard(cr, puzzle, placements, x, y, scale);
  }
  Extent pieceExtent(const Puzzle& puzzle, int piece) const override {
    const HexFrame f = looseFrame(loosePiece(puzzle.pieces[static_cast<std::size_t>(piece)]));
    return {f.maxX - f.minX + 2 * kLooseMargin, f.maxY - f.minY + 2 * kLooseMargin};
  }
  void drawPiece(cairo_t* cr, const Puzzle& puzzle, int piece, double x, double y,
                 double scale) const override {
    const HexPiece loose = loosePiece(puzzle.pieces[static_cast<std::size_t>(piece)]);
    const HexFrame f = looseFrame(loose);
    drawHexPieces(cr, {loose}, x + (kLooseMargin - f.minX) * scale, y + (kLooseMargin - f.minY) * scale,
                  scale);
  }
};

}  // namespace

const FamilyDrawing& iqLinkDrawing() {
  static const IqLinkDrawing drawing;
  return drawing;
}

}  // namespace piecework

// SPDX-License-Identifier: Apache-2.0
#include "output/disassembly_prisms.hpp"

#include <algorithm>
#include <climits>
#include <cmath>
#include <string>

#include "output/page_text.hpp"

namespace piecework {

namespace {

const double kRowHeight = std::sqrt(3.0) / 2;  // (triangles of side 1)
constexpr double kLayerGap = 0.8;
constexpr double kLabelRoom = 0.6;  // above each layer, for its name

bool movesNow(const DisassemblyScene& scene, std::size_t piece) {
  return !scene.moving.empty() && scene.moving[piece];
}

// Where the scene's layers go, in triangle sides: each the box of every cell, from a corner whose triangles
// point as the puzzle's pictures have them (geometry.hpp, alignedLow), in rows of `columns` layers, as many
// across as draw them largest in a room `aspect` times as high as wide.
struct PrismLayout {
  Site low, high;
  double layerWidth = 0, layerHeight = 0;
  int columns = 1;

  PrismLayout(const DisassemblyScene& scene, double aspect) {
    low = {INT_MAX, INT_MAX, INT_MAX}, high = {INT_MIN, INT_MIN, INT_MIN};
    for (const auto& piece : scene.cells)
      for (const Site& c : piece) {
        low = {std::min(low.x, c.x), std::min(low.y, c.y), std::min(low.z, c.z)};
        high = {std::max(high.x, c.x), std::max(high.y, c.y), std::max(high.z, c.z)};
      }
    if (low.x == INT_MAX) low = high = Site{};
    low = alignedLow(Lattice::TriangularPrisms, low);
    layerWidth = (high.x - low.x + 2) / 2.0;
    layerHeight = (high.y - low.y + 1) * kRowHeight;
    const int layers = high.z - low.z + 1;
    double best = 0;
    for (int c = 1; c <= layers; ++c) {
      const int rows = (layers + c - 1) / c;
      const double w = c * (layerWidth + kLayerGap) - kLayerGap,
                   h = rows * (kLabelRoom + layerHeight + kLayerGap);
      const double scale = std::min(1 / w, aspect / h);
      if (scale > best * 1.0001) best = scale, columns = c;
    }
  }
  // A layer's place (one beyond the last for an arrow out of the top, one before the first out of the
  // bottom).
  double layerLeft(int z) const {
    const int i = z - low.z;
    return (i < 0 ? i : i % columns) * (layerWidth + kLayerGap);
  }
  double layerTop(int z) const {
    const int i = z - low.z;
    return (i < 0 ? 0 : i / columns) * (kLabelRoom + layerHeight + kLayerGap) + kLabelRoom;
  }
  std::pair<double, double> size() const {
    const int layers = high.z - low.z + 1, rows = (layers + columns - 1) / columns;
    return {std::min(layers, columns) * (layerWidth + kLayerGap) - kLayerGap,
            rows * (kLabelRoom + layerHeight + kLayerGap) - kLayerGap};
  }
  bool pointsDown(const Site& c) const { return floorMod(c.x + c.y, 2) == 0; }
  // A triangle's corners and its centre (the drawing's y grows down the rows, as in the pictures).
  std::pair<double, double> centre(const Site& c) const {
    const double cx = layerLeft(c.z) + (c.x - low.x + 1) / 2.0,
                 top = layerTop(c.z) + (c.y - low.y) * kRowHeight;
    return {cx, top + (pointsDown(c) ? kRowHeight / 3 : 2 * kRowHeight / 3)};
  }
};

// The arrow, in triangle sides: from the middle of the moving pieces in the layer they lead with, the way
// they go (a move up or down points to the same place in the next layer's picture), as long as the move
// (two units to take them out, at most four).
std::pair<std::pair<double, double>, std::pair<double, double>> prismArrow(const DisassemblyScene& scene,
                                                                           const PrismLayout& at) {
  const Site u = scene.unit;
  int lead = u.z < 0 ? INT_MAX : INT_MIN;
  for (std::size_t p = 0; p < scene.cells.size(); ++p)
    if (movesNow(scene, p))
      for (const Site& c : scene.cells[p]) lead = u.z < 0 ? std::min(lead, c.z) : std::max(lead, c.z);
  double x = 0, y = 0, count = 0;
  for (std::size_t p = 0; p < scene.cells.size(); ++p)
    if (movesNow(scene, p))
      for (const Site& c : scene.cells[p])
        if (c.z == lead) {
          const auto [cx, cy] = at.centre(c);
          x += cx, y += cy, ++count;
        }
  x /= std::max(1.0, count), y /= std::max(1.0, count);
  if (u.z != 0) {
    const int next = lead + (u.z > 0 ? 1 : -1);
    return {{x, y}, {x + at.layerLeft(next) - at.layerLeft(lead), y + at.layerTop(next) - at.layerTop(lead)}};
  }
  const double length = scene.units == 0 ? 2.0 : std::clamp(static_cast<double>(scene.units), 1.5, 4.0);
  // (a step along a row is two triangles, one side; along a side of the triangles half a side across and a
  // row down: also one side)
  return {{x, y}, {x + length * u.x / 2.0, y + length * u.y * kRowHeight}};
}

}  // namespace

IsoFrame prismSceneFrame(const DisassemblyScene& scene, double aspect) {
  const PrismLayout at(scene, aspect);
  IsoFrame f;
  f.add(0, 0);
  const auto [w, h] = at.size();
  f.add(w, h);
  if (hasArrow(scene)) {
    const auto [from, to] = prismArrow(scene, at);
    for (const auto& [x, y] : {from, to}) f.add(x - 0.3, y - 0.3), f.add(x + 0.3, y + 0.3);  // (the head)
  }
  return f;
}

void drawPrismScene(cairo_t* cr, const DisassemblyScene& scene, const IsoFrame& frame, double x0, double y0,
                    double s, double aspect) {
  const PrismLayout at(scene, aspect);
  const auto page = [&](double x, double y) {
    return std::pair{x0 + (x - frame.minX) * s, y0 + (y - frame.minY) * s};
  };
  cairo_save(cr);
  // The layers' names, over each picture: the puzzle's layer numbers (the scene's z is from the board's
  // lowest layer).
  set(cr, kInk);
  setFont(cr, std::clamp(0.4 * s, 4.5, 8.0), false);
  for (int z = at.low.z; z <= at.high.z; ++z) {
    const auto [lx, ly] = page(at.layerLeft(z) + at.layerWidth / 2, at.layerTop(z) - kLabelRoom * 0.3);
    showText(cr, z >= 0 ? "layer " + std::to_string(z + 1) : std::string("below"), lx, ly, 0.5);
  }
  cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_width(cr, std::max(0.4, 0.04 * s));
  for (std::size_t p = 0; p < scene.cells.size(); ++p) {
    const bool coloured = scene.moving.empty() || movesNow(scene, p);
    const Rgb fill = coloured ? scene.looks[p].first : paleColour(scene.looks[p].first);
    for (const Site& c : scene.cells[p]) {
      const auto [cx, cy] = at.centre(c);
      const double flat = at.pointsDown(c) ? cy - kRowHeight / 3 : cy + kRowHeight / 3;
      const double apex = at.pointsDown(c) ? cy + 2 * kRowHeight / 3 : cy - 2 * kRowHeight / 3;
      const auto [ax, ay] = page(cx - 0.5, flat);
      const auto [bx, by] = page(cx + 0.5, flat);
      const auto [tx, ty] = page(cx, apex);
      cairo_move_to(cr, ax, ay);
      cairo_line_to(cr, bx, by);
      cairo_line_to(cr, tx, ty);
      cairo_close_path(cr);
      set(cr, fill);
      cairo_fill_preserve(cr);
      set(cr, coloured ? darker(fill, 0.35) : kGlassEdge);
      cairo_stroke(cr);
    }
  }
  if (hasArrow(scene)) {
    const auto [from, to] = prismArrow(scene, at);
    drawMoveArrow(cr, page(from.first, from.second), page(to.first, to.second),
                  std::clamp(0.45 * s, 5.0, 14.0), std::clamp(0.12 * s, 1.4, 4.0), true);
  }
  // Each piece's letter on its first triangle of its highest layer.
  const double size = std::clamp(0.32 * s, 4.0, 10.0);
  for (std::size_t p = 0; p < scene.cells.size(); ++p) {
    if (scene.cells[p].empty()) continue;
    const Site* best = &scene.cells[p].front();
    for (const Site& c : scene.cells[p])
      if (std::tuple(c.z, -c.y, -c.x) > std::tuple(best->z, -best->y, -best->x)) best = &c;
    const auto [cx, cy] = at.centre(*best);
    const auto [px, py] = page(cx, cy);
    const bool coloured = scene.moving.empty() || movesNow(scene, p);
    letterOn(cr, scene.looks[p].second, coloured ? scene.looks[p].first : paleColour(scene.looks[p].first),
             px, py, size);
  }
  cairo_restore(cr);
}

}  // namespace piecework

// SPDX-License-Identifier: Apache-2.0
#include "output/disassembly_scene.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <set>
#include <tuple>

namespace piecework {

namespace {

const Rgb kArrow{0.82, 0.13, 0.1};
constexpr double kGlass = 0.3;  // how opaque the pieces that stay are

bool moves(const DisassemblyScene& scene, std::size_t piece) {
  return !scene.moving.empty() && scene.moving[piece];
}

int along(const Site& s, int axis) {
  return axis == 0 ? s.x : axis == 1 ? s.y : s.z;
}

// The arrow in lattice coordinates: from just beyond the moving pieces' face that leads, through their middle
// across the other two axes, as long as the move (two units to take them out, at most four).
std::pair<std::array<double, 3>, std::array<double, 3>> arrowEnds(const DisassemblyScene& scene) {
  const Site u = scene.unit;
  const int axis = u.x != 0 ? 0 : u.y != 0 ? 1 : 2;
  const int sign = along(u, axis);
  std::array<double, 3> mid{0, 0, 0};
  double count = 0, lead = sign > 0 ? -1e9 : 1e9;
  for (std::size_t p = 0; p < scene.cells.size(); ++p) {
    if (!moves(scene, p)) continue;
    for (const Site& c : scene.cells[p]) {
      mid[0] += c.x + 0.5, mid[1] += c.y + 0.5, mid[2] += c.z + 0.5, ++count;
      lead = sign > 0 ? std::max(lead, along(c, axis) + 1.0)
                      : std::min(lead, static_cast<double>(along(c, axis)));
    }
  }
  for (double& m : mid) m /= std::max(1.0, count);
  std::array<double, 3> from = mid;
  from[static_cast<std::size_t>(axis)] = lead + 0.3 * sign;
  const double length = scene.units == 0 ? 2.0 : std::clamp(static_cast<double>(scene.units), 1.5, 4.0);
  std::array<double, 3> to = from;
  to[static_cast<std::size_t>(axis)] += length * sign;
  return {from, to};
}

void drawArrow(cairo_t* cr, const DisassemblyScene& scene, const IsoFrame& f, double x0, double y0,
               double s) {
  const auto [from, to] = arrowEnds(scene);
  const auto [ax, ay] = iso(from[0], from[1], from[2]);
  const auto [bx, by] = iso(to[0], to[1], to[2]);
  drawMoveArrow(cr, {x0 + (ax - f.minX) * s, y0 + (ay - f.minY) * s},
                {x0 + (bx - f.minX) * s, y0 + (by - f.minY) * s}, std::clamp(0.55 * s, 5.0, 14.0),
                std::clamp(0.16 * s, 1.4, 4.0), false);
}

// Each piece's letter on the top face of its cube nearest the viewer whose top is not covered.
void drawLetters(cairo_t* cr, const DisassemblyScene& scene, const IsoFrame& f, double x0, double y0,
                 double s) {
  std::set<std::tuple<int, int, int>> filled;
  for (const auto& piece : scene.cells)
    for (const Site& c : piece) filled.emplace(c.x, c.y, c.z);
  const double size = std::clamp(0.6 * s, 5.0, 11.0);
  for (const bool movingPass : {false, true})
    for (std::size_t p = 0; p < scene.cells.size(); ++p) {
      if (moves(scene, p) != movingPass || scene.cells[p].empty()) continue;
      const Site* best = nullptr;
      for (const Site& c : scene.cells[p]) {
        if (filled.count({c.x, c.y, c.z + 1}) != 0) continue;
        if (best == nullptr ||
            std::tuple(c.x + c.y + c.z, c.z) > std::tuple(best->x + best->y + best->z, best->z))
          best = &c;
      }
      if (best == nullptr) best = &scene.cells[p].front();
      const auto [px, py] = iso(best->x + 0.5, best->y + 0.5, best->z + 1);
      const bool coloured = scene.moving.empty() || movingPass;
      const Rgb under = coloured ? lighter(scene.looks[p].first, 0.35) : paleColour(scene.looks[p].first);
      letterOn(cr, scene.looks[p].second, under, x0 + (px - f.minX) * s, y0 + (py - f.minY) * s, size);
    }
}

}  // namespace

bool hasArrow(const DisassemblyScene& scene) {
  return std::find(scene.moving.begin(), scene.moving.end(), true) != scene.moving.end();
}

void drawMoveArrow(cairo_t* cr, std::pair<double, double> from, std::pair<double, double> to, double head,
                   double width, bool halo) {
  const auto [x1, y1] = from;
  const auto [x2, y2] = to;
  const double len = std::hypot(x2 - x1, y2 - y1);
  if (len <= 0) return;
  const double dx = (x2 - x1) / len, dy = (y2 - y1) / len;
  cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
  if (halo) cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
  for (const bool white : {true, false}) {
    if (white && !halo) continue;
    set(cr, white ? Rgb{1, 1, 1} : kArrow);
    cairo_set_line_width(cr, white ? width + 2 : width);
    cairo_move_to(cr, x1, y1);
    cairo_line_to(cr, x2 - dx * head * 0.8, y2 - dy * head * 0.8);
    cairo_stroke(cr);
    cairo_move_to(cr, x2, y2);
    cairo_line_to(cr, x2 - dx * head - dy * head * 0.5, y2 - dy * head + dx * head * 0.5);
    cairo_line_to(cr, x2 - dx * head + dy * head * 0.5, y2 - dy * head - dx * head * 0.5);
    cairo_close_path(cr);
    if (white) {
      cairo_set_line_width(cr, 2);
      cairo_stroke(cr);
    } else {
      cairo_fill(cr);
    }
  }
}

Rgb paleColour(const Rgb& c) {
  return mix(c, {0.9, 0.9, 0.92}, 0.78);
}

IsoFrame sceneFrame(const DisassemblyScene& scene) {
  Shape all;
  for (const auto& piece : scene.cells) all.insert(all.end(), piece.begin(), piece.end());
  IsoFrame f = isoFrame(all);
  if (hasArrow(scene)) {
    const auto [from, to] = arrowEnds(scene);
    for (const auto& end : {from, to}) {
      const auto [x, y] = iso(end[0], end[1], end[2]);
      f.add(x - 0.4, y - 0.4), f.add(x + 0.4, y + 0.4);  // (the arrow's head)
    }
  }
  return f;
}

void drawScene(cairo_t* cr, const DisassemblyScene& scene, const IsoFrame& frame, double x0, double y0,
               double s) {
  cairo_save(cr);
  // Every cube at once, so that the pieces hide each other where they should; the pale ones with pale edges.
  // The pieces that stay as glass, so that the moving ones show inside them (a burr's key piece, a box's
  // contents), all painted back to front together.
  std::vector<IsoCube> cubes;
  for (std::size_t p = 0; p < scene.cells.size(); ++p)
    for (const Site& c : scene.cells[p]) {
      const bool coloured = scene.moving.empty() || moves(scene, p);
      cubes.push_back(
          {c, coloured ? scene.looks[p].first : paleColour(scene.looks[p].first), coloured ? 1.0 : kGlass});
    }
  drawIsoCubes(cr, cubes, frame, x0, y0, s);
  if (hasArrow(scene)) drawArrow(cr, scene, frame, x0, y0, s);
  drawLetters(cr, scene, frame, x0, y0, s);
  cairo_restore(cr);
}

}  // namespace piecework

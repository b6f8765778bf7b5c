// SPDX-License-Identifier: Apache-2.0
#include "output/iso_cubes.hpp"

#include <algorithm>
#include <array>
#include <set>
#include <tuple>

namespace piecework {

namespace {
constexpr double kIsoX = 0.8660254037844386;  // cos 30°
}  // namespace

std::pair<double, double> iso(double x, double y, double z) {
  return {(x - y) * kIsoX, (x + y) * 0.5 - z};
}

IsoFrame isoFrame(const Shape& shape) {
  IsoFrame f;
  for (const Site& c : shape)
    for (int corner = 0; corner < 8; ++corner) {
      const auto [x, y] = iso(c.x + (corner & 1), c.y + ((corner >> 1) & 1), c.z + ((corner >> 2) & 1));
      f.add(x, y);
    }
  return f;
}

void drawIsoCubes(cairo_t* cr, std::vector<IsoCube> cubes, const IsoFrame& f, double x0, double y0, double s,
                  const IsoLook& look) {
  std::set<std::tuple<int, int, int, bool>> filled;  // (..., glass)
  for (const IsoCube& c : cubes) filled.emplace(c.at.x, c.at.y, c.at.z, c.glass < 1.0);
  std::sort(cubes.begin(), cubes.end(), [](const IsoCube& a, const IsoCube& b) {
    return std::tuple(a.at.x + a.at.y + a.at.z, a.at.z) < std::tuple(b.at.x + b.at.y + b.at.z, b.at.z);
  });
  auto moveTo = [&](double x, double y, double z, bool first) {
    const auto [px, py] = iso(x, y, z);
    if (first)
      cairo_move_to(cr, x0 + (px - f.minX) * s, y0 + (py - f.minY) * s);
    else
      cairo_line_to(cr, x0 + (px - f.minX) * s, y0 + (py - f.minY) * s);
  };
  cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_width(cr, std::max(0.4, 0.04 * s));
  if (!look.filled) {
    const std::array<double, 2> dash{std::max(1.5, 0.12 * s), std::max(1.0, 0.08 * s)};
    cairo_set_dash(cr, dash.data(), 2, 0);
  }
  for (const IsoCube& cube : cubes) {
    const Site& c = cube.at;
    const double x = c.x, y = c.y, z = c.z;
    // Top (+z), right (+x) and left (+y) faces.
    const std::array<std::array<std::array<double, 3>, 4>, 3> faces{{
        {{{x, y, z + 1}, {x + 1, y, z + 1}, {x + 1, y + 1, z + 1}, {x, y + 1, z + 1}}},
        {{{x + 1, y, z}, {x + 1, y + 1, z}, {x + 1, y + 1, z + 1}, {x + 1, y, z + 1}}},
        {{{x, y + 1, z}, {x + 1, y + 1, z}, {x + 1, y + 1, z + 1}, {x, y + 1, z + 1}}},
    }};
    const bool glass = cube.glass < 1.0;
    const std::array<std::tuple<int, int, int, bool>, 3> beyond{
        {{c.x, c.y, c.z + 1, glass}, {c.x + 1, c.y, c.z, glass}, {c.x, c.y + 1, c.z, glass}}};
    const std::array<Rgb, 3> shades{lighter(cube.colour, 0.35), cube.colour, darker(cube.colour, look.shade)};
    for (std::size_t k = 0; k < 3; ++k) {
      if (filled.count(beyond[k]) != 0) continue;
      for (std::size_t i = 0; i < 4; ++i) moveTo(faces[k][i][0], faces[k][i][1], faces[k][i][2], i == 0);
      cairo_close_path(cr);
      if (look.filled) {
        set(cr, shades[k], look.alpha * cube.glass);
        cairo_fill_preserve(cr);
      }
      set(cr, glass ? kGlassEdge : look.edge, look.alpha * (glass ? std::min(1.0, 2 * cube.glass) : 1.0));
      cairo_stroke(cr);
    }
  }
  cairo_set_dash(cr, nullptr, 0, 0);
}

}  // namespace piecework

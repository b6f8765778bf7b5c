// SPDX-License-Identifier: Apache-2.0
#include "output/iso_parts.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <functional>
#include <map>
#include <numeric>
#include <queue>
#include <set>
#include <string>
#include <utility>

#include "output/page_text.hpp"
#include "puzzle/part_cell_solids.hpp"

namespace piecework {
namespace {

using Point2 = std::array<double, 2>;
using Corner = std::array<long long, 3>;  // a corner exactly, in quarters of a cube edge
using FaceKey = std::array<Corner, 3>;    // sorted
using EdgeKey = std::pair<Corner, Corner>;

Corner cornerKey(const Point3& p) {
  return {std::llround(4 * p[0]), std::llround(4 * p[1]), std::llround(4 * p[2])};
}

// (half a turn about x - y, a rotation, so that no solid turns inside out)
Point3 seen(const Point3& p, IsoSide side) {
  return side == IsoSide::Above ? p : Point3{-p[1], -p[0], -p[2]};
}

Point2 onPage(const Point3& p) {
  const auto [x, y] = iso(p[0], p[1], p[2]);
  return {x, y};
}

// Towards the viewer of the isometric view (output/iso_cubes.hpp shows the +x, +y and +z faces).
double nearness(const Point3& p) {
  return p[0] + p[1] + p[2];
}

Point3 minus(const Point3& a, const Point3& b) {
  return {a[0] - b[0], a[1] - b[1], a[2] - b[2]};
}
Point3 cross(const Point3& a, const Point3& b) {
  return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}
double dot(const Point3& a, const Point3& b) {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

double signedArea(const std::vector<Point2>& poly) {
  double a = 0;
  for (std::size_t i = 0; i < poly.size(); ++i) {
    const Point2& p = poly[i];
    const Point2& q = poly[(i + 1) % poly.size()];
    a += p[0] * q[1] - q[0] * p[1];
  }
  return a / 2;
}

struct Face {
  std::array<Point3, 3> corner;  // as seen
  std::array<Point2, 3> at;      // on the page, in cube edges, counter-clockwise there
  Point3 normal;                 // outward, of unit length
  std::size_t cell = 0;
  double area = 0;  // on the page
  double low[2] = {0, 0}, high[2] = {0, 0};
};

// The part of `poly` on the left of the line a -> b.
std::vector<Point2> clipLeft(const std::vector<Point2>& poly, const Point2& a, const Point2& b) {
  const auto side = [&](const Point2& p) {
    return (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]);
  };
  std::vector<Point2> out;
  for (std::size_t i = 0; i < poly.size(); ++i) {
    const Point2& p = poly[i];
    const Point2& q = poly[(i + 1) % poly.size()];
    const double sp = side(p), sq = side(q);
    if (sp >= 0) out.push_back(p);
    if ((sp >= 0) != (sq >= 0)) {
      const double t = sp / (sp - sq);
      out.push_back({p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])});
    }
  }
  return out;
}

// Where on the page two faces overlap (a point inside both), if they do by more than a sliver.
bool overlapPoint(const Face& f, const Face& g, Point2& point) {
  for (int k = 0; k < 2; ++k)
    if (f.high[k] <= g.low[k] || g.high[k] <= f.low[k]) return false;
  std::vector<Point2> poly(f.at.begin(), f.at.end());
  for (std::size_t i = 0; i < 3 && !poly.empty(); ++i) poly = clipLeft(poly, g.at[i], g.at[(i + 1) % 3]);
  if (poly.size() < 3) return false;
  const double area = signedArea(poly);
  if (area < 1e-6) return false;
  double cx = 0, cy = 0;
  for (const Point2& p : poly) cx += p[0], cy += p[1];
  point = {cx / static_cast<double>(poly.size()), cy / static_cast<double>(poly.size())};
  return true;
}

// How near the viewer a face's plane passes over a point of the page.
double nearnessAt(const Face& f, const Point2& p) {
  const Point2 &a = f.at[0], &b = f.at[1], &c = f.at[2];
  const double d = (b[0] - a[0]) * (c[1] - a[1]) - (c[0] - a[0]) * (b[1] - a[1]);
  const double u = ((p[0] - a[0]) * (c[1] - a[1]) - (c[0] - a[0]) * (p[1] - a[1])) / d;
  const double v = ((b[0] - a[0]) * (p[1] - a[1]) - (p[0] - a[0]) * (b[1] - a[1])) / d;
  return (1 - u - v) * nearness(f.corner[0]) + u * nearness(f.corner[1]) + v * nearness(f.corner[2]);
}

// The faces the viewer sees the front of, leaving out those two cells share.
std::vector<Face> frontFaces(Lattice lattice, const std::vector<IsoPart>& cells, IsoSide side) {
  std::vector<Face> all;
  std::map<FaceKey, int> shared;
  for (std::size_t c = 0; c < cells.size(); ++c) {
    std::array<Point3, 4> v = partCellCorners(lattice, cells[c].at);
    for (Point3& p : v) p = seen(p, side);
    for (std::size_t skip = 0; skip < 4; ++skip) {
      Face f;
      f.cell = c;
      std::size_t k = 0;
      for (std::size_t i = 0; i < 4; ++i)
        if (i != skip) f.corner[k++] = v[i];
      Point3 n = cross(minus(f.corner[1], f.corner[0]), minus(f.corner[2], f.corner[0]));
      if (dot(n, minus(v[skip], f.corner[0])) > 0) n = {-n[0], -n[1], -n[2]};
      const double length = std::sqrt(dot(n, n));
      f.normal = {n[0] / length, n[1] / length, n[2] / length};
      FaceKey key{cornerKey(f.corner[0]), cornerKey(f.corner[1]), cornerKey(f.corner[2])};
      std::sort(key.begin(), key.end());
      ++shared[key];
      all.push_back(f);
    }
  }
  std::vector<Face> out;
  for (Face& f : all) {
    FaceKey key{cornerKey(f.corner[0]), cornerKey(f.corner[1]), cornerKey(f.corner[2])};
    std::sort(key.begin(), key.end());
    if (shared[key] > 1 || dot(f.normal, {1, 1, 1}) < 1e-9) continue;  // (edge-on faces show nothing)
    for (std::size_t i = 0; i < 3; ++i) f.at[i] = onPage(f.corner[i]);
    std::vector<Point2> poly(f.at.begin(), f.at.end());
    if (signedArea(poly) < 0) std::swap(f.at[1], f.at[2]), std::swap(f.corner[1], f.corner[2]);
    f.area = std::abs(signedArea(poly));
    for (int k = 0; k < 2; ++k) {
      f.low[k] = std::min({f.at[0][k], f.at[1][k], f.at[2][k]});
      f.high[k] = std::max({f.at[0][k], f.at[1][k], f.at[2][k]});
    }
    out.push_back(f);
  }
  return out;
}

// Where faces overlap on the page: (behind, in front) pairs, the one whose plane passes nearer the viewer
// over a point of both in front.
std::vector<std::pair<std::size_t, std::size_t>> overlaps(const std::vector<Face>& faces) {
  std::vector<std::pair<std::size_t, std::size_t>> out;
  for (std::size_t i = 0; i < faces.size(); ++i)
    for (std::size_t j = i + 1; j < faces.size(); ++j) {
      Point2 p;
      if (!overlapPoint(faces[i], faces[j], p)) continue;
      const double di = nearnessAt(faces[i], p), dj = nearnessAt(faces[j], p);
      if (std::abs(di - dj) < 1e-9) continue;
      out.emplace_back(di < dj ? i : j, di < dj ? j : i);
    }
  return out;
}

// Back to front over n things drawn one after another: each before everything in front of it (`behind`
// pairs), the rest farthest first by their centres' nearness. `cyclic`: whether a cycle had to be broken (at
// its farthest member).
std::vector<std::size_t> paintOrder(std::size_t n,
                                    const std::vector<std::pair<std::size_t, std::size_t>>& behind,
                                    const std::vector<double>& centre, bool& cyclic) {
  std::vector<std::vector<std::size_t>> after(n);
  std::vector<int> waiting(n, 0);
  for (const auto& [back, front] : behind) {
    after[back].push_back(front);
    ++waiting[front];
  }
  const auto farther = [&](std::size_t a, std::size_t b) { return centre[a] > centre[b]; };
  std::priority_queue<std::size_t, std::vector<std::size_t>, decltype(farther)> ready(farther);
  for (std::size_t i = 0; i < n; ++i)
    if (waiting[i] == 0) ready.push(i);
  std::vector<bool> done(n, false);
  std::vector<std::size_t> order;
  cyclic = false;
  while (order.size() < n) {
    if (ready.empty()) {
      cyclic = true;
      std::size_t pick = n;
      for (std::size_t i = 0; i < n; ++i)
        if (!done[i] && (pick == n || centre[i] < centre[pick])) pick = i;
      waiting[pick] = 0;
      ready.push(pick);
    }
    const std::size_t i = ready.top();
    ready.pop();
    if (done[i]) continue;
    done[i] = true;
    order.push_back(i);
    for (std::size_t j : after[i])
      if (--waiting[j] == 0 && !done[j]) ready.push(j);
  }
  return order;
}

EdgeKey edgeKey(const Face& f, std::size_t i) {
  Corner a = cornerKey(f.corner[i]), b = cornerKey(f.corner[(i + 1) % 3]);
  if (b < a) std::swap(a, b);
  return {a, b};
}

bool sameGroup(const std::vector<IsoPart>& cells, const Face& f, const Face& g) {
  return cells[f.cell].group == cells[g.cell].group;
}

bool coplanar(const Face& f, const Face& g) {
  return dot(f.normal, g.normal) > 1 - 1e-9;
}

// The face's colour: lighter facing up, darker facing the left (+y), as the cubes' faces.
Rgb shaded(const Rgb& colour, const Point3& normal, double strength) {
  const double t = (0.35 * normal[2] - 0.25 * normal[1]) * strength;
  return t >= 0 ? lighter(colour, t) : darker(colour, -t);
}

// Each group's letter, on its drawn stretch (faces of one plane) with the most in full view (none where all
// is covered): at the middle of that part when it lies in it, else at the middle of its largest face.
void drawLetters(cairo_t* cr, const std::vector<IsoPart>& cells, const std::vector<Face>& faces,
                 const std::vector<std::vector<std::size_t>>& units, const std::vector<bool>& covered,
                 const std::function<Point2(const Point2&)>& toPage, double s, double strength) {
  std::map<int, std::pair<double, std::size_t>> best;  // group -> (area in view, unit)
  for (std::size_t u = 0; u < units.size(); ++u) {
    const IsoPart& cell = cells[faces[units[u].front()].cell];
    if (cell.letter == 0) continue;
    double area = 0;
    for (std::size_t i : units[u])
      if (!covered[i]) area += faces[i].area;
    auto it = best.find(cell.group);
    if (area > 0 && (it == best.end() || area > it->second.first)) best[cell.group] = {area, u};
  }
  for (const auto& [group, choice] : best) {
    const auto& [area, u] = choice;
    const auto middle = [](const Face& f) {
      return Point2{(f.at[0][0] + f.at[1][0] + f.at[2][0]) / 3, (f.at[0][1] + f.at[1][1] + f.at[2][1]) / 3};
    };
    Point2 at{0, 0};
    std::size_t largest = units[u].front();
    for (std::size_t i : units[u]) {
      if (covered[i]) continue;
      const Point2 m = middle(faces[i]);
      at = {at[0] + faces[i].area * m[0] / area, at[1] + faces[i].area * m[1] / area};
      if (covered[largest] || faces[i].area > faces[largest].area) largest = i;
    }
    const auto holds = [&](const Face& f) {
      for (std::size_t k = 0; k < 3; ++k) {
        const Point2 &a = f.at[k], &b = f.at[(k + 1) % 3];
        if ((b[0] - a[0]) * (at[1] - a[1]) - (b[1] - a[1]) * (at[0] - a[0]) < 0) return false;
      }
      return true;
    };
    if (std::none_of(units[u].begin(), units[u].end(),
                     [&](std::size_t i) { return !covered[i] && holds(faces[i]); }))
      at = middle(faces[largest]);
    const Face& f = faces[largest];
    const IsoPart& cell = cells[f.cell];
    const Point2 p = toPage(at);
    letterOn(cr, cell.letter, shaded(cell.colour, f.normal, strength), p[0], p[1],
             std::max(4.0, std::min(0.45, 0.6 * std::sqrt(area)) * s));
  }
}

// What is drawn in one go: the faces of a stretch of one plane of one piece, joined across their seams (so
// that they fill as one, without hairlines between them, and their outlines go over all of them); or, where
// stretches would have to be drawn in pieces to be painted back to front, each face alone.
std::vector<std::vector<std::size_t>> stretches(const std::vector<IsoPart>& cells,
                                                const std::vector<Face>& faces,
                                                const std::map<EdgeKey, std::vector<std::size_t>>& edges) {
  std::vector<std::size_t> root(faces.size());
  std::iota(root.begin(), root.end(), std::size_t{0});
  const std::function<std::size_t(std::size_t)> find = [&](std::size_t i) {
    return root[i] == i ? i : root[i] = find(root[i]);
  };
  for (const auto& [key, list] : edges)
    for (std::size_t a = 0; a < list.size(); ++a)
      for (std::size_t b = a + 1; b < list.size(); ++b)
        if (sameGroup(cells, faces[list[a]], faces[list[b]]) && coplanar(faces[list[a]], faces[list[b]]))
          root[find(list[a])] = find(list[b]);
  std::map<std::size_t, std::vector<std::size_t>> byRoot;
  for (std::size_t i = 0; i < faces.size(); ++i) byRoot[find(i)].push_back(i);
  std::vector<std::vector<std::size_t>> out;
  for (auto& [r, list] : byRoot) out.push_back(std::move(list));
  return out;
}

double faceCentre(const Face& f) {
  return (nearness(f.corner[0]) + nearness(f.corner[1]) + nearness(f.corner[2])) / 3;
}

}  // namespace

IsoFrame isoPartsFrame(Lattice lattice, const std::vector<Site>& voxels, IsoSide side) {
  IsoFrame f;
  for (const Site& v : voxels)
    for (const Point3& p : partCellCorners(lattice, v)) {
      const Point2 at = onPage(seen(p, side));
      f.add(at[0], at[1]);
    }
  return f;
}

namespace {

// What is drawn in one go (stretches, else faces: see stretches), back to front. `joined`: stretches.
std::vector<std::vector<std::size_t>> unitsInOrder(
    const std::vector<IsoPart>& cells, const std::vector<Face>& faces,
    const std::map<EdgeKey, std::vector<std::size_t>>& edges,
    const std::vector<std::pair<std::size_t, std::size_t>>& behind, bool& joined) {
  std::vector<std::vector<std::size_t>> units = stretches(cells, faces, edges);
  std::vector<std::size_t> unitOf(faces.size());
  std::vector<double> centre(units.size(), 0);
  for (std::size_t u = 0; u < units.size(); ++u)
    for (std::size_t i : units[u]) {
      unitOf[i] = u;
      centre[u] += faceCentre(faces[i]) / static_cast<double>(units[u].size());
    }
  std::vector<std::pair<std::size_t, std::size_t>> unitsBehind;
  for (const auto& [back, front] : behind) unitsBehind.emplace_back(unitOf[back], unitOf[front]);
  bool cyclic = false;
  std::vector<std::size_t> order = paintOrder(units.size(), unitsBehind, centre, cyclic);
  joined = !cyclic;
  if (!joined) {
    units.clear();
    centre.clear();
    for (std::size_t i = 0; i < faces.size(); ++i)
      units.push_back({i}), centre.push_back(faceCentre(faces[i]));
    order = paintOrder(units.size(), behind, centre, cyclic);
  }
  std::vector<std::vector<std::size_t>> out;
  for (std::size_t u : order) out.push_back(units[u]);
  return out;
}

struct Painter {
  cairo_t* cr;
  const std::vector<IsoPart>& cells;
  const std::vector<Face>& faces;
  const std::map<EdgeKey, std::vector<std::size_t>>& edges;
  const IsoPartsLook& look;
  bool joined;
  std::function<Point2(const Point2&)> toPage;
  double outline, seam;

  // One unit: its faces filled as one path (each counter-clockwise on the page, so no hairlines between
  // them), then its seams (edges to a face of the same piece and plane), then its outlines over them.
  void paint(const std::vector<std::size_t>& unit) const {
    const Face& first = faces[unit.front()];
    const Rgb colour = shaded(cells[first.cell].colour, first.normal, look.shade);
    for (std::size_t i : unit) {
      for (std::size_t k = 0; k < 3; ++k) {
        const Point2 p = toPage(faces[i].at[k]);
        k == 0 ? cairo_move_to(cr, p[0], p[1]) : cairo_line_to(cr, p[0], p[1]);
      }
      cairo_close_path(cr);
    }
    set(cr, colour);
    cairo_fill(cr);
    std::map<EdgeKey, bool> lines;  // edge -> whether a seam
    for (std::size_t i : unit)
      for (std::size_t k = 0; k < 3; ++k) {
        const EdgeKey key = edgeKey(faces[i], k);
        bool inPlane = false;
        for (std::size_t j : edges.at(key))
          if (j != i && sameGroup(cells, faces[i], faces[j]) && coplanar(faces[i], faces[j])) inPlane = true;
        if (inPlane && joined && look.seam < 0) continue;
        lines[key] = inPlane;
      }
    const auto end = [&](const Corner& c) { return toPage(onPage({c[0] / 4.0, c[1] / 4.0, c[2] / 4.0})); };
    for (const bool seams : {true, false})
      for (const auto& [key, inPlane] : lines) {
        if (inPlane != seams) continue;
        // (an unseen seam covers the hairline between faces filled one by one)
        set(cr, !inPlane ? look.edge : look.seam < 0 ? colour : darker(colour, look.seam));
        cairo_set_line_width(cr, inPlane ? seam : outline);
        cairo_set_line_cap(cr, inPlane ? CAIRO_LINE_CAP_BUTT : CAIRO_LINE_CAP_ROUND);
        const Point2 a = end(key.first), b = end(key.second);
        cairo_move_to(cr, a[0], a[1]);
        cairo_line_to(cr, b[0], b[1]);
        cairo_stroke(cr);
      }
  }
};

}  // namespace

void drawIsoParts(cairo_t* cr, Lattice lattice, const std::vector<IsoPart>& cells, const IsoFrame& frame,
                  double x0, double y0, double s, const IsoPartsLook& look, IsoSide side) {
  const std::vector<Face> faces = frontFaces(lattice, cells, side);
  std::map<EdgeKey, std::vector<std::size_t>> edges;
  for (std::size_t i = 0; i < faces.size(); ++i)
    for (std::size_t k = 0; k < 3; ++k) edges[edgeKey(faces[i], k)].push_back(i);
  const auto behind = overlaps(faces);
  std::vector<bool> covered(faces.size(), false);
  for (const auto& [back, front] : behind) covered[back] = true;
  bool joined = false;
  const std::vector<std::vector<std::size_t>> units = unitsInOrder(cells, faces, edges, behind, joined);
  const auto toPage = [&](const Point2& p) {
    return Point2{x0 + (p[0] - frame.minX) * s, y0 + (p[1] - frame.minY) * s};
  };
  cairo_save(cr);
  cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
  // (an unseen seam thinner than the outlines, so as not to notch them where it meets them)
  const Painter painter{cr,
                        cells,
                        faces,
                        edges,
                        look,
                        joined,
                        toPage,
                        std::max(0.4, 0.035 * s),
                        look.seam < 0 ? 0.35 : std::max(0.25, 0.015 * s)};
  for (const auto& unit : units) painter.paint(unit);
  drawLetters(cr, cells, faces, units, covered, toPage, s, look.shade);
  cairo_restore(cr);
}

namespace {

constexpr double kViewTitle = 0.8;  // the band over each view of a board
constexpr double kViewGap = 0.8;    // between the two views

const IsoPartsLook kEmptyShape{.edge = {0.78, 0.8, 0.84}, .seam = -1, .shade = 0.3};
const Rgb kEmptyCell{0.95, 0.955, 0.965};

}  // namespace

Extent partCellBoardExtent(const Puzzle& puzzle) {
  const IsoFrame above = isoPartsFrame(puzzle.lattice, puzzle.cells, IsoSide::Above);
  const IsoFrame below = isoPartsFrame(puzzle.lattice, puzzle.cells, IsoSide::Below);
  return {above.maxX - above.minX + kViewGap + below.maxX - below.minX,
          kViewTitle + std::max(above.maxY - above.minY, below.maxY - below.minY)};
}

void drawPartCellBoard(cairo_t* cr, const Puzzle& puzzle, const std::vector<int>& placements, double x,
                       double y, double scale) {
  // The pieces, and the pale shape of the cells they leave empty (the whole shape on an empty board).
  std::vector<IsoPart> shape, pieces;
  std::set<Site> covered;
  const auto looks = placedLooks(puzzle, placements);
  for (std::size_t i = 0; i < placements.size(); ++i)
    for (int site : puzzle.placements[static_cast<std::size_t>(placements[i])].sites) {
      const Site& c = puzzle.sites[static_cast<std::size_t>(site)];
      pieces.push_back({c, looks[i].first, static_cast<int>(i), looks[i].second});
      covered.insert(c);
    }
  for (const Site& c : puzzle.cells)
    if (covered.count(c) == 0) shape.push_back({c, kEmptyCell});
  double at = x;
  for (const IsoSide side : {IsoSide::Above, IsoSide::Below}) {
    const IsoFrame f = isoPartsFrame(puzzle.lattice, puzzle.cells, side);
    const double w = f.maxX - f.minX;
    cairo_save(cr);
    setFont(cr, std::min(0.3 * scale, 10.0), false);
    set(cr, kInk);
    showText(cr, side == IsoSide::Above ? "seen from above" : "seen from below", at + w * scale / 2,
             y + 0.5 * kViewTitle * scale, 0.5);
    cairo_restore(cr);
    const double top = y + kViewTitle * scale;
    drawIsoParts(cr, puzzle.lattice, shape, f, at, top, scale, kEmptyShape, side);
    drawIsoParts(cr, puzzle.lattice, pieces, f, at, top, scale, {}, side);
    at += (w + kViewGap) * scale;
  }
}

namespace {

// How many planes a shape's faces in view lie in (from above).
std::size_t planesInView(Lattice lattice, const Shape& shape) {
  std::vector<IsoPart> cells;
  for (const Site& c : shape) cells.push_back({c, {}});
  std::vector<Point3> normals;
  for (const Face& f : frontFaces(lattice, cells, IsoSide::Above))
    if (std::none_of(normals.begin(), normals.end(),
                     [&](const Point3& n) { return dot(n, f.normal) > 1 - 1e-9; }))
      normals.push_back(f.normal);
  return normals.size();
}

// A loose piece as it is defined, or turned the way it may be turned that shows more of its planes: a
// regular tetrahedron seen from above with a face up is one flat triangle, with a corner up three faces.
Shape looseShape(const Puzzle& puzzle, int piece) {
  const PieceDef& def = puzzle.pieces[static_cast<std::size_t>(piece)];
  Shape best = normalized(puzzle.lattice, def.faces.front());
  std::size_t most = planesInView(puzzle.lattice, best);
  for (const Shape& turned : def.orientations)
    if (const std::size_t planes = planesInView(puzzle.lattice, turned); planes > most)
      best = normalized(puzzle.lattice, turned), most = planes;
  return best;
}

}  // namespace

Extent partCellPieceExtent(const Puzzle& puzzle, int piece) {
  const IsoFrame f = isoPartsFrame(puzzle.lattice, looseShape(puzzle, piece));
  return {f.maxX - f.minX, f.maxY - f.minY};
}

void drawPartCellPiece(cairo_t* cr, const Puzzle& puzzle, int piece, double x, double y, double scale) {
  const PieceDef& def = puzzle.pieces[static_cast<std::size_t>(piece)];
  const Shape shape = looseShape(puzzle, piece);
  std::vector<IsoPart> cells;
  for (const Site& c : shape) cells.push_back({c, parseColour(def.colour), 0, def.letter});
  drawIsoParts(cr, puzzle.lattice, cells, isoPartsFrame(puzzle.lattice, shape), x, y, scale);
}

}  // namespace piecework

// SPDX-License-Identifier: Apache-2.0
#include "output/sheet_disassembly.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "output/disassembly_prisms.hpp"
#include "output/disassembly_scene.hpp"
#include "output/page_text.hpp"
#include "output/paint.hpp"

namespace piecework {

namespace {

constexpr double kMargin = 42;
constexpr double kGap = 16;    // between panels, across
constexpr double kLabel = 14;  // a panel's label line
constexpr double kCaptionSize = 8.5;
constexpr double kLine = 10.5;
constexpr int kCaptionLines = 2;
constexpr double kLegendLine = 12;

double headingRoom(int legendLines) {
  return kMargin + 26 + legendLines * kLegendLine + 6;
}

// The scene of one panel: the assembly (step nullptr), or the part a step takes apart where it is before it.
DisassemblyScene sceneOf(const Puzzle& puzzle, const DisassemblySheet& sheet,
                         const std::vector<std::pair<Rgb, char>>& looks, const DisassemblyStep* step) {
  DisassemblyScene scene;
  auto cellsOf = [&](int piece, Site offset) {
    std::vector<Site> out;
    const Placement& p =
        puzzle.placements[static_cast<std::size_t>(sheet.placements[static_cast<std::size_t>(piece)])];
    for (const int site : p.sites) {
      const Site& c = puzzle.sites[static_cast<std::size_t>(site)];
      out.push_back(
          {c.x - puzzle.low.x + offset.x, c.y - puzzle.low.y + offset.y, c.z - puzzle.low.z + offset.z});
    }
    return out;
  };
  if (step == nullptr) {
    for (std::size_t k = 0; k < sheet.placements.size(); ++k) {
      scene.cells.push_back(cellsOf(static_cast<int>(k), {}));
      scene.looks.push_back(looks[k]);
    }
    return scene;
  }
  for (std::size_t k = 0; k < step->pieces.size(); ++k) {
    scene.cells.push_back(cellsOf(step->pieces[k], step->offsets[k]));
    scene.looks.push_back(looks[static_cast<std::size_t>(step->pieces[k])]);
  }
  scene.moving = step->moving;
  scene.unit = step->unit;
  scene.units = step->units;
  return scene;
}

// The letters of `pieces`, "B, C and F".
std::string letters(const std::vector<std::pair<Rgb, char>>& looks, const std::vector<int>& pieces) {
  std::string out;
  for (std::size_t k = 0; k < pieces.size(); ++k)
    out += (k == 0                   ? ""
            : k + 1 == pieces.size() ? " and "
                                     : ", ") +
           std::string(1, looks[static_cast<std::size_t>(pieces[k])].second);
  return out;
}

// The pieces' key: each letter on its colour, then the piece's name.
std::vector<std::vector<std::size_t>> legendRows(cairo_t* cr, const Puzzle& puzzle,
                                                 const DisassemblySheet& sheet, double width) {
  setFont(cr, 8.5, false);
  std::vector<std::vector<std::size_t>> rows(1);
  double x = 0;
  for (std::size_t k = 0; k < sheet.placements.size(); ++k) {
    const PieceDef& def = puzzle.pieces[static_cast<std::size_t>(
        puzzle.placements[static_cast<std::size_t>(sheet.placements[k])].piece)];
    const double w = 14 + textWidth(cr, def.name) + 12;
    if (x > 0 && x + w > width) rows.emplace_back(), x = 0;
    rows.back().push_back(k);
    x += w;
  }
  return rows;
}

void drawLegend(cairo_t* cr, const Puzzle& puzzle, const DisassemblySheet& sheet,
                const std::vector<std::pair<Rgb, char>>& looks,
                const std::vector<std::vector<std::size_t>>& rows) {
  double y = kMargin + 26;
  for (const auto& row : rows) {
    double x = kMargin;
    for (const std::size_t k : row) {
      const PieceDef& def = puzzle.pieces[static_cast<std::size_t>(
          puzzle.placements[static_cast<std::size_t>(sheet.placements[k])].piece)];
      set(cr, looks[k].first);
      roundedRect(cr, x, y - 8, 11, 11, 2);
      cairo_fill(cr);
      letterOn(cr, looks[k].second, looks[k].first, x + 5.5, y - 2.5, 7.5);
      set(cr, kInk);
      setFont(cr, 8.5, false);
      showText(cr, def.name, x + 14, y);
      x += 14 + textWidth(cr, def.name) + 12;
    }
    y += kLegendLine;
  }
}

}  // namespace

DisassemblyLayout layoutDisassembly(int moves, PageSize paper, DocumentFormat format, int legendLines) {
  DisassemblyLayout layout;
  layout.page = paper;
  layout.columns = paper.w < 500 ? 2 : 3;  // (A5 and smaller: two across)
  const double w = (paper.w - 2 * kMargin - (layout.columns - 1) * kGap) / layout.columns;
  const double drawingH = w * 0.74;
  const double panelH = kLabel + drawingH + 6 + kCaptionLines * kLine + 10;
  const double top = headingRoom(legendLines);
  const int panels = moves + 1;
  const int rows = (panels + layout.columns - 1) / layout.columns;
  const bool onePage = format != DocumentFormat::Pdf;  // SVG and PNG hold one page
  if (onePage) layout.page.h = std::max(layout.page.h, top + rows * panelH + kMargin);
  // As many rows as fit, one at least, so that none is lost.
  const int rowsPerPage = std::max(1, static_cast<int>((layout.page.h - top - kMargin) / panelH));
  for (int i = 0; i < panels; ++i) {
    const int row = i / layout.columns, column = i % layout.columns;
    DisassemblyLayout::Panel& p = layout.panels.emplace_back();
    p.page = onePage ? 0 : row / rowsPerPage;
    p.opensPage = i == 0 || (!onePage && column == 0 && row % rowsPerPage == 0);
    p.x = kMargin + column * (w + kGap);
    p.y = top + (onePage ? row : row % rowsPerPage) * panelH;
    p.w = w;
    p.drawingH = drawingH;
  }
  return layout;
}

int writeDisassemblySheet(const std::string& path, const Puzzle& puzzle, const DisassemblySheet& sheet) {
  const DocumentFormat format = formatForPath(path);
  const auto looks = placedLooks(puzzle, sheet.placements);
  // The key's lines, measured before the layout that makes room for them.
  cairo_surface_t* scratch = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1);
  cairo_t* measure = cairo_create(scratch);
  const auto legend = legendRows(measure, puzzle, sheet, sheet.paper.w - 2 * kMargin);
  cairo_destroy(measure);
  cairo_surface_destroy(scratch);
  const DisassemblyLayout layout = layoutDisassembly(static_cast<int>(sheet.steps.size()), sheet.paper,
                                                     format, static_cast<int>(legend.size()));
  Document doc(path, format, layout.page);
  cairo_t* cr = doc.cr();
  // One scale for every panel, the assembly's, unless a panel needs less to fit (pieces moved far apart).
  auto fit = [&](const IsoFrame& f, const DisassemblyLayout::Panel& at) {
    return std::min({at.w / (f.maxX - f.minX), at.drawingH / (f.maxY - f.minY), 28.0});
  };
  // Cubes in isometric view, triangular prisms layer by layer from above.
  const bool prisms = puzzle.lattice == Lattice::TriangularPrisms;
  const double aspect = layout.panels.front().drawingH / layout.panels.front().w;
  const auto frameOf = [prisms, aspect](const DisassemblyScene& scene) {
    return prisms ? prismSceneFrame(scene, aspect) : sceneFrame(scene);
  };
  const double standard = fit(frameOf(sceneOf(puzzle, sheet, looks, nullptr)), layout.panels.front());
  for (std::size_t panel = 0; panel < layout.panels.size(); ++panel) {
    const DisassemblyLayout::Panel& at = layout.panels[panel];
    if (at.opensPage) {
      if (panel > 0) doc.endPage();
      cairo_set_source_rgb(cr, 1, 1, 1);
      cairo_paint(cr);
      set(cr, kInk);
      const std::string continued = panel == 0 ? "" : " (continued)";
      showText(cr,
               fitText(cr, sheet.heading + continued, layout.page.w - 2 * kMargin,
                       {.size = 16, .minSize = 10, .bold = true}, continued)
                   .lines.front(),
               kMargin, kMargin + 12);
      drawLegend(cr, puzzle, sheet, looks, legend);
    }
    const DisassemblyStep* step = panel == 0 ? nullptr : &sheet.steps[panel - 1];
    set(cr, kInk);
    setFont(cr, 9, true);
    const std::string label = panel == 0 ? std::string("The assembly") : fmt::format("Move {}", panel);
    showText(cr, label, at.x, at.y + 9);
    // A part already separated from the rest: which, so that a reader takes up the right pieces.
    if (step != nullptr && step->pieces.size() < sheet.placements.size()) {
      const double after = textWidth(cr, label);
      setFont(cr, 7.5, false);
      set(cr, {0.42, 0.44, 0.48});
      showText(cr, elided(cr, "  taking apart " + letters(looks, step->pieces), at.w - after), at.x + after,
               at.y + 9);
    }
    const DisassemblyScene scene = sceneOf(puzzle, sheet, looks, step);
    const IsoFrame frame = frameOf(scene);
    const double s = std::min(standard, fit(frame, at));
    const double w = (frame.maxX - frame.minX) * s, h = (frame.maxY - frame.minY) * s;
    const double left = at.x + (at.w - w) / 2, top = at.y + kLabel + (at.drawingH - h) / 2;
    if (prisms)
      drawPrismScene(cr, scene, frame, left, top, s, aspect);
    else
      drawScene(cr, scene, frame, left, top, s);
    if (step == nullptr) continue;
    set(cr, kInk);
    setFont(cr, kCaptionSize, false);
    double ly = at.y + kLabel + at.drawingH + 6 + kCaptionSize;
    const auto lines = wrapWords(cr, sheet.captions[panel - 1], at.w);
    for (std::size_t k = 0; k < lines.size() && k < static_cast<std::size_t>(kCaptionLines); ++k) {
      const bool last = k + 1 == static_cast<std::size_t>(kCaptionLines) && lines.size() > k + 1;
      showText(cr, last ? elided(cr, lines[k] + " …", at.w) : lines[k], at.x, ly);
      ly += kLine;
    }
  }
  doc.endPage();
  const int pages = doc.pages();
  doc.commit();
  return pages;
}

}  // namespace piecework

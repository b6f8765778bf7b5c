// SPDX-License-Identifier: Apache-2.0
#include "output/walkthrough.hpp"
#include "output/page_text.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <cmath>

namespace piecework {

namespace {

constexpr double kMargin = 42;
constexpr int kColumns = 2;
constexpr int kRowsPerPage = 3;
constexpr double kCaptionLines = 4;
constexpr double kCaptionSize = 7.5;
constexpr double kLine = 9.5;

// `text` in lines no wider than `width` at the current font, at most `most` lines (the last one ends with
// "..." when the text is cut).
std::vector<std::string> wrap(cairo_t* cr, const std::string& text, double width, int most) {
  std::vector<std::string> lines = wrapWords(cr, text, width);
  if (static_cast<int>(lines.size()) > most) {
    lines.resize(static_cast<std::size_t>(most));
    lines.back() += " ...";
  }
  return lines;
}

}  // namespace

WalkthroughLayout layoutWalkthrough(const Puzzle& puzzle, int moves, PageSize paper, DocumentFormat format) {
  WalkthroughLayout layout;
  layout.page = paper;
  const double width = layout.page.w - 2 * kMargin;
  const double cellW = (width - (kColumns - 1) * 18) / kColumns;
  layout.panelWidth = cellW;
  // The board with its row and column labels around it (boardLabelRoom).
  const LabelRoom room = boardLabelRoom(puzzle);
  const Extent bare = boardExtent(puzzle), board = room.around(bare);
  const double boardScale = std::min(cellW / board.w, 150 / board.h);
  const double panelH = board.h * boardScale + 14 + kCaptionLines * kLine + 14;
  const double top = kMargin + 30;
  // The first panel is the challenge itself; SVG holds one page, made as tall as the panels need.
  const int panels = moves + 1;
  const int rows = (panels + kColumns - 1) / kColumns;
  const bool onePage = format != DocumentFormat::Pdf;  // SVG and PNG hold one page
  if (onePage) layout.page.h = std::max(layout.page.h, top + rows * panelH + kMargin);
  // Three rows of panels on A4 or Letter; fewer on smaller paper, so that none runs off the page.
  const int rowsFitting =
      std::clamp(static_cast<int>((layout.page.h - top - kMargin) / panelH), 1, kRowsPerPage);
  const int perPage = (onePage ? rows : rowsFitting) * kColumns;
  for (int panel = 0; panel < panels; ++panel) {
    const int onPage = panel % perPage;
    WalkthroughLayout::Panel& p = layout.panels.emplace_back();
    p.page = panel / perPage;
    p.opensPage = onPage == 0;
    p.x = kMargin + (onPage % kColumns) * (cellW + 18);
    p.y = top + (onPage / kColumns) * panelH;
    p.board = {p.x + (cellW - board.w * boardScale) / 2 + room.left * boardScale,
               p.y + 14 + room.above * boardScale, bare.w * boardScale, bare.h * boardScale};
    p.scale = boardScale;
  }
  return layout;
}

void writeWalkthrough(const std::string& path, const Puzzle& puzzle, const std::vector<int>& givens,
                      const CellMarks& marks, const std::vector<WalkthroughStep>& steps, PageSize paper,
                      const std::string& heading) {
  const DocumentFormat format = formatForPath(path);
  const WalkthroughLayout layout = layoutWalkthrough(puzzle, static_cast<int>(steps.size()), paper, format);
  Document doc(path, format, layout.page);
  cairo_t* cr = doc.cr();
  for (std::size_t panel = 0; panel < layout.panels.size(); ++panel) {
    const WalkthroughLayout::Panel& at = layout.panels[panel];
    if (at.opensPage) {
      if (panel > 0) doc.endPage();
      cairo_set_source_rgb(cr, 1, 1, 1);
      cairo_paint(cr);
      cairo_set_source_rgb(cr, 0.13, 0.14, 0.16);
      // A long heading gets a smaller font, down to 10 points, then is cut short (before "(continued)").
      const std::string continued = panel == 0 ? "" : " (continued)";
      showText(cr,
               fitText(cr, heading + continued, layout.page.w - 2 * kMargin,
                       {.size = 16, .minSize = 10, .bold = true}, continued)
                   .lines.front(),
               kMargin, kMargin + 12);
    }
    const bool challenge = panel == 0;
    const WalkthroughStep* step = challenge ? nullptr : &steps[panel - 1];
    cairo_set_source_rgb(cr, 0.13, 0.14, 0.16);
    setFont(cr, 9, true);
    showText(cr,
             challenge ? "The challenge"
                       : fmt::format("Move {}{}", panel,
                                     step->depth > 0 ? fmt::format(" (under {} guess{})", step->depth,
                                                                   step->depth == 1 ? "" : "es")
                                                     : ""),
             at.x, at.y + 8);
    drawBoard(cr, puzzle, challenge ? givens : step->placements, at.board.x, at.board.y, at.scale, marks);
    drawBoardLabels(cr, puzzle, at.board.x, at.board.y, at.scale);
    if (challenge) continue;
    cairo_set_source_rgb(cr, 0.13, 0.14, 0.16);
    setFont(cr, kCaptionSize, false);
    double ly = at.board.y + at.board.h + 12;
    for (const std::string& line : wrap(cr, step->text, layout.panelWidth, static_cast<int>(kCaptionLines))) {
      showText(cr, line, at.x, ly);
      ly += kLine;
    }
  }
  doc.endPage();
  doc.commit();
}

}  // namespace piecework

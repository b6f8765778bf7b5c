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

double panelWidth(PageSize paper) {
  return (paper.w - 2 * kMargin - (kColumns - 1) * 18) / kColumns;
}

}  // namespace

std::vector<int> walkthroughCaptionLines(const std::vector<WalkthroughStep>& steps, PageSize paper) {
  cairo_surface_t* scratch = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1);
  cairo_t* cr = cairo_create(scratch);
  setFont(cr, kCaptionSize, false);
  std::vector<int> lines;
  for (const WalkthroughStep& step : steps)
    lines.push_back(static_cast<int>(wrapWords(cr, step.text, panelWidth(paper)).size()));
  cairo_destroy(cr);
  cairo_surface_destroy(scratch);
  return lines;
}

WalkthroughLayout layoutWalkthrough(const Puzzle& puzzle, int moves, PageSize paper, DocumentFormat format,
                                    const std::vector<int>& captionLines) {
  WalkthroughLayout layout;
  layout.page = paper;
  const double cellW = panelWidth(paper);
  layout.panelWidth = cellW;
  // The board with its row and column labels around it (boardLabelRoom).
  const LabelRoom room = boardLabelRoom(puzzle);
  const Extent bare = boardExtent(puzzle), board = room.around(bare);
  const double boardScale = std::min(cellW / board.w, 150 / board.h);
  const double top = kMargin + 30;
  // The first panel is the challenge itself; each row of panels is as tall as its longest caption needs.
  const int panels = moves + 1;
  const int rows = (panels + kColumns - 1) / kColumns;
  const auto linesOf = [&](int panel) {
    const int move = panel - 1;
    return move >= 0 && move < static_cast<int>(captionLines.size())
               ? std::max(static_cast<int>(kCaptionLines), captionLines[static_cast<std::size_t>(move)])
               : static_cast<int>(kCaptionLines);
  };
  std::vector<double> rowH;
  for (int row = 0; row < rows; ++row) {
    int lines = 0;
    for (int c = 0; c < kColumns; ++c) lines = std::max(lines, linesOf(row * kColumns + c));
    rowH.push_back(board.h * boardScale + 14 + lines * kLine + 14);
  }
  const bool onePage = format != DocumentFormat::Pdf;  // SVG and PNG hold one page
  double total = 0;
  for (double hRow : rowH) total += hRow;
  if (onePage) layout.page.h = std::max(layout.page.h, top + total + kMargin);
  // Three rows of panels a page on A4 or Letter; fewer where they do not fit (smaller paper, long captions),
  // but always one, so that none is lost.
  int page = 0, onPageRows = 0;
  double rowY = top;
  for (int row = 0; row < rows; ++row) {
    const bool full =
        onPageRows == kRowsPerPage || rowY + rowH[static_cast<std::size_t>(row)] > layout.page.h - kMargin;
    if (!onePage && onPageRows > 0 && full) ++page, onPageRows = 0, rowY = top;
    for (int c = 0; c < kColumns && row * kColumns + c < panels; ++c) {
      WalkthroughLayout::Panel& p = layout.panels.emplace_back();
      p.page = page;
      p.opensPage = onPageRows == 0 && c == 0;
      p.x = kMargin + c * (cellW + 18);
      p.y = rowY;
      p.board = {p.x + (cellW - board.w * boardScale) / 2 + room.left * boardScale,
                 p.y + 14 + room.above * boardScale, bare.w * boardScale, bare.h * boardScale};
      p.scale = boardScale;
    }
    rowY += rowH[static_cast<std::size_t>(row)];
    ++onPageRows;
  }
  return layout;
}

void writeWalkthrough(const std::string& path, const Puzzle& puzzle, const std::vector<int>& givens,
                      const CellMarks& marks, const std::vector<WalkthroughStep>& steps, PageSize paper,
                      const std::string& heading) {
  const DocumentFormat format = formatForPath(path);
  const WalkthroughLayout layout = layoutWalkthrough(puzzle, static_cast<int>(steps.size()), paper, format,
                                                     walkthroughCaptionLines(steps, paper));
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
    if (!step->ruledOut.empty())
      drawRuledOut(cr, puzzle, step->placements, step->ruledOut, at.board.x, at.board.y, at.scale, marks);
    cairo_set_source_rgb(cr, 0.13, 0.14, 0.16);
    setFont(cr, kCaptionSize, false);
    // (below the column labels that some boards carry under them)
    double ly = at.board.y + at.board.h + boardLabelRoom(puzzle).below * at.scale + 12;
    for (const std::string& line : wrapWords(cr, step->text, layout.panelWidth)) {
      showText(cr, line, at.x, ly);
      ly += kLine;
    }
  }
  doc.endPage();
  doc.commit();
}

}  // namespace piecework

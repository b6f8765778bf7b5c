#include "output/walkthrough.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <cmath>

#include "output/draw.hpp"

namespace piecework {

namespace {

constexpr double kMargin = 42;
constexpr int kColumns = 2;
constexpr int kRowsPerPage = 3;
constexpr double kCaptionLines = 4;
constexpr double kCaptionSize = 7.5;
constexpr double kLine = 9.5;

// Splits `text` into lines no wider than `width` at the current font, at most `most` lines (the last one
// ends with "..." when cut).
std::vector<std::string> wrap(cairo_t* cr, const std::string& text, double width, int most) {
  std::vector<std::string> lines;
  std::string line;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find(' ', start);
    if (end == std::string::npos) end = text.size();
    const std::string word = text.substr(start, end - start);
    start = end + 1;
    const std::string candidate = line.empty() ? word : line + " " + word;
    if (textWidth(cr, candidate) <= width || line.empty()) {
      line = candidate;
      continue;
    }
    lines.push_back(line);
    line = word;
    if (static_cast<int>(lines.size()) == most) {
      lines.back() += " ...";
      return lines;
    }
  }
  if (!line.empty()) lines.push_back(line);
  return lines;
}

}  // namespace

void writeWalkthrough(const std::string& path, const Puzzle& puzzle, const std::vector<int>& givens,
                      const std::vector<WalkthroughStep>& steps, Paper paper, const std::string& heading) {
  const DocumentFormat format = formatForPath(path);
  PageSize page = pageSize(paper);
  const double width = page.w - 2 * kMargin;
  const double cellW = (width - (kColumns - 1) * 18) / kColumns;
  const Extent board = boardExtent(puzzle);
  const double boardScale = std::min(cellW / board.w, 150 / board.h);
  const double panelH = board.h * boardScale + 14 + kCaptionLines * kLine + 14;
  const double top = kMargin + 30;
  // The first panel is the challenge itself; SVG holds one page, made as tall as the panels need.
  const int panels = static_cast<int>(steps.size()) + 1;
  const int rows = (panels + kColumns - 1) / kColumns;
  const bool onePage = format != DocumentFormat::Pdf;  // SVG and PNG hold one page
  if (onePage) page.h = std::max(page.h, top + rows * panelH + kMargin);
  const int rowsPerPage = onePage ? rows : kRowsPerPage;
  Document doc(path, format, page);
  cairo_t* cr = doc.cr();
  for (int panel = 0; panel < panels; ++panel) {
    const int onPage = panel % (rowsPerPage * kColumns);
    if (onPage == 0) {
      if (panel > 0) doc.endPage();
      cairo_set_source_rgb(cr, 1, 1, 1);
      cairo_paint(cr);
      cairo_set_source_rgb(cr, 0.13, 0.14, 0.16);
      setFont(cr, 16, true);
      showText(cr, panel == 0 ? heading : heading + " (continued)", kMargin, kMargin + 12);
    }
    const double x = kMargin + (onPage % kColumns) * (cellW + 18);
    const double y = top + (onPage / kColumns) * panelH;
    const bool challenge = panel == 0;
    const WalkthroughStep* step = challenge ? nullptr : &steps[static_cast<std::size_t>(panel - 1)];
    cairo_set_source_rgb(cr, 0.13, 0.14, 0.16);
    setFont(cr, 9, true);
    showText(cr,
             challenge ? "The challenge"
                       : fmt::format("Move {}{}", panel,
                                     step->depth > 0 ? fmt::format(" (under {} guess{})", step->depth,
                                                                   step->depth == 1 ? "" : "es")
                                                     : ""),
             x, y + 8);
    drawBoard(cr, puzzle, challenge ? givens : step->placements, x + (cellW - board.w * boardScale) / 2,
              y + 14, boardScale);
    if (challenge) continue;
    cairo_set_source_rgb(cr, 0.13, 0.14, 0.16);
    setFont(cr, kCaptionSize, false);
    double ly = y + 14 + board.h * boardScale + 12;
    for (const std::string& line : wrap(cr, step->text, cellW, static_cast<int>(kCaptionLines))) {
      showText(cr, line, x, ly);
      ly += kLine;
    }
  }
  doc.endPage();
  doc.commit();
}

}  // namespace piecework

// SPDX-License-Identifier: Apache-2.0
#include "output/sheet.hpp"

#include <algorithm>

#include "output/draw.hpp"
#include "output/page_text.hpp"
#include "output/panel.hpp"

namespace piecework {

void writeSheet(const std::string& path, const Puzzle& puzzle, const std::vector<int>& givens,
                const SheetOptions& options) {
  Document doc(path, formatForPath(path), options.paper);
  cairo_t* cr = doc.cr();
  const PageSize page = doc.size();
  const double margin = 42;
  cairo_set_source_rgb(cr, 1, 1, 1);
  cairo_paint(cr);
  cairo_set_source_rgb(cr, 0.13, 0.14, 0.16);
  // A long heading gets a smaller font, down to 12 points, then a second line; the drawing moves down.
  const FittedText heading =
      fitText(cr, options.heading.empty() ? puzzle.title : options.heading, page.w - 2 * margin,
              {.size = 20, .minSize = 12, .bold = true, .maxLines = 2});
  const double leading = heading.size * 1.2;
  showFitted(cr, heading, margin, margin + 14, 0, leading);
  double y = margin + 24 + leading * static_cast<double>(heading.lines.size() - 1);
  if (!options.caption.empty()) {
    // A long caption (a hint's move) wraps rather than being cut: the drawing moves down.
    const FittedText caption =
        fitText(cr, options.caption, page.w - 2 * margin, {.size = 9, .minSize = 7, .maxLines = 8});
    const double lineGap = caption.size * 1.25;
    showFitted(cr, caption, margin, y + 8, 0, lineGap);
    y += 14 + lineGap * static_cast<double>(caption.lines.size() - 1);
  }
  y += 10;
  const double width = page.w - 2 * margin;
  const double bottom = page.h - margin;
  const bool answer = options.solution != nullptr;
  const double answerLabel = 28;
  const double challengeH = answer ? (bottom - y - answerLabel) * 0.58 : bottom - y;
  const PanelLayout layout = layoutPanel(cr, puzzle, givens, {margin, y, width, challengeH});
  drawPanel(cr, puzzle, layout, givens, true, options.marks);
  if (!options.ruledOut.empty())
    drawRuledOut(cr, puzzle, givens, options.ruledOut, layout.board.x, layout.board.y, layout.scale,
                 options.marks);
  if (answer) {
    double ay = y + challengeH + 12;
    for (const auto& item : layout.tray) ay = std::max(ay, item.labelY + 16);
    ay = std::max(ay, layout.board.y + layout.board.h + 16);
    cairo_set_source_rgb(cr, 0.75, 0.77, 0.8);
    cairo_set_line_width(cr, 0.6);
    cairo_move_to(cr, margin, ay - 4);
    cairo_line_to(cr, page.w - margin, ay - 4);
    cairo_stroke(cr);
    cairo_set_source_rgb(cr, 0.13, 0.14, 0.16);
    setFont(cr, 13, true);
    showText(cr, "Answer", margin, ay + 14);
    if (!options.answerNote.empty()) {
      setFont(cr, 9, false);
      showText(cr, options.answerNote, margin + 62, ay + 14);
    }
    ay += answerLabel;
    const LabelRoom room = boardLabelRoom(puzzle);
    const Extent board = room.around(boardExtent(puzzle));
    const double s = std::min({layout.scale, width / board.w, (bottom - ay) / board.h});
    const double bx = margin + (width - board.w * s) / 2 + room.left * s, by = ay + room.above * s;
    drawBoard(cr, puzzle, *options.solution, bx, by, s);
    drawBoardLabels(cr, puzzle, bx, by, s);
  }
  doc.endPage();
  doc.commit();
}

}  // namespace piecework

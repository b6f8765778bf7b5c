// SPDX-License-Identifier: Apache-2.0
#include "output/panel.hpp"

#include <algorithm>
#include <cmath>

#include "output/page_text.hpp"
#include "output/paint.hpp"

namespace piecework {

std::vector<std::pair<int, int>> piecesToPlace(const Puzzle& puzzle, const std::vector<int>& givens) {
  std::vector<int> left(puzzle.pieces.size());
  for (std::size_t i = 0; i < left.size(); ++i) left[i] = puzzle.pieces[i].copies;
  for (int id : givens)
    --left[static_cast<std::size_t>(puzzle.placements[static_cast<std::size_t>(id)].piece)];
  std::vector<std::pair<int, int>> out;
  for (std::size_t i = 0; i < left.size(); ++i)
    if (left[i] > 0) out.emplace_back(static_cast<int>(i), left[i]);
  return out;
}

std::string pieceLabel(const Puzzle& puzzle, int piece, int copies) {
  const PieceDef& def = puzzle.pieces[static_cast<std::size_t>(piece)];
  const std::string count = copies > 1 ? " \xc3\x97" + std::to_string(copies) : "";  // U+00D7
  // A name that starts with the letter ("V piece", "F pentomino") is printed as it is; others follow the
  // letter ("b blue", "A \u00d76 unit cube").
  const std::string& n = def.name;
  if (n.empty()) return std::string(1, def.letter) + count;
  if (n[0] == def.letter && (n.size() == 1 || n[1] == ' ')) return n + count;
  return std::string(1, def.letter) + count + " " + n;
}

namespace {

struct TrayFit {
  bool fits = false;
  double height = 0;
  double labelSize = 0;
  std::vector<PanelLayout::Item> items;  // positions relative to the tray's top-left corner
};

double labelSizeFor(double scale) {
  return std::clamp(0.36 * scale, 5.5, 8.5);
}

// Flows the loose pieces in rows at `scale` points per unit inside width w and height h.
TrayFit flowTray(const std::vector<std::pair<int, int>>& loose, const std::vector<Extent>& extents,
                 const std::vector<double>& labelWidths1pt, double scale, double w, double h) {
  TrayFit fit;
  fit.labelSize = labelSizeFor(scale);
  const double gapX = std::max(6.0, 0.45 * scale), gapY = std::max(3.0, 0.25 * scale);
  const double labelH = fit.labelSize * 1.5;
  struct Row {
    std::vector<std::size_t> items;
    double width = 0;
    double height = 0;
  };
  std::vector<Row> rows(1);
  std::vector<double> iw(loose.size()), ih(loose.size());
  for (std::size_t i = 0; i < loose.size(); ++i) {
    const Extent e = extents[i];
    iw[i] = std::max(e.w * scale, labelWidths1pt[i] * fit.labelSize);
    ih[i] = e.h * scale + labelH;
    if (iw[i] > w) return fit;
    Row& row = rows.back();
    if (!row.items.empty() && row.width + gapX + iw[i] > w) rows.emplace_back();
    Row& r = rows.back();
    r.width += (r.items.empty() ? 0 : gapX) + iw[i];
    r.height = std::max(r.height, ih[i]);
    r.items.push_back(i);
  }
  double y = 0;
  for (std::size_t k = 0; k < rows.size(); ++k) {
    const Row& row = rows[k];
    double x = (w - row.width) / 2;
    for (std::size_t i : row.items) {
      const Extent e = extents[i];
      PanelLayout::Item item;
      item.piece = loose[i].first;
      item.copies = loose[i].second;
      item.scale = scale;
      const double shapeH = row.height - labelH;
      item.shape = {x + (iw[i] - e.w * scale) / 2, y + (shapeH - e.h * scale) / 2, e.w * scale, e.h * scale};
      item.labelX = x + iw[i] / 2;
      item.labelY = y + shapeH + fit.labelSize * 1.2;
      fit.items.push_back(item);
      x += iw[i] + gapX;
    }
    y += row.height + (k + 1 < rows.size() ? gapY : 0);
  }
  fit.height = y;
  fit.fits = y <= h;
  return fit;
}

}  // namespace

namespace {

// The board's rect without the row and column labels that `labelled` includes.
Rect withoutLabels(const Rect& labelled, const LabelRoom& room, double scale) {
  return {labelled.x + room.left * scale, labelled.y + room.above * scale, labelled.w - room.left * scale,
          labelled.h - (room.above + room.below) * scale};
}

}  // namespace

PanelLayout layoutPanel(cairo_t* cr, const Puzzle& puzzle, const std::vector<int>& givens, const Rect& box) {
  PanelLayout layout;
  // The board is laid out with its labels; layout.board is then the board alone.
  const LabelRoom room = boardLabelRoom(puzzle);
  const Extent board = room.around(boardExtent(puzzle));
  const auto loose = piecesToPlace(puzzle, givens);
  if (loose.empty()) {
    layout.scale = std::min(box.w / board.w, box.h / board.h);
    layout.board = withoutLabels(
        {box.x + (box.w - board.w * layout.scale) / 2, box.y, board.w * layout.scale, board.h * layout.scale},
        room, layout.scale);
    return layout;
  }
  std::vector<Extent> extents;
  std::vector<double> widths;
  cairo_save(cr);
  setFont(cr, 1.0, false);
  for (const auto& [piece, copies] : loose) {
    extents.push_back(pieceExtent(puzzle, piece));
    widths.push_back(textWidth(cr, pieceLabel(puzzle, piece, copies)));
  }
  cairo_restore(cr);
  struct Choice {
    double score = -1;
    bool right = false;
    double scale = 0;
    Rect trayArea;
    TrayFit tray;
  } best;
  const double gap = std::max(6.0, 0.04 * std::min(box.w, box.h));
  for (int right = 0; right < 2; ++right)
    for (int step = 0; step <= 10; ++step) {
      const double f = 0.35 + 0.05 * step;
      Rect boardArea = box, trayArea = box;
      if (right != 0) {
        boardArea.w = box.w * f;
        trayArea.x = box.x + boardArea.w + gap;
        trayArea.w = box.w - boardArea.w - gap;
      } else {
        boardArea.h = box.h * f;
        trayArea.y = box.y + boardArea.h + gap;
        trayArea.h = box.h - boardArea.h - gap;
      }
      if (trayArea.w <= 0 || trayArea.h <= 0) continue;
      const double s = std::min(boardArea.w / board.w, boardArea.h / board.h);
      // The real board frees the rest of its area for the tray.
      if (right != 0) {
        trayArea.x = box.x + board.w * s + gap;
        trayArea.w = box.w - board.w * s - gap;
      } else {
        trayArea.y = box.y + board.h * s + gap;
        trayArea.h = box.h - board.h * s - gap;
      }
      double lo = 0, hi = 0.8 * s;
      TrayFit fit;
      if (flowTray(loose, extents, widths, hi, trayArea.w, trayArea.h).fits) {
        lo = hi;
      } else {
        for (int it = 0; it < 18; ++it) {
          const double mid = (lo + hi) / 2;
          if (flowTray(loose, extents, widths, mid, trayArea.w, trayArea.h).fits)
            lo = mid;
          else
            hi = mid;
        }
      }
      if (lo <= 0) continue;
      fit = flowTray(loose, extents, widths, lo, trayArea.w, trayArea.h);
      const double score = s * s * lo;
      if (score > best.score) best = {score, right != 0, s, trayArea, fit};
    }
  if (best.score < 0) {  // nothing fits: the board alone
    layout.scale = std::min(box.w / board.w, box.h / board.h);
    layout.board =
        withoutLabels({box.x, box.y, board.w * layout.scale, board.h * layout.scale}, room, layout.scale);
    return layout;
  }
  const double s = best.scale;
  layout.scale = s;
  layout.labelSize = best.tray.labelSize;
  double trayX = best.trayArea.x, trayY = best.trayArea.y;
  if (best.right) {
    const double used = board.w * s + gap + best.trayArea.w;
    (void)used;
    layout.board = {box.x, box.y + (box.h - board.h * s) / 2, board.w * s, board.h * s};
    trayY += (best.trayArea.h - best.tray.height) / 2;
  } else {
    layout.board = {box.x + (box.w - board.w * s) / 2, box.y, board.w * s, board.h * s};
  }
  layout.board = withoutLabels(layout.board, room, s);
  for (PanelLayout::Item item : best.tray.items) {
    item.shape.x += trayX;
    item.shape.y += trayY;
    item.labelX += trayX;
    item.labelY += trayY;
    layout.tray.push_back(item);
  }
  return layout;
}

double panelEmptyShare(const Puzzle& puzzle, const PanelLayout& layout, const Rect& box) {
  if (box.w <= 0 || box.h <= 0) return 1;
  const Extent labelled =
      boardLabelRoom(puzzle).around({layout.board.w / layout.scale, layout.board.h / layout.scale});
  double used = labelled.w * labelled.h * layout.scale * layout.scale;
  for (const auto& item : layout.tray) used += item.shape.w * item.shape.h;
  return std::clamp(1 - used / (box.w * box.h), 0.0, 1.0);
}

void drawPanel(cairo_t* cr, const Puzzle& puzzle, const PanelLayout& layout,
               const std::vector<int>& placements, bool tray, const CellMarks& marks) {
  drawBoard(cr, puzzle, placements, layout.board.x, layout.board.y, layout.scale, marks);
  drawBoardLabels(cr, puzzle, layout.board.x, layout.board.y, layout.scale);
  if (!tray) return;
  for (const auto& item : layout.tray) {
    drawPiece(cr, puzzle, item.piece, item.shape.x, item.shape.y, item.scale);
    cairo_save(cr);
    setFont(cr, layout.labelSize, false);
    set(cr, kInk);
    showText(cr, pieceLabel(puzzle, item.piece, item.copies), item.labelX, item.labelY, 0.5);
    cairo_restore(cr);
  }
}

}  // namespace piecework

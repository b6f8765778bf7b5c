// SPDX-License-Identifier: Apache-2.0
#include "output/booklet.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>
#include <set>

#include "output/booklet_rules.hpp"
#include "output/draw.hpp"
#include "output/level_colour.hpp"
#include "output/page_text.hpp"
#include "output/panel.hpp"
#include "puzzle/errors.hpp"

namespace piecework {
namespace {

constexpr double kMargin = 40;
constexpr double kHeader = 30;
constexpr double kFooter = 22;
constexpr double kCaption = 17;
constexpr double kPad = 7;
constexpr int kMaxAnswersPerPage = 40;

void ink(cairo_t* cr) {
  cairo_set_source_rgb(cr, 0.13, 0.14, 0.16);
}
void grey(cairo_t* cr) {
  cairo_set_source_rgb(cr, 0.45, 0.47, 0.5);
}

struct Group {
  const Puzzle* puzzle = nullptr;
  Level level = Level::Starter;
  std::vector<std::size_t> entries;  // indices into the caller's entries, booklet order
  int firstNumber = 1;
  int firstPage = 0;  // 1-based page of its first challenge page
};

int frontPagesOf(const BookletOptions& options) {
  return (options.cover ? 1 : 0) + 1 + (options.imprintPage ? 1 : 0);
}

std::vector<Group> groupsOf(const std::vector<BookletEntry>& entries, const std::vector<std::size_t>& order,
                            int perPage, int frontPages) {
  std::vector<Group> groups;
  int number = 1, page = frontPages + 1;
  for (std::size_t i : order) {
    const BookletEntry& e = entries[i];
    if (groups.empty() || groups.back().puzzle != e.puzzle || groups.back().level != e.level) {
      if (!groups.empty()) page += (static_cast<int>(groups.back().entries.size()) + perPage - 1) / perPage;
      groups.push_back({e.puzzle, e.level, {}, number, page});
    }
    groups.back().entries.push_back(i);
    ++number;
  }
  return groups;
}

int pagesOf(const std::vector<Group>& groups, int perPage) {
  int pages = 0;
  for (const Group& g : groups) pages += (static_cast<int>(g.entries.size()) + perPage - 1) / perPage;
  return pages;
}

// The most of a challenge panel that may stay empty, where a grid allows (issue 30).
constexpr double kMostEmpty = 0.5;

struct Grid {
  int cols = 1;
  int rows = 1;
};

// The strip at the foot of a challenge page that holds its answers upside down (0 without it).
double footStrip(const PageSize& page, const BookletOptions& options) {
  return options.solutions && options.answersAt == AnswersAt::Foot ? std::round(page.h * 0.15) : 0;
}

Rect cellRect(const PageSize& page, const Grid& grid, int k, double gap = 10, double foot = 0) {
  const double top = kMargin + kHeader, bottom = page.h - kMargin - kFooter - foot;
  const double w = (page.w - 2 * kMargin - (grid.cols - 1) * gap) / grid.cols;
  const double h = (bottom - top - (grid.rows - 1) * gap) / grid.rows;
  return {kMargin + (k % grid.cols) * (w + gap), top + (k / grid.cols) * (h + gap), w, h};
}

Rect panelRect(const Rect& cell) {
  return {cell.x + kPad, cell.y + kCaption + kPad, cell.w - 2 * kPad, cell.h - kCaption - 2 * kPad};
}

// How good a challenge panel looks: a big board matters most, then legible pieces (layoutPanel's own
// measure).
double panelScore(const PanelLayout& layout) {
  const double tray = layout.tray.empty() ? layout.scale : layout.tray.front().scale;
  return layout.scale * layout.scale * tray;
}

// The panel moved down so that its board and tray sit in the middle of the box's height: a Starter panel
// (few pieces to place) would otherwise leave the lower part of its frame empty.
PanelLayout centredVertically(PanelLayout layout, const Rect& box) {
  double bottom = layout.board.y + layout.board.h;
  for (const auto& item : layout.tray) bottom = std::max(bottom, item.labelY + layout.labelSize * 0.4);
  const double dy = std::max(0.0, (box.y + box.h - bottom) / 2);
  layout.board.y += dy;
  for (auto& item : layout.tray) item.shape.y += dy, item.labelY += dy;
  return layout;
}

// The challenge grid of one group: 1, 2 or 3 columns of perPage cells, whichever gives the group's worst
// panel the best board and tray. A group whose challenges leave few pieces to place (Starter) gets wide
// cells with the pieces beside the board instead of tall ones with an empty lower half.
Grid challengeGrid(cairo_t* cr, const PageSize& page, const std::vector<BookletEntry>& entries,
                   const std::vector<std::size_t>& group, int perPage, double foot) {
  Grid best{perPage <= 3 ? 1 : 2, 0};
  double bestScore = -1;
  bool bestFull = false;
  for (int cols = 1; cols <= std::min(3, perPage); ++cols) {
    const Grid grid{cols, (perPage + cols - 1) / cols};
    const Rect box = panelRect(cellRect(page, grid, 0, 10, foot));
    double worst = 1e18, emptiest = 0;
    for (std::size_t i : group) {
      const PanelLayout layout = layoutPanel(cr, *entries[i].puzzle, entries[i].givens, box);
      worst = std::min(worst, panelScore(layout));
      emptiest = std::max(emptiest, panelEmptyShare(*entries[i].puzzle, layout, box));
    }
    // No panel more than half empty (issue 30) comes first: a level of small boards with few pieces
    // (IQ-Link Starter) goes several to a row rather than one wide panel each with its right half bare.
    const bool full = emptiest <= kMostEmpty;
    if ((full && !bestFull) || (full == bestFull && worst > bestScore))
      bestScore = worst, best = grid, bestFull = full;
  }
  if (best.rows == 0) best.rows = (perPage + best.cols - 1) / best.cols;
  return best;
}

// The challenge at place k of a page: its frame, its panel's box and the panel laid out in it.
struct PlacedPanel {
  Rect cell;
  Rect box;
  PanelLayout layout;
};
PlacedPanel placePanel(cairo_t* cr, const PageSize& page, const Grid& grid, int k, double foot,
                       const BookletEntry& e) {
  const Rect cell = cellRect(page, grid, k, 10, foot);
  const Rect box = panelRect(cell);
  return {cell, box, centredVertically(layoutPanel(cr, *e.puzzle, e.givens, box), box)};
}

constexpr double kAnswerGap = 8;
constexpr double kAnswerCaption = 12;

// The answer-key grid: the number of columns (2 to 5) that draws the smallest board scale of the booklet's
// puzzles largest with `perPage` boards to a page.
Grid answerGrid(const PageSize& page, const std::vector<BookletEntry>& entries, int perPage) {
  std::vector<Extent> boards;
  for (const BookletEntry& e : entries) boards.push_back(boardExtent(*e.puzzle));
  Grid best{1, perPage};
  double bestScale = -1;
  for (int cols = 1; cols <= std::min(5, perPage); ++cols) {
    const Grid grid{cols, (perPage + cols - 1) / cols};
    const Rect cell = cellRect(page, grid, 0, kAnswerGap);
    double scale = 1e18;
    for (const Extent& b : boards) scale = std::min({scale, cell.w / b.w, (cell.h - kAnswerCaption) / b.h});
    if (scale > bestScale) bestScale = scale, best = grid;
  }
  return best;
}

// Sets the font at `size`, or smaller down to 6 points when `text` is wider than `width` (a long line on
// small paper); returns the text to show, cut short with "…" when even 6 points are too wide.
std::string fittedFont(cairo_t* cr, const std::string& text, double size, bool bold, double width) {
  return fitText(cr, text, width, {.size = size, .minSize = 6, .bold = bold}).lines.front();
}

// Crop marks at the four corners of the trimmed page (0, 0, page.w, page.h), in the bleed around it: each
// corner's two trim lines drawn from the outer edge towards the corner, stopping a third of the bleed short
// of it so a cut slightly inside the page shows none of them.
void cropMarks(cairo_t* cr, const PageSize& page, double bleed) {
  if (bleed <= 0) return;
  cairo_save(cr);
  cairo_set_source_rgb(cr, 0, 0, 0);
  cairo_set_line_width(cr, 0.25);
  const double gap = bleed / 3;
  for (const double x : {0.0, page.w})
    for (const double y : {0.0, page.h}) {
      const double outX = x == 0 ? -1 : 1, outY = y == 0 ? -1 : 1;
      cairo_move_to(cr, x + outX * bleed, y);
      cairo_line_to(cr, x + outX * gap, y);
      cairo_move_to(cr, x, y + outY * bleed);
      cairo_line_to(cr, x, y + outY * gap);
    }
  cairo_stroke(cr);
  cairo_restore(cr);
}

void pageNumber(cairo_t* cr, const PageSize& page, int number) {
  setFont(cr, 8, false);
  grey(cr);
  showText(cr, std::to_string(number), page.w / 2, page.h - kMargin + 4, 0.5);
}

void levelBadge(cairo_t* cr, Level level, double x, double y) {
  // Five dots, the level's number of them filled.
  for (int i = 0; i < 5; ++i) {
    cairo_arc(cr, x + i * 11, y, 3.6, 0, 2 * 3.14159265358979);
    setColour(cr, levelColour(level));
    if (i <= static_cast<int>(level)) {
      cairo_fill(cr);
    } else {
      cairo_set_line_width(cr, 1);
      cairo_stroke(cr);
    }
  }
}

void pageHeader(cairo_t* cr, const PageSize& page, const Group& g, int from, int to) {
  const double y = kMargin + 12;
  setColour(cr, levelColour(g.level));
  cairo_rectangle(cr, kMargin, y - 12, 5, 16);
  cairo_fill(cr);
  const std::string range =
      from == to ? fmt::format("no. {}", from) : fmt::format("no. {}\xe2\x80\x93{}", from, to);
  const double rangeRight = page.w - kMargin - 62;
  setFont(cr, 9, false);
  const double rangeLeft = rangeRight - textWidth(cr, range);
  // The title ends 8 points short of the number; a long puzzle name gets a smaller font, then is cut short
  // before the level's name.
  ink(cr);
  const std::string level = fmt::format(" \xc2\xb7 {}", levelName(g.level));
  const FittedText title = fitText(cr, g.puzzle->title + level, rangeLeft - 8 - (kMargin + 11),
                                   {.size = 14, .minSize = 9, .bold = true}, level);
  showText(cr, title.lines.front(), kMargin + 11, y);
  setFont(cr, 9, false);
  grey(cr);
  showText(cr, range, rangeRight, y - 1, 1);
  levelBadge(cr, g.level, page.w - kMargin - 48, y - 4);
  cairo_set_source_rgb(cr, 0.8, 0.82, 0.85);
  cairo_set_line_width(cr, 0.6);
  cairo_move_to(cr, kMargin, y + 8);
  cairo_line_to(cr, page.w - kMargin, y + 8);
  cairo_stroke(cr);
}

void cellFrame(cairo_t* cr, const Rect& cell, int number, const std::string& note, Level level) {
  const double r = 6;
  cairo_new_sub_path(cr);
  cairo_arc(cr, cell.x + cell.w - r, cell.y + r, r, -1.5708, 0);
  cairo_arc(cr, cell.x + cell.w - r, cell.y + cell.h - r, r, 0, 1.5708);
  cairo_arc(cr, cell.x + r, cell.y + cell.h - r, r, 1.5708, 3.14159);
  cairo_arc(cr, cell.x + r, cell.y + r, r, 3.14159, 4.71239);
  cairo_close_path(cr);
  cairo_set_source_rgb(cr, 0.82, 0.84, 0.87);
  cairo_set_line_width(cr, 0.7);
  cairo_stroke(cr);
  // The number in a small tab of the level's colour.
  setFont(cr, 10, true);
  const std::string text = std::to_string(number);
  const double w = std::max(20.0, textWidth(cr, text) + 10);
  setColour(cr, levelColour(level));
  cairo_rectangle(cr, cell.x + kPad, cell.y + 5, w, 14);
  cairo_fill(cr);
  cairo_set_source_rgb(cr, 1, 1, 1);
  showText(cr, text, cell.x + kPad + w / 2, cell.y + 16, 0.5);
  if (!note.empty()) {
    setFont(cr, 8, false);
    grey(cr);
    showText(cr, note, cell.x + kPad + w + 6, cell.y + 15.5);
  }
}

// `paleGivens`: some board on the page has givens, drawn pale (paleGivens); the header says so.
void answersHeader(cairo_t* cr, const PageSize& page, int from, int to, bool paleGivens) {
  const double y = kMargin + 12;
  ink(cr);
  setFont(cr, 14, true);
  showText(cr, "Answers", kMargin, y);
  if (paleGivens) {
    const double answersWidth = textWidth(cr, "Answers");
    setFont(cr, 9, false);
    grey(cr);
    showText(cr, "pale: the pieces given", kMargin + answersWidth + 10, y - 1);
  }
  setFont(cr, 9, false);
  grey(cr);
  showText(cr, from == to ? fmt::format("no. {}", from) : fmt::format("no. {}\xe2\x80\x93{}", from, to),
           page.w - kMargin, y - 1, 1);
  cairo_set_source_rgb(cr, 0.8, 0.82, 0.85);
  cairo_set_line_width(cr, 0.6);
  cairo_move_to(cr, kMargin, y + 8);
  cairo_line_to(cr, page.w - kMargin, y + 8);
  cairo_stroke(cr);
}

// Pales the givens of an answer board drawn at (x, y), `scale` points per unit, under a white veil, so that
// the pieces the solver placed stand out. Where the givens lie is found on pixels, as the places where the
// board with the givens differs from the empty board: each family draws its board its own way, and this
// needs to know none of them. The veil's mask goes into the PDF as a small image (3 pixels a point).
void paleGivens(cairo_t* cr, const BookletEntry& e, double x, double y, double scale) {
  if (e.givens.empty() || e.solution.empty()) return;
  constexpr double kPixelsPerPoint = 3;
  const Extent board = boardExtent(*e.puzzle);
  const int w = static_cast<int>(std::ceil(board.w * scale * kPixelsPerPoint));
  const int h = static_cast<int>(std::ceil(board.h * scale * kPixelsPerPoint));
  if (w <= 0 || h <= 0) return;
  const auto render = [&](const std::vector<int>& placements) {
    cairo_surface_t* image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
    cairo_t* c = cairo_create(image);
    cairo_scale(c, kPixelsPerPoint, kPixelsPerPoint);
    drawBoard(c, *e.puzzle, placements, 0, 0, scale);
    cairo_destroy(c);
    cairo_surface_flush(image);
    return image;
  };
  cairo_surface_t* empty = render({});
  cairo_surface_t* given = render(e.givens);
  cairo_surface_t* mask = cairo_image_surface_create(CAIRO_FORMAT_A8, w, h);
  cairo_surface_flush(mask);
  const unsigned char* a = cairo_image_surface_get_data(empty);
  const unsigned char* b = cairo_image_surface_get_data(given);
  unsigned char* m = cairo_image_surface_get_data(mask);
  const int rgbStride = cairo_image_surface_get_stride(empty),
            maskStride = cairo_image_surface_get_stride(mask);
  if (a != nullptr && b != nullptr && m != nullptr) {
    for (int row = 0; row < h; ++row)
      for (int col = 0; col < w; ++col) {
        const unsigned char* pa = a + row * rgbStride + 4 * col;
        const unsigned char* pb = b + row * rgbStride + 4 * col;
        int difference = 0;
        for (int k = 0; k < 4; ++k) difference = std::max(difference, std::abs(pa[k] - pb[k]));
        m[row * maskStride + col] = difference > 24 ? 255 : 0;
      }
    cairo_surface_mark_dirty(mask);
    cairo_save(cr);
    cairo_translate(cr, x, y);
    cairo_scale(cr, 1 / kPixelsPerPoint, 1 / kPixelsPerPoint);
    cairo_set_source_rgba(cr, 1, 1, 1, 0.6);
    cairo_mask_surface(cr, mask, 0, 0);
    cairo_restore(cr);
  }
  cairo_surface_destroy(mask);
  cairo_surface_destroy(given);
  cairo_surface_destroy(empty);
}

// One answer: its number in the level's colour over the solved board, as large as the cell allows; the
// givens pale, the pieces placed in full colour.
void answerCell(cairo_t* cr, const Rect& cell, int number, const BookletEntry& e) {
  setFont(cr, 8, true);
  setColour(cr, levelColour(e.level));
  const std::string text = std::to_string(number);
  const double w = std::max(16.0, textWidth(cr, text) + 8);
  cairo_rectangle(cr, cell.x, cell.y, w, 10);
  cairo_fill(cr);
  cairo_set_source_rgb(cr, 1, 1, 1);
  showText(cr, text, cell.x + w / 2, cell.y + 7.8, 0.5);
  if (e.solution.empty()) {
    setFont(cr, 7, false);
    grey(cr);
    showText(cr, "no answer stored", cell.x + w + 4, cell.y + 7.8);
  }
  // The board with its row and column labels (boardLabelRoom), unless the board is so small that legible
  // labels would not fit beside its cells (boardLabelsFit): then the bare board, as large as the cell allows.
  const Extent bare = boardExtent(*e.puzzle);
  const double h = cell.h - kAnswerCaption;
  LabelRoom room = boardLabelRoom(*e.puzzle);
  Extent board = room.around(bare);
  double s = std::min(cell.w / board.w, h / board.h);
  if (!boardLabelsFit(s)) {
    room = {};
    board = bare;
    s = std::min(cell.w / board.w, h / board.h);
  }
  const double boardX = cell.x + (cell.w - board.w * s) / 2 + room.left * s,
               boardY = cell.y + kAnswerCaption + (h - board.h * s) / 2 + room.above * s;
  drawBoard(cr, *e.puzzle, e.solution.empty() ? e.givens : e.solution, boardX, boardY, s,
            e.solution.empty() ? e.marks : CellMarks{});
  paleGivens(cr, e, boardX, boardY, s);
  if (room.left > 0) drawBoardLabels(cr, *e.puzzle, boardX, boardY, s);
}

// The answers of one page, upside down in the strip at its foot: turned half a circle about the strip's
// centre, one row of boards (two rows for more than six), a dashed line above.
void footAnswers(cairo_t* cr, const PageSize& page, double foot, const std::vector<BookletEntry>& entries,
                 const std::vector<std::size_t>& shown, int firstNumber) {
  const Rect strip{kMargin, page.h - kMargin - kFooter - foot + 8, page.w - 2 * kMargin, foot - 8};
  cairo_save(cr);
  cairo_set_source_rgb(cr, 0.7, 0.72, 0.75);
  cairo_set_line_width(cr, 0.6);
  const double dash[] = {3, 3};
  cairo_set_dash(cr, dash, 2, 0);
  cairo_move_to(cr, strip.x, strip.y - 2);
  cairo_line_to(cr, strip.x + strip.w, strip.y - 2);
  cairo_stroke(cr);
  cairo_restore(cr);
  const int count = static_cast<int>(shown.size());
  const int cols = count <= 6 ? count : (count + 1) / 2, rows = count <= 6 ? 1 : 2;
  const double gap = 8, w = (strip.w - (cols - 1) * gap) / cols, h = (strip.h - 4 - (rows - 1) * gap) / rows;
  cairo_save(cr);
  cairo_translate(cr, strip.x + strip.w / 2, strip.y + strip.h / 2);
  cairo_rotate(cr, 3.14159265358979);
  cairo_translate(cr, -(strip.x + strip.w / 2), -(strip.y + strip.h / 2));
  for (int k = 0; k < count; ++k) {
    const Rect cell{strip.x + (k % cols) * (w + gap), strip.y + 4 + (k / cols) * (h + gap), w, h};
    cairo_save(cr);
    answerCell(cr, cell, firstNumber + k, entries[shown[static_cast<std::size_t>(k)]]);
    cairo_restore(cr);
  }
  cairo_restore(cr);
}

// Whether the booklet's own challenges show that harder levels have fewer pieces given: for some puzzle the
// mean number of pieces given falls from one of its levels in the booklet to a harder one, and for none does
// it rise. Not so for a booklet of one level, nor where every level gives the same (IQ Focus gives none).
bool fewerGivenHigher(const std::vector<BookletEntry>& entries, const std::vector<Group>& groups) {
  std::map<const Puzzle*, std::map<Level, std::pair<double, int>>> given;  // puzzle, level: sum, count
  for (const Group& g : groups)
    for (std::size_t i : g.entries) {
      auto& [sum, count] = given[g.puzzle][g.level];
      sum += static_cast<double>(entries[i].givens.size());
      ++count;
    }
  bool falls = false;
  for (const auto& [puzzle, levels] : given) {
    double previous = -1;
    for (const auto& [level, sumCount] : levels) {
      const double mean = sumCount.first / sumCount.second;
      if (previous >= 0 && mean > previous) return false;
      if (previous >= 0 && mean < previous) falls = true;
      previous = mean;
    }
  }
  return falls;
}

std::vector<const Puzzle*> puzzlesOf(const std::vector<Group>& groups) {
  std::vector<const Puzzle*> puzzles;
  for (const Group& g : groups)
    if (std::find(puzzles.begin(), puzzles.end(), g.puzzle) == puzzles.end()) puzzles.push_back(g.puzzle);
  return puzzles;
}

// The title page's title and contents; returns the baseline of the contents' last row.
double titleAndContents(cairo_t* cr, const PageSize& page, const std::vector<BookletEntry>& entries,
                        const std::vector<Group>& groups, const BookletOptions& options, int answersPage) {
  const std::vector<const Puzzle*> puzzles = puzzlesOf(groups);
  const std::string title = bookletTitle(entries, options);
  double y = page.h * 0.2;
  ink(cr);
  // A long title gets a smaller font, down to 12 points, then up to three lines.
  const FittedText titleLines = fitText(cr, title, page.w - 2 * kMargin,
                                        {.size = 30, .minSize = 12, .bold = true, .maxLines = 3, .step = 1});
  const double leading = titleLines.size * 1.25;
  showFitted(cr, titleLines, page.w / 2, y, 0.5, leading);
  y += leading * static_cast<double>(titleLines.lines.size() - 1) + 26;
  grey(cr);
  std::string line = fmt::format("{} challenge{}", entries.size(), entries.size() == 1 ? "" : "s");
  if (!groups.empty()) {
    Level lo = groups.front().level, hi = lo;
    for (const Group& g : groups) lo = std::min(lo, g.level), hi = std::max(hi, g.level);
    line += lo == hi ? fmt::format(", level {}", levelName(lo))
                     : fmt::format(", levels {} to {}", levelName(lo), levelName(hi));
  }
  line += !options.solutions                     ? ", no answers"
          : options.answersAt == AnswersAt::Foot ? ", answers upside down at the foot of each page"
                                                 : ", answers at the back";
  showText(cr, fittedFont(cr, line, 12, false, page.w - 2 * kMargin), page.w / 2, y, 0.5);
  if (!options.subtitle.empty()) {
    y += 18;
    showText(cr, fittedFont(cr, options.subtitle, 12, false, page.w - 2 * kMargin), page.w / 2, y, 0.5);
  }
  // Contents.
  y += 46;
  const double left = page.w * 0.15, right = page.w * 0.85;
  ink(cr);
  setFont(cr, 13, true);
  showText(cr, "Contents", left, y);
  y += 8;
  // Up to about half the page for the contents, however many groups there are.
  const double spacing = std::clamp(page.h * 0.45 / static_cast<double>(groups.size() + 1), 9.0, 19.0);
  // `keep`: the end of `what` (the level's name) left whole when a long puzzle name is cut short.
  auto row = [&](const std::string& what, const std::string& keep, const std::string& numbers, int pageNo,
                 const char* colour) {
    y += spacing;
    if (colour != nullptr) {
      setColour(cr, colour);
      cairo_rectangle(cr, left, y - 9, 4, 11);
      cairo_fill(cr);
    }
    ink(cr);
    showText(cr, fitText(cr, what, right - left - 160, {.size = 11}, keep).lines.front(), left + 10, y);
    setFont(cr, 11, false);
    grey(cr);
    showText(cr, numbers, right - 70, y, 1);
    ink(cr);
    showText(cr, fmt::format("page {}", pageNo), right, y, 1);
  };
  for (const Group& g : groups) {
    const int last = g.firstNumber + static_cast<int>(g.entries.size()) - 1;
    const std::string level = fmt::format(" \xc2\xb7 {}", levelName(g.level));
    row(puzzles.size() == 1 ? levelName(g.level) : g.puzzle->title + level, puzzles.size() == 1 ? "" : level,
        g.firstNumber == last ? fmt::format("no. {}", last)
                              : fmt::format("no. {}\xe2\x80\x93{}", g.firstNumber, last),
        g.firstPage, levelColour(g.level));
  }
  if (options.solutions && options.answersAt == AnswersAt::Back && !groups.empty())
    row("Answers", "", "", answersPage, nullptr);
  return y;
}

// A context that measures text as the PDF surface sets it (cairo's PDF surface turns hinting off, which a
// recording surface leaves on), for laying out pages before they are drawn.
class MeasuringContext {
 public:
  MeasuringContext()
      : surface_(cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nullptr)),
        cr_(cairo_create(surface_)) {
    cairo_font_options_t* fontOptions = cairo_font_options_create();
    cairo_font_options_set_hint_style(fontOptions, CAIRO_HINT_STYLE_NONE);
    cairo_font_options_set_hint_metrics(fontOptions, CAIRO_HINT_METRICS_OFF);
    cairo_font_options_set_antialias(fontOptions, CAIRO_ANTIALIAS_GRAY);
    cairo_set_font_options(cr_, fontOptions);
    cairo_font_options_destroy(fontOptions);
  }
  MeasuringContext(const MeasuringContext&) = delete;
  MeasuringContext& operator=(const MeasuringContext&) = delete;
  ~MeasuringContext() {
    cairo_destroy(cr_);
    cairo_surface_destroy(surface_);
  }
  cairo_t* cr() const { return cr_; }

 private:
  cairo_surface_t* surface_;
  cairo_t* cr_;
};

// The rules' horizontal extent on every page: the contents' columns.
double rulesLeft(const PageSize& page) {
  return page.w * 0.15;
}

// The rules of the booklet's puzzles, laid out: the title page's part under the contents, then a page per
// further part. Measured on a context of its own, so that the count of pages is known before any is drawn.
std::vector<RulesPage> bookletRules(const PageSize& page, const std::vector<BookletEntry>& entries,
                                    const std::vector<Group>& groups, const BookletOptions& options) {
  const MeasuringContext measuring;
  const double contentsEnd = titleAndContents(measuring.cr(), page, entries, groups, options, 0);
  RulesArea area;
  area.width = page.w * 0.85 - rulesLeft(page);
  area.firstTop = contentsEnd + 44;
  area.firstBottom = page.h - kMargin - 34;  // above the note on the levels
  area.top = kMargin + 12;
  area.bottom = page.h - kMargin - kFooter;
  return layOutRules(measuring.cr(), puzzlesOf(groups), area);
}

void titlePage(cairo_t* cr, const PageSize& page, const std::vector<BookletEntry>& entries,
               const std::vector<Group>& groups, const BookletOptions& options, int answersPage,
               const RulesPage& rules) {
  titleAndContents(cr, page, entries, groups, options, answersPage);
  ink(cr);
  drawRules(cr, rules, rulesLeft(page));
  const std::string levelsNote =
      fewerGivenHigher(entries, groups)
          ? "Harder levels have fewer pieces given: dots in the page headers show the level (1 to 5)."
          : "Dots in the page headers show the level (1 to 5).";
  grey(cr);
  showText(cr, fittedFont(cr, levelsNote, 10, false, page.w - 2 * kMargin), page.w / 2, page.h - kMargin - 10,
           0.5);
}

// The cover: a dark band across the top two thirds, running into the bleed, with the title and author in
// white; under it the puzzles, the number of challenges and the levels as coloured dots.
void coverPage(cairo_t* cr, const PageSize& page, double bleed, const std::vector<BookletEntry>& entries,
               const std::vector<Group>& groups, const BookletOptions& options) {
  const double bandBottom = page.h * 0.62;
  cairo_set_source_rgb(cr, 0.11, 0.17, 0.29);
  cairo_rectangle(cr, -bleed, -bleed, page.w + 2 * bleed, bandBottom + bleed);
  cairo_fill(cr);
  const double width = page.w - 2 * kMargin;
  const std::string title = bookletTitle(entries, options);
  cairo_set_source_rgb(cr, 1, 1, 1);
  showText(cr, fittedFont(cr, title, std::min(40.0, page.w / 14), true, width), page.w / 2, bandBottom * 0.5,
           0.5);
  if (!options.author.empty()) {
    showText(cr, fittedFont(cr, options.author, std::min(18.0, page.w / 30), false, width), page.w / 2,
             bandBottom * 0.5 + 36, 0.5);
  }
  std::vector<std::string> puzzles;
  std::vector<Level> levels;
  for (const Group& g : groups) {
    if (std::find(puzzles.begin(), puzzles.end(), g.puzzle->title) == puzzles.end())
      puzzles.push_back(g.puzzle->title);
    if (std::find(levels.begin(), levels.end(), g.level) == levels.end()) levels.push_back(g.level);
  }
  std::string names;
  for (const std::string& p : puzzles) names += (names.empty() ? "" : " \xc2\xb7 ") + p;
  double y = bandBottom + (page.h - bandBottom) * 0.3;
  ink(cr);
  showText(cr, fittedFont(cr, names, 16, true, width), page.w / 2, y, 0.5);
  y += 24;
  const std::string count = fmt::format("{} challenge{}", entries.size(), entries.size() == 1 ? "" : "s");
  grey(cr);
  showText(cr, fittedFont(cr, count, 12, false, width), page.w / 2, y, 0.5);
  y += 22;
  std::sort(levels.begin(), levels.end());
  const double step = 16, left = page.w / 2 - step * (static_cast<double>(levels.size()) - 1) / 2;
  for (std::size_t i = 0; i < levels.size(); ++i) {
    setColour(cr, levelColour(levels[i]));
    cairo_arc(cr, left + step * static_cast<double>(i), y, 5, 0, 2 * 3.14159265358979);
    cairo_fill(cr);
  }
  if (!options.edition.empty()) {
    grey(cr);
    showText(cr, fittedFont(cr, options.edition, 10, false, width), page.w / 2, page.h - kMargin, 0.5);
  }
}

// The imprint page: the booklet's particulars at the foot of the page, as books print them on the back of
// the title page.
void imprintPage(cairo_t* cr, const PageSize& page, const std::vector<BookletEntry>& entries,
                 const BookletOptions& options) {
  std::vector<std::pair<std::string, bool>> lines;  // text, bold
  lines.emplace_back(bookletTitle(entries, options), true);
  if (!options.author.empty()) lines.emplace_back(options.author, false);
  if (!options.edition.empty()) lines.emplace_back(options.edition, false);
  if (!options.date.empty()) lines.emplace_back(options.date, false);
  if (!options.isbn.empty()) lines.emplace_back("ISBN " + options.isbn, false);
  const auto paragraph = [&](std::vector<std::string> texts) {
    texts.erase(std::remove(texts.begin(), texts.end(), std::string()), texts.end());
    if (texts.empty()) return;
    lines.emplace_back("", false);
    for (std::string& text : texts) lines.emplace_back(std::move(text), false);
  };
  paragraph({options.copyright, options.rights});
  std::vector<std::string> publisher{options.publisher};
  std::string addressLine;
  for (const char c : options.address + "\n") {
    if (c != '\n' && c != '/') {
      addressLine += c;
      continue;
    }
    const auto first = addressLine.find_first_not_of(' '), last = addressLine.find_last_not_of(' ');
    if (first != std::string::npos) publisher.push_back(addressLine.substr(first, last - first + 1));
    addressLine.clear();
  }
  paragraph(std::move(publisher));
  lines.emplace_back("", false);
  lines.emplace_back(
      fmt::format("{} challenge{}, each with exactly one solution, made and checked with piecework.",
                  entries.size(), entries.size() == 1 ? "" : "s"),
      false);
  const double width = page.w - 2 * kMargin, spacing = 14;
  // The title keeps to one line (made smaller when long); a long rights text wraps.
  std::vector<std::pair<std::string, bool>> wrapped;
  for (const auto& [text, bold] : lines) {
    if (bold || text.empty()) {
      wrapped.emplace_back(text, bold);
      continue;
    }
    setFont(cr, 10, false);
    for (std::string& l : wrapWords(cr, text, width)) wrapped.emplace_back(std::move(l), false);
  }
  double y = page.h - kMargin - kFooter - spacing * static_cast<double>(wrapped.size() - 1);
  for (const auto& [text, bold] : wrapped) {
    if (bold)
      ink(cr);
    else
      grey(cr);
    if (!text.empty()) showText(cr, fittedFont(cr, text, 10, bold, width), kMargin, y);
    y += spacing;
  }
}

}  // namespace

std::string bookletTitle(const std::vector<BookletEntry>& entries, const BookletOptions& options) {
  if (!options.title.empty()) return options.title;
  const bool one = !entries.empty() &&
                   std::all_of(entries.begin(), entries.end(),
                               [&](const BookletEntry& e) { return e.puzzle == entries.front().puzzle; });
  return one && entries.front().puzzle != nullptr ? entries.front().puzzle->title + " challenges"
                                                  : "Puzzle challenges";
}

DocumentInfo bookletInfo(const std::vector<BookletEntry>& entries, const BookletOptions& options) {
  std::vector<std::string> puzzles;
  Level lo = Level::Wizard, hi = Level::Starter;
  for (const BookletEntry& e : entries) {
    if (e.puzzle != nullptr && std::find(puzzles.begin(), puzzles.end(), e.puzzle->title) == puzzles.end())
      puzzles.push_back(e.puzzle->title);
    lo = std::min(lo, e.level), hi = std::max(hi, e.level);
  }
  DocumentInfo info;
  info.title = bookletTitle(entries, options);
  info.author = options.author;
  info.subject = options.subject;
  if (info.subject.empty() && !entries.empty())
    info.subject =
        fmt::format("{} {}challenge{}, {}{}", entries.size(),
                    puzzles.size() == 1 ? puzzles.front() + " " : "", entries.size() == 1 ? "" : "s",
                    lo == hi ? fmt::format("level {}", levelName(lo))
                             : fmt::format("levels {} to {}", levelName(lo), levelName(hi)),
                    options.solutions ? ", with answers" : "");
  info.keywords = options.keywords;
  if (info.keywords.empty()) {
    info.keywords = "puzzle, challenges";
    for (const std::string& p : puzzles) info.keywords += ", " + p;
    for (int l = 0; l <= static_cast<int>(Level::Wizard); ++l)
      if (std::any_of(entries.begin(), entries.end(),
                      [&](const BookletEntry& e) { return static_cast<int>(e.level) == l; }))
        info.keywords += fmt::format(", {}", levelName(static_cast<Level>(l)));
  }
  return info;
}

BookletOrder parseBookletOrder(const std::string& text) {
  BookletOrder order;
  if (text == "puzzle") return order;
  if (text == "level" || text == "generated") {
    order.by = text == "level" ? BookletOrder::By::Level : BookletOrder::By::Generated;
    return order;
  }
  order.by = BookletOrder::By::List;
  std::string name;
  for (const char c : text + ",") {
    if (c != ',') {
      name += c;
      continue;
    }
    if (name.empty() || name.find_first_of(" \t") != std::string::npos)
      throw InputError(fmt::format(
          "--order '{}': expected puzzle, level, generated or puzzle names separated by commas", text));
    if (std::find(order.puzzles.begin(), order.puzzles.end(), name) != order.puzzles.end())
      throw InputError(fmt::format("--order: puzzle '{}' named twice", name));
    order.puzzles.push_back(name);
    name.clear();
  }
  return order;
}

std::vector<std::size_t> bookletOrder(const std::vector<BookletEntry>& entries, const BookletOrder& how) {
  std::vector<std::size_t> order(entries.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  const auto name = [&](std::size_t i) {
    return entries[i].puzzle != nullptr ? entries[i].puzzle->name : "";
  };
  const auto level = [&](std::size_t i) { return static_cast<int>(entries[i].level); };
  switch (how.by) {
    case BookletOrder::By::Generated:
      std::stable_sort(order.begin(), order.end(),
                       [&](std::size_t a, std::size_t b) { return entries[a].id < entries[b].id; });
      break;
    case BookletOrder::By::Level:
      std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return std::pair(level(a), name(a)) < std::pair(level(b), name(b));
      });
      break;
    case BookletOrder::By::Puzzle:
      std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return std::pair(name(a), level(a)) < std::pair(name(b), level(b));
      });
      break;
    case BookletOrder::By::List: {
      std::map<std::string, std::size_t> rank;
      for (std::size_t k = 0; k < how.puzzles.size(); ++k) rank[how.puzzles[k]] = k;
      std::set<std::string> present;
      for (std::size_t i : order) {
        if (rank.count(name(i)) == 0U)
          throw InputError(
              fmt::format("--order: the booklet has puzzle '{}' too; name every puzzle (or leave "
                          "it out with --puzzle)",
                          name(i)));
        present.insert(name(i));
      }
      for (const std::string& listed : how.puzzles)
        if (present.count(listed) == 0U)
          throw InputError(fmt::format("--order: the booklet has no challenge of puzzle '{}'", listed));
      std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return std::pair(rank.at(name(a)), level(a)) < std::pair(rank.at(name(b)), level(b));
      });
      break;
    }
  }
  return order;
}

BookletResult bookletPages(const std::vector<BookletEntry>& entries, const BookletOptions& options) {
  if (options.perPage < 1 || options.perPage > 12)
    throw InputError(fmt::format("--per-page {}: expected 1 to 12", options.perPage));
  if (options.answersPerPage < 1 || options.answersPerPage > kMaxAnswersPerPage)
    throw InputError(
        fmt::format("--answers-per-page {}: expected 1 to {}", options.answersPerPage, kMaxAnswersPerPage));
  const auto order = bookletOrder(entries, options.order);
  // The rules' pages of their own (after the title page and the imprint) move the challenges on.
  const int rulesPages =
      entries.empty() ? 0
                      : static_cast<int>(bookletRules(options.page, entries,
                                                      groupsOf(entries, order, options.perPage, 0), options)
                                             .size()) -
                            1;
  BookletResult r;
  r.rulesPages = rulesPages;
  r.frontPages = frontPagesOf(options) + rulesPages;
  const auto groups = groupsOf(entries, order, options.perPage, r.frontPages);
  r.challengePages = pagesOf(groups, options.perPage);
  const int n = static_cast<int>(entries.size());
  r.answerPages = options.solutions && options.answersAt == AnswersAt::Back
                      ? (n + options.answersPerPage - 1) / options.answersPerPage
                      : 0;
  r.pages = r.frontPages + r.challengePages + r.answerPages;
  if (options.padTo < 1 || options.padTo > kMaxPadTo)
    throw InputError(fmt::format("--pad {}: expected 1 to {}", options.padTo, kMaxPadTo));
  r.blankPages = (options.padTo - r.pages % options.padTo) % options.padTo;
  r.pages += r.blankPages;
  for (std::size_t i : order) r.order.push_back(entries[i].id);
  return r;
}

std::vector<BookletPanel> bookletPanels(const std::vector<BookletEntry>& entries,
                                        const BookletOptions& options) {
  const BookletResult pages = bookletPages(entries, options);  // checks the options
  cairo_surface_t* surface = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nullptr);
  cairo_t* cr = cairo_create(surface);
  std::vector<BookletPanel> panels;
  const double foot = footStrip(options.page, options);
  for (const Group& g :
       groupsOf(entries, bookletOrder(entries, options.order), options.perPage, pages.frontPages)) {
    const Grid grid = challengeGrid(cr, options.page, entries, g.entries, options.perPage, foot);
    for (std::size_t k = 0; k < g.entries.size(); ++k) {
      const int onPage = static_cast<int>(k) % options.perPage;
      const PlacedPanel placed = placePanel(cr, options.page, grid, onPage, foot, entries[g.entries[k]]);
      panels.push_back(
          {g.firstPage + static_cast<int>(k) / options.perPage, g.entries[k], placed.box, placed.layout});
    }
  }
  cairo_destroy(cr);
  cairo_surface_destroy(surface);
  return panels;
}

BookletResult writeBooklet(const std::string& path, const std::vector<BookletEntry>& entries,
                           const BookletOptions& options) {
  BookletResult result = bookletPages(entries, options);
  for (const BookletEntry& e : entries)
    if (e.puzzle == nullptr) throw InputError("booklet: an entry has no puzzle");
  formatForPath(path, {DocumentFormat::Pdf});  // a booklet has many pages: PDF only
  if (!(options.bleed >= 0 && options.bleed <= kMaxBleedMm / 25.4 * 72 + 1e-9))
    throw InputError(fmt::format("--bleed: expected 0 to {} mm", kMaxBleedMm));
  const double bleed = options.bleed;
  Document doc(path, DocumentFormat::Pdf, {options.page.w + 2 * bleed, options.page.h + 2 * bleed});
  doc.setBleed(bleed);
  cairo_t* cr = doc.cr();
  // Everything is laid out on the trimmed page; the bleed is a frame around it.
  const PageSize page = options.page;
  if (bleed > 0) cairo_translate(cr, bleed, bleed);
  const auto endPage = [&] {
    cropMarks(cr, page, bleed);
    doc.endPage();
  };
  const auto order = bookletOrder(entries, options.order);
  const auto groups = groupsOf(entries, order, options.perPage, result.frontPages);

  doc.setInfo(bookletInfo(entries, options));
  if (options.cover) {
    doc.addBookmark("Cover", doc.pages() + 1);
    coverPage(cr, page, bleed, entries, groups, options);
    endPage();
  }
  const std::vector<RulesPage> rules = bookletRules(page, entries, groups, options);
  doc.addBookmark("Contents", doc.pages() + 1);
  titlePage(cr, page, entries, groups, options, result.frontPages + 1 + result.challengePages, rules.front());
  endPage();
  if (options.imprintPage) {
    doc.addBookmark("Imprint", doc.pages() + 1);
    imprintPage(cr, page, entries, options);
    endPage();
  }
  for (std::size_t k = 1; k < rules.size(); ++k) {
    if (k == 1) doc.addBookmark("How to play", doc.pages() + 1);
    ink(cr);
    drawRules(cr, rules[k], rulesLeft(page));
    pageNumber(cr, page, doc.pages() + 1);
    endPage();
  }
  const double foot = footStrip(page, options);

  // Bookmarks: a level per entry; with several puzzles, the levels nested under their puzzle.
  const bool severalPuzzles = std::any_of(groups.begin(), groups.end(),
                                          [&](const Group& g) { return g.puzzle != groups.front().puzzle; });
  const Puzzle* bookmarkedPuzzle = nullptr;
  int puzzleBookmark = 0;
  for (const Group& g : groups) {
    if (severalPuzzles && g.puzzle != bookmarkedPuzzle)
      puzzleBookmark = doc.addBookmark(g.puzzle->title, doc.pages() + 1), bookmarkedPuzzle = g.puzzle;
    const int lastNumber = g.firstNumber + static_cast<int>(g.entries.size()) - 1;
    doc.addBookmark(fmt::format("{} \xc2\xb7 {}", levelName(g.level),
                                g.firstNumber == lastNumber
                                    ? fmt::format("no. {}", lastNumber)
                                    : fmt::format("no. {}\xe2\x80\x93{}", g.firstNumber, lastNumber)),
                    doc.pages() + 1, puzzleBookmark);
    const Grid grid = challengeGrid(cr, page, entries, g.entries, options.perPage, foot);
    const int count = static_cast<int>(g.entries.size());
    for (int first = 0; first < count; first += options.perPage) {
      const int last = std::min(count, first + options.perPage) - 1;
      pageHeader(cr, page, g, g.firstNumber + first, g.firstNumber + last);
      for (int k = first; k <= last; ++k) {
        const BookletEntry& e = entries[g.entries[static_cast<std::size_t>(k)]];
        const auto [cell, box, layout] = placePanel(cr, page, grid, k - first, foot, e);
        int pieces = 0;
        for (const auto& [piece, copies] : piecesToPlace(*e.puzzle, e.givens)) pieces += copies;
        cellFrame(cr, cell, g.firstNumber + k,
                  fmt::format("{} piece{} to place", pieces, pieces == 1 ? "" : "s"), g.level);
        cairo_save(cr);
        drawPanel(cr, *e.puzzle, layout, e.givens, true, e.marks);
        cairo_restore(cr);
      }
      if (foot > 0)
        footAnswers(cr, page, foot, entries, {g.entries.begin() + first, g.entries.begin() + last + 1},
                    g.firstNumber + first);
      pageNumber(cr, page, doc.pages() + 1);
      endPage();
    }
  }

  if (options.solutions && options.answersAt == AnswersAt::Back) {
    // A short answer key gets the grid of its own count: 8 answers are drawn larger than in a grid for 18.
    const Grid grid =
        answerGrid(page, entries, std::min(options.answersPerPage, static_cast<int>(order.size())));
    const int count = static_cast<int>(order.size());
    doc.addBookmark("Answers", doc.pages() + 1);
    for (int first = 0; first < count; first += options.answersPerPage) {
      const int last = std::min(count, first + options.answersPerPage) - 1;
      bool anyPale = false;
      for (int k = first; k <= last; ++k) {
        const BookletEntry& e = entries[order[static_cast<std::size_t>(k)]];
        anyPale = anyPale || (!e.givens.empty() && !e.solution.empty());
      }
      answersHeader(cr, page, first + 1, last + 1, anyPale);
      for (int k = first; k <= last; ++k) {
        cairo_save(cr);
        answerCell(cr, cellRect(page, grid, k - first, kAnswerGap), k + 1,
                   entries[order[static_cast<std::size_t>(k)]]);
        cairo_restore(cr);
      }
      pageNumber(cr, page, doc.pages() + 1);
      endPage();
    }
  }
  // Blank pages to a multiple of --pad: left white, not even numbered, as printers expect them.
  for (int k = 0; k < result.blankPages; ++k) endPage();
  if (doc.pages() != result.pages)
    throw std::logic_error(fmt::format("booklet: wrote {} pages, expected {}", doc.pages(), result.pages));
  doc.commit();
  return result;
}

}  // namespace piecework

// SPDX-License-Identifier: Apache-2.0
#include "output/level_chart.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "output/document.hpp"
#include "output/level_colour.hpp"
#include "output/page_text.hpp"

namespace piecework {
namespace {

constexpr double kWidth = 720, kMargin = 24, kTitle = 44, kRow = 34, kFooter = 54;
constexpr double kLabelWidth = 150;                  // puzzle names
constexpr double kBarsLeft = kMargin + kLabelWidth;  // the counts panel
constexpr double kBarsWidth = 250;
constexpr double kScoresLeft = kBarsLeft + kBarsWidth + 60;  // the scores panel
constexpr double kScoresWidth = kWidth - kMargin - kScoresLeft;

Level levelAt(std::size_t l) {
  return static_cast<Level>(l);
}

// The stacked bar of one puzzle's challenges, the total at its end.
void drawCounts(cairo_t* cr, const LevelChartRow& row, double y, double perChallenge) {
  double x = kBarsLeft;
  std::uint64_t total = 0;
  for (std::size_t l = 0; l < 5; ++l) {
    const double w = static_cast<double>(row.challenges[l]) * perChallenge;
    total += row.challenges[l];
    if (w <= 0) continue;
    setColour(cr, levelColour(levelAt(l)));
    cairo_rectangle(cr, x, y + 6, w, kRow - 16);
    cairo_fill(cr);
    x += w;
  }
  setColour(cr, "#222222");
  setFont(cr, 9, false);
  showText(cr, fmt::format("{}", total), x + 4, y + kRow / 2 + 2);
  setColour(cr, "#666666");
  setFont(cr, 7, false);
  const std::string toPlace = row.leastToPlace == row.mostToPlace
                                  ? fmt::format("{} to place", row.leastToPlace)
                                  : fmt::format("{}-{} to place", row.leastToPlace, row.mostToPlace);
  showText(cr, toPlace, kMargin, y + kRow / 2 + 11);
}

// Each level's score range as a short bar on the level scale, one line per level inside the row.
void drawScores(cairo_t* cr, const LevelChartRow& row, double y, double lowScale, double highScale) {
  auto at = [&](double score) {
    return kScoresLeft +
           (std::clamp(score, lowScale, highScale) - lowScale) / (highScale - lowScale) * kScoresWidth;
  };
  for (std::size_t l = 0; l < 5; ++l) {
    if (row.challenges[l] == 0) continue;
    const double line = y + 6 + static_cast<double>(l) * (kRow - 14) / 5;
    const double x0 = at(row.lowest[l]), x1 = std::max(at(row.highest[l]), x0 + 2);
    setColour(cr, levelColour(levelAt(l)));
    cairo_rectangle(cr, x0, line, x1 - x0, 3.2);
    cairo_fill(cr);
  }
}

// The scores panel's axis: the level scale's whole numbers, and the levels' names between them.
void drawScoreAxis(cairo_t* cr, double top, double bottom, double lowScale, double highScale) {
  setFont(cr, 8, false);
  for (double s = lowScale; s <= highScale + 1e-9; s += 1) {
    const double x = kScoresLeft + (s - lowScale) / (highScale - lowScale) * kScoresWidth;
    setColour(cr, "#cccccc");
    cairo_move_to(cr, x, top);
    cairo_line_to(cr, x, bottom);
    cairo_set_line_width(cr, 0.5);
    cairo_stroke(cr);
    setColour(cr, "#444444");
    showText(cr, fmt::format("{:.0f}", s), x, bottom + 10, 0.5);
  }
  setFont(cr, 9, true);
  showText(cr, "score (1-2 Starter, ..., 5 and up Wizard)", kScoresLeft, top - 8);
}

void drawLegend(cairo_t* cr, double y) {
  double x = kMargin;
  setFont(cr, 9, false);
  for (std::size_t l = 0; l < 5; ++l) {
    setColour(cr, levelColour(levelAt(l)));
    cairo_rectangle(cr, x, y - 8, 10, 10);
    cairo_fill(cr);
    setColour(cr, "#222222");
    const std::string name = levelName(levelAt(l));
    showText(cr, name, x + 14, y);
    x += 14 + textWidth(cr, name) + 18;
  }
}

}  // namespace

void writeLevelChart(const std::vector<LevelChartRow>& rows, const std::string& title,
                     const std::string& path) {
  const DocumentFormat format = formatForPath(path);
  const double height = kTitle + kRow * static_cast<double>(std::max<std::size_t>(rows.size(), 1)) + kFooter;
  Document document(path, format, PageSize{kWidth, height});
  cairo_t* cr = document.cr();
  setColour(cr, "#ffffff");
  cairo_paint(cr);
  setColour(cr, "#111111");
  setFont(cr, 13, true);
  showText(cr, title, kMargin, 20);
  setFont(cr, 9, true);
  showText(cr, "challenges per level", kBarsLeft, kTitle - 8);

  std::uint64_t most = 1;
  double lowScale = 1, highScale = 6;  // (a score may lie below 1 or above 6: the scale grows to hold it)
  for (const auto& row : rows) {
    std::uint64_t total = 0;
    for (std::size_t l = 0; l < 5; ++l) {
      total += row.challenges[l];
      if (row.challenges[l] == 0) continue;
      lowScale = std::min(lowScale, std::floor(row.lowest[l]));
      highScale = std::max(highScale, std::ceil(row.highest[l]));
    }
    most = std::max(most, total);
  }
  const double perChallenge = (kBarsWidth - 40) / static_cast<double>(most);
  drawScoreAxis(cr, kTitle, kTitle + kRow * static_cast<double>(rows.size()), lowScale, highScale);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const double y = kTitle + kRow * static_cast<double>(i);
    setColour(cr, "#111111");
    setFont(cr, 10, false);
    showText(cr, elided(cr, rows[i].label, kLabelWidth - 6), kMargin, y + kRow / 2 + 1);
    drawCounts(cr, rows[i], y, perChallenge);
    drawScores(cr, rows[i], y, lowScale, highScale);
  }
  drawLegend(cr, height - 18);
  document.commit();
}

}  // namespace piecework

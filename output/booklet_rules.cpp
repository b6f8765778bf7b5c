// SPDX-License-Identifier: Apache-2.0
#include "output/booklet_rules.hpp"

#include <algorithm>

#include "output/page_text.hpp"
#include "puzzle/family.hpp"

namespace piecework {
namespace {

constexpr double kLeading = 14;       // between the lines of a block
constexpr double kBlockGap = 26;      // after a block's last line
constexpr int kLinesWithHeading = 2;  // a heading never ends a page: it keeps this many lines with it

}  // namespace

std::vector<RulesPage> layOutRules(cairo_t* cr, const std::vector<const Puzzle*>& puzzles,
                                   const RulesArea& area) {
  std::vector<RulesPage> pages(1);
  double y = area.firstTop, bottom = area.firstBottom;
  const auto newPage = [&] {
    pages.emplace_back();
    y = area.top;
    bottom = area.bottom;
  };
  for (const Puzzle* puzzle : puzzles) {
    const std::string heading = puzzles.size() == 1 ? "How to play" : "How to play " + puzzle->title;
    setFont(cr, 10, false);
    const std::vector<std::string> lines = wrapWords(cr, familyOf(*puzzle).rulesText(*puzzle), area.width);
    const int kept = std::min(kLinesWithHeading, static_cast<int>(lines.size()));
    if (y + kLeading * kept > bottom && !(pages.size() > 1 && pages.back().empty())) newPage();
    const FittedText fitted = fitText(cr, heading, area.width, {.size = 12, .minSize = 6, .bold = true});
    pages.back().push_back({fitted.lines.front(), true, fitted.size, y});
    for (const std::string& line : lines) {
      y += kLeading;
      if (y > bottom) {
        newPage();
      }
      pages.back().push_back({line, false, 10, y});
    }
    y += kBlockGap;
  }
  return pages;
}

void drawRules(cairo_t* cr, const RulesPage& lines, double x) {
  for (const RulesLine& line : lines) {
    setFont(cr, line.size, line.heading);
    showText(cr, line.text, x, line.y);
  }
}

}  // namespace piecework

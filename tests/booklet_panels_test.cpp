// SPDX-License-Identifier: Apache-2.0
// Booklet panels are not more than half empty (issue 30, point 3): IQ-Link and IQ Fit challenges of every
// level on A4, A5 and US letter, each panel's box measured against the board (with its row and column labels)
// and the pieces to place laid out in it.
#include <gtest/gtest.h>

#include <fmt/format.h>
#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "output/booklet.hpp"
#include "output/draw.hpp"
#include "puzzle/challenge.hpp"
#include "puzzle/definition.hpp"
#include "support/json_lines.hpp"
#include "support/run.hpp"

namespace piecework {
namespace {

bool inside(const Rect& inner, const Rect& outer) {
  constexpr double kSlack = 0.5;  // points
  return inner.x >= outer.x - kSlack && inner.y >= outer.y - kSlack &&
         inner.x + inner.w <= outer.x + outer.w + kSlack && inner.y + inner.h <= outer.y + outer.h + kSlack;
}

TEST(BookletPanels, NoPanelMoreThanHalfEmpty) {
  std::map<std::string, Puzzle> puzzles;
  for (const std::string name : {"iq-link", "iq-fit"}) puzzles.emplace(name, loadPuzzle(name));
  std::vector<BookletEntry> entries;
  for (const auto& [name, puzzle] : puzzles)
    for (const std::string level : {"Starter", "Junior", "Expert", "Master", "Wizard"}) {
      const auto r =
          test::runPiecework("generate " + name + " --level " + level + " --count 4 --seed 3 --json --quiet");
      ASSERT_EQ(r.status, 0) << r.err;
      for (const auto& line : test::jsonLines(r.out)) {
        BookletEntry e;
        e.puzzle = &puzzle;
        const Challenge c = parseChallengeText(puzzle, line.at("challenge").get<std::string>());
        e.givens = c.givens;
        e.marks = c.marks;
        e.solution = parseChallenge(puzzle, line.at("solution").get<std::string>());
        e.level = *parseLevel(level);
        entries.push_back(e);
      }
    }
  ASSERT_EQ(entries.size(), 40U);
  for (const std::string paper : {"a4", "a5", "letter"}) {
    BookletOptions options;
    options.page = *parsePaperSize(paper);
    if (paper == "a5") options.perPage = 2;  // the command's default on small paper
    const std::vector<BookletPanel> panels = bookletPanels(entries, options);
    ASSERT_EQ(panels.size(), entries.size());
    for (const BookletPanel& p : panels) {
      const BookletEntry& e = entries[p.entry];
      SCOPED_TRACE(fmt::format("paper {} page {} {} {}", paper, p.page, e.puzzle->name, levelName(e.level)));
      const LabelRoom room = boardLabelRoom(*e.puzzle);
      const Rect board{p.layout.board.x - room.left * p.layout.scale,
                       p.layout.board.y - room.above * p.layout.scale,
                       p.layout.board.w + room.left * p.layout.scale,
                       p.layout.board.h + (room.above + room.below) * p.layout.scale};
      EXPECT_TRUE(inside(board, p.box));
      double used = board.w * board.h;
      for (const auto& item : p.layout.tray) {
        EXPECT_TRUE(inside(item.shape, p.box));
        used += item.shape.w * item.shape.h;
      }
      const double empty = 1 - used / (p.box.w * p.box.h);
      EXPECT_LE(empty, 0.5) << "empty share " << empty;
      RecordProperty(fmt::format("empty_{}_{}_{}", paper, e.puzzle->name, p.entry),
                     fmt::format("{:.2f}", empty));
    }
  }
}

}  // namespace
}  // namespace piecework

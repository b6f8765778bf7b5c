// SPDX-License-Identifier: Apache-2.0
// A solution walk-through, as puzzle books print them: the challenge, then one small board per move of the
// explained path with the move in words under it (`piecework sheet --explain`).
#pragma once

#include <string>
#include <vector>

#include "output/document.hpp"
#include "output/draw.hpp"
#include "puzzle/challenge.hpp"
#include "puzzle/puzzle.hpp"

namespace piecework {

struct WalkthroughStep {
  std::string text;             // the move in words
  std::vector<int> placements;  // the board after the move, givens included
  int depth = 0;                // guesses it rests on (drawn as a note)
  std::vector<int> ruledOut;    // placements the move rules out, drawn pale and crossed out (as `hint` does)
};

// Where the walk-through's panels go (the challenge first, then one per move), in points on their page.
struct WalkthroughLayout {
  PageSize page;
  double panelWidth = 0;  // a panel's width: its label and caption lines
  struct Panel {
    int page = 0;  // 0-based
    double x = 0;  // the panel's top-left corner (its label above the board)
    double y = 0;
    Rect board;              // where the board is drawn (its row and column labels left of and above it)
    double scale = 0;        // points per board unit
    bool opensPage = false;  // the first panel on its page: the page's heading goes above it
  };
  std::vector<Panel> panels;
};

// The layout for `moves` moves: a PDF six panels a page (fewer on paper smaller than A4), an SVG or PNG one
// page as tall as the panels need. `captionLines`: the lines each move's caption takes
// (walkthroughCaptionLines); a row of panels is as tall as its longer caption needs, four lines at least, so
// that no caption is cut. Moves it does not list take four.
WalkthroughLayout layoutWalkthrough(const Puzzle& puzzle, int moves, PageSize paper, DocumentFormat format,
                                    const std::vector<int>& captionLines = {});
// The lines each step's caption takes under its board on `paper`.
std::vector<int> walkthroughCaptionLines(const std::vector<WalkthroughStep>& steps, PageSize paper);

// Writes the walk-through to `path` (.pdf: as many pages as needed, six moves a page; .svg or .png: one tall
// page) atomically. `marks` (a window's colours, marked cells) are drawn on every board, so each move shows
// what the challenge asks of the cells still empty. Throws InputError for a bad path.
void writeWalkthrough(const std::string& path, const Puzzle& puzzle, const std::vector<int>& givens,
                      const CellMarks& marks, const std::vector<WalkthroughStep>& steps, PageSize paper,
                      const std::string& heading);

}  // namespace piecework

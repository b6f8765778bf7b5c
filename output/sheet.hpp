// SPDX-License-Identifier: Apache-2.0
// One challenge on one page (PDF or SVG): the board with the given pieces, the pieces to place beside it and,
// when asked, the answer below.
#pragma once

#include <string>
#include <vector>

#include "output/document.hpp"
#include "puzzle/challenge.hpp"
#include "puzzle/puzzle.hpp"

namespace piecework {

struct SheetOptions {
  PageSize paper = pageSize(Paper::A4);
  std::string heading;                         // default: the puzzle's title
  std::string caption;                         // a line under the heading, e.g. the challenge text
  const std::vector<int>* solution = nullptr;  // draw this answer too
  std::string answerNote;                      // a line under "Answer", e.g. "one of several solutions"
  CellMarks marks;  // what the challenge gives beyond placed pieces (a window's colours, marked cells)
  std::vector<int> ruledOut;  // placements shown pale and crossed out on the board (a hint's "rule out")
};

// Writes the sheet to `path` (.pdf or .svg) atomically. Throws InputError for a bad path.
void writeSheet(const std::string& path, const Puzzle& puzzle, const std::vector<int>& givens,
                const SheetOptions& options);

}  // namespace piecework

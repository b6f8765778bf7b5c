// SPDX-License-Identifier: Apache-2.0
// Challenge notation (docs/notation.md): each family reads and writes its own (puzzle/family.hpp); the board
// picture of piece letters, shared by the cell families, is here.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "puzzle/puzzle.hpp"

namespace piecework {

// What a challenge asks beyond its placed pieces: the colours its window must show (IQ Focus, a pattern such
// as RRR/BWB/BRB).
// Cells marked with a piece's letter that do not make whole placements (IQ Stars' Wizard challenges) say that
// this piece covers them.
struct CellMarks {
  std::vector<std::pair<int, char>> colours;  // (site, colour letter): the square covering the site
  std::vector<std::pair<int, int>> pieces;    // (site, piece): the piece covering the site
  bool empty() const { return colours.empty() && pieces.empty(); }
};

struct Challenge {
  std::vector<int> givens;  // placement ids, sorted
  CellMarks marks;
};

// Reads a challenge (or a solution): a picture of placed pieces (IQ-Link: placement codes), or on a board
// with a colour window the window's colours, one row per window row. Throws InputError naming the position in
// the text.
Challenge parseChallengeText(const Puzzle& puzzle, std::string_view text);

// An error about a challenge's text, for a message that holds others too: `what` as it is when it already
// says "challenge ..." (most of parseChallengeText's errors do), else "challenge: what".
std::string challengeError(std::string_view what);

// Reads placed pieces only (a solution, or a challenge without marks) into placement ids. Throws InputError
// naming the position in the text, and for a colour pattern or marked cells.
std::vector<int> parseChallenge(const Puzzle& puzzle, std::string_view text);

enum class Layout { OneLine, Lines };
// Writes placements in the notation: one line ('/' between rows, '|' between layers) or one row per line.
std::string formatChallenge(const Puzzle& puzzle, const std::vector<int>& placements,
                            Layout layout = Layout::OneLine);

// Writes a whole challenge: the window's colours for a colour pattern (IQ Focus: RRR/BWB/BRB), otherwise the
// placed pieces in the family's notation with each marked cell carrying its piece's letter.
// parseChallengeText() reads it back.
std::string formatChallengeText(const Puzzle& puzzle, const Challenge& challenge,
                                Layout layout = Layout::OneLine);

// The smallest challenge text among the challenge's images under the puzzle's symmetries (for a colour
// pattern, those that keep the window in place): a challenge and its symmetric images share it.
std::string canonicalChallengeText(const Puzzle& puzzle, const Challenge& challenge);

// The 1-based column of a site as the picture notation writes it: on a triangular board the offset column
// (IQ Stars: 1-7 in every row), elsewhere the column of the bounding box.
int pictureColumn(const Puzzle& puzzle, int site);

// The board picture: reads the given placements; a piece's letters that are no whole placement become marked
// cells in `marks` when the puzzle has marked cells (with marks == nullptr they are an error).
std::vector<int> parsePictureChallenge(const Puzzle& puzzle, std::string_view text, CellMarks* marks);
std::string formatPicture(const Puzzle& puzzle, const std::vector<int>& placements, Layout layout);

// The board sites of a picture, layer by layer and row by row (-1: no cell, written '#'). Square and cubic
// boards: every row spans the bounding box. Triangular boards: rows in offset columns, each ending at its
// own last cell.
std::vector<std::vector<std::vector<int>>> pictureLayout(const Puzzle& puzzle);

}  // namespace piecework

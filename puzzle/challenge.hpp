// Challenge notation (docs/notation.md): each family reads and writes its own (puzzle/family.hpp); the board
// picture of piece letters, shared by the cell families, is here.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "puzzle/families/iq_link.hpp"  // pegCode, pegLetter (IQ-Link's notation)
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

// Reads a challenge (or a solution) into placement ids. Throws InputError naming the position in the text,
// and for a colour pattern, which only count and solve take so far.
std::vector<int> parseChallenge(const Puzzle& puzzle, std::string_view text);

enum class Layout { OneLine, Lines };
// Writes placements in the notation: one line ('/' between rows, '|' between layers) or one row per line.
std::string formatChallenge(const Puzzle& puzzle, const std::vector<int>& placements,
                            Layout layout = Layout::OneLine);

// The board picture: reads the given placements; a piece's letters that are no whole placement become marked
// cells in `marks` when the puzzle has marked cells (with marks == nullptr they are an error).
std::vector<int> parsePictureChallenge(const Puzzle& puzzle, std::string_view text, CellMarks* marks);
std::string formatPicture(const Puzzle& puzzle, const std::vector<int>& placements, Layout layout);

// The board sites of a picture, layer by layer and row by row (-1: no cell, written '#'). Square and cubic
// boards: every row spans the bounding box. Triangular boards: rows in offset columns, each ending at its
// own last cell.
std::vector<std::vector<std::vector<int>>> pictureLayout(const Puzzle& puzzle);

// The piece letter on every board cell (reading order, '.' where empty) for cell puzzles.
std::vector<char> cellLetters(const Puzzle& puzzle, const std::vector<int>& placements);

}  // namespace piecework

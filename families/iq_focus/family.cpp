// SPDX-License-Identifier: Apache-2.0
// The IQ Focus family: pieces whose squares carry colours, and a window of board cells whose colours a
// challenge gives as a pattern (three rows of W/R/B/G joined by '/', e.g. RRR/BWB/BRB; docs/notation.md).
// A pattern reaches the solver as CellMarks (placements that contradict it are dropped); solutions and
// challenges of placed pieces are board pictures. Any user-defined board with a window ('o' cells) is of
// this family.
#include <fmt/format.h>
#include <algorithm>
#include <cctype>

#include "families/iq_focus/module.hpp"
#include "puzzle/errors.hpp"
#include "puzzle/picture.hpp"

namespace piecework {
namespace {

class IqFocusFamily final : public Family {
 public:
  std::string_view name() const override { return "iq-focus"; }
  std::string rulesText(const Puzzle& puzzle) const override {
    if (puzzle.window.empty()) return Family::rulesText(puzzle);
    return Family::rulesText(puzzle) +
           " When the board is full, the framed window must show the colours drawn in it.";
  }
  bool claims(const PuzzleSpec& spec) const override { return !spec.window.empty(); }

  // A pattern has the window's rows, not the board's: RRR/BWB/BRB on IQ Focus's 3 x 3 window. Anything
  // else is a picture of placed pieces.
  Challenge parseChallenge(const Puzzle& puzzle, std::string_view text) const override {
    if (puzzle.window.empty()) return Family::parseChallenge(puzzle, text);
    const Picture picture = piecework::parsePicture(text, puzzle.lattice == Lattice::Triangular);
    bool pattern = picture.depth() == 1 && picture.layers.front().size() == puzzle.windowRows.size();
    for (std::size_t y = 0; pattern && y < puzzle.windowRows.size(); ++y)
      pattern = static_cast<int>(picture.layers.front()[y].size()) == puzzle.windowRows[y];
    const auto layout = pictureLayout(puzzle);
    if (pattern && layout.front().size() == puzzle.windowRows.size()) {  // as many rows as the board: compare
      for (std::size_t y = 0; pattern && y < layout.front().size(); ++y)
        pattern = layout.front()[y].size() != static_cast<std::size_t>(puzzle.windowRows[y]);
    }
    if (pattern) {
      std::string colours;
      for (const auto& piece : puzzle.pieces)
        for (const auto& face : piece.faceColours)
          for (const char c : face)
            if (colours.find(c) == std::string::npos) colours += c;
      Challenge challenge;
      std::size_t k = 0;
      for (const auto& row : picture.layers.front())
        for (const PictureChar& c : row) {
          const char colour = static_cast<char>(std::toupper(static_cast<unsigned char>(c.value)));
          if (colours.find(colour) == std::string::npos || colour == '\0')
            throw InputError(
                fmt::format("challenge row {}, column {} (character {}): '{}' is not a colour of "
                            "the pieces ({})",
                            c.row, c.column, c.offset + 1, c.value, colours));
          challenge.marks.colours.emplace_back(puzzle.window[k++], colour);
        }
      return challenge;
    }
    // Neither shape: a picture with as many rows as neither the board nor the window says both.
    if (picture.depth() == 1 && picture.layers.front().size() != layout.front().size()) {
      const auto& rows = picture.layers.front();
      const auto& widths = puzzle.windowRows;
      const bool even = std::all_of(widths.begin(), widths.end(), [&](int n) { return n == widths.front(); });
      if (rows.size() == widths.size())
        for (std::size_t y = 0; y < rows.size(); ++y)
          if (static_cast<int>(rows[y].size()) != widths[y])
            throw InputError(fmt::format(
                "challenge: a colour pattern has the window's {} rows of {} colours; row {} has {}",
                widths.size(),
                even ? fmt::format("{}", widths.front()) : fmt::format("{}", fmt::join(widths, ", ")), y + 1,
                rows[y].size()));
      throw InputError(
          fmt::format("challenge: expected {} rows (a picture of the board) or {} (the window's "
                      "colours), found {}",
                      layout.front().size(), puzzle.windowRows.size(), rows.size()));
    }
    return Family::parseChallenge(puzzle, text);
  }

  std::vector<int> parsePlacements(const Puzzle& puzzle, std::string_view text) const override {
    if (!puzzle.window.empty() && !parseChallenge(puzzle, text).marks.colours.empty())
      throw InputError(
          "challenge: a colour pattern where placed pieces are expected (a picture of the board)");
    return Family::parsePlacements(puzzle, text);
  }

  // The board picture with '.' on the cells the board lacks (IQ Focus's two bottom corners), as the
  // notation has it (docs/notation.md); '#' there is read as well (puzzle/challenge.cpp).
  std::string formatPlacements(const Puzzle& puzzle, const std::vector<int>& placements,
                               Layout layout) const override {
    std::string picture = Family::formatPlacements(puzzle, placements, layout);
    if (!puzzle.window.empty()) std::replace(picture.begin(), picture.end(), '#', '.');
    return picture;
  }
};

}  // namespace

const Family& iqFocusFamily() {
  static const IqFocusFamily family;
  return family;
}

}  // namespace piecework

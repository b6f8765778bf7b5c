// SPDX-License-Identifier: Apache-2.0
#include "puzzle/dlx.hpp"

#include <fmt/format.h>
#include <vector>

#include "puzzle/challenge.hpp"
#include "puzzle/errors.hpp"

namespace piecework {

namespace {

// A cell's item name, as the notation names it: on flat boards the cell's row and column as hints and the
// drawn boards' labels write them (`r2c3`; on a triangular board the picture's offset column, pictureColumn),
// in boxes its layer, row and column in the box's picture (`3.2.1`). Both count from the board's corner, 1.
std::string cellName(const Puzzle& puzzle, int site) {
  const Site& s = puzzle.sites[static_cast<std::size_t>(site)];
  if (!layered(puzzle.lattice))
    return fmt::format("r{}c{}", s.y - puzzle.low.y + 1, pictureColumn(puzzle, site));
  return fmt::format("{}.{}.{}", s.z - puzzle.low.z + 1, s.y - puzzle.low.y + 1, s.x - puzzle.low.x + 1);
}

std::string copyName(const PieceDef& piece, int copy) {
  return piece.copies == 1 ? std::string(1, piece.letter) : fmt::format("{}{}", piece.letter, copy + 1);
}

}  // namespace

std::string toDlx(const Puzzle& puzzle) {
  if (puzzle.lattice == Lattice::HexPegs)
    throw InputError(
        fmt::format("{}: the dlx format cannot hold hex-peg puzzles (their pieces share pegs, which exact "
                    "cover cannot say)",
                    puzzle.name));
  for (const auto& piece : puzzle.pieces)
    if (piece.ranged())
      throw InputError(fmt::format(
          "{}: piece '{}' has a range of copies ({} to {}), which dlx1's items (each covered exactly once) "
          "cannot say",
          puzzle.name, piece.letter, piece.minCopies, piece.copies));
  std::string out =
      fmt::format("| {}: {} (written by piecework convert --to dlx)\n", puzzle.name, puzzle.title);
  bool copies = false;
  for (const auto& piece : puzzle.pieces) copies |= piece.copies > 1;
  if (copies)
    out +=
        "| pieces with copies have one item per copy: each filling is found once per ordering of the "
        "copies\n";
  std::vector<std::string> names(puzzle.sites.size());
  for (std::size_t site = 0; site < names.size(); ++site)
    names[site] = cellName(puzzle, static_cast<int>(site));
  std::string primary, secondary;
  for (const auto& piece : puzzle.pieces)
    for (int c = 0; c < piece.copies; ++c) primary += copyName(piece, c) + ' ';
  // Cells in reading order (the order of the board picture).
  for (const Site& cell : puzzle.cells) {
    const int site = puzzle.siteIndex.at(cell);
    (puzzle.mustFill[site] ? primary : secondary) += names[static_cast<std::size_t>(site)] + ' ';
  }
  primary.pop_back();
  out += primary;
  if (!secondary.empty()) {
    secondary.pop_back();
    out += " | " + secondary;
  }
  out += '\n';
  for (const Placement& placement : puzzle.placements) {
    const PieceDef& piece = puzzle.pieces[placement.piece];
    std::string cells;
    for (const int site : placement.sites) cells += ' ' + names[static_cast<std::size_t>(site)];
    for (int c = 0; c < piece.copies; ++c) out += copyName(piece, c) + cells + '\n';
  }
  return out;
}

}  // namespace piecework

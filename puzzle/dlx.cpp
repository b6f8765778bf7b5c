// SPDX-License-Identifier: Apache-2.0
#include "puzzle/dlx.hpp"

#include <fmt/format.h>

#include "puzzle/errors.hpp"

namespace piecework {

namespace {

std::string cellName(const Puzzle& puzzle, const Site& site) {
  if (puzzle.lattice == Lattice::Square) return fmt::format("r{}c{}", site.y + 1, site.x + 1);
  return fmt::format("{}.{}.{}", site.z + 1, site.y + 1, site.x + 1);
}

std::string copyName(const PieceDef& piece, int copy) {
  return piece.copies == 1 ? std::string(1, piece.letter) : fmt::format("{}{}", piece.letter, copy + 1);
}

}  // namespace

std::string toDlx(const Puzzle& puzzle) {
  if (puzzle.lattice == Lattice::HexPegs)
    throw InputError(
        fmt::format("{}: the dlx format holds square and cubic puzzles only (hex-peg pieces share "
                    "pegs, which exact cover cannot say)",
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
  std::string primary, secondary;
  for (const auto& piece : puzzle.pieces)
    for (int c = 0; c < piece.copies; ++c) primary += copyName(piece, c) + ' ';
  // Cells in reading order (the order of the board picture).
  for (const Site& cell : puzzle.cells) {
    const int site = puzzle.siteIndex.at(cell);
    (puzzle.mustFill[site] ? primary : secondary) += cellName(puzzle, cell) + ' ';
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
    for (const int site : placement.sites) cells += ' ' + cellName(puzzle, puzzle.sites[site]);
    for (int c = 0; c < piece.copies; ++c) out += copyName(piece, c) + cells + '\n';
  }
  return out;
}

}  // namespace piecework

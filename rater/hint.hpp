// SPDX-License-Identifier: Apache-2.0
// Hints (`piecework hint`, the walk-through of `sheet --explain`, the browser player): the rater's path
// retold so that each placement comes as soon as a person can make it. The rater sweeps the whole board with
// its easiest strategy before it looks for a forced piece again; a person wants the piece. So a hint is a
// forced placement where one exists, otherwise the placements ruled out that make one forced, with their
// reasons, and then that placement. Nothing is added to the path: every move is made of its steps.
#pragma once

#include <vector>

#include "rater/explain.hpp"
#include "rater/rater.hpp"
#include "solver/problem.hpp"

namespace piecework {

// The hints for `problem` along `rating` (rate(problem)), in order; the last one fills the board.
//
// - A placement comes first whenever one is forced on the board as shown: a piece with one place left, or a
//   cell that one placement alone can fill (the marks, a window's colours or marked cells, count as part of
//   the board: a placement they forbid is not a place left).
// - Otherwise the placement that needs the fewest moves before it (and, of those, the fewest placements ruled
//   out) comes next, after the placements the path ruled out to make it forced. A reason is the placements
//   ruled out for the same reason in one round (a pairwise reason a round after the eliminations it rests
//   on); a move gives up to three reasons and 20 placements, each reason named with one placement, all
//   crossed out in the drawing (Move::ruledOut); a reason that rules out more is a move of its own. Where
//   that would take more than four moves, each run of one strategy is one move that names its rule ("no piece
//   may block every place left for another piece or leave a cell no piece can fill"), with the count and an
//   example, all crossed out. Before the first placement there is one move at most (the first or second hint
//   places a piece): where the split takes more, that move names each rule applied, with its count. A reason
//   is only shown once it holds on the board as shown ("it would block every place left for piece b": b's
//   other places are ruled out in an earlier move or the same one).
// - Placements the path ruled out that no placement needs are left out; the marks' own eliminations too.
// - A guess comes only where no placement can be reached without one.
std::vector<Move> hintMoves(const Problem& problem, const Rating& rating);

}  // namespace piecework

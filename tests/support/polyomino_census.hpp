// SPDX-License-Identifier: Apache-2.0
// An independent census of unique challenges for flat polyomino puzzles, for the tests. It shares no code
// with puzzle/ or solver/: its own shapes and orientations, a plain first-empty-cell backtracking tiler that
// lists every filling of the board, and a brute force over every subset of every filling's pieces (a subset
// is unique when no other filling contains it). Challenges up to symmetry are counted by putting each unique
// challenge in a canonical form under the board's symmetries (the turns and mirror images of the rectangle
// that keep the board), not through solutions' stabilisers as piecework does.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace piecework::reference {

struct PolyominoPiece {
  std::string shape;  // rows separated by '/', '#' covered (turned and mirrored freely)
  int copies = 1;
};

struct PolyominoCensus {
  std::uint64_t fillings = 0;                            // every filling of the fixed board
  std::uint64_t distinctFillings = 0;                    // up to the board's symmetries
  std::vector<std::uint64_t> unique, minimal;            // per pieces given, up to symmetry
  std::vector<std::uint64_t> uniqueFixed, minimalFixed;  // per pieces given, on the fixed board
};

// board: rows separated by '/', '.' a cell to fill, anything else no cell. Pieces interchangeable when they
// are copies of one piece.
PolyominoCensus polyominoCensus(const std::string& board, const std::vector<PolyominoPiece>& pieces);

}  // namespace piecework::reference

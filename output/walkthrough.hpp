// A solution walk-through, as puzzle books print them: the challenge, then one small board per move of the
// explained path with the move in words under it (`piecework sheet --explain`).
#pragma once

#include <string>
#include <vector>

#include "output/document.hpp"
#include "puzzle/puzzle.hpp"

namespace piecework {

struct WalkthroughStep {
  std::string text;             // the move in words
  std::vector<int> placements;  // the board after the move, givens included
  int depth = 0;                // guesses it rests on (drawn as a note)
};

// Writes the walk-through to `path` (.pdf: as many pages as needed, six moves a page; .svg or .png: one tall
// page) atomically. Throws InputError for a bad path.
void writeWalkthrough(const std::string& path, const Puzzle& puzzle, const std::vector<int>& givens,
                      const std::vector<WalkthroughStep>& steps, Paper paper, const std::string& heading);

}  // namespace piecework

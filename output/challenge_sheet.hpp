// SPDX-License-Identifier: Apache-2.0
// `piecework sheet` without --disassembly, as two functions: a challenge's page (its heading and caption, the
// answer's solve) and its walk-through (--explain: the rater's moves as hints), each drawn through the
// drawing module. The command and the library (writeSheet in include/piecework/piecework.hpp) both call them,
// so that the same challenge gives the same page.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "output/document.hpp"
#include "puzzle/challenge.hpp"
#include "puzzle/puzzle.hpp"
#include "rater/model.hpp"
#include "rater/rater.hpp"
#include "solver/problem.hpp"

namespace piecework {

// The heading a sheet gets without a title: the puzzle's title; for a BurrTools design (loaded from
// `nameOrPath`), whose title is its problem's name (often a designer's working name, "g"), the design's own
// name first, the problem's after it.
std::string sheetHeading(const Puzzle& puzzle, const std::string& nameOrPath);

struct ChallengeSheet {
  PageSize paper = pageSize(Paper::A4);
  std::string heading;  // sheetHeading, or the caller's title
  std::string written;  // the challenge in one line, for the caption (empty: "the empty board")
  bool answer = false;  // solve the challenge and draw the answer below it
  Rules rules;          // the answer's rules (the challenge's marks are added)
};

struct ChallengeSheetResult {
  std::vector<std::vector<int>> solutions;  // with `answer`: the first two found (the first one drawn)
};

// Writes the sheet to `path` (.pdf, .svg or .png). Throws InputError when the drawing module is missing, the
// path is bad, or an answer is asked for a challenge without one.
ChallengeSheetResult writeChallengeSheet(const std::string& path, const Puzzle& puzzle,
                                         const Challenge& challenge, const ChallengeSheet& request);

struct WalkthroughSheet {
  PageSize paper = pageSize(Paper::A4);
  std::optional<std::string> title;  // the heading; none: "<heading>: a LEVEL challenge, solved step by step"
  std::string heading;               // sheetHeading (for the default title)
  Rules rules;                       // the rater's rules (the challenge's marks are added)
  const RatingModel* model = nullptr;  // the level's model (nullptr: the puzzle's shipped one)
};

struct WalkthroughSheetResult {
  Rating rating;
  std::size_t moves = 0;
};

// Writes the walk-through of a challenge with exactly one solution (InputError otherwise) to `path`.
WalkthroughSheetResult writeWalkthroughSheet(const std::string& path, const Puzzle& puzzle,
                                             const Challenge& challenge, const WalkthroughSheet& request);

}  // namespace piecework

// SPDX-License-Identifier: Apache-2.0
// One generated challenge, as the generator hands it to its caller (printing, the catalog).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "puzzle/challenge.hpp"
#include "rater/rater.hpp"

namespace piecework {

inline constexpr int kGeneratorVersion = 1;

struct GeneratedChallenge {
  std::vector<int> givens;    // placement ids of the given pieces
  CellMarks marks;            // what the challenge asks beyond them: a colour pattern, marked cells
  std::vector<int> solution;  // placement ids of the whole (unique) solution
  std::string challengeText;  // the givens in challenge notation (one line)
  std::string solutionText;   // the solution in challenge notation (one line)
  Rating rating;
  int given = 0;           // pieces given
  int toPlace = 0;         // pieces to place
  std::uint64_t seed = 0;  // regenerates this challenge alone
  bool familyRule = true;  // generated under the puzzle's family rule (Rules::familyRule, as it applied)
};

}  // namespace piecework

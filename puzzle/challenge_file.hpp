// SPDX-License-Identifier: Apache-2.0
// A file of many challenges (rate --challenge-file, docs/rating.md), split into one text per challenge:
// - a family whose notation writes every challenge on one line (Family::challengesOnOneLine, IQ-Link's
//   codes): one challenge per non-empty line;
// - pictures otherwise: a line with '/' or '|' is a one-line picture and a challenge on its own; other lines
//   form multi-line pictures. A 2-D picture ends at a blank line or a line "---"; a 3-D picture is complete
//   after as many blank-line-separated layers as the box has (a "---" line ends it early, which is then an
//   error).
#pragma once

#include <string>
#include <vector>

#include "puzzle/puzzle.hpp"

namespace piecework {

struct ChallengeText {
  std::string text;
  int line = 0;  // 1-based line where it starts in the file (0: given on the command line)
};

// Splits `text`, read from the file `fileName` (named in errors); throws InputError for a picture cut short
// and for a file without a challenge. The texts are not parsed here.
std::vector<ChallengeText> splitChallengeFile(const Puzzle& puzzle, const std::string& fileName,
                                              const std::string& text);

}  // namespace piecework

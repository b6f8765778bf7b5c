// SPDX-License-Identifier: Apache-2.0
// A calibration file (docs/rating.md): a JSON-lines booklet of challenges, one a line,
// {"challenge": TEXT, "level": "Starter".."Wizard"} (other keys, such as "n" or "solution", are ignored; a
// definition line of an export is skipped). `calibrate PUZZLE FILE` reads it here, and so does the fuzz
// target fuzz/calibration_file.cpp.
#pragma once

#include <string>
#include <vector>

#include "puzzle/puzzle.hpp"
#include "rater/calibrate.hpp"
#include "solver/problem.hpp"

namespace piecework {

// Reads FILE, then parses, checks and rates every challenge with the RULES and each challenge's own marks,
// measuring what FEATURES (model feature names) need beyond rate()'s. `graded` (as a fit reads it): every
// line must have a level, and every level at least 5 lines; otherwise (as --equal-shares reads it) levels
// are ignored. A challenge twice (or turned round), or without a solution, is an error. Throws InputError
// naming FILE:LINE for bad input.
std::vector<CalibrationSample> readCalibrationFile(const Puzzle& puzzle, const std::string& file, Rules rules,
                                                   bool graded, const std::vector<std::string>& features);

}  // namespace piecework

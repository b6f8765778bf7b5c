// SPDX-License-Identifier: Apache-2.0
// A calibration file read on its own, for the fuzz target fuzz/calibration_file.cpp.
#pragma once

#include <cstddef>
#include <string>

#include "puzzle/puzzle.hpp"

namespace piecework::cli {

// Reads FILE exactly as `calibrate PUZZLE FILE` reads it (every line parsed, checked and rated; `graded`: as
// a fit reads it, each line with a level and enough of each level; else as --equal-shares reads it), with the
// shipped model's features. Returns how many challenges it holds; throws InputError for bad input.
std::size_t readCalibrationFile(const Puzzle& puzzle, const std::string& file, bool graded);

}  // namespace piecework::cli

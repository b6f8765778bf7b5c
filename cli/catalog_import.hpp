// SPDX-License-Identifier: Apache-2.0
// One line of `catalog import` input read on its own, for the fuzz target fuzz/catalog_import_line.cpp.
#pragma once

#include <string>

namespace piecework::cli {

// Reads `text` exactly as `catalog import` reads a line (shipped puzzles only, no catalog, no --puzzle),
// checking, rating and solving it; nothing is stored. Throws InputError for bad input.
void readImportLine(const std::string& text);

}  // namespace piecework::cli

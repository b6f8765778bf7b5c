// SPDX-License-Identifier: Apache-2.0
// sheet --disassembly: the hardest assembly that comes apart (with the challenge's pieces, when one is
// given), taken apart move by move on printable pages (output/sheet_disassembly.hpp).
#pragma once

#include <string>

#include "cli/command.hpp"
#include "output/document.hpp"
#include "puzzle/puzzle.hpp"

namespace piecework::cli {

// `designName`: the heading's start without --title ("PelikanBurr"); the level follows it. Throws InputError
// (exit 2) for a puzzle whose grid has no moves (requireDisassemblyGrid) and for one none of whose assemblies
// comes apart.
int writeSheetDisassembly(const Puzzle& puzzle, const po::variables_map& vm, const std::string& out,
                          PageSize paper, const std::string& designName);

}  // namespace piecework::cli

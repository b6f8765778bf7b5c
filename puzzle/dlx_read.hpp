// SPDX-License-Identifier: Apache-2.0
// Knuth's dlx1 input read back (the format toDlx writes, puzzle/dlx.hpp), so that `count FILE.dlx` counts any
// exact-cover problem in it: lines starting with '|' are comments; the first other line names the items,
// primary ones before a '|', secondary ones after it; each line after that is an option, the items it covers.
#pragma once

#include <string>
#include <vector>

namespace piecework {

struct DlxProblem {
  std::vector<std::string> items;         // primary first, then secondary
  std::size_t primary = 0;                // how many of `items` are primary
  std::vector<std::vector<int>> options;  // each option's items (indices into `items`), as written
};

// Parses dlx1 text; `file` names it in errors. InputError, naming the file and line, for no item line, a
// repeated item name, an option naming an item not declared or one twice, an option with no primary item,
// and dlx2's colours (item:colour), which dlx1 does not have.
DlxProblem parseDlx(const std::string& text, const std::string& file);

// Whether the path names a dlx file (its name ends in .dlx).
bool isDlxPath(const std::string& path);

}  // namespace piecework

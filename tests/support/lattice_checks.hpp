// SPDX-License-Identifier: Apache-2.0
// What the lattice tests (spheres, rhombic dodecahedra, triangular prisms) share: an independent count of the
// ways to fill a board with pairs of neighbouring cells, and the file and output checks around it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace piecework::test {

// Perfect matchings of the graph "cell i touches cell j": the fillings of the cells by pieces of two
// neighbouring cells, counted by brute force.
std::uint64_t perfectMatchings(const std::vector<std::vector<bool>>& touch);

template <class Cell, class Touches>
std::uint64_t perfectMatchings(const std::vector<Cell>& cells, Touches touches) {
  std::vector<std::vector<bool>> touch(cells.size(), std::vector<bool>(cells.size(), false));
  for (std::size_t i = 0; i < cells.size(); ++i)
    for (std::size_t j = 0; j < cells.size(); ++j) touch[i][j] = i != j && touches(cells[i], cells[j]);
  return perfectMatchings(touch);
}

// Writes `text` gzipped to `path` (as BurrTools writes .xmpuzzle files), with the gzip program.
void writeGzip(const std::string& path, const std::string& text);

// An error message of exactly one line.
bool oneLine(const std::string& err);

// `piecework count FILE --json`, expected to succeed ({} when it does not).
nlohmann::json countJson(const std::string& file);

// `convert`s `toml` (a definition file) to `stem`.xmpuzzle and that back to `stem`-back.toml, each expected
// to succeed, and returns the two files written, in that order, for the caller to count.
std::vector<std::string> convertThereAndBack(const std::string& toml, const std::string& stem);

}  // namespace piecework::test

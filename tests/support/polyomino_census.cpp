// SPDX-License-Identifier: Apache-2.0
#include "support/polyomino_census.hpp"

#include <algorithm>
#include <bit>
#include <functional>
#include <map>
#include <numeric>
#include <set>
#include <stdexcept>
#include <utility>

namespace piecework::reference {
namespace {

using Cell = std::pair<int, int>;               // row, column
using Tile = std::pair<int, std::vector<int>>;  // piece, sorted cell numbers
using Filling = std::vector<Tile>;              // sorted
using Transform = std::function<Cell(Cell)>;

std::vector<Cell> parseRows(const std::string& text, bool covered(char)) {
  std::vector<Cell> cells;
  int row = 0, column = 0;
  for (char ch : text) {
    if (ch == '/') {
      ++row, column = 0;
      continue;
    }
    if (covered(ch)) cells.emplace_back(row, column);
    ++column;
  }
  return cells;
}

std::vector<Cell> normalised(std::vector<Cell> cells) {
  int top = cells.front().first, left = cells.front().second;
  for (auto [r, c] : cells) top = std::min(top, r), left = std::min(left, c);
  for (auto& [r, c] : cells) r -= top, c -= left;
  std::sort(cells.begin(), cells.end());
  return cells;
}

}  // namespace

PolyominoCensus polyominoCensus(const std::string& board, const std::vector<PolyominoPiece>& pieces) {
  const std::vector<Cell> cells = parseRows(board, [](char ch) { return ch == '.'; });
  int height = 0, width = 0;
  for (auto [r, c] : cells) height = std::max(height, r + 1), width = std::max(width, c + 1);
  auto number = [&](Cell cell) { return cell.first * width + cell.second; };
  std::vector<int> owner(static_cast<std::size_t>(height * width), -2);  // -2: no cell, -1: empty
  for (const Cell& cell : cells) owner[static_cast<std::size_t>(number(cell))] = -1;

  // The 8 turns and mirror images of a shape.
  std::vector<std::vector<std::vector<Cell>>> orientations;
  for (const auto& piece : pieces) {
    std::set<std::vector<Cell>> seen;
    const std::vector<Cell> base = parseRows(piece.shape, [](char ch) { return ch == '#'; });
    for (int t = 0; t < 8; ++t) {
      std::vector<Cell> turned;
      for (auto [r, c] : base) {
        int a = (t & 1) ? -r : r, b = (t & 2) ? -c : c;
        if (t & 4) std::swap(a, b);
        turned.emplace_back(a, b);
      }
      seen.insert(normalised(turned));
    }
    orientations.emplace_back(seen.begin(), seen.end());
  }

  // Every filling: cover the first empty cell in reading order with each piece left, each orientation
  // anchored at its first cell. A region of empty cells closed off from the others must take whole pieces,
  // so its size must be a multiple of the pieces' common divisor of sizes (5 for pentominoes).
  int divisor = 0;
  for (const auto& shapes : orientations)
    divisor = std::gcd(divisor, static_cast<int>(shapes.front().size()));
  std::vector<int> seen(owner.size(), 0), stack;
  int visit = 0;
  auto regionsFit = [&] {
    ++visit;
    for (std::size_t start = 0; start < owner.size(); ++start) {
      if (owner[start] != -1 || seen[start] == visit) continue;
      int size = 0;
      stack.assign(1, static_cast<int>(start));
      seen[start] = visit;
      while (!stack.empty()) {
        const int at = stack.back();
        stack.pop_back();
        ++size;
        const int r = at / width, c = at % width;
        for (auto [dr, dc] : {Cell{1, 0}, Cell{-1, 0}, Cell{0, 1}, Cell{0, -1}}) {
          const int rr = r + dr, cc = c + dc;
          if (rr < 0 || rr >= height || cc < 0 || cc >= width) continue;
          const auto next = static_cast<std::size_t>(rr * width + cc);
          if (owner[next] == -1 && seen[next] != visit)
            seen[next] = visit, stack.push_back(static_cast<int>(next));
        }
      }
      if (size % divisor != 0) return false;
    }
    return true;
  };
  std::vector<Filling> fillings;
  std::vector<int> left;
  for (const auto& piece : pieces) left.push_back(piece.copies);
  Filling current;
  std::vector<int> tile;  // the cells of the placement being tried (one buffer: see `canonical` below)
  std::function<void()> fill = [&] {
    const auto empty = std::find(owner.begin(), owner.end(), -1);
    if (empty == owner.end()) {
      if (std::all_of(left.begin(), left.end(), [](int n) { return n == 0; })) {
        Filling sorted = current;
        std::sort(sorted.begin(), sorted.end());
        fillings.push_back(std::move(sorted));
      }
      return;
    }
    const int at = static_cast<int>(empty - owner.begin());
    const int row = at / width, column = at % width;
    for (std::size_t p = 0; p < pieces.size(); ++p) {
      if (left[p] == 0) continue;
      for (const auto& shape : orientations[p]) {
        tile.clear();
        bool fits = true;
        for (auto [r, c] : shape) {
          const int rr = row + r - shape.front().first, cc = column + c - shape.front().second;
          if (rr < 0 || rr >= height || cc < 0 || cc >= width ||
              owner[static_cast<std::size_t>(rr * width + cc)] != -1) {
            fits = false;
            break;
          }
          tile.push_back(rr * width + cc);
        }
        if (!fits) continue;
        std::sort(tile.begin(), tile.end());
        for (int t : tile) owner[static_cast<std::size_t>(t)] = static_cast<int>(p);
        --left[p];
        current.emplace_back(static_cast<int>(p), tile);
        if (regionsFit()) fill();
        for (int t : current.back().second) owner[static_cast<std::size_t>(t)] = -1;
        current.pop_back();
        ++left[p];
      }
    }
  };
  fill();

  // The board's symmetries: maps of the bounding rectangle that keep the set of cells.
  std::vector<Transform> maps;
  for (int t = 0; t < 8; ++t) {
    if ((t & 4) && height != width) continue;
    Transform map = [=](Cell cell) {
      int r = (t & 1) ? height - 1 - cell.first : cell.first;
      int c = (t & 2) ? width - 1 - cell.second : cell.second;
      if (t & 4) std::swap(r, c);
      return Cell{r, c};
    };
    if (std::all_of(cells.begin(), cells.end(),
                    [&](Cell cell) { return owner[static_cast<std::size_t>(number(map(cell)))] == -1; }))
      maps.push_back(map);
  }
  const auto image = [&](const Transform& map, const Tile& tile) {
    Tile moved{tile.first, {}};
    for (int n : tile.second) moved.second.push_back(number(map(Cell{n / width, n % width})));
    std::sort(moved.second.begin(), moved.second.end());
    return moved;
  };
  // Tiles are numbered as they are met, so that a set of tiles is a sorted list of numbers and the images of
  // one filling's tiles are found once: the loop over subsets below then allocates little, which matters
  // under AddressSanitizer. A set's canonical form is the least of its images under the board's maps (a
  // group), so two sets have the same form exactly when a map takes one onto the other.
  std::map<Tile, int> tileNumbers;
  const auto numberOf = [&](const Tile& tile) {
    return tileNumbers.emplace(tile, static_cast<int>(tileNumbers.size())).first->second;
  };
  // imagesOf[m][i]: the number of the image of tile i of `f` under map m.
  const auto imagesOf = [&](const Filling& f) {
    std::vector<std::vector<int>> images;
    for (const auto& map : maps) {
      images.emplace_back();
      for (const Tile& tile : f) images.back().push_back(numberOf(image(map, tile)));
    }
    return images;
  };
  const auto canonical = [](const std::vector<std::vector<int>>& images, std::size_t mask) {
    std::vector<int> best, set;
    for (const auto& ofMap : images) {
      set.clear();
      for (std::size_t i = 0; i < ofMap.size(); ++i)
        if ((mask >> i) & 1U) set.push_back(ofMap[i]);
      std::sort(set.begin(), set.end());
      if (best.empty() || set < best) best = set;
    }
    return best;
  };

  PolyominoCensus census;
  census.fillings = fillings.size();
  std::set<std::vector<int>> distinct;
  for (const auto& f : fillings) distinct.insert(canonical(imagesOf(f), (std::size_t{1} << f.size()) - 1));
  census.distinctFillings = distinct.size();
  if (fillings.empty()) return census;
  const std::size_t n = fillings.front().size();
  if (n > 20) throw std::invalid_argument("polyominoCensus: too many pieces for a brute force");
  census.unique.assign(n + 1, 0), census.minimal.assign(n + 1, 0);
  census.uniqueFixed.assign(n + 1, 0), census.minimalFixed.assign(n + 1, 0);
  std::vector<std::set<Tile>> asSets;
  for (const auto& f : fillings) asSets.emplace_back(f.begin(), f.end());
  std::vector<std::set<std::vector<int>>> uniqueUpToSymmetry(n + 1), minimalUpToSymmetry(n + 1);
  for (const auto& f : fillings) {
    // How many fillings contain each subset of f's tiles.
    std::vector<std::uint64_t> containing(std::size_t{1} << n, 0);
    for (std::size_t mask = 0; mask < containing.size(); ++mask)
      for (const auto& other : asSets) {
        bool all = true;
        for (std::size_t i = 0; i < n && all; ++i)
          if ((mask >> i) & 1U) all = other.count(f[i]) != 0;
        containing[mask] += all ? 1 : 0;
      }
    const auto images = imagesOf(f);
    for (std::size_t mask = 0; mask < containing.size(); ++mask) {
      if (containing[mask] != 1) continue;
      bool minimal = true;
      for (std::size_t i = 0; i < n; ++i)
        if (((mask >> i) & 1U) && containing[mask & ~(std::size_t{1} << i)] == 1) minimal = false;
      const auto k = static_cast<std::size_t>(std::popcount(mask));
      const auto form = canonical(images, mask);
      ++census.uniqueFixed[k];
      uniqueUpToSymmetry[k].insert(form);
      if (minimal) {
        ++census.minimalFixed[k];
        minimalUpToSymmetry[k].insert(form);
      }
    }
  }
  for (std::size_t k = 0; k <= n; ++k) {
    census.unique[k] = uniqueUpToSymmetry[k].size();
    census.minimal[k] = minimalUpToSymmetry[k].size();
  }
  return census;
}

}  // namespace piecework::reference

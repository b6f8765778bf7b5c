// SPDX-License-Identifier: Apache-2.0
#include "support/iq_focus_reference.hpp"

#include <algorithm>
#include <array>
#include <set>
#include <utility>

namespace piecework::test {
namespace {

constexpr int kWidth = 9, kHeight = 5;

// The ten pieces in their base orientation, one colour letter per square, '.' for no square, rows joined by
// '/' (the facts' table).
const std::array<std::pair<char, const char*>, 10> kPieces{{{'A', "GWR/.R."},
                                                            {'B', ".BGG/WW.."},
                                                            {'C', "..G./RRWB"},
                                                            {'D', "RRR/..B"},
                                                            {'E', "BBB/RR."},
                                                            {'F', "WWW"},
                                                            {'G', "WB./.BW"},
                                                            {'H', "RGG/W../W.."},
                                                            {'I', "BB/.W"},
                                                            {'J', "GGWR/G..."}}};

struct Square {
  int x, y;
  char colour;
  bool operator<(const Square& o) const { return std::tie(x, y, colour) < std::tie(o.x, o.y, o.colour); }
};
using Shape = std::vector<Square>;

bool onBoard(int x, int y) {
  return x >= 0 && x < kWidth && y >= 0 && y < kHeight && !(y == 4 && (x == 0 || x == 8));
}

Shape normalised(Shape s) {
  int mx = 1000, my = 1000;
  for (const Square& q : s) mx = std::min(mx, q.x), my = std::min(my, q.y);
  for (Square& q : s) q.x -= mx, q.y -= my;
  std::sort(s.begin(), s.end());
  return s;
}

struct Placement {
  char letter;
  std::vector<std::pair<int, char>> cells;  // (y * 9 + x, colour)
};

std::vector<std::vector<Placement>> placementsByPiece() {
  std::vector<std::vector<Placement>> out;
  for (const auto& [letter, text] : kPieces) {
    Shape base;
    int x = 0, y = 0;
    for (const char* c = text; *c != 0; ++c) {
      if (*c == '/') {
        ++y, x = 0;
        continue;
      }
      if (*c != '.') base.push_back({x, y, *c});
      ++x;
    }
    std::set<Shape> turns;  // quarter turns only: the pieces are never flipped
    Shape s = base;
    for (int k = 0; k < 4; ++k) {
      turns.insert(normalised(s));
      for (Square& q : s) q = {-q.y, q.x, q.colour};
    }
    auto& list = out.emplace_back();
    for (const Shape& turn : turns)
      for (int dy = 0; dy < kHeight; ++dy)
        for (int dx = 0; dx < kWidth; ++dx) {
          Placement p{letter, {}};
          bool fits = true;
          for (const Square& q : turn) {
            fits = fits && onBoard(q.x + dx, q.y + dy);
            p.cells.emplace_back((q.y + dy) * kWidth + q.x + dx, q.colour);
          }
          if (fits) list.push_back(std::move(p));
        }
  }
  return out;
}

struct Search {
  std::vector<std::vector<Placement>> pieces = placementsByPiece();
  // Per cell: (piece, placement) whose first cell in reading order it is.
  std::vector<std::vector<std::pair<std::size_t, const Placement*>>> startingAt = [this] {
    std::vector<std::vector<std::pair<std::size_t, const Placement*>>> at(kWidth * kHeight);
    for (std::size_t piece = 0; piece < pieces.size(); ++piece)
      for (const Placement& p : pieces[piece]) {
        int first = kWidth * kHeight;
        for (const auto& [cell, c] : p.cells) first = std::min(first, cell);
        at[static_cast<std::size_t>(first)].emplace_back(piece, &p);
      }
    return at;
  }();
  std::array<char, kWidth * kHeight> letter{};
  std::array<char, kWidth * kHeight> colour{};
  std::array<bool, 10> used{};
  std::map<std::string, std::vector<std::string>> found;

  void run() {
    for (int i = 0; i < kWidth * kHeight; ++i)
      letter[static_cast<std::size_t>(i)] = onBoard(i % 9, i / 9) ? 0 : '.';
    step();
  }
  // Fill the first empty cell in reading order with every piece placement whose first cell it is.
  void step() {
    int empty = 0;
    while (empty < kWidth * kHeight && letter[static_cast<std::size_t>(empty)] != 0) ++empty;
    if (empty == kWidth * kHeight) {
      record();
      return;
    }
    for (const auto& [piece, p] : startingAt[static_cast<std::size_t>(empty)]) {
      if (used[piece]) continue;
      bool free = true;
      for (const auto& [cell, c] : p->cells) free = free && letter[static_cast<std::size_t>(cell)] == 0;
      if (!free) continue;
      for (const auto& [cell, c] : p->cells)
        letter[static_cast<std::size_t>(cell)] = p->letter, colour[static_cast<std::size_t>(cell)] = c;
      used[piece] = true;
      step();
      used[piece] = false;
      for (const auto& [cell, c] : p->cells) letter[static_cast<std::size_t>(cell)] = 0;
    }
  }
  void record() {
    std::string picture, pattern;
    for (int y = 0; y < kHeight; ++y) {
      if (y > 0) picture += '/';
      for (int x = 0; x < kWidth; ++x) picture += letter[static_cast<std::size_t>(y * kWidth + x)];
    }
    for (int y = 1; y <= 3; ++y) {
      if (y > 1) pattern += '/';
      for (int x = 3; x <= 5; ++x) pattern += colour[static_cast<std::size_t>(y * kWidth + x)];
    }
    found[pattern].push_back(picture);
  }
};

}  // namespace

const std::map<std::string, std::vector<std::string>>& iqFocusTilingsByPattern() {
  static const std::map<std::string, std::vector<std::string>> tilings = [] {
    Search search;
    search.run();
    return std::move(search.found);
  }();
  return tilings;
}

}  // namespace piecework::test

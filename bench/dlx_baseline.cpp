// SPDX-License-Identifier: Apache-2.0
// A textbook dancing-links exact-cover counter, as a baseline for the engine's speed: Knuth's Algorithm X
// with dancing links the way his dlx1 works. Items are the puzzle's must-fill sites and its pieces (one item
// per piece, with multiplicity 1: sets with identical copies are not supported), options are the placements,
// the branching item is the one with the fewest options left (the first such in item order), and no symmetry
// is broken. It shares the puzzle library (sites and placements) with piecework, not its search.
//
// usage: dlx_baseline PUZZLE [--json]
// Prints every solution's count, the nodes (the root plus one per option tried, like piecework's nodes) and
// the wall seconds of the search.
#include <fmt/format.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <string>
#include <vector>

#include "families/registry.hpp"
#include "puzzle/definition.hpp"
#include "puzzle/errors.hpp"

namespace {

// Knuth's layout: nodes 1..items are the item headers (len in `len`), each option is a run of nodes between
// spacers; top[x] is the item of node x (or minus the option number in a spacer).
class Dlx {
 public:
  Dlx(int items, const std::vector<std::vector<int>>& options)
      : items_(items),
        llink_(static_cast<std::size_t>(items) + 2),
        rlink_(static_cast<std::size_t>(items) + 2) {
    // Item list 0 <-> 1 <-> ... <-> items, circular through the root 0.
    for (int i = 0; i <= items; ++i) {
      llink_[static_cast<std::size_t>(i)] = i == 0 ? items : i - 1;
      rlink_[static_cast<std::size_t>(i)] = i == items ? 0 : i + 1;
    }
    // Header nodes 0..items: len, ulink, dlink; then a spacer.
    top_.assign(static_cast<std::size_t>(items) + 2, 0);
    ulink_.resize(top_.size());
    dlink_.resize(top_.size());
    for (int i = 0; i <= items; ++i)
      ulink_[static_cast<std::size_t>(i)] = dlink_[static_cast<std::size_t>(i)] = i;
    int spacer = items + 1;
    int optionNumber = 0;
    for (const auto& option : options) {
      for (int item : option) {
        const int x = static_cast<int>(top_.size());
        top_.push_back(item);
        const int last = ulink_[static_cast<std::size_t>(item)];
        ulink_.push_back(last);
        dlink_.push_back(item);
        dlink_[static_cast<std::size_t>(last)] = x;
        ulink_[static_cast<std::size_t>(item)] = x;
        ++top_[static_cast<std::size_t>(item)];  // headers keep their len in top_
      }
      dlink_[static_cast<std::size_t>(spacer)] =
          static_cast<int>(top_.size()) - 1;  // last node of the option
      // new spacer: top = -option, ulink = first node of the option
      const int first = spacer + 1;
      spacer = static_cast<int>(top_.size());
      top_.push_back(-++optionNumber);
      ulink_.push_back(first);
      dlink_.push_back(0);
    }
  }

  void count() { search(); }
  std::uint64_t solutions() const { return solutions_; }
  std::uint64_t nodes() const { return nodes_; }

 private:
  int& len(int item) { return top_[static_cast<std::size_t>(item)]; }

  void hide(int p) {
    for (int q = p + 1; q != p;) {
      const int x = top_[static_cast<std::size_t>(q)];
      if (x <= 0) {
        q = ulink_[static_cast<std::size_t>(q)];  // spacer: back to the option's first node
        continue;
      }
      const int u = ulink_[static_cast<std::size_t>(q)], d = dlink_[static_cast<std::size_t>(q)];
      dlink_[static_cast<std::size_t>(u)] = d;
      ulink_[static_cast<std::size_t>(d)] = u;
      --len(x);
      ++q;
    }
  }

  void unhide(int p) {
    for (int q = p - 1; q != p;) {
      const int x = top_[static_cast<std::size_t>(q)];
      if (x <= 0) {
        q = dlink_[static_cast<std::size_t>(q)];  // spacer: on to the option's last node
        continue;
      }
      const int u = ulink_[static_cast<std::size_t>(q)], d = dlink_[static_cast<std::size_t>(q)];
      dlink_[static_cast<std::size_t>(u)] = q;
      ulink_[static_cast<std::size_t>(d)] = q;
      ++len(x);
      --q;
    }
  }

  void cover(int item) {
    for (int p = dlink_[static_cast<std::size_t>(item)]; p != item; p = dlink_[static_cast<std::size_t>(p)])
      hide(p);
    const int l = llink_[static_cast<std::size_t>(item)], r = rlink_[static_cast<std::size_t>(item)];
    rlink_[static_cast<std::size_t>(l)] = r;
    llink_[static_cast<std::size_t>(r)] = l;
  }

  void uncover(int item) {
    const int l = llink_[static_cast<std::size_t>(item)], r = rlink_[static_cast<std::size_t>(item)];
    rlink_[static_cast<std::size_t>(l)] = item;
    llink_[static_cast<std::size_t>(r)] = item;
    for (int p = ulink_[static_cast<std::size_t>(item)]; p != item; p = ulink_[static_cast<std::size_t>(p)])
      unhide(p);
  }

  // The first node of the option holding node x.
  int optionStart(int x) const {
    while (top_[static_cast<std::size_t>(x - 1)] > 0) --x;
    return x;
  }

  void search() {
    ++nodes_;
    if (rlink_[0] == 0) {
      ++solutions_;
      return;
    }
    // MRV: the item with the fewest options, the first such in item order.
    int best = rlink_[0];
    for (int i = rlink_[0]; i != 0; i = rlink_[static_cast<std::size_t>(i)])
      if (len(i) < len(best)) best = i;
    if (len(best) == 0) return;
    cover(best);
    for (int x = dlink_[static_cast<std::size_t>(best)]; x != best; x = dlink_[static_cast<std::size_t>(x)]) {
      // Cover the option's other items, cyclically from x.
      const int start = optionStart(x);
      for (int p = x + 1; p != x;) {
        if (top_[static_cast<std::size_t>(p)] <= 0) {
          p = start;
          continue;
        }
        cover(top_[static_cast<std::size_t>(p)]);
        ++p;
      }
      search();
      for (int p = x - 1; p != x;) {
        if (top_[static_cast<std::size_t>(p)] <= 0) {
          p = dlink_[static_cast<std::size_t>(p)];  // (a spacer's dlink is the option's last node)
          continue;
        }
        uncover(top_[static_cast<std::size_t>(p)]);
        --p;
      }
    }
    uncover(best);
  }

  int items_;
  std::vector<int> llink_, rlink_;        // the item list
  std::vector<int> top_, ulink_, dlink_;  // the nodes
  std::uint64_t solutions_ = 0, nodes_ = 0;
};

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2 || argc > 3 || (argc == 3 && std::string(argv[2]) != "--json")) {
    std::fprintf(stderr, "usage: dlx_baseline PUZZLE [--json]\n");
    return 2;
  }
  try {
    piecework::registerShippedFamilies();
    const piecework::Puzzle puzzle = piecework::loadPuzzle(argv[1]);
    for (const auto& piece : puzzle.pieces)
      if (piece.copies != 1)
        throw piecework::InputError(
            fmt::format("{}: piece '{}' has {} copies; the baseline takes single pieces", puzzle.name,
                        piece.letter, piece.copies));
    // Items: must-fill sites 1..S (in piecework's site order), then pieces S+1..S+P.
    std::vector<int> itemOfSite(puzzle.sites.size(), 0);
    int items = 0;
    for (std::size_t s = 0; s < puzzle.sites.size(); ++s)
      if (puzzle.mustFill[s]) itemOfSite[s] = ++items;
    const int firstPieceItem = items + 1;
    items += puzzle.pieceCount();
    std::vector<std::vector<int>> options;
    for (const auto& placement : puzzle.placements) {
      std::vector<int> option;
      for (int s : placement.sites)
        if (itemOfSite[static_cast<std::size_t>(s)] > 0)
          option.push_back(itemOfSite[static_cast<std::size_t>(s)]);
      option.push_back(firstPieceItem + placement.piece);
      options.push_back(std::move(option));
    }
    const auto start = std::chrono::steady_clock::now();
    Dlx dlx(items, options);
    dlx.count();
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (argc == 3)
      std::printf("{\"nodes\":%llu,\"seconds\":%.6f,\"solutions\":%llu}\n",
                  static_cast<unsigned long long>(dlx.nodes()), seconds,
                  static_cast<unsigned long long>(dlx.solutions()));
    else
      std::printf("%s: %llu solutions, %llu nodes, %.3f s\n", puzzle.name.c_str(),
                  static_cast<unsigned long long>(dlx.solutions()),
                  static_cast<unsigned long long>(dlx.nodes()), seconds);
    return 0;
  } catch (const piecework::InputError& e) {
    std::fprintf(stderr, "dlx_baseline: %s\n", e.what());
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "dlx_baseline: %s\n", e.what());
    return 1;
  }
}

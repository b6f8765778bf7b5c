// SPDX-License-Identifier: Apache-2.0
// See iq_link_reference.hpp. Nothing here includes puzzle/ or solver/.
#include "support/iq_link_reference.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>
#include <thread>

namespace piecework::reference {
namespace {

// Directions clockwise on a screen whose y axis points down, as axial (q, r) steps (PUZZLES.md).
enum Dir { R = 0, DR = 1, DL = 2, L = 3, UL = 4, UR = 5, Middle = -1 };
constexpr int kStepQ[6] = {+1, 0, -1, -1, 0, +1};
constexpr int kStepR[6] = {0, +1, +1, 0, -1, -1};

// Orientation letters A..F turn the base clockwise 0..5 times; G..L mirror it in the horizontal axis first
// (UL <-> DL, UR <-> DR, so d -> -d) and then turn.
int orient(int code, int d) {
  if (d == Middle) return Middle;
  const int mirrored = code >= 6 ? (6 - d) % 6 : d;
  return (mirrored + code % 6) % 6;
}

// Pegs: rows of 6, rows 1 and 3 half a step right; axial q = col + 1 - floor(row / 2), r = row.
int pegAt(int q, int r) {
  if (r < 0 || r > 3) return -1;
  const int col = q - 1 + r / 2;
  if (col < 0 || col > 5) return -1;
  return r * 6 + col;
}
int pegQ(int peg) {
  return peg % 6 + 1 - (peg / 6) / 2;
}
int pegR(int peg) {
  return peg / 6;
}

struct PartSpec {
  int at;     // Middle, or the direction of the step from the middle part
  bool ball;  // ball (links) or ring (openings)
  std::vector<int> dirs;
};

struct PieceSpec {
  char letter;
  PartSpec parts[3];
};

// The table of PUZZLES.md, base orientation "A": part at L, part at the middle, third part.
const PieceSpec kPieces[kIqLinkPieces] = {
    {'A', {{L, true, {R}}, {Middle, false, {UL, UR}}, {R, true, {L}}}},
    {'B', {{L, true, {R}}, {Middle, false, {}}, {R, false, {UR}}}},
    {'C', {{L, true, {R}}, {Middle, false, {}}, {R, false, {UL}}}},
    {'D', {{L, true, {R}}, {Middle, false, {}}, {UR, false, {DR}}}},
    {'E', {{L, true, {R}}, {Middle, false, {}}, {UR, false, {L}}}},
    {'F', {{L, true, {R}}, {Middle, false, {}}, {UR, false, {UL}}}},
    {'G', {{L, true, {R}}, {Middle, false, {DL}}, {UR, true, {DL}}}},
    {'H', {{L, false, {UL}}, {Middle, false, {}}, {UR, false, {UR}}}},
    {'I', {{L, true, {R}}, {Middle, true, {L, UL}}, {UL, false, {UL}}}},
    {'J', {{L, true, {R}}, {Middle, true, {L, UL}}, {UL, false, {L}}}},
    {'K', {{L, true, {R}}, {Middle, false, {DR}}, {UL, true, {DR}}}},
    {'L', {{L, true, {R}}, {Middle, false, {DR}}, {UL, false, {R}}}},
};

// Slots a part takes once its directions are oriented: a ball its centre and its links, a ring the six
// directions minus its openings.
std::uint8_t partSlots(const PartSpec& part, int code) {
  std::uint8_t slots = 0;
  if (part.ball) {
    slots = 1;
    for (int d : part.dirs) slots |= static_cast<std::uint8_t>(1U << (1 + orient(code, d)));
  } else {
    slots = 0x7e;
    for (int d : part.dirs) slots &= static_cast<std::uint8_t>(~(1U << (1 + orient(code, d))));
  }
  return slots;
}

// A placement in a canonical form: its (peg, slots) pairs sorted by peg.
std::array<std::pair<int, int>, 3> sortedParts(const IqLinkPlacement& p) {
  std::array<std::pair<int, int>, 3> parts;
  for (int i = 0; i < 3; ++i)
    parts[static_cast<std::size_t>(i)] = {p.pegs[static_cast<std::size_t>(i)],
                                          p.slots[static_cast<std::size_t>(i)]};
  std::sort(parts.begin(), parts.end());
  return parts;
}

// Builds the placement of `piece` in orientation `code` with its middle part on `peg`; false if off the
// board.
bool build(int peg, int piece, int code, IqLinkPlacement& out) {
  out.piece = piece;
  for (int i = 0; i < 3; ++i) {
    const PartSpec& part = kPieces[piece].parts[i];
    int q = pegQ(peg), r = pegR(peg);
    const int d = orient(code, part.at);
    if (d != Middle) q += kStepQ[d], r += kStepR[d];
    const int at = pegAt(q, r);
    if (at < 0) return false;
    out.pegs[static_cast<std::size_t>(i)] = at;
    out.slots[static_cast<std::size_t>(i)] = partSlots(part, code);
  }
  out.code = {static_cast<char>('A' + peg), kPieces[piece].letter, static_cast<char>('A' + code)};
  return true;
}

std::vector<IqLinkPlacement> makePlacements() {
  std::vector<IqLinkPlacement> all;
  for (int piece = 0; piece < kIqLinkPieces; ++piece)
    for (int code = 0; code < 12; ++code)  // lowest orientation letter first, so codes use it
      for (int peg = 0; peg < kIqLinkPegs; ++peg) {
        IqLinkPlacement p;
        if (!build(peg, piece, code, p)) continue;
        if (std::find(all.begin(), all.end(), p) == all.end()) all.push_back(p);
      }
  std::stable_sort(all.begin(), all.end(), [](const auto& a, const auto& b) { return a.piece < b.piece; });
  return all;
}

// ---------------------------------------------------------------------------------------------------------------
// The search.

constexpr std::uint16_t kAllPieces = (1U << kIqLinkPieces) - 1;

// Counting parts: a peg holds at most one ball (the centre) and one ring (a ring takes at least four of the
// six directions), and a ball shares a peg only with an open ring. With P pegs, N parts, B balls and O open
// rings, a solution has N - (P - empty) pegs with two parts, so O - N + P - empty open rings hold no ball and
// B - N + P - empty balls sit in no ring. Both budgets are spent as the pegs are finished.
struct PartTotals {
  int parts = 0, balls = 0, openRings = 0;
};
PartTotals partTotals() {
  PartTotals t;
  for (const PieceSpec& piece : kPieces)
    for (const PartSpec& part : piece.parts) {
      ++t.parts;
      if (part.ball)
        ++t.balls;
      else if (!part.dirs.empty())
        ++t.openRings;
    }
  return t;
}
const int kWasteBudget = partTotals().openRings - partTotals().parts + kIqLinkPegs;  // 14 - 36 + 24 = 2
const int kLoneBudget = partTotals().balls - partTotals().parts + kIqLinkPegs;       // 16 - 36 + 24 = 4

struct Option {
  int piece;
  int start;                          // rank of its first peg in the search order
  std::array<int, 3> ranks;           // ranks of its pegs
  std::array<std::uint64_t, 3> mask;  // occupancy bits: 8 per peg rank, 8 ranks per word
  std::uint32_t pegRanks = 0;         // bit per rank: a part, a ball, a ring there
  std::uint32_t ballRanks = 0;
  std::uint32_t ringRanks = 0;
};

// Pegs in an order that keeps each piece's pegs close together: by position across the board (columns, with
// the half step of the odd rows), then by row. A placement then reaches at most 8 ranks past its first peg.
std::array<int, kIqLinkPegs> searchOrder() {
  std::array<int, kIqLinkPegs> order{};
  for (int i = 0; i < kIqLinkPegs; ++i) order[static_cast<std::size_t>(i)] = i;
  std::sort(order.begin(), order.end(), [](int a, int b) {
    const int xa = 2 * (a % 6) + (a / 6) % 2, xb = 2 * (b % 6) + (b / 6) % 2;
    return xa != xb ? xa < xb : a / 6 < b / 6;
  });
  return order;
}

// The state at a peg of rank >= kMemoFrom: what the pegs from there on hold (ranks 8..23 are words 1 and 2 of
// the occupancy), their groups (4 bits per rank from 8 on), and the rank, pieces used and budgets spent.
constexpr int kMemoFrom = 8;
struct Key {
  std::uint64_t occ1 = 0, occ2 = 0, labels = 0, meta = 0;  // meta 0: a free entry (rank + 1 is stored)
  bool operator==(const Key&) const = default;
};

// A cache of counts below states: direct-mapped, a newer state evicts an older one with the same hash.
class Memo {
 public:
  explicit Memo(int bits) : entries_(std::size_t{1} << bits) {}
  const std::uint64_t* find(const Key& key) const {
    const Entry& e = entries_[index(key)];
    return e.key == key ? &e.value : nullptr;
  }
  void insert(const Key& key, std::uint64_t value) {
    Entry& e = entries_[index(key)];
    if (e.key.meta == 0) ++size_;
    e = Entry{key, value};
  }
  std::size_t size() const { return size_; }

 private:
  struct Entry {
    Key key;
    std::uint64_t value = 0;
  };
  std::size_t index(const Key& k) const {
    std::uint64_t h = k.meta * 0x9e3779b97f4a7c15ULL;
    for (auto w : {k.occ1, k.occ2, k.labels}) {
      h ^= w + 0x632be59bd9b4e019ULL + (h << 6) + (h >> 2);
      h *= 0xff51afd7ed558ccdULL;
      h ^= h >> 32;
    }
    return static_cast<std::size_t>(h) & (entries_.size() - 1);
  }
  std::vector<Entry> entries_;
  std::size_t size_ = 0;
};

// One pass over the pegs: counts every solution, or (linked) only those whose pieces form one group.
class Search {
 public:
  Search(const std::vector<Option>& options, const std::vector<std::vector<int>>& byStart,
         const IqLinkOptions& o, bool linked)
      : options_(options),
        byStart_(byStart),
        memo_(o.memo),
        linked_(linked),
        memo_table_(o.memo ? o.memoBits : 0) {
    for (int id = 0; id < static_cast<int>(options.size()); ++id)
      for (int r = 0; r < kIqLinkPegs; ++r) {
        const Option& o = options[static_cast<std::size_t>(id)];
        if (((o.pegRanks >> r) & 1U) != 0) byReach_[static_cast<std::size_t>(r)].push_back(id);
        if (((o.ballRanks >> r) & 1U) != 0) byBall_[static_cast<std::size_t>(r)].push_back(id);
        if (((o.ringRanks >> r) & 1U) != 0) byRing_[static_cast<std::size_t>(r)].push_back(id);
      }
    for (auto* lists : {&byReach_, &byBall_, &byRing_})
      for (auto& list : *lists)
        std::stable_sort(list.begin(), list.end(), [&](int a, int b) {
          return options[static_cast<std::size_t>(a)].start > options[static_cast<std::size_t>(b)].start;
        });
    for (int rank = 0; rank <= kIqLinkPegs; ++rank)
      for (int r = rank; r < kIqLinkPegs; ++r)
        future_[static_cast<std::size_t>(rank)][static_cast<std::size_t>(r / 8)] |= std::uint64_t{0xff}
                                                                                    << (8 * (r % 8));
  }

  // Places the givens; false if they close a group of linked pieces that cannot grow (never: all pegs are
  // open).
  void setGivens(const std::vector<int>& givenOptions) {
    for (int g : givenOptions) place(options_[static_cast<std::size_t>(g)]);
  }

  std::uint64_t run() { return solve(0); }
  std::uint64_t nodes() const { return nodes_; }

 private:
  bool fits(const Option& o) const {
    return ((used_ >> o.piece) & 1U) == 0 && (o.mask[0] & occ_[0]) == 0 && (o.mask[1] & occ_[1]) == 0 &&
           (o.mask[2] & occ_[2]) == 0;
  }
  std::uint8_t pegBits(int rank) const {
    return static_cast<std::uint8_t>(occ_[static_cast<std::size_t>(rank / 8)] >> (8 * (rank % 8)));
  }

  // A look ahead: a peg from `rank` on that is empty and that no placement still fitting (on its own) can
  // reach will stay empty, an open ring that none can put a ball in will hold none, a ball that none can ring
  // will sit alone. Are the budgets still enough?
  bool promising(int rank) const {
    int empty = empty_, wasted = wasted_, lone = lone_;
    for (int r = rank; r < kIqLinkPegs; ++r) {
      const std::uint8_t bits = pegBits(r);
      const int dirs = std::popcount(static_cast<unsigned>(bits >> 1U));
      const std::vector<int>* list = nullptr;
      int* spend = nullptr;
      if (bits == 0)
        list = &byReach_[static_cast<std::size_t>(r)], spend = &empty;
      else if ((bits & 1U) != 0 && dirs <= 2)
        list = &byRing_[static_cast<std::size_t>(r)], spend = &lone;
      else if ((bits & 1U) == 0 && dirs >= 4 && dirs < 6)
        list = &byBall_[static_cast<std::size_t>(r)], spend = &wasted;
      if (list == nullptr) continue;
      bool hope = false;
      for (int id : *list) {  // latest first
        const Option& o = options_[static_cast<std::size_t>(id)];
        if (o.start < rank) break;
        if (fits(o)) {
          hope = true;
          break;
        }
      }
      if (hope) continue;
      ++*spend;
      if (empty + wasted > kWasteBudget || empty + lone > kLoneBudget) return false;
    }
    return true;
  }

  // Occupies the option's slots and, for the linkage rule, merges the groups it touches into one.
  void place(const Option& o) {
    for (std::size_t w = 0; w < 3; ++w) occ_[w] |= o.mask[w];
    used_ |= static_cast<std::uint16_t>(1U << o.piece);
    if (!linked_) return;
    bool inUse[16] = {};
    for (auto l : labels_) inUse[l] = true;
    std::uint8_t label = 1;
    while (inUse[label]) ++label;
    bool merge[16] = {};
    for (int r : o.ranks) merge[labels_[static_cast<std::size_t>(r)]] = true;
    merge[0] = false;
    for (auto& l : labels_)
      if (merge[l]) l = label;
    for (int r : o.ranks) labels_[static_cast<std::size_t>(r)] = label;
  }

  // Peg `rank` is final: spend the budgets, close its group if no later peg carries it, and count below.
  std::uint64_t finishAndGo(int rank) {
    const std::uint8_t bits = pegBits(rank);
    const int dirs = std::popcount(static_cast<unsigned>(bits >> 1U));
    const int empty = empty_, wasted = wasted_, lone = lone_;
    if (bits == 0)
      ++empty_;
    else if ((bits & 1U) != 0 && dirs <= 2)
      ++lone_;  // a ball alone
    else if ((bits & 1U) == 0 && dirs < 6)
      ++wasted_;  // an open ring alone
    std::uint64_t n = 0;
    if (empty_ + wasted_ <= kWasteBudget && empty_ + lone_ <= kLoneBudget) {
      const std::uint8_t label = linked_ ? labels_[static_cast<std::size_t>(rank)] : 0;
      bool alive = true;
      if (label != 0) {
        labels_[static_cast<std::size_t>(rank)] = 0;
        bool carried = false, others = false;
        for (int r = rank + 1; r < kIqLinkPegs; ++r) {
          carried = carried || labels_[static_cast<std::size_t>(r)] == label;
          others = others || labels_[static_cast<std::size_t>(r)] != 0;
        }
        // A closed group gains no piece (every later piece lies on later pegs only), so it must be all of
        // them.
        alive = carried || (!others && used_ == kAllPieces);
      }
      if (alive) n = solve(rank + 1);
      if (label != 0) labels_[static_cast<std::size_t>(rank)] = label;
    }
    empty_ = empty, wasted_ = wasted, lone_ = lone;
    return n;
  }

  Key key(int rank) const {
    Key k;
    k.occ1 = occ_[1] & future_[static_cast<std::size_t>(rank)][1];
    k.occ2 = occ_[2] & future_[static_cast<std::size_t>(rank)][2];
    if (linked_) {
      std::uint8_t rename[16] = {};
      std::uint8_t next = 1;
      for (int r = rank; r < kIqLinkPegs; ++r) {
        const auto l = labels_[static_cast<std::size_t>(r)];
        if (l == 0) continue;
        if (rename[l] == 0) rename[l] = next++;
        k.labels |= std::uint64_t{rename[l]} << (4 * (r - kMemoFrom));
      }
    }
    k.meta = static_cast<std::uint64_t>(rank + 1) | (std::uint64_t{used_} << 5) |
             (static_cast<std::uint64_t>(empty_) << 17) | (static_cast<std::uint64_t>(wasted_) << 21) |
             (static_cast<std::uint64_t>(lone_) << 25);
    return k;
  }

  std::uint64_t solve(int rank) {
    if (rank == kIqLinkPegs) {
      ++nodes_;
      return used_ == kAllPieces ? 1 : 0;
    }
    ++nodes_;
    const bool memo = memo_ && rank >= kMemoFrom;
    Key k;
    if (memo) {
      k = key(rank);
      if (const std::uint64_t* known = memo_table_.find(k)) return *known;
    }
    std::uint64_t total = 0;
    if (!promising(rank)) {
      if (memo) memo_table_.insert(k, total);
      return total;
    }
    // Nothing more on this peg, one piece whose first peg it is, or two (a ball in a ring).
    total = finishAndGo(rank);
    const auto& here = byStart_[static_cast<std::size_t>(rank)];
    for (std::size_t i = 0; i < here.size(); ++i) {
      const Option& a = options_[static_cast<std::size_t>(here[i])];
      if (!fits(a)) continue;
      const auto occ = occ_;
      const auto labels = labels_;
      const auto used = used_;
      place(a);
      total += finishAndGo(rank);
      for (std::size_t j = i + 1; j < here.size(); ++j) {
        const Option& b = options_[static_cast<std::size_t>(here[j])];
        if (!fits(b)) continue;
        const auto occ2 = occ_;
        const auto labels2 = labels_;
        const auto used2 = used_;
        place(b);
        total += finishAndGo(rank);
        occ_ = occ2, labels_ = labels2, used_ = used2;
      }
      occ_ = occ, labels_ = labels, used_ = used;
    }
    if (memo) memo_table_.insert(k, total);
    return total;
  }

  const std::vector<Option>& options_;
  const std::vector<std::vector<int>>& byStart_;
  // Per rank: the options with a part there, a ball there, a ring there; latest first peg first.
  std::array<std::vector<int>, kIqLinkPegs> byReach_, byBall_, byRing_;
  bool memo_;
  bool linked_;
  std::array<std::array<std::uint64_t, 3>, kIqLinkPegs + 1> future_{};  // occupancy bits of ranks >= rank
  std::array<std::uint64_t, 3> occ_{};
  std::array<std::uint8_t, kIqLinkPegs> labels_{};  // per rank: group of the pieces on that peg, 0 if none
  std::uint16_t used_ = 0;
  int empty_ = 0;   // pegs left empty
  int wasted_ = 0;  // open rings holding no ball
  int lone_ = 0;    // balls in no ring
  Memo memo_table_;
  std::uint64_t nodes_ = 0;
};

// Counts with the given placements forced and the others limited to `allowed`; the unlinked and the linked
// passes run side by side when threads > 1.
IqLinkCounts count(const std::vector<int>& givens, const std::vector<bool>& allowed,
                   const IqLinkOptions& options) {
  const auto& all = iqLinkPlacements();
  const auto order = searchOrder();
  std::array<int, kIqLinkPegs> rankOf{};
  for (int i = 0; i < kIqLinkPegs; ++i)
    rankOf[static_cast<std::size_t>(order[static_cast<std::size_t>(i)])] = i;

  std::vector<Option> opts;
  std::vector<std::vector<int>> byStart(kIqLinkPegs);
  std::vector<int> givenOptions;
  std::uint16_t givenPieces = 0;
  for (int g : givens)
    givenPieces |= static_cast<std::uint16_t>(1U << all[static_cast<std::size_t>(g)].piece);
  for (std::size_t id = 0; id < all.size(); ++id) {
    const bool given = std::find(givens.begin(), givens.end(), static_cast<int>(id)) != givens.end();
    if (!given && (((givenPieces >> all[id].piece) & 1U) != 0 || !allowed[id])) continue;
    Option o{};
    o.piece = all[id].piece;
    o.start = kIqLinkPegs;
    for (int i = 0; i < 3; ++i) {
      const int r = rankOf[static_cast<std::size_t>(all[id].pegs[static_cast<std::size_t>(i)])];
      o.ranks[static_cast<std::size_t>(i)] = r;
      o.start = std::min(o.start, r);
      const std::uint8_t slots = all[id].slots[static_cast<std::size_t>(i)];
      o.mask[static_cast<std::size_t>(r / 8)] |= std::uint64_t{slots} << (8 * (r % 8));
      o.pegRanks |= 1U << r;
      if ((slots & 1U) != 0)
        o.ballRanks |= 1U << r;
      else
        o.ringRanks |= 1U << r;
    }
    if (given) {
      givenOptions.push_back(static_cast<int>(opts.size()));
    } else {
      byStart[static_cast<std::size_t>(o.start)].push_back(static_cast<int>(opts.size()));
    }
    opts.push_back(o);
  }
  for (std::size_t i = 0; i < givenOptions.size(); ++i)
    for (std::size_t j = 0; j < i; ++j) {
      const Option& a = opts[static_cast<std::size_t>(givenOptions[i])];
      const Option& b = opts[static_cast<std::size_t>(givenOptions[j])];
      for (std::size_t w = 0; w < 3; ++w)
        if ((a.mask[w] & b.mask[w]) != 0) throw std::invalid_argument("given placements overlap");
    }

  IqLinkCounts result;
  std::uint64_t nodes[2] = {};
  auto pass = [&](bool linked) {
    Search search(opts, byStart, options, linked);
    search.setGivens(givenOptions);
    (linked ? result.linked : result.unlinked) = search.run();
    nodes[linked ? 1 : 0] = search.nodes();
  };
  if (options.threads > 1) {
    std::thread other(pass, true);
    pass(false);
    other.join();
  } else {
    pass(false);
    pass(true);
  }
  result.nodes = nodes[0] + nodes[1];
  return result;
}

}  // namespace

bool IqLinkPlacement::operator==(const IqLinkPlacement& o) const {
  return piece == o.piece && sortedParts(*this) == sortedParts(o);
}

const std::vector<IqLinkPlacement>& iqLinkPlacements() {
  static const std::vector<IqLinkPlacement> all = makePlacements();
  return all;
}

int iqLinkPlacementOf(const std::string& code) {
  if (code.size() != 3) return -1;
  auto upper = [](char c) { return c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c; };
  const int peg = upper(code[0]) - 'A', piece = upper(code[1]) - 'A', orientation = upper(code[2]) - 'A';
  if (peg < 0 || peg >= kIqLinkPegs || piece < 0 || piece >= kIqLinkPieces || orientation < 0 ||
      orientation >= 12)
    return -1;
  IqLinkPlacement p;
  if (!build(peg, piece, orientation, p)) return -1;
  const auto& all = iqLinkPlacements();
  const auto it = std::find(all.begin(), all.end(), p);
  return it == all.end() ? -1 : static_cast<int>(it - all.begin());
}

int iqLinkTurned(int placement) {
  const auto& all = iqLinkPlacements();
  IqLinkPlacement p = all[static_cast<std::size_t>(placement)];
  for (std::size_t i = 0; i < 3; ++i) {
    p.pegs[i] = kIqLinkPegs - 1 - p.pegs[i];
    const unsigned dirs = p.slots[i] >> 1U;
    p.slots[i] =
        static_cast<std::uint8_t>((p.slots[i] & 1U) | ((((dirs << 3U) | (dirs >> 3U)) & 0x3fU) << 1U));
  }
  const auto it = std::find(all.begin(), all.end(), p);
  return it == all.end() ? -1 : static_cast<int>(it - all.begin());
}

IqLinkCounts countIqLinkReference(const std::string& givenCodes, const IqLinkOptions& options) {
  if (givenCodes.size() % 3 != 0) throw std::invalid_argument("codes come in threes: " + givenCodes);
  std::vector<int> givens;
  for (std::size_t i = 0; i < givenCodes.size(); i += 3) {
    const int id = iqLinkPlacementOf(givenCodes.substr(i, 3));
    if (id < 0) throw std::invalid_argument("bad code " + givenCodes.substr(i, 3));
    for (int g : givens)
      if (iqLinkPlacements()[static_cast<std::size_t>(g)].piece ==
          iqLinkPlacements()[static_cast<std::size_t>(id)].piece)
        throw std::invalid_argument("piece given twice: " + givenCodes.substr(i, 3));
    givens.push_back(id);
  }
  const auto& all = iqLinkPlacements();
  IqLinkCounts result = count(givens, std::vector<bool>(all.size(), true), options);
  // A solution the turn maps onto itself maps every piece onto itself (the pieces are all different), so
  // every placement in it is turn-invariant: count the solutions made of such placements only.
  std::vector<bool> invariant(all.size());
  bool any = true;
  for (std::size_t id = 0; id < all.size(); ++id)
    invariant[id] = iqLinkTurned(static_cast<int>(id)) == static_cast<int>(id);
  for (int g : givens) any = any && invariant[static_cast<std::size_t>(g)];
  if (any) {
    IqLinkOptions single = options;
    single.threads = 1;
    const IqLinkCounts fixed = count(givens, invariant, single);
    result.turnFixedUnlinked = fixed.unlinked;
    result.turnFixedLinked = fixed.linked;
  }
  return result;
}

}  // namespace piecework::reference

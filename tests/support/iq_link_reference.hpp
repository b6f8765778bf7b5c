// SPDX-License-Identifier: Apache-2.0
// An independent IQ-Link enumerator for the tests. It shares no code with puzzle/ or solver/: its own hex
// geometry, its own piece table (typed in from docs/puzzles.md), its own slot bitmasks and its
// own search, so that agreeing counts mean something.
//
// Search: the 24 pegs are decided one at a time in a fixed order (across the board column by column). At each
// peg the pieces whose first peg (in that order) it is are placed, zero, one or two of them (a ball in a
// ring); after that nothing can change on the peg. Counting parts gives two budgets that finished pegs spend:
// with 24 pegs, 36 parts, 16 balls and 14 open rings, (empty pegs + open rings without a ball) = 2 and (empty
// pegs + balls without a ring) = 4 in every solution. A look-ahead spends them early for pegs that no
// placement still fitting can help. The linkage rule: a group of linked pieces whose pegs are all finished
// can grow no more, so it must be all of them. The state after a peg (what the later pegs hold, their groups,
// the pieces used, the budgets spent) decides the rest, so counts below states from the ninth peg on are
// cached (`memo = false` walks every solution).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace piecework::reference {

inline constexpr int kIqLinkPegs = 24;
inline constexpr int kIqLinkPieces = 12;

// One placement: the piece (0..11 for A..L) and, for each of its 3 parts, the peg (0..23, A..X in reading
// order) and the slots it takes there (bit 0 the centre, bit 1 + d direction d in the order R, DR, DL, L, UL,
// UR).
struct IqLinkPlacement {
  int piece = 0;
  std::array<int, 3> pegs{};
  std::array<std::uint8_t, 3> slots{};
  std::string code;  // peg, piece, orientation letters (the lowest orientation letter giving this placement)
  bool operator==(const IqLinkPlacement& o) const;  // same piece, same slots on the same pegs
};

// Every distinct placement of every piece on the empty board (distinct = distinct sets of slots).
const std::vector<IqLinkPlacement>& iqLinkPlacements();

// The placement a 3-letter code names, or -1 (bad letters, or a part off the board). Index into
// iqLinkPlacements().
int iqLinkPlacementOf(const std::string& code);

// The placement turned by 180 degrees (peg i -> peg 23 - i, direction d -> d + 3).
int iqLinkTurned(int placement);

struct IqLinkCounts {
  std::uint64_t unlinked = 0;           // every way to place the pieces left with no shared slot
  std::uint64_t linked = 0;             // ... whose pieces (givens included) form one linked structure
  std::uint64_t turnFixedUnlinked = 0;  // solutions that the 180-degree turn maps onto themselves
  std::uint64_t turnFixedLinked = 0;
  // Up to the board's 180-degree turn (Burnside), meaningful when the givens are turn-invariant (e.g. none).
  std::uint64_t unlinkedUpToTurn() const { return (unlinked + turnFixedUnlinked) / 2; }
  std::uint64_t linkedUpToTurn() const { return (linked + turnFixedLinked) / 2; }
  std::uint64_t nodes = 0;  // pegs decided (search nodes), both passes
};

struct IqLinkOptions {
  bool memo = true;   // remember the counts below states (from the ninth peg on)
  int memoBits = 16;  // the memo holds 2^memoBits states (40 bytes each) per pass
  int threads = 1;    // 2 or more: the unlinked and the linked count run side by side
};

// Counts the completions of the challenge given as 3-letter codes (concatenated, no spaces). Throws
// std::invalid_argument for a bad code or overlapping givens.
IqLinkCounts countIqLinkReference(const std::string& givenCodes, const IqLinkOptions& options = {});

}  // namespace piecework::reference

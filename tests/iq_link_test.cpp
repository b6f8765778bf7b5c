// SPDX-License-Identifier: Apache-2.0
// IQ-Link (issue 3): pieces, placements, the rules of pegs and slots, the 3-letter codes, and counts checked
// against the independent enumerator in support/iq_link_reference.cpp.
#include <gtest/gtest.h>

#include <bitset>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "families/iq_link/family.hpp"
#include "puzzle/challenge.hpp"
#include "puzzle/definition.hpp"
#include "puzzle/errors.hpp"
#include "solver/solver.hpp"
#include "support/iq_link_reference.hpp"
#include "support/run.hpp"

namespace piecework {
namespace {

const Puzzle& iqLink() {
  static const Puzzle p = loadPuzzle("iq-link");
  return p;
}

using Slots = std::bitset<7 * 24>;

Slots slotsOf(const Puzzle& p, int placement) {
  Slots b;
  for (int s : p.placements[static_cast<std::size_t>(placement)].sites) b.set(static_cast<std::size_t>(s));
  return b;
}

// Per peg (q, r) that the placement touches: the slots (0 centre, 1..6 directions) it takes there.
std::map<std::pair<int, int>, std::set<int>> partsOf(const Puzzle& p, int placement) {
  std::map<std::pair<int, int>, std::set<int>> parts;
  for (int s : p.placements[static_cast<std::size_t>(placement)].sites) {
    const Site& site = p.sites[static_cast<std::size_t>(s)];
    parts[{site.x, site.y}].insert(site.z);
  }
  return parts;
}

TEST(IqLink, ShowJsonOrientationsAndPlacements) {
  const auto r = test::runPiecework("show iq-link --json");
  ASSERT_EQ(r.status, 0) << r.err;
  const auto json = nlohmann::json::parse(r.out);
  const std::map<std::string, std::pair<int, int>> expected = {
      {"A", {6, 72}},   {"B", {12, 144}}, {"C", {12, 144}}, {"D", {12, 152}},
      {"E", {12, 152}}, {"F", {12, 152}}, {"G", {12, 152}}, {"H", {12, 152}},
      {"I", {12, 180}}, {"J", {12, 180}}, {"K", {12, 180}}, {"L", {12, 180}}};
  std::map<std::string, std::pair<int, int>> got;
  for (const auto& piece : json.at("pieces"))
    got[piece.at("letter").get<std::string>()] = {piece.at("orientations").get<int>(),
                                                  piece.at("placements").get<int>()};
  EXPECT_EQ(got, expected);
  EXPECT_EQ(json.at("cells"), 24);
  EXPECT_EQ(json.at("symmetries"), 2);
  EXPECT_EQ(json.at("linked"), true);
}

TEST(IqLink, SixteenBallsFourteenOpenRingsSixClosedRings) {
  int balls = 0, open = 0, closed = 0;
  for (const auto& piece : iqLink().pieces) {
    ASSERT_EQ(piece.parts.size(), 3U) << piece.letter;
    for (const auto& part : piece.parts) {
      if (part.ball)
        ++balls;
      else if (part.directions.empty())
        ++closed;
      else
        ++open;
    }
  }
  EXPECT_EQ(balls, 16);
  EXPECT_EQ(open, 14);
  EXPECT_EQ(closed, 6);
}

TEST(IqLink, EveryPartSitsOnAPegOfTheBoard) {
  const Puzzle& p = iqLink();
  std::set<std::pair<int, int>> pegs;
  for (const Site& c : p.cells) pegs.insert({c.x, c.y});
  ASSERT_EQ(pegs.size(), 24U);
  for (int id = 0; id < static_cast<int>(p.placements.size()); ++id) {
    const auto parts = partsOf(p, id);
    ASSERT_EQ(parts.size(), 3U) << pegCode(p, id);  // three parts, three different pegs
    int centres = 0;
    for (const auto& [peg, slots] : parts) {
      EXPECT_EQ(pegs.count(peg), 1U) << pegCode(p, id);
      for (int slot : slots) EXPECT_TRUE(slot >= 0 && slot <= 6);
      // A ball takes its centre and one or two directions; a ring four to six directions and no centre.
      if (slots.count(0) != 0) {
        ++centres;
        EXPECT_TRUE(slots.size() == 2 || slots.size() == 3) << pegCode(p, id);
      } else {
        EXPECT_GE(slots.size(), 4U) << pegCode(p, id);
      }
    }
    int balls = 0;
    for (const auto& part :
         p.pieces[static_cast<std::size_t>(p.placements[static_cast<std::size_t>(id)].piece)].parts)
      balls += part.ball ? 1 : 0;
    EXPECT_EQ(centres, balls) << pegCode(p, id);
  }
}

// Two balls never share a peg: a ball takes its peg's centre, and two placements that fit together take no
// slot twice. Checked over every pair of placements of different pieces.
TEST(IqLink, TwoBallsNeverShareAPeg) {
  const Puzzle& p = iqLink();
  std::vector<Slots> slots;
  std::vector<std::set<std::pair<int, int>>> ballPegs;
  for (int id = 0; id < static_cast<int>(p.placements.size()); ++id) {
    slots.push_back(slotsOf(p, id));
    std::set<std::pair<int, int>> balls;
    for (const auto& [peg, taken] : partsOf(p, id))
      if (taken.count(0) != 0) balls.insert(peg);
    ballPegs.push_back(std::move(balls));
  }
  std::size_t compatible = 0;
  for (std::size_t a = 0; a < slots.size(); ++a)
    for (std::size_t b = a + 1; b < slots.size(); ++b) {
      if (p.placements[a].piece == p.placements[b].piece || (slots[a] & slots[b]).any()) continue;
      ++compatible;
      for (const auto& peg : ballPegs[a])
        ASSERT_EQ(ballPegs[b].count(peg), 0U)
            << pegCode(p, static_cast<int>(a)) << pegCode(p, static_cast<int>(b));
    }
  EXPECT_GT(compatible, 0U);
}

// The elbow balls of I and J fit only inside light purple's (A's) two-opening ring: whenever another piece's
// part shares the elbow ball's peg without sharing a slot, that part is A's middle ring. And it does happen.
TEST(IqLink, ElbowBallsFitOnlyInsideTheTwoOpeningRing) {
  const Puzzle& p = iqLink();
  const int a = p.pieceByLetter('A');
  std::size_t insideA = 0;
  for (char letter : {'I', 'J'}) {
    const int piece = p.pieceByLetter(letter);
    for (int id : p.piecePlacements[static_cast<std::size_t>(piece)]) {
      std::pair<int, int> elbow{};
      int found = 0;
      for (const auto& [peg, taken] : partsOf(p, id))
        if (taken.count(0) != 0 && taken.size() == 3) elbow = peg, ++found;  // centre and two links
      ASSERT_EQ(found, 1) << pegCode(p, id);
      const Slots mine = slotsOf(p, id);
      for (int other = 0; other < static_cast<int>(p.placements.size()); ++other) {
        if (p.placements[static_cast<std::size_t>(other)].piece == piece || (mine & slotsOf(p, other)).any())
          continue;
        const auto parts = partsOf(p, other);
        const auto it = parts.find(elbow);
        if (it == parts.end()) continue;
        // A's middle ring: open UL and UR, so exactly four direction slots and no centre.
        EXPECT_EQ(p.placements[static_cast<std::size_t>(other)].piece, a)
            << pegCode(p, id) << " with " << pegCode(p, other);
        EXPECT_EQ(it->second.size(), 4U) << pegCode(p, id) << " with " << pegCode(p, other);
        EXPECT_EQ(it->second.count(0), 0U);
        ++insideA;
      }
    }
  }
  EXPECT_GT(insideA, 0U);
}

TEST(IqLink, EveryPlacementAndItsCodeRoundTrip) {
  const Puzzle& p = iqLink();
  std::set<std::string> codes;
  for (int id = 0; id < static_cast<int>(p.placements.size()); ++id) {
    const std::string code = pegCode(p, id);
    ASSERT_EQ(code.size(), 3U);
    EXPECT_TRUE(codes.insert(code).second) << code;
    EXPECT_EQ(parseChallenge(p, code), std::vector<int>{id}) << code;
  }
  EXPECT_EQ(codes.size(), 72U + 2 * 144U + 5 * 152U + 4 * 180U);
}

TEST(IqLink, CodesAgreeWithTheIndependentGeometry) {
  // Every placement of the reference enumerator (its own hex geometry and piece table) has a code that the
  // engine reads as a placement with the same pegs; and the two have equally many placements.
  const Puzzle& p = iqLink();
  const auto& reference = reference::iqLinkPlacements();
  EXPECT_EQ(reference.size(), p.placements.size());
  for (const auto& r : reference) {
    const auto ids = parseChallenge(p, r.code);
    ASSERT_EQ(ids.size(), 1U) << r.code;
    EXPECT_EQ(pegCode(p, ids[0]), r.code);
    std::set<int> slotsByEngine, slotsByReference;
    for (int s : p.placements[static_cast<std::size_t>(ids[0])].sites) {
      const Site& site = p.sites[static_cast<std::size_t>(s)];
      const int row = site.y, col = site.x + row / 2;  // the engine's axial q = column - floor(row / 2)
      slotsByEngine.insert((row * 6 + col) * 7 + site.z);
    }
    for (std::size_t i = 0; i < 3; ++i)
      for (int slot = 0; slot < 7; ++slot)
        if ((r.slots[i] >> slot) & 1U) slotsByReference.insert(r.pegs[i] * 7 + slot);
    EXPECT_EQ(slotsByEngine, slotsByReference) << r.code;
  }
}

// Piece and orientation letters are case-insensitive; peg letters are not (after Z come a..z on larger
// boards).
TEST(IqLink, PieceAndOrientationLettersAreCaseInsensitiveAndSpacesAreSkipped) {
  const Puzzle& p = iqLink();
  EXPECT_EQ(parseChallenge(p, "Kaf Cbg\nUCA Gdf"), parseChallenge(p, "KAFCBGUCAGDF"));
  EXPECT_THROW(parseChallenge(p, "kAF"), InputError);
  const auto ids = parseChallenge(p, "KAFCBGUCAGDF");
  ASSERT_EQ(ids.size(), 4U);
  EXPECT_EQ(parseChallenge(p, formatChallenge(p, ids)), ids);
}

// ----- bad codes -----

std::string errorOf(const std::string& codes) {
  try {
    parseChallenge(iqLink(), codes);
  } catch (const InputError& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(IqLink, BadCodesNameTheOffendingCode) {
  // Peg Y: there are only 24 pegs, A to X.
  EXPECT_NE(errorOf("KAFYBA").find("YBA"), std::string::npos) << errorOf("KAFYBA");
  EXPECT_NE(errorOf("KAFYBA").find("peg"), std::string::npos);
  // Piece M: pieces are A to L.
  EXPECT_NE(errorOf("KAFCMA").find("CMA"), std::string::npos) << errorOf("KAFCMA");
  EXPECT_NE(errorOf("KAFCMA").find("piece"), std::string::npos);
  // Orientation M: orientations are A to L.
  EXPECT_NE(errorOf("KAFCBM").find("CBM"), std::string::npos) << errorOf("KAFCBM");
  EXPECT_NE(errorOf("KAFCBM").find("orientation"), std::string::npos);
  // A with its middle on peg A (top-left corner) in the base orientation: its L ball is left of the board.
  EXPECT_NE(errorOf("AAA").find("AAA"), std::string::npos) << errorOf("AAA");
  // B's middle is a closed ring; A's middle ring is already on peg K: both take K's direction slots.
  EXPECT_NE(errorOf("KAFKBA").find("KBA"), std::string::npos) << errorOf("KAFKBA");
  EXPECT_NE(errorOf("KAFKBA").find("slot"), std::string::npos);
  // A given twice (CAA is a legal placement of A on its own: balls on B and D, ring on C).
  EXPECT_NE(errorOf("KAFCAA").find("CAA"), std::string::npos) << errorOf("KAFCAA");
  EXPECT_EQ(errorOf("CAA"), "(no error)");
  EXPECT_EQ(errorOf("KBA"), "(no error)");
  // Not a whole number of codes.
  EXPECT_NE(errorOf("KAFCB"), "(no error)");
  // Other characters.
  EXPECT_NE(errorOf("K?F"), "(no error)");
}

TEST(IqLink, BadCodesOnTheCommandLineAreExitTwoWithOneLine) {
  for (const char* codes : {"KAFYBA", "KAFCMA", "KAFCBM", "AAA", "KAFKBA", "KAFCAA", "KAFCB"}) {
    for (const char* command : {"solve", "count"}) {
      const auto r = test::runPiecework(std::string(command) + " iq-link --challenge " + codes);
      EXPECT_EQ(r.status, 2) << command << ' ' << codes;
      EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
      EXPECT_TRUE(r.out.empty()) << r.out;
    }
  }
  const auto r = test::runPiecework("solve iq-link --challenge KAFKBA");
  EXPECT_NE(r.err.find("KBA"), std::string::npos) << r.err;
}

// ----- counts: the engine against the independent enumerator on restricted problems -----

// A full linked solution (every piece placed, one structure), and challenges made from it by leaving pieces
// out.
const char* const kSolution = "KAFCBGUCAGDFLEFPFBBGESHBOIAKJARKEJLH";

std::string withoutPieces(const std::string& codes, const std::string& pieces) {
  std::string out;
  for (std::size_t i = 0; i < codes.size(); i += 3)
    if (pieces.find(codes[i + 1]) == std::string::npos) out += codes.substr(i, 3);
  return out;
}

CountResult engineCount(const std::string& codes, bool linked, int threads = 1) {
  CountOptions options;
  options.threads = threads;
  options.rules.familyRule = linked;
  return countSolutions(iqLink(), parseChallenge(iqLink(), codes), options);
}

TEST(IqLinkReference, ItsPlacementCountsArePuzzlesMd) {
  std::map<int, int> perPiece;
  for (const auto& r : reference::iqLinkPlacements()) ++perPiece[r.piece];
  const std::map<int, int> expected = {{0, 72},  {1, 144}, {2, 144}, {3, 152}, {4, 152},  {5, 152},
                                       {6, 152}, {7, 152}, {8, 180}, {9, 180}, {10, 180}, {11, 180}};
  EXPECT_EQ(perPiece, expected);
  // The 180-degree turn maps placements onto placements and fixes none of them.
  for (int id = 0; id < static_cast<int>(reference::iqLinkPlacements().size()); ++id) {
    const int turned = reference::iqLinkTurned(id);
    ASSERT_GE(turned, 0);
    EXPECT_NE(turned, id);
    EXPECT_EQ(reference::iqLinkTurned(turned), id);
  }
}

TEST(IqLinkReference, AFullSolutionCountsItself) {
  const auto r = reference::countIqLinkReference(kSolution);
  EXPECT_EQ(r.unlinked, 1U);
  EXPECT_EQ(r.linked, 1U);
}

TEST(IqLinkReference, MemoAndPlainWalkAgree) {
  for (const char* pieces : {"ABCDEF", "GHIJKL", "ACEGIK"}) {
    const std::string codes = withoutPieces(kSolution, pieces);
    reference::IqLinkOptions plain;
    plain.memo = false;
    const auto a = reference::countIqLinkReference(codes);
    const auto b = reference::countIqLinkReference(codes, plain);
    EXPECT_EQ(a.unlinked, b.unlinked) << codes;
    EXPECT_EQ(a.linked, b.linked) << codes;
    EXPECT_GE(a.linked, 1U) << codes;  // the solution it was cut from
  }
}

TEST(IqLinkReference, AgreesWithTheEngineOnRestrictedProblems) {
  for (const char* pieces : {"L", "KL", "ABCDEF", "GHIJKL", "ACEGIK", "BDFHJL", "AIJ", "ABCDEFG"}) {
    const std::string codes = withoutPieces(kSolution, pieces);
    const auto reference = reference::countIqLinkReference(codes);
    const auto linked = engineCount(codes, true);
    const auto unlinked = engineCount(codes, false);
    EXPECT_EQ(linked.solutions, reference.linked) << codes;
    EXPECT_EQ(unlinked.solutions, reference.unlinked) << codes;
    EXPECT_GE(reference.linked, 1U) << codes;
    EXPECT_LE(reference.linked, reference.unlinked) << codes;
  }
}

// With at most two pieces placed the engine probes its options (solver/engine.hpp, probe()); these challenges
// start there, so the probed search is checked against the enumerator here and not only in the slow test.
TEST(IqLinkReference, AgreesWithTheEngineWhereItProbes) {
  for (const char* pieces : {"BCEFGHIJKL", "ABCDEFGHIJ"}) {
    const std::string codes = withoutPieces(kSolution, pieces);
    const auto reference = reference::countIqLinkReference(codes);
    EXPECT_EQ(engineCount(codes, true).solutions, reference.linked) << codes;
    EXPECT_EQ(engineCount(codes, false).solutions, reference.unlinked) << codes;
    EXPECT_GE(reference.linked, 1U) << codes;
  }
}

// With several threads the count is split into jobs a few pieces deep, and the search below a job's root
// may hand subtrees to compacted engines (solver/engine.hpp, delegate()); the split itself must not.
TEST(IqLinkReference, AgreesWithTheEngineSplitIntoJobs) {
  for (const char* pieces : {"BCEFGHIJKL", "ABCDEFGHIJ"}) {
    const std::string codes = withoutPieces(kSolution, pieces);
    const auto reference = reference::countIqLinkReference(codes);
    for (int threads : {2, 3}) {
      EXPECT_EQ(engineCount(codes, true, threads).solutions, reference.linked) << codes << " " << threads;
      EXPECT_EQ(engineCount(codes, false, threads).solutions, reference.unlinked) << codes << " " << threads;
    }
  }
}

}  // namespace
}  // namespace piecework

// SPDX-License-Identifier: Apache-2.0
// IQ-Link on the empty board, counted twice: by the engine and by the independent enumerator in
// support/iq_link_reference.cpp (its own geometry, piece table and search). Label "slow": run with
// `ctest --preset release -L slow` or `build/release/tests/piecework_slow_tests`.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>

#include "puzzle/definition.hpp"
#include "solver/solver.hpp"
#include "support/iq_link_reference.hpp"

namespace piecework {
namespace {

double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

TEST(IqLinkBruteForce, EmptyBoardLinkedAndUnlinked) {
  auto start = std::chrono::steady_clock::now();
  reference::IqLinkOptions options;
  options.threads = 2;
  options.memoBits = 22;
  const auto reference = reference::countIqLinkReference("", options);
  std::printf(
      "brute force: unlinked %llu (%llu up to the turn), linked %llu (%llu up to the turn), %llu nodes, %.1f "
      "s\n",
      static_cast<unsigned long long>(reference.unlinked),
      static_cast<unsigned long long>(reference.unlinkedUpToTurn()),
      static_cast<unsigned long long>(reference.linked),
      static_cast<unsigned long long>(reference.linkedUpToTurn()),
      static_cast<unsigned long long>(reference.nodes), secondsSince(start));
  std::fflush(stdout);
  // No placement is fixed by the 180-degree turn, so no solution is: exactly half are distinct.
  EXPECT_EQ(reference.turnFixedUnlinked, 0U);
  EXPECT_EQ(reference.turnFixedLinked, 0U);
  EXPECT_EQ(reference.unlinked % 2, 0U);
  EXPECT_EQ(reference.linked % 2, 0U);
  EXPECT_LE(reference.linked, reference.unlinked);

  const Puzzle puzzle = loadPuzzle("iq-link");
  for (const bool linked : {true, false}) {
    start = std::chrono::steady_clock::now();
    CountOptions count;
    count.threads = 2;
    count.rules.familyRule = linked;
    const CountResult engine = countSolutions(puzzle, {}, count);
    std::printf("engine (%s): %llu solutions, %llu distinct, %.1f s\n", linked ? "linked" : "unlinked",
                static_cast<unsigned long long>(engine.solutions),
                static_cast<unsigned long long>(engine.distinct), secondsSince(start));
    std::fflush(stdout);
    EXPECT_EQ(engine.solutions, linked ? reference.linked : reference.unlinked);
    EXPECT_EQ(engine.distinct, linked ? reference.linkedUpToTurn() : reference.unlinkedUpToTurn());
  }
}

}  // namespace
}  // namespace piecework

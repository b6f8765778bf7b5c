// SPDX-License-Identifier: Apache-2.0
// Cancelling a search from another thread (Control::stop) stops it inside the job it is in, not only between
// jobs or at the next solution: a count on one thread (few jobs, each long), and a solve and a proof of
// uniqueness of a board with no solution at all, whose search would run for minutes. Nothing here is timed;
// the time each call took to return after the stop is printed for the record.
#include <gtest/gtest.h>
#include <piecework/piecework.hpp>

#include <chrono>
#include <iostream>
#include <string>
#include <thread>

namespace pw = piecework::api;

namespace {

// 25 L-tetrominoes on a 10 x 10 board: no tiling exists (colour every other column: the 50 coloured cells are
// an even number, while each L, lying any way, covers 1 or 3 of them, and 25 odd numbers add up to an odd
// one). The search cannot tell and tries a great many partial tilings: minutes without a stop.
std::string untileableBoard() {
  std::string toml = "name = \"l-tetrominoes-10x10\"\nlattice = \"square\"\nboard = \"\"\"\n";
  for (int row = 0; row < 10; ++row) toml += "..........\n";
  toml += "\"\"\"\n\n[[piece]]\nletter = \"l\"\nshape = \"###/#..\"\ncopies = 25\n";
  return toml;
}

// Runs `call` with a Control whose stop another thread sets once `delay` has passed; returns what the call
// returned and prints how long it took to return after the stop.
template <typename Call>
auto cancelledAfter(std::chrono::milliseconds delay, const char* what, Call&& call) {
  pw::Control control;
  std::chrono::steady_clock::time_point stoppedAt;
  std::thread canceller([&, stop = control.stop] {
    std::this_thread::sleep_for(delay);
    stoppedAt = std::chrono::steady_clock::now();
    stop.requestStop();
  });
  auto result = call(control);
  const auto returnedAt = std::chrono::steady_clock::now();
  canceller.join();
  std::cout << what << ": returned "
            << std::chrono::duration<double, std::milli>(returnedAt - stoppedAt).count()
            << " ms after the stop\n";
  return result;
}

}  // namespace

TEST(LibraryCancel, CountOnOneThreadStopsInsideItsJob) {
  // On one thread IQ-Link's empty board is a handful of jobs, each seconds long (README: 21,952 linked
  // fillings in all); the stop comes while the first job runs.
  pw::Options one;
  one.threads = 1;
  pw::Progress last;
  const pw::CountReport report =
      cancelledAfter(std::chrono::milliseconds(300), "iq-link count, 1 thread", [&](pw::Control& control) {
        control.progress = [&](const pw::Progress& p) { last = p; };
        return pw::count(pw::Puzzle::load("iq-link"), {}, one, control);
      });
  EXPECT_TRUE(report.cancelled);
  EXPECT_LT(report.counts.solutions, 21952U);
  EXPECT_GT(report.counts.nodes, 0U);  // the job cut short visited nodes
  EXPECT_LT(last.done, last.total);    // fewer jobs finished than a full run's
}

TEST(LibraryCancel, SolveOfABoardWithNoSolutionStops) {
  const pw::Puzzle board = pw::Puzzle::fromToml(untileableBoard(), "untileable.toml");
  std::uint64_t handed = 0;
  const pw::SolveReport report =
      cancelledAfter(std::chrono::milliseconds(300), "solve with no solution", [&](pw::Control& control) {
        return pw::solve(
            board, {},
            [&](const pw::Challenge&) {
              ++handed;
              return true;
            },
            {}, control);
      });
  EXPECT_TRUE(report.cancelled);
  EXPECT_FALSE(report.exhausted);
  EXPECT_EQ(report.found, 0U);
  EXPECT_EQ(handed, 0U);
}

TEST(LibraryCancel, UniquenessAndCountOfABoardWithNoSolutionStop) {
  const pw::Puzzle board = pw::Puzzle::fromToml(untileableBoard(), "untileable.toml");
  const pw::UniquenessReport unique =
      cancelledAfter(std::chrono::milliseconds(200), "uniqueness with no solution",
                     [&](pw::Control& control) { return pw::uniqueness(board, {}, {}, control); });
  EXPECT_TRUE(unique.cancelled);
  EXPECT_EQ(unique.uniqueness, pw::Uniqueness::None);  // (none found before the stop)

  pw::Options two;
  two.threads = 2;
  const pw::CountReport counted =
      cancelledAfter(std::chrono::milliseconds(200), "count with no solution, 2 threads",
                     [&](pw::Control& control) { return pw::count(board, {}, two, control); });
  EXPECT_TRUE(counted.cancelled);
  EXPECT_EQ(counted.counts.solutions, 0U);
}

TEST(LibraryCancel, UniquenessWithControlAgreesWhenNotStopped) {
  // The 6 x 10 pentomino rectangle has 2,339 solutions up to symmetry: more than one.
  const pw::Puzzle pentominoes = pw::Puzzle::load("pentominoes-6x10");
  const pw::UniquenessReport report = pw::uniqueness(pentominoes, {}, {}, pw::Control{});
  EXPECT_FALSE(report.cancelled);
  EXPECT_EQ(report.uniqueness, pw::Uniqueness::Multiple);
}

// SPDX-License-Identifier: Apache-2.0
// `piecework census`: figures checked against an independent brute force (tests/support/polyomino_census.cpp,
// which shares no code with puzzle/ or solver/), facts that hold for every puzzle, a kill-and-resume with a
// real SIGKILL, a checkpoint written by an earlier version, and bad input.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "support/kill_resume.hpp"
#include "support/polyomino_census.hpp"
#include "support/run.hpp"

namespace piecework {
namespace {

using reference::PolyominoPiece;

nlohmann::json census(const std::string& args) {
  const auto r = test::runPiecework("census " + args + " --json");
  EXPECT_EQ(r.status, 0) << args << ": " << r.err;
  return r.status == 0 ? nlohmann::json::parse(r.out) : nlohmann::json::object();
}

// Compares piecework's figures per number of pieces given with the brute force's.
void expectSameFigures(const nlohmann::json& json, const reference::PolyominoCensus& expected) {
  EXPECT_EQ(json["solutions"], expected.fillings);
  EXPECT_EQ(json["distinct"], expected.distinctFillings);
  ASSERT_EQ(json["by_given"].size(), expected.unique.size());
  for (std::size_t k = 0; k < expected.unique.size(); ++k) {
    const auto& row = json["by_given"][k];
    EXPECT_EQ(row["given"], k);
    EXPECT_EQ(row["unique"], expected.unique[k]) << k << " given";
    EXPECT_EQ(row["minimal"], expected.minimal[k]) << k << " given";
    EXPECT_EQ(row["unique_fixed"], expected.uniqueFixed[k]) << k << " given";
    EXPECT_EQ(row["minimal_fixed"], expected.minimalFixed[k]) << k << " given";
  }
}

const std::vector<PolyominoPiece> kPentominoes = {
    {".##/##./.#."}, {"#####"},       {"####/#..."},   {"##../.###"},   {"##/##/#."},  {"###/.#./.#."},
    {"#.#/###"},     {"#../#../###"}, {"#../##./.##"}, {".#./###/.#."}, {"####/.#.."}, {"##./.#./.##"}};

std::string writeDefinition(const std::string& dir, const std::string& name, const std::string& board,
                            const std::string& pieces) {
  const std::string path = dir + "/" + name + ".toml";
  std::ofstream(path) << "name = \"" << name << "\"\nlattice = \"square\"\nboard = \"\"\"\n"
                      << board << "\"\"\"\n"
                      << pieces;
  return path;
}

// Both methods (a table of every filling, or the solver asked for two solutions) against the brute force.
const std::vector<std::string> kMethods = {"table", "solver"};

TEST(Census, PentominoesThreeByTwentyMatchesABruteForce) {
  const auto expected = reference::polyominoCensus(
      "..................../..................../....................", kPentominoes);
  ASSERT_EQ(expected.fillings, 8U);  // published: 2 up to the rectangle's 4 symmetries
  ASSERT_EQ(expected.distinctFillings, 2U);
  for (const auto& method : kMethods) {
    const auto json = census("pentominoes-3x20 --threads 2 --method " + method);
    expectSameFigures(json, expected);
    EXPECT_EQ(json["pieces"], 12);
    EXPECT_EQ(json["symmetries"], 4);
    EXPECT_EQ(json["solutions_done"], 2);
  }
}

// Solutions that symmetries map onto themselves (identical copies make them possible): subsets of one
// solution that are images of each other are one challenge up to symmetry.
TEST(Census, SymmetricSolutionsMatchABruteForce) {
  const std::string dir = test::tempDir();
  const std::string pinwheel =
      writeDefinition(dir, "pinwheel", "....\n....\n....\n....\n",
                      "[[piece]]\nletter = \"L\"\ncopies = 4\nshape = \"###/#..\"\n");
  const auto expectedPinwheel = reference::polyominoCensus("..../..../..../....", {{"###/#..", 4}});
  // Fillings that symmetries map onto themselves exist: fewer fillings than 8 per distinct one.
  ASSERT_LT(expectedPinwheel.fillings, 8 * expectedPinwheel.distinctFillings);
  for (const auto& method : kMethods)
    expectSameFigures(census("'" + pinwheel + "' --threads 2 --method " + method), expectedPinwheel);

  const std::string holed = writeDefinition(dir, "holed", ".....\n.....\n..#..\n.....\n.....\n",
                                            "[[piece]]\nletter = \"L\"\ncopies = 6\nshape = \"###/#..\"\n");
  const auto expectedHoled = reference::polyominoCensus("...../...../..#../...../.....", {{"###/#..", 6}});
  ASSERT_LT(expectedHoled.fillings, 8 * expectedHoled.distinctFillings);
  for (const auto& method : kMethods)
    expectSameFigures(census("'" + holed + "' --threads 1 --method " + method), expectedHoled);
  std::filesystem::remove_all(dir);
}

// Facts that need no brute force: with every piece given a challenge is its own solution; with all but one,
// the last piece fits only the hole it left; nothing with every piece given is minimal once there are two
// pieces (removing one leaves that unique challenge).
TEST(Census, EveryPieceGivenIsUniqueAndAllButOneIsToo) {
  for (const std::string puzzle : {"pentominoes-3x20", "soma"}) {
    const auto json = census(puzzle + " --threads 2");
    const int n = json["pieces"];
    const auto& rows = json["by_given"];
    EXPECT_EQ(rows[n]["unique"], json["distinct"]) << puzzle;
    EXPECT_EQ(rows[n]["unique_fixed"], json["solutions"]) << puzzle;
    EXPECT_EQ(rows[n]["minimal"], 0) << puzzle;
    EXPECT_EQ(rows[n - 1]["unique_fixed"], n * json["solutions"].get<std::uint64_t>()) << puzzle;
    EXPECT_EQ(rows[n - 1]["minimal"], 0) << puzzle;
  }
}

// No piece given is unique exactly when the empty board has a single filling. 25 identical squares fill a 5 x
// 5 board one way: every challenge is unique, C(25, k) of them on the fixed board; up to the square's 8
// symmetries one square given is one of 6 cells (a corner, the middle, and 4 other classes). 2^25 subsets are
// too many to go through without --max-given.
TEST(Census, ASingleFillingMakesEveryChallengeUnique) {
  const std::string dir = test::tempDir();
  const std::string squares = writeDefinition(dir, "squares", ".....\n.....\n.....\n.....\n.....\n",
                                              "[[piece]]\nletter = \"a\"\ncopies = 25\nshape = \"#\"\n");
  const auto refused = test::runPiecework("census '" + squares + "'");
  EXPECT_EQ(refused.status, 2);
  EXPECT_NE(refused.err.find("--max-given"), std::string::npos) << refused.err;
  EXPECT_EQ(std::count(refused.err.begin(), refused.err.end(), '\n'), 1) << refused.err;

  const auto json = census("'" + squares + "' --max-given 2 --threads 2");
  ASSERT_EQ(json["by_given"].size(), 3U);
  EXPECT_EQ(json["solutions"], 1);
  EXPECT_EQ(json["by_given"][0]["unique"], 1);
  EXPECT_EQ(json["by_given"][0]["minimal"], 1);
  EXPECT_EQ(json["by_given"][1]["unique_fixed"], 25);
  EXPECT_EQ(json["by_given"][1]["unique"], 6);
  EXPECT_EQ(json["by_given"][1]["minimal"], 0);
  EXPECT_EQ(json["by_given"][2]["unique_fixed"], 300);
  // More than one filling: nothing given is never unique.
  EXPECT_EQ(census("pentominoes-3x20 --max-given 0")["by_given"][0]["unique"], 0);
  std::filesystem::remove_all(dir);
}

using test::jobRecords;

TEST(Census, KilledCensusResumesAndEndsWithTheSameFigures) {
  const std::string dir = test::tempDir();
  const std::string file = dir + "/census.checkpoint";
  // (the solver method: its jobs take long enough, several seconds in all, to be killed in the middle)
  const std::string args = "pentominoes-4x15 --max-given 3 --threads 2 --method solver";
  const pid_t pid = test::startInBackground(
      PIECEWORK_BINARY, {"census", "pentominoes-4x15", "--max-given", "3", "--threads", "2", "--method",
                         "solver", "--checkpoint", file, "--json"});
  ASSERT_GT(pid, 0);
  test::waitForRecords(file, 3);
  ASSERT_TRUE(test::killAndReap(pid)) << "the census finished before it could be killed";
  const std::size_t before = jobRecords(file);
  ASSERT_GE(before, 3U);
  ASSERT_LT(before, 368U);  // pentominoes-4x15 has 368 distinct solutions, one job each

  const auto resumed = census(args + " --checkpoint '" + file + "'");
  const auto fresh = census(args);
  ASSERT_FALSE(resumed.empty());
  ASSERT_FALSE(fresh.empty());
  EXPECT_EQ(resumed["by_given"], fresh["by_given"]);
  EXPECT_EQ(resumed["solutions_done"], 368);
  EXPECT_EQ(jobRecords(file), 368U);  // every job once: the second run went through only the rest
  // Once more: nothing left to do, the same figures.
  EXPECT_EQ(census(args + " --checkpoint '" + file + "'")["by_given"], fresh["by_given"]);
  EXPECT_EQ(jobRecords(file), 368U);

  // A checkpoint of another census, or a file that is not one, is refused in one line and left alone.
  for (const std::string other :
       {"pentominoes-4x15 --max-given 2 --method solver", "pentominoes-3x20 --max-given 3 --method solver",
        "pentominoes-4x15 --max-given 3"}) {
    const auto r = test::runPiecework("census " + other + " --checkpoint '" + file + "'");
    EXPECT_EQ(r.status, 2) << other;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  }
  EXPECT_EQ(jobRecords(file), 368U);
  const std::string notes = dir + "/notes.txt";
  std::ofstream(notes) << "my notes, no newline";
  const auto r = test::runPiecework("census pentominoes-3x20 --checkpoint '" + notes + "'");
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_EQ(test::readFile(notes), "my notes, no newline");
  std::filesystem::remove_all(dir);
}

// A checkpoint written by piecework before count and census shared their checkpoint code
// (cli/census_checkpoint.cpp of then), copied as it was: job 0 of pentominoes-3x20's 2 finished. Its record
// carries no checksum: it is dropped, both jobs are gone through, and the figures are right.
TEST(Census, ACheckpointOfTheFormerFormatIsSearchedAgain) {
  const std::string dir = test::tempDir();
  const std::string file = dir + "/census.checkpoint";
  const std::string recorded =
      "piecework-census-checkpoint 1\tcensus puzzle=pentominoes-3x20 sites=60 placements=1236 givens=- "
      "linked=0 max-given=12 distinct=2 method=table\tjobs=2 counters=55\n"
      // (one record line)
      "job 0 0 6 54 209 490 791 924 792 495 220 66 12 1 0 6 3 0 0 0 0 0 0 0 0 0 0 0 24 216 836 1960 3164 "
      "3696 3168 1980 880 264 48 4 0 24 12 0 0 0 0 0 0 0 0 0 0 0 0 1\n";
  test::writeFile(file, recorded);
  const auto json = census("pentominoes-3x20 --threads 2 --checkpoint '" + file + "'");
  expectSameFigures(
      json, reference::polyominoCensus("..................../..................../....................",
                                       kPentominoes));
  EXPECT_EQ(json["solutions_done"], 2);
  const std::string header = recorded.substr(0, recorded.find('\n') + 1);
  EXPECT_EQ(test::readFile(file).substr(0, header.size()), header);
  const std::vector<std::size_t> jobs = test::recordedJobs(file);
  EXPECT_EQ(std::set<std::size_t>(jobs.begin(), jobs.end()), (std::set<std::size_t>{0, 1}));
  EXPECT_EQ(jobs.size(), 2U);
  std::filesystem::remove_all(dir);
}

// The two methods agree where no brute force reaches: 368 distinct solutions of 4 x 15, up to 3 pieces given.
TEST(Census, TableAndSolverAgree) {
  const auto table = census("pentominoes-4x15 --max-given 3 --threads 2");
  const auto solver = census("pentominoes-4x15 --max-given 3 --threads 2 --method solver");
  EXPECT_EQ(table["by_given"], solver["by_given"]);
  EXPECT_EQ(table["checks"], 0);
  EXPECT_GT(solver["checks"], 0);
  const auto soma = census("soma --threads 2");
  EXPECT_EQ(census("soma --threads 2 --method solver")["by_given"], soma["by_given"]);
}

TEST(Census, BadInputIsOneLineAndStatusTwo) {
  for (const std::string args :
       {"pentominoes-3x20 --max-given 13", "pentominoes-3x20 --max-given -1",
        "pentominoes-3x20 --max-given x", "no-such-puzzle", "pentominoes-3x20 --sample 0",
        "pentominoes-3x20 --sample 1 --checkpoint /tmp/x", "pentominoes-3x20 --threads 100000",
        "pentominoes-3x20 --method guess"}) {
    const auto r = test::runPiecework("census " + args);
    EXPECT_EQ(r.status, 2) << args << ": " << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << args << ": " << r.err;
  }
}

}  // namespace
}  // namespace piecework

// SPDX-License-Identifier: Apache-2.0
// The published counts (docs/puzzles.md, issue 2) through the library API, thread independence,
// and solve/uniqueness on hand-built IQ Fit challenges.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "puzzle/challenge.hpp"
#include "puzzle/definition.hpp"
#include "solver/solver.hpp"
#include "support/run.hpp"

namespace piecework {
namespace {

CountResult count(const std::string& name, int threads = 2, const std::string& challenge = "") {
  const Puzzle p = loadPuzzle(name);
  CountOptions options;
  options.threads = threads;
  return countSolutions(p, challenge.empty() ? std::vector<int>{} : parseChallenge(p, challenge), options);
}

TEST(Counts, Pentominoes6x10) {
  const auto r = count("pentominoes-6x10");
  EXPECT_EQ(r.solutions, 9356U);
  EXPECT_EQ(r.distinct, 2339U);
  EXPECT_EQ(r.symmetries, 4);
}

// Published up to the board's symmetries. A symmetry that fixed a filling would map every piece onto itself,
// but F has no symmetry of its own; so no filling is fixed and there are 4 times as many fillings.
TEST(Counts, Pentominoes5x12) {
  const auto r = count("pentominoes-5x12");
  EXPECT_EQ(r.distinct, 1010U);
  EXPECT_EQ(r.solutions, 4040U);
}

TEST(Counts, Pentominoes4x15) {
  const auto r = count("pentominoes-4x15");
  EXPECT_EQ(r.distinct, 368U);
  EXPECT_EQ(r.solutions, 1472U);
}

TEST(Counts, Pentominoes3x20) {
  const auto r = count("pentominoes-3x20");
  EXPECT_EQ(r.distinct, 2U);
  EXPECT_EQ(r.solutions, 8U);
}

TEST(Counts, Pentominoes8x8WithHole) {
  const auto r = count("pentominoes-8x8-hole");
  EXPECT_EQ(r.distinct, 65U);
  EXPECT_EQ(r.solutions, 8U * 65U);  // F has no symmetry of its own, so no board symmetry fixes a filling
  EXPECT_EQ(r.symmetries, 8);
}

TEST(Counts, IqBlocks) {
  const auto r = count("iq-blocks");
  EXPECT_EQ(r.solutions, 101792U);
  EXPECT_EQ(r.distinct, 12724U);
}

// Every piece used: 301,350; the 810 fillings that cover the board with 9 pieces must not count.
TEST(Counts, IqFit) {
  const auto r = count("iq-fit");
  EXPECT_EQ(r.solutions, 301350U);
  EXPECT_EQ(r.distinct, 150675U);
  EXPECT_EQ(r.symmetries, 2);
}

TEST(Counts, Soma) {
  const auto r = count("soma");
  EXPECT_EQ(r.solutions, 11520U);
  EXPECT_EQ(r.distinct, 240U);
  EXPECT_EQ(r.symmetries, 48);
}

// The 12 planar pentominoes as pentacubes turned in space (published counts, issue 18).
// A box with three different sides has 8 symmetries (mirrors included: every planar piece's mirror image is a
// turn of it), and no filling is fixed by one (F has no symmetry of its own), so every count is 8 times the
// distinct one.
TEST(Counts, Pentacubes2x3x10) {
  for (int threads : {1, 2}) {
    const auto r = count("pentacubes-2x3x10", threads);
    EXPECT_EQ(r.distinct, 12U);
    EXPECT_EQ(r.solutions, 96U);
    EXPECT_EQ(r.symmetries, 8);
  }
}

TEST(Counts, Pentacubes2x5x6) {
  const auto r = count("pentacubes-2x5x6");
  EXPECT_EQ(r.distinct, 264U);
  EXPECT_EQ(r.solutions, 2112U);
  EXPECT_EQ(r.symmetries, 8);
}

TEST(Counts, Pentacubes3x4x5) {
  const auto r = count("pentacubes-3x4x5");
  EXPECT_EQ(r.distinct, 3940U);
  EXPECT_EQ(r.solutions, 31520U);
  EXPECT_EQ(r.symmetries, 8);
}

// Published: one solution up to the cube's symmetries; the fixed box holds it 8 ways (issue 2).
TEST(Counts, SuperIqCubeHasOneSolution) {
  for (int threads : {1, 2}) {
    const auto r = count("super-iq-cube", threads);
    EXPECT_EQ(r.distinct, 1U);
    EXPECT_EQ(r.solutions, 8U);
    EXPECT_EQ(r.symmetries, 48);
  }
}

// Boards where every piece has several copies, so symmetry is broken by the placement covering a cell.
CountResult countDefinition(const std::string& board, const std::string& pieces, int threads) {
  const Puzzle p = loadDefinition(
      "name = \"t\"\ntitle = \"t\"\nlattice = \"square\"\nboard = \"\"\"\n" + board + "\"\"\"\n" + pieces,
      "test.toml");
  CountOptions options;
  options.threads = threads;
  return countSolutions(p, {}, options);
}

CountResult countDefinition(const std::string& board, const std::string& shape, int copies, int threads) {
  return countDefinition(
      board,
      "\n[[piece]]\nletter = \"a\"\nname = \"a\"\ncolour = \"#000000\"\nmoves = \"turn-mirror\"\n"
      "copies = " +
          std::to_string(copies) + "\nshape = \"" + shape + "\"\n",
      threads);
}

// A piece with a two-cell face and a three-cell face.
std::string twoFacedPiece(char letter) {
  return fmt::format(
      "\n[[piece]]\nletter = \"{0}\"\nname = \"{0}\"\ncolour = \"#000000\"\nmoves = \"faces\"\nfaces = "
      "[\"##\", "
      "\"###\"]\n",
      letter);
}

// 3 x 3 with three straight trominoes: all rows or all columns, one filling up to the square's 8 symmetries.
// The centre cell is kept by every symmetry.
TEST(Counts, CellRestrictionKeptByTheWholeGroup) {
  for (int threads : {1, 2}) {
    const auto r = countDefinition(".../.../...\n", "###", 3, threads);
    EXPECT_EQ(r.symmetries, 8);
    EXPECT_EQ(r.solutions, 2U);
    EXPECT_EQ(r.distinct, 1U);
  }
}

// 2 x 3 with three dominoes: three fillings (all upright; a flat pair left or right of an upright one); the
// left-right mirror swaps the last two, so 2 up to symmetry. No cell is kept by more than 2 symmetries, too
// few to restrict, so every leaf is tested against the whole group.
TEST(Counts, NoCellRestrictionUnderTwoSymmetries) {
  for (int threads : {1, 2}) {
    const auto r = countDefinition(".../...\n", "##", 3, threads);
    EXPECT_EQ(r.symmetries, 4);
    EXPECT_EQ(r.solutions, 3U);
    EXPECT_EQ(r.distinct, 2U);
  }
}

// 2 x 2 x 2 with four dominoes: 9 fillings (published, OEIS A006253: domino tilings of 2 x 2 x n). Three have
// every domino along one axis (one orbit); in the other six the cube splits into two layers of parallel pairs
// turned against each other (one orbit): 2 up to the cube's 48 symmetries. A corner is kept by 6 of them,
// so the corner's domino is restricted and the leaf test looks at the whole group.
TEST(Counts, CellRestrictionKeptByPartOfTheGroup) {
  const Puzzle p = loadDefinition(
      "name = \"c\"\ntitle = \"c\"\nlattice = \"cubic\"\nbox = [2, 2, 2]\n\n[[piece]]\nletter = \"a\"\n"
      "name = \"a\"\ncolour = \"#000000\"\nmoves = \"turn\"\ncopies = 4\nshape = \"##\"\n",
      "test.toml");
  for (int threads : {1, 2}) {
    CountOptions options;
    options.threads = threads;
    const auto r = countSolutions(p, {}, options);
    EXPECT_EQ(r.symmetries, 48);
    EXPECT_EQ(r.solutions, 9U);
    EXPECT_EQ(r.distinct, 2U);
  }
}

// Size pruning: the sites left empty must be what the pieces left can cover, and no closed-off region may be
// smaller than the smallest piece left. These boards make both cuts fire; the counts are worked out by hand.

// 2 x 3 with two pieces of 2 or 3 cells: all pieces must be used, so both lie as straight threes, one per row
// (upright they would need 3 rows): 2 fillings.
TEST(Counts, PiecesOfTwoSizesFillExactly) {
  for (int threads : {1, 2}) {
    const auto r = countDefinition(".../...\n", twoFacedPiece('a') + twoFacedPiece('b'), threads);
    EXPECT_EQ(r.solutions, 2U);
  }
}

// 2 x 4 with three such pieces: 8 = 3 + 3 + 2. Both rows can't hold a three each unless the cells left over
// line up as an upright two: at column 0 or column 3. 2 shapes x 3 choices of the two x 2 orders of the
// threes = 12 fillings; every symmetry of the board moves some piece, so no filling is fixed by one.
TEST(Counts, PiecesOfTwoSizesFillExactlyWithAThirdPiece) {
  for (int threads : {1, 2}) {
    const auto r =
        countDefinition("..../....\n", twoFacedPiece('a') + twoFacedPiece('b') + twoFacedPiece('c'), threads);
    EXPECT_EQ(r.solutions, 12U);
    EXPECT_EQ(r.distinct * static_cast<std::uint64_t>(r.symmetries), 12U);
  }
}

// 2 x 9 with six L-trominoes: the two cells of the leftmost column and the piece(s) covering them leave a
// closed-off cell unless two Ls pair up into a 2 x 3 block, so the strip is three blocks of 2 ways each: 8.
// Cutting off one or two cells is the region cut's case.
TEST(Counts, LTrominoStrip) {
  for (int threads : {1, 2})
    EXPECT_EQ(countDefinition("........./.........\n", "##/#.", 6, threads).solutions, 8U);
}

// Domino tilings (published: Kasteleyn 1961; 2 x n gives Fibonacci numbers).
TEST(Counts, DominoTilings) {
  for (int threads : {1, 2}) {
    EXPECT_EQ(countDefinition("......../........\n", "##", 8, threads).solutions, 34U);
    EXPECT_EQ(countDefinition("..../..../....\n", "##", 6, threads).solutions, 11U);
    EXPECT_EQ(countDefinition("..../..../..../....\n", "##", 8, threads).solutions, 36U);
  }
}

TEST(Counts, OneAndTwoThreadsAgree) {
  const std::pair<const char*, const char*> cases[] = {
      {"pentominoes-6x10", ""},
      {"soma", ""},
      {"iq-blocks", ""},
      {"iq-fit", "bbbb....../b........./........../........../.........."}};
  for (const auto& [name, challenge] : cases) {
    const auto one = count(name, 1, challenge);
    const auto two = count(name, 2, challenge);
    EXPECT_EQ(one.solutions, two.solutions) << name;
    EXPECT_EQ(one.distinct, two.distinct) << name;
    EXPECT_EQ(one.threads, 1) << name;
    EXPECT_EQ(two.threads, 2) << name;
  }
}

// One searcher keeps the levels of its last job's path for the next (solver/engine.hpp, replayDropping()):
// run in reverse order, and each job twice, its jobs count what a searcher of its own counts for each, and
// the sum is the published count.
TEST(Counts, ASearcherCountsEachJobWhateverRanBefore) {
  const std::pair<const char*, std::uint64_t> cases[] = {{"soma", 11520}, {"pentacubes-2x3x10", 96}};
  for (const auto& [name, published] : cases) {
    const Puzzle p = loadPuzzle(name);
    const CountJobs jobs(p, {}, Rules{}, 64);
    ASSERT_GT(jobs.size(), 8U) << name;
    std::vector<JobCounts> alone;
    for (std::size_t j = 0; j < jobs.size(); ++j) alone.push_back(jobs.searcher()->run(j));
    const auto shared = jobs.searcher();
    std::uint64_t total = 0;
    for (std::size_t j = jobs.size(); j-- > 0;)
      for (int time = 0; time < 2; ++time) {
        const JobCounts c = shared->run(j);
        EXPECT_EQ(c.solutions, alone[j].solutions) << name << " job " << j;
        EXPECT_EQ(c.distinct, alone[j].distinct) << name << " job " << j;
        EXPECT_EQ(c.nodes, alone[j].nodes) << name << " job " << j;
        if (time == 0) total += c.solutions;
      }
    EXPECT_EQ(total, published) << name;
  }
}

TEST(Counts, AFullBoardCountsItself) {
  const auto r = count("iq-fit", 1, "bbbbllpppp/byyyylpprr/gggyylnnnr/igssssnonr/iiissoooor");
  EXPECT_EQ(r.solutions, 1U);
}

// ----- solve and uniqueness on IQ Fit pictures -----
//
// S1 and S2 are two fillings of the empty board that differ only in n and o (checked by hand: in S1, n is the
// two-knob face "###/#.#" and o the one-knob face turned 180 degrees; in S2, n is "###/.#." and o the
// two-knob face turned 180 degrees; the other eight pieces are the same in both).
const char* const kS1 = "bbbbllpppp/byyyylpprr/gggyylnnnr/igssssnonr/iiissoooor";
const char* const kS2 = "bbbbllpppp/byyyylpprr/gggyylnnnr/igssssonor/iiissoooor";

// S1 without o: one piece is left and it must cover exactly the 5 empty cells; a placement is its set of
// cells, so there is exactly one way.
const char* const kUnique = "bbbbllpppp/byyyylpprr/gggyylnnnr/igssssn.nr/iiiss....r";
// S1 without n and o: both S1 and S2 complete it, so it has more than one solution.
const char* const kMultiple = "bbbbllpppp/byyyylpprr/gggyyl...r/igssss...r/iiiss....r";
// g's two-knob face turned 180 degrees (".##/###") in the top-left corner: cell (0,0) is cut off, and every
// piece covering it would also need (0,1) or (1,0) (the pieces are connected). Every cell must be covered:
// none.
const char* const kNone = ".gg......./ggg......./........../........../..........";

TEST(Solve, HandBuiltChallengesAreWhatTheyAre) {
  const Puzzle p = loadPuzzle("iq-fit");
  // The two fillings are legal and differ.
  const auto s1 = parseChallenge(p, kS1), s2 = parseChallenge(p, kS2);
  ASSERT_EQ(s1.size(), 10U);
  ASSERT_EQ(s2.size(), 10U);
  ASSERT_NE(s1, s2);
  EXPECT_EQ(uniqueness(p, parseChallenge(p, kUnique), Rules{}), Uniqueness::Unique);
  EXPECT_EQ(uniqueness(p, parseChallenge(p, kMultiple), Rules{}), Uniqueness::Multiple);
  EXPECT_EQ(uniqueness(p, parseChallenge(p, kNone), Rules{}), Uniqueness::None);
  EXPECT_EQ(uniqueness(p, s1, Rules{}), Uniqueness::Unique);  // nothing left to place
}

TEST(Solve, FindsTheSolutionsOfTheHandBuiltChallenges) {
  const Puzzle p = loadPuzzle("iq-fit");
  FindOptions options;
  options.max = 10;
  const auto unique = findSolutions(p, parseChallenge(p, kUnique), options);
  ASSERT_EQ(unique.solutions.size(), 1U);
  EXPECT_TRUE(unique.exhausted);
  EXPECT_EQ(formatChallenge(p, unique.solutions[0]), kS1);

  const auto multiple = findSolutions(p, parseChallenge(p, kMultiple), options);
  std::vector<std::string> found;
  for (const auto& s : multiple.solutions) found.push_back(formatChallenge(p, s));
  EXPECT_GE(found.size(), 2U);
  EXPECT_NE(std::find(found.begin(), found.end(), kS1), found.end());
  EXPECT_NE(std::find(found.begin(), found.end(), kS2), found.end());

  const auto none = findSolutions(p, parseChallenge(p, kNone), options);
  EXPECT_TRUE(none.solutions.empty());
  EXPECT_TRUE(none.exhausted);
}

TEST(Solve, CommandLineStatus) {
  const struct {
    const char* challenge;
    const char* status;
  } cases[] = {{kUnique, "unique"}, {kMultiple, "multiple"}, {kNone, "none"}};
  for (const auto& c : cases) {
    const auto r = test::runPiecework(std::string("solve iq-fit --json --challenge '") + c.challenge + "'");
    ASSERT_EQ(r.status, 0) << r.err;
    const auto json = nlohmann::json::parse(r.out);
    EXPECT_EQ(json.at("status"), c.status) << c.challenge;
    if (std::string(c.status) == "unique") {
      EXPECT_EQ(json.at("solutions").at(0), kS1);
    }
    if (std::string(c.status) == "none") {
      EXPECT_TRUE(json.at("solutions").empty());
    }
  }
}

// kMultiple has S1 and S2 among its solutions; S1's o and n are placed otherwise in S2. Ruling out one of
// S1's placements of them leaves only fillings other than S1; ruling out kUnique's one completion leaves
// none.
TEST(Solve, ExcludedPlacementsAreNeverUsed) {
  const Puzzle p = loadPuzzle("iq-fit");
  const auto s1 = parseChallenge(p, kS1);
  const auto unique = parseChallenge(p, kUnique);
  std::vector<int> sOnly;  // S1's placements that kUnique does not give: the o
  for (int id : s1)
    if (std::find(unique.begin(), unique.end(), id) == unique.end()) sOnly.push_back(id);
  ASSERT_EQ(sOnly.size(), 1U);
  FindOptions options;
  options.max = 10;
  options.excluded = sOnly;
  const auto none = findSolutions(p, unique, options);
  EXPECT_TRUE(none.solutions.empty());
  EXPECT_TRUE(none.exhausted);

  const auto multiple = parseChallenge(p, kMultiple);
  options.max = 1000;
  options.excluded.clear();
  const auto all = findSolutions(p, multiple, options);
  ASSERT_TRUE(all.exhausted);
  options.excluded = sOnly;
  const auto others = findSolutions(p, multiple, options);
  ASSERT_TRUE(others.exhausted);
  std::size_t withoutO = 0;
  for (const auto& solution : all.solutions)
    withoutO += std::find(solution.begin(), solution.end(), sOnly[0]) == solution.end() ? 1 : 0;
  EXPECT_EQ(others.solutions.size(), withoutO);
  EXPECT_LT(others.solutions.size(), all.solutions.size());  // S1 at least is gone
  for (const auto& solution : others.solutions) {
    EXPECT_EQ(std::find(solution.begin(), solution.end(), sOnly[0]), solution.end());
    EXPECT_NE(solution, s1);
  }
}

TEST(Solve, SeededSearchFindsTheSameSolutions) {
  const Puzzle p = loadPuzzle("iq-fit");
  FindOptions options;
  options.max = 100;
  options.seed = 12345;
  const auto seeded = findSolutions(p, parseChallenge(p, kMultiple), options);
  options.seed = 0;
  const auto plain = findSolutions(p, parseChallenge(p, kMultiple), options);
  auto sorted = [](std::vector<std::vector<int>> v) {
    std::sort(v.begin(), v.end());
    return v;
  };
  EXPECT_EQ(sorted(seeded.solutions), sorted(plain.solutions));
}

}  // namespace
}  // namespace piecework

// SPDX-License-Identifier: Apache-2.0
// The public library interface (include/piecework/piecework.hpp), used as another program uses it: linked to
// libpiecework alone, through its header alone.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <piecework/piecework.hpp>

#include "shell_run.hpp"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <future>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <thread>

namespace pw = piecework::api;

namespace {

// Two straight trominoes on a 2 x 3 board (docs/puzzle-format.md's example): one lies in the top row and the
// other in the bottom row, either way round, and the up-down flip of the board swaps the two.
constexpr const char* kTiny = R"(name = "tiny"
lattice = "square"
board = """
...
...
"""

[[piece]]
letter = "a"
shape = "###"

[[piece]]
letter = "b"
shape = "#/#/#"
)";

// The letters of a one-line picture, counted (rows and layers separators and empty cells left out).
std::map<char, int> letterCounts(const std::string& picture) {
  std::map<char, int> counts;
  for (const char c : picture)
    if (c != '/' && c != '|' && c != '.') ++counts[c];
  return counts;
}

bool contains(const pw::Challenge& whole, const pw::Challenge& part) {
  return std::includes(whole.placements.begin(), whole.placements.end(), part.placements.begin(),
                       part.placements.end());
}

// What `work` throws as pw::Error, or "(no error)".
template <typename Work>
std::string errorOf(Work&& work) {
  try {
    work();
  } catch (const pw::Error& e) {
    return e.what();
  }
  return "(no error)";
}

}  // namespace

TEST(LibraryApi, ListsAndLoadsShippedPuzzles) {
  const auto names = pw::Puzzle::shippedNames();
  EXPECT_GE(names.size(), 10U);  // the design card's ten and more (tests/puzzle_test.cpp checks the list)
  EXPECT_NE(std::find(names.begin(), names.end(), "soma"), names.end());
  EXPECT_NE(std::find(names.begin(), names.end(), "iq-link"), names.end());
  const pw::Puzzle soma = pw::Puzzle::load("soma");
  EXPECT_EQ(soma.name(), "soma");
  EXPECT_EQ(soma.title(), "Soma cube");
  EXPECT_EQ(soma.pieceCount(), 7);
  EXPECT_EQ(soma.cellCount(), 27);
  const pw::Puzzle link = pw::Puzzle::load("iq-link");
  EXPECT_EQ(link.pieceCount(), 12);
  EXPECT_EQ(link.cellCount(), 24);
  EXPECT_STREQ(pw::version(), "0.2.0");
}

TEST(LibraryApi, CountsSomaAndPentominoes) {
  // Published counts: the Soma cube has 11,520 solutions, 240 up to the cube's 48 symmetries; the 6 x 10
  // pentomino rectangle 2,339 up to its 4 symmetries (9,356 in all).
  const pw::Counts soma = pw::count(pw::Puzzle::load("soma"));
  EXPECT_EQ(soma.solutions, 11520U);
  EXPECT_EQ(soma.distinct, 240U);
  EXPECT_EQ(soma.symmetries, 48);
  pw::Options one;
  one.threads = 1;
  const pw::Counts pentominoes = pw::count(pw::Puzzle::load("pentominoes-6x10"), {}, one);
  EXPECT_EQ(pentominoes.solutions, 9356U);
  EXPECT_EQ(pentominoes.distinct, 2339U);
}

TEST(LibraryApi, LoadsDefinitionsFromTextAndFiles) {
  const pw::Puzzle tiny = pw::Puzzle::fromToml(kTiny, "tiny.toml");
  EXPECT_EQ(tiny.name(), "tiny");
  EXPECT_EQ(tiny.pieceCount(), 2);
  EXPECT_EQ(tiny.cellCount(), 6);
  const pw::Counts counts = pw::count(tiny);
  EXPECT_EQ(counts.solutions, 2U);
  EXPECT_EQ(counts.distinct, 1U);

  const std::string path = testing::TempDir() + "piecework_api_tiny.toml";
  std::ofstream(path) << kTiny;
  EXPECT_EQ(pw::count(pw::Puzzle::fromFile(path)).solutions, 2U);
  EXPECT_EQ(pw::count(pw::Puzzle::load(path)).solutions, 2U);
  std::remove(path.c_str());
}

TEST(LibraryApi, BadInputThrowsOneLineErrors) {
  const std::string unknown = errorOf([] { pw::Puzzle::load("no-such-puzzle"); });
  EXPECT_NE(unknown.find("no-such-puzzle"), std::string::npos) << unknown;
  const std::string missing = errorOf([] { pw::Puzzle::fromFile("/nonexistent/x.toml"); });
  EXPECT_NE(missing.find("/nonexistent/x.toml"), std::string::npos) << missing;
  // Issue 31, R2: a FIFO without a writer blocked the read forever; it is not a regular file.
  const std::string fifo = testing::TempDir() + "piecework_api_fifo";
  std::remove(fifo.c_str());
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const std::string notRegular = errorOf([&] { pw::Puzzle::fromFile(fifo); });
  std::remove(fifo.c_str());
  EXPECT_EQ(notRegular, fifo + ": cannot read the definition (not a regular file)");
  const std::string malformed =
      errorOf([] { pw::Puzzle::fromToml("name = \"x\"\nlattice = [", "broken.toml"); });
  EXPECT_NE(malformed.find("broken.toml"), std::string::npos) << malformed;
  const pw::Puzzle tiny = pw::Puzzle::fromToml(kTiny);
  EXPECT_NE(errorOf([&] { tiny.parse("aaz/..."); }), "(no error)");
  EXPECT_NE(errorOf([&] { pw::count(tiny, pw::Challenge{{tiny.placementCount()}}); }), "(no error)");
  EXPECT_NE(errorOf([&] { pw::parseLevel("Grandmaster"); }), "(no error)");
  EXPECT_NE(errorOf([&] { pw::generate(tiny, pw::Level::Starter, 0); }), "(no error)");
  for (const std::string& m : {unknown, missing, malformed}) EXPECT_EQ(m.find('\n'), std::string::npos) << m;
}

TEST(LibraryApi, ParsesSolvesAndProvesUnique) {
  const pw::Puzzle tiny = pw::Puzzle::fromToml(kTiny);
  const pw::Challenge top = tiny.parse("aaa/...");
  EXPECT_EQ(top.placements.size(), 1U);
  EXPECT_EQ(tiny.format(top), "aaa/...");
  EXPECT_EQ(pw::uniqueness(tiny, top), pw::Uniqueness::Unique);
  EXPECT_EQ(pw::uniqueness(tiny, {}), pw::Uniqueness::Multiple);
  const auto solutions = pw::solve(tiny, top, 5);
  ASSERT_EQ(solutions.size(), 1U);
  EXPECT_EQ(tiny.format(solutions[0]), "aaa/bbb");
  EXPECT_EQ(tiny.format(solutions[0], false), "aaa\nbbb\n");
  EXPECT_EQ(solutions[0].placements, tiny.parse("aaa/bbb").placements);
  EXPECT_EQ(pw::solve(tiny, {}, 5).size(), 2U);

  const pw::Puzzle soma = pw::Puzzle::load("soma");
  const auto three = pw::solve(soma, {}, 3);
  ASSERT_EQ(three.size(), 3U);
  EXPECT_NE(three[0].placements, three[1].placements);
  for (const auto& s : three) {
    const std::map<char, int> letters = letterCounts(soma.format(s));
    EXPECT_EQ(letters,
              (std::map<char, int>{{'V', 3}, {'L', 4}, {'T', 4}, {'Z', 4}, {'A', 4}, {'B', 4}, {'P', 4}}))
        << soma.format(s);
    EXPECT_EQ(pw::uniqueness(soma, s), pw::Uniqueness::Unique);
  }
}

TEST(LibraryApi, RatesAChallenge) {
  const pw::Puzzle tiny = pw::Puzzle::fromToml(kTiny);
  // One piece left with one place to go: a single placement, the easiest level (docs/rating.md).
  const pw::Rating rating = pw::rate(tiny, tiny.parse("aaa/..."));
  EXPECT_EQ(rating.level, pw::Level::Starter);
  EXPECT_TRUE(rating.solved);
  EXPECT_EQ(rating.toPlace, 1);
  EXPECT_EQ(rating.solution.placements, tiny.parse("aaa/bbb").placements);
  EXPECT_EQ(rating.explanation.size(), 1U);
  EXPECT_STREQ(pw::levelName(pw::Level::Wizard), "Wizard");
  EXPECT_EQ(pw::parseLevel("expert"), pw::Level::Expert);
}

TEST(LibraryApi, GeneratesUniqueChallengesFromASeed) {
  const pw::Puzzle soma = pw::Puzzle::load("soma");
  const auto batch = pw::generate(soma, pw::Level::Starter, 3, 11);
  ASSERT_EQ(batch.size(), 3U);
  for (const auto& g : batch) {
    EXPECT_EQ(g.rating.level, pw::Level::Starter);
    EXPECT_TRUE(contains(g.solution, g.challenge));
    EXPECT_LT(g.challenge.placements.size(), g.solution.placements.size());
    EXPECT_EQ(pw::uniqueness(soma, g.challenge), pw::Uniqueness::Unique);
    EXPECT_EQ(pw::solve(soma, g.challenge, 2).at(0).placements, g.solution.placements);
    // The seed alone regenerates the challenge (docs/generating.md).
    EXPECT_NE(g.seed, 0U);
  }
  pw::Options one;
  one.threads = 1;
  const auto again = pw::generate(soma, pw::Level::Starter, 3, 11, one);
  ASSERT_EQ(again.size(), 3U);
  for (std::size_t i = 0; i < 3; ++i) EXPECT_EQ(again[i].challenge.placements, batch[i].challenge.placements);
}

// IQ Focus's challenge is a colour pattern: the official booklet's challenge 1, RRR/BWB/BRB, has exactly
// one tiling, AAADFFFJJ/BACDDDIIJ/BCCEGGIHJ/BBCEEGGHJ/.BCEEHHH. (data/calibration/iq-focus-booklet.jsonl).
TEST(LibraryApi, CarriesColourPatterns) {
  const pw::Puzzle focus = pw::Puzzle::load("iq-focus");
  const pw::Challenge pattern = focus.parse("RRR/BWB/BRB");
  EXPECT_TRUE(pattern.placements.empty());
  EXPECT_EQ(pattern.colours.size(), 9U);
  EXPECT_EQ(focus.format(pattern), "RRR/BWB/BRB");
  EXPECT_EQ(pw::uniqueness(focus, pattern), pw::Uniqueness::Unique);
  const auto solutions = pw::solve(focus, pattern, 2);
  ASSERT_EQ(solutions.size(), 1U);
  EXPECT_EQ(focus.format(solutions[0]), "AAADFFFJJ/BACDDDIIJ/BCCEGGIHJ/BBCEEGGHJ/.BCEEHHH.");
  EXPECT_EQ(pw::count(focus, pattern).solutions, 1U);
  EXPECT_EQ(pw::count(focus).solutions, 8624U);  // docs/puzzle-format.md: the empty board's tilings
  EXPECT_TRUE(pw::rate(focus, pattern).solved);
  // Generated patterns come back as patterns, and their seed makes them again.
  for (const auto& g : pw::generate(focus, pw::Level::Expert, 2, 1)) {
    EXPECT_EQ(g.challenge.colours.size(), 9U) << focus.format(g.challenge);
    EXPECT_EQ(pw::uniqueness(focus, g.challenge), pw::Uniqueness::Unique);
    EXPECT_EQ(pw::solve(focus, g.challenge, 2).at(0).placements, g.solution.placements);
    const auto again = pw::regenerate(focus, pw::Level::Expert, g.seed);
    ASSERT_TRUE(again.has_value());
    EXPECT_EQ(focus.format(again->challenge), focus.format(g.challenge));
  }
}

// IQ Stars' harder challenges mark cells that a piece must cover: they survive the trip through the notation
// and keep the challenge unique.
TEST(LibraryApi, CarriesMarkedCells) {
  const pw::Puzzle stars = pw::Puzzle::load("iq-stars");
  bool sawMarks = false;
  for (const auto& g : pw::generate(stars, pw::Level::Wizard, 3, 5)) {
    sawMarks = sawMarks || !g.challenge.markedPieces.empty();
    const std::string text = stars.format(g.challenge);
    const pw::Challenge read = stars.parse(text);
    EXPECT_EQ(stars.format(read), text);
    EXPECT_EQ(read.placements, g.challenge.placements) << text;
    EXPECT_EQ(pw::uniqueness(stars, read), pw::Uniqueness::Unique) << text;
    EXPECT_EQ(pw::solve(stars, read, 2).at(0).placements, g.solution.placements) << text;
  }
  EXPECT_TRUE(sawMarks);
}

TEST(LibraryApi, RegeneratesAChallengeFromItsSeed) {
  const pw::Puzzle soma = pw::Puzzle::load("soma");
  for (const auto& g : pw::generate(soma, pw::Level::Junior, 3, 7)) {
    const auto again = pw::regenerate(soma, pw::Level::Junior, g.seed);
    ASSERT_TRUE(again.has_value());
    EXPECT_EQ(again->challenge.placements, g.challenge.placements);
    EXPECT_EQ(again->solution.placements, g.solution.placements);
  }
}

TEST(LibraryApi, RefusesWhatTheCommandLineRefuses) {
  const pw::Puzzle soma = pw::Puzzle::load("soma");
  // More threads than the command line allows (docs/limits.md: 256) used to abort the process.
  pw::Options many;
  many.threads = 100000;
  EXPECT_NE(errorOf([&] { pw::count(soma, {}, many); }).find("256"), std::string::npos);
  EXPECT_NE(errorOf([&] { pw::generate(soma, pw::Level::Starter, 1, 1, many); }), "(no error)");
  // A V and an L that leave a hole no piece fills (piecework rate says so too): nothing to grade.
  const pw::Challenge stuck = soma.parse("V../VV./...|L../L../LL.|.../.../...");
  ASSERT_EQ(pw::uniqueness(soma, stuck), pw::Uniqueness::None);
  EXPECT_NE(errorOf([&] { pw::rate(soma, stuck); }).find("no solution"), std::string::npos);
  // Levels outside the enumeration.
  EXPECT_NE(errorOf([] { pw::levelName(static_cast<pw::Level>(42)); }), "(no error)");
  EXPECT_NE(errorOf([&] { pw::generate(soma, static_cast<pw::Level>(9), 1); }), "(no error)");
  // Marks that are not on the puzzle, or that its notation cannot hold: each is an Error, never a crash.
  const pw::Puzzle focus = pw::Puzzle::load("iq-focus");
  pw::Challenge offBoard;
  offBoard.colours = {{100000, 'R'}};
  EXPECT_NE(errorOf([&] { pw::uniqueness(focus, offBoard); }), "(no error)");
  pw::Challenge partial = focus.parse("RRR/BWB/BRB");
  partial.colours.pop_back();  // a window cell without its colour
  EXPECT_NE(errorOf([&] { pw::count(focus, partial); }), "(no error)");
  pw::Challenge nul = focus.parse("RRR/BWB/BRB");
  nul.colours.front().second = '\0';  // no colour of the pieces (the solver reads 0 as "any")
  EXPECT_NE(errorOf([&] { pw::count(focus, nul); }), "(no error)");
  EXPECT_NE(errorOf([&] { focus.format(nul); }), "(no error)");
  pw::Challenge colourOnFit;
  colourOnFit.colours = {{0, 'R'}};  // IQ Fit has no window
  EXPECT_NE(errorOf([&] { pw::uniqueness(pw::Puzzle::load("iq-fit"), colourOnFit); }), "(no error)");
  const pw::Puzzle link = pw::Puzzle::load("iq-link");
  for (const int site : {0, 30, 150}) {  // IQ-Link has no marked cells (its notation is placement codes)
    pw::Challenge marked;
    marked.placements = {0};
    marked.markedPieces = {{site, 1}};
    EXPECT_NE(errorOf([&] { link.format(marked); }), "(no error)") << site;
  }
  // what() is one bounded line whatever the input echoes.
  for (const std::string& m : {errorOf([] { pw::Puzzle::load("bad\nname\x1b[31m"); }),
                               errorOf([] { pw::Puzzle::load(std::string(100000, 'x')); }),
                               errorOf([] { pw::parseLevel(std::string(5000, 'E') + "\n"); })}) {
    EXPECT_NE(m, "(no error)");
    EXPECT_EQ(m.find('\n'), std::string::npos) << m;
    EXPECT_EQ(m.find('\x1b'), std::string::npos) << m;
    EXPECT_LE(m.size(), 400U) << m;
  }
  EXPECT_EQ(errorOf([] { pw::Puzzle::fromFile("/nonexistent/x.toml"); }),
            "/nonexistent/x.toml: no such file");
}

// fromFile reads files as load() does, BurrTools' too, and never takes a file name for a shipped puzzle.
TEST(LibraryApi, FromFileReadsBurrToolsFilesAndNeverShippedNames) {
  const std::string dir = testing::TempDir();
  const std::string xm = dir + "piecework_api_trominoes.xmpuzzle";
  std::ofstream(xm) << R"(<?xml version="1.0"?>
<puzzle version="2"><gridType type="0"/><colors/><shapes>
<voxel x="3" y="2" z="1" name="tray" type="0">######</voxel>
<voxel x="3" y="1" z="1" name="I tromino" type="0">###</voxel>
</shapes><problems><problem name="two trominoes" state="0"><shapes><shape id="1" count="2"/></shapes>
<result id="0"/></problem></problems></puzzle>
)";
  const pw::Puzzle trominoes = pw::Puzzle::fromFile(xm);
  EXPECT_EQ(trominoes.pieceCount(), 2);
  EXPECT_EQ(trominoes.cellCount(), 6);
  EXPECT_EQ(pw::Puzzle::fromFile(xm + "#1").pieceCount(), 2);  // a problem named as load() takes it
  std::remove(xm.c_str());
}

TEST(LibraryApi, SolveHandsEachSolutionToACallback) {
  // Published: the Soma cube has 11,520 solutions (240 up to its 48 symmetries, times 48).
  const pw::Puzzle soma = pw::Puzzle::load("soma");
  std::set<std::vector<int>> seen;
  const pw::SolveReport all = pw::solve(soma, {}, [&](const pw::Challenge& solution) {
    EXPECT_EQ(static_cast<int>(solution.placements.size()), soma.pieceCount());
    seen.insert(solution.placements);
    return true;
  });
  EXPECT_EQ(all.found, 11520U);
  EXPECT_EQ(seen.size(), 11520U);  // every one different
  EXPECT_TRUE(all.exhausted);
  EXPECT_FALSE(all.cancelled);

  // Returning false stops at once; the first solutions are solve()'s first ones.
  std::vector<pw::Challenge> firstThree;
  const pw::SolveReport three = pw::solve(soma, {}, [&](const pw::Challenge& solution) {
    firstThree.push_back(solution);
    return firstThree.size() < 3;
  });
  EXPECT_EQ(three.found, 3U);
  EXPECT_FALSE(three.exhausted);
  EXPECT_FALSE(three.cancelled);
  const std::vector<pw::Challenge> listed = pw::solve(soma, {}, 3);
  ASSERT_EQ(listed.size(), 3U);
  for (std::size_t i = 0; i < 3; ++i) EXPECT_EQ(firstThree[i].placements, listed[i].placements);
}

TEST(LibraryApi, CountReportsProgressToTheEnd) {
  // Published: the 6 x 10 pentomino rectangle has 9,356 solutions.
  std::vector<pw::Progress> calls;
  pw::Control control;
  control.progress = [&](const pw::Progress& p) { calls.push_back(p); };  // one call at a time
  pw::Options two;
  two.threads = 2;
  const pw::CountReport report = pw::count(pw::Puzzle::load("pentominoes-6x10"), {}, two, control);
  EXPECT_FALSE(report.cancelled);
  EXPECT_EQ(report.counts.solutions, 9356U);
  ASSERT_GE(calls.size(), 2U);  // the start, and the end
  EXPECT_EQ(calls.front().done, 0U);
  EXPECT_GT(calls.back().total, 0U);
  EXPECT_EQ(calls.back().done, calls.back().total);
  for (std::size_t i = 1; i < calls.size(); ++i) EXPECT_GE(calls[i].done, calls[i - 1].done);
}

TEST(LibraryApi, CountCancelledFromAnotherThread) {
  // IQ-Link's empty board (README: 21,952 linked fillings) takes tens of seconds; a stop set from another
  // thread as soon as progress is first reported ends it within a few thousand nodes of each search
  // (tests/library/cancel_test.cpp cancels inside one job).
  pw::Control control;
  std::promise<void> started;
  std::once_flag once;
  control.progress = [&](const pw::Progress&) { std::call_once(once, [&] { started.set_value(); }); };
  std::thread canceller([&, stop = control.stop] {
    started.get_future().wait();
    stop.requestStop();
  });
  pw::Options two;
  two.threads = 2;
  const pw::CountReport report = pw::count(pw::Puzzle::load("iq-link"), {}, two, control);
  canceller.join();
  EXPECT_TRUE(report.cancelled);
  EXPECT_LT(report.counts.solutions, 21952U);
}

TEST(LibraryApi, StopSetBeforehandCancelsAtOnce) {
  pw::Control control;
  control.stop.requestStop();
  const pw::Puzzle soma = pw::Puzzle::load("soma");
  const pw::CountReport counted = pw::count(soma, {}, {}, control);
  EXPECT_TRUE(counted.cancelled);
  EXPECT_EQ(counted.counts.solutions, 0U);  // no job started

  const pw::SolveReport solved = pw::solve(
      soma, {}, [](const pw::Challenge&) { return true; }, {}, control);
  EXPECT_TRUE(solved.cancelled);
  EXPECT_EQ(solved.found, 0U);

  const pw::GenerateReport generated = pw::generate(soma, pw::Level::Starter, 1000, 1, {}, control);
  EXPECT_TRUE(generated.cancelled);
  EXPECT_LT(generated.challenges.size(), 1000U);
}

TEST(LibraryApi, GenerateWithControlMatchesGenerate) {
  const pw::Puzzle fit = pw::Puzzle::load("iq-fit");
  pw::Control control;
  std::uint64_t lastDone = 0, lastTotal = 0;
  control.progress = [&](const pw::Progress& p) { lastDone = p.done, lastTotal = p.total; };
  const pw::GenerateReport report = pw::generate(fit, pw::Level::Junior, 3, 7, {}, control);
  const std::vector<pw::Generated> plain = pw::generate(fit, pw::Level::Junior, 3, 7);
  EXPECT_FALSE(report.cancelled);
  ASSERT_EQ(report.challenges.size(), plain.size());
  for (std::size_t i = 0; i < plain.size(); ++i) EXPECT_EQ(report.challenges[i].seed, plain[i].seed);
  EXPECT_EQ(lastDone, plain.size());
  EXPECT_EQ(lastTotal, 3U);
}

// The short explanation is the moves `piecework rate --explain` prints, line for line and indented as deep,
// and far shorter than the rater's whole log (Rating::explanation).
TEST(LibraryApi, ShortExplanationIsWhatRateExplainPrints) {
  const std::string text = "yyyy....../...y....../..rrrr..../..rg....../..ggg.....";  // a Master: 533 steps
  const pw::Puzzle fit = pw::Puzzle::load("iq-fit");
  const auto lines = pw::shortExplanation(fit, fit.parse(text));
  const auto printed = piecework::library_test::pieceworkRun("rate iq-fit --explain --challenge " + text);
  ASSERT_EQ(printed.status, 0) << printed.out;
  std::vector<std::string> expected;  // the numbered lines after "why:", without their numbers
  std::istringstream in(printed.out);
  for (std::string line; std::getline(in, line);) {
    const auto dot = line.find(". ");
    if (line.size() < 6 || dot == std::string::npos || line.find_first_not_of(' ') >= dot) continue;
    if (line.substr(line.find_first_not_of(' '), dot - line.find_first_not_of(' '))
            .find_first_not_of("0123456789") != std::string::npos)
      continue;
    expected.push_back(line.substr(dot + 2));
  }
  ASSERT_FALSE(expected.empty()) << printed.out;
  ASSERT_EQ(lines.size(), expected.size()) << printed.out;
  for (std::size_t k = 0; k < lines.size(); ++k)
    EXPECT_EQ(std::string(static_cast<std::size_t>(lines[k].depth) * 2, ' ') + lines[k].text, expected[k]);
  EXPECT_LT(lines.size(), pw::rate(fit, fit.parse(text)).explanation.size());
  // A domino given in the second and third cells of a strip of six leaves no room for a piece of four.
  const pw::Puzzle strip = pw::Puzzle::fromToml(
      "name = \"strip\"\nlattice = \"square\"\nboard = \"......\"\n[[piece]]\nletter = \"a\"\nshape = "
      "\"##\"\n[[piece]]\nletter = \"b\"\nshape = \"####\"\n");
  EXPECT_NE(errorOf([&] { pw::shortExplanation(strip, strip.parse(".aa...")); }).find("no solution"),
            std::string::npos);
}

// The hints lead to the one solution (solve() finds it independently of the rater): each keeps what the one
// before placed, no placement it makes is outside the solution, and the last fills the board.
TEST(LibraryApi, HintsLeadToTheSolution) {
  const pw::Puzzle tiny = pw::Puzzle::fromToml(kTiny);
  const auto one = pw::hints(tiny, tiny.parse("aaa/..."));
  ASSERT_EQ(one.size(), 1U);
  EXPECT_EQ(one[0].kind, pw::Hint::Kind::Place);
  EXPECT_EQ(one[0].depth, 0);
  EXPECT_EQ(tiny.format(one[0].board), "aaa/bbb");
  EXPECT_FALSE(one[0].text.empty());

  const pw::Puzzle fit = pw::Puzzle::load("iq-fit");
  const pw::Challenge challenge = fit.parse("....llpppp/.yyyylpprr/...yylnnnr/i.ssssnonr/iiissoooor");
  const auto solutions = pw::solve(fit, challenge, 2);
  ASSERT_EQ(solutions.size(), 1U);
  const auto hints = pw::hints(fit, challenge);
  ASSERT_FALSE(hints.empty());
  pw::Challenge before = challenge;
  for (const auto& hint : hints) {
    SCOPED_TRACE(hint.text);
    EXPECT_FALSE(hint.text.empty());
    EXPECT_TRUE(contains(hint.board, before));
    EXPECT_TRUE(contains(solutions[0], hint.board));
    before = hint.board;
  }
  EXPECT_EQ(hints.back().board.placements, solutions[0].placements);
  EXPECT_EQ(hints.front().kind, pw::Hint::Kind::Place) << "a piece with one place left comes first";

  // A domino given in the second and third cells of a strip of six leaves no room for a piece of four.
  const pw::Puzzle strip = pw::Puzzle::fromToml(
      "name = \"strip\"\nlattice = \"square\"\nboard = \"......\"\n[[piece]]\nletter = \"a\"\nshape = "
      "\"##\"\n"
      "[[piece]]\nletter = \"b\"\nshape = \"####\"\n");
  const pw::Challenge blocked = strip.parse(".aa...");
  EXPECT_EQ(pw::uniqueness(strip, blocked), pw::Uniqueness::None);
  EXPECT_NE(errorOf([&] { pw::hints(strip, blocked); }).find("no solution"), std::string::npos);
}

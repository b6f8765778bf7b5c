// SPDX-License-Identifier: Apache-2.0
// Generated challenges built like the official booklets' (issue 27 point 4): IQ Fit's pieces to place and
// spare givens per level, IQ Stars' pieces given and marked cells per level, IQ-Link's booklet table of
// pieces to place, IQ Focus's patterns with no piece given; every level of the four reaches its count with
// default options; and the ranges the families keep (families/NAME/, generator/family_booklet.hpp) checked
// against the booklet itself. Spare givens are counted here with the solver's uniqueness(), not with the
// rater's measure that the generator uses; pieces given and marks are counted from the printed challenge
// text.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "generator/family_booklet.hpp"
#include "puzzle/challenge.hpp"
#include "puzzle/definition.hpp"
#include "puzzle/errors.hpp"
#include "rater/rater.hpp"
#include "solver/solver.hpp"
#include "support/run.hpp"

using nlohmann::json;
using piecework::test::runPiecework;

namespace piecework {
namespace {

std::vector<json> generated(const std::string& puzzle, const std::string& level, int count) {
  const auto r = runPiecework("generate " + puzzle + " --level " + level + " --count " +
                              std::to_string(count) + " --seed 5 --json -q");
  EXPECT_EQ(r.status, 0) << r.err;
  std::vector<json> lines;
  std::istringstream in(r.out);
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) lines.push_back(json::parse(line));
  EXPECT_EQ(static_cast<int>(lines.size()), count) << r.err;
  return lines;
}

// Givens whose removal leaves the solution the only one, each tried alone with uniqueness().
int spareGivensByRemoval(const Puzzle& puzzle, const std::vector<int>& givens) {
  int spare = 0;
  for (std::size_t i = 0; i < givens.size(); ++i) {
    std::vector<int> fewer = givens;
    fewer.erase(fewer.begin() + static_cast<std::ptrdiff_t>(i));
    if (uniqueness(puzzle, fewer, Rules{}) == Uniqueness::Unique) ++spare;
  }
  return spare;
}

// Per level, the least and most of something.
using Ranges = std::map<std::string, std::pair<int, int>>;
void widen(Ranges& ranges, const std::string& level, int value) {
  auto [it, fresh] = ranges.emplace(level, std::pair{value, value});
  if (!fresh) it->second = {std::min(it->second.first, value), std::max(it->second.second, value)};
}

// The official IQ Fit booklet (data/calibration/iq-fit-booklet.jsonl, 12 per level): pieces to place and
// spare givens per level, counted here.
struct BookletFacts {
  Ranges toPlace, spare;
};
const BookletFacts& iqFitBooklet() {
  static const BookletFacts facts = [] {
    const Puzzle fit = loadPuzzle("iq-fit");
    BookletFacts f;
    std::ifstream in(std::string(PIECEWORK_SOURCE_DIR) + "/data/calibration/iq-fit-booklet.jsonl");
    for (std::string line; std::getline(in, line);) {
      if (line.empty()) continue;
      const json entry = json::parse(line);
      const std::vector<int> givens = parseChallenge(fit, entry.at("challenge").get<std::string>());
      const std::string level = entry.at("level").get<std::string>();
      widen(f.toPlace, level, fit.totalPieces() - static_cast<int>(givens.size()));
      widen(f.spare, level, spareGivensByRemoval(fit, givens));
    }
    return f;
  }();
  return facts;
}

const std::vector<std::string> kLevels = {"Starter", "Junior", "Expert", "Master", "Wizard"};

// The booklet's own figures, as docs/generating.md states them: a check that the counting above is right.
TEST(GeneratorBooklet, IqFitBookletCountedByHand) {
  const BookletFacts& booklet = iqFitBooklet();
  EXPECT_EQ(booklet.toPlace.at("Starter"), std::pair(2, 4));
  EXPECT_EQ(booklet.toPlace.at("Junior"), std::pair(4, 6));
  EXPECT_EQ(booklet.toPlace.at("Wizard"), std::pair(7, 8));
  EXPECT_EQ(booklet.spare.at("Starter"), std::pair(4, 8));
  for (const char* level : {"Junior", "Expert", "Master", "Wizard"})
    EXPECT_EQ(booklet.spare.at(level), std::pair(0, 0)) << level;
}

// The ranges the iq-fit family keeps (families/iq_fit/module.cpp) are the booklet's.
TEST(GeneratorBooklet, IqFitFamilyHoldsTheBookletRanges) {
  const Puzzle fit = loadPuzzle("iq-fit");
  const BookletFacts& booklet = iqFitBooklet();
  for (std::size_t level = 0; level < kLevels.size(); ++level) {
    SCOPED_TRACE(kLevels[level]);
    const LevelShape levelForm = levelShape(fit, static_cast<Level>(level));
    EXPECT_EQ(levelForm.form, ChallengeForm::Pieces);
    const BookletLevel& shape = levelForm.ranges;
    EXPECT_EQ(std::pair(shape.minToPlace, shape.maxToPlace), booklet.toPlace.at(kLevels[level]));
    EXPECT_EQ(std::pair(shape.minSpareGivens, shape.maxSpareGivens), booklet.spare.at(kLevels[level]));
  }
}

// Generated IQ Fit challenges: pieces to place and spare givens in the booklet's ranges at every level; from
// Junior on, every given is needed (the booklet has no spare given there).
TEST(GeneratorBooklet, IqFitLikeTheBooklet) {
  const Puzzle fit = loadPuzzle("iq-fit");
  const BookletFacts& booklet = iqFitBooklet();
  for (const std::string& level : kLevels) {
    SCOPED_TRACE(level);
    for (const json& line : generated("iq-fit", level, level == "Wizard" ? 4 : 8)) {
      const std::vector<int> givens = parseChallenge(fit, line.at("challenge").get<std::string>());
      SCOPED_TRACE(line.at("challenge").get<std::string>());
      ASSERT_EQ(uniqueness(fit, givens, Rules{}), Uniqueness::Unique);
      const int toPlace = fit.totalPieces() - static_cast<int>(givens.size());
      EXPECT_GE(toPlace, booklet.toPlace.at(level).first);
      EXPECT_LE(toPlace, booklet.toPlace.at(level).second);
      const int spare = spareGivensByRemoval(fit, givens);
      EXPECT_GE(spare, booklet.spare.at(level).first);
      EXPECT_LE(spare, booklet.spare.at(level).second);
      if (level != "Starter") {
        EXPECT_EQ(spare, 0);
      }
    }
  }
}

// IQ Stars: the booklet gives Starter 4 or 5 pieces, Junior 2 or 3, Expert 2, Master 1, Wizard none (marked
// cells instead), docs/rating.md.
TEST(GeneratorBooklet, IqStarsPiecesGivenLikeTheBooklet) {
  const Puzzle stars = loadPuzzle("iq-stars");
  const std::map<std::string, std::pair<int, int>> given = {
      {"Starter", {4, 5}}, {"Junior", {2, 3}}, {"Expert", {2, 2}}, {"Master", {1, 1}}, {"Wizard", {0, 0}}};
  for (const std::string& level : kLevels) {
    SCOPED_TRACE(level);
    for (const json& line : generated("iq-stars", level, 8)) {
      const std::string text = line.at("challenge").get<std::string>();
      SCOPED_TRACE(text);
      const Challenge challenge = parseChallengeText(stars, text);
      const int pieces = static_cast<int>(challenge.givens.size());
      EXPECT_GE(pieces, given.at(level).first);
      EXPECT_LE(pieces, given.at(level).second);
      if (level == "Wizard") {
        // Marked cells, counted in the text: every letter is one marked cell (no piece is given whole).
        const auto marked =
            std::count_if(text.begin(), text.end(), [](char c) { return c != '.' && c != '/'; });
        EXPECT_GE(marked, 2);
        EXPECT_LE(marked, 4);
      }
      EXPECT_EQ(line.at("to_place").get<int>(), stars.totalPieces() - pieces);
      Rules rules;
      rules.marks = challenge.marks;
      EXPECT_EQ(uniqueness(stars, challenge.givens, rules), Uniqueness::Unique);
    }
  }
}

// IQ-Link: pieces to place in the booklet table (docs/rating.md, IQ-Link: Starter 2-3, Junior 3-7, Expert
// 5-8, Master 6-9, Wizard 8-10 of 12), counted from the challenge's placement codes.
TEST(GeneratorBooklet, IqLinkPiecesToPlaceLikeTheBookletTable) {
  const Puzzle link = loadPuzzle("iq-link");
  const std::map<std::string, std::pair<int, int>> toPlace = {
      {"Starter", {2, 3}}, {"Junior", {3, 7}}, {"Expert", {5, 8}}, {"Master", {6, 9}}, {"Wizard", {8, 10}}};
  for (const std::string& level : kLevels) {
    SCOPED_TRACE(level);
    for (const json& line : generated("iq-link", level, 3)) {
      const std::string text = line.at("challenge").get<std::string>();
      SCOPED_TRACE(text);
      EXPECT_EQ(text.size() % 3, 0U);  // three letters a placed piece
      const int pieces = 12 - static_cast<int>(text.size() / 3);
      EXPECT_GE(pieces, toPlace.at(level).first);
      EXPECT_LE(pieces, toPlace.at(level).second);
      const std::vector<int> givens = parseChallenge(link, text);
      EXPECT_EQ(static_cast<int>(givens.size()), 12 - pieces);
      EXPECT_EQ(uniqueness(link, givens, Rules{}), Uniqueness::Unique);
    }
  }
}

// IQ Focus: at every level a 3 x 3 colour pattern with no piece given, all 10 to place, as in the booklet.
TEST(GeneratorBooklet, IqFocusPatternsAtEveryLevel) {
  const Puzzle focus = loadPuzzle("iq-focus");
  for (const std::string& level : kLevels) {
    SCOPED_TRACE(level);
    for (const json& line : generated("iq-focus", level, 4)) {
      const std::string text = line.at("challenge").get<std::string>();
      SCOPED_TRACE(text);
      ASSERT_EQ(text.size(), 11U);  // RRR/BWB/BRB
      EXPECT_EQ(std::count(text.begin(), text.end(), '/'), 2);
      EXPECT_EQ(text.find_first_not_of("WRBG/"), std::string::npos);
      const Challenge challenge = parseChallengeText(focus, text);
      EXPECT_TRUE(challenge.givens.empty());
      EXPECT_EQ(line.at("to_place").get<int>(), 10);
      Rules rules;
      rules.marks = challenge.marks;
      EXPECT_EQ(uniqueness(focus, {}, rules), Uniqueness::Unique);
    }
  }
}

// The shapes generate keeps to: the family's, a definition's own [booklet.LEVEL] in their place, none when
// asked for any challenge graded at the level; the form (pattern, marked cells) stays.
TEST(GeneratorBooklet, LevelShapeFromTheFamilyOrTheDefinition) {
  const std::string strip =
      "name = \"strip\"\nlattice = \"square\"\nboard = \"....\"\n[booklet.Junior]\nto_place = [1, 2]\n"
      "[[piece]]\nletter = \"A\"\nshape = \"##\"\n[[piece]]\nletter = \"B\"\nshape = \"##\"\n";
  const Puzzle plain = loadDefinition(strip, "strip.toml");
  EXPECT_EQ(levelShape(plain, Level::Starter).ranges.maxToPlace, BookletLevel{}.maxToPlace);
  EXPECT_EQ(levelShape(plain, Level::Junior).ranges.maxToPlace, 2);
  EXPECT_EQ(levelShape(plain, Level::Junior, false).ranges.maxToPlace, BookletLevel{}.maxToPlace);

  const Puzzle stars = loadPuzzle("iq-stars");
  EXPECT_EQ(levelShape(stars, Level::Junior).ranges.minToPlace, 4);  // 2 or 3 of 7 given
  EXPECT_EQ(levelShape(stars, Level::Junior).ranges.maxToPlace, 5);
  const LevelShape wizard = levelShape(stars, Level::Wizard, false);
  EXPECT_EQ(wizard.form, ChallengeForm::MarkedCells);
  EXPECT_EQ(wizard.minMarks, 2);
  EXPECT_EQ(wizard.maxMarks, 4);
  EXPECT_EQ(levelShape(loadPuzzle("iq-focus"), Level::Master).form, ChallengeForm::ColourPattern);
  EXPECT_EQ(levelShape(loadPuzzle("iq-link"), Level::Wizard).ranges.minToPlace, 8);
  EXPECT_EQ(levelShape(loadPuzzle("pentominoes-6x10"), Level::Wizard).form, ChallengeForm::Pieces);
  // A window board that names the cells family is still asked by its pattern.
  const std::string window =
      "name = \"w\"\nlattice = \"square\"\nfamily = \"cells\"\nboard = \"o.\"\n[[piece]]\nletter = "
      "\"a\"\ncolours = \"RW\"\n";
  EXPECT_EQ(levelShape(loadDefinition(window, "w.toml"), Level::Starter).form, ChallengeForm::ColourPattern);
}

// Without --max-attempts, IQ Stars' Master (32 one-piece challenges in all) reaches a booklet's 24.
// The batch stays independent of the thread count with the random start piece.
TEST(GeneratorBooklet, IqStarsMastersReachTwentyFour) {
  const std::vector<json> lines = generated("iq-stars", "Master", 24);
  EXPECT_EQ(lines.size(), 24U);
  const auto one = runPiecework("generate iq-stars --level Master --count 24 --seed 5 --json -q --threads 1");
  ASSERT_EQ(one.status, 0) << one.err;
  std::string joined;
  for (const json& line : lines) joined += line.dump() + "\n";
  std::string again;
  std::istringstream in(one.out);
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) again += json::parse(line).dump() + "\n";
  EXPECT_EQ(joined, again);
}

// [booklet] in a definition: ranges read as written, mistakes refused with the line.
TEST(GeneratorBooklet, DefinitionBookletTable) {
  const std::string head = "name = \"strip\"\nlattice = \"square\"\nboard = \"....\"\n";
  const std::string pieces =
      "[[piece]]\nletter = \"A\"\nshape = \"##\"\n[[piece]]\nletter = \"B\"\nshape = \"##\"\n";
  const Puzzle strip = loadDefinition(
      head + "[booklet.Junior]\nto_place = [1, 2]\nspare_givens = [0, 0]\n" + pieces, "strip.toml");
  EXPECT_FALSE(strip.booklet[0].has_value());
  ASSERT_TRUE(strip.booklet[1].has_value());
  EXPECT_EQ(strip.booklet[1]->minToPlace, 1);
  EXPECT_EQ(strip.booklet[1]->maxToPlace, 2);
  EXPECT_EQ(strip.booklet[1]->maxSpareGivens, 0);
  EXPECT_TRUE(strip.booklet[1]->limitsSpareGivens());
  for (const std::string& bad :
       {std::string("[booklet.Hard]\nto_place = [1, 2]\n"),
        std::string("[booklet.Junior]\nto_place = [2, 1]\n"), std::string("[booklet.Junior]\nto_place = 2\n"),
        std::string("[booklet.Junior]\ngiven = [1, 2]\n")}) {
    SCOPED_TRACE(bad);
    EXPECT_THROW(loadDefinition(head + bad + pieces, "strip.toml"), InputError);
  }
}

}  // namespace
}  // namespace piecework

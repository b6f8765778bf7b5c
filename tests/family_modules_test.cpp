// SPDX-License-Identifier: Apache-2.0
// The family-module interface (docs/families.md): which family a definition belongs to, the per-layer
// registries, and IQ-Link's parts read through its module. Expected values come from docs/families.md's table
// and the definition format (docs/puzzle-format.md), not from the code under test.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <cstdint>
#include <stdexcept>
#include <string>

#include "families/iq_link/peg_data.hpp"
#include "output/family_drawing.hpp"
#include "output/text.hpp"
#include "puzzle/challenge_file.hpp"
#include "puzzle/definition.hpp"
#include "puzzle/errors.hpp"
#include "puzzle/family.hpp"
#include "solver/family_rule.hpp"
#include "solver/problem.hpp"
#include "support/run.hpp"

namespace piecework {
namespace {

TEST(FamilyModules, ShippedPuzzlesBelongToTheirFamilies) {
  EXPECT_EQ(familyOf(loadPuzzle("iq-link")).name(), "iq-link");
  EXPECT_EQ(familyOf(loadPuzzle("iq-focus")).name(), "iq-focus");
  EXPECT_EQ(familyOf(loadPuzzle("iq-stars")).name(), "iq-stars");
  EXPECT_EQ(familyOf(loadPuzzle("iq-fit")).name(), "iq-fit");  // named in its definition, for its booklet
  for (const char* name : {"iq-blocks", "soma", "pentominoes-6x10", "super-iq-cube"})
    EXPECT_EQ(familyOf(loadPuzzle(name)).name(), "cells") << name;
}

TEST(FamilyModules, UserDefinitionsGetTheirFamilyFromTheirFeatures) {
  const std::string window = R"(name = "w"
lattice = "square"
board = """
o.
"""
[[piece]]
letter = "a"
colours = "RW"
)";
  EXPECT_EQ(familyOf(loadDefinition(window, "w.toml")).name(), "iq-focus");
  const std::string marked = R"(name = "m"
lattice = "triangular"
marked_cells = true
board = """
..
"""
[[piece]]
letter = "a"
shape = "##"
)";
  EXPECT_EQ(familyOf(loadDefinition(marked, "m.toml")).name(), "iq-stars");
  std::string plain = marked;
  plain.replace(plain.find("marked_cells = true\n"), 20, "");
  EXPECT_EQ(familyOf(loadDefinition(plain, "p.toml")).name(), "cells");
}

TEST(FamilyModules, AnUnknownFamilyNameIsRefused) {
  EXPECT_THROW(familyNamed("no-such-family"), std::out_of_range);
  PuzzleSpec spec;
  spec.name = "x";
  spec.source = "x.toml";
  spec.family = "no-such-family";
  spec.cells = {Site{0, 0, 0}};
  PieceDef piece;
  piece.letter = 'a';
  piece.faces = {Shape{Site{0, 0, 0}}};
  spec.pieces = {piece};
  try {
    buildPuzzle(spec);
    ADD_FAILURE() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("x.toml: unknown puzzle family 'no-such-family'"), std::string::npos)
        << e.what();
  }
}

// IQ-Link's pieces are read by its module: a ball at L linked to the right takes its peg's centre and one
// direction (2 slots), a ring at the middle open up-left and up-right takes the other four directions.
TEST(FamilyModules, IqLinkPartsAreReadByItsModule) {
  const std::string hex = R"(name = "hex"
lattice = "hex-pegs"
board = """
. . . .
 . . . .
"""
[[piece]]
letter = "A"
parts = [
  { at = "L", kind = "ball", link = ["R"] },
  { at = "0", kind = "ring", open = ["UL", "UR"] },
]
)";
  const Puzzle p = loadDefinition(hex, "hex.toml");
  ASSERT_EQ(p.pieces.size(), 1U);
  const PieceDef& a = p.pieces.front();
  ASSERT_EQ(a.parts.size(), 2U);
  EXPECT_TRUE(a.parts[0].ball);
  EXPECT_FALSE(a.parts[1].ball);
  EXPECT_EQ(a.faces.front().size(), 6U);
  EXPECT_EQ(p.siteCount(), 8 * 7);  // 8 pegs, 7 slots each
  // Without parts the module names the piece and the line.
  std::string noParts = hex.substr(0, hex.find("parts = ["));
  try {
    loadDefinition(noParts, "hex.toml");
    ADD_FAILURE() << "no error";
  } catch (const InputError& e) {
    const std::string what = e.what();
    EXPECT_EQ(what.rfind("hex.toml:", 0), 0U) << what;
    EXPECT_NE(what.find("piece 'A' needs 'parts' on the hex-peg lattice"), std::string::npos) << what;
  }
}

// The engine rule fills IQ-Link's peg data (24 pegs: docs/notation.md's A to X) and nothing for the others.
TEST(FamilyModules, OnlyIqLinkHasAnEngineRule) {
  const Puzzle link = loadPuzzle("iq-link");
  ASSERT_NE(engineRuleOf(link), nullptr);
  const Problem problem = makeProblem(link, {}, Rules{});
  EXPECT_TRUE(problem.rules.familyRule);
  ASSERT_NE(problem.ruleData, nullptr);
  EXPECT_EQ(pegDataOf(problem).pegs.size(), link.placements.size());
  EXPECT_EQ(pegDataOf(problem).allPegs, (std::uint64_t{1} << 24) - 1);
  Rules unlinked;
  unlinked.familyRule = false;
  const Problem loose = makeProblem(link, {}, unlinked);
  EXPECT_FALSE(loose.rules.familyRule);
  ASSERT_NE(loose.ruleData, nullptr);
  EXPECT_EQ(pegDataOf(loose).pegs.size(), link.placements.size());  // peg counting still applies
  for (const char* name : {"iq-fit", "iq-focus", "iq-stars"}) {
    const Puzzle p = loadPuzzle(name);
    EXPECT_EQ(engineRuleOf(p), nullptr) << name;
    EXPECT_EQ(makeProblem(p, {}, Rules{}).ruleData, nullptr) << name;
  }
}

TEST(FamilyModules, IqLinkDrawsItsOwnWayAndCellFamiliesShareTheDefault) {
  const Puzzle link = loadPuzzle("iq-link");
  const Puzzle fit = loadPuzzle("iq-fit");
  const Puzzle soma = loadPuzzle("soma");
  EXPECT_NE(&familyDrawingOf(link), &familyDrawingOf(fit));
  EXPECT_EQ(&familyDrawingOf(fit), &familyDrawingOf(soma));
}

// `show --json` and `puzzles --json` name the family (a field added beside the others).
TEST(FamilyModules, ShowAndPuzzlesNameTheFamily) {
  const test::RunResult show = test::runPiecework("show iq-link --json");
  ASSERT_EQ(show.status, 0) << show.err;
  EXPECT_EQ(nlohmann::json::parse(show.out).at("family"), "iq-link");
  const test::RunResult list = test::runPiecework("puzzles --json");
  ASSERT_EQ(list.status, 0) << list.err;
  int seen = 0;
  for (const auto& p : nlohmann::json::parse(list.out)) {
    if (p.at("name") == "iq-focus") {
      EXPECT_EQ(p.at("family"), "iq-focus");
      ++seen;
    }
    if (p.at("name") == "pentominoes-6x10") {
      EXPECT_EQ(p.at("family"), "cells");
      ++seen;
    }
  }
  EXPECT_EQ(seen, 2);
}

// The words generic commands print for a family's own rule (show, census, generate) and how a file of its
// challenges is split (rate --challenge-file): IQ-Link's alone (docs/families.md, docs/rating.md).
TEST(FamilyModules, OnlyIqLinkHasRuleWordsAndOneChallengePerLine) {
  const Family& link = familyNamed("iq-link");
  EXPECT_EQ(link.ruleName(), "linked");
  EXPECT_EQ(link.ruleClause(), "the pieces must form one linked structure");
  EXPECT_TRUE(link.challengesOnOneLine());
  for (const char* name : {"iq-focus", "iq-stars", "iq-fit", "cells"}) {
    const Family& family = familyNamed(name);
    EXPECT_TRUE(family.ruleName().empty()) << name;
    EXPECT_TRUE(family.ruleClause().empty()) << name;
    EXPECT_FALSE(family.challengesOnOneLine()) << name;
  }
}

TEST(ChallengeFile, IqLinkCodesOnePerLineAndPicturesAcrossLines) {
  const std::vector<ChallengeText> codes =
      splitChallengeFile(loadPuzzle("iq-link"), "f", "KABWCA\n\n  JADBCG  \n---\n");
  ASSERT_EQ(codes.size(), 3U);  // "---" is no separator in a file of codes: a line like any other
  EXPECT_EQ(codes[0].text, "KABWCA");
  EXPECT_EQ(codes[0].line, 1);
  EXPECT_EQ(codes[1].text, "JADBCG");
  EXPECT_EQ(codes[1].line, 3);
  // Pictures: a line with '/' stands alone; other lines gather until a blank line.
  const std::vector<ChallengeText> pictures =
      splitChallengeFile(loadPuzzle("iq-fit"), "f", "ab/cd\n\nab\ncd\n\n");
  ASSERT_EQ(pictures.size(), 2U);
  EXPECT_EQ(pictures[0].text, "ab/cd");
  EXPECT_EQ(pictures[1].text, "ab\ncd\n");
  EXPECT_EQ(pictures[1].line, 3);
  // A box's picture needs all its layers (soma: 3).
  EXPECT_THROW(splitChallengeFile(loadPuzzle("soma"), "f", "...\n...\n...\n---\n"), InputError);
  EXPECT_THROW(splitChallengeFile(loadPuzzle("iq-link"), "f", "\n \n"), InputError);
}

// Coloured squares are the definition format's, not IQ Focus's: a board with coloured pieces and no window
// is of the cells family and still pictured square by square in colour letters
// (output/text_coloured_squares).
TEST(FamilyModules, ColouredSquaresWithoutAWindowAreCellsAndPicturedInColour) {
  const Puzzle p = loadDefinition(R"(name = "c"
lattice = "square"
board = """
..
"""
[[piece]]
letter = "a"
colours = "RW"
)",
                                  "c.toml");
  EXPECT_EQ(familyOf(p).name(), "cells");
  EXPECT_EQ(piecePicture(p, 0), "  R W\n");
}

}  // namespace
}  // namespace piecework

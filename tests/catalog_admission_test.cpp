// SPDX-License-Identifier: Apache-2.0
// Only a challenge with exactly one solution enters the catalog, and a page takes none that is not (issue
// 17, rows 1, 2 and 13): through import, from an older catalog, with piece copies, with a grade from an
// unknown rater.
#include <gtest/gtest.h>

#include <filesystem>
#include <regex>
#include <string>
#include <vector>

#include "db/catalog.hpp"
#include "puzzle/challenge.hpp"
#include "puzzle/definition.hpp"
#include "support/temp_dir_test.hpp"

namespace piecework {
namespace {

namespace fs = std::filesystem;
using namespace test;  // the shared helpers (support/temp_dir_test.hpp, support/run.hpp)

class CatalogAdmission : public TempDirTest {};

// The issue's challenge: IQ Fit with only the blue piece given has many solutions.
const char* const kSeveralSolutions =
    R"({"puzzle":"iq-fit","challenge":"bbbb....../b........./........../........../.........."})";

// Issue 17, row 1: a challenge with several solutions must not enter the catalog.
TEST_F(CatalogAdmission, ImportRefusesAChallengeWithSeveralSolutions) {
  spit(path("m.jsonl"), std::string(kSeveralSolutions) + "\n");
  const auto r =
      runPiecework("catalog import " + quote(path("m.jsonl")) + " --db " + quote(path("m.sqlite")));
  expectBadInput(r, "m.jsonl:1: challenge has several solutions");
  EXPECT_EQ(filesIn(dir_), std::vector<std::string>{"m.jsonl"});
}

// Issue 17, row 1: a catalog written by an older piecework may hold one; booklet refuses it before writing
// anything.
TEST_F(CatalogAdmission, BookletRefusesAStoredChallengeThatIsNotUnique) {
  const Puzzle fit = loadPuzzle("iq-fit");
  {
    db::Catalog catalog(path("m.sqlite"), db::Catalog::Access::ReadWrite);
    const auto id = catalog.ensurePuzzle("iq-fit", shippedText("iq-fit"));
    for (const std::string& text : {std::string(kFitUnique), std::string("bbbb....../b........./........../"
                                                                         "........../..........")}) {
      const bool unique = text == kFitUnique;
      const auto givens = parseChallenge(fit, text);
      db::NewChallenge c;
      c.puzzleId = id;
      c.challengeText = text;
      c.canonicalKey = db::canonicalKey(fit, givens);
      c.solutionText = kFitSolution;
      c.given = static_cast<int>(givens.size());
      c.toPlace = 10 - c.given;
      c.level = unique ? Level::Junior : Level::Wizard;
      ASSERT_TRUE(catalog.insertChallenge(c));
    }
  }
  const auto before = filesIn(dir_);
  const auto r = runPiecework("booklet --db " + quote(path("m.sqlite")) + " --out " + quote(path("m.pdf")));
  expectBadInput(r, "challenge 2: has several solutions");
  EXPECT_EQ(filesIn(dir_), before);
  // The unique one alone prints.
  const auto ok = runPiecework("booklet --db " + quote(path("m.sqlite")) + " --out " + quote(path("m.pdf")) +
                               " --level Junior");
  EXPECT_EQ(ok.status, 0) << ok.err;
}

// Issue 17, row 2: a 3x3x3 box with 2 straight and 3 bent tricubes plus T, S and O tetracubes (27 cells).
const char* const kBoxWithCopies = R"(name = "box-copies"
lattice = "cubic"
box = [3, 3, 3]

[[piece]]
letter = "I"
copies = 2
cubes = [[0, 0, 0], [1, 0, 0], [2, 0, 0]]

[[piece]]
letter = "V"
copies = 3
cubes = [[0, 0, 0], [1, 0, 0], [0, 1, 0]]

[[piece]]
letter = "T"
cubes = [[0, 0, 0], [1, 0, 0], [2, 0, 0], [1, 1, 0]]

[[piece]]
letter = "S"
cubes = [[0, 0, 0], [1, 0, 0], [1, 1, 0], [2, 1, 0]]

[[piece]]
letter = "O"
cubes = [[0, 0, 0], [1, 0, 0], [0, 1, 0], [1, 1, 0]]
)";

TEST_F(CatalogAdmission, ChallengesOfAPuzzleWithPieceCopiesImportBack) {
  spit(path("box.toml"), kBoxWithCopies);
  // The issue's case is Expert; another level serves as well should a rater change put Expert out of reach.
  RunResult generated;
  for (const char* level : {"Expert", "Junior", "Master", "Starter", "Wizard"}) {
    generated = runPiecework("generate " + quote(path("box.toml")) + " --level " + level +
                             " --count 3 --seed 7 --json -q");
    if (generated.status == 0) break;
  }
  ASSERT_EQ(generated.status, 0) << generated.err;
  spit(path("box.jsonl"), generated.out);
  const auto r = runPiecework("catalog import " + quote(path("box.jsonl")) + " --puzzle " +
                              quote(path("box.toml")) + " --db " + quote(path("box.sqlite")));
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("imported 3 challenges"), std::string::npos) << r.out;
  // The same cells under another split into copies is the same solution; a different filling is not.
  const std::string line = generated.out.substr(0, generated.out.find('\n'));
  const std::regex solution(R"re("solution":"([^"]*)")re");
  std::smatch match;
  ASSERT_TRUE(std::regex_search(line, match, solution));
  std::string wrong = match[1].str();
  std::swap(wrong[0], wrong[wrong.find_first_not_of(wrong[0])]);  // two cells of different pieces swapped
  spit(path("wrong.jsonl"), std::regex_replace(line, solution, "\"solution\":\"" + wrong + "\"") + "\n");
  const auto bad = runPiecework("catalog import " + quote(path("wrong.jsonl")) + " --puzzle " +
                                quote(path("box.toml")) + " --db " + quote(path("box.sqlite")));
  expectBadInput(bad, "wrong.jsonl:1: solution");
}

// Issue 17, row 13: a grade from a rater newer than this build's would be stored and never re-rated.
TEST_F(CatalogAdmission, ImportRefusesAGradeFromAnUnknownRater) {
  spit(path("new.jsonl"), std::string(R"({"puzzle":"iq-fit","challenge":")") + kFitUnique +
                              R"(","level":"Junior","score":3,"rater_version":999})" + "\n");
  expectBadInput(
      runPiecework("catalog import " + quote(path("new.jsonl")) + " --db " + quote(path("c.sqlite"))),
      "new.jsonl:1: \"rater_version\": 999");
  EXPECT_FALSE(fs::exists(path("c.sqlite")));
}

}  // namespace
}  // namespace piecework

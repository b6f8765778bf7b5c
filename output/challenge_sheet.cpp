// SPDX-License-Identifier: Apache-2.0
#include "output/challenge_sheet.hpp"

#include <fmt/format.h>

#include "output/drawing_module.hpp"
#include "output/sheet.hpp"
#include "output/walkthrough.hpp"
#include "puzzle/burrtools.hpp"
#include "puzzle/errors.hpp"
#include "rater/hint.hpp"
#include "solver/solver.hpp"

namespace piecework {

std::string sheetHeading(const Puzzle& puzzle, const std::string& nameOrPath) {
  if (!isBurrToolsPath(nameOrPath) || puzzle.title == puzzle.name) return puzzle.title;
  if (puzzle.title.empty() || puzzle.title.starts_with(puzzle.name)) return puzzle.name;
  return fmt::format("{} (problem {})", puzzle.name, puzzle.title);
}

ChallengeSheetResult writeChallengeSheet(const std::string& path, const Puzzle& puzzle,
                                         const Challenge& challenge, const ChallengeSheet& request) {
  SheetOptions sheet;
  sheet.paper = request.paper;
  sheet.heading = request.heading;
  sheet.marks = challenge.marks;
  // (A challenge that writes as nothing, such as a design's own problem with nothing given, is the empty
  // board too: never a bare "challenge:".)
  sheet.caption = (challenge.givens.empty() && challenge.marks.empty()) || request.written.empty()
                      ? "the empty board"
                      : "challenge: " + request.written;
  ChallengeSheetResult result;
  if (request.answer) {
    FindOptions find;
    find.rules = request.rules;
    find.max = 2;
    find.rules.marks = challenge.marks;
    result.solutions = findSolutions(puzzle, challenge.givens, find).solutions;
    if (result.solutions.empty())
      throw InputError("sheet: the challenge has no solution, so there is no answer to draw");
    sheet.solution = &result.solutions.front();
    if (result.solutions.size() > 1)
      sheet.answerNote = "one of several solutions: the challenge is not unique";
  }
  drawingModule().writeSheet(path, puzzle, challenge.givens, sheet);
  return result;
}

WalkthroughSheetResult writeWalkthroughSheet(const std::string& path, const Puzzle& puzzle,
                                             const Challenge& challenge, const WalkthroughSheet& request) {
  Rules rules = request.rules;
  rules.marks = challenge.marks;  // a colour pattern or marked cells: the rater's moves follow them too
  const Problem problem = makeProblem(puzzle, challenge.givens, rules);
  if (const Uniqueness u = uniqueness(problem); u != Uniqueness::Unique)
    throw InputError(fmt::format("sheet --explain: the challenge has {}; a walk-through needs exactly one",
                                 u == Uniqueness::None ? "no solution" : "more than one solution"));
  WalkthroughSheetResult result;
  result.rating = rate(problem, request.model);
  std::vector<WalkthroughStep> steps;
  for (const Move& move : hintMoves(problem, result.rating)) {
    WalkthroughStep step{move.text, challenge.givens, move.depth, move.ruledOut};
    step.placements.insert(step.placements.end(), move.placed.begin(), move.placed.end());
    steps.push_back(std::move(step));
  }
  const Level level = result.rating.level;
  const std::string title = request.title
                                ? *request.title
                                : fmt::format("{}: {} {} challenge, solved step by step", request.heading,
                                              level == Level::Expert ? "an" : "a", levelName(level));
  drawingModule().writeWalkthrough(path, puzzle, challenge.givens, challenge.marks, steps, request.paper,
                                   title);
  result.moves = steps.size();
  return result;
}

}  // namespace piecework

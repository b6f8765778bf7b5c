// SPDX-License-Identifier: Apache-2.0
// piecework hint: the next move a person would make on a challenge: a forced placement where there is one,
// else the reasons that make one forced, a few to a move or one rule across the board (rater/hint.hpp), in
// words and as a picture.
#include <fmt/format.h>
#include <iostream>

#include "cli/command.hpp"
#include "output/drawing_module.hpp"
#include "output/sheet.hpp"
#include "output/text.hpp"
#include "puzzle/challenge.hpp"
#include "puzzle/definition.hpp"
#include "puzzle/errors.hpp"
#include "rater/explain.hpp"
#include "rater/hint.hpp"
#include "rater/rater.hpp"
#include "solver/solver.hpp"

namespace piecework::cli {
namespace {

const char* kindName(Move::Kind kind) {
  switch (kind) {
    case Move::Place:
      return "place";
    case Move::RuleOut:
      return "rule out";
    case Move::GuessFails:
      return "guess fails";
    case Move::GuessWorks:
      return "guess works";
  }
  return "?";
}

}  // namespace

int runHint(const std::vector<std::string>& args) {
  po::options_description options("options");
  addChallengeOptions(options);
  options.add_options()("steps", po::value<int>()->default_value(1),
                        "how many moves to show: a move places a piece, or rules placements out for up to "
                        "three reasons, or by rules applied across the board")(
      "out,o", po::value<std::string>(),
      "also draw the board after the moves: FILE.svg, FILE.pdf or FILE.png")("json",
                                                                             "print the moves as JSON");
  addModelOption(options);
  addRulesOption(options);
  po::variables_map vm;
  if (!parseArguments(
          "hint",
          "piecework hint PUZZLE [--challenge TEXT|--challenge-file FILE] [--steps N] "
          "[--out FILE.svg|FILE.pdf|FILE.png] [--model MODEL [--model-any-puzzle]] [--unlinked] [--json]",
          args, options, vm))
    return 0;
  const int wanted = vm["steps"].as<int>();
  if (wanted < 1 || wanted > 10000)
    throw InputError(fmt::format("--steps {}: must be from 1 to 10000", wanted));
  if (vm.count("out") != 0U) {
    formatForPath(vm["out"].as<std::string>());  // a bad extension before any work
    refuseOutputOverInputs(vm, vm["out"].as<std::string>(), {"challenge-file", "model"});
  }
  const Puzzle puzzle = loadPuzzle(vm["puzzle"].as<std::string>());
  const std::optional<RatingModel> model = readModelOption(vm);  // the level in --json
  checkModelPuzzle(model, puzzle, vm);
  Rules rules = readRules(vm);
  const Challenge challenge =
      readChallengeText(puzzle, vm, false);  // (none: the puzzle as posed, nothing placed)
  const std::vector<int>& givens = challenge.givens;
  rules.marks = challenge.marks;
  const Problem problem = makeProblem(puzzle, givens, rules);
  // As in `rate`: a challenge with several solutions (IQ Focus's booklet has one) gets the moves towards one
  // of them, every one of which holds for all of them until a guess picks one; one with none gets no hint.
  const Uniqueness u = uniqueness(problem);
  if (u == Uniqueness::None) throw InputError("the challenge has no solution, so there is no hint to give");
  const bool unique = u == Uniqueness::Unique;
  const Rating rating = rate(problem, model ? &*model : nullptr);
  const std::vector<Move> moves = hintMoves(problem, rating);
  const std::size_t shown = std::min(moves.size(), static_cast<std::size_t>(wanted));

  std::vector<int> board = givens;
  if (shown > 0) board.insert(board.end(), moves[shown - 1].placed.begin(), moves[shown - 1].placed.end());
  if (vm.count("out") != 0U) {
    SheetOptions sheet;
    sheet.heading = fmt::format("{}: hint", puzzle.title.empty() ? puzzle.name : puzzle.title);
    sheet.caption = shown == 0 ? "nothing to do: the board is full" : moves[shown - 1].text;
    sheet.marks = challenge.marks;  // the window's colours or marked cells not yet covered
    if (shown > 0) sheet.ruledOut = moves[shown - 1].ruledOut;
    drawingModule().writeSheet(vm["out"].as<std::string>(), puzzle, board, sheet);
  }
  if (vm.count("json") != 0U) {
    nlohmann::json list = nlohmann::json::array();
    for (std::size_t m = 0; m < shown; ++m) {
      const Move& move = moves[m];
      nlohmann::json steps = nlohmann::json::array();
      for (int k : move.steps) {
        const RatingStep& s = rating.steps[static_cast<std::size_t>(k)];
        steps.push_back({{"strategy", s.strategy},
                         {"piece", std::string(1, puzzle.pieces[static_cast<std::size_t>(s.piece)].letter)},
                         {"placement", describePlacement(puzzle, s.placement)},
                         {"placed", s.placed},
                         {"explanation", s.explanation}});
      }
      list.push_back(
          {{"kind", kindName(move.kind)}, {"depth", move.depth}, {"text", move.text}, {"steps", steps}});
    }
    printJson({{"moves", list},
               {"level", levelName(rating.level)},
               {"total_moves", moves.size()},
               {"unique", unique},
               {"status", unique ? "unique" : "multiple"}});  // solve's name for the same fact
    return 0;
  }
  if (shown == 0) {
    std::cout << "nothing to do: every piece is on the board\n";
    if (vm.count("out") != 0U) std::cout << fmt::format("wrote {}\n", vm["out"].as<std::string>());
    return 0;
  }
  if (!unique) std::cout << "The challenge has more than one solution; these moves lead to one of them.\n";
  for (std::size_t m = 0; m < shown; ++m)
    std::cout << fmt::format("{}{}. {}\n", std::string(static_cast<std::size_t>(moves[m].depth) * 2, ' '),
                             m + 1, moves[m].text);
  std::cout << '\n' << boardPicture(puzzle, board, stdoutWantsColour(), challenge.marks);
  // A move that rules placements out shows where the pieces cannot go, as the sheet does (three at most).
  const Move& last = moves[shown - 1];
  for (std::size_t k = 0; k < last.ruledOut.size() && k < 3; ++k) {
    std::vector<int> with = board;
    with.push_back(last.ruledOut[k]);
    const int piece = puzzle.placements[static_cast<std::size_t>(last.ruledOut[k])].piece;
    std::cout << fmt::format("\n{} cannot go here:\n", pieceWords(puzzle, piece))
              << boardPicture(puzzle, with, stdoutWantsColour(), challenge.marks);
  }
  if (last.ruledOut.size() > 3)
    std::cout << fmt::format("(and {} more places ruled out by this move: --out draws them all)\n",
                             last.ruledOut.size() - 3);
  if (shown < moves.size())
    std::cout << fmt::format("({} more move{} to the solution: --steps {})\n", moves.size() - shown,
                             moves.size() - shown == 1 ? "" : "s", moves.size());
  if (vm.count("out") != 0U) std::cout << fmt::format("wrote {}\n", vm["out"].as<std::string>());
  return 0;
}

}  // namespace piecework::cli

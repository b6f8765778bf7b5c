// SPDX-License-Identifier: Apache-2.0
// piecework sheet: one challenge as a printable page (PDF or SVG), with its answer when asked.
#include <fmt/format.h>
#include <iostream>
#include <optional>
#include <string>

#include "cli/command.hpp"
#include "cli/sheet_disassembly.hpp"
#include "output/challenge_sheet.hpp"
#include "puzzle/challenge.hpp"
#include "puzzle/definition.hpp"
#include "puzzle/errors.hpp"
#include "rater/explain.hpp"
#include "rater/rater.hpp"
#include "solver/solver.hpp"

namespace piecework::cli {
namespace {

// A challenge as the user wrote it, on one line: rows trimmed and joined by '/' (for the caption of a
// challenge the notation cannot write back from placements alone: a colour pattern, marked cells).
std::string oneLine(const std::string& text) {
  std::string out, line;
  auto flush = [&] {
    const auto first = line.find_first_not_of(" \t\r"), last = line.find_last_not_of(" \t\r");
    if (first != std::string::npos) {
      if (!out.empty()) out += '/';
      out.append(line, first, last - first + 1);
    }
    line.clear();
  };
  for (const char c : text) {
    if (c == '\n')
      flush();
    else
      line += c;
  }
  flush();
  return out;
}

}  // namespace

int runSheet(const std::vector<std::string>& args) {
  po::options_description options("options");
  addChallengeOptions(options);
  options.add_options()("out,o", po::value<std::string>(),
                        "write the page here: FILE.pdf, FILE.svg or FILE.png")(
      "solution", "solve the challenge and draw the answer below it")(
      "paper", po::value<std::string>()->default_value("a4"),
      "a4, a5, letter or WIDTHxHEIGHT in millimetres (148x210)")("title", po::value<std::string>(),
                                                                 "heading (default: the puzzle's title)")(
      "explain",
      "draw the solution walk-through instead: the challenge, then a small board per move of the "
      "path a person would take, with the move in words (docs/printing.md)")(
      "disassembly",
      "draw the hardest assembly that comes apart (with the challenge's pieces, when given) taken apart: a "
      "picture per move (cubes in 3-D, triangular prisms layer by layer), the moving pieces in colour, the "
      "move in words (docs/disassembly.md)")("json", "print the summary as one JSON object");
  addModelOption(options);
  addRulesOption(options, "answers");
  po::variables_map vm;
  const char* usage =
      "piecework sheet PUZZLE [--challenge TEXT|--challenge-file FILE] --out FILE.svg|FILE.pdf|FILE.png "
      "[--solution | --explain] [--paper a4|a5|letter|WxH] [--title TEXT] [--model MODEL "
      "[--model-any-puzzle]] "
      "[--unlinked] [--json]\n"
      "       piecework sheet DESIGN --disassembly [--challenge TEXT] --out FILE.pdf|FILE.svg|FILE.png "
      "[--paper a4|a5|letter|WxH] [--title TEXT] [--json]";
  if (!parseArguments("sheet", usage, args, options, vm)) return 0;
  const std::optional<std::string> title = textOption(vm, "title");  // printed into the page: checked first
  if (vm.count("out") == 0U) throw InputError("sheet: missing --out FILE.pdf, FILE.svg or FILE.png");
  const std::string out = vm["out"].as<std::string>();
  formatForPath(out);  // reject a bad extension before any work
  refuseOutputOverInputs(vm, out, {"challenge-file", "model"});
  const PageSize paper = paperOption(vm["paper"].as<std::string>());
  const Puzzle puzzle = loadPuzzle(vm["puzzle"].as<std::string>());
  if (vm.count("disassembly") != 0U) {
    if (vm.count("solution") != 0U || vm.count("explain") != 0U || vm.count("model") != 0U)
      throw InputError(
          "sheet --disassembly: draws the moves alone, without --solution, --explain or --model");
    return writeSheetDisassembly(puzzle, vm, out, paper,
                                 sheetHeading(puzzle, vm["puzzle"].as<std::string>()));
  }
  const std::optional<RatingModel> model = readModelOption(vm);  // the walk-through's level (--explain)
  checkModelPuzzle(model, puzzle, vm);
  if (model && vm.count("explain") == 0U)
    throw InputError("sheet: --model grades the walk-through's heading; it applies only with --explain");
  const Challenge challenge =
      readChallengeText(puzzle, vm, false);  // (none: the puzzle as posed, nothing placed)
  const std::vector<int>& givens = challenge.givens;
  // The challenge in one line, for captions and JSON (a pattern or marks as the user wrote them).
  const std::string written =
      challenge.marks.empty() ? formatChallenge(puzzle, givens) : oneLine(challengeText(vm));

  if (vm.count("explain") != 0U) {
    if (vm.count("solution") != 0U) throw InputError("sheet: give --solution or --explain, not both");
    WalkthroughSheet walkthrough;
    walkthrough.paper = paper;
    walkthrough.title = title;
    walkthrough.heading = sheetHeading(puzzle, vm["puzzle"].as<std::string>());
    walkthrough.rules = readRules(vm);
    walkthrough.model = model ? &*model : nullptr;
    const WalkthroughSheetResult drawn = writeWalkthroughSheet(out, puzzle, challenge, walkthrough);
    const Rating& rating = drawn.rating;
    if (vm.count("json") != 0U) {
      nlohmann::ordered_json summary;
      summary["file"] = out;
      summary["puzzle"] = puzzle.name;
      summary["challenge"] = written;
      summary["solution"] = formatChallenge(puzzle, rating.solution);  // the walk-through's last board
      summary["status"] = "unique";  // checked above: a walk-through needs exactly one solution
      summary["unique"] = true;
      summary["level"] = levelName(rating.level);
      summary["moves"] = drawn.moves;
      printJson(summary);
      return 0;
    }
    std::cout << fmt::format("wrote {} (a walk-through in {} moves)\n", out, drawn.moves);
    return 0;
  }

  ChallengeSheet sheet;
  sheet.paper = paper;
  sheet.heading = title ? *title : sheetHeading(puzzle, vm["puzzle"].as<std::string>());
  sheet.written = written;
  sheet.answer = vm.count("solution") != 0U;
  sheet.rules = readRules(vm);
  const ChallengeSheetResult drawn = writeChallengeSheet(out, puzzle, challenge, sheet);
  const std::vector<int>* solution = drawn.solutions.empty() ? nullptr : &drawn.solutions.front();
  if (vm.count("json") != 0U) {
    nlohmann::ordered_json summary;
    summary["file"] = out;
    summary["puzzle"] = puzzle.name;
    summary["challenge"] = written;
    summary["solution"] = solution != nullptr ? nlohmann::ordered_json(formatChallenge(puzzle, *solution))
                                              : nlohmann::ordered_json(nullptr);
    if (solution != nullptr) {
      summary["unique"] = drawn.solutions.size() == 1;
      summary["status"] =
          drawn.solutions.size() == 1 ? "unique" : "multiple";  // solve's name for the same fact
    }
    printJson(summary);
    return 0;
  }
  std::cout << fmt::format("wrote {}{}\n", out, solution != nullptr ? " (with the answer)" : "");
  return 0;
}

}  // namespace piecework::cli

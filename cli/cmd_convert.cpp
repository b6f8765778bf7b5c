// SPDX-License-Identifier: Apache-2.0
// piecework convert: a puzzle in another format: a definition, BurrTools' .xmpuzzle, Knuth's dlx1
// (docs/interop.md).
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <iostream>
#include <optional>
#include <sstream>

#include "cli/command.hpp"
#include "disassembly/assemblies.hpp"
#include "disassembly/burrtools_separations.hpp"
#include "disassembly/burrtools_solutions.hpp"
#include "puzzle/burrtools.hpp"
#include "puzzle/definition.hpp"
#include "puzzle/dlx.hpp"
#include "puzzle/errors.hpp"
#include "puzzle/replacing_file.hpp"

namespace piecework::cli {

namespace {

constexpr const char* kUsage =
    "piecework convert PUZZLE [OUT] [--to toml|xmpuzzle|dlx] [--disassemble] [--json]";

// The format named by --to, or else by OUT's extension.
std::string outputFormat(const po::variables_map& vm, const std::string& out) {
  std::string named;  // by OUT's extension
  for (const char* format : {"toml", "xmpuzzle", "dlx"})
    if (out.ends_with(std::string(".") + format)) named = format;
  if (vm.count("to") != 0U) {
    const std::string to = vm["to"].as<std::string>();
    if (to != "toml" && to != "xmpuzzle" && to != "dlx")
      throw InputError(fmt::format("convert: unknown format '{}' (toml, xmpuzzle or dlx)", to));
    // A file read by its extension later (x.toml holding BurrTools' gzip) would not load.
    if (!named.empty() && named != to)
      throw InputError(
          fmt::format("convert: OUT {} names the {} format, --to asks for {}; give OUT the "
                      "extension .{}",
                      out, named, to, to));
    return to;
  }
  if (!named.empty()) return named;
  throw InputError(
      fmt::format("convert: which format? give --to or an OUT file ending in .toml, .xmpuzzle or "
                  ".dlx (usage: {})",
                  kUsage));
}

// Whether `out` is standard output under another name (/dev/stdout, or the file it is redirected to): the
// converted puzzle went there, so a "wrote" line would land inside it.
bool isStandardOutput(const std::string& out) {
  struct stat file {
  }, standardOutput{};
  return ::stat(out.c_str(), &file) == 0 && ::fstat(STDOUT_FILENO, &standardOutput) == 0 &&
         file.st_dev == standardOutput.st_dev && file.st_ino == standardOutput.st_ino;
}

// Writes the converted puzzle; true when it went to a file of its own (not standard output).
bool write(const std::string& out, const std::string& text) {
  if (out.empty() || out == "-") {
    std::cout << text << std::flush;
    return false;
  }
  std::cout.flush();  // (isStandardOutput compares files, not what is buffered)
  const bool toStandardOutput = isStandardOutput(out);
  writeReplacingFile(out, "convert OUT", "converted puzzle", text);
  return !toStandardOutput;
}

// --disassemble: the puzzle as a solved BurrTools problem, its assemblies that come apart stored with their
// disassemblies (docs/disassembly.md), as BurrTools' own run would store them.
struct Solved {
  BurrToolsSolved file;
  std::size_t assemblies = 0;
};

Solved solvedForBurrTools(const Puzzle& puzzle, const std::string& in) {
  // (BurrTools' <assembly> numbers each piece's turn: disassembly/burrtools_turns.hpp knows its numbers on
  // cubes and triangular prisms)
  if (burrToolsTurns(puzzle.lattice) == 0)
    throw InputError(fmt::format(
        "{}: convert --disassemble writes puzzles of cubes and triangular prisms only", puzzle.name));
  ApartOptions options;
  if (isBurrToolsPath(in)) options.groups = burrToolsStoredSolutions(in).groups;
  options.coloursCount = isBurrToolsPath(in);
  const AssembliesApart apart = disassembleAssemblies(puzzle, options);
  Solved out;
  out.assemblies = apart.assemblies;
  out.file.assemblies = apart.assemblies;
  out.file.solutions = apart.solutions.size();
  out.file.solutionsXml = burrToolsSolutionsXml(puzzle, apart.solutions);
  out.file.groups = options.groups;
  return out;
}

}  // namespace

int runConvert(const std::vector<std::string>& args) {
  po::options_description options("options");
  options.add_options()(
      "to", po::value<std::string>(),
      "the output format: toml (a piecework definition), xmpuzzle (BurrTools) or dlx (Knuth's dlx1 input)")(
      "disassemble",
      "with --to xmpuzzle (cubes and triangular prisms): store the assemblies that come apart with their "
      "disassemblies, as a "
      "solved problem BurrTools opens and plays")(
      "json", "with OUT a file: print a summary object (the converted puzzle goes to OUT)");
  po::options_description all;
  all.add(options);
  all.add_options()("help,h", "show this help")("puzzle", po::value<std::string>())("out",
                                                                                    po::value<std::string>());
  po::positional_options_description positionals;
  positionals.add("puzzle", 1).add("out", 1);
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(args).options(all).positional(positionals).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    throw InputError(fmt::format("convert: {} (see 'piecework convert --help')", e.what()));
  }
  if (vm.count("help") != 0U) {
    options.add_options()("help,h", "show this help");
    std::cout << "usage: " << kUsage
              << "\n\nwrites PUZZLE (a shipped name or a definition file) to OUT (standard "
                 "output when OUT is - or missing)\n\n"
              << options << '\n';
    return 0;
  }
  if (vm.count("puzzle") == 0U)
    throw InputError(
        fmt::format("convert: which puzzle? (usage: {}; 'piecework puzzles' lists them)", kUsage));
  const std::string out = vm.count("out") != 0U ? vm["out"].as<std::string>() : std::string();
  const std::string format = outputFormat(vm, out);  // toml, xmpuzzle or dlx
  const bool json = vm.count("json") != 0U;
  if (json && (out.empty() || out == "-"))
    throw InputError(
        "convert: --json needs an OUT file (the summary goes to standard output, where the puzzle would be)");
  const std::string in = vm["puzzle"].as<std::string>();
  // The definition PUZZLE was read from: the shipped text, the file, or the BurrTools problem as a
  // definition.
  std::string definition;
  const bool disassemble = vm.count("disassemble") != 0U;
  if (disassemble && format != "xmpuzzle")
    throw InputError(fmt::format(
        "convert: --disassemble writes BurrTools' <separation> trees, so it needs --to xmpuzzle, not {}",
        format));
  const Puzzle puzzle = loadPuzzle(in, definition);  // checks the input whatever the output
  std::optional<Solved> solved;
  if (disassemble) solved = solvedForBurrTools(puzzle, in);
  const std::string text = format == "toml"       ? definition
                           : format == "xmpuzzle" ? toBurrTools(puzzle, solved ? &solved->file : nullptr)
                                                  : toDlx(puzzle);
  const bool wroteFile = write(out, text);
  if (!json && wroteFile)
    std::cout << fmt::format("wrote {} ({}: {} pieces, {} placements{})\n", out, format, puzzle.totalPieces(),
                             puzzle.placements.size(),
                             solved ? fmt::format("; {} of {} assemblies come apart, stored with their "
                                                  "disassemblies",
                                                  solved->file.solutions, solved->assemblies)
                                    : std::string());
  if (json) {
    nlohmann::ordered_json summary;
    summary["puzzle"] = puzzle.name;
    summary["file"] = out;
    summary["format"] = format;
    summary["bytes"] = text.size();
    summary["pieces"] = puzzle.totalPieces();
    summary["placements"] = puzzle.placements.size();
    if (solved) {
      summary["assemblies"] = solved->assemblies;
      summary["disassemblable"] = solved->file.solutions;
    }
    printJson(summary);
  }
  return 0;
}

}  // namespace piecework::cli

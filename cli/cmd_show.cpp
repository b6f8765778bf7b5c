// SPDX-License-Identifier: Apache-2.0
// piecework show: a puzzle's board and pieces.
#include <fmt/format.h>
#include <iostream>

#include "cli/command.hpp"
#include "generator/level_reach.hpp"
#include "output/text.hpp"
#include "puzzle/burrtools.hpp"
#include "puzzle/definition.hpp"
#include "puzzle/family.hpp"

namespace piecework::cli {
namespace {

// The levels the puzzle's challenges reach with its shipped model (generator/level_reach.hpp).
nlohmann::json levelsJson(const LevelReach& reach) {
  if (!reach.decided) return {{"decided", false}, {"reached", nullptr}, {"why", reach.undecided}};
  nlohmann::json reached = nlohmann::json::array(), byLevel = nlohmann::json::array();
  for (int l = 0; l < 5; ++l) {
    const auto i = static_cast<std::size_t>(l);
    nlohmann::json entry = {{"level", levelName(static_cast<Level>(l))}, {"challenges", reach.atLevel[i]}};
    if (reach.atLevel[i] != 0) {
      reached.push_back(levelName(static_cast<Level>(l)));
      entry["lowest_score"] = reach.lowest[i];
      entry["highest_score"] = reach.highest[i];
    }
    byLevel.push_back(std::move(entry));
  }
  return {{"decided", true},
          {"reached", reached},
          {"complete", reach.complete},
          {"challenges", reach.challenges},
          {"by_level", byLevel}};
}

std::string levelsText(const LevelReach& reach) {
  if (!reach.decided) return fmt::format("levels: not known before generating ({})\n", reach.undecided);
  std::string text =
      reach.complete ? fmt::format("levels (all {} unique challenges graded):", reach.challenges)
                     : fmt::format("levels (every one reached; {} unique challenges graded to find them):",
                                   reach.challenges);
  for (int l = 0; l < 5; ++l) {
    const auto i = static_cast<std::size_t>(l);
    text += fmt::format("{} {} ", l == 0 ? "" : ",", levelName(static_cast<Level>(l)));
    text += reach.atLevel[i] == 0 ? std::string("none")
                                  : fmt::format("{} (score {:.2f}-{:.2f})", reach.atLevel[i], reach.lowest[i],
                                                reach.highest[i]);
  }
  return text + "\n";
}

}  // namespace

int runShow(const std::vector<std::string>& args) {
  po::options_description options("options");
  options.add_options()(
      "json", "print JSON: {\"pieces\":[{\"letter\",\"name\",\"orientations\",\"placements\"},..]}")(
      "color", "colour the pictures even when standard output is not a terminal");
  po::variables_map vm;
  if (!parseArguments("show", "piecework show PUZZLE [--json] [--color]", args, options, vm)) return 0;
  const std::string path = vm["puzzle"].as<std::string>();
  const Puzzle puzzle = loadPuzzle(path);
  // A BurrTools file may hold several problems; each is reachable as FILE.xmpuzzle#N or #NAME.
  const std::vector<BurrToolsProblem> problems =
      isBurrToolsPath(path) ? burrToolsProblems(path) : std::vector<BurrToolsProblem>{};
  // (a puzzle whose pieces vary in number cannot be generated, so it has no levels to show)
  const LevelReach reach = levelReach(puzzle, Rules{});
  if (vm.count("json") != 0U) {
    nlohmann::json pieces = nlohmann::json::array();
    for (int i = 0; i < puzzle.pieceCount(); ++i) {
      const auto& piece = puzzle.pieces[static_cast<std::size_t>(i)];
      pieces.push_back({{"letter", std::string(1, piece.letter)},
                        {"name", piece.name},
                        {"colour", piece.colour},
                        {"copies", piece.copies},
                        {"orientations", piece.orientations.size()},
                        {"placements", puzzle.piecePlacements[static_cast<std::size_t>(i)].size()}});
      if (piece.ranged()) pieces.back()["min_copies"] = piece.minCopies;
    }
    nlohmann::json json = {{"name", puzzle.name},
                           {"title", puzzle.title},
                           {"family", std::string(familyOf(puzzle).name())},
                           {"cells", puzzle.cells.size()},
                           {"symmetries", puzzle.symmetries.size()},
                           {"linked", puzzle.hasFamilyRule},
                           {"pieces", pieces},
                           {"levels", levelsJson(reach)}};
    if (!problems.empty()) {
      nlohmann::json list = nlohmann::json::array();
      for (const auto& problem : problems) {
        nlohmann::json entry = {
            {"number", problem.number}, {"name", problem.name}, {"selected", problem.selected}};
        if (problem.storedAssemblies) entry["stored_assemblies"] = *problem.storedAssemblies;
        list.push_back(std::move(entry));
      }
      json["problems"] = std::move(list);
    }
    printJson(json);
    return 0;
  }
  const bool colour = vm.count("color") != 0U || stdoutWantsColour();
  std::cout << fmt::format("{} ({}): {} {}, {} board symmetr{}{}\n\n", puzzle.title, puzzle.name,
                           puzzle.cells.size(), familyOf(puzzle).cellNoun(), puzzle.symmetries.size(),
                           puzzle.symmetries.size() == 1 ? "y" : "ies",
                           puzzle.hasFamilyRule ? fmt::format("; {}", familyOf(puzzle).ruleClause()) : "");
  std::cout << levelsText(reach) << '\n';
  if (!problems.empty()) {
    std::cout << fmt::format("{} problem{} in the file (FILE.xmpuzzle#N or #NAME picks one):\n",
                             problems.size(), problems.size() == 1 ? "" : "s");
    for (const auto& problem : problems) {
      std::cout << fmt::format("  {} {:>3}  {}", problem.selected ? '*' : ' ', problem.number,
                               problem.name.empty() ? "(no name)" : problem.name);
      if (problem.storedAssemblies)
        std::cout << fmt::format("  (BurrTools found {} assemblies)", *problem.storedAssemblies);
      std::cout << (problem.selected ? "  <- shown\n" : "\n");
    }
    std::cout << '\n';
  }
  std::cout << boardPicture(puzzle, {}, colour) << '\n';
  if (puzzle.lattice == Lattice::Spheres)
    std::cout
        << "(balls, layer by layer from the bottom: ball (row r, column c) of a layer lies over the middle "
           "of rows r..r+1, columns c..c+1 of the layer before)\n\n";
  if (puzzle.lattice == Lattice::RhombicDodecahedra)
    std::cout
        << "(rhombic dodecahedra, layer by layer from the bottom: cell (row r, column c) of a layer lies "
           "over the middle of rows r..r+1, columns c..c+1 of the layer before)\n\n";
  if (puzzle.lattice == Lattice::TriangularPrisms)
    std::cout
        << "(triangular prisms, layer by layer from the bottom: in each row the triangles alternate; "
           "triangle (row r, column c) points down when r + c is even, counting from 0 at the top left)\n\n";
  if (puzzle.lattice == Lattice::TetrahedraOctahedra)
    std::cout
        << "(tetrahedra and octahedra, layer by layer from the bottom: layers 1, 3, ... hold octahedra, "
           "each on a corner of the grid, every other one of a layer's places (an octahedron shares "
           "its faces with the 4 tetrahedra under it and the 4 over it); layers 2, 4, ... hold a "
           "tetrahedron in each square of the grid, whose corners are the octahedra's places around "
           "it)\n\n";
  if (puzzle.lattice == Lattice::RhombicTetrahedra)
    std::cout
        << "(BurrTools' rhombic grid voxel by voxel, layer by layer from the bottom: each block of 5 x 5 "
           "x 5 voxels is a cube cut into 24 tetrahedra, the voxels with one coordinate 0 or 4, one 1 or "
           "3 and one 2 within the block; a rhombic dodecahedron is a cube's 24 and the 4 on each of "
           "its faces in the cubes around it)\n\n";
  if (puzzle.lattice == Lattice::TetraOctaParts)
    std::cout << "(BurrTools' tetrahedra-octahedra grid voxel by voxel, layer by layer from the bottom: each "
                 "block of 3 x 3 x 3 voxels is a cube; its centre is the cube's tetrahedron, its corners at "
                 "every other grid corner eighths of the octahedra centred there)\n\n";
  std::cout << fmt::format("{:<6} {:<14} {:>6} {:>12} {:>10}\n", "letter", "name", "copies", "orientations",
                           "placements");
  for (int i = 0; i < puzzle.pieceCount(); ++i) {
    const auto& piece = puzzle.pieces[static_cast<std::size_t>(i)];
    const std::string copies =
        piece.ranged() ? fmt::format("{}-{}", piece.minCopies, piece.copies) : std::to_string(piece.copies);
    std::cout << fmt::format("{:<6} {:<14} {:>6} {:>12} {:>10}\n", piece.letter, piece.name, copies,
                             piece.orientations.size(),
                             puzzle.piecePlacements[static_cast<std::size_t>(i)].size());
    std::cout << piecePicture(puzzle, i, colour);
  }
  return 0;
}

}  // namespace piecework::cli

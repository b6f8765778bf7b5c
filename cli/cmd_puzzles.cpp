// SPDX-License-Identifier: Apache-2.0
// piecework puzzles: the shipped puzzles.
#include <fmt/format.h>
#include <algorithm>
#include <iostream>
#include <string>
#include <vector>

#include "cli/command.hpp"
#include "puzzle/definition.hpp"
#include "puzzle/family.hpp"

namespace piecework::cli {

int runPuzzles(const std::vector<std::string>& args) {
  po::options_description options("options");
  options.add_options()("json", "print JSON");
  po::variables_map vm;
  if (!parseArguments("puzzles", "piecework puzzles [--json]", args, options, vm, nullptr)) return 0;
  const std::vector<std::string> names = shippedNames();
  std::vector<Puzzle> puzzles;
  std::size_t nameWidth = 0, titleWidth = 0;  // the columns fit the longest name and title
  for (const auto& name : names) {
    puzzles.push_back(loadPuzzle(name));
    nameWidth = std::max(nameWidth, name.size());
    titleWidth = std::max(titleWidth, puzzles.back().title.size());
  }
  nlohmann::json list = nlohmann::json::array();
  for (std::size_t i = 0; i < names.size(); ++i) {
    const std::string& name = names[i];
    const Puzzle& puzzle = puzzles[i];
    const char* lattice = puzzle.lattice == Lattice::Square                ? "square"
                          : puzzle.lattice == Lattice::Cubic               ? "cubic"
                          : puzzle.lattice == Lattice::Triangular          ? "triangular"
                          : puzzle.lattice == Lattice::Spheres             ? "spheres"
                          : puzzle.lattice == Lattice::RhombicDodecahedra  ? "rhombic-dodecahedra"
                          : puzzle.lattice == Lattice::TriangularPrisms    ? "triangular-prisms"
                          : puzzle.lattice == Lattice::TetrahedraOctahedra ? "tetrahedra-octahedra"
                          : puzzle.lattice == Lattice::RhombicTetrahedra   ? "rhombic-tetrahedra"
                          : puzzle.lattice == Lattice::TetraOctaParts      ? "tetrahedra-octahedra-parts"
                                                                           : "hex-pegs";
    if (vm.count("json") != 0U) {
      list.push_back({{"name", name},
                      {"title", puzzle.title},
                      {"lattice", lattice},
                      {"family", std::string(familyOf(puzzle).name())},
                      {"pieces", puzzle.totalPieces()},
                      {"cells", puzzle.cells.size()}});
    } else {
      std::cout << fmt::format("{:<{}}  {:<{}}  {:>2} pieces, {:>3} {}\n", name, nameWidth, puzzle.title,
                               titleWidth, puzzle.totalPieces(), puzzle.cells.size(),
                               familyOf(puzzle).cellNoun());
    }
  }
  if (vm.count("json") != 0U) printJson(list);
  return 0;
}

}  // namespace piecework::cli

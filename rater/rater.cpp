// Placeholder until the rater lands (issue 5): grades by the number of pieces to place.
#include "rater/rater.hpp"

#include <cctype>

#include "solver/solver.hpp"

namespace piecework {

const char* levelName(Level level) {
  static const char* const names[] = {"Starter", "Junior", "Expert", "Master", "Wizard"};
  return names[static_cast<int>(level)];
}

std::optional<Level> parseLevel(std::string_view name) {
  for (int i = 0; i < 5; ++i) {
    const std::string_view candidate = levelName(static_cast<Level>(i));
    if (candidate.size() != name.size()) continue;
    bool same = true;
    for (std::size_t k = 0; k < name.size(); ++k)
      same = same && std::tolower(static_cast<unsigned char>(candidate[k])) == std::tolower(static_cast<unsigned char>(name[k]));
    if (same) return static_cast<Level>(i);
  }
  return std::nullopt;
}

Rating rate(const Puzzle& puzzle, const std::vector<int>& givens, Rules rules) {
  Rating rating;
  const int toPlace = puzzle.totalPieces() - static_cast<int>(givens.size());
  rating.level = toPlace <= 3 ? Level::Starter : toPlace <= 5 ? Level::Junior : toPlace <= 7 ? Level::Expert : toPlace <= 9 ? Level::Master : Level::Wizard;
  rating.score = toPlace;
  FindOptions find;
  find.rules = rules;
  const FindResult found = findSolutions(puzzle, givens, find);
  rating.solved = !found.solutions.empty();
  if (rating.solved) rating.solution = found.solutions.front();
  return rating;
}

}  // namespace piecework

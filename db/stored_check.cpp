// SPDX-License-Identifier: Apache-2.0
#include "db/stored_check.hpp"

#include <fmt/format.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "puzzle/challenge.hpp"
#include "puzzle/definition.hpp"
#include "puzzle/errors.hpp"
#include "puzzle/limits.hpp"

namespace piecework::db {

namespace {

InputError damagedRow(const std::string& catalogPath, const StoredChallenge& row, const std::string& what) {
  return InputError(fmt::format("{}: challenge {}: damaged row: {} (see 'piecework catalog check')",
                                catalogPath, row.id, what));
}

// Whether `text` is UTF-8 without control characters (what a row's texts are when piecework stored them).
bool isPrintableText(const std::string& text) {
  for (std::size_t i = 0; i < text.size();) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if (byte >= 0x20 && byte < 0x7F) {
      ++i;
      continue;
    }
    // (errorLine's test of a printable character: C1 controls are out too)
    const std::size_t length = byte >= 0x80 ? printableSequence(std::string_view(text).substr(i)) : 0;
    if (length == 0) return false;
    i += length;
  }
  return true;
}

}  // namespace

const Puzzle& StoredPuzzles::of(const StoredChallenge& row) {
  auto& puzzle = byHash_[row.definitionHash];
  if (puzzle) return *puzzle;
  if (definitionHash(row.definitionText) != row.definitionHash)
    throw damagedRow(
        catalogPath_, row,
        fmt::format("the definition of its puzzle (id {}) does not match its stored hash", row.puzzleId));
  try {
    puzzle =
        std::make_unique<Puzzle>(loadStoredDefinition(row.definitionText, row.puzzleName + " (catalog)"));
  } catch (const InputError& e) {
    byHash_.erase(row.definitionHash);
    throw damagedRow(catalogPath_, row, fmt::format("the definition of its puzzle: {}", e.what()));
  }
  return *puzzle;
}

void quickCheckStoredChallenge(const Puzzle& puzzle, const StoredChallenge& row,
                               const std::string& catalogPath) {
  const auto fail = [&](const std::string& what) { throw damagedRow(catalogPath, row, what); };
  const std::pair<const char*, const std::string*> texts[] = {
      {"puzzle name", &row.puzzleName},     {"challenge", &row.challengeText},
      {"canonical key", &row.canonicalKey}, {"solution", &row.solutionText},
      {"strategies", &row.strategyUse},     {"creation time", &row.createdAt}};
  for (const auto& [what, text] : texts)
    if (!isPrintableText(*text))
      fail(fmt::format("its {} is not UTF-8 text without control characters", what));
  if (row.model && !isPrintableText(row.model->name))
    fail("its model name is not UTF-8 text without control characters");
  Challenge challenge;
  try {
    challenge = parseChallengeText(puzzle, row.challengeText);
  } catch (const InputError& e) {
    fail(challengeError(e.what()));
  }
  if (row.given != static_cast<int>(challenge.givens.size()) ||
      row.toPlace != puzzle.totalPieces() - row.given)
    fail(fmt::format("it says {} given and {} to place, its challenge gives {} of {} pieces", row.given,
                     row.toPlace, challenge.givens.size(), puzzle.totalPieces()));
  if (!row.solutionText.empty()) {
    std::vector<int> solution;
    try {
      solution = parseChallenge(puzzle, row.solutionText);
    } catch (const InputError& e) {
      fail(fmt::format("solution: {}", e.what()));
    }
    if (static_cast<int>(solution.size()) != puzzle.totalPieces())
      fail(fmt::format("solution: places {} pieces, the puzzle has {}", solution.size(),
                       puzzle.totalPieces()));
    const std::vector<int> solutionPieces = pieceOnSite(puzzle, solution);
    const std::vector<int> givenPieces = pieceOnSite(puzzle, challenge.givens);
    for (std::size_t site = 0; site < givenPieces.size(); ++site)
      if (givenPieces[site] >= 0 && solutionPieces[site] != givenPieces[site])
        fail("solution: does not contain every given piece where the challenge has it");
  }
  if (!std::isfinite(row.score)) fail("its score is not a finite number");
  const auto strategies = nlohmann::json::parse(row.strategyUse, nullptr, false);
  if (strategies.is_discarded() || !strategies.is_object()) fail("its strategies are not a JSON object");
}

void quickCheckStoredChallenges(const std::vector<StoredChallenge>& rows, const std::string& catalogPath) {
  StoredPuzzles puzzles(catalogPath);
  for (const auto& row : rows) quickCheckStoredChallenge(puzzles.of(row), row, catalogPath);
}

}  // namespace piecework::db

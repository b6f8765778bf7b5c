// SPDX-License-Identifier: Apache-2.0
#include "db/stored_check.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <list>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <tuple>
#include <utility>

#include "db/stored_fields.hpp"
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

}  // namespace

std::shared_ptr<const Puzzle> definitionBuiltOnce(const std::string& text, const std::string& source,
                                                  ControlCharacters controls) {
  // The most recently used first; the least recently used is forgotten when a ninth text comes. (Emptying
  // the whole memory instead made a run over many damaged definitions build the sound one again each time:
  // the catalog fuzz target spent most of its cases rebuilding Soma.)
  using Key = std::tuple<std::string, std::string, ControlCharacters>;
  static std::mutex mutex;
  static std::list<std::pair<Key, std::shared_ptr<const Puzzle>>> built;
  constexpr std::size_t kRemembered = 8;
  Key key{text, source, controls};
  {
    const std::lock_guard lock(mutex);
    const auto found =
        std::find_if(built.begin(), built.end(), [&](const auto& entry) { return entry.first == key; });
    if (found != built.end()) {
      built.splice(built.begin(), built, found);
      return found->second;
    }
  }
  auto puzzle = std::make_shared<const Puzzle>(loadDefinition(text, source, controls));
  const std::lock_guard lock(mutex);
  built.emplace_front(std::move(key), puzzle);
  if (built.size() > kRemembered) built.pop_back();
  return puzzle;
}

const Puzzle& StoredPuzzles::load(const StoredChallenge& row) {
  // Keyed by the text, not the hash: every row's definition is checked against its own hash, including a
  // row that carries another puzzle's hash beside other text (issue 44, F1).
  auto& puzzle = byText_[row.definitionText];
  if (puzzle && puzzle->hash == row.definitionHash) return *puzzle->puzzle;
  if (const FieldProblem problem = definitionProblem(row.definitionText, row.definitionHash)) {
    if (!puzzle) byText_.erase(row.definitionText);
    throw damagedRow(catalogPath_, row,
                     fmt::format("the definition of its puzzle (id {}): {}", row.puzzleId, *problem));
  }
  try {
    puzzle = std::make_unique<Loaded>(Loaded{
        row.definitionHash,
        definitionBuiltOnce(row.definitionText, row.puzzleName + " (catalog)", ControlCharacters::AsSpaces)});
  } catch (const InputError& e) {
    byText_.erase(row.definitionText);
    throw damagedRow(catalogPath_, row, fmt::format("the definition of its puzzle: {}", e.what()));
  }
  return *puzzle->puzzle;
}

const Puzzle& StoredPuzzles::of(const StoredChallenge& row) {
  const Puzzle& puzzle = load(row);
  if (const FieldProblem problem = puzzleNameProblem(row.puzzleName, puzzle))
    throw damagedRow(catalogPath_, row,
                     fmt::format("the name of its puzzle (id {}) {}", row.puzzleId, *problem));
  return puzzle;
}

void quickCheckStoredChallenge(const Puzzle& puzzle, const StoredChallenge& row,
                               const std::string& catalogPath) {
  const auto fail = [&](const std::string& what) { throw damagedRow(catalogPath, row, what); };
  if (!row.readProblem.empty()) fail(row.readProblem);
  const std::pair<const char*, const std::string*> texts[] = {
      {"puzzle name", &row.puzzleName},     {"challenge", &row.challengeText},
      {"canonical key", &row.canonicalKey}, {"solution", &row.solutionText},
      {"strategies", &row.strategyUse},     {"creation time", &row.createdAt}};
  for (const auto& [what, text] : texts)
    if (const FieldProblem problem = textProblem(*text)) fail(fmt::format("its {} {}", what, *problem));
  if (row.model)
    if (const FieldProblem problem = textProblem(row.model->name)) fail("its model name " + *problem);
  if (const FieldProblem problem = createdProblem(row.createdAt)) fail("created: " + *problem);
  if (const FieldProblem problem = raterVersionProblem(row.raterVersion)) fail("rater version: " + *problem);
  if (row.generatorVersion)
    if (const FieldProblem problem = generatorVersionProblem(*row.generatorVersion))
      fail("generator version: " + *problem);
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
  std::vector<int> solution;
  if (const FieldProblem problem = solutionProblem(puzzle, challenge, row.solutionText, solution))
    fail("solution: " + *problem);
  if (!std::isfinite(row.score)) fail("its score is not a finite number");
  const auto strategies = nlohmann::json::parse(row.strategyUse, nullptr, false);
  if (strategies.is_discarded()) fail("its strategies are not JSON");
  if (const FieldProblem problem = strategiesProblem(strategies)) fail("its strategies " + *problem);
}

void quickCheckStoredChallenges(const std::vector<StoredChallenge>& rows, const std::string& catalogPath) {
  StoredPuzzles puzzles(catalogPath);
  for (const auto& row : rows) quickCheckStoredChallenge(puzzles.of(row), row, catalogPath);
}

void checkStoredKey(const Puzzle& puzzle, const StoredChallenge& row, const std::string& catalogPath) {
  // (the quick check passed: the challenge parses)
  const Challenge challenge = parseChallengeText(puzzle, row.challengeText);
  if (const FieldProblem problem = canonicalKeyProblem(puzzle, challenge, row.canonicalKey))
    throw damagedRow(catalogPath, row, "canonical key: " + *problem);
}

std::vector<RowDamage> damagedRows(const std::vector<StoredChallenge>& rows, const std::string& catalogPath,
                                   bool keys) {
  std::vector<RowDamage> damaged;
  StoredPuzzles puzzles(catalogPath);
  for (const auto& row : rows) {
    try {
      quickCheckStoredChallenge(puzzles.of(row), row, catalogPath);
      if (keys) checkStoredKey(puzzles.of(row), row, catalogPath);
    } catch (const InputError& e) {
      damaged.push_back({row.id, e.what()});
    }
  }
  return damaged;
}

}  // namespace piecework::db

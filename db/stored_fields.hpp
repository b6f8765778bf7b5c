// SPDX-License-Identifier: Apache-2.0
// What each stored field of a challenge row must mean (issue 44), as one validator per field. Import
// (db/exchange.cpp), the quick check of every row a command reads (db/stored_check.cpp) and `catalog check`
// call the same ones, so that a value the check refuses can never be imported and a value import refuses
// can never pass a check. Each returns what is wrong with the value, in words that follow the field's name
// ("created: ..."), or nothing when it is sound.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "puzzle/challenge.hpp"
#include "puzzle/puzzle.hpp"

namespace piecework::db {

using FieldProblem = std::optional<std::string>;

// Every stored text: UTF-8 without control characters (C0, DEL and C1), so that a row printed never moves
// the cursor or clears the terminal.
FieldProblem textProblem(const std::string& text);

// `created` / `created_at`: a UTC date and time in the form the catalog writes, YYYY-MM-DDTHH:MM:SSZ, or a
// date alone, YYYY-MM-DD; a real day of the Gregorian calendar (year 0001 to 9999).
FieldProblem createdProblem(const std::string& text);

// `rater_version`: a rater this build knows, 0 to kRaterVersion (0: older than every rater, a grade that
// `catalog rate` redoes).
FieldProblem raterVersionProblem(long long version);

// `generator_version`, when there is one (a challenge that was not generated has none): a generator this
// build knows, 1 to kGeneratorVersion (generator/generated.hpp), like the rater version.
FieldProblem generatorVersionProblem(long long version);

// `strategies` / `strategy_use`: a JSON object mapping each strategy to an integer count.
FieldProblem strategiesProblem(const nlohmann::json& strategies);

// `definition`: the text whose hash (db/catalog.hpp's definitionHash) is `hash`.
FieldProblem definitionProblem(const std::string& text, const std::string& hash);
// A puzzle row's `name`: the name its definition gives (`loaded`, the definition loaded).
FieldProblem puzzleNameProblem(const std::string& name, const Puzzle& loaded);

// `canonical_key`: the key of `challenge` (canonicalKey, db/catalog.hpp); a key that is not would let the
// same challenge be stored twice.
FieldProblem canonicalKeyProblem(const Puzzle& puzzle, const Challenge& challenge, const std::string& key);

// `solution`: not empty, parses, places every piece of the puzzle, and holds each given piece where the
// challenge has it. Sets `placements` (placement ids) when sound. Whether it is the challenge's one solution
// takes a solve: checkStoredChallenge and import do that.
FieldProblem solutionProblem(const Puzzle& puzzle, const Challenge& challenge, const std::string& text,
                             std::vector<int>& placements);

}  // namespace piecework::db

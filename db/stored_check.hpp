// SPDX-License-Identifier: Apache-2.0
// Reading a stored challenge back (issue 31, D3). SQLite's own checks on opening see the file's structure,
// not what a row says: bytes overwritten inside a row leave a catalog that opens. So every command that uses
// rows checks them first, through the validators import uses, and names the damaged row by its id.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "db/catalog.hpp"
#include "puzzle/definition.hpp"
#include "puzzle/puzzle.hpp"

namespace piecework::db {

// A definition's puzzle as loadDefinition builds it, built once in this process for the last few texts: a
// command reads a catalog's rows more than once (the quick check on opening for writing, the import's own
// reading, the check before an export), and building a puzzle (its symmetries and placements) is most of the
// cost. `source` names the definition in its errors (and is part of what is remembered).
std::shared_ptr<const Puzzle> definitionBuiltOnce(const std::string& text, const std::string& source,
                                                  ControlCharacters controls);

// The puzzles of stored rows, each definition loaded once, and every row's definition checked against the
// row's hash (a second puzzle row may carry another's hash beside other text: issue 44, F1). Throws
// InputError naming the catalog and the row when a row's stored definition is damaged (it does not match its
// hash, or does not load).
class StoredPuzzles {
 public:
  explicit StoredPuzzles(std::string catalogPath) : catalogPath_(std::move(catalogPath)) {}
  const Puzzle& of(const StoredChallenge& row);

 private:
  const Puzzle& load(const StoredChallenge& row);
  struct Loaded {
    std::string hash;
    std::shared_ptr<const Puzzle> puzzle;
  };
  std::string catalogPath_;
  std::map<std::string, std::unique_ptr<Loaded>> byText_;
};

// The cheap check of one row, without solving, through the field validators import uses
// (db/stored_fields.hpp): every text is UTF-8 without control characters, the creation time a date, the
// rater version and the generator version (when there is one) ones this build knows, the puzzle's definition
// matches its hash and loads (StoredPuzzles), the challenge parses, the stored solution is there, parses,
// places every piece and holds the givens where the challenge has them, the counts of given pieces and pieces
// to place agree with the challenge, the score is a finite number and the strategies a JSON object; and the
// row read as the schema says (StoredChallenge::readProblem). Throws InputError "FILE: challenge ID: damaged
// row: what" (see `catalog check` for the full check).
void quickCheckStoredChallenge(const Puzzle& puzzle, const StoredChallenge& row,
                               const std::string& catalogPath);

// The quick check of every row a command is about to print, export or rate, before it prints or writes
// anything.
void quickCheckStoredChallenges(const std::vector<StoredChallenge>& rows, const std::string& catalogPath);

// A row the quick check refuses, with the check's one line ("FILE: challenge ID: damaged row: ...").
struct RowDamage {
  std::int64_t id = 0;
  std::string message;
};
// The quick check of every row, collecting the damaged ones instead of stopping at the first: a damaged row
// is refused where a command would act on it, and never takes the rest of the catalog down (issue 44).
// With `keys`, each row's canonical key is checked too (checkStoredKey), as a writer needs.
std::vector<RowDamage> damagedRows(const std::vector<StoredChallenge>& rows, const std::string& catalogPath,
                                   bool keys = false);

// Whether a row that passed the quick check has its challenge's own canonical key (the key of its smallest
// symmetric image): a key edited reads and prints fine, but lets the same challenge be stored twice, so the
// full check (checkStoredChallenge: `catalog check`, export, booklet) and every writer check it. Throws
// InputError "FILE: challenge ID: damaged row: canonical key: ...".
void checkStoredKey(const Puzzle& puzzle, const StoredChallenge& row, const std::string& catalogPath);

}  // namespace piecework::db

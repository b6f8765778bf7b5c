// SPDX-License-Identifier: Apache-2.0
// Reading a stored challenge back (issue 31, D3). SQLite's own checks on opening see the file's structure,
// not what a row says: bytes overwritten inside a row leave a catalog that opens. So every command that uses
// rows checks them first, through the validators import uses, and names the damaged row by its id.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "db/catalog.hpp"
#include "puzzle/puzzle.hpp"

namespace piecework::db {

// The puzzles of stored rows, each definition loaded once (by definition hash). Throws InputError naming the
// catalog and the row when a row's stored definition is damaged (it does not match its hash, or does not
// load).
class StoredPuzzles {
 public:
  explicit StoredPuzzles(std::string catalogPath) : catalogPath_(std::move(catalogPath)) {}
  const Puzzle& of(const StoredChallenge& row);

 private:
  std::string catalogPath_;
  std::map<std::string, std::unique_ptr<Puzzle>> byHash_;
};

// The cheap check of one row, without solving: every text is UTF-8 without control characters, the puzzle's
// definition matches its hash and loads, the challenge and the stored solution parse, the solution places
// every piece and holds the givens where the challenge has them, the counts of given pieces and pieces to
// place agree with the challenge, the score is a finite number and the strategies a JSON object. Throws
// InputError "FILE: challenge ID: damaged row: what" (see `catalog check` for the full check).
void quickCheckStoredChallenge(const Puzzle& puzzle, const StoredChallenge& row,
                               const std::string& catalogPath);

// The quick check of every row a command is about to print, export or rate, before it prints or writes
// anything.
void quickCheckStoredChallenges(const std::vector<StoredChallenge>& rows, const std::string& catalogPath);

}  // namespace piecework::db

// SPDX-License-Identifier: Apache-2.0
// Playtests (docs/playtesting.md): the attempts people made on a catalog's challenges in the browser player
// (`piecework play`), exported by the page as JSON lines and stored in the catalog's `playtests` table, one
// row per attempt, tied to its challenge. The table is part of the catalog's schema from version 4
// (db/catalog.cpp's migrations): an older catalog gains it when opened for writing, and reads as having no
// playtests until then.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace piecework::db {

// One attempt, as the page records it.
struct PlaytestAttempt {
  std::int64_t challengeId = 0;
  std::string tester;
  std::string startedAt;  // ISO 8601 UTC, as the page wrote it
  std::string endedAt;
  double seconds = 0;
  int moves = 0, undos = 0, hints = 0;
  bool solved = false;  // false: given up
};

struct PlaytestImport {
  int lines = 0;    // attempts read
  int added = 0;    // new rows
  int already = 0;  // rows the catalog already held (the same challenge, tester and start)
};

// One bad line of an attempts file: "FILE:LINE: what is wrong".
struct PlaytestFault {
  std::string message;
};

// Reads the JSON lines `text` (from `fileName`, named in messages) against the catalog at `catalogPath`: each
// line must be an object with a known challenge (by "challenge_id", which must also name the line's
// "puzzle" and "challenge"; or, without an id, by its puzzle and challenge text), a tester, start and end
// times, seconds from 0 to a day, whole counts of moves, undos and hints, and an outcome ("solved" or "gave
// up"). Every fault is collected; nothing is stored when there is one. Otherwise all attempts are stored in
// one transaction, a line imported before is not stored again. Throws InputError when the catalog cannot be
// opened.
PlaytestImport importPlaytests(const std::string& catalogPath, const std::string& fileName,
                               const std::string& text, std::vector<PlaytestFault>& faults);

// A stored attempt with what calibration needs of its challenge.
struct StoredPlaytest {
  PlaytestAttempt attempt;
  std::string puzzleName;
  std::string challengeText;
  double score = 0;   // the catalog's score for the challenge
  std::string level;  // its level, Starter .. Wizard
};

// Every stored attempt on the puzzle's challenges (all puzzles when `puzzleName` is empty), by challenge id
// and start. None when the catalog has no playtests yet.
std::vector<StoredPlaytest> storedPlaytests(const std::string& catalogPath, const std::string& puzzleName);

}  // namespace piecework::db

// SPDX-License-Identifier: Apache-2.0
// The catalog: one SQLite file of puzzles, challenges (with their ratings) and booklets (docs/catalog.md).
//
// Opening checks the file before anything is written: a file that is not SQLite, an SQLite file that belongs
// to something else, a catalog with a newer schema or a corrupt database is reported as InputError and left
// byte-for-byte untouched. Writers use WAL mode and a busy timeout, so several processes can store into one
// catalog at once; every write is one transaction.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "puzzle/challenge.hpp"
#include "puzzle/puzzle.hpp"
#include "rater/model.hpp"
#include "rater/rater.hpp"
#include "solver/problem.hpp"

namespace piecework::db {

// The schema version this build writes (PRAGMA user_version). Older catalogs are migrated on open for
// writing.
inline constexpr int kSchemaVersion = 5;
// PRAGMA application_id of a piecework catalog ("PWCT").
inline constexpr std::int32_t kApplicationId = 0x50574354;
// The catalog used when a command is given no --db.
inline constexpr const char* kDefaultCatalogPath = "piecework.sqlite";

// A stable hash of a definition's text (FNV-1a, 64 bits, 16 lower-case hex digits).
std::string definitionHash(const std::string& definitionText);

// The rating model that graded a challenge, when it is not the puzzle's shipped model (`--model MODEL`).
struct GradingModel {
  std::string name;         // the model file's "name"
  std::string fingerprint;  // modelFingerprint (rater/model.hpp): tells apart two models of one name
  bool operator==(const GradingModel&) const = default;
};

// What the catalog records as the model of a grade given by `model` to a challenge of `puzzle`: nothing for
// the shipped model (nullptr, or a model that grades exactly as the puzzle's shipped model does).
std::optional<GradingModel> gradingModel(const Puzzle& puzzle, const RatingModel* model);
// Whether `text` has the form of a model fingerprint: 16 lower-case hex digits.
bool isModelFingerprint(const std::string& text);

struct PuzzleRecord {
  std::int64_t id = 0;
  std::string name;            // the definition's `name`
  std::string definitionText;  // the TOML text the placements were derived from
  std::string definitionHash;
};

// A challenge to store. Texts are in challenge notation (one line) for the puzzle it belongs to.
struct NewChallenge {
  std::int64_t puzzleId = 0;
  std::string challengeText;  // the givens
  std::string canonicalKey;   // canonicalKey(puzzle, givens)
  std::string solutionText;
  int given = 0;
  int toPlace = 0;
  bool unlinked = false;  // made without the puzzle's family rule (storedUnlinked; IQ-Link: the linkage)
  Level level = Level::Starter;
  double score = 0;
  int raterVersion = kRaterVersion;
  std::optional<GradingModel> model;   // none: the puzzle's shipped model
  std::optional<Level> officialLevel;  // the level the imported file gave it (none: not given)
  std::string strategyUse = "{}";      // JSON object: strategy -> times used
  std::optional<std::uint64_t> seed;
  std::optional<int> generatorVersion;
  std::string createdAt;  // ISO 8601 UTC; empty: now
};

// A stored challenge with everything needed to draw it.
struct StoredChallenge {
  std::int64_t id = 0;
  std::int64_t puzzleId = 0;
  std::string puzzleName;
  std::string definitionText;  // load with loadDefinition(definitionText, puzzleName)
  std::string definitionHash;
  std::string challengeText;
  std::string canonicalKey;
  std::string solutionText;
  int given = 0;
  int toPlace = 0;
  bool unlinked = false;
  Level level = Level::Starter;
  double score = 0;
  int raterVersion = 0;
  std::optional<GradingModel> model;  // none: the puzzle's shipped model (every grade of a version 1 catalog)
  std::optional<Level> officialLevel;  // the level the imported file gave it (none before version 3)
  std::string strategyUse;
  std::optional<std::uint64_t> seed;
  std::optional<int> generatorVersion;
  std::string createdAt;
  // Empty when the row reads as the schema says; else what is wrong (a level or model written around the
  // schema's checks, a puzzle id with no puzzle row). The quick check refuses such a row by its id, and the
  // other rows stay usable.
  std::string readProblem;
};

// A new grade for a stored challenge.
struct RatingUpdate {
  std::int64_t challengeId = 0;
  Level level = Level::Starter;
  double score = 0;
  int raterVersion = kRaterVersion;
  std::optional<GradingModel> model;  // none: the puzzle's shipped model
  std::string strategyUse = "{}";
};

struct ChallengeFilter {
  std::vector<std::string> puzzles;      // puzzle names; empty: every puzzle
  std::vector<Level> levels;             // empty: every level
  std::optional<int> toPlace;            // pieces to place
  std::optional<std::int64_t> id;        // one challenge
  std::optional<int> raterVersionBelow;  // only ratings older than this version
};

struct BookletEntry {
  int position = 0;  // 1-based, in booklet order
  std::int64_t challengeId = 0;
};

struct BookletRecord {
  std::int64_t id = 0;
  std::string title;
  std::string file;     // where it was written
  std::string options;  // free text (e.g. the command line or JSON of the options)
  std::string createdAt;
  std::vector<BookletEntry> entries;
};

// The catalog's `unlinked` column and the rules it stands for: the puzzle's family rule left out (always
// false for a puzzle without one). The marks are the challenge text's.
bool storedUnlinked(const Puzzle& puzzle, const Rules& rules);
Rules rulesOf(const StoredChallenge& row);

// The canonical key of a set of givens: the challenge text of its smallest image under the board's
// symmetries. A challenge and its symmetric images share one key.
std::string canonicalKey(const Puzzle& puzzle, const std::vector<int>& givens);
// The same for a whole challenge: with marks (a colour pattern, marked cells), the smallest challenge text
// of its images under the symmetries that keep the marks expressible (a colour pattern: the window in place).
std::string canonicalKey(const Puzzle& puzzle, const Challenge& challenge);

// The piece covering each site (-1: none): two solutions are the same when these agree, whichever way
// identical copies of a piece split the cells.
std::vector<int> pieceOnSite(const Puzzle& puzzle, const std::vector<int>& placements);

// A stored challenge as a page or an export may use it: the givens, the one solution, and the problem it was
// solved as (under the row's rules), for grading it anew without building it again.
struct CheckedChallenge {
  Challenge challenge;
  std::vector<int> solution;  // placement ids, givens included
  std::optional<Problem> problem;
};

// Reads `row` (of the catalog at `catalogPath`, a challenge of `puzzle`) and checks it against a fresh solve:
// a catalog is a file anyone can edit, and a booklet's answer key or an export must not carry a wrong answer.
// Throws InputError, one line naming the catalog and the row ("FILE: challenge ID: ..."), when the row fails
// quickCheckStoredChallenge (db/stored_check.hpp), its texts do not parse, it has no solution or several, or
// its stored solution is not the one the solver finds. Every command that takes challenges from a catalog to
// a page or an export calls this (booklet, catalog export).
CheckedChallenge checkStoredChallenge(const Puzzle& puzzle, const StoredChallenge& row,
                                      const std::string& catalogPath);

class Catalog {
 public:
  enum class Access {
    ReadOnly,   // the file must be an existing catalog; nothing is written
    ReadWrite,  // creates the catalog when the file does not exist (or is empty), migrates older schemas;
                // an existing catalog's rows go through quickCheckStoredChallenge (db/stored_check.hpp)
                // first: the damaged ones stay as they are, and a challenge to store that one of them holds
                // is refused (insertChallenge), so a damaged row never locks the rest of the catalog
  };

  // Throws InputError (one line naming the file) when the file is not a catalog; the file is left untouched.
  Catalog(const std::string& path, Access access);
  ~Catalog();
  Catalog(Catalog&&) noexcept;
  Catalog& operator=(Catalog&&) noexcept;
  Catalog(const Catalog&) = delete;
  Catalog& operator=(const Catalog&) = delete;

  const std::string& path() const;
  // True when the file is a catalog; false when there is no file or it is empty (nothing stored yet). Throws
  // InputError, like the constructor, when the file is something else. Reads only.
  static bool holdsCatalog(const std::string& path);

  // --- puzzles
  // The puzzle row for this definition (same name and definition hash), inserted when missing. Throws
  // InputError naming the row when the stored row of that name and hash holds other text (damaged).
  std::int64_t ensurePuzzle(const std::string& name, const std::string& definitionText);
  std::vector<PuzzleRecord> puzzles() const;
  std::optional<PuzzleRecord> puzzle(std::int64_t id) const;

  // --- challenges
  // The quick check's line for the damaged row (opened ReadWrite) that holds `challenge` (the same puzzle and
  // rules, and the same challenge text or canonical key), if one does: storing it beside that row would
  // store it twice, skipping it would call the damaged row sound.
  std::optional<std::string> damagedRowHolding(const NewChallenge& challenge) const;
  // Inserts one challenge in its own transaction. False (and nothing written) when the catalog already holds
  // a challenge with the same puzzle, rules and canonical key. Throws InputError (damagedRowHolding) when a
  // damaged row holds it. Every write checks, as it commits, that the catalog's file is still the one opened
  // (not removed, not replaced): if not, it throws (exit 1) instead of writing where no one will find it.
  bool insertChallenge(const NewChallenge& challenge);
  // Inserts many in one transaction (all or nothing); returns how many were new.
  int insertChallenges(const std::vector<NewChallenge>& challenges);
  // Stored challenges matching the filter, ordered by level (Starter..Wizard), then score, then id.
  std::vector<StoredChallenge> challenges(const ChallengeFilter& filter = {}) const;
  // Stored challenges matching the filter in storage order (id), as export writes them.
  std::vector<StoredChallenge> challengesById(const ChallengeFilter& filter = {}) const;
  std::int64_t challengeCount() const;
  // Replaces a challenge's rating and the model that gave it (one transaction).
  void updateRating(std::int64_t challengeId, Level level, double score, int raterVersion,
                    const std::optional<GradingModel>& model, const std::string& strategyUse);
  // Replaces many ratings in one transaction (all or nothing).
  void updateRatings(const std::vector<RatingUpdate>& updates);

  // --- booklets
  // Records a booklet and its entries (challenge ids in booklet order) in one transaction; returns its id.
  std::int64_t recordBooklet(const std::string& title, const std::string& file, const std::string& options,
                             const std::vector<std::int64_t>& challengeIds);
  std::vector<BookletRecord> booklets() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace piecework::db

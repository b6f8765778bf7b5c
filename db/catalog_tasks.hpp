// SPDX-License-Identifier: Apache-2.0
// The work behind `catalog export`, `import`, `rate` and `check` (docs/catalog.md), so that the commands
// only parse their options and print. Each reads and checks every row it touches before it writes anything:
// bad input or a damaged row leaves the catalog (and the export) as it was.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "db/catalog.hpp"
#include "db/exchange.hpp"
#include "rater/model.hpp"

namespace piecework::db {

// Called with each puzzle a task grades with a model the caller chose (the command refuses a model fitted
// on another puzzle); throws to stop the task before it writes.
using ModelPuzzleCheck = std::function<void(const Puzzle&)>;

enum class ExportFormat { JsonLines, Csv };

struct CatalogExport {
  std::string text;  // the export
  std::size_t exported = 0;
  int definitions = 0;  // custom definitions written (JSON lines: each before its puzzle's first challenge)
  std::vector<std::int64_t> damaged;         // rows left out (skipDamaged)
  std::size_t designs = 0;                   // design lines written (JSON lines without a filter only)
  std::vector<std::int64_t> damagedDesigns;  // designs left out (skipDamaged)
};

// Every challenge matching `filter`, in id order, each checked against a fresh solve first: an export is a
// promise too. A JSON lines export without a filter also writes every design, each taken apart again first
// (db/designs.hpp); the CSV form and a filtered export hold challenges only. A damaged row throws InputError
// naming it, or with `skipDamaged` is left out (and listed in `damaged`).
CatalogExport exportChallenges(const Catalog& catalog, const ChallengeFilter& filter, ExportFormat format,
                               bool skipDamaged = false);

struct CatalogImport {
  bool csv = false;  // read as CSV (else JSON lines)
  int imported = 0;
  int skipped = 0;  // already there
  int definitions = 0;
  int designs = 0;         // design lines stored
  int designsSkipped = 0;  // design lines the catalog held already
};

// The puzzles an import's lines may name: those the catalog at `path` stores (when it holds a catalog) and
// the --puzzle arguments.
PuzzleResolver importResolver(const std::string& path, const std::vector<std::string>& puzzleArguments);
// Adds the challenges of `text` (read from `fileName`: JSON lines or CSV, an export or generate --json), each
// checked and graded by `model` (nullptr: its puzzle's shipped model) before the catalog is written; its
// design lines are each taken apart again, and a line whose figures are not the computed ones is refused.
CatalogImport importChallenges(const std::string& path, PuzzleResolver& resolver, const std::string& fileName,
                               std::string text, const RatingModel* model, const ModelPuzzleCheck& check);

struct CatalogRerate {
  std::size_t rated = 0;
  int changedLevel = 0;
};

// Grades again the challenges matching `filter` that the current rater did not grade with `model` (nullptr:
// the shipped model), or every one of them with `all`; the grades go in one transaction.
CatalogRerate rerateChallenges(const std::string& path, const ChallengeFilter& filter,
                               const RatingModel* model, bool all, const ModelPuzzleCheck& check);

struct DamagedRow {
  std::int64_t id = 0;
  std::string problem;  // one line, without the catalog's name, the row's id and the hint to run the check
};

struct CatalogCheck {
  std::size_t checked = 0;
  std::vector<DamagedRow> damaged;
  std::size_t designsChecked = 0;
  std::vector<DamagedRow> damagedDesigns;  // by design id
};

// The full check: every row through the quick check and then against a fresh solve; every damaged row is
// reported, not only the first. Every design is taken apart again from its stored source, and a stored
// figure (assemblies, solutions, level, grade) that is not the computed one is damage.
CatalogCheck checkCatalog(const std::string& path);

}  // namespace piecework::db

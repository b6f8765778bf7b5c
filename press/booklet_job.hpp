// SPDX-License-Identifier: Apache-2.0
// `piecework booklet` below its command line: the options checked, the catalog's challenges read and checked
// against a fresh solve, the PDF written through the drawing module and the booklet recorded in the catalog.
// The command and the library (include/piecework/piecework.hpp, booklet()) both call makeBooklet, so that one
// input gives one booklet whichever way it is asked for.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "db/catalog.hpp"
#include "output/booklet.hpp"
#include "rater/model.hpp"

namespace piecework {

// The booklet's options as given (texts as written, numbers as read), before they are checked; the names in
// the errors are the command's options (--per-page, --bleed, ...).
struct BookletSettings {
  std::string paper = "a4";
  double bleedMm = 0;
  std::optional<int> perPage;  // none: 4, or 2 on paper smaller than three quarters of A4
  int answersPerPage = 18;
  std::string answersAt = "back";
  bool solutions = true;
  std::optional<std::string> order;  // none: "puzzle" (and not recorded)
  bool cover = false;
  std::optional<std::string>
      imprintFile;  // an imprint file (output/imprint.hpp); the texts below win over it
  std::optional<std::string> title, author, isbn, edition, date, subject, keywords;
  std::optional<std::string> fontFile;
  std::optional<int> padTo;
};

// Checks the settings and makes the options writeBooklet takes (reading the imprint file and the font).
// Throws InputError, one line naming the option.
BookletOptions bookletOptions(const BookletSettings& settings);

struct BookletJob {
  std::string catalogPath;
  std::string out;  // FILE.pdf
  BookletSettings settings;
  db::ChallengeFilter filter;  // puzzles and levels (with a model: the levels it grades)
  const RatingModel* model = nullptr;
  // Refuses a model fitted on another puzzle (the command's --model-any-puzzle); may be empty.
  std::function<void(const Puzzle&)> checkModel;
  bool skipDamaged = false;  // leave damaged rows out rather than refuse
};

struct BookletJobResult {
  BookletOptions options;  // as checked
  BookletResult pages;
  std::size_t challenges = 0;
  std::vector<std::int64_t> skipped;  // damaged rows left out
  std::optional<std::int64_t> bookletId;
  std::string notRecorded;  // why the catalog could not record the booklet (the PDF stands)
};

// Writes the booklet. Throws InputError (one line) for bad options, a catalog that is not one, no matching
// challenge, or a damaged row (unless skipDamaged).
BookletJobResult makeBooklet(const BookletJob& job);

}  // namespace piecework

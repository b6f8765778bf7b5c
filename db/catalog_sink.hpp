// SPDX-License-Identifier: Apache-2.0
// Where `generate --db FILE` and the library's Catalog::add store generated challenges: each through the
// catalog's admission (db/admission.hpp), in its own transaction.
#pragma once

#include <memory>
#include <string>

#include "generator/generated.hpp"
#include "puzzle/puzzle.hpp"
#include "rater/model.hpp"

namespace piecework::db {

class ChallengeSink {
 public:
  virtual ~ChallengeSink() = default;
  // Stores one challenge in its own transaction; false when the catalog already holds it (up to symmetry).
  virtual bool store(const GeneratedChallenge& challenge) = 0;
};

// Opens (creating if needed) the catalog at `path` for `puzzle`, whose definition text is `definitionText`.
// The challenges stored were graded by `model` (nullptr: the puzzle's shipped model), and the catalog says
// so. Throws InputError when the file is not a catalog.
std::unique_ptr<ChallengeSink> openCatalogSink(const std::string& path, const Puzzle& puzzle,
                                               const std::string& definitionText, const RatingModel* model);

}  // namespace piecework::db

// SPDX-License-Identifier: Apache-2.0
// `generate --db FILE` and the library's Catalog::add: each challenge goes into the catalog in its own
// transaction (db/catalog.hpp).
#include "db/catalog_sink.hpp"

#include <mutex>
#include <optional>

#include "db/admission.hpp"
#include "db/catalog.hpp"
#include "puzzle/challenge.hpp"
#include "solver/problem.hpp"

namespace piecework::db {

namespace {

class CatalogSink final : public ChallengeSink {
 public:
  CatalogSink(const std::string& path, const Puzzle& puzzle, const std::string& definitionText,
              const RatingModel* model)
      : catalog_(path, Catalog::Access::ReadWrite),
        puzzle_(puzzle),
        model_(model != nullptr ? std::optional<RatingModel>(*model) : std::nullopt) {
    puzzleId_ = catalog_.ensurePuzzle(puzzle.name, definitionText);
  }

  bool store(const GeneratedChallenge& generated) override {
    // Through the catalog's admission, as every challenge that enters it (the generator proved it unique
    // already; the catalog does not take that on trust).
    const Challenge challenge{generated.givens, generated.marks};
    Rules rules;
    rules.familyRule = generated.familyRule;
    rules.marks = generated.marks;
    const Problem problem = makeProblem(puzzle_, challenge.givens, rules);
    NewChallenge c =
        newChallenge(admitChallenge(problem, challenge), generated.rating, model_ ? &*model_ : nullptr);
    c.puzzleId = puzzleId_;
    c.seed = generated.seed;
    c.generatorVersion = kGeneratorVersion;
    const std::lock_guard<std::mutex> lock(mutex_);  // one connection, one transaction at a time
    return catalog_.insertChallenge(c);
  }

 private:
  std::mutex mutex_;
  Catalog catalog_;
  const Puzzle puzzle_;                     // a copy: the sink may outlive the caller's puzzle
  const std::optional<RatingModel> model_;  // a copy, as the puzzle
  std::int64_t puzzleId_ = 0;
};

}  // namespace

std::unique_ptr<ChallengeSink> openCatalogSink(const std::string& path, const Puzzle& puzzle,
                                               const std::string& definitionText, const RatingModel* model) {
  return std::make_unique<CatalogSink>(path, puzzle, definitionText, model);
}

}  // namespace piecework::db

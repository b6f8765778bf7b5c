// SPDX-License-Identifier: Apache-2.0
// `generate --db FILE`: each challenge goes into the catalog in its own transaction (db/catalog.hpp).
#include "cli/catalog_sink.hpp"

#include <mutex>
#include <nlohmann/json.hpp>

#include "db/catalog.hpp"
#include "puzzle/challenge.hpp"

namespace piecework::cli {

namespace {

class CatalogSink final : public ChallengeSink {
 public:
  CatalogSink(const std::string& path, const Puzzle& puzzle, const std::string& definitionText,
              const RatingModel* model)
      : catalog_(path, db::Catalog::Access::ReadWrite),
        puzzle_(puzzle),
        model_(db::gradingModel(puzzle, model)) {
    puzzleId_ = catalog_.ensurePuzzle(puzzle.name, definitionText);
  }

  bool store(const GeneratedChallenge& generated) override {
    db::NewChallenge c;
    c.puzzleId = puzzleId_;
    c.challengeText = generated.challengeText.empty() ? formatChallenge(puzzle_, generated.givens)
                                                      : generated.challengeText;
    c.canonicalKey = db::canonicalKey(puzzle_, Challenge{generated.givens, generated.marks});
    c.solutionText = generated.solutionText.empty() ? formatChallenge(puzzle_, generated.solution)
                                                    : generated.solutionText;
    c.given = generated.given;
    c.toPlace = generated.toPlace;
    c.unlinked = puzzle_.linked && !generated.linked;
    c.level = generated.rating.level;
    c.score = generated.rating.score;
    c.raterVersion = kRaterVersion;
    c.model = model_;
    c.strategyUse = nlohmann::json(generated.rating.strategyUse).dump();
    c.seed = generated.seed;
    c.generatorVersion = kGeneratorVersion;
    const std::lock_guard<std::mutex> lock(mutex_);  // one connection, one transaction at a time
    return catalog_.insertChallenge(c);
  }

 private:
  std::mutex mutex_;
  db::Catalog catalog_;
  const Puzzle puzzle_;  // a copy: the sink may outlive the caller's puzzle
  const std::optional<db::GradingModel> model_;
  std::int64_t puzzleId_ = 0;
};

}  // namespace

std::unique_ptr<ChallengeSink> openCatalogSink(const std::string& path, const Puzzle& puzzle,
                                               const std::string& definitionText, const RatingModel* model) {
  return std::make_unique<CatalogSink>(path, puzzle, definitionText, model);
}

}  // namespace piecework::cli

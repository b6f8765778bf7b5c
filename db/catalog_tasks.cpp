// SPDX-License-Identifier: Apache-2.0
#include "db/catalog_tasks.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <map>
#include <memory>
#include <sstream>

#include "db/designs.hpp"
#include "db/stored_check.hpp"
#include "db/stored_fields.hpp"
#include "puzzle/challenge.hpp"
#include "puzzle/definition.hpp"
#include "puzzle/errors.hpp"
#include "puzzle/limits.hpp"
#include "rater/rater.hpp"

namespace piecework::db {
namespace {

bool isShippedDefinition(const std::string& name, const std::string& text) {
  return shippedText(name) == text;
}

}  // namespace

CatalogExport exportChallenges(const Catalog& catalog, const ChallengeFilter& filter, ExportFormat format,
                               bool skipDamaged) {
  std::vector<StoredChallenge> rows = catalog.challengesById(filter);
  StoredPuzzles puzzles(catalog.path());
  CatalogExport result;
  std::erase_if(rows, [&](const StoredChallenge& c) {
    try {
      checkStoredChallenge(puzzles.of(c), c, catalog.path());
      return false;
    } catch (const InputError&) {
      if (!skipDamaged) throw;
      result.damaged.push_back(c.id);
      return true;
    }
  });
  result.exported = rows.size();
  std::ostringstream out;
  if (format == ExportFormat::JsonLines) {
    std::vector<std::string> written;  // definition hashes already in the export
    for (const auto& c : rows) {
      if (!isShippedDefinition(c.puzzleName, c.definitionText) &&
          std::find(written.begin(), written.end(), c.definitionHash) == written.end()) {
        out << definitionRecord(c.puzzleName, c.definitionText, c.definitionHash).dump() << '\n';
        written.push_back(c.definitionHash);
        ++result.definitions;
      }
      out << exportRecord(c, puzzles.of(c)).dump() << '\n';
    }
  } else {
    out << csvHeader();
    for (const auto& c : rows) out << csvRow(c);
  }
  const bool unfiltered = filter.puzzles.empty() && filter.levels.empty() && !filter.toPlace && !filter.id &&
                          !filter.raterVersionBelow;
  if (format == ExportFormat::JsonLines && unfiltered)
    for (const StoredDesign& d : storedDesigns(catalog.path())) {
      if (const auto problem = fullDesignProblem(d)) {
        if (!skipDamaged) throw InputError(damagedDesignLine(catalog.path(), d.id, *problem));
        result.damagedDesigns.push_back(d.id);
        continue;
      }
      out << designRecord(d).dump() << '\n';
      ++result.designs;
    }
  result.text = out.str();
  return result;
}

PuzzleResolver importResolver(const std::string& path, const std::vector<std::string>& puzzleArguments) {
  std::vector<PuzzleRecord> stored;
  if (Catalog::holdsCatalog(path)) stored = Catalog(path, Catalog::Access::ReadOnly).puzzles();
  // A stored definition that is not the text of its hash is damaged: a line is never checked against it
  // (and ensurePuzzle refuses to store under it).
  std::erase_if(stored, [](const PuzzleRecord& p) {
    return definitionProblem(p.definitionText, p.definitionHash).has_value();
  });
  return PuzzleResolver(std::move(stored), puzzleArguments);
}

CatalogImport importChallenges(const std::string& path, PuzzleResolver& resolver, const std::string& fileName,
                               std::string text, const RatingModel* model, const ModelPuzzleCheck& check) {
  if (text.starts_with("\xEF\xBB\xBF")) text.erase(0, 3);  // the byte-order mark spreadsheets put first
  CatalogImport result;
  result.csv = looksLikeCsv(text);
  std::vector<ImportLine> lines =
      readRecords(resolver, result.csv ? readCsvRecords(text, fileName) : readJsonRecords(text, fileName),
                  result.definitions, model);
  for (const auto& line : lines) check(line.puzzle->puzzle);
  std::vector<NewDesign> designs;
  if (!result.csv)
    for (const ImportRecord& record : readJsonRecords(text, fileName))
      if (const auto it = record.value.find("design"); it != record.value.end())
        designs.push_back(readDesignRecord(*it, record.where));

  Catalog catalog(path, Catalog::Access::ReadWrite);
  std::map<const KnownPuzzle*, std::int64_t> ids;
  for (const auto& known : resolver.known())
    ids[known.get()] = catalog.ensurePuzzle(known->name, known->definition);
  std::vector<NewChallenge> challenges;
  challenges.reserve(lines.size());
  for (auto& line : lines) {
    line.challenge.puzzleId = ids.at(line.puzzle);
    if (const auto damage = catalog.damagedRowHolding(line.challenge))
      throw InputError(
          fmt::format("{}: the catalog holds this challenge in a damaged row ({}); nothing was stored",
                      line.where, *damage));
    challenges.push_back(std::move(line.challenge));
  }
  result.imported = catalog.insertChallenges(challenges);
  result.skipped = static_cast<int>(challenges.size()) - result.imported;
  result.designs = addDesigns(path, designs);
  result.designsSkipped = static_cast<int>(designs.size()) - result.designs;
  return result;
}

CatalogRerate rerateChallenges(const std::string& path, const ChallengeFilter& filter,
                               const RatingModel* model, bool all, const ModelPuzzleCheck& check) {
  // Every row is read, checked and graded before the first grade is written, and the grades go in one
  // transaction: a damaged row (or a puzzle the model does not fit) leaves the catalog as it was (issue 31,
  // D3).
  std::vector<StoredChallenge> stored;
  {
    const Catalog catalog(path, Catalog::Access::ReadOnly);  // must exist already: never create one
    stored = catalog.challengesById(filter);
  }
  StoredPuzzles puzzles(path);
  for (const auto& c : stored) {
    const Puzzle& puzzle = puzzles.of(c);
    quickCheckStoredChallenge(puzzle, c, path);
    check(puzzle);
  }
  std::vector<RatingUpdate> updates;
  CatalogRerate result;
  for (const auto& c : stored) {
    const Puzzle& puzzle = puzzles.of(c);
    // A grade is current when the current rater gave it with the model asked for (the shipped one without
    // --model): a plain `catalog rate` so restores the shipped grades after `catalog rate --model`.
    const std::optional<GradingModel> gradedBy = gradingModel(puzzle, model);
    if (!all && c.raterVersion >= kRaterVersion && c.model == gradedBy) continue;
    Rules rules = rulesOf(c);
    const Challenge challenge = parseChallengeText(puzzle, c.challengeText);  // checked above
    rules.marks = challenge.marks;
    const Rating rating = rate(puzzle, challenge.givens, rules, model);
    updates.push_back({c.id, rating.level, rating.score, kRaterVersion, gradedBy,
                       nlohmann::json(rating.strategyUse).dump()});
    if (rating.level != c.level) ++result.changedLevel;
  }
  // Opened for writing (which migrates an older schema) only now that every row has passed.
  Catalog catalog(path, Catalog::Access::ReadWrite);
  if (!updates.empty()) catalog.updateRatings(updates);
  result.rated = updates.size();
  return result;
}

CatalogCheck checkCatalog(const std::string& path) {
  CatalogCheck result;
  std::vector<StoredChallenge> stored;
  {
    const Catalog catalog(path, Catalog::Access::ReadOnly);
    stored = catalog.challengesById();
  }
  result.checked = stored.size();
  StoredPuzzles puzzles(path);
  for (const auto& c : stored) {
    try {
      checkStoredChallenge(puzzles.of(c), c, path);
    } catch (const InputError& e) {
      std::string problem = e.what();
      const std::string prefix = fmt::format("{}: challenge {}: ", path, c.id);
      if (problem.starts_with(prefix)) problem.erase(0, prefix.size());
      const std::string hint = " (see 'piecework catalog check')";
      if (problem.ends_with(hint)) problem.erase(problem.size() - hint.size());
      result.damaged.push_back({c.id, errorLine(problem)});
    }
  }
  const std::vector<StoredDesign> designs = storedDesigns(path);
  result.designsChecked = designs.size();
  for (const StoredDesign& d : designs)
    if (const auto problem = fullDesignProblem(d))
      result.damagedDesigns.push_back({d.id, errorLine(*problem)});
  return result;
}

}  // namespace piecework::db

// SPDX-License-Identifier: Apache-2.0
// The library's catalog, booklet and sheet (include/piecework/piecework.hpp): thin wrappers over what the
// commands call (db/catalog_sink.hpp for `generate --db`, press/booklet_job.hpp for `booklet`,
// output/challenge_sheet.hpp for `sheet`), so that the library and the command line cannot drift apart.
#include <map>
#include <mutex>
#include <utility>

#include "db/catalog.hpp"
#include "db/catalog_sink.hpp"
#include "db/stored_check.hpp"
#include "lib/api_internal.hpp"
#include "output/challenge_sheet.hpp"
#include "press/booklet_job.hpp"
#include "puzzle/challenge.hpp"
#include "puzzle/limits.hpp"
#include "solver/solver.hpp"

namespace piecework::api {

using namespace internal;

struct Catalog::Impl {
  std::string path;
  std::mutex mutex;  // (the sinks' connections are opened one at a time)
  // One sink per stored definition (its puzzle row), opened on the first challenge of that puzzle.
  std::map<std::pair<std::string, std::string>, std::unique_ptr<db::ChallengeSink>> sinks;
};

namespace {

// The text given, or none for an empty one (the public options' "not given").
std::optional<std::string> given(const std::string& text) {
  return text.empty() ? std::nullopt : std::optional<std::string>(text);
}

CatalogChallenge publicRow(const db::StoredChallenge& row) {
  CatalogChallenge out;
  out.id = row.id;
  out.puzzle = row.puzzleName;
  out.level = publicLevel(row.level);
  out.score = row.score;
  out.given = row.given;
  out.toPlace = row.toPlace;
  out.challenge = row.challengeText;
  out.solution = row.solutionText;
  out.linked = !row.unlinked;
  out.seed = row.seed.value_or(0);
  return out;
}

db::ChallengeFilter filterOf(const CatalogQuery& query) {
  db::ChallengeFilter filter;
  filter.puzzles = query.puzzles;
  for (const Level level : query.levels) filter.levels.push_back(engineLevel(level));
  return filter;
}

SheetReport walkthrough(const Puzzle& puzzle, const piecework::Challenge& c, const std::string& path,
                        const SheetOptions& sheet, const Options& options) {
  return translated([&] {
    WalkthroughSheet request;
    request.paper = paperOption(sheet.paper);
    if (!sheet.title.empty()) request.title = sheet.title;
    request.heading = sheetHeading(inner(puzzle), puzzle.impl().source);
    request.rules = rules(options);
    const WalkthroughSheetResult drawn = writeWalkthroughSheet(path, inner(puzzle), c, request);
    SheetReport report;
    report.answered = report.unique = true;  // (a walk-through is drawn only for exactly one solution)
    report.answer = sorted(drawn.rating.solution);
    report.level = publicLevel(drawn.rating.level);
    report.moves = static_cast<int>(drawn.moves);
    return report;
  });
}

}  // namespace

Catalog::Catalog(const std::string& path) : impl_(std::make_shared<Impl>()) {
  impl_->path = path;
  // Opened for writing once here: the file is created when missing, and refused now when it is no catalog.
  translated([&] { db::Catalog(path, db::Catalog::Access::ReadWrite); });
}

const std::string& Catalog::path() const {
  return impl_->path;
}

bool Catalog::add(const Puzzle& puzzle, const Generated& challenge, const Options& options) {
  return translated([&] {
    GeneratedChallenge generated;
    generated.givens = checked(puzzle, challenge.challenge);
    generated.marks.colours = challenge.challenge.colours;
    generated.marks.pieces = challenge.challenge.markedPieces;
    const Rules searchRules = rules(options, challenge.challenge);
    generated.familyRule = appliesFamilyRule(inner(puzzle), searchRules);
    generated.seed = challenge.seed;
    // Graded here, not taken from the caller: the sink admits only a challenge with one solution, and the
    // rater's grade of it is what the catalog stores.
    const Problem problem = makeProblem(inner(puzzle), generated.givens, searchRules);
    if (const auto u = piecework::uniqueness(problem); u != piecework::Uniqueness::Unique)
      throw InputError(puzzle.name() + ": the challenge has " +
                       (u == piecework::Uniqueness::None ? "no solution" : "several solutions") +
                       "; a catalog keeps only challenges with exactly one");
    generated.rating = piecework::rate(problem);
    const std::lock_guard lock(impl_->mutex);
    auto& sink = impl_->sinks[{puzzle.name(), puzzle.impl().definitionText}];
    if (!sink) sink = db::openCatalogSink(impl_->path, inner(puzzle), puzzle.impl().definitionText, nullptr);
    return sink->store(generated);
  });
}

std::vector<CatalogChallenge> Catalog::challenges(const CatalogQuery& query) const {
  const db::ChallengeFilter filter = filterOf(query);
  return translated([&] {
    const db::Catalog catalog(impl_->path, db::Catalog::Access::ReadOnly);
    const std::vector<db::StoredChallenge> rows = catalog.challenges(filter);
    db::quickCheckStoredChallenges(rows, catalog.path());  // as `catalog list`: a damaged row is refused
    std::vector<CatalogChallenge> out;
    for (const auto& row : rows) out.push_back(publicRow(row));
    return out;
  });
}

BookletReport writeBooklet(const Catalog& catalog, const std::string& pdfPath,
                           const BookletOptions& options) {
  BookletJob job;
  job.catalogPath = catalog.path();
  job.out = pdfPath;
  job.filter = filterOf(options.challenges);
  job.skipDamaged = options.skipDamaged;
  BookletSettings& s = job.settings;
  s.paper = options.paper;
  s.bleedMm = options.bleedMm;
  if (options.perPage != 0) s.perPage = options.perPage;
  s.answersPerPage = options.answersPerPage;
  s.answersAt = options.answersAtFoot ? "foot" : "back";
  s.solutions = options.solutions;
  if (options.order != "puzzle") s.order = options.order;
  s.cover = options.cover;
  s.imprintFile = given(options.imprintFile);
  s.title = given(options.title), s.author = given(options.author), s.isbn = given(options.isbn);
  s.edition = given(options.edition), s.date = given(options.date), s.subject = given(options.subject);
  s.keywords = given(options.keywords);
  s.fontFile = given(options.fontFile);
  s.padTo = options.padTo;
  const BookletJobResult made = translated([&] { return makeBooklet(job); });
  BookletReport report;
  report.pages = made.pages.pages;
  report.challengePages = made.pages.challengePages;
  report.answerPages = made.pages.answerPages;
  report.rulesPages = made.pages.rulesPages;
  report.blankPages = made.pages.blankPages;
  report.challenges = made.challenges;
  report.damagedLeftOut = made.skipped;
  report.bookletId = made.bookletId.value_or(0);
  report.notRecorded = made.notRecorded;
  return report;
}

SheetReport writeSheet(const Puzzle& puzzle, const Challenge& challenge, const std::string& path,
                       const SheetOptions& sheet, const Options& options) {
  if (const std::string fault = textFault(sheet.title); !fault.empty()) throw Error("title: " + fault);
  if (sheet.solution && sheet.explain) throw Error("sheet: give solution or explain, not both");
  piecework::Challenge c;
  c.givens = checked(puzzle, challenge);
  c.marks = rules({}, challenge).marks;
  if (sheet.explain) return walkthrough(puzzle, c, path, sheet, options);
  return translated([&] {
    ChallengeSheet request;
    request.paper = paperOption(sheet.paper);
    request.heading = sheet.title.empty() ? sheetHeading(inner(puzzle), puzzle.impl().source) : sheet.title;
    request.written = formatChallengeText(inner(puzzle), c);
    request.answer = sheet.solution;
    request.rules = rules(options);
    const ChallengeSheetResult drawn = writeChallengeSheet(path, inner(puzzle), c, request);
    SheetReport report;
    report.answered = !drawn.solutions.empty();
    report.unique = drawn.solutions.size() == 1;
    if (report.answered) report.answer = sorted(drawn.solutions.front());
    return report;
  });
}

}  // namespace piecework::api

// SPDX-License-Identifier: Apache-2.0
#include "press/booklet_job.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <exception>
#include <utility>

#include "db/stored_check.hpp"
#include "output/document.hpp"
#include "output/drawing_module.hpp"
#include "output/imprint.hpp"
#include "puzzle/errors.hpp"
#include "puzzle/limits.hpp"

namespace piecework {
namespace {

// A free text printed into the PDF: printable UTF-8 on one line (textFault), as the command checks its
// options.
void checkText(const std::optional<std::string>& text, const char* option) {
  if (!text) return;
  if (const std::string fault = textFault(*text); !fault.empty())
    throw InputError(fmt::format("--{}: {}", option, fault));
}

// The imprint file's fields; the texts given beside it win over them (bookletOptions).
void takeImprint(const std::string& path, BookletOptions& booklet) {
  const Imprint imprint = readImprint(path);
  booklet.title = imprint.title;
  booklet.author = imprint.author;
  booklet.isbn = imprint.isbn;
  booklet.edition = imprint.edition;
  booklet.date = imprint.date;
  booklet.copyright = imprint.copyright;
  booklet.publisher = imprint.publisher;
  booklet.rights = imprint.rights;
  booklet.address = imprint.address;
  booklet.imprintPage = true;
}

// What the catalog records of the booklet's options beside it.
std::string recordedOptions(const BookletJob& job, const BookletOptions& booklet) {
  const BookletSettings& s = job.settings;
  std::string recorded =
      fmt::format("per-page={} answers-per-page={} answers-at={} paper={} solutions={}", booklet.perPage,
                  booklet.answersPerPage, s.answersAt, s.paper, booklet.solutions ? "yes" : "no");
  if (s.order) recorded += " order=" + *s.order;
  if (booklet.padTo > 1) recorded += fmt::format(" pad={}", booklet.padTo);
  for (const auto& p : job.filter.puzzles) recorded += " puzzle=" + p;
  for (Level l : job.filter.levels) recorded += std::string(" level=") + levelName(l);
  return recorded;
}

// The booklet's entries: each stored challenge checked against a fresh solve (a booklet promises one answer
// per challenge, the right one, and the catalog's file may have been edited), graded anew with a model.
std::vector<BookletEntry> bookletEntries(const BookletJob& job, db::StoredPuzzles& puzzles,
                                         std::vector<std::int64_t>& skipped) {
  const std::string& path = job.catalogPath;
  db::ChallengeFilter filter = job.filter;
  // With another rating model the levels are graded anew here (the catalog keeps its own), so the level
  // filter applies to the new grades.
  if (job.model != nullptr) filter.levels.clear();
  std::vector<db::StoredChallenge> stored;
  {
    const db::Catalog catalog(path, db::Catalog::Access::ReadOnly);
    stored = catalog.challenges(filter);
  }
  if (stored.empty())
    throw InputError(fmt::format("{}: no stored challenges match (see 'piecework catalog list')", path));
  const std::vector<Level>& wantedLevels = job.filter.levels;
  std::vector<BookletEntry> entries;
  for (const auto& c : stored) {
    const Puzzle* puzzle = nullptr;
    db::CheckedChallenge checked;
    try {
      puzzle = &puzzles.of(c);
      checked = db::checkStoredChallenge(*puzzle, c, path);
    } catch (const InputError&) {  // a damaged row: refused in one line naming it, or left out
      if (!job.skipDamaged) throw;
      skipped.push_back(c.id);
      continue;
    }
    if (job.checkModel) job.checkModel(*puzzle);
    BookletEntry e;
    e.puzzle = puzzle;
    e.level = c.level;
    e.score = c.score;
    e.id = c.id;
    e.givens = std::move(checked.challenge.givens);
    e.marks = std::move(checked.challenge.marks);
    e.solution = std::move(checked.solution);
    if (job.model != nullptr) {
      const Rating rating = rate(*checked.problem, job.model);
      e.level = rating.level;
      e.score = rating.score;
      if (!wantedLevels.empty() &&
          std::find(wantedLevels.begin(), wantedLevels.end(), e.level) == wantedLevels.end())
        continue;
    }
    entries.push_back(std::move(e));
  }
  if (entries.empty() && job.model == nullptr)  // (one line, so the rows left out are counted in it)
    throw InputError(fmt::format(
        "{}: every matching challenge is damaged ({} left out; see 'piecework catalog check'); nothing to "
        "print",
        path, skipped.size()));
  if (entries.empty())
    throw InputError(
        fmt::format("{}: no stored challenge is graded at the levels asked for by --model", path));
  return entries;
}

}  // namespace

BookletOptions bookletOptions(const BookletSettings& s) {
  for (const auto& [text, option] :
       {std::pair{&s.title, "title"}, std::pair{&s.author, "author"}, std::pair{&s.isbn, "isbn"},
        std::pair{&s.edition, "edition"}, std::pair{&s.date, "date"}, std::pair{&s.subject, "subject"},
        std::pair{&s.keywords, "keywords"}})
    checkText(*text, option);
  BookletOptions booklet;
  const PageSize paper = paperOption(s.paper);
  booklet.page = paper;
  if (!(s.bleedMm >= 0 && s.bleedMm <= kMaxBleedMm))  // NaN fails too
    throw InputError(fmt::format("--bleed {}: expected 0 to {} mm", s.bleedMm, kMaxBleedMm));
  booklet.bleed = pointsFromMm(s.bleedMm);
  // On small paper (A5 and the like) four challenges a page draw the pieces to place too small to tell apart
  // at the harder levels: the default is then two.
  const PageSize a4 = pageSize(Paper::A4);
  booklet.perPage = s.perPage ? *s.perPage : paper.w * paper.h < 0.75 * a4.w * a4.h ? 2 : 4;
  if (booklet.perPage < 1 || booklet.perPage > 12)
    throw InputError(fmt::format("--per-page {}: expected 1 to 12", booklet.perPage));
  booklet.answersPerPage = s.answersPerPage;
  if (s.answersAt != "back" && s.answersAt != "foot")
    throw InputError(fmt::format("--answers-at {}: expected back or foot", s.answersAt));
  booklet.answersAt = s.answersAt == "foot" ? AnswersAt::Foot : AnswersAt::Back;
  booklet.solutions = s.solutions;
  booklet.order = drawingModule().parseBookletOrder(s.order.value_or("puzzle"));
  if (s.imprintFile) takeImprint(*s.imprintFile, booklet);  // first: the texts given win over it
  if (s.title) booklet.title = *s.title;
  if (s.author) booklet.author = *s.author;
  if (s.isbn) {
    booklet.isbn = *s.isbn;
    if (!validIsbn(booklet.isbn))
      throw InputError(
          fmt::format("--isbn {}: not an ISBN-10 or ISBN-13 with a right check digit", booklet.isbn));
  }
  if (s.edition) booklet.edition = *s.edition;
  if (s.date) booklet.date = *s.date;
  booklet.imprintPage = booklet.imprintPage || s.isbn || s.edition || s.date;
  booklet.cover = s.cover;
  if (s.padTo) {
    if (*s.padTo < 1 || *s.padTo > kMaxPadTo)
      throw InputError(fmt::format("--pad '{}': expected a whole number from 1 to {}", *s.padTo, kMaxPadTo));
    booklet.padTo = *s.padTo;
  }
  if (s.fontFile) drawingModule().useFontFile(*s.fontFile);
  if (s.subject) booklet.subject = *s.subject;
  if (s.keywords) booklet.keywords = *s.keywords;
  return booklet;
}

BookletJobResult makeBooklet(const BookletJob& job) {
  formatForPath(job.out, {DocumentFormat::Pdf});  // a booklet has many pages: PDF only
  BookletJobResult done;
  done.options = bookletOptions(job.settings);
  // One Puzzle per stored definition, at a stable address (the entries point to them); a damaged definition
  // is an error naming the catalog and the row.
  db::StoredPuzzles puzzles(job.catalogPath);
  const std::vector<BookletEntry> entries = bookletEntries(job, puzzles, done.skipped);
  done.challenges = entries.size();
  done.pages = drawingModule().writeBooklet(job.out, entries, done.options);
  // Remember what went into the booklet. The PDF stands even when the catalog cannot be written.
  try {
    db::Catalog catalog(job.catalogPath, db::Catalog::Access::ReadWrite);
    done.bookletId = catalog.recordBooklet(drawingModule().bookletTitle(entries, done.options), job.out,
                                           recordedOptions(job, done.options), done.pages.order);
  } catch (const std::exception& error) {
    done.notRecorded = error.what();
  }
  return done;
}

}  // namespace piecework

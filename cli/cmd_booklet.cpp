// SPDX-License-Identifier: Apache-2.0
// piecework booklet: stored challenges as a printable PDF booklet with an answer key.
#include <fmt/format.h>
#include <algorithm>
#include <cstdint>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "cli/command.hpp"
#include "cli/skip_damaged.hpp"
#include "db/catalog.hpp"
#include "db/stored_check.hpp"
#include "output/booklet.hpp"
#include "output/draw.hpp"
#include "output/drawing_module.hpp"
#include "output/imprint.hpp"
#include "output/page_text.hpp"
#include "puzzle/challenge.hpp"
#include "puzzle/definition.hpp"
#include "puzzle/errors.hpp"
#include "rater/rater.hpp"
#include "solver/solver.hpp"

namespace piecework::cli {
int runBooklet(const std::vector<std::string>& args) {
  po::options_description options("options");
  options.add_options()("db", po::value<std::string>()->default_value(db::kDefaultCatalogPath),
                        "the catalog to read")("puzzle", po::value<std::vector<std::string>>()->composing(),
                                               "only this puzzle (repeatable)")(
      "level", po::value<std::vector<std::string>>()->composing(),
      "only this level: Starter, Junior, Expert, Master or Wizard (repeatable)")(
      "order", po::value<std::string>()->default_value("puzzle"),
      "puzzle (puzzles by name, each Starter to Wizard), level (levels, each with its puzzles by name), "
      "generated (as stored in the catalog) or puzzle names separated by commas")(
      "per-page", po::value<int>()->default_value(4),
      "challenges per page, 1 to 12 (default 2 on paper smaller than three quarters of A4)")(
      "answers-per-page", po::value<int>()->default_value(18), "answer boards per page, 1 to 40")(
      "answers-at", po::value<std::string>()->default_value("back"),
      "back (an answer key) or foot (each page's answers upside down at its foot)")(
      "paper", po::value<std::string>()->default_value("a4"),
      "a4, a5, letter or WIDTHxHEIGHT in mm (e.g. 148x210; each side 105 to 600)")(
      "bleed", po::value<double>()->default_value(0),
      "bleed in mm on each side, 0 to 10: the page grows by it, with crop marks at the trimmed corners")(
      "cover", "print a cover first: the title, author and puzzles")(
      "imprint", po::value<std::string>(),
      "an imprint file (TOML: title, author, isbn, edition, date, copyright, publisher, rights, address); "
      "adds "
      "an imprint page after the title page")("isbn", po::value<std::string>(),
                                              "ISBN-10 or ISBN-13 for the imprint page (adds it)")(
      "edition", po::value<std::string>(), "edition for the imprint page and cover (adds the imprint page)")(
      "date", po::value<std::string>(), "date for the imprint page (adds it)")(
      "font", po::value<std::string>(),
      "draw all text with this font file (TrueType or OpenType; bold made by cairo); default DejaVu Sans")(
      "pad", po::value<std::string>(),
      "blank pages at the end up to a multiple of N pages, 1 to 64 (4 for a saddle-stitched booklet)")(
      "no-solutions", "leave out the answer pages")("title", po::value<std::string>(), "the booklet's title")(
      "author", po::value<std::string>(),
      "the author: on the cover, the imprint page and in the PDF (default: none)")(
      "subject", po::value<std::string>(), "the PDF's subject (default: the count, puzzles and levels)")(
      "keywords", po::value<std::string>(), "the PDF's keywords (default: the puzzles and levels)")(
      "out,o", po::value<std::string>(), "write the booklet here (FILE.pdf)")(
      "json", "print the summary as one JSON object");
  addModelOption(options);
  addSkipDamagedOption(options, "print");
  po::variables_map vm;
  const char* usage =
      "piecework booklet [--db FILE] [--puzzle P]... [--level L]... [--order puzzle|level|generated|P,P,...] "
      "[--per-page K] [--answers-per-page K] "
      "[--answers-at back|foot] [--paper a4|a5|letter|WxH] [--bleed MM] [--cover] [--imprint FILE] "
      "[--isbn N] [--edition E] [--date D] [--font FILE] [--pad N] [--no-solutions] [--title T] [--author A] "
      "[--subject S] [--keywords K] [--model MODEL [--model-any-puzzle]] [--skip-damaged] [--json] "
      "--out booklet.pdf";
  if (!parseArguments("booklet", usage, args, options, vm, nullptr)) return 0;
  // Free text printed into the PDF: checked before anything else, so that nothing is written with it.
  const std::optional<std::string> title = textOption(vm, "title"), author = textOption(vm, "author"),
                                   isbn = textOption(vm, "isbn"), edition = textOption(vm, "edition"),
                                   date = textOption(vm, "date"), subject = textOption(vm, "subject"),
                                   keywords = textOption(vm, "keywords");
  if (vm.count("out") == 0U) throw InputError("booklet: missing --out FILE.pdf");
  const std::string out = vm["out"].as<std::string>();
  formatForPath(out, {DocumentFormat::Pdf});  // a booklet has many pages: PDF only
  refuseOutputOverInputs(vm, out, {"db", "imprint", "font", "model"});
  BookletOptions booklet;
  const PageSize paper = paperOption(vm["paper"].as<std::string>());
  booklet.page = paper;
  const double bleedMm = vm["bleed"].as<double>();
  if (!(bleedMm >= 0 && bleedMm <= kMaxBleedMm))  // NaN fails too
    throw InputError(fmt::format("--bleed {}: expected 0 to {} mm", bleedMm, kMaxBleedMm));
  booklet.bleed = pointsFromMm(bleedMm);
  booklet.perPage = vm["per-page"].as<int>();
  // On small paper (A5 and the like) four challenges a page draw the pieces to place too small to tell apart
  // at the harder levels: the default is then two.
  const PageSize a4 = pageSize(Paper::A4);
  if (vm["per-page"].defaulted() && paper.w * paper.h < 0.75 * a4.w * a4.h) booklet.perPage = 2;
  if (booklet.perPage < 1 || booklet.perPage > 12)
    throw InputError(fmt::format("--per-page {}: expected 1 to 12", booklet.perPage));
  booklet.answersPerPage = vm["answers-per-page"].as<int>();
  const std::string answersAt = vm["answers-at"].as<std::string>();
  if (answersAt != "back" && answersAt != "foot")
    throw InputError(fmt::format("--answers-at {}: expected back or foot", answersAt));
  booklet.answersAt = answersAt == "foot" ? AnswersAt::Foot : AnswersAt::Back;
  booklet.solutions = vm.count("no-solutions") == 0U;
  booklet.order = drawingModule().parseBookletOrder(vm["order"].as<std::string>());
  if (title) booklet.title = *title;
  // The imprint file first; options given on the command line win over it.
  if (vm.count("imprint") != 0U) {
    const Imprint imprint = readImprint(vm["imprint"].as<std::string>());
    if (!title) booklet.title = imprint.title;
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
  if (author) booklet.author = *author;
  if (isbn) {
    booklet.isbn = *isbn;
    if (!validIsbn(booklet.isbn))
      throw InputError(
          fmt::format("--isbn {}: not an ISBN-10 or ISBN-13 with a right check digit", booklet.isbn));
  }
  if (edition) booklet.edition = *edition;
  if (date) booklet.date = *date;
  booklet.imprintPage =
      booklet.imprintPage || vm.count("isbn") + vm.count("edition") + vm.count("date") != 0U;
  booklet.cover = vm.count("cover") != 0U;
  if (vm.count("pad") != 0U)
    booklet.padTo = static_cast<int>(parseWholeNumber(vm["pad"].as<std::string>(), "--pad", 1, kMaxPadTo));
  if (vm.count("font") != 0U) drawingModule().useFontFile(vm["font"].as<std::string>());
  if (subject) booklet.subject = *subject;
  if (keywords) booklet.keywords = *keywords;

  db::ChallengeFilter filter;
  if (vm.count("puzzle") != 0U)
    for (const auto& p : vm["puzzle"].as<std::vector<std::string>>())
      filter.puzzles.push_back(catalogPuzzleName(p));
  if (vm.count("level") != 0U)
    for (const auto& l : vm["level"].as<std::vector<std::string>>()) {
      const auto level = parseLevel(l);
      if (!level)
        throw InputError(fmt::format("--level {}: expected Starter, Junior, Expert, Master or Wizard", l));
      filter.levels.push_back(*level);
    }

  // With another rating model the levels are graded anew here (the catalog keeps its own), so the level
  // filter applies to the new grades.
  const std::optional<RatingModel> model = readModelOption(vm);
  const std::vector<Level> wantedLevels = filter.levels;
  if (model) filter.levels.clear();
  const std::string path = vm["db"].as<std::string>();
  std::vector<db::StoredChallenge> stored;
  {
    const db::Catalog catalog(path, db::Catalog::Access::ReadOnly);
    stored = catalog.challenges(filter);
  }
  if (stored.empty())
    throw InputError(fmt::format("{}: no stored challenges match (see 'piecework catalog list')", path));

  // One Puzzle per stored definition, at a stable address; a damaged definition is an error naming the
  // catalog and the row.
  db::StoredPuzzles puzzles(path);
  std::vector<BookletEntry> entries;
  std::vector<std::int64_t> skipped;  // damaged rows left out (--skip-damaged)
  for (const auto& c : stored) {
    // A booklet promises one answer per challenge, the right one: each is checked against a fresh solve
    // before anything is written (the catalog's file may have been edited). A damaged row is refused in one
    // line naming it, or left out with --skip-damaged.
    const Puzzle* puzzle = nullptr;
    db::CheckedChallenge checked;
    try {
      puzzle = &puzzles.of(c);
      checked = db::checkStoredChallenge(*puzzle, c, path);
    } catch (const InputError&) {
      if (vm.count("skip-damaged") == 0U) throw;
      skipped.push_back(c.id);
      continue;
    }
    checkModelPuzzle(model, *puzzle, vm);
    BookletEntry e;
    e.puzzle = puzzle;
    e.level = c.level;
    e.score = c.score;
    e.id = c.id;
    e.givens = std::move(checked.challenge.givens);
    e.marks = std::move(checked.challenge.marks);
    e.solution = std::move(checked.solution);
    if (model) {
      const Rating rating = rate(*checked.problem, &*model);
      e.level = rating.level;
      e.score = rating.score;
      if (!wantedLevels.empty() &&
          std::find(wantedLevels.begin(), wantedLevels.end(), e.level) == wantedLevels.end())
        continue;
    }
    entries.push_back(std::move(e));
  }
  if (entries.empty() && !model)  // (one line, so the rows left out are counted in it)
    throw InputError(fmt::format(
        "{}: every matching challenge is damaged ({} left out; see 'piecework catalog check'); nothing to "
        "print",
        path, skipped.size()));
  if (entries.empty())
    throw InputError(
        fmt::format("{}: no stored challenge is graded at the levels asked for by --model", path));
  reportSkipped(path, skipped);
  const BookletResult result = drawingModule().writeBooklet(out, entries, booklet);
  const bool json = vm.count("json") != 0U;
  nlohmann::ordered_json summary;
  summary["file"] = out;
  summary["pages"] = result.pages;
  summary["challenge_pages"] = result.challengePages;
  summary["answer_pages"] = result.answerPages;
  summary["rules_pages"] = result.rulesPages;
  summary["blank_pages"] = result.blankPages;
  summary["challenges"] = entries.size();
  summary["catalog"] = path;
  summary["booklet_id"] = nullptr;  // stays null when the catalog cannot record it (a warning says why)
  summary["damaged_left_out"] = skipped;
  if (!json)
    std::cout << fmt::format(
        "wrote {}: {} pages ({}{}{}{}, {} challenge page{}, {} answer page{}{}), {} challenge{}\n", out,
        result.pages, booklet.cover ? "cover, " : "", "title page",
        booklet.imprintPage ? ", imprint page" : "",
        result.rulesPages == 0
            ? std::string()
            : fmt::format(", {} page{} of rules", result.rulesPages, result.rulesPages == 1 ? "" : "s"),
        result.challengePages, result.challengePages == 1 ? "" : "s", result.answerPages,
        result.answerPages == 1 ? "" : "s",
        result.blankPages == 0
            ? std::string()
            : fmt::format(", {} blank page{}", result.blankPages, result.blankPages == 1 ? "" : "s"),
        entries.size(), entries.size() == 1 ? "" : "s");
  // Remember what went into the booklet. The PDF stands even when the catalog cannot be written.
  try {
    db::Catalog catalog(path, db::Catalog::Access::ReadWrite);
    std::string recorded = fmt::format("per-page={} answers-per-page={} answers-at={} paper={} solutions={}",
                                       booklet.perPage, booklet.answersPerPage, answersAt,
                                       vm["paper"].as<std::string>(), booklet.solutions ? "yes" : "no");
    if (!vm["order"].defaulted()) recorded += " order=" + vm["order"].as<std::string>();
    if (booklet.padTo > 1) recorded += fmt::format(" pad={}", booklet.padTo);
    for (const auto& p : filter.puzzles) recorded += " puzzle=" + p;
    for (Level l : filter.levels) recorded += std::string(" level=") + levelName(l);
    const auto id =
        catalog.recordBooklet(drawingModule().bookletTitle(entries, booklet), out, recorded, result.order);
    summary["booklet_id"] = id;
    if (!json) std::cout << fmt::format("recorded as booklet {} in {}\n", id, path);
  } catch (const std::exception& error) {
    std::cerr << errorLine(
                     fmt::format("piecework: warning: the booklet was written but not recorded in {}: {}",
                                 path, error.what()))
              << '\n';
  }
  if (json) printJson(summary);
  return 0;
}

}  // namespace piecework::cli

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
#include "output/booklet.hpp"
#include "output/document.hpp"
#include "press/booklet_job.hpp"
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
  BookletJob job;
  job.catalogPath = vm["db"].as<std::string>();
  job.out = out;
  BookletSettings& settings = job.settings;
  settings.paper = vm["paper"].as<std::string>();
  settings.bleedMm = vm["bleed"].as<double>();
  if (!vm["per-page"].defaulted()) settings.perPage = vm["per-page"].as<int>();
  settings.answersPerPage = vm["answers-per-page"].as<int>();
  settings.answersAt = vm["answers-at"].as<std::string>();
  settings.solutions = vm.count("no-solutions") == 0U;
  if (!vm["order"].defaulted()) settings.order = vm["order"].as<std::string>();
  settings.cover = vm.count("cover") != 0U;
  if (vm.count("imprint") != 0U) settings.imprintFile = vm["imprint"].as<std::string>();
  settings.title = title, settings.author = author, settings.isbn = isbn, settings.edition = edition;
  settings.date = date, settings.subject = subject, settings.keywords = keywords;
  if (vm.count("font") != 0U) settings.fontFile = vm["font"].as<std::string>();
  if (vm.count("pad") != 0U)
    settings.padTo = static_cast<int>(parseWholeNumber(vm["pad"].as<std::string>(), "--pad", 1, kMaxPadTo));

  if (vm.count("puzzle") != 0U)
    for (const auto& p : vm["puzzle"].as<std::vector<std::string>>())
      job.filter.puzzles.push_back(catalogPuzzleName(p));
  if (vm.count("level") != 0U)
    for (const auto& l : vm["level"].as<std::vector<std::string>>()) {
      const auto level = parseLevel(l);
      if (!level)
        throw InputError(fmt::format("--level {}: expected Starter, Junior, Expert, Master or Wizard", l));
      job.filter.levels.push_back(*level);
    }
  const std::optional<RatingModel> model = readModelOption(vm);
  job.model = model ? &*model : nullptr;
  job.checkModel = [&](const Puzzle& puzzle) { checkModelPuzzle(model, puzzle, vm); };
  job.skipDamaged = vm.count("skip-damaged") != 0U;
  const BookletJobResult made = makeBooklet(job);
  const std::string& path = job.catalogPath;
  const BookletOptions& booklet = made.options;
  const BookletResult& result = made.pages;
  reportSkipped(path, made.skipped);
  const bool json = vm.count("json") != 0U;
  nlohmann::ordered_json summary;
  summary["file"] = out;
  summary["pages"] = result.pages;
  summary["challenge_pages"] = result.challengePages;
  summary["answer_pages"] = result.answerPages;
  summary["rules_pages"] = result.rulesPages;
  summary["blank_pages"] = result.blankPages;
  summary["challenges"] = made.challenges;
  summary["catalog"] = path;
  summary["booklet_id"] = nullptr;  // stays null when the catalog cannot record it (a warning says why)
  summary["damaged_left_out"] = made.skipped;
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
        made.challenges, made.challenges == 1 ? "" : "s");
  if (made.bookletId) {
    summary["booklet_id"] = *made.bookletId;
    if (!json) std::cout << fmt::format("recorded as booklet {} in {}\n", *made.bookletId, path);
  } else {
    std::cerr << errorLine(
                     fmt::format("piecework: warning: the booklet was written but not recorded in {}: {}",
                                 path, made.notRecorded))
              << '\n';
  }
  if (json) printJson(summary);
  return 0;
}

}  // namespace piecework::cli

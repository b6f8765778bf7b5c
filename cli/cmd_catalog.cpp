// SPDX-License-Identifier: Apache-2.0
// piecework catalog list|show|import|export|rate|check|stats|add-design: the SQLite catalog of challenges
// and interlocking designs
// (docs/catalog.md).
#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <iostream>
#include <map>
#include <optional>

#include "cli/command.hpp"
#include "cli/skip_damaged.hpp"
#include "db/catalog.hpp"
#include "db/catalog_stats.hpp"
#include "db/catalog_tasks.hpp"
#include "db/designs.hpp"
#include "db/exchange.hpp"
#include "db/stored_check.hpp"
#include "output/document.hpp"
#include "output/drawing_module.hpp"
#include "output/level_chart.hpp"
#include "output/text.hpp"
#include "puzzle/challenge.hpp"
#include "puzzle/definition.hpp"
#include "puzzle/errors.hpp"
#include "puzzle/limits.hpp"
#include "puzzle/replacing_file.hpp"
#include "rater/interlock_grade.hpp"
#include "rater/model.hpp"
#include "rater/rater.hpp"

namespace piecework::cli {

namespace {

using ordered_json = nlohmann::ordered_json;

constexpr const char* kCatalogUsage =
    "piecework catalog list|show|import|export|rate|check|stats|add-design [--db FILE] [OPTIONS]\n\n"
    "  list   [--puzzle P]... [--level L]... [--to-place N] [--json]   the stored challenges, easiest first\n"
    "  list   --designs [--json]                                      the stored interlocking designs\n"
    "  show   ID [--json] | --design ID [--json]                      one challenge with its pictures, or "
    "one design\n"
    "  add-design FILE[#N] [--grades GRADES] [--json]                 an interlocking design with its level "
    "(rate --disassemble)\n"
    "  import FILE|- [--puzzle P]... [--model M] [--json]             add JSON lines or CSV (export or "
    "generate --json), graded here\n"
    "  export [--format jsonl|csv] [--out FILE [--json]] [filters]    every stored challenge (and custom "
    "definition)\n"
    "  rate   [filters] [--all] [--model M] [--json]                  re-rate challenges graded by an older "
    "rater or another model\n"
    "  check  [--json]                                                every row parsed and its solution "
    "proved, every design's level\n"
    "                                                                 computed again; damaged rows by id\n"
    "  import-playtests FILE|- [--json]                               attempts a play page recorded "
    "(docs/playtesting.md)\n"
    "  stats  [filters] [--out FILE] [--json]                        per puzzle and level: challenges, "
    "pieces to place, scores\n\n"
    "The catalog is ./piecework.sqlite unless --db FILE is given. 'piecework catalog SUBCOMMAND --help' "
    "lists the\n"
    "subcommand's options.";

// Parses a subcommand's options (and --db), with at most one positional argument stored under `positional`.
bool parseSub(const std::string& sub, const std::string& usage, const std::vector<std::string>& args,
              po::options_description& options, po::variables_map& vm, const char* positional = nullptr) {
  options.add_options()("db", po::value<std::string>()->default_value(db::kDefaultCatalogPath),
                        "the catalog file");
  const std::string command = "catalog " + sub;
  return parseArguments(command.c_str(), usage.c_str(), args, options, vm, positional, false);
}

void addFilterOptions(po::options_description& options) {
  options.add_options()("puzzle", po::value<std::vector<std::string>>()->composing(),
                        "only this puzzle (a name; repeat for several)")(
      "level", po::value<std::vector<std::string>>()->composing(),
      "only this level: Starter, Junior, Expert, Master or Wizard (repeat for several)")(
      "to-place", po::value<int>(), "only challenges with this many pieces to place");
}

// A puzzle argument names a puzzle in the catalog; a definition file stands for the name inside it.
db::ChallengeFilter readFilter(const po::variables_map& vm) {
  db::ChallengeFilter filter;
  if (vm.count("puzzle") != 0U)
    for (const auto& p : vm["puzzle"].as<std::vector<std::string>>())
      filter.puzzles.push_back(catalogPuzzleName(p));
  if (vm.count("level") != 0U)
    for (const auto& name : vm["level"].as<std::vector<std::string>>()) {
      const auto level = parseLevel(name);
      if (!level)
        throw InputError(
            fmt::format("--level: unknown level '{}' (Starter, Junior, Expert, Master or Wizard)", name));
      filter.levels.push_back(*level);
    }
  if (vm.count("to-place") != 0U) {
    filter.toPlace = vm["to-place"].as<int>();
    if (*filter.toPlace < 0)
      throw InputError(fmt::format("--to-place {}: must be 0 or more", *filter.toPlace));
  }
  return filter;
}

std::string catalogPath(const po::variables_map& vm) {
  return vm["db"].as<std::string>();
}

// ---------------------------------------------------------------- list, show, export

// " (graded by model NAME)" for a grade that is not the shipped model's, else nothing.
std::string gradedByNote(const db::StoredChallenge& c) {
  return c.model ? fmt::format(" (graded by model {})", c.model->name) : std::string();
}

std::int64_t parseId(const std::string& text);
int listDesigns(const po::variables_map& vm);
int showDesign(const po::variables_map& vm);

int runList(const std::vector<std::string>& args) {
  po::options_description options("catalog list options");
  addFilterOptions(options);
  options.add_options()("json", "one JSON object per line (the export form with the challenge's id)")(
      "designs", "list the stored interlocking designs (catalog add-design) instead of the challenges");
  addSkipDamagedOption(options, "list");
  po::variables_map vm;
  if (!parseSub(
          "list",
          "piecework catalog list [--db FILE] [--puzzle P]... [--level L]... [--to-place N] "
          "[--skip-damaged] [--json]\n       piecework catalog list --designs [--db FILE] [--skip-damaged] "
          "[--json]",
          args, options, vm))
    return 0;
  if (vm.count("designs") != 0U) return listDesigns(vm);
  const db::Catalog catalog(catalogPath(vm), db::Catalog::Access::ReadOnly);
  auto rows = catalog.challenges(readFilter(vm));
  // A damaged row is named, never printed: the command refuses (or, with --skip-damaged, leaves it out).
  const std::vector<std::int64_t> skipped = leaveOutDamaged(vm, rows, catalog.path());
  db::StoredPuzzles puzzles(catalog.path());
  for (const auto& c : rows) db::quickCheckStoredChallenge(puzzles.of(c), c, catalog.path());
  reportSkipped(catalog.path(), skipped);
  if (vm.count("json") != 0U) {
    for (const auto& c : rows) {
      ordered_json j;
      j["id"] = c.id;
      j.update(db::exportRecord(c, puzzles.of(c)));
      printJson(j);
    }
    return 0;
  }
  if (rows.empty()) {
    std::cerr << fmt::format("{}: no challenges match\n", catalog.path());
    return 0;
  }
  std::cout << fmt::format("{:>6}  {:<20} {:<8} {:>8} {:>5} {:>8}  {}\n", "id", "puzzle", "level", "score",
                           "given", "to place", "challenge");
  for (const auto& c : rows)
    std::cout << fmt::format("{:>6}  {:<20} {:<8} {:>8.2f} {:>5} {:>8}  {}{}\n", c.id, c.puzzleName,
                             levelName(c.level), c.score, c.given, c.toPlace, c.challengeText,
                             gradedByNote(c));
  return 0;
}

std::int64_t parseId(const std::string& text) {
  std::size_t used = 0;
  long long id = 0;
  try {
    id = std::stoll(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != text.size() || id <= 0) throw InputError(fmt::format("catalog show: '{}' is not an id", text));
  return id;
}

int runShowOne(const std::vector<std::string>& args) {
  po::options_description options("catalog show options");
  options.add_options()("json", "print JSON")("design", po::value<std::string>()->value_name("ID"),
                                              "show the stored design of this id (catalog list --designs)");
  po::variables_map vm;
  if (!parseSub("show",
                "piecework catalog show ID [--db FILE] [--json]\n       piecework catalog show --design ID "
                "[--db FILE] [--json]",
                args, options, vm, "id"))
    return 0;
  if (vm.count("design") != 0U) {
    if (vm.count("id") != 0U) throw InputError("catalog show: a challenge ID or --design ID, not both");
    return showDesign(vm);
  }
  if (vm.count("id") == 0U)
    throw InputError("catalog show: which challenge? (give its id, see 'catalog list')");
  const std::int64_t id = parseId(vm["id"].as<std::string>());
  const db::Catalog catalog(catalogPath(vm), db::Catalog::Access::ReadOnly);
  db::ChallengeFilter filter;
  filter.id = id;
  const auto rows = catalog.challenges(filter);
  if (rows.empty()) throw InputError(fmt::format("{}: no challenge with id {}", catalog.path(), id));
  const auto& c = rows.front();
  db::StoredPuzzles puzzles(catalog.path());
  db::quickCheckStoredChallenge(puzzles.of(c), c, catalog.path());
  if (vm.count("json") != 0U) {
    ordered_json j;
    j["id"] = c.id;
    j.update(db::exportRecord(c, puzzles.of(c)));
    printJson(j);
    return 0;
  }
  std::cout << fmt::format(
      "challenge {} of {}: {}, score {}, {} given, {} to place{}{}{}\n", c.id, c.puzzleName,
      levelName(c.level), c.score, c.given, c.toPlace, c.unlinked ? " (unlinked rule)" : "", gradedByNote(c),
      c.officialLevel ? fmt::format("; official level {}", levelName(*c.officialLevel)) : std::string());
  std::cout << fmt::format("rated by rater version {} with {}; strategies {}\n", c.raterVersion,
                           c.model
                               ? fmt::format("model {} (fingerprint {})", c.model->name, c.model->fingerprint)
                               : std::string("the shipped model"),
                           c.strategyUse);
  if (c.seed)
    std::cout << fmt::format("seed {} (generator version {})\n", *c.seed,
                             c.generatorVersion ? std::to_string(*c.generatorVersion) : "?");
  std::cout << fmt::format("stored {}\n\n", c.createdAt);
  const bool colour = stdoutWantsColour();
  try {
    const Puzzle& puzzle = puzzles.of(c);
    const Challenge challenge = parseChallengeText(puzzle, c.challengeText);
    std::cout << "challenge: " << c.challengeText << '\n'
              << boardPicture(puzzle, challenge.givens, colour, challenge.marks) << '\n';
    std::cout << "solution: " << c.solutionText << '\n'
              << boardPicture(puzzle, parseChallenge(puzzle, c.solutionText), colour);
  } catch (const InputError& e) {
    std::cout << "challenge: " << c.challengeText << "\nsolution: " << c.solutionText << '\n';
    std::cerr << errorLine(fmt::format("piecework: cannot draw challenge {}: {}", c.id, e.what())) << '\n';
  }
  return 0;
}

int runExport(const std::vector<std::string>& args) {
  po::options_description options("catalog export options");
  addFilterOptions(options);
  options.add_options()("format", po::value<std::string>()->default_value("jsonl"), "jsonl or csv")(
      "out,o", po::value<std::string>(), "write the export to this file (default: standard output)")(
      "json",
      "with --out: print a summary object on standard output (without --out the jsonl export is the JSON)");
  addSkipDamagedOption(options, "export");
  po::variables_map vm;
  if (!parseSub(
          "export",
          "piecework catalog export [--db FILE] [--format jsonl|csv] [--out FILE [--json]] [--skip-damaged] "
          "[--puzzle P]... [--level L]... [--to-place N]",
          args, options, vm))
    return 0;
  const std::string format = vm["format"].as<std::string>();
  if (format != "jsonl" && format != "csv")
    throw InputError(fmt::format("--format: unknown format '{}' (jsonl or csv)", format));
  const bool json = vm.count("json") != 0U;
  const std::optional<std::string> outPath =
      vm.count("out") != 0U ? std::optional<std::string>(vm["out"].as<std::string>()) : std::nullopt;
  if (json && !outPath && format == "csv")
    throw InputError(
        "catalog export: --json with --format csv needs --out FILE (the summary goes to standard "
        "output, where the CSV would be)");
  if (outPath && sameFile(*outPath, catalogPath(vm)))
    throw InputError(
        fmt::format("catalog export: --out {} is the catalog itself; give another file", *outPath));
  const db::Catalog catalog(catalogPath(vm), db::Catalog::Access::ReadOnly);
  const db::CatalogExport exported = db::exportChallenges(
      catalog, readFilter(vm), format == "csv" ? db::ExportFormat::Csv : db::ExportFormat::JsonLines,
      vm.count("skip-damaged") != 0U);
  reportSkipped(catalog.path(), exported.damaged);
  if (!exported.damagedDesigns.empty())
    std::cerr << fmt::format("{}: left out {} damaged designs (see 'piecework catalog check')\n",
                             catalog.path(), exported.damagedDesigns.size());
  if (!outPath) {
    std::cout << exported.text;
    return 0;  // main checks that standard output took it all, and says so when it did not
  }
  writeReplacingFile(*outPath, "catalog export --out", "export", exported.text);
  if (json) {
    ordered_json summary;
    summary["catalog"] = catalog.path();
    summary["file"] = *outPath;
    summary["format"] = format;
    summary["exported"] = exported.exported;
    summary["definitions"] = exported.definitions;
    summary["damaged_left_out"] = exported.damaged;
    summary["designs"] = exported.designs;
    summary["damaged_designs_left_out"] = exported.damagedDesigns;
    printJson(summary);
  } else {
    std::cout << fmt::format(
        "{}: exported {} challenges{}{} to {}\n", catalog.path(), exported.exported,
        exported.definitions > 0 ? fmt::format(" and {} definitions", exported.definitions) : "",
        exported.designs > 0 ? fmt::format(" and {} designs", exported.designs) : "", *outPath);
  }
  return 0;
}

// ---------------------------------------------------------------- designs

// "level 2, Junior" or "does not come apart".
std::string designLevelText(const db::NewDesign& d) {
  if (!d.level) return "does not come apart (solutions 0, no level)";
  return fmt::format("level {}, {}", *d.level, levelName(*d.grade));
}

ordered_json designJson(const db::StoredDesign& d) {
  ordered_json j;
  j["id"] = d.id;
  j.update(db::designRecord(d)["design"]);
  return j;
}

// The designs a command prints: the damaged ones refused by id (or left out with --skip-damaged).
std::vector<db::StoredDesign> soundDesigns(const po::variables_map& vm, const std::string& path) {
  std::vector<db::StoredDesign> rows = db::storedDesigns(path);
  std::vector<std::int64_t> skipped;
  std::erase_if(rows, [&](const db::StoredDesign& d) {
    const auto problem = db::quickDesignProblem(d);
    if (!problem) return false;
    if (vm.count("skip-damaged") == 0U) throw InputError(db::damagedDesignLine(path, d.id, *problem));
    skipped.push_back(d.id);
    return true;
  });
  if (!skipped.empty()) {
    std::string ids;
    for (const std::int64_t id : skipped) ids += fmt::format("{}{}", ids.empty() ? "" : ", ", id);
    std::cerr << fmt::format("{}: left out {} damaged design{} (id {}; see 'piecework catalog check')\n",
                             path, skipped.size(), skipped.size() == 1 ? "" : "s", ids);
  }
  return rows;
}

int listDesigns(const po::variables_map& vm) {
  for (const char* filter : {"puzzle", "level", "to-place"})
    if (vm.count(filter) != 0U)
      throw InputError(fmt::format("catalog list --designs: --{} filters challenges, not designs", filter));
  const std::string path = catalogPath(vm);
  const std::vector<db::StoredDesign> rows = soundDesigns(vm, path);
  if (vm.count("json") != 0U) {
    for (const auto& d : rows) printJson(designJson(d));
    return 0;
  }
  if (rows.empty()) {
    std::cerr << fmt::format("{}: no designs stored\n", path);
    return 0;
  }
  std::cout << fmt::format("{:>6}  {:<24} {:<8} {:>10} {:>10}  {}\n", "id", "design", "grade", "solutions",
                           "assemblies", "level");
  for (const auto& row : rows) {
    const db::NewDesign& d = row.design;
    std::cout << fmt::format("{:>6}  {:<24} {:<8} {:>10} {:>10}  {}\n", row.id,
                             d.problem ? fmt::format("{}#{}", d.name, *d.problem) : d.name,
                             d.grade ? levelName(*d.grade) : "-", d.solutions, d.assemblies,
                             d.level.value_or("(does not come apart)"));
  }
  return 0;
}

int showDesign(const po::variables_map& vm) {
  const std::int64_t id = parseId(vm["design"].as<std::string>());
  const std::string path = catalogPath(vm);
  const std::vector<db::StoredDesign> rows = db::storedDesigns(path);
  const auto row = std::find_if(rows.begin(), rows.end(), [&](const auto& d) { return d.id == id; });
  if (row == rows.end()) throw InputError(fmt::format("{}: no design with id {}", path, id));
  if (const auto problem = db::quickDesignProblem(*row))
    throw InputError(db::damagedDesignLine(path, id, *problem));
  if (vm.count("json") != 0U) {
    printJson(designJson(*row));
    return 0;
  }
  const db::NewDesign& d = row->design;
  std::cout << fmt::format("design {}: {}: {}\n", row->id, d.name, designLevelText(d));
  std::cout << fmt::format("{} solution{} (assemblies that come apart) of {} assemblies; grades: {}\n",
                           d.solutions, d.solutions == 1 ? "" : "s", d.assemblies,
                           d.gradeTable ? "a table of its own (stored with it)" : "the fixed table");
  std::cout << fmt::format("read from {}{}; stored {}\n", d.file,
                           d.problem ? fmt::format(" (problem {})", *d.problem) : std::string(), d.addedAt);
  return 0;
}

int runAddDesign(const std::vector<std::string>& args) {
  po::options_description options("catalog add-design options");
  options.add_options()("grades", po::value<std::string>()->value_name("GRADES"),
                        "grade by this table (made by 'piecework calibrate --interlocking') instead of the "
                        "fixed one; stored with the design")("json", "print the stored design as JSON");
  po::variables_map vm;
  if (!parseSub("add-design", "piecework catalog add-design FILE[#N] [--db FILE] [--grades GRADES] [--json]",
                args, options, vm, "file"))
    return 0;
  if (vm.count("file") == 0U)
    throw InputError(
        "catalog add-design: which design? (a definition or FILE.xmpuzzle, #N for a BurrTools file's N-th "
        "problem)");
  InterlockGradeTable table;
  if (vm.count("grades") != 0U) {
    const std::string file = vm["grades"].as<std::string>();
    table = parseInterlockGradeTable(readFileLimited(file, kMaxJsonLinesBytes, "the grade table"),
                                     "--grades " + file);
  }
  const std::string path = catalogPath(vm);
  // Taken apart before the catalog is opened for writing: bad input leaves no catalog behind.
  db::StoredDesign row;
  row.design = db::readAndComputeDesign(vm["file"].as<std::string>(), table);
  const db::AddedDesign added = db::addDesign(path, row.design);
  row.id = added.id;
  if (vm.count("json") != 0U) {
    ordered_json j = designJson(row);
    j["new"] = added.added;  // false: the catalog held it already
    printJson(j);
    return 0;
  }
  std::cout << fmt::format("design {}: {}: {}{}{}\n", added.id, row.design.name, designLevelText(row.design),
                           row.design.gradeTable && row.design.level
                               ? fmt::format(" (grades: {})", printableText(table.name))
                               : std::string(),
                           added.added ? "" : " (stored already)");
  return 0;
}

// ---------------------------------------------------------------- import

int runImport(const std::vector<std::string>& args) {
  po::options_description options("catalog import options");
  options.add_options()(
      "puzzle", po::value<std::vector<std::string>>()->composing(),
      "the puzzle of lines without \"puzzle\" (generate --json output), or a definition file for "
      "lines naming a puzzle that is not shipped (repeat for several)")(
      "json", "print the summary as one JSON object");
  addModelOption(options);
  po::variables_map vm;
  if (!parseSub("import",
                "piecework catalog import FILE|- [--db FILE] [--puzzle P]... [--model MODEL "
                "[--model-any-puzzle]] [--json]",
                args, options, vm, "file"))
    return 0;
  if (vm.count("file") == 0U)
    throw InputError("catalog import: which file? (JSON lines or CSV; '-' for standard input)");
  const std::string path = catalogPath(vm);
  const std::string file = vm["file"].as<std::string>();

  // Check the catalog and read every line before writing anything: bad input leaves the catalog as it was.
  db::PuzzleResolver resolver =
      db::importResolver(path, vm.count("puzzle") != 0U ? vm["puzzle"].as<std::vector<std::string>>()
                                                        : std::vector<std::string>());
  const std::string name = file == "-" ? "<stdin>" : file;
  std::string text = readFileLimited(file, kMaxImportBytes, "the file to import");
  const std::optional<RatingModel> model = readModelOption(vm);
  const db::CatalogImport imported =
      db::importChallenges(path, resolver, name, std::move(text), model ? &*model : nullptr,
                           [&](const Puzzle& puzzle) { checkModelPuzzle(model, puzzle, vm); });
  if (vm.count("json") != 0U) {
    ordered_json summary;
    summary["catalog"] = path;
    summary["file"] = name;
    summary["format"] = imported.csv ? "csv" : "jsonl";
    summary["imported"] = imported.imported;
    summary["skipped"] = imported.skipped;
    summary["definitions"] = imported.definitions;
    summary["designs"] = imported.designs;
    summary["designs_skipped"] = imported.designsSkipped;
    printJson(summary);
  } else {
    std::cout << fmt::format("{}: imported {} challenges, skipped {} already there{}\n", path,
                             imported.imported, imported.skipped,
                             imported.designs + imported.designsSkipped > 0
                                 ? fmt::format("; imported {} designs, skipped {} already there",
                                               imported.designs, imported.designsSkipped)
                                 : std::string());
  }
  return 0;
}

// ---------------------------------------------------------------- rate

int runRerate(const std::vector<std::string>& args) {
  po::options_description options("catalog rate options");
  addFilterOptions(options);
  options.add_options()("all",
                        "re-rate every matching challenge, not only those graded by an older rater or by "
                        "another model")("json", "print the summary as one JSON object");
  addModelOption(options);
  po::variables_map vm;
  if (!parseSub("rate",
                "piecework catalog rate [--db FILE] [--puzzle P]... [--level L]... [--to-place N] [--all] "
                "[--model MODEL [--model-any-puzzle]] [--json]",
                args, options, vm))
    return 0;
  const std::string path = catalogPath(vm);
  const db::ChallengeFilter filter = readFilter(vm);
  const std::optional<RatingModel> model = readModelOption(vm);
  const bool all = vm.count("all") != 0U;
  const db::CatalogRerate rerated =
      db::rerateChallenges(path, filter, model ? &*model : nullptr, all,
                           [&](const Puzzle& puzzle) { checkModelPuzzle(model, puzzle, vm); });
  if (vm.count("json") != 0U) {
    ordered_json summary;
    summary["catalog"] = path;
    summary["rated"] = rerated.rated;
    summary["changed_level"] = rerated.changedLevel;
    summary["rater_version"] = kRaterVersion;
    summary["model"] = model ? ordered_json(vm["model"].as<std::string>()) : ordered_json(nullptr);
    printJson(summary);
    return 0;
  }
  std::cout << fmt::format("{}: re-rated {} challenges with rater version {} and {} ({} changed level)\n",
                           path, rerated.rated, kRaterVersion,
                           model ? fmt::format("model {}", model->name) : std::string("the shipped model"),
                           rerated.changedLevel);
  return 0;
}

// ---------------------------------------------------------------- check

int runCheck(const std::vector<std::string>& args) {
  po::options_description options("catalog check options");
  options.add_options()("json", "print the report as one JSON object");
  po::variables_map vm;
  if (!parseSub("check", "piecework catalog check [--db FILE] [--json]", args, options, vm)) return 0;
  const std::string path = catalogPath(vm);
  const db::CatalogCheck check = db::checkCatalog(path);
  const std::vector<db::DamagedRow>& damaged = check.damaged;
  if (vm.count("json") != 0U) {
    ordered_json report;
    report["catalog"] = path;
    report["checked"] = check.checked;
    report["damaged"] = ordered_json::array();
    for (const auto& [id, problem] : damaged) {
      ordered_json row;
      row["id"] = id;
      row["problem"] = problem;
      report["damaged"].push_back(std::move(row));
    }
    report["designs_checked"] = check.designsChecked;
    report["damaged_designs"] = ordered_json::array();
    for (const auto& [id, problem] : check.damagedDesigns)
      report["damaged_designs"].push_back({{"id", id}, {"problem", problem}});
    printJson(report);
  } else {
    for (const auto& [id, problem] : damaged) std::cout << fmt::format("challenge {}: {}\n", id, problem);
    for (const auto& [id, problem] : check.damagedDesigns)
      std::cout << fmt::format("design {}: {}\n", id, problem);
  }
  if (damaged.empty() && !check.damagedDesigns.empty()) {
    std::string ids;
    for (const auto& d : check.damagedDesigns) ids += fmt::format("{}{}", ids.empty() ? "" : ", ", d.id);
    std::cout << std::flush;
    throw InputError(fmt::format("{}: {} of {} designs are damaged (id {})", path,
                                 check.damagedDesigns.size(), check.designsChecked, ids));
  }
  if (!damaged.empty()) {
    std::string ids;
    for (std::size_t i = 0; i < damaged.size() && i < 10; ++i)
      ids += fmt::format("{}{}", i == 0 ? "" : ", ", damaged[i].id);
    if (damaged.size() > 10) ids += ", ...";
    std::cout << std::flush;
    throw InputError(
        fmt::format("{}: {} of {} challenges are damaged (id {})", path, damaged.size(), check.checked, ids));
  }
  if (vm.count("json") == 0U)
    std::cout << fmt::format(
        "{}: checked {} challenges: each parses, and its stored solution is its one solution{}\n", path,
        check.checked,
        check.designsChecked > 0
            ? fmt::format("; {} designs: each taken apart again to its stored level", check.designsChecked)
            : std::string());
  return 0;
}

// ---------------------------------------------------------------- stats

// "2: 3, 3: 6" (pieces to place: challenges).
std::string toPlaceText(const std::map<int, std::uint64_t>& toPlace) {
  std::string text;
  for (const auto& [pieces, n] : toPlace)
    text += fmt::format("{}{}: {}", text.empty() ? "" : ", ", pieces, n);
  return text;
}

std::string statsLabel(const db::PuzzleStats& p) {
  return p.unlinked ? p.puzzle + " (unlinked)" : p.puzzle;
}

ordered_json statsJson(const std::vector<db::PuzzleStats>& stats, const std::map<std::string, bool>& ruled) {
  ordered_json puzzles = ordered_json::array();
  std::uint64_t all = 0;
  for (const auto& p : stats) {
    ordered_json levels = ordered_json::array();
    for (std::size_t l = 0; l < p.levels.size(); ++l) {
      const db::LevelStats& s = p.levels[l];
      if (s.challenges == 0) continue;
      ordered_json toPlace = ordered_json::array();
      for (const auto& [pieces, n] : s.toPlace) toPlace.push_back({{"pieces", pieces}, {"challenges", n}});
      levels.push_back({{"level", levelName(static_cast<Level>(l))},
                        {"challenges", s.challenges},
                        {"to_place", toPlace},
                        {"lowest_score", s.lowestScore},
                        {"highest_score", s.highestScore},
                        {"mean_score", s.meanScore}});
    }
    all += p.challenges;
    const auto rule = ruled.find(p.puzzle);
    puzzles.push_back({{"puzzle", p.puzzle},
                       {"linked", !p.unlinked && rule != ruled.end() && rule->second},
                       {"challenges", p.challenges},
                       {"levels", levels}});
  }
  return {{"challenges", all}, {"puzzles", puzzles}};
}

void printStatsTable(const std::vector<db::PuzzleStats>& stats) {
  std::cout << fmt::format("{:<24} {:<8} {:>10}  {:<24} {}\n", "puzzle", "level", "challenges",
                           "to place: count", "score lowest-highest (mean)");
  for (const auto& p : stats) {
    for (std::size_t l = 0; l < p.levels.size(); ++l) {
      const db::LevelStats& s = p.levels[l];
      if (s.challenges == 0) continue;
      std::cout << fmt::format("{:<24} {:<8} {:>10}  {:<24} {:.2f}-{:.2f} ({:.2f})\n", statsLabel(p),
                               levelName(static_cast<Level>(l)), s.challenges, toPlaceText(s.toPlace),
                               s.lowestScore, s.highestScore, s.meanScore);
    }
    std::cout << fmt::format("{:<24} {:<8} {:>10}\n", statsLabel(p), "all", p.challenges);
  }
}

LevelChartRow chartRow(const db::PuzzleStats& p) {
  LevelChartRow row;
  row.label = statsLabel(p);
  bool any = false;
  for (std::size_t l = 0; l < p.levels.size(); ++l) {
    const db::LevelStats& s = p.levels[l];
    row.challenges[l] = s.challenges;
    if (s.challenges == 0) continue;
    row.lowest[l] = s.lowestScore;
    row.highest[l] = s.highestScore;
    const int least = s.toPlace.begin()->first, most = s.toPlace.rbegin()->first;
    row.leastToPlace = any ? std::min(row.leastToPlace, least) : least;
    row.mostToPlace = any ? std::max(row.mostToPlace, most) : most;
    any = true;
  }
  return row;
}

int runStats(const std::vector<std::string>& args) {
  po::options_description options("catalog stats options");
  addFilterOptions(options);
  options.add_options()("out,o", po::value<std::string>(),
                        "also draw the figures as a chart: FILE.svg, .png or .pdf")("json", "print JSON");
  addSkipDamagedOption(options, "sum up");
  po::variables_map vm;
  if (!parseSub("stats",
                "piecework catalog stats [--db FILE] [--puzzle P]... [--level L]... [--to-place N] "
                "[--out FILE] [--skip-damaged] [--json]",
                args, options, vm))
    return 0;
  const std::string out = vm.count("out") != 0U ? vm["out"].as<std::string>() : "";
  if (!out.empty()) {
    formatForPath(out);  // (a wrong extension refused before the catalog is read)
    refuseOutputOverInputs(vm, out, {"db"});
  }
  const db::Catalog catalog(catalogPath(vm), db::Catalog::Access::ReadOnly);
  auto rows = catalog.challenges(readFilter(vm));
  const std::vector<std::int64_t> skipped = leaveOutDamaged(vm, rows, catalog.path());
  db::StoredPuzzles puzzles(catalog.path());
  std::map<std::string, bool> ruled;  // puzzle -> it has a family rule
  for (const auto& c : rows) {
    db::quickCheckStoredChallenge(puzzles.of(c), c, catalog.path());
    ruled[c.puzzleName] = puzzles.of(c).hasFamilyRule;
  }
  reportSkipped(catalog.path(), skipped);
  const std::vector<db::PuzzleStats> stats = db::catalogStats(rows);
  if (!out.empty()) {
    std::vector<LevelChartRow> chart;
    for (const auto& p : stats) chart.push_back(chartRow(p));
    drawingModule().writeLevelChart(chart, fmt::format("{}: {} challenges", catalog.path(), rows.size()),
                                    out);
  }
  if (vm.count("json") != 0U) {
    ordered_json json = statsJson(stats, ruled);
    if (!out.empty()) json["out"] = out;
    printJson(json);
    return 0;
  }
  if (rows.empty())
    std::cerr << fmt::format("{}: no challenges match\n", catalog.path());
  else
    printStatsTable(stats);
  if (!out.empty()) std::cout << fmt::format("wrote {}\n", out);
  return 0;
}

}  // namespace

int runCatalog(const std::vector<std::string>& args) {
  if (args.empty() || args[0] == "--help" || args[0] == "-h") {
    (args.empty() ? std::cerr : std::cout) << "usage: " << kCatalogUsage << '\n';
    return args.empty() ? 2 : 0;
  }
  const std::string sub = args[0];
  const std::vector<std::string> rest(args.begin() + 1, args.end());
  if (sub == "list") return runList(rest);
  if (sub == "show") return runShowOne(rest);
  if (sub == "import") return runImport(rest);
  if (sub == "export") return runExport(rest);
  if (sub == "rate") return runRerate(rest);
  if (sub == "check") return runCheck(rest);
  if (sub == "stats") return runStats(rest);
  if (sub == "import-playtests") return runImportPlaytests(rest);
  if (sub == "add-design") return runAddDesign(rest);
  throw InputError(fmt::format(
      "catalog: unknown subcommand '{}' (list, show, import, export, rate, check, stats, import-playtests or "
      "add-design)",
      sub));
}

}  // namespace piecework::cli

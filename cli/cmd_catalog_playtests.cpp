// SPDX-License-Identifier: Apache-2.0
// piecework catalog import-playtests: the attempts a play page recorded (JSON lines) into the catalog's
// playtests table (docs/playtesting.md).
#include <fmt/format.h>

#include <iostream>

#include "cli/command.hpp"
#include "db/catalog.hpp"
#include "db/playtests.hpp"
#include "puzzle/errors.hpp"
#include "puzzle/limits.hpp"

namespace piecework::cli {

int runImportPlaytests(const std::vector<std::string>& args) {
  po::options_description options("catalog import-playtests options");
  options.add_options()("db", po::value<std::string>()->default_value(db::kDefaultCatalogPath),
                        "the catalog file")("json", "print the summary as one JSON object");
  po::variables_map vm;
  if (!parseArguments("catalog import-playtests",
                      "piecework catalog import-playtests FILE|- [--db FILE] [--json]", args, options, vm,
                      "file", false))
    return 0;
  if (vm.count("file") == 0U)
    throw InputError(
        "catalog import-playtests: which file? (the attempts a play page exported; '-' for standard input)");
  const std::string path = vm["db"].as<std::string>();
  const std::string file = vm["file"].as<std::string>();
  const std::string name = file == "-" ? "<stdin>" : file;
  const std::string text = readFileLimited(file, kMaxChallengeListBytes, "the attempts file");
  std::vector<db::PlaytestFault> faults;
  const db::PlaytestImport imported = db::importPlaytests(path, name, text, faults);
  if (!faults.empty()) {
    for (const auto& fault : faults) std::cerr << errorLine("piecework: " + fault.message) << '\n';
    throw InputError(fmt::format("{}: {} bad line{}; nothing was stored", name, faults.size(),
                                 faults.size() == 1 ? "" : "s"));
  }
  if (vm.count("json") != 0U) {
    nlohmann::ordered_json summary;
    summary["catalog"] = path;
    summary["file"] = name;
    summary["attempts"] = imported.lines;
    summary["imported"] = imported.added;
    summary["skipped"] = imported.already;
    printJson(summary);
    return 0;
  }
  std::cout << fmt::format("{}: imported {} attempts, skipped {} already there\n", path, imported.added,
                           imported.already);
  return 0;
}

}  // namespace piecework::cli

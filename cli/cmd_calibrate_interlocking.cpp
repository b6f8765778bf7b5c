// SPDX-License-Identifier: Apache-2.0
// piecework calibrate --interlocking FILE: refit the table of grades by moves to the first separation
// (rater/interlock_grade.hpp) on a designer's own graded designs, with its leave-one-out agreement, and write
// it for rate --disassemble --grades (docs/disassembly.md, "Grades").
//
// FILE is JSON lines, one design a line: {"design": "x.xmpuzzle#2", "level": "Expert"} (the path relative to
// FILE's folder), or {"disassembly_level": "9.6.4.2", "level": "Expert"} to grade from a level alone. Every
// line is read, checked and taken apart before anything is fitted or written.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <iostream>

#include "cli/command.hpp"
#include "disassembly/design_levels.hpp"
#include "puzzle/definition.hpp"
#include "puzzle/errors.hpp"
#include "puzzle/limits.hpp"
#include "puzzle/replacing_file.hpp"
#include "rater/interlock_grade.hpp"

namespace piecework::cli {
namespace {

struct GradedDesign {
  GradedLevel graded;
  std::string level;  // the hardest solution's level text
  int line = 0;
};

// Leave-one-out refits the table once per design: this many keep it to seconds.
constexpr std::size_t kMaxDesigns = 5000;

constexpr const char* kLevels = "Starter, Junior, Expert, Master or Wizard";

// A design's path as written in FILE, from FILE's folder unless absolute.
std::string designPath(const std::string& file, const std::string& design) {
  if (!design.empty() && design.front() == '/') return design;
  const auto slash = file.find_last_of('/');
  return slash == std::string::npos ? design : file.substr(0, slash + 1) + design;
}

// The level of one line: given, or of the design's hardest solution.
std::string lineLevel(const nlohmann::json& j, const std::string& file, const std::string& where) {
  const bool design = j.contains("design"), given = j.contains("disassembly_level");
  if (design == given)
    throw InputError(
        fmt::format("{}: give one of \"design\" (a file) or \"disassembly_level\" (a level)", where));
  if (given) {
    if (!j["disassembly_level"].is_string() || !parseLevelText(j["disassembly_level"].get<std::string>()))
      throw InputError(fmt::format(
          "{}: \"disassembly_level\" is not a level (whole numbers joined by dots, as 26.8.2.6.2)", where));
    return j["disassembly_level"].get<std::string>();
  }
  if (!j["design"].is_string() || j["design"].get<std::string>().empty())
    throw InputError(fmt::format("{}: \"design\" is not a file name", where));
  const std::string path = designPath(file, j["design"].get<std::string>());
  try {
    const DesignLevels apart = disassembleDesign(loadPuzzle(path), path);
    if (apart.levels.empty())
      throw InputError(
          fmt::format("none of its {} assemblies comes apart: no level to grade by", apart.assemblies));
    return apart.levels.front();
  } catch (const InputError& e) {
    throw InputError(fmt::format("{}: {}: {}", where, printableText(path), e.what()));
  }
}

std::vector<GradedDesign> readGradedDesigns(const std::string& file) {
  const std::string text = readFileLimited(file, kMaxJsonLinesBytes, "the calibration file");
  std::vector<GradedDesign> out;
  std::size_t start = 0;
  for (int lineNo = 1; start < text.size(); ++lineNo) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    const std::string line = text.substr(start, end - start);
    start = end + 1;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    const std::string where = fmt::format("{}:{}", printableText(file), lineNo);
    nlohmann::json j;
    try {
      j = nlohmann::json::parse(line);
    } catch (const nlohmann::json::exception&) {
      throw InputError(fmt::format("{}: not a JSON object", where));
    }
    if (!j.is_object()) throw InputError(fmt::format("{}: not a JSON object", where));
    if (!j.contains("level") || !j["level"].is_string())
      throw InputError(fmt::format("{}: no \"level\" ({})", where, kLevels));
    const std::optional<Level> level = parseLevel(j["level"].get<std::string>());
    if (!level)
      throw InputError(fmt::format("{}: unknown level '{}' ({})", where,
                                   printableText(j["level"].get<std::string>()), kLevels));
    if (out.size() == kMaxDesigns)
      throw InputError(fmt::format("{}: more than {} graded designs", where, kMaxDesigns));
    GradedDesign d;
    d.level = lineLevel(j, file, where);
    d.graded = {parseLevelText(d.level).value_or(std::vector<int>{0}).front(), *level};
    d.line = lineNo;
    out.push_back(std::move(d));
  }
  if (out.size() < 2)
    throw InputError(fmt::format("{}: {} graded design{}; a fit needs 2 or more", printableText(file),
                                 out.size(), out.size() == 1 ? "" : "s"));
  return out;
}

struct Shares {
  double exact = 0, withinOne = 0;
};
Shares shares(const std::vector<GradedDesign>& designs, const std::vector<Level>& graded) {
  Shares s;
  for (std::size_t i = 0; i < designs.size(); ++i) {
    const int gap = std::abs(static_cast<int>(designs[i].graded.level) - static_cast<int>(graded[i]));
    s.exact += gap == 0 ? 1 : 0;
    s.withinOne += gap <= 1 ? 1 : 0;
  }
  s.exact /= static_cast<double>(designs.size());
  s.withinOne /= static_cast<double>(designs.size());
  return s;
}
std::vector<Level> gradeAll(const std::vector<GradedDesign>& designs, const InterlockGradeStarts& starts) {
  std::vector<Level> out;
  for (const GradedDesign& d : designs) out.push_back(interlockGrade({d.graded.moves}, starts));
  return out;
}

std::string startsText(const InterlockGradeStarts& starts) {
  std::vector<std::string> parts;
  for (int k = 0; k < 5; ++k)
    parts.push_back(
        fmt::format("{} {}", levelName(static_cast<Level>(k)), starts[static_cast<std::size_t>(k)]));
  return fmt::format("{}", fmt::join(parts, ", "));
}

void printJsonReport(const std::vector<GradedDesign>& designs, const InterlockGradeTable& table,
                     const std::vector<Level>& loo, const Shares& cv, const Shares& inSample,
                     const Shares& fixed) {
  auto figures = [](const Shares& s) {
    return nlohmann::json{{"exact", s.exact}, {"within_one", s.withinOne}};
  };
  std::array<int, 5> perLevel{};
  nlohmann::json perDesign = nlohmann::json::array();
  for (std::size_t i = 0; i < designs.size(); ++i) {
    ++perLevel[static_cast<std::size_t>(designs[i].graded.level)];
    perDesign.push_back({{"line", designs[i].line},
                         {"disassembly_level", designs[i].level},
                         {"level", levelName(designs[i].graded.level)},
                         {"graded", levelName(loo[i])}});
  }
  printJson(nlohmann::json{{"designs", designs.size()},
                           {"per_level", perLevel},
                           {"starts", table.starts},
                           {"fixed_starts", kInterlockGradeStarts},
                           {"cross_validated", figures(cv)},
                           {"in_sample", figures(inSample)},
                           {"fixed", figures(fixed)},
                           {"leave_one_out", perDesign},
                           {"grades", nlohmann::json::parse(interlockGradeTableJson(table))}});
}

}  // namespace

int runCalibrateInterlocking(const std::vector<std::string>& args) {
  po::options_description options("options");
  options.add_options()("interlocking",
                        "FILE lists graded interlocking designs: refit where each grade starts, by the "
                        "moves to the first separation (docs/disassembly.md)")(
      "out", po::value<std::string>()->value_name("GRADES"),
      "write the fitted table to this file (JSON), for rate --disassemble --grades")(
      "name", po::value<std::string>()->value_name("TEXT"),
      "the table's name, which rate prints (default: 'fitted on FILE')")("json", "print the figures as JSON");
  po::variables_map vm;
  if (!parseArguments("calibrate --interlocking",
                      "piecework calibrate --interlocking FILE [--out GRADES] [--name TEXT] [--json]", args,
                      options, vm, "file", false))
    return 0;
  if (vm.count("file") == 0U)
    throw InputError("calibrate --interlocking: missing FILE, the graded designs (JSON lines)");
  const std::string file = vm["file"].as<std::string>();
  if (vm.count("out") != 0U && sameFile(vm["out"].as<std::string>(), file))
    throw InputError(fmt::format("--out {}: is FILE, the designs being calibrated on; give another name",
                                 vm["out"].as<std::string>()));
  InterlockGradeTable table;
  const std::optional<std::string> name = textOption(vm, "name");
  if (name && (name->empty() || name->size() > 200))
    throw InputError("--name: one line of 1 to 200 characters");
  const auto slash = file.find_last_of('/');
  table.name =
      name ? *name
           : printableText("fitted on " + (slash == std::string::npos ? file : file.substr(slash + 1)));

  const std::vector<GradedDesign> designs = readGradedDesigns(file);
  std::vector<GradedLevel> graded;
  for (const GradedDesign& d : designs) graded.push_back(d.graded);
  table.starts = fitInterlockGradeStarts(graded);
  const std::vector<Level> loo = leaveOneOutGrades(graded);
  const Shares cv = shares(designs, loo);
  const Shares inSample = shares(designs, gradeAll(designs, table.starts));
  const Shares fixed = shares(designs, gradeAll(designs, kInterlockGradeStarts));
  table.crossValidation = fmt::format("leave-one-out on {} designs: exact {}, within one grade {}",
                                      designs.size(), percentText(cv.exact), percentText(cv.withinOne));
  if (vm.count("out") != 0U)
    writeReplacingFile(vm["out"].as<std::string>(), "--out", "grade table", interlockGradeTableJson(table));
  if (vm.count("json") != 0U) {
    printJsonReport(designs, table, loo, cv, inSample, fixed);
    return 0;
  }
  std::cout << fmt::format("{} designs from {}\n", designs.size(), printableText(file));
  std::cout << fmt::format("grades start at (moves to the first separation): {}\n", startsText(table.starts));
  std::cout << fmt::format("{:<34} {:>7} {:>11}\n", "", "exact", "within one");
  auto row = [](const char* what, const Shares& s) {
    std::cout << fmt::format("{:<34} {:>7} {:>11}\n", what, percentText(s.exact), percentText(s.withinOne));
  };
  row("fitted table, leave-one-out", cv);
  row("fitted table, on its own designs", inSample);
  row("fixed table (1, 2, 5, 10, 20)", fixed);
  std::vector<std::string> missed;
  for (std::size_t i = 0; i < designs.size(); ++i)
    if (loo[i] != designs[i].graded.level)
      missed.push_back(fmt::format("line {} (level {}, {}, graded {})", designs[i].line, designs[i].level,
                                   levelName(designs[i].graded.level), levelName(loo[i])));
  std::cout << (missed.empty() ? std::string("leave-one-out: every design graded as the file grades it\n")
                               : fmt::format("leave-one-out misgraded: {}\n", fmt::join(missed, "; ")));
  std::cout << (vm.count("out") != 0U ? fmt::format("wrote {}\n", vm["out"].as<std::string>())
                                      : std::string("(use --out GRADES to save the table)\n"));
  return 0;
}

}  // namespace piecework::cli

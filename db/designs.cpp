// SPDX-License-Identifier: Apache-2.0
#include "db/designs.hpp"

#include <fmt/chrono.h>
#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <chrono>

#include "db/catalog.hpp"
#include "db/catalog_reading.hpp"
#include "db/sqlite.hpp"
#include "db/stored_fields.hpp"
#include "disassembly/separation.hpp"
#include "puzzle/burrtools.hpp"
#include "puzzle/definition.hpp"
#include "puzzle/errors.hpp"
#include "puzzle/limits.hpp"

namespace piecework::db {
namespace {

constexpr int kBusyTimeoutMs = 60000;

const char* const kSelectDesigns =
    "SELECT id, name, file, problem, definition, groups, burrtools_counting, assemblies, solutions, level, "
    "grade, grade_table, added_at FROM designs ORDER BY id";
const char* const kFindDesign =
    "SELECT id FROM designs WHERE definition = ?1 AND groups = ?2 AND burrtools_counting = ?3 AND "
    "coalesce(grade_table, '') = ?4";
const char* const kInsertDesign =
    "INSERT INTO designs (name, file, problem, definition, groups, burrtools_counting, assemblies, "
    "solutions, "
    "level, grade, grade_table, added_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)";

std::string nowUtc() {
  const auto now = std::chrono::floor<std::chrono::seconds>(std::chrono::system_clock::now());
  return fmt::format("{:%Y-%m-%dT%H:%M:%SZ}", now);
}

std::string groupsText(const std::vector<int>& groups) {
  return nlohmann::json(groups).dump();
}

// The groups column: a JSON array of whole numbers from 0 to 10^6, or nullopt.
std::optional<std::vector<int>> parseGroups(const std::string& text) {
  const nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
  if (!j.is_array()) return std::nullopt;
  std::vector<int> groups;
  for (const auto& g : j) {
    if (!g.is_number_integer() || g.get<std::int64_t>() < 0 || g.get<std::int64_t>() > 1'000'000)
      return std::nullopt;
    groups.push_back(g.get<int>());
  }
  return groups;
}

InterlockGradeTable tableOf(const std::optional<std::string>& json, const std::string& where) {
  return json ? parseInterlockGradeTable(*json, where) : InterlockGradeTable{};
}

// The first difference between a stored design's figures and a fresh computation's, or nothing.
std::optional<std::string> figuresDiffer(const NewDesign& stored, const NewDesign& fresh) {
  if (stored.assemblies != fresh.assemblies)
    return fmt::format("assemblies {} stored, {} found taking it apart again", stored.assemblies,
                       fresh.assemblies);
  if (stored.solutions != fresh.solutions)
    return fmt::format("solutions {} stored, {} found taking it apart again", stored.solutions,
                       fresh.solutions);
  if (stored.level != fresh.level)
    return fmt::format("level {} stored, {} found taking it apart again", stored.level.value_or("none"),
                       fresh.level.value_or("none"));
  if (stored.grade != fresh.grade)
    return fmt::format("grade {} stored, {} by its level and grade table",
                       stored.grade ? levelName(*stored.grade) : "none",
                       fresh.grade ? levelName(*fresh.grade) : "none");
  return std::nullopt;
}

sqlite::Connection writeConnection(const std::string& catalogPath) {
  // Checked, created or migrated to a schema with the designs table first (db/catalog.hpp).
  { Catalog catalog(catalogPath, Catalog::Access::ReadWrite); }
  sqlite::Connection connection(catalogPath, SQLITE_OPEN_READWRITE);
  sqlite3_busy_timeout(connection.handle(), kBusyTimeoutMs);
  connection.exec("PRAGMA foreign_keys = ON");
  return connection;
}

// The id of the stored design with the same source and grade table, else 0; else inserts it.
AddedDesign insertOne(sqlite::Connection& connection, const NewDesign& d) {
  const std::string groups = groupsText(d.source.groups);
  {
    sqlite::Statement find(connection, kFindDesign);
    find.bind(1, d.source.definitionText)
        .bind(2, groups)
        .bind(3, d.source.burrToolsCounting ? 1 : 0)
        .bind(4, d.gradeTable.value_or(""));
    if (find.step()) return {find.getInt(0), false};
  }
  sqlite::Statement insert(connection, kInsertDesign);
  insert.bind(1, d.name).bind(2, d.file).bind(3, d.problem).bind(4, d.source.definitionText).bind(5, groups);
  insert.bind(6, d.source.burrToolsCounting ? 1 : 0)
      .bind(7, static_cast<std::int64_t>(d.assemblies))
      .bind(8, static_cast<std::int64_t>(d.solutions))
      .bind(9, d.level);
  if (d.grade)
    insert.bind(10, std::string(levelName(*d.grade)));
  else
    insert.bindNull(10);
  insert.bind(11, d.gradeTable).bind(12, d.addedAt.empty() ? nowUtc() : d.addedAt);
  insert.run();
  return {connection.lastInsertRowid(), true};
}

// Whole counts stored as SQLite integers from 0 to 2^63.
std::optional<std::uint64_t> count(const sqlite::Statement& row, int column) {
  if (!row.isInteger(column) || row.getInt(column) < 0) return std::nullopt;
  return static_cast<std::uint64_t>(row.getInt(column));
}

}  // namespace

NewDesign computeDesign(const std::string& name, const std::string& file, std::optional<int> problem,
                        DesignSource source, const InterlockGradeTable& table) {
  NewDesign d;
  d.name = name;
  d.file = file;
  d.problem = problem;
  const Puzzle puzzle = loadStoredDefinition(source.definitionText, name);
  const DesignLevels apart = disassembleDesign(puzzle, source);
  d.source = std::move(source);
  d.assemblies = apart.assemblies;
  d.solutions = apart.levels.size();
  if (!apart.levels.empty()) {
    d.level = apart.levels.front();
    d.grade = interlockGrade(levelNumbers(*d.level), table.starts);
  }
  if (table.name != InterlockGradeTable{}.name || table.starts != kInterlockGradeStarts)
    d.gradeTable = interlockGradeTableJson(table);
  return d;
}

NewDesign readAndComputeDesign(const std::string& argument, const InterlockGradeTable& table) {
  std::string file = argument;
  std::optional<int> problem;
  if (isBurrToolsPath(argument)) {
    const std::size_t hash = argument.find('#', argument.rfind(".xmpuzzle"));
    file = argument.substr(0, hash);
    const std::vector<BurrToolsProblem> problems = burrToolsProblems(file);
    problem = 1;
    if (hash != std::string::npos) {
      const std::string number = argument.substr(hash + 1);
      int n = 0;
      const auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), n);
      if (number.empty() || ec != std::errc() || end != number.data() + number.size() || n < 1)
        throw InputError(fmt::format("{}: '#{}' is not a problem number (#N, a whole number from 1)",
                                     argument, printableText(number)));
      if (static_cast<std::size_t>(n) > problems.size())
        throw InputError(fmt::format("{}: the file has {} problem{} (see 'piecework show {}')", argument,
                                     problems.size(), problems.size() == 1 ? "" : "s", file));
      problem = n;
    } else if (problems.empty()) {
      throw InputError(fmt::format("{}: the file has no problem", argument));
    }
  }
  const std::string path = problem ? fmt::format("{}#{}", file, *problem) : argument;
  DesignSource source = readDesignSource(path);
  const Puzzle puzzle = loadStoredDefinition(source.definitionText, path);
  return computeDesign(puzzle.name, file, problem, std::move(source), table);
}

AddedDesign addDesign(const std::string& catalogPath, const NewDesign& design) {
  sqlite::Connection connection = writeConnection(catalogPath);
  sqlite::Transaction transaction(connection);
  const AddedDesign added = insertOne(connection, design);
  transaction.commit();
  return added;
}

int addDesigns(const std::string& catalogPath, const std::vector<NewDesign>& designs) {
  if (designs.empty()) return 0;
  sqlite::Connection connection = writeConnection(catalogPath);
  sqlite::Transaction transaction(connection);
  int added = 0;
  for (const NewDesign& d : designs) added += insertOne(connection, d).added ? 1 : 0;
  transaction.commit();
  return added;
}

std::vector<StoredDesign> storedDesigns(const std::string& catalogPath) {
  const Catalog catalog(catalogPath, Catalog::Access::ReadOnly);  // the file's checks
  std::vector<StoredDesign> out;
  try {
    const sqlite::Connection connection = openCatalogForReading(catalogPath);
    {
      sqlite::Statement exists(
          connection, "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'designs'");
      if (!exists.step() || exists.getInt(0) == 0) return out;
    }
    sqlite::Statement query(connection, kSelectDesigns);
    while (query.step()) {
      StoredDesign row;
      row.id = query.getInt(0);
      const auto damaged = [&](const std::string& what) {
        if (row.readProblem.empty()) row.readProblem = what;
      };
      NewDesign& d = row.design;
      d.name = query.getText(1);
      d.file = query.getText(2);
      if (!query.isNull(3)) {
        if (!query.isInteger(3) || query.getInt(3) < 1 || query.getInt(3) > 1'000'000)
          damaged("its problem number is not a whole number from 1");
        else
          d.problem = static_cast<int>(query.getInt(3));
      }
      d.source.definitionText = query.getText(4);
      if (const auto groups = parseGroups(query.getText(5)))
        d.source.groups = *groups;
      else
        damaged("its groups are not a JSON array of whole numbers");
      if (!query.isInteger(6) || (query.getInt(6) != 0 && query.getInt(6) != 1))
        damaged("its burrtools_counting is not 0 or 1");
      d.source.burrToolsCounting = query.getInt(6) == 1;
      const auto assemblies = count(query, 7), solutions = count(query, 8);
      if (!assemblies || !solutions) damaged("its assemblies or solutions are not whole numbers");
      d.assemblies = assemblies.value_or(0);
      d.solutions = solutions.value_or(0);
      if (!query.isNull(9)) d.level = query.getText(9);
      if (!query.isNull(10)) {
        d.grade = query.isText(10) ? parseLevel(query.getText(10)) : std::nullopt;
        if (!d.grade) damaged("its grade is not a grade name");
      }
      if (!query.isNull(11)) d.gradeTable = query.getText(11);
      d.addedAt = query.getText(12);
      out.push_back(std::move(row));
    }
  } catch (const sqlite::SqliteError& e) {
    throw InputError(
        fmt::format("{}: not a piecework catalog or damaged (SQLite: {})", catalogPath, e.what()));
  }
  return out;
}

std::optional<std::string> quickDesignProblem(const StoredDesign& row) {
  if (!row.readProblem.empty()) return row.readProblem;
  const NewDesign& d = row.design;
  // (the definition is read by loading it, below: a definition has line breaks)
  for (const auto& [field, text] :
       {std::pair<const char*, const std::string*>{"name", &d.name}, {"file", &d.file}})
    if (const FieldProblem problem = textProblem(*text)) return fmt::format("{}: {}", field, *problem);
  if (const FieldProblem problem = createdProblem(d.addedAt)) return "added: " + *problem;
  if (d.level && !parseLevelText(*d.level))
    return fmt::format("level '{}' is not a level (whole numbers joined by dots)", printableText(*d.level));
  if ((d.solutions == 0) != !d.level || !d.level != !d.grade)
    return std::string(
        "solutions, level and grade disagree (a design that comes apart has all three, one that does not "
        "has solutions 0 and no level or grade)");
  if (d.solutions > d.assemblies) return std::string("more solutions than assemblies");
  InterlockGradeTable table;
  try {
    table = tableOf(d.gradeTable, "grade table");
  } catch (const InputError& e) {
    return std::string(e.what());
  }
  if (d.level && d.grade != interlockGrade(levelNumbers(*d.level), table.starts))
    return fmt::format("grade {} is not the grade of level {} by its grade table", levelName(*d.grade),
                       *d.level);
  try {
    const Puzzle puzzle = loadStoredDefinition(d.source.definitionText, d.name);
    if (puzzle.name != d.name)
      return fmt::format("name '{}' is not its definition's ('{}')", printableText(d.name), puzzle.name);
    if (!d.source.groups.empty() && d.source.groups.size() != puzzle.pieces.size())
      return fmt::format("{} groups for {} pieces", d.source.groups.size(), puzzle.pieces.size());
  } catch (const InputError& e) {
    return fmt::format("definition: {}", e.what());
  }
  return std::nullopt;
}

std::optional<std::string> fullDesignProblem(const StoredDesign& row) {
  if (auto problem = quickDesignProblem(row)) return problem;
  const NewDesign& d = row.design;
  try {
    const NewDesign fresh =
        computeDesign(d.name, d.file, d.problem, d.source, tableOf(d.gradeTable, "grade table"));
    return figuresDiffer(d, fresh);
  } catch (const InputError& e) {
    return std::string(e.what());
  }
}

std::string damagedDesignLine(const std::string& catalogPath, std::int64_t id, const std::string& problem) {
  return errorLine(fmt::format("{}: design {}: damaged row: {} (see 'piecework catalog check')", catalogPath,
                               id, problem));
}

nlohmann::ordered_json designRecord(const StoredDesign& row) {
  const NewDesign& d = row.design;
  nlohmann::ordered_json j;
  j["name"] = d.name;
  j["file"] = d.file;
  if (d.problem) j["problem"] = *d.problem;
  j["assemblies"] = d.assemblies;
  j["solutions"] = d.solutions;
  if (d.level) j["disassembly_level"] = *d.level;
  if (d.grade) j["level"] = levelName(*d.grade);
  if (d.gradeTable) j["grade_table"] = nlohmann::ordered_json::parse(*d.gradeTable);
  j["definition"] = d.source.definitionText;
  j["groups"] = d.source.groups;
  j["burrtools_counting"] = d.source.burrToolsCounting;
  j["added"] = d.addedAt;
  return {{"design", j}};
}

NewDesign readDesignRecord(const nlohmann::json& value, const std::string& where) {
  const auto fail = [&](const std::string& why) {
    return InputError(fmt::format("{}: design: {}", where, why));
  };
  if (!value.is_object()) throw fail("\"design\" is not a JSON object");
  const auto text = [&](const char* name, bool required) -> std::optional<std::string> {
    const auto it = value.find(name);
    if (it == value.end() || it->is_null()) {
      if (required) throw fail(fmt::format("missing \"{}\"", name));
      return std::nullopt;
    }
    if (!it->is_string()) throw fail(fmt::format("\"{}\" is not text", name));
    if (const FieldProblem problem = textProblem(it->get<std::string>());
        problem && std::string_view(name) != "definition")
      throw fail(fmt::format("\"{}\": {}", name, *problem));
    return it->get<std::string>();
  };
  const auto whole = [&](const char* name) -> std::optional<std::uint64_t> {
    const auto it = value.find(name);
    if (it == value.end() || it->is_null()) return std::nullopt;
    if (!it->is_number_unsigned() && !(it->is_number_integer() && it->get<std::int64_t>() >= 0))
      throw fail(fmt::format("\"{}\" is not a whole number", name));
    return it->get<std::uint64_t>();
  };
  StoredDesign stored;
  NewDesign& d = stored.design;
  d.name = *text("name", true);
  d.file = text("file", false).value_or("");
  if (const auto problem = whole("problem")) {
    if (*problem < 1 || *problem > 1'000'000) throw fail("\"problem\" is not a problem number from 1");
    d.problem = static_cast<int>(*problem);
  }
  d.source.definitionText = *text("definition", true);
  if (const auto it = value.find("groups"); it != value.end()) {
    const auto groups = parseGroups(it->dump());
    if (!groups) throw fail("\"groups\" is not an array of whole numbers");
    d.source.groups = *groups;
  }
  if (const auto it = value.find("burrtools_counting"); it != value.end()) {
    if (!it->is_boolean()) throw fail("\"burrtools_counting\" is not true or false");
    d.source.burrToolsCounting = it->get<bool>();
  }
  const auto assemblies = whole("assemblies"), solutions = whole("solutions");
  if (!assemblies || !solutions) throw fail("missing \"assemblies\" or \"solutions\"");
  d.assemblies = *assemblies;
  d.solutions = *solutions;
  d.level = text("disassembly_level", false);
  if (const auto grade = text("level", false)) {
    d.grade = parseLevel(*grade);
    if (!d.grade) throw fail(fmt::format("\"level\" '{}' is not a grade name", *grade));
  }
  if (const auto it = value.find("grade_table"); it != value.end() && !it->is_null())
    d.gradeTable =
        interlockGradeTableJson(parseInterlockGradeTable(it->dump(), where + ": design: grade_table"));
  d.addedAt = text("added", false).value_or("");
  if (d.addedAt.empty()) d.addedAt = nowUtc();
  if (const auto problem = fullDesignProblem(stored)) throw fail(*problem);
  return d;
}

}  // namespace piecework::db

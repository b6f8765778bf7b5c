// SPDX-License-Identifier: Apache-2.0
// Interlocking designs in the catalog (docs/catalog.md, "Designs"): burrs, boxes and other puzzles that come
// apart, each stored with the source it was taken apart from and what `rate --disassemble` found (its
// assemblies, its solutions: the assemblies that come apart, the level of the hardest and its grade). The
// `designs` table is part of the schema from version 5 (db/catalog.cpp's migrations): an older catalog gains
// it when opened for writing, and reads as having no designs until then.
//
// A stored level is always one computed here from the stored source: add-design and import take the design
// apart before they store it, and `catalog check` takes every stored design apart again.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "disassembly/design_levels.hpp"
#include "rater/interlock_grade.hpp"
#include "rater/rater.hpp"

namespace piecework::db {

// A design as computed (and stored).
struct NewDesign {
  std::string name;            // the definition's name
  std::string file;            // the file it was read from, as named (without a BurrTools #N)
  std::optional<int> problem;  // the problem of a BurrTools file (#N, from 1); none for a definition
  DesignSource source;
  std::uint64_t assemblies = 0;
  std::uint64_t solutions = 0;       // assemblies that come apart; 0: no level, no grade
  std::optional<std::string> level;  // the hardest solution's level
  std::optional<Level> grade;
  std::optional<std::string> gradeTable;  // the table's JSON when not the fixed one
  std::string addedAt;                    // ISO 8601 UTC; empty: now
};

struct StoredDesign {
  std::int64_t id = 0;
  NewDesign design;
  // Empty when the row reads as the schema says, else what is wrong with it (the quick check names it).
  std::string readProblem;
};

// Takes the design apart as `rate --disassemble` does and grades its hardest level by `table`. Throws
// InputError for a grid the disassembler does not take.
NewDesign computeDesign(const std::string& name, const std::string& file, std::optional<int> problem,
                        DesignSource source, const InterlockGradeTable& table);

// The design FILE[#N] names (`#N`: the problem number of a BurrTools file, a whole number from 1), computed
// (computeDesign). Throws InputError (one line) for a missing file, another #N, a problem the file does not
// have, a file that is not a definition nor a BurrTools file, and a grid the disassembler does not take.
NewDesign readAndComputeDesign(const std::string& argument, const InterlockGradeTable& table);

struct AddedDesign {
  std::int64_t id = 0;
  bool added = false;  // false: the catalog held this design (same source and grade table) already
};

// Stores `design` in the catalog at `catalogPath` (created or migrated as for challenges), one transaction;
// a design stored before (same definition, groups, counting and grade table) is not stored again.
AddedDesign addDesign(const std::string& catalogPath, const NewDesign& design);
// Stores several in one transaction; returns how many were new.
int addDesigns(const std::string& catalogPath, const std::vector<NewDesign>& designs);

// Every stored design in id order; none when the catalog's schema is older than version 5.
std::vector<StoredDesign> storedDesigns(const std::string& catalogPath);

// What is wrong with a stored design without taking it apart (its read problem, its texts, the level's form,
// the grade against the level and the table, the source loads), or nothing. Words follow "design ID: ".
std::optional<std::string> quickDesignProblem(const StoredDesign& row);
// The quick problem, or else the design taken apart again from its stored source disagrees with the row.
std::optional<std::string> fullDesignProblem(const StoredDesign& row);
// "FILE: design ID: damaged row: PROBLEM (see 'piecework catalog check')".
std::string damagedDesignLine(const std::string& catalogPath, std::int64_t id, const std::string& problem);

// The export line of a design ({"design": {...}}), and the design such a line holds, checked against a fresh
// disassembly (throws InputError naming `where` when a field is wrong or the stored figures are not the
// computed ones).
nlohmann::ordered_json designRecord(const StoredDesign& row);
NewDesign readDesignRecord(const nlohmann::json& value, const std::string& where);

}  // namespace piecework::db

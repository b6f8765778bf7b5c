// SPDX-License-Identifier: Apache-2.0
// Every command's --json output against docs/json.md: each field it prints is documented for that command
// with the type it has, and each field the document calls "always" is there. The tables are read from the
// document itself, so the document and the program cannot drift apart unnoticed.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "support/json_lines.hpp"
#include "support/run.hpp"
#include "support/temp_dir_test.hpp"

namespace {

using nlohmann::json;
using piecework::test::jsonLines;
using piecework::test::runPiecework;
using piecework::test::tempDir;

struct DocumentedField {
  std::string type;  // string, integer, number, boolean, array, object; "X or null"
  bool always = false;
};
using FieldTable = std::map<std::string, DocumentedField>;

// The tables of docs/json.md, by section heading ("### generate" -> "generate").
std::map<std::string, FieldTable> documentedTables() {
  std::ifstream in(std::string(PIECEWORK_SOURCE_DIR) + "/docs/json.md");
  std::map<std::string, FieldTable> tables;
  std::string line, section;
  const std::regex row(R"(^\| `([a-z_]+)` \| ([a-z ]+) \| ([^|]+) \|)");
  while (std::getline(in, line)) {
    if (line.rfind("### ", 0) == 0) section = line.substr(4);
    std::smatch m;
    if (!section.empty() && std::regex_search(line, m, row))
      tables[section][m[1]] = DocumentedField{m[2], m[3] == "always "};
  }
  return tables;
}

bool hasType(const json& value, const std::string& type) {
  const std::string orNull = " or null";
  if (type.size() > orNull.size() && type.ends_with(orNull))
    return value.is_null() || hasType(value, type.substr(0, type.size() - orNull.size()));
  if (type == "string") return value.is_string();
  if (type == "integer") return value.is_number_integer();
  if (type == "number") return value.is_number();
  if (type == "boolean") return value.is_boolean();
  if (type == "array") return value.is_array();
  if (type == "object") return value.is_object();
  ADD_FAILURE() << "docs/json.md: unknown type '" << type << "'";
  return false;
}

void checkAgainst(const FieldTable& table, const json& object, const std::string& what) {
  ASSERT_TRUE(object.is_object()) << what << ": " << object;
  for (const auto& [key, value] : object.items()) {
    const auto it = table.find(key);
    if (it == table.end()) {
      ADD_FAILURE() << what << ": field '" << key << "' is not in docs/json.md";
      continue;
    }
    EXPECT_TRUE(hasType(value, it->second.type))
        << what << ": '" << key << "' is " << value << ", documented as " << it->second.type;
  }
  for (const auto& [key, field] : table) {
    if (field.always) {
      EXPECT_TRUE(object.contains(key)) << what << ": the 'always' field '" << key << "' is missing";
    }
  }
}

const char* const kIqFitChallenge = "'bbbbllpppp/byyyylpp../gggyyl..../igssss..../iiiss.....'";

TEST(JsonOutput, EveryCommandPrintsWhatDocsJsonSays) {
  const auto tables = documentedTables();
  ASSERT_GE(tables.size(), 14U) << "docs/json.md: a table per command";
  const std::string dir = tempDir();
  const std::string db = " --db '" + dir + "/c.sqlite'";
  const std::string fit = std::string(" ") + kIqFitChallenge;
  // Two cubes that slide apart (a solution of level 1) and a ring with a Z through it (none comes apart).
  std::ofstream(dir + "/apart.toml") << "name = \"apart\"\nlattice = \"cubic\"\nboard = \"..\"\n\n[[piece]]\n"
                                        "letter = \"A\"\nmoves = \"turn\"\ncubes = [[0, 0, 0]]\n\n[[piece]]\n"
                                        "letter = \"B\"\nmoves = \"turn\"\ncubes = [[0, 0, 0]]\n";
  std::ofstream(dir + "/locked.toml")
      << "name = \"locked\"\nlattice = \"cubic\"\nboard = \"###/..#/###|.../.../...|###/#../###\"\n\n"
         "[[piece]]\nletter = \"A\"\nmoves = \"turn\"\nshape = \"###/#.#/###\"\n\n[[piece]]\nletter = \"Z\"\n"
         "moves = \"turn\"\ncubes = [[0, 0, 0], [1, 0, 0], [1, 0, 1], [1, 0, 2], [2, 0, 2]]\n";
  std::ofstream(dir + "/two.txt") << "bbbbllpppp/byyyylpp../gggyyl..../igssss..../iiiss.....\n"
                                  << "pp.....srr/pp..ii.ssr/.p..ii.ssr/.p..i..snr/.......nnn\n";
  // Command, the docs/json.md section it prints, and how many JSON objects at least.
  const std::vector<std::pair<std::string, std::string>> runs = {
      {"show iq-link --json", "show"},
      {"count soma --json", "count"},
      {"solve iq-fit --json --challenge" + fit, "solve"},
      {"rate iq-fit --json --challenge" + fit, "rate"},
      {"rate iq-fit --json --challenge-file '" + dir + "/two.txt'", "rate"},
      {"generate iq-fit --level Junior --count 2 --seed 3 --json" + db, "generate"},
      {"hint iq-fit --json --challenge" + fit, "hint"},
      {"sheet iq-fit --json --solution --out '" + dir + "/s.svg' --challenge" + fit, "sheet"},
      {"sheet iq-fit --json --out '" + dir + "/t.svg' --challenge" + fit, "sheet"},
      {"sheet iq-fit --json --explain --out '" + dir + "/w.pdf' --challenge '" + piecework::test::kFitUnique +
           "'",
       "sheet"},
      {"census pentominoes-3x20 --json", "census"},
      {"catalog list --json" + db, "catalog list, catalog show, catalog export"},
      {"catalog show 1 --json" + db, "catalog list, catalog show, catalog export"},
      {"catalog export --json" + db, "catalog list, catalog show, catalog export"},
      {"catalog rate --all --json" + db, "catalog rate"},
      {"catalog check --json" + db, "catalog check"},
      {"catalog stats --json" + db, "catalog stats"},
      {"catalog stats --json --out '" + dir + "/stats.svg'" + db, "catalog stats"},
      {"solve pentominoes-3x20 --jsonl", "solve --jsonl"},
      {"solve pentominoes-3x20 --jsonl --distinct --max 1", "solve --jsonl"},
      {"booklet --json --out '" + dir + "/b.pdf'" + db, "booklet"},
      {"rate '" + dir + "/apart.toml' --disassemble --json", "rate --disassemble"},
      {"rate '" + dir + "/locked.toml' --disassemble --json", "rate --disassemble"},
      {"convert soma '" + dir + "/s.xmpuzzle' --json", "convert"},
      {"convert '" + dir + "/apart.toml' '" + dir + "/apart.xmpuzzle' --disassemble --json", "convert"},
      {"show '" + dir + "/s.xmpuzzle' --json", "show"},
      {"count '" + dir + "/s.xmpuzzle' --json", "count"},
      {std::string("calibrate iq-fit --json ") + PIECEWORK_SOURCE_DIR +
           "/data/calibration/iq-fit-booklet.jsonl",
       "calibrate"},
      {std::string("calibrate iq-fit --agreement --json ") + PIECEWORK_SOURCE_DIR +
           "/data/calibration/iq-fit-booklet.jsonl",
       "calibrate"},
  };
  for (const auto& [command, section] : runs) {
    SCOPED_TRACE(command);
    ASSERT_TRUE(tables.contains(section)) << "docs/json.md has no '### " << section << "'";
    const auto r = runPiecework(command);
    ASSERT_EQ(r.status, 0) << r.err;
    const std::vector<json> objects = jsonLines(r.out);
    ASSERT_FALSE(objects.empty());
    for (const json& object : objects) checkAgainst(tables.at(section), object, command);
  }
  // count --jsonl: progress lines by their own table, the summary line by count's.
  const auto stream = runPiecework("count soma --jsonl --threads 2");
  ASSERT_EQ(stream.status, 0) << stream.err;
  const std::vector<json> lines = jsonLines(stream.out);
  ASSERT_GE(lines.size(), 2U) << "a progress line for the last job, then the summary";
  for (std::size_t i = 0; i < lines.size(); ++i)
    checkAgainst(tables.at(i + 1 == lines.size() ? "count" : "count --jsonl"), lines[i], "count --jsonl");
  const auto puzzles = runPiecework("puzzles --json");
  ASSERT_EQ(puzzles.status, 0) << puzzles.err;
  ASSERT_TRUE(tables.contains("puzzles"));
  for (const json& item : json::parse(puzzles.out))
    checkAgainst(tables.at("puzzles"), item, "puzzles --json");
}

// sheet --explain --model heads the walk-through with the level that model gives, as rate --model does.
TEST(JsonOutput, WalkThroughLevelByTheModelGiven) {
  const std::string dir = tempDir();
  const std::string model = dir + "/m.json";
  ASSERT_EQ(
      runPiecework(std::string("calibrate iq-fit ") + PIECEWORK_SOURCE_DIR +
                   "/data/calibration/iq-fit-booklet.jsonl --features to_place --penalty 0 --out " + model)
          .status,
      0);
  // A challenge the two models grade differently (Junior by the shipped one, Expert by pieces to place).
  const std::string challenge = " --challenge 'pp.bbbbs../pp.b...ss./.p.....ss./.p.g...s../..ggg.....'";
  std::vector<json> levels;
  for (const std::string& withModel : {std::string(), " --model " + model}) {
    const auto rated = runPiecework("rate iq-fit --json" + challenge + withModel);
    ASSERT_EQ(rated.status, 0) << rated.err;
    levels.push_back(json::parse(rated.out).at("level"));
    const auto sheet =
        runPiecework("sheet iq-fit --explain --json --out '" + dir + "/w.svg'" + challenge + withModel);
    ASSERT_EQ(sheet.status, 0) << sheet.err;
    EXPECT_EQ(json::parse(sheet.out).at("level"), levels.back()) << withModel;
  }
  EXPECT_NE(levels.front(), levels.back()) << "the test needs a challenge the two models grade differently";
}

// A file name that is not UTF-8 (Latin-1 from an old disk) is printed with U+FFFD, in valid JSON, and the
// command succeeds: it used to write the file, then fail (exit 1) printing the summary.
TEST(JsonOutput, FileNamesThatAreNotUtf8) {
  const std::string dir = tempDir();
  const std::string latin1 = "'" + dir + "/caf'$(printf '\\351')";
  for (const std::string& command :
       {"sheet iq-fit --json --out " + latin1 + ".svg --challenge " + kIqFitChallenge,
        "convert soma " + latin1 + ".toml --json"}) {
    SCOPED_TRACE(command);
    const auto r = runPiecework(command);
    ASSERT_EQ(r.status, 0) << r.err;
    const std::vector<json> objects = jsonLines(r.out);
    ASSERT_EQ(objects.size(), 1U) << r.out;
    EXPECT_NE(objects.front().at("file").get<std::string>().find("/caf\xef\xbf\xbd."), std::string::npos)
        << objects.front();
  }
}

// The older names docs/json.md keeps for scripts ("Older names kept for scripts") say what their new names
// say: a catalog line's `unlinked` is the opposite of `linked` for IQ-Link and false with it for a puzzle
// without the linkage rule; hint's and sheet's `unique` is `status == "unique"`.
TEST(JsonOutput, OlderNamesAgreeWithTheNamesBesideThem) {
  const std::string dir = tempDir();
  const std::string db = " --db '" + dir + "/c.sqlite'";
  // An IQ-Link challenge (generate iq-link --level Junior --seed 3) stored under the linkage rule and without
  // it (two catalog entries), and an IQ Fit one (IQ Fit has no linkage rule): one solution with b, g and i
  // taken out.
  const std::string link = R"({"puzzle":"iq-link","challenge":"UADOBDBEEKFESICIJHVKCPLC",)"
                           R"("solution":"UADOBDDCDGDHBEEKFERGCFHESICIJHVKCPLC")";
  std::ofstream(dir + "/in.jsonl") << link << "}\n"
                                   << link << R"(,"unlinked":true})"
                                   << "\n"
                                   << R"({"puzzle":"iq-fit","challenge":"....llpppp/.yyyylpprr/...yylnnnr/)"
                                      R"(..ssssnonr/...ssoooor"})"
                                   << "\n";
  const auto imported = runPiecework("catalog import '" + dir + "/in.jsonl'" + db);
  ASSERT_EQ(imported.status, 0) << imported.err;
  for (const std::string command : {"catalog list --json", "catalog export", "catalog show 1 --json",
                                    "catalog show 2 --json", "catalog show 3 --json"}) {
    SCOPED_TRACE(command);
    const auto r = runPiecework(command + db);
    ASSERT_EQ(r.status, 0) << r.err;
    std::map<std::string, int> linkedByPuzzle;  // puzzle -> lines with `linked`
    for (const json& line : jsonLines(r.out)) {
      ASSERT_TRUE(line.at("linked").is_boolean()) << line;
      ASSERT_TRUE(line.at("unlinked").is_boolean()) << line;
      if (line.at("puzzle") == "iq-link") {
        EXPECT_NE(line.at("linked"), line.at("unlinked")) << line;
      } else {
        EXPECT_EQ(line.at("puzzle"), "iq-fit");
        EXPECT_EQ(line.at("linked"), false) << line;
        EXPECT_EQ(line.at("unlinked"), false) << line;
      }
      if (line.at("linked") == true) ++linkedByPuzzle[line.at("puzzle").get<std::string>()];
    }
    if (command == "catalog list --json" || command == "catalog export") {
      EXPECT_EQ(jsonLines(r.out).size(), 3U);
      EXPECT_EQ(linkedByPuzzle["iq-link"], 1);  // the first line, imported under the linkage rule
      EXPECT_EQ(linkedByPuzzle["iq-fit"], 0);
    }
  }

  // The IQ Fit challenge above (the catalog admits only challenges with one solution) and kIqFitChallenge.
  const std::string unique = "'....llpppp/.yyyylpprr/...yylnnnr/..ssssnonr/...ssoooor'";
  for (const std::string& challenge : {unique, std::string(kIqFitChallenge)}) {
    SCOPED_TRACE(challenge);
    for (const std::string& command :
         {"hint iq-fit --json --challenge " + challenge,
          "sheet iq-fit --json --solution --out '" + dir + "/s.svg' --challenge " + challenge}) {
      const auto r = runPiecework(command);
      ASSERT_EQ(r.status, 0) << command << ": " << r.err;
      const json out = json::parse(r.out);
      EXPECT_EQ(out.at("unique"), out.at("status") == "unique") << command << ": " << out;
      if (challenge == unique) {
        EXPECT_EQ(out.at("status"), "unique") << command;
      }
    }
  }
}

// The seed a script reads back is the seed, and makes the same challenge again.
TEST(JsonOutput, ASeedReadBackAsTextMakesTheSameChallenge) {
  const auto batch = runPiecework("generate iq-fit --level Expert --count 3 --seed 5 --json --quiet");
  ASSERT_EQ(batch.status, 0) << batch.err;
  for (const json& line : jsonLines(batch.out)) {
    const std::string seed = line.at("seed");
    const auto again = runPiecework("generate iq-fit --level Expert --json --challenge-seed " + seed);
    ASSERT_EQ(again.status, 0) << again.err;
    EXPECT_EQ(json::parse(again.out).at("challenge"), line.at("challenge")) << seed;
  }
}

}  // namespace

// SPDX-License-Identifier: Apache-2.0
#include "db/playtests.hpp"

#include <fmt/format.h>

#include <cmath>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <variant>

#include "db/catalog.hpp"
#include "db/sqlite.hpp"
#include "db/stored_check.hpp"
#include "puzzle/challenge.hpp"
#include "puzzle/errors.hpp"

namespace piecework::db {
namespace {

constexpr double kMaxSeconds = 24 * 3600;  // a day: longer is a page left open, not an attempt
constexpr int kMaxCount = 1000000;

// Finds a line's challenge in the catalog: by id, or by its puzzle and text (a page made from a challenge
// given on the command line has no id).
class ChallengeLookup {
 public:
  ChallengeLookup(const Catalog& catalog, std::string path) : catalog_(catalog), puzzles_(std::move(path)) {}

  // The challenge's id, or an error message.
  std::variant<std::int64_t, std::string> find(const std::optional<std::int64_t>& id,
                                               const std::string& puzzle, const std::string& text) {
    if (id) {
      ChallengeFilter filter;
      filter.id = *id;
      const auto rows = catalog_.challengesById(filter);
      if (rows.empty()) return fmt::format("challenge {} is not in the catalog", *id);
      if (rows.front().puzzleName != puzzle)
        return fmt::format("challenge {} is a challenge of {}, not of {}", *id, rows.front().puzzleName,
                           puzzle);
      if (!text.empty() && rows.front().challengeText != text)
        return fmt::format("challenge {} is not the challenge \"{}\" the line names", *id, text);
      return *id;
    }
    if (!rowsOf_.contains(puzzle)) {
      ChallengeFilter filter;
      filter.puzzles = {puzzle};
      rowsOf_[puzzle] = catalog_.challengesById(filter);
    }
    for (const StoredChallenge& row : rowsOf_[puzzle])
      if (row.challengeText == text) return row.id;
    for (const StoredChallenge& row : rowsOf_[puzzle]) {
      try {
        const Puzzle& p = puzzles_.of(row);
        if (canonicalKey(p, parseChallengeText(p, text)) == row.canonicalKey) return row.id;
      } catch (const InputError&) {
        // a text that is no challenge of this definition names none of its rows
      }
    }
    return fmt::format("the catalog holds no {} challenge \"{}\"", puzzle, text);
  }

 private:
  const Catalog& catalog_;
  StoredPuzzles puzzles_;
  std::map<std::string, std::vector<StoredChallenge>> rowsOf_;
};

std::optional<std::string> textField(const nlohmann::json& line, const char* name) {
  const auto it = line.find(name);
  if (it == line.end() || !it->is_string()) return std::nullopt;
  return it->get<std::string>();
}

// A whole count from 0 to kMaxCount, or nullopt.
std::optional<int> countField(const nlohmann::json& line, const char* name) {
  const auto it = line.find(name);
  if (it == line.end() || !it->is_number_integer()) return std::nullopt;
  const auto value = it->get<std::int64_t>();
  if (value < 0 || value > kMaxCount) return std::nullopt;
  return static_cast<int>(value);
}

// The attempt on one line, or the reason it is not one.
std::variant<PlaytestAttempt, std::string> readLine(const std::string& text, ChallengeLookup& lookup) {
  const nlohmann::json line = nlohmann::json::parse(text, nullptr, false);
  if (line.is_discarded()) return std::string("not JSON");
  if (!line.is_object()) return std::string("not a JSON object");
  const auto puzzle = textField(line, "puzzle"), challenge = textField(line, "challenge");
  if (!puzzle) return std::string("missing \"puzzle\"");
  std::optional<std::int64_t> id;
  if (const auto it = line.find("challenge_id"); it != line.end() && !it->is_null()) {
    if (!it->is_number_integer()) return std::string("\"challenge_id\" is not a whole number");
    id = it->get<std::int64_t>();
  }
  if (!id && !challenge) return std::string("missing \"challenge_id\" and \"challenge\"");
  PlaytestAttempt attempt;
  const auto tester = textField(line, "tester"), start = textField(line, "start"),
             end = textField(line, "end");
  if (!tester || tester->empty()) return std::string("missing \"tester\"");
  if (!start || start->empty() || !end || end->empty()) return std::string("missing \"start\" or \"end\"");
  const auto seconds = line.find("seconds");
  if (seconds == line.end() || !seconds->is_number()) return std::string("missing \"seconds\"");
  attempt.seconds = seconds->get<double>();
  if (!std::isfinite(attempt.seconds) || attempt.seconds < 0)
    return fmt::format("\"seconds\" {}: a time cannot be negative", seconds->dump());
  if (attempt.seconds > kMaxSeconds)
    return fmt::format("\"seconds\" {}: more than a day is a page left open, not an attempt",
                       seconds->dump());
  if (*end < *start) return std::string("\"end\" is before \"start\"");
  const auto moves = countField(line, "moves"), undos = countField(line, "undos"),
             hints = countField(line, "hints");
  if (!moves || !undos || !hints)
    return fmt::format("\"moves\", \"undos\" and \"hints\" must be whole numbers from 0 to {}", kMaxCount);
  const auto outcome = textField(line, "outcome");
  if (!outcome || (*outcome != "solved" && *outcome != "gave up"))
    return std::string("\"outcome\" must be \"solved\" or \"gave up\"");
  const auto found = lookup.find(id, *puzzle, challenge.value_or(""));
  if (const auto* why = std::get_if<std::string>(&found)) return *why;
  attempt.challengeId = std::get<std::int64_t>(found);
  attempt.tester = *tester;
  attempt.startedAt = *start;
  attempt.endedAt = *end;
  attempt.moves = *moves;
  attempt.undos = *undos;
  attempt.hints = *hints;
  attempt.solved = *outcome == "solved";
  return attempt;
}

}  // namespace

PlaytestImport importPlaytests(const std::string& catalogPath, const std::string& fileName,
                               const std::string& text, std::vector<PlaytestFault>& faults) {
  if (!Catalog::holdsCatalog(catalogPath))
    throw InputError(fmt::format("{}: no catalog here to tie the attempts to", catalogPath));
  // Checked, and migrated to a schema with the playtests table, before anything is read.
  Catalog catalog(catalogPath, Catalog::Access::ReadWrite);
  ChallengeLookup lookup(catalog, catalogPath);
  std::vector<PlaytestAttempt> attempts;
  std::size_t begin = 0;
  for (int number = 1; begin < text.size(); ++number) {
    std::size_t end = text.find('\n', begin);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(begin, end - begin);
    begin = end + 1;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.find_first_not_of(" \t") == std::string::npos) continue;
    auto read = readLine(line, lookup);
    if (const auto* why = std::get_if<std::string>(&read))
      faults.push_back({fmt::format("{}:{}: {}", fileName, number, *why)});
    else
      attempts.push_back(std::get<PlaytestAttempt>(std::move(read)));
  }
  PlaytestImport result;
  result.lines = static_cast<int>(attempts.size());
  if (!faults.empty()) return result;
  if (attempts.empty()) throw InputError(fmt::format("{}: no attempts in the file", fileName));
  sqlite::Connection connection(catalogPath, SQLITE_OPEN_READWRITE);
  sqlite3_busy_timeout(connection.handle(), 60000);
  sqlite::Transaction transaction(connection);
  sqlite::Statement insert(
      connection,
      "INSERT INTO playtests (challenge_id, tester, started_at, ended_at, seconds, moves, "
      "undos, hints, solved) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) "
      "ON CONFLICT (challenge_id, tester, started_at) DO NOTHING");
  for (const PlaytestAttempt& a : attempts) {
    insert.reset();
    insert.bind(1, a.challengeId)
        .bind(2, a.tester)
        .bind(3, a.startedAt)
        .bind(4, a.endedAt)
        .bind(5, a.seconds);
    insert.bind(6, a.moves).bind(7, a.undos).bind(8, a.hints).bind(9, a.solved ? 1 : 0);
    insert.run();
    if (connection.changes() > 0)
      ++result.added;
    else
      ++result.already;
  }
  transaction.commit();
  return result;
}

std::vector<StoredPlaytest> storedPlaytests(const std::string& catalogPath, const std::string& puzzleName) {
  const Catalog catalog(catalogPath, Catalog::Access::ReadOnly);  // the file's checks
  sqlite::Connection connection(catalogPath, SQLITE_OPEN_READONLY);
  std::vector<StoredPlaytest> out;
  {
    sqlite::Statement exists(
        connection, "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'playtests'");
    if (!exists.step() || exists.getInt(0) == 0) return out;
  }
  sqlite::Statement query(
      connection,
      "SELECT t.challenge_id, t.tester, t.started_at, t.ended_at, t.seconds, t.moves, t.undos, "
      "t.hints, t.solved, p.name, c.challenge, c.score, c.level FROM playtests t "
      "JOIN challenges c ON c.id = t.challenge_id JOIN puzzles p ON p.id = c.puzzle_id "
      "WHERE ? = '' OR p.name = ? ORDER BY t.challenge_id, t.started_at, t.tester");
  query.bind(1, puzzleName).bind(2, puzzleName);
  while (query.step()) {
    StoredPlaytest row;
    row.attempt.challengeId = query.getInt(0);
    row.attempt.tester = query.getText(1);
    row.attempt.startedAt = query.getText(2);
    row.attempt.endedAt = query.getText(3);
    row.attempt.seconds = query.getDouble(4);
    row.attempt.moves = static_cast<int>(query.getInt(5));
    row.attempt.undos = static_cast<int>(query.getInt(6));
    row.attempt.hints = static_cast<int>(query.getInt(7));
    row.attempt.solved = query.getInt(8) != 0;
    row.puzzleName = query.getText(9);
    row.challengeText = query.getText(10);
    row.score = query.getDouble(11);
    row.level = query.getText(12);
    out.push_back(std::move(row));
  }
  return out;
}

}  // namespace piecework::db

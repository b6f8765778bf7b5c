// SPDX-License-Identifier: Apache-2.0
#include "db/stored_fields.hpp"

#include <fmt/format.h>

#include "db/catalog.hpp"
#include "generator/generated.hpp"
#include "puzzle/errors.hpp"
#include "puzzle/limits.hpp"
#include "rater/rater.hpp"

namespace piecework::db {

namespace {

// The number written by the `digits` characters at `at` (all of them ASCII digits), or -1.
int digitsAt(const std::string& text, std::size_t at, std::size_t digits) {
  int value = 0;
  for (std::size_t i = at; i < at + digits; ++i) {
    if (text[i] < '0' || text[i] > '9') return -1;
    value = value * 10 + (text[i] - '0');
  }
  return value;
}

int daysInMonth(int year, int month) {
  static constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
  return month == 2 && leap ? 29 : kDays[month - 1];
}

}  // namespace

FieldProblem textProblem(const std::string& text) {
  for (std::size_t i = 0; i < text.size();) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if (byte >= 0x20 && byte < 0x7F) {
      ++i;
      continue;
    }
    // (errorLine's test of a printable character: C1 controls are out too)
    const std::size_t length = byte >= 0x80 ? printableSequence(std::string_view(text).substr(i)) : 0;
    if (length == 0) return "is not UTF-8 text without control characters";
    i += length;
  }
  return std::nullopt;
}

FieldProblem createdProblem(const std::string& text) {
  if (auto problem = textProblem(text)) return problem;
  const std::string expected = "a UTC date and time YYYY-MM-DDTHH:MM:SSZ or a date YYYY-MM-DD";
  const auto notDate = [&] {
    return text.size() <= 40 ? fmt::format("'{}' is not {}", text, expected)
                             : fmt::format("is not {}", expected);
  };
  if (text.size() != 10 && text.size() != 20) return notDate();
  if (text[4] != '-' || text[7] != '-') return notDate();
  const int year = digitsAt(text, 0, 4), month = digitsAt(text, 5, 2), day = digitsAt(text, 8, 2);
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return notDate();
  if (text.size() == 10) return std::nullopt;
  if (text[10] != 'T' || text[13] != ':' || text[16] != ':' || text[19] != 'Z') return notDate();
  const int hour = digitsAt(text, 11, 2), minute = digitsAt(text, 14, 2), second = digitsAt(text, 17, 2);
  if (hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59) return notDate();
  return std::nullopt;
}

FieldProblem raterVersionProblem(long long version) {
  // (0: older than every rater, a grade to redo: `catalog rate` regrades it)
  if (version >= 0 && version <= kRaterVersion) return std::nullopt;
  return fmt::format("{} is not a rater this piecework knows (0 to {})", version, kRaterVersion);
}

FieldProblem generatorVersionProblem(long long version) {
  if (version >= 1 && version <= kGeneratorVersion) return std::nullopt;
  return fmt::format("{} is not a generator this piecework knows (1 to {})", version, kGeneratorVersion);
}

FieldProblem strategiesProblem(const nlohmann::json& strategies) {
  if (!strategies.is_object()) return std::string("must be a JSON object (strategy -> times used)");
  for (const auto& [strategy, count] : strategies.items())
    if (!count.is_number_integer()) return std::string("must map each strategy to a count");
  return std::nullopt;
}

FieldProblem puzzleNameProblem(const std::string& name, const Puzzle& loaded) {
  if (name == loaded.name) return std::nullopt;
  return std::string("is not the name its definition gives");
}

FieldProblem definitionProblem(const std::string& text, const std::string& hash) {
  if (definitionHash(text) == hash) return std::nullopt;
  return std::string("its text does not match its stored hash");
}

FieldProblem canonicalKeyProblem(const Puzzle& puzzle, const Challenge& challenge, const std::string& key) {
  if (canonicalKey(puzzle, challenge) == key) return std::nullopt;
  return std::string(
      "is not the challenge's own (the key of its smallest symmetric image), so the catalog would store the "
      "same challenge again");
}

FieldProblem solutionProblem(const Puzzle& puzzle, const Challenge& challenge, const std::string& text,
                             std::vector<int>& placements) {
  if (text.empty()) return std::string("is empty (a stored challenge keeps its one solution)");
  std::vector<int> solution;
  try {
    solution = parseChallenge(puzzle, text);
  } catch (const InputError& e) {
    return std::string(e.what());
  }
  if (static_cast<int>(solution.size()) != puzzle.totalPieces())
    return fmt::format("places {} pieces, the puzzle has {}", solution.size(), puzzle.totalPieces());
  // Compared cell by cell, piece by piece: identical copies of a piece share a letter, so a picture does not
  // say which copy is which, and the same cells may split into copies in more than one way.
  const std::vector<int> solutionPieces = pieceOnSite(puzzle, solution);
  const std::vector<int> givenPieces = pieceOnSite(puzzle, challenge.givens);
  for (std::size_t site = 0; site < givenPieces.size(); ++site)
    if (givenPieces[site] >= 0 && solutionPieces[site] != givenPieces[site])
      return std::string("does not contain every given piece where the challenge has it");
  placements = std::move(solution);
  return std::nullopt;
}

}  // namespace piecework::db

// SPDX-License-Identifier: Apache-2.0
#include "rater/interlock_grade.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <utility>

#include "puzzle/errors.hpp"

namespace piecework {

Level interlockGrade(const std::vector<int>& levelNumbers, const InterlockGradeStarts& starts) {
  const int first = levelNumbers.empty() ? 0 : levelNumbers.front();
  int grade = 0;
  for (int k = 1; k < static_cast<int>(starts.size()); ++k)
    if (first >= starts[static_cast<std::size_t>(k)]) grade = k;
  return static_cast<Level>(grade);
}

std::optional<std::vector<int>> parseLevelText(std::string_view text) {
  std::vector<int> out;
  std::size_t i = 0;
  while (true) {
    long long value = 0;
    const std::size_t start = i;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9' && i - start < 10)
      value = value * 10 + (text[i++] - '0');
    if (i == start || value > 1'000'000'000) return std::nullopt;
    out.push_back(static_cast<int>(value));
    if (i == text.size()) return out;
    if (text[i++] != '.') return std::nullopt;
  }
}

namespace {

// (misgraded designs, distance from the fixed table), compared in that order.
using Cost = std::pair<long long, long long>;
Cost operator+(Cost a, Cost b) {
  return {a.first + b.first, a.second + b.second};
}
Cost operator-(Cost a, Cost b) {
  return {a.first - b.first, a.second - b.second};
}

// The starts worth trying: between two neighbouring move counts of the designs every start grades them
// alike, and the one nearest a fixed start is that start or an end of the gap; so 1, each count, one past
// it, and the fixed starts. Sorted, without repeats.
std::vector<int> candidateStarts(const std::vector<GradedLevel>& graded) {
  std::vector<int> out(kInterlockGradeStarts.begin(), kInterlockGradeStarts.end());
  for (const GradedLevel& g : graded) {
    out.push_back(std::max(g.moves, 1));
    out.push_back(g.moves + 1);
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace

InterlockGradeStarts fitInterlockGradeStarts(const std::vector<GradedLevel>& graded) {
  const std::vector<int> starts = candidateStarts(graded);
  const std::size_t n = starts.size();
  // below[k][i]: designs of fewer than starts[i] moves that the file does not grade k; total[k]: all such.
  std::array<std::vector<long long>, 5> below;
  std::array<long long, 5> total{};
  for (std::size_t k = 0; k < 5; ++k) {
    below[k].assign(n, 0);
    for (const GradedLevel& g : graded) {
      if (static_cast<std::size_t>(g.level) == k) continue;
      ++total[k];
      const auto first = std::upper_bound(starts.begin(), starts.end(), g.moves) - starts.begin();
      if (static_cast<std::size_t>(first) < n) ++below[k][static_cast<std::size_t>(first)];
    }
    for (std::size_t i = 1; i < n; ++i) below[k][i] += below[k][i - 1];
  }
  // best[k][i]: the least cost of grades before k, with grade k starting at starts[i] (k = 1..4). Grade k-1
  // from p to i misgrades below[k-1][i] - below[k-1][p], so the best p is a running minimum over p <= i of
  // best[k-1][p] - below[k-1][p] (for k = 1, Starter starts at 0 moves, below nothing).
  std::array<std::vector<Cost>, 5> best;
  std::array<std::vector<std::size_t>, 5> from;
  for (std::size_t k = 1; k < 5; ++k) {
    best[k].resize(n);
    from[k].resize(n);
    Cost runningMin{0, 0};
    std::size_t argMin = 0;
    for (std::size_t i = 0; i < n; ++i) {
      if (k > 1 && (i == 0 || best[k - 1][i] - Cost{below[k - 1][i], 0} < runningMin))
        runningMin = best[k - 1][i] - Cost{below[k - 1][i], 0}, argMin = i;
      best[k][i] = runningMin + Cost{below[k - 1][i], std::abs(starts[i] - kInterlockGradeStarts[k])};
      from[k][i] = argMin;
    }
  }
  std::size_t last = 0;
  Cost bestTotal{0, 0};
  for (std::size_t i = 0; i < n; ++i) {
    const Cost total4 = best[4][i] + Cost{total[4] - below[4][i], 0};
    if (i == 0 || total4 < bestTotal) bestTotal = total4, last = i;
  }
  InterlockGradeStarts out = kInterlockGradeStarts;
  for (std::size_t k = 4; k >= 1; --k) {
    out[k] = starts[last];
    last = from[k][last];
  }
  return out;
}

std::vector<Level> leaveOneOutGrades(const std::vector<GradedLevel>& graded) {
  std::vector<Level> out;
  for (std::size_t i = 0; i < graded.size(); ++i) {
    std::vector<GradedLevel> others = graded;
    others.erase(others.begin() + static_cast<std::ptrdiff_t>(i));
    out.push_back(interlockGrade({graded[i].moves}, fitInterlockGradeStarts(others)));
  }
  return out;
}

std::string interlockGradeTableJson(const InterlockGradeTable& table) {
  nlohmann::ordered_json out;
  out["interlock_grades"] = table.name;
  out["starts"] = table.starts;
  out["cross_validation"] = table.crossValidation;
  return out.dump(2) + "\n";
}

InterlockGradeTable parseInterlockGradeTable(const std::string& text, const std::string& where) {
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception&) {
    throw InputError(fmt::format("{}: not JSON (a grade table written by calibrate --interlocking)", where));
  }
  if (!j.is_object() || !j.contains("interlock_grades") || !j["interlock_grades"].is_string())
    throw InputError(fmt::format("{}: not a grade table (no \"interlock_grades\" name)", where));
  InterlockGradeTable table;
  table.name = j["interlock_grades"].get<std::string>();
  if (!j.contains("starts") || !j["starts"].is_array() || j["starts"].size() != 5)
    throw InputError(fmt::format("{}: \"starts\" must list 5 whole numbers, Starter's to Wizard's", where));
  for (std::size_t k = 0; k < 5; ++k) {
    const nlohmann::json& v = j["starts"][k];
    if (!v.is_number_integer() || v.get<long long>() < 1 || v.get<long long>() > 1'000'000'000)
      throw InputError(fmt::format("{}: \"starts\" must list whole numbers from 1 up", where));
    table.starts[k] = v.get<int>();
    if (k > 0 && table.starts[k] < table.starts[k - 1])
      throw InputError(fmt::format("{}: \"starts\" must not decrease from Starter's to Wizard's", where));
  }
  if (j.contains("cross_validation") && j["cross_validation"].is_string())
    table.crossValidation = j["cross_validation"].get<std::string>();
  return table;
}

}  // namespace piecework

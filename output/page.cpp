// SPDX-License-Identifier: Apache-2.0
// Pages and document formats (output/document.hpp): what the commands that print pages check before they
// draw, kept apart from the cairo document so that the program links no drawing library (the drawing module,
// output/drawing_module.hpp, draws).
#include <fmt/format.h>
#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <utility>
#include <vector>

#include "output/document.hpp"
#include "puzzle/errors.hpp"

namespace piecework {
namespace {

std::string lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return std::tolower(c); });
  return out;
}

bool endsWith(const std::string& text, const std::string& end) {
  return text.size() >= end.size() && text.compare(text.size() - end.size(), end.size(), end) == 0;
}

}  // namespace

PageSize pageSize(Paper paper) {
  return paper == Paper::A4 ? PageSize{595.28, 841.89} : PageSize{612, 792};
}

double pointsFromMm(double mm) {
  return mm / 25.4 * 72;
}

std::optional<PageSize> parsePaperSize(std::string_view text) {
  const std::string n = lower(text);
  if (n == "a4") return pageSize(Paper::A4);
  if (n == "letter") return pageSize(Paper::Letter);
  if (n == "a5") return PageSize{pointsFromMm(148), pointsFromMm(210)};  // ISO 216
  // WIDTHxHEIGHT: two plain decimal numbers (no sign, no exponent), so "1e3x2" or "-5x9" are refused.
  const std::size_t x = n.find('x');
  if (x == std::string::npos) return std::nullopt;
  const auto number = [](std::string_view digits) -> std::optional<double> {
    if (digits.empty() || digits.size() > 8 || digits.find_first_not_of("0123456789.") != std::string::npos ||
        std::count(digits.begin(), digits.end(), '.') > 1 || digits.front() == '.' || digits.back() == '.')
      return std::nullopt;
    double mm = 0;
    std::from_chars(digits.data(), digits.data() + digits.size(), mm);  // no locale, unlike stod
    if (mm < kMinPaperMm || mm > kMaxPaperMm) return std::nullopt;
    return mm;
  };
  const auto w = number(std::string_view(n).substr(0, x)), h = number(std::string_view(n).substr(x + 1));
  if (!w || !h) return std::nullopt;
  return PageSize{pointsFromMm(*w), pointsFromMm(*h)};
}

PageSize paperOption(std::string_view text) {
  if (const auto size = parsePaperSize(text)) return *size;
  throw InputError(
      fmt::format("--paper {}: expected a4, a5, letter or WIDTHxHEIGHT in millimetres, each side {} to {}",
                  text, kMinPaperMm, kMaxPaperMm));
}

DocumentFormat formatForPath(const std::string& path, std::initializer_list<DocumentFormat> accepted) {
  static constexpr std::array<std::pair<DocumentFormat, const char*>, 3> kExtensions{
      {{DocumentFormat::Pdf, ".pdf"}, {DocumentFormat::Svg, ".svg"}, {DocumentFormat::Png, ".png"}}};
  const std::string p = lower(path);
  std::vector<std::string> names;
  for (const auto& [format, extension] : kExtensions) {
    if (std::find(accepted.begin(), accepted.end(), format) == accepted.end()) continue;
    if (endsWith(p, extension)) return format;
    names.emplace_back(extension);
  }
  const std::string list =
      names.size() == 1
          ? names[0]
          : fmt::format("{} or {}", fmt::join(names.begin(), names.end() - 1, ", "), names.back());
  throw InputError(fmt::format("--out {}: the file name must end in {}", path, list));
}

}  // namespace piecework

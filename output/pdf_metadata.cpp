// SPDX-License-Identifier: Apache-2.0
#include "output/pdf_metadata.hpp"

#include <cairo-pdf.h>
#include <fmt/format.h>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string_view>

#include "puzzle/errors.hpp"

namespace piecework {

std::optional<std::string> creationDate(const char* sourceDateEpoch) {
  if (sourceDateEpoch == nullptr) return std::nullopt;
  const std::string_view text(sourceDateEpoch);
  constexpr std::int64_t kYear10000 = 253402300800;  // 10000-01-01T00:00:00Z: ISO 8601 needs 4 digits
  std::int64_t seconds = -1;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), seconds);
  if (text.empty() || error != std::errc() || end != text.data() + text.size() || seconds < 0 ||
      seconds >= kYear10000)
    throw InputError(fmt::format(
        "SOURCE_DATE_EPOCH '{}': not a number of seconds since 1970-01-01 (before the year 10000)", text));
  const auto time = static_cast<std::time_t>(seconds);
  std::tm utc{};
  gmtime_r(&time, &utc);
  return fmt::format("{:04}-{:02}-{:02}T{:02}:{:02}:{:02}Z", utc.tm_year + 1900, utc.tm_mon + 1, utc.tm_mday,
                     utc.tm_hour, utc.tm_min, utc.tm_sec);
}

namespace {

// The number after `key` in `text` (e.g. "/Size 76"), or -1.
long numberAfter(std::string_view text, std::string_view key) {
  const std::size_t at = text.find(key);
  if (at == std::string_view::npos) return -1;
  std::size_t start = at + key.size();
  while (start < text.size() && text[start] == ' ') ++start;
  long value = -1;
  const auto [end, error] = std::from_chars(text.data() + start, text.data() + text.size(), value);
  return error == std::errc() && end != text.data() + start ? value : -1;
}

}  // namespace

std::string pageBoxesUpdate(const std::string& pdf, double bleed) {
  const std::size_t trailer = pdf.rfind("\ntrailer\n");
  const std::size_t startxref = pdf.rfind("\nstartxref\n");
  if (trailer == std::string::npos || startxref == std::string::npos || startxref < trailer) return "";
  const std::string_view tail = std::string_view(pdf).substr(trailer, startxref - trailer);
  const long size = numberAfter(tail, "/Size"), root = numberAfter(tail, "/Root"),
             info = numberAfter(tail, "/Info");
  const long previous = numberAfter(std::string_view(pdf).substr(startxref), "startxref\n");
  if (size < 0 || root < 0 || previous < 0) return "";
  std::string update, xref = "xref\n";
  // cairo writes each page as "N 0 obj\n<< /Type /Page % K\n ... \n>>\nendobj"; the dictionary's own nested
  // dictionaries close indented, so the first "\n>>\nendobj" ends it.
  const std::string pageStart = "\n<< /Type /Page %";
  for (std::size_t at = pdf.find(pageStart); at != std::string::npos && at < trailer;
       at = pdf.find(pageStart, at + 1)) {
    const std::size_t lineStart = pdf.rfind('\n', at - 1) + 1;
    const long object = numberAfter(std::string_view(pdf).substr(lineStart, at - lineStart), "");
    const std::size_t end = pdf.find("\n>>\nendobj", at);
    const std::size_t media = pdf.find("/MediaBox [", at);
    if (object <= 0 || end == std::string::npos || media == std::string::npos || media > end) return "";
    double w = 0, h = 0;
    if (std::sscanf(pdf.c_str() + media, "/MediaBox [ 0 0 %lf %lf ]", &w, &h) != 2) return "";
    xref += fmt::format("{} 1\n{:010} 00000 n \n", object, pdf.size() + update.size());
    update += fmt::format(
        "{} 0 obj{}\n   /TrimBox [ {:.6f} {:.6f} {:.6f} {:.6f} ]\n   /BleedBox [ 0 0 {:.6f} {:.6f} "
        "]\n>>\nendobj\n",
        object, pdf.substr(at, end - at), bleed, bleed, w - bleed, h - bleed, w, h);
  }
  if (update.empty()) return "";
  const std::size_t xrefAt = pdf.size() + update.size();
  update += xref;
  update += fmt::format("trailer\n<< /Size {}\n   /Root {} 0 R\n", size, root);
  if (info >= 0) update += fmt::format("   /Info {} 0 R\n", info);
  update += fmt::format("   /Prev {}\n>>\nstartxref\n{}\n%%EOF\n", previous, xrefAt);
  return update;
}

void setReproducibleMetadata(cairo_surface_t* pdf) {
  const std::optional<std::string> date = creationDate(std::getenv("SOURCE_DATE_EPOCH"));
  cairo_pdf_surface_set_metadata(pdf, CAIRO_PDF_METADATA_CREATOR, "piecework");
  // An empty date makes cairo leave /CreationDate out (cairo 1.16 writes a set date without the "D:" prefix;
  // readers such as poppler accept it).
  cairo_pdf_surface_set_metadata(pdf, CAIRO_PDF_METADATA_CREATE_DATE, date ? date->c_str() : "");
}

}  // namespace piecework

#include "output/pdf_metadata.hpp"

#include <cairo-pdf.h>
#include <fmt/format.h>
#include <charconv>
#include <cstdint>
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

void setReproducibleMetadata(cairo_surface_t* pdf) {
  const std::optional<std::string> date = creationDate(std::getenv("SOURCE_DATE_EPOCH"));
  cairo_pdf_surface_set_metadata(pdf, CAIRO_PDF_METADATA_CREATOR, "piecework");
  // An empty date makes cairo leave /CreationDate out (cairo 1.16 writes a set date without the "D:" prefix;
  // readers such as poppler accept it).
  cairo_pdf_surface_set_metadata(pdf, CAIRO_PDF_METADATA_CREATE_DATE, date ? date->c_str() : "");
}

}  // namespace piecework

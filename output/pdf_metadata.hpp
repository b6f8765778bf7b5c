// SPDX-License-Identifier: Apache-2.0
// Reproducible PDF metadata: the same input gives the same bytes. cairo stamps every PDF with the current
// time; piecework writes the time given by SOURCE_DATE_EPOCH instead (https://reproducible-builds.org/specs/
// source-date-epoch/), and no creation date at all when it is not set.
#pragma once

#include <cairo.h>
#include <optional>
#include <string>
#include <string_view>

namespace piecework {

// The creation date for a SOURCE_DATE_EPOCH value (nullptr: not set) as ISO 8601 in UTC
// ("2023-11-14T22:13:20Z"), or nullopt when it is not set. Throws InputError when it is not a whole number
// of seconds from 0 to year 9999.
std::optional<std::string> creationDate(const char* sourceDateEpoch);

// An incremental update (PDF 1.7, 7.5.6) to append to a finished cairo PDF `pdf` whose pages are `page`
// grown by `bleed` on each side: each page object again, with a /TrimBox of the page inside the bleed and a
// /BleedBox of the whole page, then its cross-reference section and trailer. cairo has no call that sets
// these boxes. Returns "" when `pdf` does not look as cairo writes it (the boxes are then left out).
std::string pageBoxesUpdate(const std::string& pdf, double bleed);

// Sets a PDF surface's creator and creation date (from the SOURCE_DATE_EPOCH environment variable).
void setReproducibleMetadata(cairo_surface_t* pdf);

}  // namespace piecework

// Reproducible PDF metadata: the same input gives the same bytes. cairo stamps every PDF with the current
// time; piecework writes the time given by SOURCE_DATE_EPOCH instead (https://reproducible-builds.org/specs/
// source-date-epoch/), and no creation date at all when it is not set.
#pragma once

#include <cairo.h>
#include <optional>
#include <string>

namespace piecework {

// The creation date for a SOURCE_DATE_EPOCH value (nullptr: not set) as ISO 8601 in UTC
// ("2023-11-14T22:13:20Z"), or nullopt when it is not set. Throws InputError when it is not a whole number
// of seconds from 0 to year 9999.
std::optional<std::string> creationDate(const char* sourceDateEpoch);

// Sets a PDF surface's creator and creation date (from the SOURCE_DATE_EPOCH environment variable).
void setReproducibleMetadata(cairo_surface_t* pdf);

}  // namespace piecework

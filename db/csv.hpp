// SPDX-License-Identifier: Apache-2.0
// CSV as `catalog export --format csv` writes it and `catalog import` reads it (RFC 4180: comma-separated,
// fields with a comma, quote or line break in double quotes, a quote inside doubled).
#pragma once

#include <string>
#include <vector>

namespace piecework::db {

// `text` as one CSV field, quoted only when it must be.
std::string csvField(const std::string& text);

struct CsvRecord {
  int line = 0;  // the line the record starts on, 1-based
  std::vector<std::string> fields;
};

// Every record of `text` (a final line break is optional; blank lines are skipped). Throws InputError naming
// `where` and the line for a quote left open or text after a closing quote.
std::vector<CsvRecord> readCsv(const std::string& text, const std::string& where);

}  // namespace piecework::db

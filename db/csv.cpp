// SPDX-License-Identifier: Apache-2.0
// CSV fields and records (db/csv.hpp).
#include "db/csv.hpp"

#include <fmt/format.h>

#include "puzzle/errors.hpp"

namespace piecework::db {

std::string csvField(const std::string& text) {
  if (text.find_first_of(",\"\n\r") == std::string::npos) return text;
  std::string quoted = "\"";
  for (const char ch : text) {
    if (ch == '"') quoted += '"';
    quoted += ch;
  }
  return quoted + '"';
}

std::vector<CsvRecord> readCsv(const std::string& text, const std::string& where) {
  std::vector<CsvRecord> records;
  CsvRecord record;
  std::string field;
  int line = 1;
  record.line = line;
  bool fieldStarted = false;  // the record has a field (so an empty line is no record)
  bool atFieldStart = true;   // nothing of the current field read yet
  const auto endRecord = [&] {
    if (fieldStarted || !field.empty()) {
      record.fields.push_back(std::move(field));
      records.push_back(std::move(record));
    }
    record = CsvRecord{};
    field.clear();
    fieldStarted = false;
    atFieldStart = true;
  };
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char ch = text[i];
    if (ch == '"' && atFieldStart) {
      // A quoted field, up to the closing quote (a doubled quote is one quote).
      const int opened = line;
      std::string value;
      bool closed = false;
      for (++i; i < text.size(); ++i) {
        if (text[i] == '"') {
          if (i + 1 < text.size() && text[i + 1] == '"') {
            value += '"';
            ++i;
          } else {
            closed = true;
            break;
          }
        } else {
          if (text[i] == '\n') ++line;
          value += text[i];
        }
      }
      if (!closed) throw InputError(fmt::format("{}:{}: a quoted field is never closed", where, opened));
      const char next = i + 1 < text.size() ? text[i + 1] : '\n';
      if (next != ',' && next != '\n' && next != '\r')
        throw InputError(fmt::format("{}:{}: text after a closing quote", where, line));
      field = std::move(value);
      fieldStarted = true;
      atFieldStart = false;
      continue;
    }
    if (ch == ',') {
      record.fields.push_back(std::move(field));
      field.clear();
      fieldStarted = true;
      atFieldStart = true;
    } else if (ch == '\n' || ch == '\r') {
      if (ch == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
      endRecord();
      ++line;
      record.line = line;
    } else {
      field += ch;
      fieldStarted = true;
      atFieldStart = false;
    }
  }
  endRecord();
  return records;
}

}  // namespace piecework::db

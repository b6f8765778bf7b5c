// SPDX-License-Identifier: Apache-2.0
#include "support/sql.hpp"

#include <sqlite3.h>

#include <functional>

namespace piecework::test {
namespace {

// Prepares and steps each statement of `statements` in turn, calling `next` before each and handing every
// row to `row`; "" or "error: ...".
std::string eachStatement(const std::string& path, const std::string& statements,
                          const std::vector<std::string>& texts, const std::function<void()>& next,
                          const std::function<void(sqlite3_stmt*, bool first)>& row) {
  sqlite3* db = nullptr;
  if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr) != SQLITE_OK) {
    sqlite3_close(db);
    return "error: cannot open " + path;
  }
  std::string error;
  const char* tail = statements.c_str();
  while (error.empty() && tail != nullptr && *tail != '\0') {
    sqlite3_stmt* st = nullptr;
    if (sqlite3_prepare_v2(db, tail, -1, &st, &tail) != SQLITE_OK) {
      error = std::string("error: ") + sqlite3_errmsg(db);
      break;
    }
    if (st == nullptr) break;  // only blanks or comments left
    next();
    for (int i = 0; i < sqlite3_bind_parameter_count(st) && i < static_cast<int>(texts.size()); ++i) {
      const std::string& text = texts[static_cast<std::size_t>(i)];
      sqlite3_bind_text(st, i + 1, text.c_str(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
    }
    int rc = 0;
    bool first = true;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
      row(st, first);
      first = false;
    }
    if (rc != SQLITE_DONE) error = std::string("error: ") + sqlite3_errmsg(db);
    sqlite3_finalize(st);
  }
  sqlite3_close(db);
  return error;
}

}  // namespace

std::string sqlRows(const std::string& path, const std::string& statements) {
  std::string rows;
  const std::string error = eachStatement(
      path, statements, {}, [] {},
      [&](sqlite3_stmt* st, bool) {
        if (!rows.empty()) rows += '\n';
        for (int c = 0; c < sqlite3_column_count(st); ++c) {
          if (c > 0) rows += '|';
          const unsigned char* text = sqlite3_column_text(st, c);
          rows += text != nullptr ? reinterpret_cast<const char*>(text) : "NULL";
        }
      });
  return error.empty() ? rows : error;
}

std::string sqlValue(const std::string& path, const std::string& statements,
                     const std::vector<std::string>& texts) {
  std::string value;
  const auto next = [&] { value.clear(); };  // the last statement's value is the one returned
  const std::string error = eachStatement(path, statements, texts, next, [&](sqlite3_stmt* st, bool first) {
    if (first && sqlite3_column_text(st, 0) != nullptr)
      value = reinterpret_cast<const char*>(sqlite3_column_text(st, 0));
  });
  return error.empty() ? value : error;
}

bool sqlScript(const std::string& path, const std::string& statements) {
  sqlite3* db = nullptr;
  const bool ok = sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE, nullptr) == SQLITE_OK &&
                  sqlite3_exec(db, statements.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK;
  sqlite3_close(db);
  return ok;
}

}  // namespace piecework::test

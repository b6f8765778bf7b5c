// SPDX-License-Identifier: Apache-2.0
// Small RAII wrappers over the SQLite C API: a connection, a prepared statement with bound parameters, and an
// immediate transaction that rolls back unless committed. Errors throw SqliteError carrying the result code.
#pragma once

#include <sqlite3.h>

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace piecework::db::sqlite {

class SqliteError : public std::runtime_error {
 public:
  SqliteError(int code, const std::string& what) : std::runtime_error(what), code_(code) {}
  int code() const { return code_; }
  int primaryCode() const { return code_ & 0xff; }

 private:
  int code_;
};

class Connection {
 public:
  Connection() = default;
  // flags: SQLITE_OPEN_READONLY or SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE (NOMUTEX/FULLMUTEX added here).
  Connection(const std::string& path, int flags);
  ~Connection();
  Connection(Connection&& other) noexcept : db_(other.db_) { other.db_ = nullptr; }
  Connection& operator=(Connection&& other) noexcept;
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  sqlite3* handle() const { return db_; }
  // Runs SQL without parameters (schema, pragmas, BEGIN/COMMIT).
  void exec(const char* sql);
  // The first column of the first row of a parameterless query as an integer (pragmas).
  std::int64_t queryInt(const char* sql);
  std::int64_t lastInsertRowid() const { return sqlite3_last_insert_rowid(db_); }
  int changes() const { return sqlite3_changes(db_); }
  [[noreturn]] void fail(int code, std::string_view context) const;

 private:
  sqlite3* db_ = nullptr;
};

class Statement {
 public:
  Statement(const Connection& connection, const char* sql);
  ~Statement();
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  // Parameters are 1-based, as in SQLite.
  Statement& bind(int index, std::int64_t value);
  Statement& bind(int index, int value) { return bind(index, static_cast<std::int64_t>(value)); }
  Statement& bind(int index, double value);
  Statement& bind(int index, std::string_view value);
  Statement& bind(int index, const char* value) { return bind(index, std::string_view(value)); }
  Statement& bind(int index, const std::string& value) { return bind(index, std::string_view(value)); }
  Statement& bindNull(int index);
  template <typename T>
  Statement& bind(int index, const std::optional<T>& value) {
    return value ? bind(index, *value) : bindNull(index);
  }

  // True while a row is available; false when done.
  bool step();
  // Runs a statement that returns no rows.
  void run();
  void reset();

  bool isNull(int column) const { return sqlite3_column_type(stmt_, column) == SQLITE_NULL; }
  bool isText(int column) const { return sqlite3_column_type(stmt_, column) == SQLITE_TEXT; }
  bool isInteger(int column) const { return sqlite3_column_type(stmt_, column) == SQLITE_INTEGER; }
  std::int64_t getInt(int column) const { return sqlite3_column_int64(stmt_, column); }
  double getDouble(int column) const { return sqlite3_column_double(stmt_, column); }
  std::string getText(int column) const;

 private:
  const Connection* connection_;
  sqlite3_stmt* stmt_ = nullptr;
};

// BEGIN IMMEDIATE (takes the write lock at once, waiting through the busy timeout); ROLLBACK unless
// committed.
class Transaction {
 public:
  explicit Transaction(Connection& connection);
  ~Transaction();
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;
  void commit();

 private:
  Connection& connection_;
  bool open_ = true;
};

}  // namespace piecework::db::sqlite

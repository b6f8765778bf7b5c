// SPDX-License-Identifier: Apache-2.0
// Raw SQL on a catalog file through SQLite's own C API, so that tests read and damage catalogs without the
// catalog code under test.
#pragma once

#include <string>
#include <vector>

namespace piecework::test {

// Runs every statement in one connection; returns the rows they give, columns joined by '|', rows by '\n'
// (NULL as "NULL"), or "error: ..." when SQLite refuses one (the statements after it are not run).
std::string sqlRows(const std::string& path, const std::string& statements);

// Runs every statement in one connection, binding `texts` to each one's parameters in order; returns the
// first column of the first row of the last statement ("" when it gives none, or NULL), or "error: ...".
std::string sqlValue(const std::string& path, const std::string& statements,
                     const std::vector<std::string>& texts = {});

// Runs the statements with sqlite3_exec in one connection (PRAGMA writable_schema holds for the connection
// that set it); false on an error.
bool sqlScript(const std::string& path, const std::string& statements);

}  // namespace piecework::test

// SPDX-License-Identifier: Apache-2.0
// A connection that reads a catalog as Catalog(path, Access::ReadOnly) does, for the tables that have a file
// of their own (db/designs.cpp): read-only, with the busy timeout, and as immutable in a directory where the
// catalog's -wal and -shm files can be neither found nor made (a catalog on a read-only medium).
#pragma once

#include <string>

#include "db/sqlite.hpp"

namespace piecework::db {

// Call after the catalog has passed Catalog's checks on opening. Throws sqlite::SqliteError.
sqlite::Connection openCatalogForReading(const std::string& path);

}  // namespace piecework::db

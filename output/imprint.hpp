// SPDX-License-Identifier: Apache-2.0
// A booklet's imprint: what its cover and imprint page print (title, author, ISBN, edition, date, and the
// lines a print shop asks for: copyright, publisher, rights, address), from a small TOML file, command-line
// options, or both.
#pragma once

#include <string>
#include <string_view>

namespace piecework {

struct Imprint {
  std::string title;
  std::string author;
  std::string isbn;  // as written (hyphens kept), checked by validIsbn
  std::string edition;
  std::string date;       // free text ("November 2026"), or a TOML date as YYYY-MM-DD
  std::string copyright;  // "© 2026 Ann Author", printed as written
  std::string publisher;
  std::string rights;   // "All rights reserved. ..."
  std::string address;  // the publisher's address; lines split at '/' or a newline in the file
};

// True for an ISBN-10 or ISBN-13 (hyphens and spaces between digits allowed) whose check digit is right.
bool validIsbn(std::string_view isbn);

// Reads an imprint file: TOML with the string keys title, author, isbn, edition, date (date may also be a
// TOML date), copyright, publisher, rights, address (address alone may hold newlines: one line each). Throws
// InputError naming the file (and line) for a missing or unreadable file, bad TOML, an unknown key, a value
// that is not a string or not printable text on one line (textFault in puzzle/limits.hpp), or a bad ISBN.
Imprint readImprint(const std::string& path);

}  // namespace piecework

// SPDX-License-Identifier: Apache-2.0
// Reads puzzle definitions (TOML, see docs/puzzle-format.md) and finds shipped puzzles by name.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "puzzle/puzzle.hpp"

namespace piecework {

// Parses a definition; `source` names it in error messages ("file:line: what").
Puzzle loadDefinition(std::string_view text, const std::string& source);

// What a control character (U+0000..U+001F, U+007F..U+009F) in a name or a title does: refused (a definition
// given by the user), or read as a space (a definition the catalog stored when they were still allowed).
enum class ControlCharacters { Refused, AsSpaces };
Puzzle loadDefinition(std::string_view text, const std::string& source, ControlCharacters controls);
// A definition read from the catalog: it was accepted once, so control characters in its names and titles
// are read as spaces rather than refused (every other rule holds). Its hash stays that of `text`.
Puzzle loadStoredDefinition(std::string_view text, const std::string& source);

// A shipped name (see shippedNames) or the path of a definition file.
Puzzle loadPuzzle(const std::string& nameOrPath);
// The same, and `definitionText` is set to the definition (TOML) the puzzle was loaded from: the shipped
// text, the file's content, or a BurrTools problem written as a definition. The catalog keeps this text, and
// loadDefinition(definitionText, ...) gives the same puzzle back.
Puzzle loadPuzzle(const std::string& nameOrPath, std::string& definitionText);

// Refuses (InputError naming `source` and the line) TOML nested more than kMaxTomlNesting levels deep,
// before toml++ parses it recursively and could overflow the stack.
void checkTomlNesting(std::string_view text, const std::string& source);

std::vector<std::string> shippedNames();
// The definition text of a shipped puzzle, or an empty string.
std::string shippedText(const std::string& name);

}  // namespace piecework

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

// SPDX-License-Identifier: Apache-2.0
// How a family reads its own kind of piece from a definition (IQ-Link: balls and rings on pegs, `parts`).
// Internal to the puzzle layer: only the definition loader and the families' files include it (toml++).
#pragma once

#include <toml++/toml.h>
#include <initializer_list>
#include <string>
#include <string_view>

#include "puzzle/puzzle.hpp"

namespace piecework {

// What a piece reader may use of the definition loader (puzzle/definition.cpp): errors that name the file
// and line, and its key checks.
class DefinitionReader {
 public:
  [[noreturn]] virtual void fail(const toml::node* node, const std::string& what) const = 0;
  // Refuses keys of `table` that are not in `known` (a misspelt key would silently give the default).
  virtual void onlyKnownKeys(const toml::table& table, std::initializer_list<std::string_view> known,
                             std::string_view where) const = 0;
  virtual std::string requiredString(const toml::table& table, std::string_view key,
                                     const toml::node* where) const = 0;

 protected:
  ~DefinitionReader() = default;
};

class PieceReader {
 public:
  // Reads the piece's shape from its [[piece]] table into piece.faces (and the family's own fields); the
  // letter, name, colour, copies and moves are read already. Throws InputError through reader.fail().
  virtual void read(const DefinitionReader& reader, const toml::table& table, PieceDef& piece) const = 0;

 protected:
  ~PieceReader() = default;
};

}  // namespace piecework

// SPDX-License-Identifier: Apache-2.0
// What the library's files share (lib/piecework.cpp and lib/printing.cpp): the puzzle behind a public one,
// the conversions between the public and the engine's types, and the translation of InputError into Error.
#pragma once

#include <string>
#include <vector>

#include "piecework/piecework.hpp"
#include "puzzle/errors.hpp"
#include "puzzle/puzzle.hpp"
#include "rater/rater.hpp"
#include "solver/problem.hpp"

namespace piecework::api {

struct Puzzle::Impl {
  piecework::Puzzle puzzle;
  std::string definitionText;  // the TOML text it was read from (what a catalog stores beside its challenges)
  std::string source;          // the name or path it was loaded by, or fromToml's source
};

namespace internal {

// Runs `work`, turning the engine's InputError into the public Error.
template <typename Work>
auto translated(Work&& work) -> decltype(work()) {
  try {
    return work();
  } catch (const InputError& e) {
    throw Error(e.what());
  }
}

inline const piecework::Puzzle& inner(const Puzzle& puzzle) {
  return puzzle.impl().puzzle;
}

// The engine's level for a public one, refused outside the enumeration (a cast from any int compiles).
piecework::Level engineLevel(Level level);
Level publicLevel(piecework::Level level);
Challenge sorted(std::vector<int> placements);
// The givens, checked to be placements of this puzzle, and the marks to be a challenge its notation can
// write (Error otherwise).
const std::vector<int>& checked(const Puzzle& puzzle, const Challenge& challenge);
// The rules of a search: the options' and the challenge's marks.
Rules rules(const Options& options, const Challenge& challenge = {});

}  // namespace internal
}  // namespace piecework::api

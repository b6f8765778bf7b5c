// SPDX-License-Identifier: Apache-2.0
// An independent exact-cover counter for Knuth's dlx1 input format (Algorithm X with dancing links, Knuth,
// "Dancing Links", 2000). It shares no code with piecework's solver, so that `piecework convert --to dlx`
// can be checked against published counts.
#pragma once

#include <cstdint>
#include <string>

namespace piecework::test {

// Counts the sets of options that cover every primary item exactly once and every secondary item at most
// once. Throws std::runtime_error for text that is not dlx1 input (an option naming an unknown item).
std::uint64_t countExactCovers(const std::string& dlx1);

}  // namespace piecework::test

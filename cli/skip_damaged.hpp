// SPDX-License-Identifier: Apache-2.0
// --skip-damaged, as `catalog list`, `catalog export` and `booklet` take it (issue 44): the command uses the
// sound rows and leaves out the damaged ones, instead of refusing at the first, and says which it left out.
#pragma once

#include <boost/program_options.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "db/stored_check.hpp"

namespace piecework::cli {

// Adds --skip-damaged; `verb` says what the command does with the sound rows ("list").
void addSkipDamagedOption(boost::program_options::options_description& options, const char* verb);

// With --skip-damaged in `vm`, removes the rows the quick check refuses from `rows` and returns their ids;
// without it, leaves every row (the command then refuses the first damaged one where it acts on it).
std::vector<std::int64_t> leaveOutDamaged(const boost::program_options::variables_map& vm,
                                          std::vector<db::StoredChallenge>& rows, const std::string& path);

// One line on stderr naming the damaged rows a command left out, "FILE: left out N damaged challenges (id
// ...; see 'piecework catalog check')"; nothing when there are none.
void reportSkipped(const std::string& path, const std::vector<std::int64_t>& ids);

}  // namespace piecework::cli

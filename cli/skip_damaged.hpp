// SPDX-License-Identifier: Apache-2.0
// --skip-damaged, as `catalog list`, `catalog export` and `booklet` take it (issue 44): the command uses the
// sound rows and leaves out the damaged ones, instead of refusing at the first, and says which it left out.
#pragma once

#include <boost/program_options.hpp>
#include <cstdint>
#include <string>
#include <vector>

namespace piecework::cli {

// Adds --skip-damaged; `verb` says what the command does with the sound rows ("list").
void addSkipDamagedOption(boost::program_options::options_description& options, const char* verb);

// One line on stderr naming the damaged rows a command left out, "FILE: left out N damaged challenges (id
// ...; see 'piecework catalog check')"; nothing when there are none.
void reportSkipped(const std::string& path, const std::vector<std::int64_t>& ids);

}  // namespace piecework::cli

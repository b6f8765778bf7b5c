// SPDX-License-Identifier: Apache-2.0
#include "cli/skip_damaged.hpp"

#include <fmt/format.h>

#include <iostream>

namespace piecework::cli {

void addSkipDamagedOption(boost::program_options::options_description& options, const char* verb) {
  options.add_options()(
      "skip-damaged",
      fmt::format("{} the sound rows and leave out the damaged ones (named on stderr), instead "
                  "of refusing (see 'catalog check')",
                  verb)
          .c_str());
}

void reportSkipped(const std::string& path, const std::vector<std::int64_t>& ids) {
  if (ids.empty()) return;
  std::string list;
  for (std::size_t i = 0; i < ids.size() && i < 10; ++i)
    list += fmt::format("{}{}", i == 0 ? "" : ", ", ids[i]);
  if (ids.size() > 10) list += ", ...";
  std::cerr << fmt::format("{}: left out {} damaged challenge{} (id {}; see 'piecework catalog check')\n",
                           path, ids.size(), ids.size() == 1 ? "" : "s", list);
}

}  // namespace piecework::cli

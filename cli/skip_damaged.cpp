// SPDX-License-Identifier: Apache-2.0
#include "cli/skip_damaged.hpp"

#include <fmt/format.h>

#include <algorithm>
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

std::vector<std::int64_t> leaveOutDamaged(const boost::program_options::variables_map& vm,
                                          std::vector<db::StoredChallenge>& rows, const std::string& path) {
  std::vector<std::int64_t> skipped;
  if (vm.count("skip-damaged") == 0U) return skipped;
  for (const auto& d : db::damagedRows(rows, path)) skipped.push_back(d.id);
  std::erase_if(rows, [&](const db::StoredChallenge& c) {
    return std::find(skipped.begin(), skipped.end(), c.id) != skipped.end();
  });
  return skipped;
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

// SPDX-License-Identifier: Apache-2.0
#include "jobs/checkpoint.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <utility>

namespace piecework::jobs {

JobRecordLayout countCheckpointLayout(std::string fingerprint, std::vector<std::uint64_t> weights) {
  const std::size_t jobs = weights.size();
  JobRecordLayout layout;
  layout.kind = "count";
  layout.magic = "piecework-count-checkpoint 1";
  layout.fingerprint = std::move(fingerprint);
  layout.shape = std::to_string(jobs);
  layout.jobs = jobs;
  layout.counters = 3;  // solutions, distinct, nodes
  layout.whyOtherShape = [jobs](const std::string& shape) {
    if (shape.empty() || shape.size() > 20 || shape.find_first_not_of("0123456789") != std::string::npos ||
        shape.find_first_not_of('0') == std::string::npos)
      return std::string("damaged header");
    return fmt::format(
        "made for a count split into {} jobs, this one has {} (another --threads or number of ranks?)", shape,
        jobs);
  };
  layout.whyBadRecord = [weights = std::move(weights)](std::size_t job,
                                                       const JobRecordFile::Counters& counts) {
    const std::uint64_t weight = std::max<std::uint64_t>(1, weights.at(job));
    if (counts[0] % weight != 0)
      return fmt::format("solutions not a multiple of the job's weight {}", weight);
    if (counts[1] > counts[0] / weight) return std::string("more distinct solutions than the job enumerates");
    return std::string();
  };
  return layout;
}

JobRecordLayout censusCheckpointLayout(std::string fingerprint, std::size_t jobs, std::size_t counters) {
  JobRecordLayout layout;
  layout.kind = "census";
  layout.magic = "piecework-census-checkpoint 1";
  layout.fingerprint = std::move(fingerprint);
  layout.shape = fmt::format("jobs={} counters={}", jobs, counters);
  layout.jobs = jobs;
  layout.counters = counters;
  return layout;
}

std::string countFingerprint(const Puzzle& puzzle, const std::vector<int>& givens, const Rules& rules) {
  std::string name;
  for (char c : puzzle.name) name += (c >= 33 && c <= 126) ? c : '?';
  std::vector<int> sorted = givens;
  std::sort(sorted.begin(), sorted.end());
  std::string given;
  for (int id : sorted) given += fmt::format("{}{}", given.empty() ? "" : ",", id);
  return fmt::format("puzzle={} sites={} placements={} givens={} linked={}", name, puzzle.siteCount(),
                     puzzle.placements.size(), given.empty() ? "-" : given,
                     appliesFamilyRule(puzzle, rules) ? 1 : 0);
}

}  // namespace piecework::jobs

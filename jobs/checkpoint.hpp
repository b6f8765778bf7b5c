// SPDX-License-Identifier: Apache-2.0
// The checkpoints of `count --checkpoint FILE` and `census --checkpoint FILE`: what their files say
// (jobs/job_record_file.hpp keeps them). Files written by earlier versions read the same.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "jobs/job_record_file.hpp"
#include "solver/solver.hpp"

namespace piecework::jobs {

// count: `piecework-count-checkpoint 1<tab>FINGERPRINT<tab>JOBS`, then `job INDEX SOLUTIONS DISTINCT NODES
// #CHECKSUM`. `weights` (CountJobs::weight of each job) bound each record: its solutions are a multiple of
// its job's weight, and its distinct solutions at most solutions / weight.
JobRecordLayout countCheckpointLayout(std::string fingerprint, std::vector<std::uint64_t> weights);

// census: `piecework-census-checkpoint 1<tab>FINGERPRINT<tab>jobs=J counters=C`, then `job INDEX C1 ... CC`.
JobRecordLayout censusCheckpointLayout(std::string fingerprint, std::size_t jobs, std::size_t counters);

// What a count's checkpoint belongs to: the puzzle (name, sites, placements), the givens and the rules.
std::string countFingerprint(const Puzzle& puzzle, const std::vector<int>& givens, const Rules& rules);

}  // namespace piecework::jobs

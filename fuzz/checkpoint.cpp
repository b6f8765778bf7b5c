// SPDX-License-Identifier: Apache-2.0
// libFuzzer target: a checkpoint file of `count --checkpoint FILE` or `census --checkpoint FILE` (the first
// byte picks which; the rest is the file), opened as those commands open it (jobs/job_record_file.hpp). Bad
// input must end in InputError, as one bounded line; what is accepted must name only jobs of the work, each
// once, with its number of counters.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "fuzz/one_line_error.hpp"
#include "jobs/checkpoint.hpp"
#include "jobs/job_record_file.hpp"
#include "puzzle/errors.hpp"

namespace {

// The file the bytes are written to, made once per process.
const std::string& scratchPath() {
  static const std::string path = [] {
    char name[] = "/tmp/piecework-fuzz-checkpoint-XXXXXX";
    const int fd = ::mkstemp(name);
    if (fd < 0) std::abort();
    ::close(fd);
    return std::string(name);
  }();
  return path;
}

// A count split into 8 jobs of these weights, and a census of 5 jobs with 3 counters (the seed corpus is
// written for these: fuzz/corpus/checkpoint).
const char* const kFingerprint = "puzzle=fuzz sites=12 placements=40 givens=- linked=0";
const std::vector<std::uint64_t> kWeights = {1, 2, 3, 4, 6, 8, 12, 24};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const bool census = (data[0] & 1U) != 0;
  {
    std::ofstream file(scratchPath(), std::ios::binary | std::ios::trunc);
    file.write(reinterpret_cast<const char*>(data + 1), static_cast<std::streamsize>(size - 1));
  }
  const piecework::jobs::JobRecordLayout layout =
      census ? piecework::jobs::censusCheckpointLayout(kFingerprint, 5, 3)
             : piecework::jobs::countCheckpointLayout(kFingerprint, kWeights);
  try {
    const piecework::jobs::JobRecordFile file(scratchPath(), layout);
    std::vector<bool> seen(layout.jobs, false);
    for (const auto& [job, counters] : file.finished()) {
      if (job >= layout.jobs || seen[job] || counters.size() != layout.counters) std::abort();
      seen[job] = true;
    }
  } catch (const piecework::InputError& e) {
    piecework::fuzz::requireOneBoundedLine(e);
  }
  return 0;
}

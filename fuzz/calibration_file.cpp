// SPDX-License-Identifier: Apache-2.0
// libFuzzer target: a calibration file of IQ Fit challenges (JSON lines, docs/rating.md) as `calibrate iq-fit
// FILE` reads it: the first byte picks a fit (every line graded, enough of each level) or --equal-shares
// (levels ignored); the rest is the file. Every line is parsed, checked and rated. Bad input must end in
// InputError, as one bounded line.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <string>

#include "families/registry.hpp"
#include "fuzz/one_line_error.hpp"
#include "puzzle/definition.hpp"
#include "puzzle/errors.hpp"
#include "rater/calibration_file.hpp"
#include "rater/model.hpp"

namespace {

const std::string& scratchPath() {
  static const std::string path = [] {
    char name[] = "/tmp/piecework-fuzz-calibration-XXXXXX";
    const int fd = ::mkstemp(name);
    if (fd < 0) std::abort();
    ::close(fd);
    return std::string(name);
  }();
  return path;
}

}  // namespace

// The shipped families, registered once as every program does first (families/registry.hpp).
extern "C" int LLVMFuzzerInitialize(int*, char***) {
  piecework::registerShippedFamilies();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const piecework::Puzzle puzzle = piecework::loadPuzzle("iq-fit");
  if (size == 0) return 0;
  const bool graded = (data[0] & 1U) == 0;
  {
    std::ofstream file(scratchPath(), std::ios::binary | std::ios::trunc);
    file.write(reinterpret_cast<const char*>(data + 1), static_cast<std::streamsize>(size - 1));
  }
  try {
    // (with the shipped model's features, as a fit with no --features or --model reads it)
    piecework::readCalibrationFile(puzzle, scratchPath(), piecework::Rules{}, graded,
                                   piecework::shippedModel(puzzle).features);
  } catch (const piecework::InputError& e) {
    piecework::fuzz::requireOneBoundedLine(e);
  }
  return 0;
}

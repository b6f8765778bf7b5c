// SPDX-License-Identifier: Apache-2.0
#include "support/interlocking_designs.hpp"

#include <fstream>

#include "support/run.hpp"

namespace piecework::test {

std::string writeDesign(const std::string& name, const char* text) {
  return writeTempFile(name + ".toml", text);
}

}  // namespace piecework::test

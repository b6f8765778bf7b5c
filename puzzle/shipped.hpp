// SPDX-License-Identifier: Apache-2.0
// The shipped definitions compiled into the binary (generated from data/puzzles by CMake).
#pragma once

#include <vector>

namespace piecework {

struct ShippedDefinition {
  const char* name;
  const char* text;
};

const std::vector<ShippedDefinition>& shippedDefinitions();

}  // namespace piecework

// SPDX-License-Identifier: Apache-2.0
// The shipped rating models compiled into the binary (generated from data/models by CMake).
#pragma once

#include <vector>

namespace piecework {

struct ShippedModel {
  const char* name;  // the puzzle it is for, or "default"
  const char* text;  // JSON, see rater/model.hpp
};

const std::vector<ShippedModel>& shippedModels();

}  // namespace piecework

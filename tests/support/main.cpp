// SPDX-License-Identifier: Apache-2.0
// The tests' main: GoogleTest's, after the shipped families are registered, as every program does first.
#include <gtest/gtest.h>

#include "families/registry.hpp"

int main(int argc, char** argv) {
  piecework::registerShippedFamilies();
  testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}

// SPDX-License-Identifier: Apache-2.0
// The shipped puzzle families, handed to every layer. Programs call registerShippedFamilies() once, before
// they read a definition (cli/main.cpp, lib/piecework.cpp, the tests' and fuzz targets' mains).
#pragma once

#include "families/module.hpp"

namespace piecework {

// Hands each layer its part of the module. A family registered again under the same name replaces the
// earlier one (tests/ register their own example family this way).
void registerFamily(const FamilyModule& module);

// Registers every shipped family (once; later calls do nothing).
void registerShippedFamilies();

}  // namespace piecework

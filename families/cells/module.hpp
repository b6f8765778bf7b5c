// SPDX-License-Identifier: Apache-2.0
// The plain family (families/cells/family.cpp): exact cover over the cells of a board, every part the layers'
// default.
#pragma once

#include "families/module.hpp"

namespace piecework {

FamilyModule cellsModule();

}  // namespace piecework

// SPDX-License-Identifier: Apache-2.0
// The puzzle-level parts of the shipped families (one file each in puzzle/families/), for the registry in
// puzzle/family.cpp. A new family adds its accessor here and a line there.
#pragma once

#include "puzzle/family.hpp"

namespace piecework {

const Family& cellsFamily();
const Family& iqLinkFamily();
const Family& iqFocusFamily();
const Family& iqStarsFamily();

}  // namespace piecework

// SPDX-License-Identifier: Apache-2.0
// IQ Focus (families/iq_focus/): coloured squares and a colour window; its parts, one per layer.
#pragma once

#include "families/module.hpp"

namespace piecework {

FamilyModule iqFocusModule();

const Family& iqFocusFamily();          // family.cpp: colour patterns
const FamilyBooklet& iqFocusBooklet();  // booklet.cpp: every challenge a colour pattern, all pieces to place
namespace rating {
std::unique_ptr<FamilyStrategies> makeIqFocusStrategies(const RaterCore& core);  // strategies.cpp
}

}  // namespace piecework

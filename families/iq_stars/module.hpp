// SPDX-License-Identifier: Apache-2.0
// IQ Stars (families/iq_stars/): a triangular board, challenges that mark cells; its parts, one per layer.
#pragma once

#include "families/module.hpp"

namespace piecework {

FamilyModule iqStarsModule();

const Family& iqStarsFamily();          // family.cpp: marked cells
const FamilyBooklet& iqStarsBooklet();  // booklet.cpp: pieces given per level, Wizards' marks
namespace rating {
std::unique_ptr<FamilyStrategies> makeIqStarsStrategies(const RaterCore& core);  // strategies.cpp
}

}  // namespace piecework

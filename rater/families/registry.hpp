// SPDX-License-Identifier: Apache-2.0
// The rater strategies of the shipped families (one file each in rater/families/), for the registry in
// rater/families/registry.cpp.
#pragma once

#include "rater/family_strategies.hpp"

namespace piecework::rating {

std::unique_ptr<FamilyStrategies> makeIqLinkStrategies(const RaterCore& core);
std::unique_ptr<FamilyStrategies> makeIqFocusStrategies(const RaterCore& core);
std::unique_ptr<FamilyStrategies> makeIqStarsStrategies(const RaterCore& core);

}  // namespace piecework::rating

// SPDX-License-Identifier: Apache-2.0
// IQ Fit (families/iq_fit/module.cpp): plain exact cover over a board's cells, like the cells family, plus
// what its official booklet's challenges are like at each level (generator/family_booklet.hpp). A definition
// belongs to it only when it names it (family = "iq-fit", data/puzzles/iq-fit.toml).
#pragma once

#include "families/module.hpp"

namespace piecework {

FamilyModule iqFitModule();

}  // namespace piecework

// SPDX-License-Identifier: Apache-2.0
// IQ-Link's engine rule (engine_rule.cpp).
#pragma once

#include "puzzle/puzzle.hpp"
#include "solver/family_rule.hpp"

namespace piecework {

// The budget of Problem::emptyPegBudget for a hex-peg puzzle, or -1 when no bound is known; sets
// ringsNeedBalls.
int emptyPegBound(const Puzzle& puzzle, bool& ringsNeedBalls);

}  // namespace piecework

// SPDX-License-Identifier: Apache-2.0
// IQ-Link (families/iq_link/): pegs, balls and rings, the linkage rule; its parts, one per layer.
#pragma once

#include "families/module.hpp"
#include "output/family_drawing.hpp"

namespace piecework {

FamilyModule iqLinkModule();

const Family& iqLinkFamily();            // family.cpp: pegs, parts, 3-letter codes
const EngineRule& iqLinkEngineRule();    // engine_rule.cpp: peg masks and budgets for the search rule
const FamilyPictures& iqLinkPictures();  // pictures.cpp: balls and rings as letters on pegs
const FamilyDrawing& iqLinkDrawing();    // drawing.cpp: balls and rings on pegs (the drawing module only)
const FamilyBooklet& iqLinkBooklet();    // booklet.cpp: the booklet table of pieces to place per level
namespace rating {
std::unique_ptr<FamilyStrategies> makeIqLinkStrategies(const RaterCore& core);  // strategies.cpp
}

}  // namespace piecework

// SPDX-License-Identifier: Apache-2.0
// A puzzle family as one module (docs/families.md): its part for each layer, gathered in its own folder
// (families/NAME/) and handed to the layers by the one registration table (families/registry.cpp). A part
// a family does not have is left empty, and the layer's documented default applies: plain exact cover in
// the engine, the generic ladder in the rater, cell pictures and drawings in output, placed pieces with no
// ranges in the generator.
#pragma once

#include "generator/family_booklet.hpp"
#include "output/family_pictures.hpp"
#include "puzzle/family.hpp"
#include "rater/family_strategies.hpp"
#include "solver/family_rule.hpp"

namespace piecework {

struct FamilyModule {
  const Family* family = nullptr;          // required: sites, notation, rules text (puzzle/family.hpp)
  const EngineRule* engineRule = nullptr;  // data for the engine's search rule (solver/family_rule.hpp)
  rating::StrategiesFactory strategies = nullptr;  // the rater's own strategies (rater/family_strategies.hpp)
  bool strategiesRuleOnMarks = false;              // see rating::registerStrategies
  // boards and pieces in a terminal (output/family_pictures.hpp); the cairo drawing of a family that draws
  // its own way is listed in families/drawings.cpp instead, which only the drawing module links
  const FamilyPictures* pictures = nullptr;
  // How generate makes challenges at each level, and its official booklet's ranges
  // (generator/family_booklet.hpp)
  const FamilyBooklet* booklet = nullptr;
};

}  // namespace piecework

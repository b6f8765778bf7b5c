// SPDX-License-Identifier: Apache-2.0
// The one table of puzzle families: the only place that lists them. A new family is a folder
// (families/NAME/module.hpp and its parts) and one line here.
#include "families/registry.hpp"

#include <mutex>

#include "families/cells/module.hpp"
#include "families/iq_fit/module.hpp"
#include "families/iq_focus/module.hpp"
#include "families/iq_link/module.hpp"
#include "families/iq_stars/module.hpp"

namespace piecework {

void registerFamily(const FamilyModule& module) {
  const Family& family = *module.family;
  registerPuzzleFamily(family);
  if (module.engineRule != nullptr) registerEngineRule(family.name(), *module.engineRule);
  if (module.strategies != nullptr)
    rating::registerStrategies(family.name(), module.strategies, module.strategiesRuleOnMarks);
  if (module.pictures != nullptr) registerPictures(family.name(), *module.pictures);
  if (module.booklet != nullptr) registerBooklet(family.name(), *module.booklet);
}

void registerShippedFamilies() {
  static std::once_flag once;
  std::call_once(once, [] {
    // A definition belongs to the first family here that claims it (Family::claims): cells, which claims
    // every definition, comes last.
    registerFamily(iqLinkModule());
    registerFamily(iqFocusModule());
    registerFamily(iqStarsModule());
    registerFamily(iqFitModule());  // claims no definition: iq-fit.toml names it (family = "iq-fit")
    registerFamily(cellsModule());
  });
}

}  // namespace piecework

// SPDX-License-Identifier: Apache-2.0
// "colours-apart", an example family that lives only in the tests (docs/families.md walks through it): cell
// puzzles whose pieces of one colour may not touch along an edge. A definition chooses it with
// `family = "colours-apart"`; a test registers it with registerFamily(coloursApartModule()).
#pragma once

#include "families/module.hpp"

namespace piecework::example {

FamilyModule coloursApartModule();

}  // namespace piecework::example

// SPDX-License-Identifier: Apache-2.0
// The colour each level is printed in (booklet headings, the catalog's chart), so that a level looks the same
// wherever it is drawn.
#pragma once

#include "rater/rater.hpp"

namespace piecework {

inline const char* levelColour(Level level) {
  switch (level) {
    case Level::Starter:
      return "#2e9b3a";
    case Level::Junior:
      return "#1f77b4";
    case Level::Expert:
      return "#e07b00";
    case Level::Master:
      return "#d7261e";
    case Level::Wizard:
      return "#6a3d9a";
  }
  return "#444444";
}

}  // namespace piecework

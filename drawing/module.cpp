// SPDX-License-Identifier: Apache-2.0
// The drawing module's entry (output/drawing_module.hpp): the table of what the program calls, and the
// families' own drawings registered as the module is loaded.
#include "families/drawings.hpp"
#include "output/drawing_module.hpp"
#include "output/font.hpp"

namespace {

// (loading the module, or starting the tests, registers the drawings before anything draws)
[[maybe_unused]] const bool registered = (piecework::registerShippedDrawings(), true);

}  // namespace

extern "C" __attribute__((visibility("default"))) const piecework::DrawingModule* piecework_drawing_module() {
  using namespace piecework;
  static const DrawingModule table = {
      .version = PIECEWORK_VERSION,
      .parseBookletOrder = &parseBookletOrder,
      .bookletTitle = &bookletTitle,
      .writeBooklet = &writeBooklet,
      .useFontFile = &useFontFile,
      .writeSheet = &writeSheet,
      .writeWalkthrough = &writeWalkthrough,
      .writeDisassemblySheet = &writeDisassemblySheet,
      .writeLevelChart = &writeLevelChart,
      .piecePictures = &piecePictures,
      .boardPicture = &boardPicture,
  };
  return &table;
}

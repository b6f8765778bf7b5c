// SPDX-License-Identifier: Apache-2.0
// The drawing module: the code that draws with cairo (booklets, sheets, walk-throughs, disassembly sheets,
// the catalog's level chart, the play page's pictures) is built into a module of its own (drawing/), that the
// program loads only when a command draws. A command that only counts or prints text then maps none of
// cairo's libraries (cairo, freetype, fontconfig, pixman, png, X11, xcb...): about half of the program's
// start-up on a small count (BENCHMARKS.md, "Loading and the boxes' counts"). The table below is all the
// program calls; the types are the output headers' own, so module and program come from one build.
#pragma once

#include <string>
#include <vector>

#include "output/booklet.hpp"
#include "output/level_chart.hpp"
#include "output/play/play_pictures.hpp"
#include "output/sheet.hpp"
#include "output/sheet_disassembly.hpp"
#include "output/walkthrough.hpp"

namespace piecework {

struct DrawingModule {
  const char* version;  // the program's version it was built with (PIECEWORK_VERSION)
  BookletOrder (*parseBookletOrder)(const std::string& text);
  std::string (*bookletTitle)(const std::vector<BookletEntry>& entries, const BookletOptions& options);
  BookletResult (*writeBooklet)(const std::string& path, const std::vector<BookletEntry>& entries,
                                const BookletOptions& options);
  void (*useFontFile)(const std::string& path);
  void (*writeSheet)(const std::string& path, const Puzzle& puzzle, const std::vector<int>& givens,
                     const SheetOptions& options);
  void (*writeWalkthrough)(const std::string& path, const Puzzle& puzzle, const std::vector<int>& givens,
                           const CellMarks& marks, const std::vector<WalkthroughStep>& steps, PageSize paper,
                           const std::string& heading);
  int (*writeDisassemblySheet)(const std::string& path, const Puzzle& puzzle, const DisassemblySheet& sheet);
  void (*writeLevelChart)(const std::vector<LevelChartRow>& rows, const std::string& title,
                          const std::string& path);
  PiecePictures (*piecePictures)(const Puzzle& puzzle, double pixelsPerUnit);
  PngPicture (*boardPicture)(const Puzzle& puzzle, const std::vector<int>& placements, const CellMarks& marks,
                             double pixelsPerUnit);
};

// The module's table, loaded on first use (output/drawing_module.cpp): the drawing code linked into this
// process if it is (the tests), else piecework_draw.so beside the running program (the build tree) or in
// LIBDIR/piecework/ above it (an installation, wherever it was moved). Throws InputError naming the paths
// looked at when the module is missing or from another version.
const DrawingModule& drawingModule();

}  // namespace piecework

// The module's one entry (drawing/module.cpp); also linked into the test program.
extern "C" const piecework::DrawingModule* piecework_drawing_module();

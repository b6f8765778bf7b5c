// SPDX-License-Identifier: Apache-2.0
// A disassembly for a person (`piecework sheet --disassembly`): the assembly, then one panel per move in
// isometric view (prisms: layer by layer from above), the pieces that move in their colours and the rest
// pale, an arrow the way they go and the move in words under it. Panels flow across pages, as the
// walk-through's do.
#pragma once

#include <string>
#include <vector>

#include "disassembly/steps.hpp"
#include "output/document.hpp"
#include "puzzle/puzzle.hpp"

namespace piecework {

struct DisassemblySheet {
  std::string heading;                 // on every page: the design and the level
  std::vector<int> placements;         // the assembly (placement ids); the steps' pieces index into it
  std::vector<DisassemblyStep> steps;  // disassemblySteps
  std::vector<std::string> captions;   // per step: the move in words (describeMoves)
  PageSize paper = pageSize(Paper::A4);
};

// Where the panels go (the assembly first, then one per move), in points on their page.
struct DisassemblyLayout {
  PageSize page;
  int columns = 0;
  struct Panel {
    int page = 0;  // 0-based
    double x = 0, y = 0, w = 0;
    double drawingH = 0;  // the drawing's room under the panel's label
    bool opensPage = false;
  };
  std::vector<Panel> panels;
};

// A PDF as many panels a page as fit (twelve on A4: three across, four down; nine on Letter), an SVG or PNG
// one page as tall as the panels need. `legendLines`: the lines the pieces' key under the heading takes.
DisassemblyLayout layoutDisassembly(int moves, PageSize paper, DocumentFormat format, int legendLines);

// Writes the sheet to `path` (.pdf, .svg or .png) atomically; the assembly must be of cubes (drawn in
// isometric view) or triangular prisms (layer by layer from above: output/disassembly_prisms.hpp). Returns
// the pages written. Throws InputError for a bad path.
int writeDisassemblySheet(const std::string& path, const Puzzle& puzzle, const DisassemblySheet& sheet);

}  // namespace piecework

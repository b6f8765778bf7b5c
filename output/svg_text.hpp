// SPDX-License-Identifier: Apache-2.0
// Text in SVG documents kept as <text> elements. cairo 1.16's SVG surface turns every glyph into an outline
// (a <symbol> per glyph), which a designer cannot edit or restyle. A cairo context writing SVG carries a list
// of text runs instead: showText records each run (string, position, font, colour, transform) rather than
// drawing it, and the document appends the runs as <text> elements naming the font when it is written. Text
// is drawn above everything else in the SVG; the drawings never put shapes over text, so the pictures stay
// the same.
#pragma once

#include <cairo.h>
#include <string>
#include <vector>

namespace piecework {

struct TextRun {
  std::string text;  // UTF-8
  double x = 0;      // anchor point in user space (left end, centre or right end by `anchor`), baseline
  double y = 0;
  double anchor = 0;        // 0 start, 0.5 middle, 1 end
  cairo_matrix_t matrix{};  // user space to the page
  std::string family;
  double size = 0;  // points, in user space
  bool bold = false;
  double r = 0, g = 0, b = 0, alpha = 1;
};

// Names `face` (a FreeType face) for SVG's <text> elements: `family`, and bold or not. A face not named keeps
// to "sans-serif", or its toy family when cairo's toy font API made it.
void nameFontFace(cairo_font_face_t* face, const std::string& family, bool bold);

// From now on, text shown through recordText on `cr` goes to `runs` (which must outlive `cr`).
void keepTextAsRuns(cairo_t* cr, std::vector<TextRun>* runs);

// Records the text when `cr` keeps text as runs and returns true; returns false (nothing done) otherwise.
bool recordText(cairo_t* cr, const std::string& text, double x, double y, double anchor);

// How many runs `cr` has recorded (0 when it keeps none), and the runs recorded since `from` made fainter by
// `alpha` (text drawn inside a group painted with that alpha, which <text> elements outside it do not get).
std::size_t recordedTextCount(cairo_t* cr);
void fadeRecordedText(cairo_t* cr, std::size_t from, double alpha);

// The SVG document with the runs added as <text> elements in a group just before its closing </svg>.
std::string withTextElements(const std::string& svg, const std::vector<TextRun>& runs);

}  // namespace piecework

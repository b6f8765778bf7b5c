// SPDX-License-Identifier: Apache-2.0
// The font all page text is drawn in: DejaVu Sans (regular and bold) read from its files, or the face of
// `--font FILE`. Read by FreeType from a known file rather than asked of fontconfig by name, so the same
// input gives the same PDF whatever fonts a machine has and however fontconfig is set up; a missing font or a
// character the font has no glyph for is an error naming it, never another font put in silently.
#pragma once

#include <cairo.h>
#include <string>

namespace piecework {

// Where the default font's files are looked for (CMake's PIECEWORK_FONT_DIR; Debian's fonts-dejavu-core puts
// them in /usr/share/fonts/truetype/dejavu).
std::string defaultFontDirectory();

// Draws all text from now on with the font in `path` (TrueType, OpenType or any face FreeType reads), bold
// text with the same face emboldened by cairo, instead of DejaVu Sans. Throws InputError naming the file when
// it cannot be read as a font. For PDF pages: an SVG keeps naming DejaVu Sans in its <text> elements.
void useFontFile(const std::string& path);

// Sets the font face on `cr` (the default font read on first use: std::runtime_error naming the file and the
// package when it is not installed).
void setFontFace(cairo_t* cr, bool bold);

// Throws InputError naming the first character of `text` that the face set on `cr` has no glyph for (and
// the font), so that text never comes out as empty boxes.
void checkGlyphs(cairo_t* cr, const std::string& text);

}  // namespace piecework

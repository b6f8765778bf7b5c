// SPDX-License-Identifier: Apache-2.0
#include "output/font.hpp"

#include <cairo-ft.h>
#include <fmt/format.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <cstdint>
#include <cstdio>
#include <stdexcept>

#include "output/svg_text.hpp"
#include "puzzle/errors.hpp"

namespace piecework {
namespace {

struct Face {
  FT_Face ft = nullptr;
  cairo_font_face_t* cairo = nullptr;
};

// The faces text is drawn in (regular, bold). They live until the program ends.
Face gRegular, gBold;

FT_Library freeType() {
  static FT_Library library = nullptr;
  if (library == nullptr && FT_Init_FreeType(&library) != 0)
    throw std::runtime_error("cannot start FreeType");
  return library;
}

// The face in `path`; nullptr when the file cannot be read, InputError (naming `what`) when it is no font.
FT_Face openFace(const std::string& path, const std::string& what) {
  if (std::FILE* file = std::fopen(path.c_str(), "rb"))
    std::fclose(file);
  else
    return nullptr;
  FT_Face face = nullptr;
  if (FT_New_Face(freeType(), path.c_str(), 0, &face) != 0 || face == nullptr)
    throw InputError(fmt::format("{}: not a font file FreeType can read", what));
  if ((face->face_flags & FT_FACE_FLAG_SCALABLE) == 0) {
    FT_Done_Face(face);
    throw InputError(fmt::format("{}: a bitmap font; give an outline font (TrueType or OpenType)", what));
  }
  return face;
}

Face defaultFace(const char* file, bool bold) {
  const std::string path = defaultFontDirectory() + "/" + file;
  FT_Face ft = openFace(path, path);
  if (ft == nullptr)
    throw std::runtime_error(
        fmt::format("the font DejaVu Sans{} is not installed (no {}): install "
                    "fonts-dejavu-core, or give booklet --font FILE",
                    bold ? " Bold" : "", path));
  Face face{ft, cairo_ft_font_face_create_for_ft_face(ft, 0)};
  // An SVG names the font in its <text> elements, as it did when cairo's toy font API chose it.
  nameFontFace(face.cairo, "DejaVu Sans", bold);
  return face;
}

void loadDefaultFont() {
  if (gRegular.cairo != nullptr) return;
  const Face regular = defaultFace("DejaVuSans.ttf", false), bold = defaultFace("DejaVuSans-Bold.ttf", true);
  gRegular = regular;
  gBold = bold;
}

// The next code point of UTF-8 `text` from `at` (moved past it); invalid bytes are returned as themselves.
std::uint32_t nextCodePoint(const std::string& text, std::size_t& at) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char first = byte(at++);
  const int more = first >= 0xf0 ? 3 : first >= 0xe0 ? 2 : first >= 0xc0 ? 1 : 0;
  std::uint32_t code = more == 0 ? first : first & (0x3fU >> more);
  for (int k = 0; k < more && at < text.size() && (byte(at) & 0xc0) == 0x80; ++k)
    code = code << 6 | (byte(at++) & 0x3fU);
  return code;
}

}  // namespace

std::string defaultFontDirectory() {
  return PIECEWORK_FONT_DIR;
}

void useFontFile(const std::string& path) {
  const std::string what = "--font " + path;
  // A face of its own for the emboldened one: cairo keeps one font per FreeType face, and bold synthesized on
  // a shared one turns the regular text into a Type 3 fallback too.
  FT_Face ft = openFace(path, what), boldFt = ft == nullptr ? nullptr : openFace(path, what);
  if (ft == nullptr || boldFt == nullptr) throw InputError(fmt::format("{}: cannot read the file", what));
  gRegular = {ft, cairo_ft_font_face_create_for_ft_face(ft, 0)};
  gBold = {boldFt, cairo_ft_font_face_create_for_ft_face(boldFt, 0)};
  cairo_ft_font_face_set_synthesize(gBold.cairo, CAIRO_FT_SYNTHESIZE_BOLD);
}

void setFontFace(cairo_t* cr, bool bold) {
  loadDefaultFont();
  cairo_set_font_face(cr, bold ? gBold.cairo : gRegular.cairo);
}

void checkGlyphs(cairo_t* cr, const std::string& text) {
  const cairo_font_face_t* current = cairo_get_font_face(cr);
  const Face& face = current == gBold.cairo ? gBold : gRegular;
  if (face.ft == nullptr || current != face.cairo) return;  // (a face set by other code: not ours to check)
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t start = at;
    const std::uint32_t code = nextCodePoint(text, at);
    if (code < 0x20 || FT_Get_Char_Index(face.ft, code) != 0) continue;
    throw InputError(
        fmt::format("the font {} has no glyph for U+{:04X} ('{}') in \"{}\"; give booklet --font FILE with a "
                    "font that has it",
                    face.ft->family_name != nullptr ? face.ft->family_name : "in use", code,
                    text.substr(start, at - start), text));
  }
}

}  // namespace piecework

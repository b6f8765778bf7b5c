// SPDX-License-Identifier: Apache-2.0
#include "output/svg_text.hpp"

#include <fmt/format.h>

#include "puzzle/xml_text.hpp"

namespace piecework {
namespace {

const cairo_user_data_key_t kRunsKey{};
const cairo_user_data_key_t kFaceNameKey{};

struct FaceName {
  std::string family;
  bool bold = false;
};

bool isIdentity(const cairo_matrix_t& m) {
  return m.xx == 1 && m.yx == 0 && m.xy == 0 && m.yy == 1 && m.x0 == 0 && m.y0 == 0;
}

}  // namespace

void nameFontFace(cairo_font_face_t* face, const std::string& family, bool bold) {
  auto* name = new FaceName{family, bold};
  cairo_font_face_set_user_data(face, &kFaceNameKey, name,
                                [](void* data) { delete static_cast<FaceName*>(data); });
}

void keepTextAsRuns(cairo_t* cr, std::vector<TextRun>* runs) {
  cairo_set_user_data(cr, &kRunsKey, runs, nullptr);
}

bool recordText(cairo_t* cr, const std::string& text, double x, double y, double anchor) {
  auto* runs = static_cast<std::vector<TextRun>*>(cairo_get_user_data(cr, &kRunsKey));
  if (runs == nullptr) return false;
  TextRun run;
  run.text = text;
  run.x = x;
  run.y = y;
  run.anchor = anchor;
  cairo_get_matrix(cr, &run.matrix);
  cairo_font_face_t* face = cairo_get_font_face(cr);
  if (const auto* name = static_cast<const FaceName*>(cairo_font_face_get_user_data(face, &kFaceNameKey))) {
    run.family = name->family;
    run.bold = name->bold;
  } else if (cairo_font_face_get_type(face) == CAIRO_FONT_TYPE_TOY) {
    run.family = cairo_toy_font_face_get_family(face);
    run.bold = cairo_toy_font_face_get_weight(face) == CAIRO_FONT_WEIGHT_BOLD;
  }
  cairo_matrix_t font{};
  cairo_get_font_matrix(cr, &font);
  run.size = font.yy;
  if (cairo_pattern_get_rgba(cairo_get_source(cr), &run.r, &run.g, &run.b, &run.alpha) !=
      CAIRO_STATUS_SUCCESS)
    run.r = run.g = run.b = 0, run.alpha = 1;
  runs->push_back(std::move(run));
  return true;
}

std::size_t recordedTextCount(cairo_t* cr) {
  const auto* runs = static_cast<std::vector<TextRun>*>(cairo_get_user_data(cr, &kRunsKey));
  return runs == nullptr ? 0 : runs->size();
}

void fadeRecordedText(cairo_t* cr, std::size_t from, double alpha) {
  auto* runs = static_cast<std::vector<TextRun>*>(cairo_get_user_data(cr, &kRunsKey));
  if (runs == nullptr) return;
  for (std::size_t i = from; i < runs->size(); ++i) (*runs)[i].alpha *= alpha;
}

std::string withTextElements(const std::string& svg, const std::vector<TextRun>& runs) {
  const std::size_t end = svg.rfind("</svg>");
  if (end == std::string::npos || runs.empty()) return svg;
  std::string text = "<g id=\"text\">\n";
  for (const TextRun& run : runs) {
    const char* anchor = run.anchor >= 0.75 ? "end" : run.anchor >= 0.25 ? "middle" : "start";
    std::string transform;
    if (!isIdentity(run.matrix))
      transform =
          fmt::format(" transform=\"matrix({:.6g} {:.6g} {:.6g} {:.6g} {:.6g} {:.6g})\"", run.matrix.xx,
                      run.matrix.yx, run.matrix.xy, run.matrix.yy, run.matrix.x0, run.matrix.y0);
    text += fmt::format(
        "<text x=\"{:.3f}\" y=\"{:.3f}\" font-family=\"{}\" font-size=\"{:.3f}\"{} text-anchor=\"{}\" "
        "fill=\"rgb({},{},{})\"{}{}>{}</text>\n",
        run.x, run.y,
        xmlEscaped(run.family.empty() ? std::string("sans-serif") : run.family + ", sans-serif"), run.size,
        run.bold ? " font-weight=\"bold\"" : "", anchor, static_cast<int>(run.r * 255 + 0.5),
        static_cast<int>(run.g * 255 + 0.5), static_cast<int>(run.b * 255 + 0.5),
        run.alpha < 1 ? fmt::format(" fill-opacity=\"{:.3f}\"", run.alpha) : std::string(), transform,
        xmlEscaped(run.text));
  }
  text += "</g>\n";
  return svg.substr(0, end) + text + svg.substr(end);
}

}  // namespace piecework

// SPDX-License-Identifier: Apache-2.0
#include "output/document.hpp"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <fmt/format.h>
#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "output/pdf_metadata.hpp"
#include "puzzle/errors.hpp"

namespace piecework {
namespace {

cairo_status_t writeChunk(void* closure, const unsigned char* data, unsigned int length) {
  auto* doc = static_cast<std::pair<std::FILE*, bool*>*>(closure);
  // A failed write is recorded and the rest of the document dropped; commit() reports it. cairo is told all
  // is well: its PDF surface, told of a write error, can fail an assertion and abort (a nearly full disk).
  if (*doc->second) return CAIRO_STATUS_SUCCESS;
  if (std::fwrite(data, 1, length, doc->first) != length) *doc->second = true;
  return CAIRO_STATUS_SUCCESS;
}

cairo_status_t appendChunk(void* closure, const unsigned char* data, unsigned int length) {
  static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
  return CAIRO_STATUS_SUCCESS;
}
// cairo names an SVG's groups by a counter of the whole process ("surface168" after a few drawings), so the
// same page drawn later in one process (the library's, a test's) would differ from a fresh command's: the ids
// ("id=\"surfaceN\"" and the references "#surfaceN") are numbered again from 1, in order of appearance.
std::string withSequentialSurfaceIds(const std::string& svg) {
  static constexpr std::string_view kName = "surface";
  std::vector<std::pair<std::string, std::string>> renamed;  // (cairo's number, ours)
  std::string out;
  out.reserve(svg.size());
  std::size_t at = 0;
  for (std::size_t found = svg.find(kName); found != std::string::npos; found = svg.find(kName, found + 1)) {
    const bool named =
        (found >= 4 && svg.compare(found - 4, 4, "id=\"") == 0) || (found >= 1 && svg[found - 1] == '#');
    std::size_t end = found + kName.size();
    while (end < svg.size() && std::isdigit(static_cast<unsigned char>(svg[end])) != 0) ++end;
    if (!named || end == found + kName.size()) continue;
    const std::string number = svg.substr(found + kName.size(), end - found - kName.size());
    auto it = std::find_if(renamed.begin(), renamed.end(), [&](const auto& r) { return r.first == number; });
    if (it == renamed.end()) it = renamed.insert(renamed.end(), {number, std::to_string(renamed.size() + 1)});
    out.append(svg, at, found + kName.size() - at);
    out += it->second;
    at = end;
  }
  out.append(svg, at, std::string::npos);
  return out;
}

}  // namespace

Document::Document(std::string path, DocumentFormat format, PageSize size)
    : path_(std::move(path)), format_(format), size_(size), out_(path_, "--out") {
  target_ = {out_.stream(), &writeFailed_};
  // PNG: pixels at twice the points (144 per inch), drawn in points through a scale.
  constexpr double kPngPixelsPerPoint = 2.0;
  if (format_ == DocumentFormat::Png)
    surface_ = cairo_image_surface_create(CAIRO_FORMAT_ARGB32,
                                          static_cast<int>(std::ceil(size_.w * kPngPixelsPerPoint)),
                                          static_cast<int>(std::ceil(size_.h * kPngPixelsPerPoint)));
  else
    surface_ = format_ == DocumentFormat::Pdf
                   ? cairo_pdf_surface_create_for_stream(writeChunk, &target_, size_.w, size_.h)
                   : cairo_svg_surface_create_for_stream(appendChunk, &svg_, size_.w, size_.h);
  if (format_ == DocumentFormat::Svg) cairo_svg_surface_set_document_unit(surface_, CAIRO_SVG_UNIT_PT);
  if (format_ == DocumentFormat::Pdf) {
    try {
      setReproducibleMetadata(surface_);
    } catch (...) {
      discard();
      throw;
    }
  }
  cr_ = cairo_create(surface_);
  if (format_ == DocumentFormat::Png) cairo_scale(cr_, kPngPixelsPerPoint, kPngPixelsPerPoint);
  // SVG text stays text (output/svg_text.hpp); PDF text goes through cairo, which embeds the fonts.
  if (format_ == DocumentFormat::Svg) keepTextAsRuns(cr_, &textRuns_);
  if (const cairo_status_t status = cairo_status(cr_); status != CAIRO_STATUS_SUCCESS) {
    discard();
    throw std::runtime_error(fmt::format("cairo: {}", cairo_status_to_string(status)));
  }
}

Document::~Document() {
  if (!committed_) discard();
}

void Document::discard() {
  if (cr_ != nullptr) cairo_destroy(cr_), cr_ = nullptr;
  if (surface_ != nullptr) {
    cairo_surface_finish(surface_);
    cairo_surface_destroy(surface_);
    surface_ = nullptr;
  }
}

void Document::setInfo(const DocumentInfo& info) {
  if (format_ != DocumentFormat::Pdf) return;
  const std::pair<cairo_pdf_metadata_t, const std::string*> fields[] = {
      {CAIRO_PDF_METADATA_TITLE, &info.title},
      {CAIRO_PDF_METADATA_AUTHOR, &info.author},
      {CAIRO_PDF_METADATA_SUBJECT, &info.subject},
      {CAIRO_PDF_METADATA_KEYWORDS, &info.keywords}};
  for (const auto& [field, value] : fields)
    if (!value->empty()) cairo_pdf_surface_set_metadata(surface_, field, value->c_str());
}

int Document::addBookmark(const std::string& text, int page, int parent) {
  if (format_ != DocumentFormat::Pdf) return 0;
  const std::string link = fmt::format("page={}", page);
  return cairo_pdf_surface_add_outline(surface_, parent, text.c_str(), link.c_str(),
                                       CAIRO_PDF_OUTLINE_FLAG_OPEN);
}

void Document::endPage() {
  cairo_show_page(cr_);
  ++pages_;
}

void Document::commit() {
  const cairo_status_t drawn = cairo_status(cr_);
  cairo_destroy(cr_);
  cr_ = nullptr;
  cairo_status_t png = CAIRO_STATUS_SUCCESS;
  if (format_ == DocumentFormat::Png && drawn == CAIRO_STATUS_SUCCESS)
    png = cairo_surface_write_to_png_stream(surface_, writeChunk, &target_);
  cairo_surface_finish(surface_);
  const cairo_status_t finished = png != CAIRO_STATUS_SUCCESS ? png : cairo_surface_status(surface_);
  cairo_surface_destroy(surface_);
  surface_ = nullptr;
  std::FILE* file = out_.stream();
  bool boxesMissing = false;
  if (format_ == DocumentFormat::Pdf && bleed_ > 0 && finished == CAIRO_STATUS_SUCCESS && !writeFailed_ &&
      std::fflush(file) == 0) {
    std::ifstream written(out_.temporaryPath(), std::ios::binary);
    const std::string pdf((std::istreambuf_iterator<char>(written)), std::istreambuf_iterator<char>());
    // cairo (1.16 to 1.18) has no call for a page's TrimBox and BleedBox: they are added as an incremental
    // update of the pages it wrote. A cairo that writes its pages otherwise fails the booklet here, rather
    // than giving a print shop a PDF without the boxes.
    const std::string boxes = pageBoxesUpdate(pdf, bleed_);
    if (boxes.empty()) boxesMissing = true;
    if (std::fwrite(boxes.data(), 1, boxes.size(), file) != boxes.size()) writeFailed_ = true;
  }
  if (format_ == DocumentFormat::Svg && finished == CAIRO_STATUS_SUCCESS) {
    const std::string svg = withSequentialSurfaceIds(withTextElements(svg_, textRuns_));
    if (std::fwrite(svg.data(), 1, svg.size(), file) != svg.size()) writeFailed_ = true;
  }
  std::string problem;
  if (drawn != CAIRO_STATUS_SUCCESS)
    problem = cairo_status_to_string(drawn);
  else if (finished != CAIRO_STATUS_SUCCESS)
    problem = cairo_status_to_string(finished);
  else if (writeFailed_)
    problem = "write error (disk full?)";
  else if (boxesMissing)
    problem = "this cairo wrote its pages in a form piecework cannot add the trim and bleed boxes to";
  committed_ = true;  // the file is moved into place or removed, whichever commit does
  out_.commit("document", problem);
}

}  // namespace piecework

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
#include <utility>
#include <vector>

#include "output/pdf_metadata.hpp"
#include "puzzle/errors.hpp"

namespace piecework {
namespace {

std::string lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return std::tolower(c); });
  return out;
}

bool endsWith(const std::string& text, const std::string& end) {
  return text.size() >= end.size() && text.compare(text.size() - end.size(), end.size(), end) == 0;
}

}  // namespace

PageSize pageSize(Paper paper) {
  return paper == Paper::A4 ? PageSize{595.28, 841.89} : PageSize{612, 792};
}

double pointsFromMm(double mm) {
  return mm / 25.4 * 72;
}

std::optional<PageSize> parsePaperSize(std::string_view text) {
  const std::string n = lower(text);
  if (n == "a4") return pageSize(Paper::A4);
  if (n == "letter") return pageSize(Paper::Letter);
  if (n == "a5") return PageSize{pointsFromMm(148), pointsFromMm(210)};  // ISO 216
  // WIDTHxHEIGHT: two plain decimal numbers (no sign, no exponent), so "1e3x2" or "-5x9" are refused.
  const std::size_t x = n.find('x');
  if (x == std::string::npos) return std::nullopt;
  const auto number = [](std::string_view digits) -> std::optional<double> {
    if (digits.empty() || digits.size() > 8 || digits.find_first_not_of("0123456789.") != std::string::npos ||
        std::count(digits.begin(), digits.end(), '.') > 1 || digits.front() == '.' || digits.back() == '.')
      return std::nullopt;
    double mm = 0;
    std::from_chars(digits.data(), digits.data() + digits.size(), mm);  // no locale, unlike stod
    if (mm < kMinPaperMm || mm > kMaxPaperMm) return std::nullopt;
    return mm;
  };
  const auto w = number(std::string_view(n).substr(0, x)), h = number(std::string_view(n).substr(x + 1));
  if (!w || !h) return std::nullopt;
  return PageSize{pointsFromMm(*w), pointsFromMm(*h)};
}

PageSize paperOption(std::string_view text) {
  if (const auto size = parsePaperSize(text)) return *size;
  throw InputError(
      fmt::format("--paper {}: expected a4, a5, letter or WIDTHxHEIGHT in millimetres, each side {} to {}",
                  text, kMinPaperMm, kMaxPaperMm));
}

DocumentFormat formatForPath(const std::string& path, std::initializer_list<DocumentFormat> accepted) {
  static constexpr std::array<std::pair<DocumentFormat, const char*>, 3> kExtensions{
      {{DocumentFormat::Pdf, ".pdf"}, {DocumentFormat::Svg, ".svg"}, {DocumentFormat::Png, ".png"}}};
  const std::string p = lower(path);
  std::vector<std::string> names;
  for (const auto& [format, extension] : kExtensions) {
    if (std::find(accepted.begin(), accepted.end(), format) == accepted.end()) continue;
    if (endsWith(p, extension)) return format;
    names.emplace_back(extension);
  }
  const std::string list =
      names.size() == 1
          ? names[0]
          : fmt::format("{} or {}", fmt::join(names.begin(), names.end() - 1, ", "), names.back());
  throw InputError(fmt::format("--out {}: the file name must end in {}", path, list));
}

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
    const std::string svg = withTextElements(svg_, textRuns_);
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

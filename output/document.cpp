#include "output/document.hpp"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>
#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <stdexcept>

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

std::optional<Paper> parsePaper(std::string_view name) {
  const std::string n = lower(name);
  if (n == "a4") return Paper::A4;
  if (n == "letter") return Paper::Letter;
  return std::nullopt;
}

DocumentFormat formatForPath(const std::string& path) {
  const std::string p = lower(path);
  if (endsWith(p, ".pdf")) return DocumentFormat::Pdf;
  if (endsWith(p, ".svg")) return DocumentFormat::Svg;
  throw InputError(fmt::format("--out {}: the file name must end in .pdf or .svg", path));
}

namespace {
cairo_status_t writeChunk(void* closure, const unsigned char* data, unsigned int length) {
  auto* doc = static_cast<std::pair<std::FILE*, bool*>*>(closure);
  if (std::fwrite(data, 1, length, doc->first) != length) {
    *doc->second = true;
    return CAIRO_STATUS_WRITE_ERROR;
  }
  return CAIRO_STATUS_SUCCESS;
}
}  // namespace

Document::Document(std::string path, DocumentFormat format, PageSize size)
    : path_(std::move(path)), format_(format), size_(size) {
  const std::size_t slash = path_.rfind('/');
  const std::string dir = slash == std::string::npos ? "." : path_.substr(0, slash == 0 ? 1 : slash);
  const std::string base = slash == std::string::npos ? path_ : path_.substr(slash + 1);
  if (base.empty()) throw InputError(fmt::format("--out {}: not a file name", path_));
  std::string pattern = dir + "/." + base + ".tmp-XXXXXX";
  const int fd = mkstemp(pattern.data());
  if (fd < 0) throw InputError(fmt::format("--out {}: cannot write there ({})", path_, std::strerror(errno)));
  temp_ = pattern;
  // mkstemp creates the file private to its owner; give it the usual permissions.
  const mode_t mask = umask(0);
  umask(mask);
  fchmod(fd, 0666 & ~mask);
  file_ = fdopen(fd, "wb");
  if (file_ == nullptr) {
    ::close(fd);
    ::unlink(temp_.c_str());
    throw std::runtime_error(fmt::format("{}: cannot open the temporary file", temp_));
  }
  target_ = {file_, &writeFailed_};
  surface_ = format_ == DocumentFormat::Pdf
                 ? cairo_pdf_surface_create_for_stream(writeChunk, &target_, size_.w, size_.h)
                 : cairo_svg_surface_create_for_stream(writeChunk, &target_, size_.w, size_.h);
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
  if (cairo_status(cr_) != CAIRO_STATUS_SUCCESS) {
    discard();
    throw std::runtime_error(fmt::format("cairo: {}", cairo_status_to_string(cairo_status(cr_))));
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
  if (file_ != nullptr) std::fclose(file_), file_ = nullptr;
  if (!temp_.empty()) ::unlink(temp_.c_str()), temp_.clear();
}

void Document::endPage() {
  cairo_show_page(cr_);
  ++pages_;
}

void Document::commit() {
  const cairo_status_t drawn = cairo_status(cr_);
  cairo_destroy(cr_);
  cr_ = nullptr;
  cairo_surface_finish(surface_);
  const cairo_status_t finished = cairo_surface_status(surface_);
  cairo_surface_destroy(surface_);
  surface_ = nullptr;
  const bool flushed = std::fflush(file_) == 0 && fsync(fileno(file_)) == 0;
  const bool closed = std::fclose(file_) == 0;
  file_ = nullptr;
  std::string problem;
  if (drawn != CAIRO_STATUS_SUCCESS)
    problem = cairo_status_to_string(drawn);
  else if (finished != CAIRO_STATUS_SUCCESS)
    problem = cairo_status_to_string(finished);
  else if (writeFailed_ || !flushed || !closed)
    problem = "write error (disk full?)";
  else if (std::rename(temp_.c_str(), path_.c_str()) != 0)
    problem = std::strerror(errno);
  if (!problem.empty()) {
    discard();
    throw std::runtime_error(fmt::format("{}: cannot write the document: {}", path_, problem));
  }
  temp_.clear();
  committed_ = true;
}

}  // namespace piecework

// SPDX-License-Identifier: Apache-2.0
// A cairo document (PDF, SVG or PNG) written atomically (puzzle/replacing_file.hpp): the target is replaced
// only when the whole document was written. A failure leaves no partial file behind.
#pragma once

#include <cairo.h>
#include <cstdio>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "output/svg_text.hpp"
#include "puzzle/replacing_file.hpp"

namespace piecework {

enum class Paper { A4, Letter };

struct PageSize {
  double w = 0;  // points
  double h = 0;
};

PageSize pageSize(Paper paper);

// The page sizes a sheet or booklet may have, in millimetres per side: from A6's short side to a little over
// A2's.
inline constexpr double kMinPaperMm = 105;
inline constexpr double kMaxPaperMm = 600;
// Points for millimetres (1 inch = 25.4 mm = 72 pt).
double pointsFromMm(double mm);
// A page's paper: "a4", "a5", "letter" (case-insensitive) or WIDTHxHEIGHT in millimetres ("148x210"),
// each side kMinPaperMm to kMaxPaperMm; nullopt otherwise.
std::optional<PageSize> parsePaperSize(std::string_view text);
// The --paper option of every command that prints pages (sheet, booklet): parsePaperSize, or an InputError
// naming the option, what it was given and what it takes.
PageSize paperOption(std::string_view text);

enum class DocumentFormat { Pdf, Svg, Png };
// From the file name's extension (.pdf, .svg or .png, case-insensitive); throws InputError, naming only the
// formats the command writes (`accepted`), for anything else. SVG and PNG documents hold one page; PNG is
// drawn at 144 pixels per inch.
DocumentFormat formatForPath(const std::string& path,
                             std::initializer_list<DocumentFormat> accepted = {
                                 DocumentFormat::Pdf, DocumentFormat::Svg, DocumentFormat::Png});

struct DocumentInfo {
  std::string title;
  std::string author;
  std::string subject;
  std::string keywords;
};

class Document {
 public:
  // Throws InputError when the temporary file cannot be created (for example, a missing directory).
  Document(std::string path, DocumentFormat format, PageSize size);
  ~Document();
  Document(const Document&) = delete;
  Document& operator=(const Document&) = delete;

  cairo_t* cr() { return cr_; }
  PageSize size() const { return size_; }
  // Ends the current page; the next drawing starts a new one. SVG documents hold exactly one page.
  void endPage();
  int pages() const { return pages_; }
  // The PDF's document information (title, author, subject, keywords); empty ones are left out. Other
  // formats have no place for it and ignore it.
  void setInfo(const DocumentInfo& info);
  // A bookmark (PDF outline entry) to the top of 1-based `page`, under `parent` (0: top level); returns its
  // id, the parent of entries nested in it. Other formats ignore it and return 0.
  int addBookmark(const std::string& text, int page, int parent = 0);
  // A PDF whose pages are the trimmed page grown by `bleed` points on each side: each page gets a /TrimBox
  // and a /BleedBox (appended as an incremental update on commit, since cairo cannot set them).
  void setBleed(double bleed) { bleed_ = bleed; }
  // Finishes the document and moves it into place. Throws std::runtime_error when cairo or the file system
  // failed; the target is then untouched.
  void commit();

 private:
  void discard();
  std::string path_;
  DocumentFormat format_;
  PageSize size_;
  ReplacingFile out_;
  std::pair<std::FILE*, bool*> target_{nullptr, nullptr};  // what cairo's write callback writes to
  std::string svg_;                                        // an SVG document, written out on commit
  std::vector<TextRun> textRuns_;                          // its text, added as <text> elements
  cairo_surface_t* surface_ = nullptr;
  cairo_t* cr_ = nullptr;
  int pages_ = 0;
  double bleed_ = 0;
  bool writeFailed_ = false;
  bool committed_ = false;
};

}  // namespace piecework

// SPDX-License-Identifier: Apache-2.0
// Printable booklets: a title page, the challenges numbered and grouped by level (Starter..Wizard), then the
// answer key at the back: boards only, small and many to a page, in booklet order.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "output/document.hpp"
#include "output/draw.hpp"
#include "output/panel.hpp"
#include "puzzle/challenge.hpp"
#include "puzzle/puzzle.hpp"
#include "rater/rater.hpp"

namespace piecework {

// One challenge of a booklet, in plain form (the catalog's records are turned into these by the caller).
struct BookletEntry {
  const Puzzle* puzzle = nullptr;
  std::vector<int> givens;    // placement ids
  CellMarks marks;            // what the challenge gives beyond placed pieces (a window's colours, marks)
  std::vector<int> solution;  // placement ids of the whole solution (empty: no answer known)
  Level level = Level::Starter;
  double score = 0;
  std::int64_t id = 0;  // the catalog's id, if any (not printed)
};

// Where the answers go: an answer key at the back, or each page's answers upside down in a strip at its foot
// (as puzzle magazines print them).
enum class AnswersAt { Back, Foot };

// The order of a booklet's challenges (--order). Puzzle: puzzles by name, each from Starter to Wizard. Level:
// levels from Starter to Wizard, each with its puzzles by name. Generated: as stored in the catalog (by id),
// a group per run of one puzzle at one level. List: the puzzles in the order named (each from Starter to
// Wizard). Within a group, as the entries come.
struct BookletOrder {
  enum class By { Puzzle, Level, Generated, List };
  By by = By::Puzzle;
  std::vector<std::string> puzzles;  // By::List: every puzzle of the booklet, by name
};

// "puzzle", "level", "generated" or a comma-separated list of puzzle names; InputError otherwise.
BookletOrder parseBookletOrder(const std::string& text);

struct BookletOptions {
  BookletOrder order;
  PageSize page = pageSize(Paper::A4);  // the trimmed page, in points
  // Bleed in points on each side (0 to kMaxBleedMm): the PDF page grows by it, with crop marks in it at the
  // corners of the trimmed page.
  double bleed = 0;
  int perPage = 4;          // challenges per page, 1..12
  int answersPerPage = 18;  // answer boards per page, 1..40
  bool solutions = true;    // print the answers
  AnswersAt answersAt = AnswersAt::Back;
  std::string title;     // default: "<puzzle title> challenges"
  std::string subtitle;  // an extra line on the title page
  // The PDF's document information: empty title, subject and keywords get defaults (bookletInfo); an empty
  // author is left out.
  std::string author;
  std::string subject;
  std::string keywords;
  // Front matter: a cover before the title page (the title, author and puzzles), and an imprint page after
  // it (title, author, edition, date, ISBN).
  bool cover = false;
  bool imprintPage = false;
  std::string isbn;  // checked by the caller (validIsbn)
  std::string edition;
  std::string date;
  std::string copyright;  // the imprint page's lines a print shop asks for (output/imprint.hpp)
  std::string publisher;
  std::string rights;
  std::string address;  // lines split at '/' or a newline
  // Blank pages at the end up to a multiple of this many pages (1: none; 4 for saddle stitching).
  int padTo = 1;
};

inline constexpr double kMaxBleedMm = 10;
inline constexpr int kMaxPadTo = 64;

struct BookletResult {
  int pages = 0;
  int frontPages = 1;  // cover, title page, imprint page, the rules' pages of their own
  int rulesPages = 0;  // "How to play" that did not fit under the title page's contents
  int challengePages = 0;
  int answerPages = 0;
  int blankPages = 0;               // at the end, to a multiple of options.padTo
  std::vector<std::int64_t> order;  // entry ids in booklet order (numbers 1..N)
};

// The booklet order (options.order): indices into entries. InputError when a list leaves out a puzzle of the
// booklet or names one it does not have.
std::vector<std::size_t> bookletOrder(const std::vector<BookletEntry>& entries,
                                      const BookletOrder& order = {});

// Pages the booklet will have: the front pages (title, and cover and imprint when asked for) + per group of
// one puzzle and level ceil(n / perPage) challenge pages + ceil(N / answersPerPage) answer pages for all N
// challenges (none when options.solutions is false or the answers go at the foot of the pages).
BookletResult bookletPages(const std::vector<BookletEntry>& entries, const BookletOptions& options);

// The title printed on the title page: options.title, or "<puzzle title> challenges".
std::string bookletTitle(const std::vector<BookletEntry>& entries, const BookletOptions& options);

// The PDF's document information: the options' values, or the booklet's title, a subject naming the count,
// puzzles and levels ("6 IQ Fit challenges, levels Starter to Expert, with answers") and keywords naming the
// puzzles and levels.
DocumentInfo bookletInfo(const std::vector<BookletEntry>& entries, const BookletOptions& options);

// One challenge panel of the booklet's challenge pages: the page (1-based), the entry, the panel's box inside
// its frame (points on the trimmed page) and the board and pieces laid out in it, as writeBooklet draws them.
struct BookletPanel {
  int page = 0;
  std::size_t entry = 0;
  Rect box;
  PanelLayout layout;
};
std::vector<BookletPanel> bookletPanels(const std::vector<BookletEntry>& entries,
                                        const BookletOptions& options);

// Writes the booklet as PDF to `path` atomically. Throws InputError for bad options or a bad path.
BookletResult writeBooklet(const std::string& path, const std::vector<BookletEntry>& entries,
                           const BookletOptions& options);

}  // namespace piecework

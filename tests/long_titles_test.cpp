// SPDX-License-Identifier: Apache-2.0
// Long puzzle titles stay on the page: booklet headers, the title page and sheet headings get a smaller font,
// then wrap or are cut short with "…", inside the margins and clear of the number and level dots. Checked
// from outside on the real binary's PDFs with poppler's pdftotext -bbox (the position of every word), and the
// fitting helper directly on a cairo surface.
#include <gtest/gtest.h>

#include <cairo.h>
#include <fmt/format.h>
#include <regex>
#include <string>
#include <vector>

#include "output/draw.hpp"
#include "output/page_text.hpp"
#include "support/run.hpp"

using piecework::test::runPiecework;

namespace {

// The shipped puzzle with the longest title: "Pentominoes, 8 x 8 square without its central 2 x 2".
constexpr const char* kPuzzle = "pentominoes-8x8-hole";
constexpr const char* kChallenge = "VZ.....I/VZZZ...I/VVVZ...I/...##..I/...##..I/......../......../........";
// Half an inch: no printed word may come closer than this to a page's edge.
constexpr double kSafe = 36;

bool havePdftotext() {
  return piecework::test::runShell("command -v pdftotext").status == 0;
}

struct Word {
  double x0, y0, x1, y1;
  std::string text;
};

struct Page {
  double w = 0, h = 0;
  std::vector<Word> words;
};

// One page of a PDF as pdftotext -bbox sees it.
Page pageOf(const std::string& pdf, int number) {
  const auto r = piecework::test::runShell(fmt::format("pdftotext -bbox -f {0} -l {0} '{1}' -", number, pdf));
  EXPECT_EQ(r.status, 0) << r.out;
  Page page;
  std::smatch m;
  if (std::regex_search(r.out, m, std::regex(R"re(<page width="([\d.]+)" height="([\d.]+)">)re")))
    page.w = std::stod(m[1]), page.h = std::stod(m[2]);
  const std::regex word(
      R"re(<word xMin="([-\d.]+)" yMin="([-\d.]+)" xMax="([-\d.]+)" yMax="([-\d.]+)">([^<]*)</word>)re");
  for (auto it = std::sregex_iterator(r.out.begin(), r.out.end(), word); it != std::sregex_iterator(); ++it)
    page.words.push_back(
        {std::stod((*it)[1]), std::stod((*it)[2]), std::stod((*it)[3]), std::stod((*it)[4]), (*it)[5]});
  return page;
}

// Every word of the page at least kSafe points from each edge.
void expectInside(const Page& page, const std::string& what) {
  ASSERT_GT(page.w, 0) << what;
  ASSERT_FALSE(page.words.empty()) << what;
  for (const Word& w : page.words) {
    EXPECT_GE(w.x0, kSafe) << what << ": \"" << w.text << "\" starts at " << w.x0;
    EXPECT_LE(w.x1, page.w - kSafe) << what << ": \"" << w.text << "\" ends at " << w.x1 << " of " << page.w;
  }
}

const Word* find(const Page& page, const std::string& text, double below = 1e9) {
  for (const Word& w : page.words)
    if (w.text == text && w.y1 < below) return &w;
  return nullptr;
}

// A catalog holding one Expert challenge of the puzzle, made once.
const std::string& catalog() {
  static const std::string path = [] {
    const std::string dir = piecework::test::tempDir();
    const auto made = runPiecework(fmt::format(
        "generate {} --level Expert --count 1 --seed 2 --quiet --db '{}/c.sqlite'", kPuzzle, dir));
    EXPECT_EQ(made.status, 0) << made.err;
    return dir + "/c.sqlite";
  }();
  return path;
}

}  // namespace

TEST(LongTitles, BookletChallengeHeaderKeepsLevelClearOfTheNumber) {
  if (!havePdftotext()) GTEST_SKIP() << "poppler-utils not installed";
  const std::string dir = piecework::test::tempDir();
  for (const char* paper : {"a4", "a5", "letter"}) {
    const std::string pdf = fmt::format("{}/{}.pdf", dir, paper);
    const auto r =
        runPiecework(fmt::format("booklet --db '{}' --paper {} --out '{}'", catalog(), paper, pdf));
    ASSERT_EQ(r.status, 0) << r.err;
    const Page page = pageOf(pdf, 2);  // the challenge page
    expectInside(page, fmt::format("{} challenge page", paper));
    // The header is the line above the first cell (within the top 70 points).
    const Word* number = find(page, "no.", 70);
    const Word* level = find(page, "Expert", 70);
    const Word* first = find(page, "Pentominoes,", 70);
    ASSERT_NE(number, nullptr) << paper;
    ASSERT_NE(level, nullptr) << paper << ": the level's name is in the header";
    ASSERT_NE(first, nullptr) << paper;
    for (const Word& w : page.words)
      if (w.y1 < 70 && w.x0 < number->x0) {
        EXPECT_LT(w.x1, number->x0) << paper << ": \"" << w.text << "\"";
      }
    EXPECT_LT(level->x1, number->x0) << paper << ": the level's name runs into the number";
  }
}

TEST(LongTitles, TitlePageTitleStaysOnSmallPaper) {
  if (!havePdftotext()) GTEST_SKIP() << "poppler-utils not installed";
  const std::string dir = piecework::test::tempDir();
  for (const char* paper : {"a4", "a5"}) {
    const std::string pdf = fmt::format("{}/{}.pdf", dir, paper);
    const auto r =
        runPiecework(fmt::format("booklet --db '{}' --paper {} --cover --out '{}'", catalog(), paper, pdf));
    ASSERT_EQ(r.status, 0) << r.err;
    for (int n : {1, 2}) {  // the cover and the title page
      const Page page = pageOf(pdf, n);
      expectInside(page, fmt::format("{} page {}", paper, n));
    }
    // The whole title is on the title page, however many lines it takes.
    const auto text =
        piecework::test::runShell(fmt::format("pdftotext -f 2 -l 2 '{}' - | tr '\\n' ' '", pdf));
    EXPECT_NE(text.out.find("Pentominoes, 8 x 8 square without its central 2 x 2 challenges"),
              std::string::npos)
        << paper << ": " << text.out;
  }
}

TEST(LongTitles, SheetHeadingStaysOnThePage) {
  if (!havePdftotext()) GTEST_SKIP() << "poppler-utils not installed";
  const std::string dir = piecework::test::tempDir();
  for (const char* paper : {"a4", "a5"}) {
    const std::string pdf = fmt::format("{}/{}.pdf", dir, paper);
    const auto r = runPiecework(fmt::format("sheet {} --challenge '{}' --solution --paper {} --out '{}'",
                                            kPuzzle, kChallenge, paper, pdf));
    ASSERT_EQ(r.status, 0) << r.err;
    expectInside(pageOf(pdf, 1), fmt::format("{} sheet", paper));
    const auto text = piecework::test::runShell(fmt::format("pdftotext '{}' - | tr '\\n' ' '", pdf));
    EXPECT_NE(text.out.find("Pentominoes, 8 x 8 square without its central 2 x 2"), std::string::npos)
        << paper << ": " << text.out;
  }
}

// The helper itself, on a cairo surface: text that fits is left alone at its size; a long text shrinks to the
// least size, then is cut short with "…" before the end it must keep, or wraps into the lines allowed.
TEST(LongTitles, FitTextShrinksThenElidesOrWraps) {
  cairo_surface_t* surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 10, 10);
  cairo_t* cr = cairo_create(surface);
  const std::string shortText = "IQ Fit \xc2\xb7 Expert";
  auto fitted = piecework::fitText(cr, shortText, 400, {.size = 14, .minSize = 9, .bold = true});
  EXPECT_EQ(fitted.size, 14);
  EXPECT_EQ(fitted.lines, std::vector<std::string>{shortText});

  const std::string level = " \xc2\xb7 Expert";
  const std::string longText = "Pentominoes, 8 x 8 square without its central 2 x 2" + level;
  fitted = piecework::fitText(cr, longText, 200, {.size = 14, .minSize = 9, .bold = true}, level);
  EXPECT_EQ(fitted.size, 9);
  ASSERT_EQ(fitted.lines.size(), 1U);
  const std::string& line = fitted.lines.front();
  const std::string cut = "\xe2\x80\xa6" + level;
  ASSERT_GT(line.size(), cut.size());
  EXPECT_EQ(line.substr(line.size() - cut.size()), cut) << line;
  EXPECT_EQ(line.rfind("Pentominoes, 8 x 8", 0), 0U) << line;
  piecework::setFont(cr, 9, true);
  EXPECT_LE(piecework::textWidth(cr, line), 200) << line;

  fitted = piecework::fitText(cr, longText, 200, {.size = 14, .minSize = 9, .bold = true, .maxLines = 3});
  ASSERT_GE(fitted.lines.size(), 2U);
  std::string joined;
  for (const std::string& l : fitted.lines) {
    EXPECT_LE(piecework::textWidth(cr, l), 200) << l;
    joined += (joined.empty() ? "" : " ") + l;
  }
  EXPECT_EQ(joined, longText);

  // Text of spaces alone too wide for the width has no word to wrap at: it is still one line that fits
  // (callers place lines by their count; none put a sheet's board millions of points off the page).
  fitted = piecework::fitText(cr, std::string(300, ' '), 200, {.size = 14, .minSize = 9, .maxLines = 2});
  ASSERT_EQ(fitted.lines.size(), 1U);
  EXPECT_LE(piecework::textWidth(cr, fitted.lines.front()), 200);
  cairo_destroy(cr);
  cairo_surface_destroy(surface);
}

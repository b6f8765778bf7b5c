// SPDX-License-Identifier: Apache-2.0
// Press-ready booklets (issue 30): paper sizes, PDF metadata and bookmarks, bleed with crop marks, cover and
// imprint. Checked from outside with poppler (pdfinfo, pdftotext, pdftoppm) on the real binary's output;
// expected sizes come from the paper standards (ISO 216, ANSI letter), not from the code.
#include <gtest/gtest.h>

#include <fmt/format.h>
#include <sys/wait.h>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <sstream>
#include <string>

#include "output/booklet.hpp"
#include "output/imprint.hpp"
#include "puzzle/definition.hpp"
#include "solver/solver.hpp"
#include "support/json_lines.hpp"
#include "support/run.hpp"

namespace fs = std::filesystem;
using piecework::test::runPiecework;

namespace {

using Shell = piecework::test::RunResult;
// Another program (pdfinfo, a script), its standard error merged into the output.
Shell shell(const std::string& command) {
  return piecework::test::runShell(command);
}

bool havePoppler() {
  return shell("command -v pdfinfo && command -v pdftotext && command -v pdftoppm").status == 0;
}

constexpr double kPointsPerMm = 72 / 25.4;

// The value of one "Key: value" line of pdfinfo's output ("" when missing).
std::string pdfinfoField(const std::string& info, const std::string& key) {
  std::istringstream lines(info);
  for (std::string line; std::getline(lines, line);)
    if (line.rfind(key + ":", 0) == 0) {
      const auto start = line.find_first_not_of(' ', key.size() + 1);
      return start == std::string::npos ? "" : line.substr(start);
    }
  return "";
}

struct Size {
  double w = 0, h = 0;
};

// pdfinfo's "Page size:" ("419.528 x 595.276 pts (A5)") of the first page.
Size pageSize(const std::string& pdf) {
  const Shell r = shell(fmt::format("pdfinfo '{}'", pdf));
  Size size;
  if (r.status != 0) return size;
  std::sscanf(pdfinfoField(r.out, "Page size").c_str(), "%lf x %lf", &size.w, &size.h);
  return size;
}

int pages(const std::string& pdf) {
  const std::string n = pdfinfoField(shell(fmt::format("pdfinfo '{}'", pdf)).out, "Pages");
  return n.empty() ? -1 : std::stoi(n);
}

// A catalog of a few generated IQ Fit challenges at two levels, made once for all tests.
const std::string& catalog() {
  static const std::string path = [] {
    const std::string dir = piecework::test::tempDir();
    for (const char* level : {"Starter", "Expert"}) {
      const auto made = runPiecework(fmt::format(
          "generate iq-fit --level {} --count 3 --seed 7 --quiet --db '{}/c.sqlite' >/dev/null", level, dir));
      EXPECT_EQ(made.status, 0) << made.err;
    }
    return dir + "/c.sqlite";
  }();
  return path;
}

std::string booklet(const std::string& out, const std::string& options) {
  return fmt::format("booklet --db '{}' --out '{}' {}", catalog(), out, options);
}

}  // namespace

TEST(PressPaper, PageSizesInPointsFollowThePaperStandards) {
  if (!havePoppler()) GTEST_SKIP() << "poppler-utils not installed";
  const std::string dir = piecework::test::tempDir();
  struct Case {
    const char* paper;
    double wMm, hMm;
  };
  // ISO 216: A4 210 x 297 mm, A5 148 x 210 mm; US letter 8.5 x 11 in = 215.9 x 279.4 mm.
  for (const Case& c : {Case{"a4", 210, 297}, Case{"A5", 148, 210}, Case{"letter", 215.9, 279.4},
                        Case{"148x210", 148, 210}, Case{"200x250.5", 200, 250.5}}) {
    const std::string pdf = fmt::format("{}/{}.pdf", dir, c.paper);
    const auto r = runPiecework(booklet(pdf, fmt::format("--paper {}", c.paper)));
    ASSERT_EQ(r.status, 0) << c.paper << ": " << r.err;
    const Size size = pageSize(pdf);
    EXPECT_NEAR(size.w, c.wMm * kPointsPerMm, 0.01) << c.paper;
    EXPECT_NEAR(size.h, c.hMm * kPointsPerMm, 0.01) << c.paper;
  }
  EXPECT_NEAR(pageSize(dir + "/A5.pdf").w, 419.53, 0.01);
  EXPECT_NEAR(pageSize(dir + "/A5.pdf").h, 595.28, 0.01);
}

TEST(PressPaper, EveryA5PageRenders) {
  if (!havePoppler()) GTEST_SKIP() << "poppler-utils not installed";
  const std::string dir = piecework::test::tempDir();
  ASSERT_EQ(runPiecework(booklet(dir + "/a5.pdf", "--paper a5")).status, 0);
  const int n = pages(dir + "/a5.pdf");
  // 3 Starter and 3 Expert challenges: two a page on A5 unless --per-page says otherwise, so 1 title page,
  // 2 + 2 challenge pages, 1 answer page; four a page give 1 + 1 + 1 + 1.
  EXPECT_EQ(n, 1 + 2 + 2 + 1);
  ASSERT_EQ(runPiecework(booklet(dir + "/a5-4.pdf", "--paper a5 --per-page 4")).status, 0);
  EXPECT_EQ(pages(dir + "/a5-4.pdf"), 1 + 1 + 1 + 1);
  ASSERT_EQ(shell(fmt::format("pdftoppm -png -r 30 '{0}/a5.pdf' '{0}/page'", dir)).status, 0);
  int rendered = 0;
  for (const auto& f : fs::directory_iterator(dir))
    if (f.path().extension() == ".png" && fs::file_size(f.path()) > 500) ++rendered;
  EXPECT_EQ(rendered, n);
}

TEST(PressPaper, BadPaperIsOneLineNamingTheOption) {
  const std::string dir = piecework::test::tempDir();
  for (const char* bad : {"a3", "b5", "148x", "x210", "148x210x3", "-148x210", "1e3x210", "100x210",
                          "148x601", "148.x210", "148 x 210", "0x0", ""}) {
    const auto r = runPiecework(booklet(dir + "/bad.pdf", fmt::format("--paper '{}'", bad)));
    EXPECT_EQ(r.status, 2) << bad << ": " << r.err;
    EXPECT_NE(r.err.find("--paper"), std::string::npos) << bad << ": " << r.err;
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << bad << ": " << r.err;
  }
  EXPECT_FALSE(fs::exists(dir + "/bad.pdf"));
}

TEST(PressPaper, SheetTakesTheBookletsPaperSizes) {
  if (!havePoppler()) GTEST_SKIP() << "poppler-utils not installed";
  const std::string dir = piecework::test::tempDir();
  struct Case {
    const char* paper;
    double wMm, hMm;
  };
  // The same standards as above: ISO 216 A4 and A5, US letter 8.5 x 11 in, and a size in millimetres.
  for (const Case& c : {Case{"a4", 210, 297}, Case{"a5", 148, 210}, Case{"Letter", 215.9, 279.4},
                        Case{"170x240", 170, 240}}) {
    for (const char* mode : {"--solution", "--explain"}) {
      const std::string pdf = fmt::format("{}/{}{}.pdf", dir, c.paper, mode);
      // A challenge with one solution (--explain needs that), as in first_hint_test.
      const auto r = runPiecework(fmt::format(
          "sheet iq-fit --challenge '........../..n......./.nnn....../..p...SS../.ppppSSSS.' --out '{}' "
          "--paper {} {}",
          pdf, c.paper, mode));
      ASSERT_EQ(r.status, 0) << c.paper << mode << ": " << r.err;
      const Size size = pageSize(pdf);
      EXPECT_NEAR(size.w, c.wMm * kPointsPerMm, 0.01) << c.paper << mode;
      EXPECT_NEAR(size.h, c.hMm * kPointsPerMm, 0.01) << c.paper << mode;
    }
  }
}

TEST(PressPaper, AnswerBoardsNameRowsAndColumns) {
  if (!havePoppler()) GTEST_SKIP() << "poppler-utils not installed";
  // IQ Fit's cells are r1c1..r5c10 in hints: its answer boards carry the same words, as its challenge boards,
  // also where the boards are smallest (A5, 40 answers a page: 4-point labels beside 8-point cells and more).
  const std::string dir = piecework::test::tempDir();
  ASSERT_EQ(runPiecework(
                fmt::format("generate iq-fit --level Starter --count 18 --seed 3 --quiet --db '{}/c.sqlite' "
                            ">/dev/null",
                            dir))
                .status,
            0);
  for (const char* options : {"", "--paper a5", "--paper a5 --answers-per-page 40"}) {
    ASSERT_EQ(
        runPiecework(fmt::format("booklet --db '{0}/c.sqlite' --out '{0}/b.pdf' {1}", dir, options)).status,
        0)
        << options;
    const int last = pages(dir + "/b.pdf");
    const Shell text = shell(fmt::format("pdftotext -f {0} -l {0} '{1}/b.pdf' -", last, dir));
    ASSERT_EQ(text.status, 0) << text.out;
    EXPECT_NE(text.out.find("Answers"), std::string::npos) << options << "\n" << text.out;
    for (const char* label : {"r1", "r5", "c1", "c10"}) {
      // One of each per answer board: 18 on the last page (as words: pdftotext may join close labels in a
      // line).
      std::istringstream words(text.out);
      int boards = 0;
      for (std::string word; words >> word;) boards += word == label ? 1 : 0;
      EXPECT_EQ(boards, 18) << options << ": " << label << "\n" << text.out;
    }
  }
}

TEST(PressPaper, SheetAndBookletRefuseABadPaperWithTheSameLine) {
  const std::string dir = piecework::test::tempDir();
  for (const char* bad : {"a3", "148x601", "legal", ""}) {
    const auto b = runPiecework(booklet(dir + "/bad.pdf", fmt::format("--paper '{}'", bad)));
    const auto s =
        runPiecework(fmt::format("sheet iq-fit --challenge '' --out '{}/bad.pdf' --paper '{}'", dir, bad));
    EXPECT_EQ(s.status, 2) << bad << ": " << s.err;
    EXPECT_EQ(s.err, b.err) << bad;
    EXPECT_NE(s.err.find(fmt::format("--paper {}: expected a4, a5, letter or WIDTHxHEIGHT", bad)),
              std::string::npos)
        << s.err;
  }
  EXPECT_FALSE(fs::exists(dir + "/bad.pdf"));
}

namespace {

// The PDF's outline (bookmarks) as poppler reads it: pdftohtml -xml lists it as nested <outline> elements of
// <item page="N">text</item>; returned one line per item, "N text", indented by two spaces per level.
std::string outline(const std::string& pdf) {
  const Shell r = shell(fmt::format("pdftohtml -xml -stdout -i -q '{}'", pdf));
  std::string out;
  int depth = -1;
  std::istringstream lines(r.out.substr(std::min(r.out.size(), r.out.find("<outline>"))));
  for (std::string line; std::getline(lines, line);) {
    if (line == "<outline>") ++depth;
    if (line == "</outline>") --depth;
    const auto page = line.find("<item page=\"");
    if (page == std::string::npos) continue;
    const auto close = line.find("\">", page);
    const auto end = line.find("</item>", close);
    out += std::string(2 * static_cast<std::size_t>(std::max(depth, 0)), ' ') +
           line.substr(page + 12, close - page - 12) + " " + line.substr(close + 2, end - close - 2) + "\n";
  }
  return out;
}

}  // namespace

TEST(PressMetadata, TitleAuthorSubjectKeywordsFromOptionsOrDefaults) {
  if (!havePoppler()) GTEST_SKIP() << "poppler-utils not installed";
  const std::string dir = piecework::test::tempDir();
  ASSERT_EQ(runPiecework(booklet(dir + "/plain.pdf", "")).status, 0);
  std::string info = shell(fmt::format("pdfinfo '{}/plain.pdf'", dir)).out;
  // Defaults: the title printed on the title page; what the booklet holds (3 Starter, 3 Expert IQ Fit).
  EXPECT_EQ(pdfinfoField(info, "Title"), "IQ Fit challenges");
  EXPECT_EQ(pdfinfoField(info, "Subject"), "6 IQ Fit challenges, levels Starter to Expert, with answers");
  EXPECT_EQ(pdfinfoField(info, "Keywords"), "puzzle, challenges, IQ Fit, Starter, Expert");
  EXPECT_EQ(pdfinfoField(info, "Author"), "");

  ASSERT_EQ(runPiecework(booklet(dir + "/named.pdf",
                                 "--title 'Fit (vol. 1)' --author 'Zoë Ångström' --subject 'Rainy days' "
                                 "--keywords 'fit, travel'"))
                .status,
            0);
  info = shell(fmt::format("pdfinfo '{}/named.pdf'", dir)).out;
  EXPECT_EQ(pdfinfoField(info, "Title"), "Fit (vol. 1)");
  EXPECT_EQ(pdfinfoField(info, "Author"), "Zoë Ångström");
  EXPECT_EQ(pdfinfoField(info, "Subject"), "Rainy days");
  EXPECT_EQ(pdfinfoField(info, "Keywords"), "fit, travel");
}

TEST(PressMetadata, BookmarksPerLevelAndForTheAnswerKey) {
  if (!havePoppler()) GTEST_SKIP() << "poppler-utils not installed";
  const std::string dir = piecework::test::tempDir();
  ASSERT_EQ(runPiecework(booklet(dir + "/b.pdf", "")).status, 0);
  // Four a page: the title page, Starter 1-3 on page 2, Expert 4-6 on page 3, the answers on page 4.
  EXPECT_EQ(outline(dir + "/b.pdf"),
            "1 Contents\n2 Starter \xc2\xb7 no. 1\xe2\x80\x93"
            "3\n3 Expert \xc2\xb7 no. 4\xe2\x80\x93"
            "6\n4 Answers\n");
  ASSERT_EQ(runPiecework(booklet(dir + "/n.pdf", "--no-solutions --level expert")).status, 0);
  EXPECT_EQ(outline(dir + "/n.pdf"),
            "1 Contents\n2 Expert \xc2\xb7 no. 1\xe2\x80\x93"
            "3\n");

  // Several puzzles: each level under its puzzle.
  const std::string db = dir + "/mix.sqlite";
  std::filesystem::copy_file(catalog(), db);
  ASSERT_EQ(runPiecework(fmt::format("generate soma --level Starter --count 2 --seed 1 --quiet --db '{}' "
                                     ">/dev/null",
                                     db))
                .status,
            0);
  ASSERT_EQ(runPiecework(fmt::format("booklet --db '{}' --level Starter --out '{}/mix.pdf'", db, dir)).status,
            0);
  EXPECT_EQ(outline(dir + "/mix.pdf"),
            "1 Contents\n2 IQ Fit\n  2 Starter \xc2\xb7 no. 1\xe2\x80\x93"
            "3\n3 Soma cube\n  3 Starter \xc2\xb7 no. 4\xe2\x80\x93"
            "5\n4 Answers\n");
}

namespace {

// A grey-level picture of one page's top-left corner, read from pdftoppm's PGM output.
struct Grey {
  int w = 0, h = 0;
  std::string pixels;
  int at(int x, int y) const {
    return static_cast<unsigned char>(pixels[static_cast<std::size_t>(y * w + x)]);
  }
};

Grey corner(const std::string& pdf, int page, int dpi, int size) {
  const Shell r = shell(
      fmt::format("pdftoppm -gray -r {1} -f {2} -l {2} -x 0 -y 0 -W {3} -H {3} '{0}'", pdf, dpi, page, size));
  Grey g;
  std::istringstream in(r.out);
  std::string magic;
  int max = 0;
  in >> magic >> g.w >> g.h >> max;
  in.get();
  g.pixels.assign(std::istreambuf_iterator<char>(in), {});
  if (magic != "P5" || g.pixels.size() != static_cast<std::size_t>(g.w * g.h)) g = Grey{};
  return g;
}

}  // namespace

TEST(PressBleed, PageGrowsByTheBleedWithCropMarksInIt) {
  if (!havePoppler()) GTEST_SKIP() << "poppler-utils not installed";
  const std::string dir = piecework::test::tempDir();
  ASSERT_EQ(runPiecework(booklet(dir + "/b.pdf", "--paper a5 --bleed 3")).status, 0);
  // A5 (148 x 210 mm) and 3 mm on each side: 154 x 216 mm.
  const Size size = pageSize(dir + "/b.pdf");
  EXPECT_NEAR(size.w, 154 * kPointsPerMm, 0.01);
  EXPECT_NEAR(size.h, 216 * kPointsPerMm, 0.01);
  EXPECT_EQ(pages(dir + "/b.pdf"), 1 + 2 + 2 + 1);

  // 4 pixels a point: the trim lines are at 3 mm = 34 px from the top and left edges. The top-left crop
  // marks run along them in the bleed (dark pixels on the trim lines outside the page), the corner square
  // outside both stays white.
  for (int page : {1, 2, 6}) {
    const Grey g = corner(dir + "/b.pdf", page, 288, 60);
    ASSERT_EQ(g.w, 60) << page;
    const int trim = static_cast<int>(std::lround(3 * kPointsPerMm * 4));
    auto darkest = [&](int x0, int y0, int x1, int y1) {
      int d = 255;
      for (int y = y0; y < y1; ++y)
        for (int x = x0; x < x1; ++x) d = std::min(d, g.at(x, y));
      return d;
    };
    EXPECT_LT(darkest(0, trim - 2, trim / 2, trim + 2), 128) << "horizontal mark, page " << page;
    EXPECT_LT(darkest(trim - 2, 0, trim + 2, trim / 2), 128) << "vertical mark, page " << page;
    EXPECT_EQ(darkest(0, 0, trim - 4, trim - 4), 255) << "corner outside the marks, page " << page;
  }
  // The page boxes: the TrimBox 3 mm (8.50 pt) inside the page, the BleedBox the whole page, on every page.
  for (int page : {1, 6}) {
    const std::string boxes = shell(fmt::format("pdfinfo -box -f {0} -l {0} '{1}/b.pdf'", page, dir)).out;
    double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    ASSERT_EQ(std::sscanf(pdfinfoField(boxes, fmt::format("Page    {} TrimBox", page)).c_str(),
                          "%lf %lf %lf %lf", &x0, &y0, &x1, &y1),
              4)
        << boxes;
    EXPECT_NEAR(x0, 3 * kPointsPerMm, 0.01);
    EXPECT_NEAR(y0, 3 * kPointsPerMm, 0.01);
    EXPECT_NEAR(x1, 151 * kPointsPerMm, 0.01);
    EXPECT_NEAR(y1, 213 * kPointsPerMm, 0.01);
    ASSERT_EQ(std::sscanf(pdfinfoField(boxes, fmt::format("Page    {} BleedBox", page)).c_str(),
                          "%lf %lf %lf %lf", &x0, &y0, &x1, &y1),
              4)
        << boxes;
    EXPECT_NEAR(x1, 154 * kPointsPerMm, 0.01);
    EXPECT_NEAR(y1, 216 * kPointsPerMm, 0.01);
  }
  // The boxes are an incremental update: its cross-reference entries point at the objects they name.
  {
    std::ifstream in(dir + "/b.pdf", std::ios::binary);
    const std::string pdf((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const std::size_t xref = pdf.rfind("\nxref\n");
    ASSERT_NE(xref, std::string::npos);
    std::istringstream entries(pdf.substr(xref + 6));
    int checked = 0;
    for (std::string object, count, offset, generation, use; entries >> object && object != "trailer";) {
      entries >> count >> offset >> generation >> use;
      EXPECT_EQ(pdf.compare(std::stoul(offset), object.size() + 7, object + " 0 obj\n"), 0) << object;
      ++checked;
    }
    EXPECT_EQ(checked, 1 + 2 + 2 + 1);  // one per page
  }
  // Without bleed, no marks: the page's corner is white.
  ASSERT_EQ(runPiecework(booklet(dir + "/n.pdf", "--paper a5")).status, 0);
  const Grey plain = corner(dir + "/n.pdf", 2, 288, 60);
  ASSERT_EQ(plain.w, 60);
  EXPECT_EQ(*std::min_element(plain.pixels.begin(), plain.pixels.end()), '\xff');

  for (const char* bad : {"-1", "10.5", "nan", "three"}) {
    const auto r = runPiecework(booklet(dir + "/bad.pdf", fmt::format("--bleed {}", bad)));
    EXPECT_EQ(r.status, 2) << bad;
    EXPECT_NE(r.err.find("--bleed"), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;
  }
  EXPECT_FALSE(fs::exists(dir + "/bad.pdf"));
}

TEST(PressImprint, IsbnCheckDigits) {
  using piecework::validIsbn;
  // Published examples: ISBN-13 978-3-16-148410-0 and 978-0-306-40615-7, ISBN-10 0-306-40615-2 and
  // 0-8044-2957-X (check digit ten).
  for (const char* good : {"978-3-16-148410-0", "9780306406157", "978 0 306 40615 7", "0-306-40615-2",
                           "0-8044-2957-X", "080442957x"})
    EXPECT_TRUE(validIsbn(good)) << good;
  for (const char* bad : {"978-3-16-148410-1", "0-306-40615-3", "978316148410", "97831614841000",
                          "-9783161484100", "9783161484100-", "X-306-40615-2", "978-3-16-14841O-0", ""})
    EXPECT_FALSE(validIsbn(bad)) << bad;
}

TEST(PressImprint, CoverAndImprintPageFromATomlFileAndOptions) {
  if (!havePoppler()) GTEST_SKIP() << "poppler-utils not installed";
  const std::string dir = piecework::test::tempDir();
  {
    std::ofstream toml(dir + "/imprint.toml");
    toml << "title = \"Rainy Day Fits\"\nauthor = \"Ada Example\"\nisbn = \"978-3-16-148410-0\"\n"
            "edition = \"First edition\"\ndate = 2026-11-27\n";
  }
  const std::string pdf = dir + "/full.pdf";
  auto r = runPiecework(
      booklet(pdf, fmt::format("--paper a5 --bleed 3 --cover --imprint '{}/imprint.toml'", dir)));
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string info = shell(fmt::format("pdfinfo '{}'", pdf)).out;
  EXPECT_EQ(pdfinfoField(info, "Title"), "Rainy Day Fits");
  EXPECT_EQ(pdfinfoField(info, "Author"), "Ada Example");
  // Cover, title page, imprint page; 2 + 2 challenge pages (two a page on A5); one answer page.
  EXPECT_EQ(pdfinfoField(info, "Pages"), "8");
  EXPECT_NEAR(pageSize(pdf).w, 154 * kPointsPerMm, 0.01);
  const auto text = [&](int page) {
    return shell(fmt::format("pdftotext -f {0} -l {0} '{1}' -", page, pdf)).out;
  };
  const std::string cover = text(1), imprint = text(3);
  EXPECT_NE(cover.find("Rainy Day Fits"), std::string::npos) << cover;
  EXPECT_NE(cover.find("Ada Example"), std::string::npos) << cover;
  EXPECT_NE(cover.find("IQ Fit"), std::string::npos) << cover;
  for (const char* wanted :
       {"Rainy Day Fits", "Ada Example", "First edition", "2026-11-27", "ISBN 978-3-16-148410-0"})
    EXPECT_NE(imprint.find(wanted), std::string::npos) << wanted << " in " << imprint;
  EXPECT_NE(text(2).find("Contents"), std::string::npos);
  EXPECT_EQ(outline(pdf).rfind("1 Cover\n2 Contents\n3 Imprint\n4 Starter", 0), 0U) << outline(pdf);
  ASSERT_EQ(shell(fmt::format("pdftoppm -png -r 20 '{}' '{}/page'", pdf, dir)).status, 0);

  // Options win over the file; the imprint page also comes from the options alone.
  r = runPiecework(booklet(dir + "/opt.pdf", fmt::format("--imprint '{}/imprint.toml' --title 'Sunny Fits' "
                                                         "--isbn 0-306-40615-2 --date 'Spring 2027'",
                                                         dir)));
  ASSERT_EQ(r.status, 0) << r.err;
  std::string page2 = shell(fmt::format("pdftotext -f 2 -l 2 '{}/opt.pdf' -", dir)).out;
  for (const char* wanted : {"Sunny Fits", "Ada Example", "ISBN 0-306-40615-2", "Spring 2027"})
    EXPECT_NE(page2.find(wanted), std::string::npos) << wanted << " in " << page2;
  EXPECT_EQ(page2.find("2026-11-27"), std::string::npos) << page2;
  r = runPiecework(booklet(dir + "/ed.pdf", "--edition 'Second edition'"));
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(pages(dir + "/ed.pdf"), 2 + 1 + 1 + 1);  // title, imprint; 1 + 1 challenge pages; answers
  EXPECT_NE(shell(fmt::format("pdftotext -f 2 -l 2 '{}/ed.pdf' -", dir)).out.find("Second edition"),
            std::string::npos);
}

TEST(PressImprint, BadImprintIsOneLineNamingTheFileOrOption) {
  const std::string dir = piecework::test::tempDir();
  const auto write = [&](const std::string& name, const std::string& text) {
    std::ofstream(dir + "/" + name) << text;
    return dir + "/" + name;
  };
  struct Case {
    std::string options, mentions;
  };
  const std::string unknown =
      write("unknown.toml", "title = \"T\"\nprinter = \"P\"\n");  // (publisher is a key since issue 43)
  const std::string notText = write("number.toml", "author = 42\n");
  const std::string broken = write("broken.toml", "title = \"T\nauthor = \"A\"\n");
  const std::string badIsbn = write("isbn.toml", "isbn = \"978-3-16-148410-1\"\n");
  const std::string deep = write("deep.toml", std::string(5000, '[') + "\n");
  for (const Case& c :
       {Case{"--isbn 978-3-16-148410-1", "--isbn"}, Case{"--imprint '" + unknown + "'", "unknown.toml:2"},
        Case{"--imprint '" + notText + "'", "number.toml:1"},
        Case{"--imprint '" + broken + "'", "broken.toml:1"}, Case{"--imprint '" + badIsbn + "'", "isbn.toml"},
        Case{"--imprint '" + deep + "'", "deep.toml"},
        Case{"--imprint '" + dir + "/missing.toml'", "missing.toml"}}) {
    const auto r = runPiecework(booklet(dir + "/bad.pdf", c.options));
    EXPECT_EQ(r.status, 2) << c.options << ": " << r.err;
    EXPECT_NE(r.err.find(c.mentions), std::string::npos) << c.options << ": " << r.err;
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << c.options << ": " << r.err;
  }
  EXPECT_FALSE(fs::exists(dir + "/bad.pdf"));
}

// The answer key pales the givens: two answers with the same solution, one with no givens and one with five
// of its ten pieces given, each alone on an answer page. Their boards differ only where the veil lies, and
// every pixel that differs is lighter on the page with givens.
TEST(PressAnswers, GivensArePaleOnTheAnswerBoards) {
  using namespace piecework;
  if (!havePoppler()) GTEST_SKIP() << "poppler-utils not installed";
  const std::string dir = piecework::test::tempDir();
  const Puzzle fit = loadPuzzle("iq-fit");
  const FindResult found = findSolutions(fit, {}, FindOptions{});
  ASSERT_FALSE(found.solutions.empty());
  BookletEntry none;
  none.puzzle = &fit;
  none.solution = found.solutions.front();
  none.id = 1;
  BookletEntry five = none;
  five.givens.assign(none.solution.begin(), none.solution.begin() + 5);
  five.id = 2;
  BookletOptions options;
  options.perPage = 1;
  options.answersPerPage = 1;
  const std::string pdf = dir + "/answers.pdf";
  ASSERT_EQ(writeBooklet(pdf, {none, five}, options).pages, 1 + 2 + 2);
  // The page between the answer's caption and the page number (A4: 90 to 760 pt), half a pixel a point.
  const auto board = [&](int page) {
    const Shell r =
        shell(fmt::format("pdftoppm -gray -r 36 -f {0} -l {0} -x 0 -y 45 -W 298 -H 335 '{1}'", page, pdf));
    Grey g;
    std::istringstream in(r.out);
    std::string magic;
    int max = 0;
    in >> magic >> g.w >> g.h >> max;
    in.get();
    g.pixels.assign(std::istreambuf_iterator<char>(in), {});
    return g;
  };
  const Grey plain = board(4), pale = board(5);
  ASSERT_EQ(plain.pixels.size(), 298U * 335U);
  ASSERT_EQ(pale.pixels.size(), plain.pixels.size());
  int lighter = 0, darker = 0;
  for (std::size_t i = 0; i < plain.pixels.size(); ++i) {
    const int before = static_cast<unsigned char>(plain.pixels[i]),
              after = static_cast<unsigned char>(pale.pixels[i]);
    if (after > before + 8) ++lighter;
    if (after + 8 < before) ++darker;
  }
  EXPECT_EQ(darker, 0);
  // Five IQ Fit pieces cover about half the board; the board fills much of the width: thousands of pixels.
  EXPECT_GT(lighter, 2000);
}

TEST(PressFont, FontFileDrawsAllText) {
  if (!havePoppler()) GTEST_SKIP() << "poppler-utils not installed";
  const std::string serif = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf";
  if (!fs::exists(serif)) GTEST_SKIP() << serif << " not installed";
  const std::string dir = piecework::test::tempDir();
  ASSERT_EQ(runPiecework(booklet(dir + "/sans.pdf", "")).status, 0);
  const auto r = runPiecework(booklet(dir + "/serif.pdf", fmt::format("--font '{}'", serif)));
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string sans = shell(fmt::format("pdffonts '{}/sans.pdf'", dir)).out;
  const std::string fonts = shell(fmt::format("pdffonts '{}/serif.pdf'", dir)).out;
  EXPECT_NE(sans.find("DejaVuSans"), std::string::npos) << sans;
  EXPECT_NE(fonts.find("DejaVuSerif"), std::string::npos) << fonts;
  EXPECT_EQ(fonts.find("DejaVuSans"), std::string::npos) << fonts;
  EXPECT_NE(shell(fmt::format("pdftotext -f 1 -l 1 '{}/serif.pdf' -", dir)).out.find("IQ Fit challenges"),
            std::string::npos);
  for (const std::string& bad : {catalog(), dir + "/missing.ttf"}) {
    const auto refused = runPiecework(booklet(dir + "/bad.pdf", fmt::format("--font '{}'", bad)));
    EXPECT_EQ(refused.status, 2) << bad << ": " << refused.err;
    EXPECT_NE(refused.err.find("--font " + bad), std::string::npos) << refused.err;
    EXPECT_EQ(refused.err.find('\n'), refused.err.size() - 1) << refused.err;
  }
  EXPECT_FALSE(fs::exists(dir + "/bad.pdf"));
}

// The title page's note on levels says "Harder levels have fewer pieces given" only when the booklet's own
// challenges show it. IQ Focus gives no piece at any level (a challenge is a window's colours), so its
// booklet must not say it; an IQ Fit booklet of Starter and Expert challenges, whose Starter ones give more
// pieces (as generate reports them), keeps it; a booklet of one level has no harder level to compare.
TEST(PressTitlePage, FewerPiecesGivenOnlyWhenTheChallengesShowIt) {
  if (!havePoppler()) GTEST_SKIP() << "poppler-utils not installed";
  const std::string dir = piecework::test::tempDir();
  const std::string sentence = "Harder levels have fewer pieces given";
  auto titlePage = [&](const std::string& db, const std::string& options) {
    const std::string pdf = dir + "/t.pdf";
    const auto r = runPiecework(fmt::format("booklet --db '{}' --out '{}' {}", db, pdf, options));
    EXPECT_EQ(r.status, 0) << r.err;
    return shell(fmt::format("pdftotext -f 1 -l 1 '{}' -", pdf)).out;
  };
  // Pieces given per level, as generate reports them.
  auto make = [&](const std::string& puzzle, const std::string& db) {
    std::map<std::string, std::vector<int>> given;
    for (const char* level : {"Starter", "Expert"}) {
      const auto made = runPiecework(fmt::format(
          "generate {} --level {} --count 2 --seed 1 --quiet --json --db '{}'", puzzle, level, db));
      EXPECT_EQ(made.status, 0) << made.err;
      for (const auto& line : piecework::test::jsonLines(made.out))
        given[level].push_back(line["given"].get<int>());
    }
    return given;
  };
  const std::string focus = dir + "/focus.sqlite", fit = dir + "/fit.sqlite";
  const auto focusGiven = make("iq-focus", focus);
  ASSERT_EQ(focusGiven.at("Starter"), (std::vector<int>{0, 0}));
  ASSERT_EQ(focusGiven.at("Expert"), (std::vector<int>{0, 0}));
  const auto fitGiven = make("iq-fit", fit);
  ASSERT_GT(*std::min_element(fitGiven.at("Starter").begin(), fitGiven.at("Starter").end()),
            *std::max_element(fitGiven.at("Expert").begin(), fitGiven.at("Expert").end()));

  std::string text = titlePage(focus, "--puzzle iq-focus");
  EXPECT_EQ(text.find(sentence), std::string::npos) << text;
  EXPECT_NE(text.find("Dots in the page headers show the level (1 to 5)."), std::string::npos) << text;
  text = titlePage(focus, "--puzzle iq-focus --level Starter");
  EXPECT_EQ(text.find(sentence), std::string::npos) << text;

  text = titlePage(fit, "--puzzle iq-fit");
  EXPECT_NE(text.find(sentence + ": dots in the page headers show the level (1 to 5)."), std::string::npos)
      << text;
  text = titlePage(fit, "--puzzle iq-fit --level Expert");
  EXPECT_EQ(text.find(sentence), std::string::npos) << text;
  EXPECT_NE(text.find("Dots in the page headers show the level (1 to 5)."), std::string::npos) << text;
}

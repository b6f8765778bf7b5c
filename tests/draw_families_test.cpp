// SPDX-License-Identifier: Apache-2.0
// Drawing IQ Stars (star cells on the triangular lattice, marked cells) and IQ Focus (coloured squares, the
// framed window, colour patterns), issue 21. Boards are drawn onto a cairo image and read back pixel by
// pixel at places the lattice facts of docs/puzzle-format.md fix; terminal pictures are compared with
// pictures written by hand.
#include <gtest/gtest.h>

#include <cairo.h>
#include <fmt/format.h>
#include <sys/wait.h>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <nlohmann/json.hpp>
#include <numbers>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "output/booklet.hpp"
#include "output/draw.hpp"
#include "output/draw_triangular.hpp"
#include "output/sheet.hpp"
#include "output/text.hpp"
#include "output/walkthrough.hpp"
#include "puzzle/challenge.hpp"
#include "puzzle/definition.hpp"
#include "rater/explain.hpp"
#include "rater/hint.hpp"
#include "rater/rater.hpp"
#include "solver/solver.hpp"
#include "support/run.hpp"

namespace fs = std::filesystem;
using namespace piecework;
using piecework::test::runPiecework;
using piecework::test::RunResult;

namespace {

const Puzzle& stars() {
  static const Puzzle puzzle = loadPuzzle("iq-stars");
  return puzzle;
}
const Puzzle& focus() {
  static const Puzzle puzzle = loadPuzzle("iq-focus");
  return puzzle;
}

struct Pixel {
  double r = 0, g = 0, b = 0, a = 0;
  double luminance() const { return 0.299 * r + 0.587 * g + 0.114 * b; }
};

// The pixel at (px, py) of a cairo ARGB32 image.
Pixel pixelAt(cairo_surface_t* surface, int px, int py) {
  const unsigned char* data = cairo_image_surface_get_data(surface);
  const int stride = cairo_image_surface_get_stride(surface);
  const auto word = *reinterpret_cast<const std::uint32_t*>(data + py * stride + px * 4);
  Pixel p;
  p.a = ((word >> 24) & 0xff) / 255.0;
  if (p.a > 0) {  // premultiplied
    p.r = ((word >> 16) & 0xff) / 255.0 / p.a;
    p.g = ((word >> 8) & 0xff) / 255.0 / p.a;
    p.b = (word & 0xff) / 255.0 / p.a;
  }
  return p;
}

// A PNG file read back (a page drawn by piecework, or rendered by poppler).
class Image {
 public:
  explicit Image(const std::string& path) : surface_(cairo_image_surface_create_from_png(path.c_str())) {
    if (ok()) cairo_surface_flush(surface_);
  }
  ~Image() { cairo_surface_destroy(surface_); }
  Image(const Image&) = delete;
  Image& operator=(const Image&) = delete;
  bool ok() const {
    return cairo_surface_status(surface_) == CAIRO_STATUS_SUCCESS &&
           cairo_image_surface_get_format(surface_) != CAIRO_FORMAT_INVALID;
  }
  int width() const { return cairo_image_surface_get_width(surface_); }
  int height() const { return cairo_image_surface_get_height(surface_); }
  // Pixel (px, py); fully transparent outside the image.
  Pixel at(double px, double py) const {
    const int x = static_cast<int>(std::floor(px)), y = static_cast<int>(std::floor(py));
    if (x < 0 || y < 0 || x >= width() || y >= height()) return {};
    return pixelAt(surface_, x, y);
  }

 private:
  cairo_surface_t* surface_;
};

// A board drawn on a transparent image, `scale` pixels per unit, its top-left corner at (0, 0).
class Drawn {
 public:
  Drawn(const Puzzle& puzzle, const std::vector<int>& placements, const CellMarks& marks, double scale)
      : scale_(scale) {
    const Extent e = boardExtent(puzzle);
    surface_ = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, static_cast<int>(std::ceil(e.w * scale)) + 1,
                                          static_cast<int>(std::ceil(e.h * scale)) + 1);
    cairo_t* cr = cairo_create(surface_);
    drawBoard(cr, puzzle, placements, 0, 0, scale, marks);
    cairo_destroy(cr);
    cairo_surface_flush(surface_);
  }
  ~Drawn() { cairo_surface_destroy(surface_); }
  Drawn(const Drawn&) = delete;
  Drawn& operator=(const Drawn&) = delete;

  // The pixel at (x, y) in units.
  Pixel at(double x, double y) const {
    return pixelAt(surface_, static_cast<int>(std::floor(x * scale_)),
                   static_cast<int>(std::floor(y * scale_)));
  }

 private:
  double scale_;
  cairo_surface_t* surface_ = nullptr;
};

bool near(const Pixel& p, const std::string& hex, double tolerance = 0.06) {
  unsigned r = 0, g = 0, b = 0;
  std::sscanf(hex.c_str(), "#%2x%2x%2x", &r, &g, &b);
  return p.a > 0.99 && std::abs(p.r - r / 255.0) < tolerance && std::abs(p.g - g / 255.0) < tolerance &&
         std::abs(p.b - b / 255.0) < tolerance;
}

std::string describe(const Pixel& p) {
  return fmt::format("rgba({:.2f}, {:.2f}, {:.2f}, {:.2f})", p.r, p.g, p.b, p.a);
}

// What colour a pixel shows, by hue: R red, G green, B blue, W white, Y the window frame's amber, K ink,
// '.' the grey of an empty board cell, '?' anything else.
char colourClass(const Pixel& p) {
  if (p.a < 0.99) return ' ';
  if (p.r > 0.94 && p.g > 0.93 && p.b > 0.9) return 'W';
  if (p.r > 0.6 && p.g < 0.4 && p.b < 0.4) return 'R';
  if (p.g > 0.45 && p.r < 0.35 && p.b < 0.5) return 'G';
  if (p.b > 0.6 && p.r < 0.35) return 'B';
  if (p.r > 0.8 && p.g > 0.6 && p.b < 0.45) return 'Y';
  if (p.r < 0.3 && p.g < 0.3 && p.b < 0.3) return 'K';
  if (p.r > 0.85 && p.r < 0.94 && p.g > 0.85 && p.g < 0.94 && p.b > 0.85 && p.b < 0.96) return '.';
  return '?';
}

// How many separate patches (pixels joined side to side) of at least `least` pixels of colour class `colour`
// an image shows, looking at every `step`-th pixel.
int patchesOf(const Image& image, char colour, int least, int step = 1) {
  const int w = image.width() / step, h = image.height() / step;
  std::vector<char> seen(static_cast<std::size_t>(w) * static_cast<std::size_t>(h), 0);
  auto index = [&](int x, int y) { return static_cast<std::size_t>(y) * static_cast<std::size_t>(w) + x; };
  int patches = 0;
  for (int y0 = 0; y0 < h; ++y0)
    for (int x0 = 0; x0 < w; ++x0) {
      if (seen[index(x0, y0)] != 0 || colourClass(image.at(x0 * step, y0 * step)) != colour) continue;
      int size = 0;
      std::vector<std::pair<int, int>> todo = {{x0, y0}};
      seen[index(x0, y0)] = 1;
      while (!todo.empty()) {
        const auto [x, y] = todo.back();
        todo.pop_back();
        ++size;
        for (const auto& [nx, ny] : {std::pair{x + 1, y}, {x - 1, y}, {x, y + 1}, {x, y - 1}}) {
          if (nx < 0 || ny < 0 || nx >= w || ny >= h || seen[index(nx, ny)] != 0) continue;
          if (colourClass(image.at(nx * step, ny * step)) != colour) continue;
          seen[index(nx, ny)] = 1;
          todo.emplace_back(nx, ny);
        }
      }
      if (size >= least) ++patches;
    }
  return patches;
}

// The piece colours of data/puzzles/iq-stars.toml.
const std::map<char, std::string> kStarColours = {{'R', "#d7263d"}, {'O', "#f18f01"}, {'Y', "#f5d300"},
                                                  {'G', "#3bb273"}, {'B', "#2274a5"}, {'I', "#4b3f9e"},
                                                  {'P', "#ec6fb0"}};

// IQ Stars cell (c, r): c counts cells from the left of row r (docs/puzzle-format.md, "Triangular lattice").
int starSite(int c, int r) {
  return stars().siteIndex.at(Site{c - r / 2, r, 0});
}

const int kRowLength[] = {7, 6, 7, 6};

// A Wizard-style challenge: four cells marked with a piece each, and its one solution (checked below
// against the marks by hand: P at (3,0), Y at (6,0), G at (0,2), O at (5,3)).
const char* const kWizard = "...P..Y/....../G....../.....O";
const char* const kWizardSolution = "IIIPYYY/GGGPYO/GBPPRRO/BBBRRO";

}  // namespace

// The board's cells sit in rows of 7, 6, 7 and 6, each row half a cell right of the one above (odd rows) or
// back (even rows), rows sqrt(3)/2 apart, neighbours in a row one unit apart.
TEST(DrawStars, CellCentresFollowTheOffsetRows) {
  const auto origin = triangularCellCentre(stars(), starSite(0, 0));
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < kRowLength[r]; ++c) {
      SCOPED_TRACE(fmt::format("cell ({}, {})", c, r));
      const auto [x, y] = triangularCellCentre(stars(), starSite(c, r));
      EXPECT_NEAR(x - origin.first, c + (r % 2 == 1 ? 0.5 : 0.0), 1e-9);
      EXPECT_NEAR(y - origin.second, r * std::sqrt(3.0) / 2, 1e-9);
    }
  // Every cell's star lies inside the board's extent.
  const Extent e = boardExtent(stars());
  for (int site = 0; site < stars().siteCount(); ++site) {
    const auto [x, y] = triangularCellCentre(stars(), site);
    EXPECT_GE(x - kStarOuter, 0);
    EXPECT_GE(y - kStarOuter, 0);
    EXPECT_LE(x + kStarOuter, e.w);
    EXPECT_LE(y + kStarOuter, e.h);
  }
}

// The empty board: 26 white star holes on the grey board, the board's grey between them.
TEST(DrawStars, EmptyBoardHasAStarHoleOnEveryCell) {
  const Drawn board(stars(), {}, {}, 40);
  int holes = 0;
  for (int site = 0; site < stars().siteCount(); ++site) {
    const auto [x, y] = triangularCellCentre(stars(), site);
    holes += near(board.at(x, y), "#ffffff") ? 1 : 0;
    // Between two star points (30 degrees off a point, past the notch) lies the board, not the hole.
    const Pixel between =
        board.at(x + 0.42 * std::cos(std::numbers::pi / 6), y + 0.42 * std::sin(std::numbers::pi / 6));
    EXPECT_FALSE(near(between, "#ffffff")) << describe(between);
    EXPECT_GT(between.a, 0.99);
  }
  EXPECT_EQ(holes, 26);
}

// A solved board: every star in its piece's colour; two neighbours of one piece joined in that colour, two
// neighbours of different pieces not.
TEST(DrawStars, SolvedBoardShowsEveryPieceInItsColourWithOutlines) {
  const Puzzle& puzzle = stars();
  const std::vector<int> solution = parseChallenge(puzzle, kWizardSolution);
  ASSERT_EQ(solution.size(), 7U);
  const Drawn board(puzzle, solution, {}, 40);
  const std::string rows[] = {"IIIPYYY", "GGGPYO", "GBPPRRO", "BBBRRO"};
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < kRowLength[r]; ++c) {
      SCOPED_TRACE(fmt::format("cell ({}, {}) {}", c, r, rows[r][c]));
      const auto [x, y] = triangularCellCentre(puzzle, starSite(c, r));
      // Below the letter, inside the star's body.
      const Pixel p = board.at(x, y + 0.22);
      EXPECT_TRUE(near(p, kStarColours.at(rows[r][c]))) << describe(p);
      if (c + 1 < kRowLength[r]) {
        // Halfway to the right-hand neighbour, a little off the line between their centres: the bridge
        // of one piece, or nothing of either piece's colour where two pieces only touch at their points.
        const Pixel middle = board.at(x + 0.5, y + 0.08);
        const char right = rows[r][c + 1];
        if (rows[r][c] == right) {
          EXPECT_TRUE(near(middle, kStarColours.at(right))) << "joined: " << describe(middle);
        } else {
          EXPECT_FALSE(near(middle, kStarColours.at(rows[r][c]), 0.15)) << "parted: " << describe(middle);
          EXPECT_FALSE(near(middle, kStarColours.at(right), 0.15)) << "parted: " << describe(middle);
        }
      }
    }
}

// A marked cell is an empty hole with a disc in the piece's colour; it is not drawn as a placed piece.
TEST(DrawStars, MarkedCellsAreColouredDiscsOnEmptyHoles) {
  const Puzzle& puzzle = stars();
  const Challenge challenge = parseChallengeText(puzzle, kWizard);
  ASSERT_TRUE(challenge.givens.empty());
  ASSERT_EQ(challenge.marks.pieces.size(), 4U);
  const Drawn board(puzzle, challenge.givens, challenge.marks, 40);
  const std::map<std::pair<int, int>, char> marked = {
      {{3, 0}, 'P'}, {{6, 0}, 'Y'}, {{0, 2}, 'G'}, {{5, 3}, 'O'}};
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < kRowLength[r]; ++c) {
      SCOPED_TRACE(fmt::format("cell ({}, {})", c, r));
      const auto [x, y] = triangularCellCentre(puzzle, starSite(c, r));
      // Outside the disc, the star is an empty hole on every cell, marked or not.
      EXPECT_TRUE(near(board.at(x + 0.29, y), "#ffffff")) << describe(board.at(x + 0.29, y));
      const Pixel disc = board.at(x - 0.14, y);  // inside the disc, left of its letter
      const auto it = marked.find({c, r});
      if (it != marked.end())
        EXPECT_TRUE(near(disc, kStarColours.at(it->second))) << describe(disc);
      else
        EXPECT_TRUE(near(disc, "#ffffff")) << describe(disc);
    }
  // The solver agrees that the marks pin the hand-checked solution.
  FindOptions find;
  find.rules.marks = challenge.marks;
  find.max = 2;
  const FindResult found = findSolutions(puzzle, challenge.givens, find);
  ASSERT_EQ(found.solutions.size(), 1U);
  EXPECT_EQ(formatChallenge(puzzle, found.solutions.front()), kWizardSolution);
}

TEST(DrawStars, TerminalShowsMarksInLowerCaseOnOffsetRows) {
  const Challenge challenge = parseChallengeText(stars(), kWizard);
  EXPECT_EQ(boardPicture(stars(), challenge.givens, false, challenge.marks),
            // Rows named on the left; columns 1-7 of rows 1 and 3 above, 1-6 of the offset rows below
            // (docs/notation.md: a row's columns count from its own left end).
            " c 1 2 3 4 5 6 7\n"
            "r1 . . . p . . y \n"
            "r2  . . . . . . \n"
            "r3 g . . . . . . \n"
            "r4  . . . . . o \n"
            " c  1 2 3 4 5 6\n"
            "(lower case: a marked cell, which that piece must cover)\n");
  const RunResult run = runPiecework(fmt::format("solve iq-stars --challenge '{}'", kWizard));
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find("r1 I I I P Y Y Y \n"
                         "r2  G G G P Y O \n"
                         "r3 G B P P R R O \n"
                         "r4  B B B R R O \n"),
            std::string::npos)
      << run.out;
}

// The listings of generate, hint and catalog show show what a challenge asks: marked cells in lower case, a
// pattern's colours in the window (not an empty board).
TEST(DrawFamilies, ListingsShowMarksAndPatterns) {
  const RunResult hinted = runPiecework(fmt::format("hint iq-stars --challenge '{}' --steps 1", kWizard));
  ASSERT_EQ(hinted.status, 0) << hinted.err;
  EXPECT_NE(hinted.out.find(". . . p . . y \n"), std::string::npos) << hinted.out;
  const RunResult focus = runPiecework("hint iq-focus --challenge RRR/BWB/BRB --steps 1");
  ASSERT_EQ(focus.status, 0) << focus.err;
  EXPECT_NE(focus.out.find("|R R R|"), std::string::npos) << focus.out;
  EXPECT_NE(focus.out.find("|B W B|"), std::string::npos) << focus.out;
  for (const char* level : {"Starter", "Wizard"}) {
    const RunResult made =
        runPiecework(fmt::format("generate iq-stars --level {} --count 1 --seed 3 -q", level));
    ASSERT_EQ(made.status, 0) << made.err;
    const std::size_t at = made.out.find("challenge: ");
    ASSERT_NE(at, std::string::npos) << made.out;
    const std::string text = made.out.substr(at + 11, made.out.find('\n', at) - at - 11);
    const Challenge challenge = parseChallengeText(stars(), text);
    EXPECT_NE(made.out.find(boardPicture(stars(), challenge.givens, false, challenge.marks)),
              std::string::npos)
        << made.out;
    if (std::string(level) == "Wizard") {
      ASSERT_FALSE(challenge.marks.pieces.empty());
      const char letter = stars().pieces[static_cast<std::size_t>(challenge.marks.pieces[0].second)].letter;
      EXPECT_NE(made.out.find(static_cast<char>(std::tolower(letter))), std::string::npos) << made.out;
    }
  }
}

// The pattern RRR/BWB/BRB on the empty board: the window's nine cells in its colours, every other cell
// the empty grey, the window framed, the two missing corners (0,4) and (8,4) not drawn.
TEST(DrawFocus, PatternChallengeIsTheEmptyBoardWithTheWindowColoured) {
  const Puzzle& puzzle = focus();
  const Challenge challenge = parseChallengeText(puzzle, "RRR/BWB/BRB");
  ASSERT_TRUE(challenge.givens.empty());
  const Drawn board(puzzle, {}, challenge.marks, 40);
  const std::string window[] = {"RRR", "BWB", "BRB"};
  for (int y = 0; y < 5; ++y)
    for (int x = 0; x < 9; ++x) {
      SCOPED_TRACE(fmt::format("cell ({}, {})", x, y));
      const Pixel p = board.at(x + 0.5, y + 0.5);
      if (y == 4 && (x == 0 || x == 8)) {
        EXPECT_EQ(p.a, 0) << "a missing corner is drawn: " << describe(p);
      } else if (x >= 3 && x <= 5 && y >= 1 && y <= 3) {
        EXPECT_EQ(colourClass(p), window[y - 1][x - 3]) << describe(p);
      } else {
        EXPECT_EQ(colourClass(p), '.') << describe(p);
      }
    }
  // The frame runs along the window's edges (on its left edge, top edge), not along other cell edges.
  EXPECT_EQ(colourClass(board.at(3.0, 2.5)), 'Y') << describe(board.at(3.0, 2.5));
  EXPECT_EQ(colourClass(board.at(6.0, 2.5)), 'Y') << describe(board.at(6.0, 2.5));
  EXPECT_EQ(colourClass(board.at(4.5, 1.0)), 'Y') << describe(board.at(4.5, 1.0));
  EXPECT_EQ(colourClass(board.at(4.5, 4.0)), 'Y') << describe(board.at(4.5, 4.0));
  EXPECT_NE(colourClass(board.at(2.0, 2.5)), 'Y');
  EXPECT_NE(colourClass(board.at(7.0, 2.5)), 'Y');
}

// The answer: every square in the colour its piece gives it (the pieces of docs/puzzle-format.md, as the
// definition turns them), the window showing the pattern, pieces parted by ink and joined inside.
TEST(DrawFocus, AnswerShowsEverySquaresColourAndPieceOutlines) {
  const Puzzle& puzzle = focus();
  const Challenge challenge = parseChallengeText(puzzle, "RRR/BWB/BRB");
  FindOptions find;
  find.rules.marks = challenge.marks;
  find.max = 2;
  const FindResult found = findSolutions(puzzle, {}, find);
  ASSERT_EQ(found.solutions.size(), 1U);
  const std::vector<int>& solution = found.solutions.front();
  const Drawn board(puzzle, solution, {}, 40);
  std::map<std::pair<int, int>, std::pair<int, char>> cell;  // (x, y) -> (placement, colour letter)
  for (int id : solution) {
    const Placement& p = puzzle.placements[static_cast<std::size_t>(id)];
    for (int site : p.sites) {
      const Site& s = puzzle.sites[static_cast<std::size_t>(site)];
      cell[{s.x, s.y}] = {id, p.colourAt(site)};
    }
  }
  ASSERT_EQ(cell.size(), 43U);
  std::string window;
  for (const auto& [xy, what] : cell) {
    const auto [x, y] = xy;
    SCOPED_TRACE(fmt::format("cell ({}, {}) colour {}", x, y, what.second));
    // A corner of the square, clear of the piece's letter.
    const Pixel p = board.at(x + 0.22, y + 0.22);
    const bool framed = x >= 3 && x <= 5 && y >= 1 && y <= 3;
    EXPECT_EQ(colourClass(framed ? board.at(x + 0.3, y + 0.3) : p), what.second) << describe(p);
    const auto right = cell.find({x + 1, y});
    if (right != cell.end() && x != 2 && x != 5) {
      const Pixel edge = board.at(x + 1.0, y + 0.25);
      if (right->second.first == what.first)
        EXPECT_GT(edge.luminance(), 0.2) << "inside a piece: " << describe(edge);
      else
        EXPECT_EQ(colourClass(edge), 'K') << "between pieces: " << describe(edge);
    }
  }
  for (int y = 1; y <= 3; ++y)
    for (int x = 3; x <= 5; ++x) window += cell.at({x, y}).second;
  EXPECT_EQ(window, "RRRBWBBRB");
}

TEST(DrawFocus, TerminalFramesTheWindowAndShowsThePatternsColours) {
  const Puzzle& puzzle = focus();
  const Challenge challenge = parseChallengeText(puzzle, "RRR/BWB/BRB");
  EXPECT_EQ(boardPicture(puzzle, {}, false, challenge.marks),
            " c 1 2 3 4 5 6 7 8 9\n"
            "r1 . . . . . . . . .\n"
            "r2 . . .|R R R|. . .\n"
            "r3 . . .|B W B|. . .\n"
            "r4 . . .|B R B|. . .\n"
            "r5   . . . . . . .\n"
            "(the colours the framed window must show; W white, R red, B blue, G green)\n");
  // show: the empty board with its window cells, and the pieces' squares in colour letters (A is G W R over
  // a red square, docs/puzzle-format.md).
  const RunResult show = runPiecework("show iq-focus");
  EXPECT_EQ(show.status, 0) << show.err;
  EXPECT_NE(show.out.find(" c 1 2 3 4 5 6 7 8 9\n"
                          "r1 . . . . . . . . .\n"
                          "r2 . . .|o o o|. . .\n"
                          "r3 . . .|o o o|. . .\n"
                          "r4 . . .|o o o|. . .\n"
                          "r5   . . . . . . .\n"),
            std::string::npos)
      << show.out;
  EXPECT_NE(show.out.find("  G W R\n  . R .\n"), std::string::npos) << show.out;
  // solve: the answer's colours, with the framed window showing the pattern.
  const RunResult solve = runPiecework("solve iq-focus --challenge RRR/BWB/BRB");
  EXPECT_EQ(solve.status, 0) << solve.err;
  for (const char* row : {"|R R R|", "|B W B|", "|B R B|"})
    EXPECT_NE(solve.out.find(row), std::string::npos) << row << "\n" << solve.out;
  const RunResult colour = runPiecework("solve iq-focus --challenge RRR/BWB/BRB --color");
  EXPECT_NE(colour.out.find("\x1b[48;2;"), std::string::npos);
}

// The terminal pictures of IQ Focus carry the notation's row and column words like the other flat boards, so
// that a cell a hint names is found by them: "window square r2c5" is the 5th column of row r2, in the pattern
// and in the colour picture beside the pieces.
TEST(DrawFocus, TerminalPicturesCarryRowAndColumnLabels) {
  const RunResult hint = runPiecework("hint iq-focus --challenge RWW/GBR/GBB");
  ASSERT_EQ(hint.status, 0) << hint.err;
  // The first hint places B (N pentomino, blue on r3c5 as the pattern asks), forced by the window's colours.
  ASSERT_NE(hint.out.find("1. place B (N pentomino) in rows 2-3, columns 3-6 [r3c3 r3c4 r2c5 r3c5 r2c6]"),
            std::string::npos)
      << hint.out;
  std::vector<std::string> lines;
  {
    std::istringstream in(hint.out);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
  }
  // The character under column number `column` of the header at line `header` (the `nth` picture beside
  // others), in the line of row `row` below it.
  const auto at = [&](std::size_t header, int row, int column, int nth) {
    const std::string& h = lines.at(header);
    std::size_t pos = std::string::npos;
    int seen = 0;
    for (std::size_t i = 0; i < h.size(); ++i) {
      if (std::isdigit(static_cast<unsigned char>(h[i])) == 0 ||
          (i > 0 && std::isdigit(static_cast<unsigned char>(h[i - 1])) != 0))
        continue;
      if (std::stoi(h.substr(i)) == column && seen++ == nth) {
        pos = i;
        break;
      }
    }
    EXPECT_NE(pos, std::string::npos) << h;
    const std::string& line = lines.at(header + static_cast<std::size_t>(row));
    EXPECT_EQ(line.rfind("r" + std::to_string(row) + " ", 0), 0U) << line;
    return pos < line.size() ? line[pos] : '?';
  };
  std::vector<std::size_t> headers;
  for (std::size_t i = 0; i < lines.size(); ++i)
    if (lines[i].rfind(" c 1 2 3 4 5 6 7 8 9", 0) == 0) headers.push_back(i);
  ASSERT_EQ(headers.size(), 1U) << hint.out;
  // The pattern where no square covers it: r2c4 red, r4c6 blue (RWW/GBR/GBB in the window, columns 4-6 of
  // rows 2-4); B's letter on its cells, and in the colour picture beside it its blue on r3c5.
  EXPECT_EQ(at(headers[0], 2, 4, 1), 'R') << hint.out;
  EXPECT_EQ(at(headers[0], 4, 6, 1), 'B') << hint.out;
  EXPECT_EQ(at(headers[0], 1, 1, 0), '.') << hint.out;
  for (const auto& [row, column] : {std::pair{3, 3}, std::pair{3, 4}, std::pair{2, 5}, std::pair{2, 6}})
    EXPECT_EQ(at(headers[0], row, column, 0), 'B') << row << " " << column << "\n" << hint.out;
  EXPECT_EQ(at(headers[0], 3, 5, 1), 'B') << hint.out;
  EXPECT_EQ(at(headers[0], 2, 4, 1), 'R') << hint.out;
}

// Sheets and booklets of both families, as files: a PNG sheet with the pattern's colours in it, a PDF
// booklet with marked cells and a pattern that poppler renders page by page.
TEST(DrawFamilies, SheetsAndBookletsRender) {
  const std::string dir = piecework::test::tempDir();
  const std::string png = dir + "/focus.png";
  const RunResult sheet =
      runPiecework(fmt::format("sheet iq-focus --challenge RRR/BWB/BRB --solution --out '{}'", png));
  ASSERT_EQ(sheet.status, 0) << sheet.err;
  const Image image(png);
  ASSERT_TRUE(image.ok());
  std::map<char, int> seen;
  for (int y = 0; y < image.height(); y += 2)
    for (int x = 0; x < image.width(); x += 2) ++seen[colourClass(image.at(x, y))];
  for (char c : {'R', 'G', 'B', 'Y', 'K', '.'}) EXPECT_GT(seen[c], 100) << c;

  const RunResult stars = runPiecework(
      fmt::format("sheet iq-stars --challenge '{}' --solution --out '{}/stars.svg'", kWizard, dir));
  ASSERT_EQ(stars.status, 0) << stars.err;
  EXPECT_NE(stars.out.find("with the answer"), std::string::npos);

  BookletEntry wizard;
  wizard.puzzle = &::stars();
  const Challenge challenge = parseChallengeText(::stars(), kWizard);
  wizard.marks = challenge.marks;
  wizard.solution = parseChallenge(::stars(), kWizardSolution);
  wizard.level = Level::Wizard;
  BookletEntry pattern;
  pattern.puzzle = &focus();
  pattern.marks = parseChallengeText(focus(), "RRR/BWB/BRB").marks;
  pattern.level = Level::Master;
  BookletOptions options;
  const BookletResult written = writeBooklet(dir + "/b.pdf", {wizard, pattern}, options);
  EXPECT_EQ(written.pages, 4);  // title, one challenge page per puzzle, one answer page
  const int rendered =
      std::system(fmt::format("pdftoppm -png -r 20 '{}/b.pdf' '{}/page' 2>/dev/null", dir, dir).c_str());
  if (rendered == 0) {
    int pages = 0;
    for (const auto& f : fs::directory_iterator(dir))
      if (f.path().extension() == ".png" && f.path().filename().string().rfind("page", 0) == 0 &&
          fs::file_size(f.path()) > 0)
        ++pages;
    EXPECT_EQ(pages, written.pages);
  }
}

// Walk-throughs (`sheet --explain`) of a colour pattern and of marked cells: the challenge and one board per
// move the rater explains, each board showing the pieces placed so far and, on the cells still empty, what
// the challenge asks (the window's colours, the marked cells). The moves come from the rater here; the
// boards are read back from the binary's PNG and from poppler's rendering of its PDF at the places the
// walk-through's layout gives.
namespace {

// One board of a walk-through page as read back: the pixel at (x, y) in board units.
struct BoardPixels {
  const Image& image;
  double pixelsPerPoint;
  const WalkthroughLayout::Panel& panel;
  const std::set<int>* ghosts = nullptr;  // cells under a placement drawn pale and crossed out (a rule-out)
  Pixel at(double x, double y) const {
    return image.at((panel.board.x + x * panel.scale) * pixelsPerPoint,
                    (panel.board.y + y * panel.scale) * pixelsPerPoint);
  }
};

// Checks one board of a walk-through: `covering` (site -> placement) are on it, each cell in its piece's
// colour, and every cell no piece covers shows its mark or is empty.
using BoardCheck = void (*)(const BoardPixels& board, const std::map<int, int>& covering,
                            const CellMarks& marks);

void checkFocusBoard(const BoardPixels& board, const std::map<int, int>& covering, const CellMarks& marks) {
  const Puzzle& puzzle = focus();
  const std::map<int, char> pattern(marks.colours.begin(), marks.colours.end());
  ASSERT_EQ(pattern.size(), 9U);
  for (int site = 0; site < puzzle.siteCount(); ++site) {
    if (board.ghosts != nullptr && !board.ghosts->empty()) return;  // crossed out: read by the hint tests
    const Site& c = puzzle.sites[static_cast<std::size_t>(site)];
    char expected = '.';
    if (const auto it = covering.find(site); it != covering.end())
      expected = puzzle.placements[static_cast<std::size_t>(it->second)].colourAt(site);
    if (const auto it = pattern.find(site); it != pattern.end()) {
      if (expected != '.') {
        EXPECT_EQ(expected, it->second) << "the rater placed a square against the pattern";
      }
      expected = it->second;
    }
    // A corner of the square, clear of the piece's letter and of the window's frame.
    const Pixel p = board.at(c.x - puzzle.low.x + 0.28, c.y - puzzle.low.y + 0.28);
    EXPECT_EQ(colourClass(p), expected) << fmt::format("cell ({}, {}): ", c.x, c.y) << describe(p);
  }
}

void checkStarsBoard(const BoardPixels& board, const std::map<int, int>& covering, const CellMarks& marks) {
  const Puzzle& puzzle = stars();
  const std::map<int, int> marked(marks.pieces.begin(), marks.pieces.end());
  ASSERT_EQ(marked.size(), 4U);
  for (int site = 0; site < puzzle.siteCount(); ++site) {
    if (board.ghosts != nullptr && !board.ghosts->empty()) return;  // crossed out: read by the hint tests
    const auto [x, y] = triangularCellCentre(puzzle, site);
    SCOPED_TRACE(fmt::format("site {}", site));
    const auto mark = marked.find(site);
    // Below the letter (inside a placed star's body), left of it (inside a mark's disc), right of a disc.
    const Pixel below = board.at(x, y + 0.22), left = board.at(x - 0.14, y), right = board.at(x + 0.29, y);
    if (const auto it = covering.find(site); it != covering.end()) {
      const int piece = puzzle.placements[static_cast<std::size_t>(it->second)].piece;
      if (mark != marked.end()) {
        EXPECT_EQ(piece, mark->second) << "the rater covered a mark with another piece";
      }
      EXPECT_TRUE(near(below, puzzle.pieces[static_cast<std::size_t>(piece)].colour)) << describe(below);
    } else if (mark != marked.end()) {
      EXPECT_TRUE(near(left, puzzle.pieces[static_cast<std::size_t>(mark->second)].colour)) << describe(left);
      EXPECT_TRUE(near(right, "#ffffff")) << describe(right);
    } else {
      EXPECT_TRUE(near(left, "#ffffff")) << describe(left);
      EXPECT_TRUE(near(below, "#ffffff")) << describe(below);
    }
  }
}

// Draws the walk-through of `challenge` as PNG, SVG and PDF with the real binary and checks every board of
// each against the rater's moves with `check`. `framesPerBoard`: window frames each board shows (counted on
// the PNG as separate amber patches), 0 to skip.
void checkWalkthrough(const Puzzle& puzzle, const std::string& challenge, BoardCheck check,
                      int framesPerBoard) {
  const Challenge parsed = parseChallengeText(puzzle, challenge);
  ASSERT_FALSE(parsed.marks.empty());
  Rules rules;
  rules.marks = parsed.marks;
  ASSERT_EQ(uniqueness(puzzle, parsed.givens, rules), Uniqueness::Unique);
  const Problem problem = makeProblem(puzzle, parsed.givens, rules);
  const std::vector<Move> moves = hintMoves(problem, rate(problem));  // as `sheet --explain` draws them
  std::vector<WalkthroughStep> captions;
  for (const Move& move : moves) captions.push_back({move.text, {}, move.depth, move.ruledOut});
  const std::vector<int> captionLines = walkthroughCaptionLines(captions, pageSize(Paper::A4));
  ASSERT_GE(moves.size(), 6U);  // more than one PDF page of boards
  const int boards = static_cast<int>(moves.size()) + 1;
  // Site -> placement on the board of each panel: the givens, then what the moves placed.
  auto boardOf = [&](int panel) {
    std::vector<int> placements = parsed.givens;
    if (panel > 0) {
      const std::vector<int>& placed = moves[static_cast<std::size_t>(panel - 1)].placed;
      placements.insert(placements.end(), placed.begin(), placed.end());
    }
    std::map<int, int> covering;
    for (int id : placements)
      for (int site : puzzle.placements[static_cast<std::size_t>(id)].sites) covering[site] = id;
    return covering;
  };
  // The last move fills the board.
  ASSERT_EQ(static_cast<int>(boardOf(boards - 1).size()), puzzle.siteCount());
  // The cells of the placements each board shows ruled out, pale and crossed out (not checked).
  std::vector<std::set<int>> ghosts(static_cast<std::size_t>(boards));
  for (int panel = 1; panel < boards; ++panel)
    for (int id : moves[static_cast<std::size_t>(panel - 1)].ruledOut)
      for (int site : puzzle.placements[static_cast<std::size_t>(id)].sites)
        ghosts[static_cast<std::size_t>(panel)].insert(site);

  const std::string dir = piecework::test::tempDir();
  auto draw = [&](const std::string& file, const std::string& more = "") {
    return runPiecework(fmt::format("sheet {} --explain --challenge '{}' --out '{}/{}'{}", puzzle.name,
                                    challenge, dir, file, more));
  };

  const RunResult png = draw("walk.png");
  ASSERT_EQ(png.status, 0) << png.err;
  EXPECT_EQ(png.out, fmt::format("wrote {}/walk.png (a walk-through in {} moves)\n", dir, moves.size()));
  const WalkthroughLayout onePage =
      layoutWalkthrough(puzzle, boards - 1, pageSize(Paper::A4), DocumentFormat::Png, captionLines);
  ASSERT_EQ(static_cast<int>(onePage.panels.size()), boards);
  const Image image(dir + "/walk.png");
  ASSERT_TRUE(image.ok());
  const double pixelsPerPoint = image.width() / onePage.page.w;
  // (pixelsPerPoint comes from the width in whole pixels, so a tall page may be off by a little more than 1)
  EXPECT_NEAR(image.height(), onePage.page.h * pixelsPerPoint, 2.0);
  for (int panel = 0; panel < boards; ++panel) {
    SCOPED_TRACE(fmt::format("PNG board {}", panel));
    EXPECT_EQ(onePage.panels[static_cast<std::size_t>(panel)].page, 0);
    check({image, pixelsPerPoint, onePage.panels[static_cast<std::size_t>(panel)],
           &ghosts[static_cast<std::size_t>(panel)]},
          boardOf(panel), parsed.marks);
  }
  if (framesPerBoard > 0) {
    // (a crossed-out piece's red cross may split a frame into two patches)
    EXPECT_GE(patchesOf(image, 'Y', 200), framesPerBoard * boards);
  }

  // SVG: a label over every board, the move's words under it, the pattern or marks as the user wrote them.
  const RunResult svg = draw("walk.svg", " --json");
  ASSERT_EQ(svg.status, 0) << svg.err;
  const nlohmann::json summary = nlohmann::json::parse(svg.out);
  EXPECT_EQ(summary["moves"], moves.size());
  EXPECT_EQ(summary["challenge"], challenge);
  std::ifstream in(dir + "/walk.svg");
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find(">The challenge<"), std::string::npos);
  for (int move = 1; move <= boards; ++move)
    EXPECT_EQ(text.find(fmt::format(">Move {}<", move)) != std::string::npos ||
                  text.find(fmt::format(">Move {} (under", move)) != std::string::npos,
              move < boards)
        << "move " << move;

  // PDF: six boards a page, every page rendered by poppler and read back like the PNG.
  const RunResult pdf = draw("walk.pdf");
  ASSERT_EQ(pdf.status, 0) << pdf.err;
  if (std::system("command -v pdftoppm >/dev/null 2>&1") != 0) GTEST_SKIP() << "poppler-utils not installed";
  const WalkthroughLayout pages =
      layoutWalkthrough(puzzle, boards - 1, pageSize(Paper::A4), DocumentFormat::Pdf, captionLines);
  const int pageCount = pages.panels.back().page + 1;
  EXPECT_GE(pageCount, (boards + 5) / 6);  // six a page, fewer where long captions need the room
  ASSERT_LT(pageCount, 10);                // pdftoppm's page numbers without leading zeros
  ASSERT_EQ(std::system(fmt::format("pdftoppm -png -r 144 '{}/walk.pdf' '{}/page'", dir, dir).c_str()), 0);
  EXPECT_FALSE(fs::exists(fmt::format("{}/page-{}.png", dir, pageCount + 1)));
  for (int panel = 0; panel < boards; ++panel) {
    SCOPED_TRACE(fmt::format("PDF board {}", panel));
    const WalkthroughLayout::Panel& at = pages.panels[static_cast<std::size_t>(panel)];
    const Image page(fmt::format("{}/page-{}.png", dir, at.page + 1));
    ASSERT_TRUE(page.ok());
    check({page, page.width() / pages.page.w, at, &ghosts[static_cast<std::size_t>(panel)]}, boardOf(panel),
          parsed.marks);
  }
}

}  // namespace

// A sheet (as hint --out, which draws the same board) shows the window's colours where no square covers it
// yet: the picture of RRR/BWB/BRB has 4 more red squares and 4 fewer blue ones than that of BBB/BWB/BBB;
// everything else on the page is the same. (Their first hints differ, so the hint pages are not compared.)
TEST(DrawFocus, HintPictureShowsThePattern) {
  const std::string dir = test::tempDir();
  auto fills = [&](const std::string& pattern) {
    const std::string out = dir + "/" + pattern.substr(0, 3) + ".svg";
    const RunResult r = runPiecework(fmt::format("sheet iq-focus --challenge {} --out {}", pattern, out));
    EXPECT_EQ(r.status, 0) << r.err;
    std::ifstream in(out);
    std::string svg((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    // The first hint rules a placement out and shows it as a pale, crossed-out piece: cairo keeps that
    // drawing in <defs> (painted through a mask), so only the board itself is counted.
    if (const auto from = svg.find("<defs>"), to = svg.find("</defs>");
        from != std::string::npos && to != std::string::npos)
      svg.erase(from, to - from);
    std::map<std::string, int> count;
    for (std::size_t at = svg.find("fill:rgb("); at != std::string::npos; at = svg.find("fill:rgb(", at + 1))
      ++count[svg.substr(at, svg.find(')', at) - at)];
    return count;
  };
  auto red = fills("RRR/BWB/BRB");
  auto blue = fills("BBB/BWB/BBB");
  int more = 0, fewer = 0, other = 0;
  std::set<std::string> colours;
  for (const auto& [c, n] : red) colours.insert(c);
  for (const auto& [c, n] : blue) colours.insert(c);
  for (const std::string& c : colours) {
    const int d = red[c] - blue[c];
    more += d == 4 ? 1 : 0;
    fewer += d == -4 ? 1 : 0;
    other += d != 0 && d != 4 && d != -4 ? 1 : 0;
  }
  EXPECT_EQ(more, 1);   // red
  EXPECT_EQ(fewer, 1);  // blue
  EXPECT_EQ(other, 0);
}

TEST(DrawFocus, WalkthroughShowsThePatternOnEveryBoard) {
  checkWalkthrough(focus(), "RRR/BWB/BRB", checkFocusBoard, 1);
}

TEST(DrawStars, WalkthroughShowsTheMarksOnEveryBoard) {
  checkWalkthrough(stars(), kWizard, checkStarsBoard, 0);
}

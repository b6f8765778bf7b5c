// SPDX-License-Identifier: Apache-2.0
// sheet --disassembly on a design of our own whose moves are counted by hand: the assembly, then one panel
// per move with the move in words, checked from outside with poppler (pdfinfo, pdftotext) and xmllint.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "support/interlocking_designs.hpp"
#include "support/run.hpp"

namespace piecework {
namespace {

using test::kLocked;
using test::kPlug;
using test::runPiecework;
using test::runShell;
using test::writeDesign;

// The plug design's moves, worked out by hand (docs/disassembly.md, "An example").
const std::vector<std::string> kPlugMoves{"take C out, moving up", "move B 1 right", "take A out, moving up"};

bool have(const char* tool) {
  return runShell(fmt::format("command -v {}", tool)).status == 0;
}

int pdfPages(const std::string& pdf) {
  const auto r = runShell(fmt::format("pdfinfo '{}' | sed -n 's/^Pages: *//p'", pdf));
  return r.status == 0 && !r.out.empty() ? std::stoi(r.out) : -1;
}

// Where a piece of text is in poppler's layout of a PDF (pdftotext -layout keeps each line's words at their
// columns): its page, line and column, counted over the whole document; every occurrence.
struct At {
  int page = 0, line = 0, column = 0;
  auto operator<=>(const At&) const = default;
};
int characters(const std::string& utf8) {  // (not bytes: "…" is three)
  return static_cast<int>(std::count_if(utf8.begin(), utf8.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}
std::vector<At> find(const std::string& layout, const std::string& what) {
  std::vector<At> out;
  int page = 1, line = 0;
  std::size_t lineStart = 0;
  for (std::size_t i = 0; i <= layout.size(); ++i) {
    if (i < layout.size() && layout[i] != '\n' && layout[i] != '\f') continue;
    const std::string text = layout.substr(lineStart, i - lineStart);
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
      out.push_back({page, line, characters(text.substr(0, at))});
    if (i < layout.size() && layout[i] == '\f') ++page;
    ++line, lineStart = i + 1;
  }
  return out;
}

// Every move's panel: "Move k" once, and under it, in its column, the k-th move in words; the panels in
// reading order (row by row, page by page). Returns the pages.
int expectPanels(const std::string& pdf, const std::vector<std::string>& moves) {
  const std::string layout = runShell(fmt::format("pdftotext -layout '{}' -", pdf)).out;
  EXPECT_EQ(find(layout, "Move ").size(), moves.size()) << layout;  // (one label a move, no more)
  At previous;
  for (std::size_t k = 0; k < moves.size(); ++k) {
    const auto label = find(layout, fmt::format("Move {}", k + 1));
    const auto caption = find(layout, moves[k]);
    if (label.size() != 1 || caption.empty()) {
      ADD_FAILURE() << "move " << k + 1 << " (" << moves[k] << ") in:\n" << layout;
      continue;
    }
    // Its caption: the first occurrence below the label in its column (the same words may caption another
    // move).
    const auto under = std::find_if(caption.begin(), caption.end(), [&](const At& c) {
      return c.page == label[0].page && c.line > label[0].line && c.column == label[0].column;
    });
    EXPECT_NE(under, caption.end()) << "move " << k + 1 << " (" << moves[k] << ") in:\n" << layout;
    EXPECT_LT(previous, label[0]) << "move " << k + 1 << " in reading order";
    previous = label[0];
  }
  return previous.page;
}

TEST(SheetDisassembly, APanelPerMoveWithTheMoveInWords) {
  if (!have("pdfinfo") || !have("pdftotext")) GTEST_SKIP() << "poppler-utils not installed";
  const std::string pdf = test::tempDir() + "/plug.pdf";
  const auto r = runPiecework("sheet " + writeDesign("plug", kPlug) + " --disassembly --out " + pdf);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(pdfPages(pdf), 1);  // (the assembly and three moves: one page of A4)
  const std::string layout = runShell(fmt::format("pdftotext -layout '{}' -", pdf)).out;
  EXPECT_NE(layout.find("level 1.2"), std::string::npos) << layout;
  EXPECT_EQ(find(layout, "The assembly").size(), 1U) << layout;
  for (const char* name : {"ring", "hook", "plug"}) EXPECT_NE(layout.find(name), std::string::npos) << name;
  expectPanels(pdf, kPlugMoves);
}

TEST(SheetDisassembly, PanelsFlowOntoMorePagesOnSmallPaper) {
  if (!have("pdfinfo") || !have("pdftotext")) GTEST_SKIP() << "poppler-utils not installed";
  const std::string pdf = test::tempDir() + "/small.pdf";
  const auto r =
      runPiecework("sheet " + writeDesign("plug", kPlug) + " --disassembly --paper 105x105 --out " + pdf);
  ASSERT_EQ(r.status, 0) << r.err;
  const int pages = pdfPages(pdf);
  EXPECT_GT(pages, 1);
  EXPECT_EQ(expectPanels(pdf, kPlugMoves), pages);  // (the last move on the last page: none lost)
}

TEST(SheetDisassembly, SvgParsesAndHoldsEveryMove) {
  const std::string svg = test::tempDir() + "/plug.svg";
  const auto r = runPiecework("sheet " + writeDesign("plug", kPlug) + " --disassembly --out " + svg);
  ASSERT_EQ(r.status, 0) << r.err;
  if (have("xmllint")) {
    EXPECT_EQ(runShell(fmt::format("xmllint --noout '{}'", svg)).status, 0);
  }
  std::ifstream in(svg);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  for (const std::string& move : kPlugMoves) EXPECT_NE(text.find(move), std::string::npos) << move;
}

TEST(SheetDisassembly, JsonNamesTheLevelAndTheMoves) {
  const std::string pdf = test::tempDir() + "/plug-json.pdf";
  const auto r = runPiecework("sheet " + writeDesign("plug", kPlug) + " --disassembly --json --out " + pdf);
  ASSERT_EQ(r.status, 0) << r.err;
  const nlohmann::json json = nlohmann::json::parse(r.out);
  EXPECT_EQ(json["disassembly_level"], "1.2");
  EXPECT_EQ(json["moves"], 3);
  EXPECT_EQ(json["captions"], nlohmann::json(kPlugMoves));
  EXPECT_EQ(json["pages"], 1);
}

TEST(SheetDisassembly, RefusalsAreOneLineAndStatus2) {
  const std::string dir = test::tempDir();
  for (const std::string& args :
       {"sheet " + writeDesign("locked", kLocked) + " --disassembly --out " + dir + "/locked.pdf",
        std::string("sheet pentominoes-6x10 --disassembly --out ") + dir + "/flat.pdf",
        "sheet " + writeDesign("plug", kPlug) + " --disassembly --solution --out " + dir + "/both.pdf"}) {
    const auto r = runPiecework(args);
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << args << ": " << r.err;
    EXPECT_TRUE(r.out.empty()) << args;
  }
  EXPECT_FALSE(std::ifstream(dir + "/locked.pdf").good());  // (nothing written)
}

TEST(SheetDisassembly, HelpNamesTheOption) {
  const auto r = runPiecework("sheet --help");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("piecework sheet DESIGN --disassembly"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  --disassembly "), std::string::npos) << r.out;
}

}  // namespace
}  // namespace piecework

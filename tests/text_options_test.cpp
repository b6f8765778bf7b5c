// SPDX-License-Identifier: Apache-2.0
// Free text that booklet and sheet print into a document (--title, --author, ...; an imprint file's fields):
// text that is not UTF-8 or holds a control character is bad input, refused before anything is written
// (cairo refused it only when writing, exit 1; in an SVG a control character made XML that is not
// well-formed).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "support/temp_dir_test.hpp"

namespace piecework {
namespace {

using namespace test;  // the shared helpers (support/temp_dir_test.hpp, support/run.hpp)

// Shell words (in single quotes) holding bytes a document cannot print, with the message each must give.
struct BadText {
  std::string word;
  std::string fault;
};

const std::vector<BadText>& badTexts() {
  static const std::vector<BadText> all = {
      {std::string("'bad\xff") + "\xfe'", "not valid UTF-8 (byte 0xff at 4)"},
      {"'bad\x01"
       "ctl'",
       "contains a control character (byte 0x01 at 4)"},
      {"'tab\there'", "contains a control character (byte 0x09 at 4)"},
      {"'del\x7f'", "contains a control character (byte 0x7f at 4)"},
      {"'ab\xc2\x85'", "contains a control character (U+0085 at 3)"},  // NEL: UTF-8, but a C1 control
      {"'ab\xe2\x82'", "not valid UTF-8 (byte 0xe2 at 3)"},            // a sequence cut short
      {"'ab\xc0\xaf'", "not valid UTF-8 (byte 0xc0 at 3)"},            // overlong '/'
  };
  return all;
}

class TextOptions : public TempDirTest {
 protected:
  // A catalog holding one IQ Fit challenge, for booklet.
  std::string catalog() {
    spit(path("in.jsonl"), std::string(R"({"puzzle":"iq-fit","challenge":")") + kFitUnique + "\"}\n");
    const auto r =
        runPiecework("catalog import " + quote(path("in.jsonl")) + " --db " + quote(path("c.sqlite")));
    EXPECT_EQ(r.status, 0) << r.err;
    return path("c.sqlite");
  }
};

TEST_F(TextOptions, SheetRefusesATitleItCannotPrint) {
  for (const char* out : {"t.svg", "t.pdf"})
    for (const BadText& bad : badTexts())
      for (const char* mode : {"", " --solution", " --explain"}) {
        const std::string command = std::string("sheet iq-fit --challenge ") + quote(kFitUnique) + mode +
                                    " --out " + quote(path(out)) + " --title " + bad.word;
        const auto r = runPiecework(command);
        SCOPED_TRACE(command);
        expectBadInput(r, "--title: " + bad.fault);
        EXPECT_TRUE(filesIn(dir_).empty());
      }
}

TEST_F(TextOptions, SheetPrintsATitleBeyondAscii) {
  const std::string title = "R\xc3\xa4tsel \xe2\x80\x94 \xe2\x91\xa0 & <b>";  // "Rätsel — ① & <b>"
  const auto r = runPiecework("sheet iq-fit --challenge " + quote(kFitUnique) + " --out " +
                              quote(path("t.svg")) + " --title " + quote(title));
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string svg = slurp(path("t.svg"));
  EXPECT_NE(svg.find("R\xc3\xa4tsel"), std::string::npos);
}

TEST_F(TextOptions, BookletRefusesEveryTextOptionItCannotPrint) {
  const std::string db = catalog();
  for (const char* option : {"title", "author", "subject", "keywords", "isbn", "edition", "date"})
    for (const BadText& bad : badTexts()) {
      const std::string command =
          "booklet --db " + quote(db) + " --out " + quote(path("b.pdf")) + " --" + option + " " + bad.word;
      SCOPED_TRACE(command);
      expectBadInput(runPiecework(command), std::string("--") + option + ": " + bad.fault);
      EXPECT_EQ(filesIn(dir_), (std::vector<std::string>{"c.sqlite", "in.jsonl"}));
    }
  // The same text, printable, makes a booklet.
  const auto ok = runPiecework("booklet --db " + quote(db) + " --out " + quote(path("b.pdf")) +
                               " --title 'R\xc3\xa4tsel' --author 'A. N. Other' --edition 2");
  EXPECT_EQ(ok.status, 0) << ok.err;
}

TEST_F(TextOptions, BookletRefusesAnImprintFieldItCannotPrint) {
  const std::string db = catalog();
  // TOML escapes reach what the file's own UTF-8 check does not: a control character, a tab.
  const std::vector<std::pair<std::string, std::string>> imprints = {
      {"title = \"ok\"\nauthor = \"bad\\u0001ctl\"\n",
       "imprint.toml:2: 'author' contains a control character "
       "(byte 0x01 at 4)"},
      {"edition = \"2\\tnd\"\n", "imprint.toml:1: 'edition' contains a control character (byte 0x09 at 2)"},
      {"title = \"x\\u0085\"\n", "imprint.toml:1: 'title' contains a control character (U+0085 at 2)"},
  };
  for (const auto& [text, message] : imprints) {
    spit(path("imprint.toml"), text);
    const std::string command = "booklet --db " + quote(db) + " --out " + quote(path("b.pdf")) +
                                " --imprint " + quote(path("imprint.toml"));
    SCOPED_TRACE(command);
    expectBadInput(runPiecework(command), message);
    EXPECT_EQ(filesIn(dir_), (std::vector<std::string>{"c.sqlite", "imprint.toml", "in.jsonl"}));
  }
}

}  // namespace
}  // namespace piecework

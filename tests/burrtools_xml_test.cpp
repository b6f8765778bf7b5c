// SPDX-License-Identifier: Apache-2.0
// The BurrTools XML reader (puzzle/burrtools_xml.cpp) on hand-written documents: text content in document
// order, lines where start tags end, encodings turned into UTF-8, and hostile input refused in one line.
#include "puzzle/burrtools_xml.hpp"

#include <gtest/gtest.h>

#include <string>

#include "puzzle/errors.hpp"

namespace {

using piecework::InputError;
using piecework::parseBurrToolsXml;
using piecework::xmlAttribute;
using piecework::xmlChild;
using piecework::xmlChildren;
using piecework::xmlContent;

// The one-line message parsing `xml` gives ("" when it parses).
std::string refusal(const std::string& xml) {
  try {
    (void)parseBurrToolsXml("t.xmpuzzle", xml);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(BurrToolsXml, TextContentAttributesAndSiblings) {
  const auto doc = parseBurrToolsXml(
      "t.xmpuzzle",
      "<puzzle><v a=\"1 &amp; 2\">#<![CDATA[_]]><!-- not text -->&lt;<w>+</w>#</v><x/><v/></puzzle>");
  const auto* root = doc->root();
  ASSERT_NE(root, nullptr);
  EXPECT_EQ(root->name, "puzzle");
  const auto vs = xmlChildren(root, "v");
  ASSERT_EQ(vs.size(), 2U);
  EXPECT_EQ(xmlContent(vs[0]), "#_<+#");  // descendants' text included, in document order
  EXPECT_EQ(xmlAttribute(vs[0], "a"), "1 & 2");
  EXPECT_EQ(xmlAttribute(vs[0], "b"), "");
  EXPECT_EQ(xmlContent(vs[1]), "");
  EXPECT_EQ(xmlChild(root, "x")->next, vs[1]);
  EXPECT_EQ(vs[1]->next, nullptr);
  EXPECT_EQ(xmlChild(root, "none"), nullptr);
}

TEST(BurrToolsXml, ElementLinesAreWhereTheStartTagEnds) {
  // Lines 1-2 the declaration and <puzzle>, the first <v> on line 3, the second from line 4 to 6 (CR LF
  // and a lone CR both end a line).
  const auto doc = parseBurrToolsXml(
      "t.xmpuzzle", "<?xml version=\"1.0\"?>\n<puzzle>\n<v/>\r\n<v\r\n a=\"1\"\r b=\"2\">x</v></puzzle>");
  const auto vs = xmlChildren(doc->root(), "v");
  ASSERT_EQ(vs.size(), 2U);
  EXPECT_EQ(doc->root()->line, 2);
  EXPECT_EQ(vs[0]->line, 3);
  EXPECT_EQ(vs[1]->line, 6);
}

TEST(BurrToolsXml, EncodingsBecomeUtf8) {
  const auto name = [](const std::string& xml) {
    return xmlAttribute(parseBurrToolsXml("t.xmpuzzle", xml)->root(), "name");
  };
  // Latin-1 undeclared, windows-1252 (0x80 is the euro sign), ISO-8859-15 (0xA4 the euro sign), Shift_JIS
  // (0x82 0xA0 is hiragana a), UTF-16 with a byte order mark.
  EXPECT_EQ(name("<p name=\"caf\xe9\"/>"), "caf\u00e9");
  EXPECT_EQ(name("<?xml version=\"1.0\" encoding=\"windows-1252\"?><p name=\"\x80\"/>"), "\u20ac");
  EXPECT_EQ(name("<?xml version=\"1.0\" encoding=\"ISO-8859-15\"?><p name=\"\xa4\"/>"), "\u20ac");
  EXPECT_EQ(name("<?xml version=\"1.0\" encoding=\"Shift_JIS\"?><p name=\"\x82\xa0\"/>"), "\u3042");
  EXPECT_EQ(name(std::string("\xff\xfe<\0p\0 \0n\0a\0m\0e\0=\0\"\0\xe9\0\"\0/\0>\0", 28)), "\u00e9");
}

TEST(BurrToolsXml, BadInputIsOneLineNamingFileAndLine) {
  EXPECT_EQ(refusal("<?xml version=\"1.0\" encoding=\"x-klingon-8\"?><p/>"),
            "t.xmpuzzle:1: the XML declares the encoding 'x-klingon-8', which cannot be read here");
  // 0x81 is no windows-1252 character; 0xFF is no UTF-8.
  EXPECT_EQ(
      refusal("<?xml version=\"1.0\" encoding=\"windows-1252\"?>\n<p>\n\x81</p>").rfind("t.xmpuzzle:3: ", 0),
      0U);
  EXPECT_EQ(refusal("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<p a=\"\xff\"/>").rfind("t.xmpuzzle:2: ", 0),
            0U);
  EXPECT_EQ(refusal("<p>\n<q></p>").rfind("t.xmpuzzle:2: ", 0), 0U);
  EXPECT_NE(refusal(""), "");
  // 256 nested elements read, 257 refused.
  std::string deep;
  for (int i = 0; i < 256; ++i) deep += "<a>";
  for (int i = 0; i < 256; ++i) deep += "</a>";
  EXPECT_EQ(refusal(deep), "");
  EXPECT_EQ(refusal("<a>" + deep + "</a>"), "t.xmpuzzle:1: elements nested more than 256 deep");
  // Entities that expand a thousandfold per level, and one that would read a file: refused, not expanded.
  std::string bomb = "<!DOCTYPE p [<!ENTITY e0 \"aaaaaaaaaa\">";
  for (int i = 1; i < 8; ++i) {
    bomb += "<!ENTITY e" + std::to_string(i) + " \"";
    for (int k = 0; k < 10; ++k) bomb += "&e" + std::to_string(i - 1) + ";";
    bomb += "\">";
  }
  bomb += "]>\n<p a=\"&e7;\"/>";
  EXPECT_EQ(refusal(bomb).rfind("t.xmpuzzle:2: ", 0), 0U) << refusal(bomb);
  const std::string outside = "<!DOCTYPE p [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><p a=\"&x;\"/>";
  EXPECT_EQ(refusal(outside).rfind("t.xmpuzzle:1: ", 0), 0U) << refusal(outside);
}

}  // namespace

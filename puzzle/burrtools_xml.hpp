// SPDX-License-Identifier: Apache-2.0
// The XML text of a BurrTools file as a small tree of elements read by expat: its character encoding found
// (declared, else UTF-8, else Latin-1, which BurrTools' own files often are), and expat's complaint turned
// into one line naming the file and the line.
#pragma once

#include <deque>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace piecework {

// One element: its name, attributes, child elements and the span of the document's character data that
// lies between its tags (its text content, descendants' included).
struct XmlNode {
  std::string name;
  std::vector<std::pair<std::string, std::string>> attributes;
  std::vector<const XmlNode*> children;
  const XmlNode* next = nullptr;  // the next sibling element
  int line = 0;                   // where the start tag ends (as libxml2 counted, which the messages used)
  std::size_t textBegin = 0, textEnd = 0;
  const std::string* text = nullptr;  // the document's character data
};

// A parsed file: the elements (owned here, so that no destructor recurses down a deep tree) and the root.
struct XmlDocument {
  std::deque<XmlNode> nodes;
  std::string text;
  const XmlNode* root() const { return nodes.empty() ? nullptr : &nodes.front(); }
};

// Parses `xml` (read from `file`, named in errors). Throws InputError, one line naming the file and the
// line, for malformed XML, elements nested too deep and encodings that cannot be read.
std::unique_ptr<XmlDocument> parseBurrToolsXml(const std::string& file, const std::string& xml);

// The same without what lies inside each <solutions> element (left empty: its line breaks kept, so every
// element after it keeps its line), for the readers of the definition and the problems' list, which never
// look there. Where the text has comments, CDATA sections, a document type or processing instructions after
// the declaration (which could hide a "<solutions" that is no tag), nested or unclosed <solutions>, nothing
// is left out. What is left out is not checked to be well-formed XML: the reader of the stored solutions
// (disassembly/burrtools_solutions.hpp) parses it all. Measured (callgrind, `count
// lohe.misused-key.xmpuzzle#2 --json --threads 1`, 110 KB of XML of which 92 KB are stored solutions):
// the parse 12.1M -> 1.9M instructions, the run 58.7M -> 47.3M (with gunzipFile kept, burrtools.cpp).
std::unique_ptr<XmlDocument> parseBurrToolsXmlWithoutSolutions(const std::string& file,
                                                               const std::string& xml);

// The same, kept for the next call of this thread with the same file name and text: a command reads one
// file several times (its problem, the problems' list, the stored solutions). Measured (callgrind, `count
// lohe.misused-key.xmpuzzle#2 --disassemble --json --threads 1`): four parses of 12M instructions each, of
// the run's 396M, which takes 360M with one; the count alone parses it twice.
std::shared_ptr<const XmlDocument> parsedBurrToolsXml(const std::string& file, const std::string& xml);
// The same for parseBurrToolsXmlWithoutSolutions (kept apart from the whole parse).
std::shared_ptr<const XmlDocument> parsedBurrToolsXmlWithoutSolutions(const std::string& file,
                                                                      const std::string& xml);

// The readers' walk over a parsed file (puzzle/burrtools.cpp, disassembly/burrtools_solutions.cpp): an
// attribute's text ("" when missing), an element's text content, its child elements of one name.
std::string xmlAttribute(const XmlNode* node, const char* name);
std::string xmlContent(const XmlNode* node);
bool xmlNamed(const XmlNode* node, std::string_view name);
std::vector<const XmlNode*> xmlChildren(const XmlNode* parent, std::string_view name);
const XmlNode* xmlChild(const XmlNode* parent, std::string_view name);  // the first, or nullptr

}  // namespace piecework

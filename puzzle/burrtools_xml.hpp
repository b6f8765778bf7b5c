// SPDX-License-Identifier: Apache-2.0
// The XML text of a BurrTools file as a document: its character encoding found (declared, else UTF-8, else
// Latin-1, which BurrTools' own files often are), and libxml2's complaint turned into one line.
#pragma once

#include <libxml/tree.h>

#include <string>
#include <string_view>
#include <vector>

namespace piecework {

// Parses `xml` (read from `file`, named in errors). The caller owns the document (xmlFreeDoc). Throws
// InputError, one line naming the file and the line, for malformed XML and encodings libxml2 cannot read.
xmlDocPtr parseBurrToolsXml(const std::string& file, const std::string& xml);

// The readers' walk over a parsed file (puzzle/burrtools.cpp, disassembly/burrtools_solutions.cpp): an
// attribute's text ("" when missing), an element's text content, its child elements of one name.
std::string xmlAttribute(const xmlNode* node, const char* name);
std::string xmlContent(const xmlNode* node);
bool xmlNamed(const xmlNode* node, std::string_view name);
std::vector<const xmlNode*> xmlChildren(const xmlNode* parent, std::string_view name);
const xmlNode* xmlChild(const xmlNode* parent, std::string_view name);  // the first, or nullptr

}  // namespace piecework

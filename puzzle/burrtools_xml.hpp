// SPDX-License-Identifier: Apache-2.0
// The XML text of a BurrTools file as a document: its character encoding found (declared, else UTF-8, else
// Latin-1, which BurrTools' own files often are), and libxml2's complaint turned into one line.
#pragma once

#include <libxml/tree.h>

#include <string>

namespace piecework {

// Parses `xml` (read from `file`, named in errors). The caller owns the document (xmlFreeDoc). Throws
// InputError, one line naming the file and the line, for malformed XML and encodings libxml2 cannot read.
xmlDocPtr parseBurrToolsXml(const std::string& file, const std::string& xml);

}  // namespace piecework

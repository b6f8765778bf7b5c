// SPDX-License-Identifier: Apache-2.0
#include "puzzle/xml_text.hpp"

#include <libxml/entities.h>
#include <libxml/xmlmemory.h>

#include <memory>
#include <new>

namespace piecework {

std::string xmlEscaped(std::string_view text) {
  const std::string copy(text);  // (libxml2 wants a NUL-terminated string)
  // Without a document libxml2 escapes exactly the characters that are special in attributes and content.
  const std::unique_ptr<xmlChar, decltype(xmlFree)> escaped(
      xmlEncodeSpecialChars(nullptr, reinterpret_cast<const xmlChar*>(copy.c_str())), xmlFree);
  if (!escaped) throw std::bad_alloc();
  return reinterpret_cast<const char*>(escaped.get());
}

}  // namespace piecework

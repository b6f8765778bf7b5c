// SPDX-License-Identifier: Apache-2.0
#include "puzzle/burrtools_xml.hpp"

#include <fmt/format.h>
#include <libxml/encoding.h>
#include <libxml/parser.h>

#include <cctype>
#include <climits>

#include "puzzle/errors.hpp"

namespace piecework {

namespace {

// libxml2's messages may span lines ("...indicate encoding !\nBytes: 0xE9 ..."); an error is one line.
std::string oneLine(std::string text) {
  std::string out;
  for (const char c : text) {
    if (c == '\n' || c == '\r') {
      if (!out.empty() && out.back() != ' ') out += "; ";
    } else {
      out += c;
    }
  }
  while (!out.empty() && (out.back() == ' ' || out.back() == ';')) out.pop_back();
  return out;
}

// The encoding the XML declaration names ("ISO-8859-1"), or "" when it names none.
std::string declaredXmlEncoding(const std::string& xml) {
  // Only the declaration counts: "<?xml ... encoding='NAME' ... ?>" at the very start.
  if (xml.rfind("<?xml", 0) != 0) return {};
  const std::size_t end = xml.find("?>");
  if (end == std::string::npos) return {};
  const std::string declaration = xml.substr(0, end);
  const std::size_t at = declaration.find("encoding");
  if (at == std::string::npos) return {};
  std::size_t i = at + 8;
  while (i < declaration.size() &&
         (std::isspace(static_cast<unsigned char>(declaration[i])) != 0 || declaration[i] == '='))
    ++i;
  if (i >= declaration.size() || (declaration[i] != '"' && declaration[i] != '\'')) return {};
  const char quote = declaration[i];
  const std::size_t close = declaration.find(quote, i + 1);
  if (close == std::string::npos) return {};
  return declaration.substr(i + 1, close - i - 1);
}

// True when `text` is well-formed UTF-8.
bool isUtf8(const std::string& text) {
  for (std::size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    int more = 0;
    if (c < 0x80)
      more = 0;
    else if (c >= 0xC2 && c <= 0xDF)
      more = 1;
    else if (c >= 0xE0 && c <= 0xEF)
      more = 2;
    else if (c >= 0xF0 && c <= 0xF4)
      more = 3;
    else
      return false;
    if (more > 0 && i + static_cast<std::size_t>(more) >= text.size()) return false;
    for (int k = 1; k <= more; ++k)
      if ((static_cast<unsigned char>(text[i + static_cast<std::size_t>(k)]) & 0xC0U) != 0x80U) return false;
    i += 1 + static_cast<std::size_t>(more);
  }
  return true;
}

}  // namespace

xmlDocPtr parseBurrToolsXml(const std::string& file, const std::string& xml) {
  if (xml.size() > static_cast<std::size_t>(INT_MAX)) throw InputError(fmt::format("{}: too large", file));
  // BurrTools writes no encoding declaration and its names in the system's 8-bit code page: text that
  // declares nothing and is not UTF-8 is Latin-1 (every byte is a Latin-1 character, so this never fails).
  const std::string declared = declaredXmlEncoding(xml);
  const char* encoding = declared.empty() && !isUtf8(xml) ? "ISO-8859-1" : nullptr;
  if (!declared.empty()) {
    xmlCharEncodingHandlerPtr handler = xmlFindCharEncodingHandler(declared.c_str());
    if (handler == nullptr)
      throw InputError(
          fmt::format("{}:1: the XML declares the encoding '{}', which cannot be read here", file, declared));
    xmlCharEncCloseFunc(handler);
  }
  // No network, no entity expansion, no error printing of libxml2's own (the error comes back as one line).
  xmlResetLastError();
  xmlDocPtr doc = xmlReadMemory(xml.data(), static_cast<int>(xml.size()), file.c_str(), encoding,
                                XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
  if (doc == nullptr) {
    const xmlError* error = xmlGetLastError();
    const std::string why =
        oneLine(error != nullptr && error->message != nullptr ? error->message : "not XML");
    if (error != nullptr && error->line > 0)
      throw InputError(fmt::format("{}:{}: {}", file, error->line, why));
    throw InputError(fmt::format("{}: {}", file, why));
  }
  return doc;
}

std::string xmlAttribute(const xmlNode* node, const char* name) {
  xmlChar* value = xmlGetProp(node, reinterpret_cast<const xmlChar*>(name));
  if (value == nullptr) return {};
  std::string text(reinterpret_cast<const char*>(value));
  xmlFree(value);
  return text;
}

std::string xmlContent(const xmlNode* node) {
  xmlChar* value = xmlNodeGetContent(node);
  if (value == nullptr) return {};
  std::string text(reinterpret_cast<const char*>(value));
  xmlFree(value);
  return text;
}

bool xmlNamed(const xmlNode* node, std::string_view name) {
  return node->type == XML_ELEMENT_NODE && reinterpret_cast<const char*>(node->name) == name;
}

std::vector<const xmlNode*> xmlChildren(const xmlNode* parent, std::string_view name) {
  std::vector<const xmlNode*> out;
  if (parent == nullptr) return out;
  for (const xmlNode* n = parent->children; n != nullptr; n = n->next)
    if (xmlNamed(n, name)) out.push_back(n);
  return out;
}

const xmlNode* xmlChild(const xmlNode* parent, std::string_view name) {
  const auto all = xmlChildren(parent, name);
  return all.empty() ? nullptr : all.front();
}

}  // namespace piecework

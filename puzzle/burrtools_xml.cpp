// SPDX-License-Identifier: Apache-2.0
#include "puzzle/burrtools_xml.hpp"

#include <expat.h>
#include <fmt/format.h>
#include <iconv.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <climits>
#include <cstdint>
#include <cstring>
#include <exception>
#include <optional>

#include "puzzle/errors.hpp"

namespace piecework {

namespace {

// Far deeper than BurrTools nests (a separation tree is a level per move group); libxml2's default limit.
constexpr int kMaxDepth = 256;

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
    // (eight ASCII bytes at a time: BurrTools' files are nearly all ASCII. Measured (callgrind, `count
    // lohe.misused-key.xmpuzzle#2`, 110 KB): parseXml's own instructions 2.16M -> 0.63M)
    std::uint64_t eight = 0;
    if (i + 8 <= text.size() &&
        (std::memcpy(&eight, text.data() + i, 8), (eight & 0x8080808080808080ULL) == 0)) {
      i += 8;
      continue;
    }
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

bool sameName(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (std::toupper(static_cast<unsigned char>(a[i])) != std::toupper(static_cast<unsigned char>(b[i])))
      return false;
  return true;
}

// The encodings expat reads itself.
bool expatReads(std::string_view encoding) {
  for (const std::string_view known : {"UTF-8", "UTF-16", "UTF-16BE", "UTF-16LE", "ISO-8859-1", "US-ASCII"})
    if (sameName(encoding, known)) return true;
  return false;
}

// `xml` in `encoding` (one that iconv knows and expat does not: windows-1252, latin1, Shift_JIS, ...) as
// UTF-8; none when iconv does not know the encoding. Throws InputError naming the line of a byte sequence
// that is no character there.
std::optional<std::string> toUtf8(const std::string& file, const std::string& xml,
                                  const std::string& encoding) {
  const iconv_t cd = iconv_open("UTF-8", encoding.c_str());
  if (cd == reinterpret_cast<iconv_t>(-1)) return std::nullopt;
  std::string out(xml.size() + 16, '\0');
  char* in = const_cast<char*>(xml.data());  // (iconv's signature; it does not write there)
  std::size_t inLeft = xml.size(), done = 0;
  while (true) {
    char* outAt = out.data() + done;
    std::size_t outLeft = out.size() - done;
    const std::size_t result = iconv(cd, inLeft > 0 ? &in : nullptr, &inLeft, &outAt, &outLeft);
    const int why = errno;
    done = out.size() - outLeft;
    if (result != static_cast<std::size_t>(-1) && inLeft == 0) break;
    if (result == static_cast<std::size_t>(-1) && why == E2BIG) {
      out.resize(out.size() * 2);
      continue;
    }
    iconv_close(cd);
    const auto line = 1 + std::count(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(done), '\n');
    throw InputError(fmt::format("{}:{}: bytes that are no {} text", file, line, encoding));
  }
  iconv_close(cd);
  out.resize(done);
  return out;
}

// Builds the tree from expat's callbacks. An exception (bad_alloc) must not cross expat's C frames: it is
// kept, the parse stopped, and thrown after.
struct TreeBuilder {
  XML_Parser parser;
  const std::string& xml;
  bool countTagLines;  // the raw bytes are ASCII-compatible, so a tag's line breaks can be counted in them
  XmlDocument& doc;
  std::vector<XmlNode*> open;  // the elements whose end tag is still to come
  std::vector<XmlNode*> lastChild;
  bool tooDeep = false;
  std::exception_ptr failure;

  void stop() { XML_StopParser(parser, XML_FALSE); }

  // The line where the current tag ends, as libxml2 numbered elements.
  int tagEndLine() const {
    auto line = static_cast<long long>(XML_GetCurrentLineNumber(parser));
    const XML_Index at = XML_GetCurrentByteIndex(parser);
    const int count = XML_GetCurrentByteCount(parser);
    if (!countTagLines || at < 0 || count <= 0) return static_cast<int>(std::min<long long>(line, INT_MAX));
    const auto begin = static_cast<std::size_t>(at), end = begin + static_cast<std::size_t>(count);
    if (end <= xml.size())
      for (std::size_t i = begin; i < end; ++i)
        if (xml[i] == '\n' || (xml[i] == '\r' && (i + 1 >= xml.size() || xml[i + 1] != '\n'))) ++line;
    return static_cast<int>(std::min<long long>(line, INT_MAX));
  }

  void start(const XML_Char* name, const XML_Char** attributes) {
    if (open.size() >= static_cast<std::size_t>(kMaxDepth)) {
      tooDeep = true;
      stop();
      return;
    }
    XmlNode& node = doc.nodes.emplace_back();
    node.name = name;
    for (const XML_Char** a = attributes; a[0] != nullptr; a += 2) node.attributes.emplace_back(a[0], a[1]);
    node.line = tagEndLine();
    node.textBegin = doc.text.size();
    node.text = &doc.text;
    if (!open.empty()) {
      open.back()->children.push_back(&node);
      if (lastChild.back() != nullptr) lastChild.back()->next = &node;
      lastChild.back() = &node;
    }
    open.push_back(&node);
    lastChild.push_back(nullptr);
  }

  void end() {
    open.back()->textEnd = doc.text.size();
    open.pop_back();
    lastChild.pop_back();
  }

  template <typename Step>
  static void guarded(void* self, Step step) {
    auto* builder = static_cast<TreeBuilder*>(self);
    if (builder->failure) return;
    try {
      step(*builder);
    } catch (...) {
      builder->failure = std::current_exception();
      builder->stop();
    }
  }

  static void XMLCALL onStart(void* self, const XML_Char* name, const XML_Char** attributes) {
    guarded(self, [&](TreeBuilder& b) { b.start(name, attributes); });
  }
  static void XMLCALL onEnd(void* self, const XML_Char*) {
    guarded(self, [](TreeBuilder& b) { b.end(); });
  }
  static void XMLCALL onText(void* self, const XML_Char* text, int length) {
    guarded(self, [&](TreeBuilder& b) { b.doc.text.append(text, static_cast<std::size_t>(length)); });
  }
};

struct ParserDeleter {
  void operator()(XML_Parser parser) const { XML_ParserFree(parser); }
};

// `text` with each <solutions> element's content replaced by a comment holding only its line breaks, or none
// where that cannot be done safely (parseBurrToolsXmlWithoutSolutions) or there is none.
std::optional<std::string> withoutSolutionContent(const std::string& text) {
  constexpr std::string_view open = "<solutions", close = "</solutions";
  std::size_t at = text.find(open);
  if (at == std::string::npos) return std::nullopt;
  // Only where every '<' starts a tag: no comment, CDATA, document type or processing instruction.
  if (text.find("<!") != std::string::npos ||
      text.find("<?", text.rfind("<?xml", 0) == 0 ? 1 : 0) != std::string::npos)
    return std::nullopt;
  const auto endsName = [&](std::size_t i) {
    return i < text.size() &&
           (text[i] == '>' || text[i] == '/' || std::isspace(static_cast<unsigned char>(text[i])) != 0);
  };
  std::string out;
  std::size_t copied = 0;  // text before this is in `out`
  for (; at != std::string::npos; at = text.find(open, at + 1)) {
    if (!endsName(at + open.size())) continue;  // (another name: <solutionsX>)
    const std::size_t tagEnd = text.find('>', at);
    if (tagEnd == std::string::npos) return std::nullopt;
    const std::string_view tag(text.data() + at, tagEnd - at);
    if (tag.find_first_of("\"'") != std::string_view::npos)
      return std::nullopt;                  // (attributes: a '>' in one)
    if (text[tagEnd - 1] == '/') continue;  // <solutions/>
    const std::size_t end = text.find(close, tagEnd);
    if (end == std::string::npos || !endsName(end + close.size())) return std::nullopt;
    const std::size_t nested = text.find(open, tagEnd);
    if (nested < end) return std::nullopt;
    if (out.empty()) out.reserve(text.size() / 2);
    out.append(text, copied, tagEnd + 1 - copied);
    out += "<!--";
    // (found by memchr: most of the content is no line break)
    const char* const first = text.data() + tagEnd + 1;
    const char* const last = text.data() + end;
    if (std::memchr(first, '\r', static_cast<std::size_t>(last - first)) == nullptr) {
      for (const char* c = first;
           (c = static_cast<const char*>(std::memchr(c, '\n', static_cast<std::size_t>(last - c)))) !=
           nullptr;
           ++c)
        out += '\n';
    } else {
      for (const char* c = first; c < last; ++c)
        if (*c == '\n' || *c == '\r') out += *c;
    }
    out += "-->";
    copied = end;
    at = end;
  }
  if (copied == 0) return std::nullopt;
  out.append(text, copied, std::string::npos);
  return out;
}

std::unique_ptr<XmlDocument> parseXml(const std::string& file, const std::string& xml, bool withoutSolutions);

template <bool WithoutSolutions>
std::shared_ptr<const XmlDocument> lastParse(const std::string& file, const std::string& xml) {
  struct Last {
    std::string file, xml;
    std::shared_ptr<const XmlDocument> doc;
  };
  thread_local Last last;
  if (last.doc && last.file == file && last.xml == xml) return last.doc;
  std::shared_ptr<const XmlDocument> doc = parseXml(file, xml, WithoutSolutions);
  last = Last{file, xml, doc};
  return doc;
}

}  // namespace

std::shared_ptr<const XmlDocument> parsedBurrToolsXml(const std::string& file, const std::string& xml) {
  return lastParse<false>(file, xml);
}

std::shared_ptr<const XmlDocument> parsedBurrToolsXmlWithoutSolutions(const std::string& file,
                                                                      const std::string& xml) {
  return lastParse<true>(file, xml);
}

std::unique_ptr<XmlDocument> parseBurrToolsXml(const std::string& file, const std::string& xml) {
  return parseXml(file, xml, false);
}

std::unique_ptr<XmlDocument> parseBurrToolsXmlWithoutSolutions(const std::string& file,
                                                               const std::string& xml) {
  return parseXml(file, xml, true);
}

namespace {

std::unique_ptr<XmlDocument> parseXml(const std::string& file, const std::string& xml,
                                      bool withoutSolutions) {
  if (xml.size() > static_cast<std::size_t>(INT_MAX)) throw InputError(fmt::format("{}: too large", file));
  // BurrTools writes no encoding declaration and its names in the system's 8-bit code page: text that
  // declares nothing and is not UTF-8 is Latin-1 (every byte is a Latin-1 character, so this never fails).
  const std::string declared = declaredXmlEncoding(xml);
  const char* encoding = declared.empty() && !isUtf8(xml) ? "ISO-8859-1" : nullptr;
  // Other encodings than expat's own are turned into UTF-8 first, which then overrides the declaration.
  std::optional<std::string> converted;
  if (!declared.empty() && !expatReads(declared)) {
    converted = toUtf8(file, xml, declared);
    if (!converted)
      throw InputError(
          fmt::format("{}:1: the XML declares the encoding '{}', which cannot be read here", file, declared));
    encoding = "UTF-8";
  }
  const std::string& full = converted ? *converted : xml;
  if (full.size() > static_cast<std::size_t>(INT_MAX)) throw InputError(fmt::format("{}: too large", file));
  const bool utf16 = full.size() >= 2 && (full[0] == '\0' || full[1] == '\0' ||
                                          full.rfind("\xfe\xff", 0) == 0 || full.rfind("\xff\xfe", 0) == 0);
  const std::optional<std::string> stripped =
      withoutSolutions && !utf16 ? withoutSolutionContent(full) : std::nullopt;
  const std::string& text = stripped ? *stripped : full;
  // No external entities are read (expat reads none without a handler); entity expansion is bounded by
  // expat's protection against amplification.
  const std::unique_ptr<XML_ParserStruct, ParserDeleter> parser(XML_ParserCreate(encoding));
  if (!parser) throw std::bad_alloc();
  auto doc = std::make_unique<XmlDocument>();
  TreeBuilder builder{parser.get(), text, !utf16, *doc, {}, {}, false, nullptr};
  XML_SetUserData(parser.get(), &builder);
  XML_SetElementHandler(parser.get(), TreeBuilder::onStart, TreeBuilder::onEnd);
  XML_SetCharacterDataHandler(parser.get(), TreeBuilder::onText);
  const XML_Status status = XML_Parse(parser.get(), text.data(), static_cast<int>(text.size()), XML_TRUE);
  if (builder.failure) std::rethrow_exception(builder.failure);
  const auto line = XML_GetCurrentLineNumber(parser.get());
  if (builder.tooDeep)
    throw InputError(fmt::format("{}:{}: elements nested more than {} deep", file, line, kMaxDepth));
  if (status != XML_STATUS_OK) {
    const XML_Char* why = XML_ErrorString(XML_GetErrorCode(parser.get()));
    throw InputError(fmt::format("{}:{}: {}", file, line, why != nullptr ? why : "not XML"));
  }
  return doc;
}

}  // namespace

std::string xmlAttribute(const XmlNode* node, const char* name) {
  for (const auto& [key, value] : node->attributes)
    if (key == name) return value;
  return {};
}

std::string xmlContent(const XmlNode* node) {
  return node->text->substr(node->textBegin, node->textEnd - node->textBegin);
}

bool xmlNamed(const XmlNode* node, std::string_view name) {
  return node->name == name;
}

std::vector<const XmlNode*> xmlChildren(const XmlNode* parent, std::string_view name) {
  std::vector<const XmlNode*> out;
  if (parent == nullptr) return out;
  for (const XmlNode* n : parent->children)
    if (xmlNamed(n, name)) out.push_back(n);
  return out;
}

const XmlNode* xmlChild(const XmlNode* parent, std::string_view name) {
  if (parent != nullptr)
    for (const XmlNode* n : parent->children)
      if (xmlNamed(n, name)) return n;
  return nullptr;
}

}  // namespace piecework

// SPDX-License-Identifier: Apache-2.0
#include "output/imprint.hpp"

#include <fmt/format.h>
#include <toml++/toml.h>
#include <algorithm>
#include <cctype>
#include <fstream>
#include <sstream>

#include "puzzle/definition.hpp"
#include "puzzle/errors.hpp"
#include "puzzle/limits.hpp"

namespace piecework {

bool validIsbn(std::string_view isbn) {
  std::string digits;
  for (std::size_t i = 0; i < isbn.size(); ++i) {
    const char c = isbn[i];
    if (std::isdigit(static_cast<unsigned char>(c)) != 0)
      digits += c;
    else if ((c == 'X' || c == 'x') && i + 1 == isbn.size())
      digits += 'X';  // ISBN-10's check digit 10
    else if ((c != '-' && c != ' ') || i == 0 || i + 1 == isbn.size())
      return false;
  }
  const auto digit = [&](std::size_t i) { return digits[i] == 'X' ? 10 : digits[i] - '0'; };
  if (digits.size() == 10) {  // weights 10 down to 1, sum divisible by 11
    int sum = 0;
    for (std::size_t i = 0; i < 10; ++i) sum += static_cast<int>(10 - i) * digit(i);
    return sum % 11 == 0;
  }
  if (digits.size() == 13 && digits.back() != 'X') {  // weights 1, 3, 1, 3, ...; sum divisible by 10
    int sum = 0;
    for (std::size_t i = 0; i < 13; ++i) sum += (i % 2 == 0 ? 1 : 3) * digit(i);
    return sum % 10 == 0;
  }
  return false;
}

Imprint readImprint(const std::string& path) {
  constexpr std::size_t kMaxImprintBytes = 64 * 1024;  // a handful of lines; anything bigger is a wrong file
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(fmt::format("--imprint {}: cannot read the file", path));
  std::ostringstream buffer;
  buffer << in.rdbuf();
  const std::string text = buffer.str();
  if (text.size() > kMaxImprintBytes)
    throw InputError(fmt::format("--imprint {}: more than {} bytes; an imprint file is a few lines", path,
                                 kMaxImprintBytes));
  checkTomlNesting(text, path);
  toml::table root;
  try {
    root = toml::parse(text, path);
  } catch (const toml::parse_error& e) {
    throw InputError(fmt::format("{}:{}: {}", path, e.source().begin.line, e.description()));
  }
  Imprint imprint;
  for (const auto& [key, value] : root) {
    const auto line = key.source().begin.line;
    std::string* field = key == "title"       ? &imprint.title
                         : key == "author"    ? &imprint.author
                         : key == "isbn"      ? &imprint.isbn
                         : key == "edition"   ? &imprint.edition
                         : key == "date"      ? &imprint.date
                         : key == "copyright" ? &imprint.copyright
                         : key == "publisher" ? &imprint.publisher
                         : key == "rights"    ? &imprint.rights
                         : key == "address"   ? &imprint.address
                                              : nullptr;
    if (field == nullptr)
      throw InputError(
          fmt::format("{}:{}: unknown key '{}' (expected title, author, isbn, edition, date, "
                      "copyright, publisher, rights, address)",
                      path, line, key.str()));
    if (const auto* s = value.as_string())
      *field = s->get();
    else if (const auto* d = value.as_date(); d != nullptr && key == "date")
      *field = fmt::format("{:04}-{:02}-{:02}", d->get().year, d->get().month, d->get().day);
    else if (const auto* i = value.as_integer(); i != nullptr && (key == "edition" || key == "date"))
      *field = std::to_string(i->get());  // edition = 2, date = 2026
    else
      throw InputError(fmt::format("{}:{}: '{}' must be text in quotes", path, line, key.str()));
    // TOML escapes (\u0001, \t) can hold what the document cannot print. An address is several lines: each
    // is checked as one.
    std::string checked = *field;
    if (key == "address") std::replace(checked.begin(), checked.end(), '\n', '/');
    if (const std::string fault = textFault(checked); !fault.empty())
      throw InputError(fmt::format("{}:{}: '{}' {}", path, line, key.str(), fault));
  }
  if (!imprint.isbn.empty() && !validIsbn(imprint.isbn))
    throw InputError(
        fmt::format("{}: isbn '{}': not an ISBN-10 or ISBN-13 with a right check digit", path, imprint.isbn));
  return imprint;
}

}  // namespace piecework

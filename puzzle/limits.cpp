// SPDX-License-Identifier: Apache-2.0
#include "puzzle/limits.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <vector>

#include "puzzle/errors.hpp"

namespace piecework {

std::size_t printableSequence(std::string_view text) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char lead = byte(0);
  std::size_t length = 0;
  char32_t code = 0;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
    code = lead & 0x1FU;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    code = lead & 0x0FU;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    code = lead & 0x07U;
  } else {
    return 0;
  }
  if (text.size() < length) return 0;
  for (std::size_t i = 1; i < length; ++i) {
    if ((byte(i) & 0xC0U) != 0x80U) return 0;
    code = (code << 6U) | (byte(i) & 0x3FU);
  }
  const bool overlong = (length == 3 && code < 0x800) || (length == 4 && code < 0x10000);
  const bool surrogate = code >= 0xD800 && code <= 0xDFFF;
  const bool c1Control = code >= 0x80 && code <= 0x9F;  // CSI (U+009B) starts terminal sequences too
  if (overlong || surrogate || c1Control || code > 0x10FFFF) return 0;
  return length;
}

TextCharacter textCharacterAt(std::string_view text, std::size_t at) {
  const auto byte = static_cast<unsigned char>(text[at]);
  if (byte >= 0x20 && byte < 0x7F) return {TextCharacter::Printable, 1, 0};
  if (byte < 0x80) return {TextCharacter::Control, 1, byte};
  if (const std::size_t length = printableSequence(text.substr(at)); length != 0)
    return {TextCharacter::Printable, length, 0};
  // U+0080..U+009F: well-formed UTF-8, but a C1 control character.
  if (byte == 0xC2 && at + 1 < text.size() && (static_cast<unsigned char>(text[at + 1]) & 0xE0U) == 0x80U)
    return {TextCharacter::Control, 2, static_cast<unsigned char>(text[at + 1])};
  return {TextCharacter::Invalid, 1, 0};
}

std::string printableText(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    const TextCharacter c = textCharacterAt(text, i);
    out += c.kind == TextCharacter::Printable ? text.substr(i, c.length)
           : c.kind == TextCharacter::Control ? std::string_view(" ")
                                              : std::string_view("\xEF\xBF\xBD");
    i += c.length;
  }
  return out;
}

std::string textFault(std::string_view text) {
  for (std::size_t i = 0; i < text.size();) {
    const TextCharacter c = textCharacterAt(text, i);
    if (c.kind == TextCharacter::Control)
      return c.codePoint < 0x80
                 ? fmt::format("contains a control character (byte 0x{:02x} at {})", c.codePoint, i + 1)
                 : fmt::format("contains a control character (U+{:04X} at {})", c.codePoint, i + 1);
    if (c.kind == TextCharacter::Invalid)
      return fmt::format("not valid UTF-8 (byte 0x{:02x} at {})", static_cast<unsigned char>(text[i]), i + 1);
    i += c.length;
  }
  return {};
}

namespace {

// Escaped characters of `message`, each a printable ASCII character, an escape such as \n or \x1b, or one
// UTF-8 sequence.
std::vector<std::string> escapedCharacters(std::string_view message) {
  std::vector<std::string> characters;
  characters.reserve(message.size());
  for (std::size_t i = 0; i < message.size();) {
    const auto c = static_cast<unsigned char>(message[i]);
    if (c >= 0x20 && c < 0x7F) {
      characters.emplace_back(1, static_cast<char>(c));
      ++i;
      continue;
    }
    if (const std::size_t length = c >= 0x80 ? printableSequence(message.substr(i)) : 0; length != 0) {
      characters.emplace_back(message.substr(i, length));
      i += length;
      continue;
    }
    switch (c) {
      case '\n':
        characters.emplace_back("\\n");
        break;
      case '\r':
        characters.emplace_back("\\r");
        break;
      case '\t':
        characters.emplace_back("\\t");
        break;
      default:
        characters.push_back(fmt::format("\\x{:02x}", c));
    }
    ++i;
  }
  return characters;
}

}  // namespace

std::string errorLine(std::string_view message) {
  const std::vector<std::string> characters = escapedCharacters(message);
  // Words longer than kMaxEchoedChars: their first kMaxEchoedChars characters and their length.
  std::vector<std::string> bounded;
  bounded.reserve(std::min(characters.size(), 4 * kMaxErrorLineBytes));
  for (std::size_t i = 0; i < characters.size();) {
    if (characters[i] == " ") {
      bounded.push_back(characters[i++]);
      continue;
    }
    std::size_t end = i;
    while (end < characters.size() && characters[end] != " ") ++end;
    const std::size_t length = end - i;
    for (std::size_t k = i; k < i + std::min(length, kMaxEchoedChars); ++k) bounded.push_back(characters[k]);
    if (length > kMaxEchoedChars)
      for (const char c : fmt::format("[... {} characters in all]", length)) bounded.emplace_back(1, c);
    i = end;
  }
  std::size_t bytes = 0;
  for (const auto& c : bounded) bytes += c.size();
  std::string line;
  if (bytes <= kMaxErrorLineBytes) {
    for (const auto& c : bounded) line += c;
    return line;
  }
  // Many words: keep the start, which names the file, and the end, which often names the limit; the note of
  // what was cut comes out of the start's share, so that the whole stays within kMaxErrorLineBytes.
  constexpr std::size_t kNoteBytes = 40;  // "[... N characters cut]" for any N
  const std::size_t tailBytes = kMaxErrorLineBytes / 4,
                    headBytes = kMaxErrorLineBytes - tailBytes - kNoteBytes;
  std::size_t head = 0, headSize = 0;
  while (head < bounded.size() && headSize + bounded[head].size() <= headBytes)
    headSize += bounded[head++].size();
  std::size_t tail = bounded.size(), tailSize = 0;
  while (tail > head && tailSize + bounded[tail - 1].size() <= tailBytes) tailSize += bounded[--tail].size();
  for (std::size_t k = 0; k < head; ++k) line += bounded[k];
  line += fmt::format("[... {} characters cut]", tail - head);
  for (std::size_t k = tail; k < bounded.size(); ++k) line += bounded[k];
  return line;
}

std::string sizeText(std::size_t bytes) {
  if (bytes >= kMiB && bytes % kMiB == 0) return fmt::format("{} MiB", bytes / kMiB);
  if (bytes >= kKiB && bytes % kKiB == 0) return fmt::format("{} KiB", bytes / kKiB);
  return fmt::format("{} bytes", bytes);
}

void requireRegularFile(const std::string& path, const char* what) {
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) return;  // opening it names the error
  if (S_ISDIR(info.st_mode)) throw InputError(fmt::format("{}: cannot read {} (a directory)", path, what));
  if (!S_ISREG(info.st_mode))
    throw InputError(fmt::format("{}: cannot read {} (not a regular file)", path, what));
}

std::string readFileLimited(const std::string& path, std::size_t limit, const char* what) {
  const bool standardInput = path == "-";
  const std::string name = standardInput ? std::string("<stdin>") : path;
  if (!standardInput) requireRegularFile(path, what);
  const int fd = standardInput ? STDIN_FILENO : ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw InputError(fmt::format("{}: cannot read {} ({})", name, what, std::strerror(errno)));
  struct Closer {
    int fd;
    bool own;
    ~Closer() {
      if (own) ::close(fd);
    }
  } closer{fd, !standardInput};
  struct stat info {};
  if (::fstat(fd, &info) == 0) {
    if (S_ISDIR(info.st_mode)) throw InputError(fmt::format("{}: cannot read {} (a directory)", name, what));
    if (S_ISREG(info.st_mode) && static_cast<std::size_t>(info.st_size) > limit)
      throw InputError(
          fmt::format("{}: {} is larger than {}, the limit (docs/limits.md)", name, what, sizeText(limit)));
  }
  std::string text;
  char buffer[65536];
  for (;;) {
    const ssize_t got = ::read(fd, buffer, sizeof buffer);
    if (got < 0) {
      if (errno == EINTR) continue;
      throw InputError(fmt::format("{}: cannot read {} ({})", name, what, std::strerror(errno)));
    }
    if (got == 0) break;
    if (text.size() + static_cast<std::size_t>(got) > limit)
      throw InputError(
          fmt::format("{}: {} is larger than {}, the limit (docs/limits.md)", name, what, sizeText(limit)));
    text.append(buffer, static_cast<std::size_t>(got));
  }
  return text;
}

}  // namespace piecework

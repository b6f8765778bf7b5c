// SPDX-License-Identifier: Apache-2.0
// Input limits, in one place so that docs/limits.md can name them: a stranger's file must not make piecework
// run out of memory or stack. Every file piecework reads whole goes through readFileLimited().
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace piecework {

inline constexpr std::size_t kKiB = 1024;
inline constexpr std::size_t kMiB = 1024 * kKiB;

// File sizes.
inline constexpr std::size_t kMaxDefinitionBytes = 1 * kMiB;      // a puzzle definition (TOML)
inline constexpr std::size_t kMaxChallengeBytes = 64 * kKiB;      // --challenge-file
inline constexpr std::size_t kMaxChallengeListBytes = 16 * kMiB;  // rate --challenge-file: many challenges
inline constexpr std::size_t kMaxImportBytes = 256 * kMiB;        // catalog import (JSON lines)
inline constexpr std::size_t kMaxJsonLinesBytes = 256 * kMiB;     // other JSON-lines inputs (calibration)
inline constexpr std::size_t kMaxDlxBytes = 64 * kMiB;            // count FILE.dlx
inline constexpr std::size_t kMaxDlxOptions = 2000000;            // its options (lines)
inline constexpr std::size_t kMaxDlxItems =
    10000;  // its items (the search's depth is at most the primary ones)
// TOML: tables nested this deep (dotted keys, table headers, inline tables and arrays together).
inline constexpr int kMaxTomlNesting = 32;

// Puzzles. The search holds a board in a bitset of at most 16,384 bits (solver/bits.hpp, 256 words; plain
// exact cover, solver/rule_searches.hpp): one bit per cell, or seven per peg (a family's rule may take
// fewer: hex pegs' takes 512 bits). Memory, not the search, bounds large boards: every placement holds a
// mask of the board's size.
inline constexpr int kMaxSites = 16384;
// Piece kinds need no limit of their own: each has a letter or digit, unique ignoring case, so at most 36.
inline constexpr int kMaxPieces = 256;  // pieces counting copies
// Orientations times sites summed over the pieces: an upper bound on the placements, checked before they
// are built (each costs memory; the shipped puzzles need at most a few thousand).
inline constexpr std::size_t kMaxPlacementBound = 500000;

// Threads for count and generate (--threads).
inline constexpr int kMaxThreads = 256;

// Throws InputError naming `path` and `what` when `path` exists but is not a regular file: a FIFO without a
// writer would block the open forever, a device would be endless. Checked with stat, before any open.
void requireRegularFile(const std::string& path, const char* what);

// Reads the whole file at `path` ("-": standard input; any other path must be a regular file). Throws
// InputError naming `path` and `what` (e.g. "the definition") when it cannot be read, is not a regular file,
// or holds more than `limit` bytes; an endless standard input (a pipe that never ends) stops at the limit.
std::string readFileLimited(const std::string& path, std::size_t limit, const char* what);

// Error messages: at most this many characters of any one word (a run without spaces, e.g. an echoed key or
// value), and at most this many bytes in the whole line, which keeps its start and its end (issue 31: an
// error is one line a terminal shows whole, what the fuzz targets check).
inline constexpr std::size_t kMaxEchoedChars = 80;
inline constexpr std::size_t kMaxErrorLineBytes = 400;

// `message` as one bounded line for a terminal: control characters escaped (newline as \n, ESC as \x1b),
// bytes that are not UTF-8 as \xNN, every word longer than kMaxEchoedChars cut there with its length noted,
// and the line cut in its middle to at most kMaxErrorLineBytes bytes (never inside a character or an
// escape). Every error piecework prints goes through this.
std::string errorLine(std::string_view message);

// The length of the UTF-8 sequence at the start of `text` that encodes one printable character beyond ASCII
// (well formed, not overlong, not a surrogate, not a C1 control), or 0 when it is not one.
std::size_t printableSequence(std::string_view text);

// The character that starts at text[at]: its length in bytes and what it is. A control is C0 (tab and newline
// included), DEL or C1 (U+0080..U+009F); `codePoint` names it. Bytes that are not UTF-8 are Invalid, one at a
// time. The one place that says what printable text is (textFault, printableText, definitions' names).
struct TextCharacter {
  enum Kind { Printable, Control, Invalid } kind = Printable;
  std::size_t length = 1;
  unsigned codePoint = 0;  // for a Control
};
TextCharacter textCharacterAt(std::string_view text, std::size_t at);

// `text` with each control character as a space and each byte that is not UTF-8 as U+FFFD: a name read from
// somewhere that cannot be refused (a BurrTools file's name, a definition the catalog stored long ago).
std::string printableText(std::string_view text);

// Why `text` is not printable UTF-8 text on one line, for an error message: "not valid UTF-8 (byte 0xff at
// 4)" or "contains a control character (byte 0x01 at 4)" (C0 controls including tab and newline, DEL, and
// the C1 controls U+0080..U+009F; positions count bytes from 1). Empty when the text is fine. Free text that
// piecework prints into a document (a title, an author) must pass: cairo refuses text that is not UTF-8, and
// a control character makes an SVG that is not well-formed XML.
std::string textFault(std::string_view text);

// "1 MiB", "64 KiB", "300 bytes": for error messages and docs.
std::string sizeText(std::size_t bytes);

}  // namespace piecework

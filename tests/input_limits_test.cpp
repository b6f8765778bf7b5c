// SPDX-License-Identifier: Apache-2.0
// No input crashes piecework or runs it out of memory or time: deep nesting, huge boards, endless files,
// absurd counts, misspelt keys, pieces that cannot fill the board, files that are not regular, and errors
// that stay one bounded line whatever the input holds (issue 17, rows 3 to 8; issue 31, R1, R2, E1, E2).
#include <gtest/gtest.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "puzzle/limits.hpp"
#include "support/temp_dir_test.hpp"

namespace piecework {
namespace {

namespace fs = std::filesystem;
using namespace test;  // the shared helpers (support/temp_dir_test.hpp, support/run.hpp)

class InputLimits : public TempDirTest {};

// Issue 17, row 3: toml++ parses nesting recursively; 100000 levels overflowed the stack.
TEST_F(InputLimits, DeepTomlNestingIsOneLineNotACrash) {
  const std::string deep(100000, '[');
  const std::pair<const char*, std::string> cases[] = {
      {"dotted.toml", "a" +
                          [] {
                            std::string s;
                            for (int i = 0; i < 99999; ++i) s += ".a";
                            return s;
                          }() +
                          " = 1\n"},
      {"header.toml", "name = \"x\"\n[a" +
                          [] {
                            std::string s;
                            for (int i = 0; i < 50000; ++i) s += ".b";
                            return s;
                          }() +
                          "]\n"},
      // Strings that end in quotes of their own must not hide what follows them from the check.
      {"quotes.toml", R"(a = ["""x"""", '''y'''', {b)" +
                          [] {
                            std::string s;
                            for (int i = 0; i < 50000; ++i) s += ".b";
                            return s;
                          }() +
                          " = 1}]\n"},
      {"arrays.toml", "a = " + deep + std::string(100000, ']') + "\n"},
      {"inline.toml", "a = " +
                          [] {
                            std::string s;
                            for (int i = 0; i < 50000; ++i) s += "{b = ";
                            return s + "1" + std::string(50000, '}');
                          }() +
                          "\n"},
  };
  for (const auto& [name, text] : cases) {
    spit(path(name), text);
    const auto r = runPiecework("show " + quote(path(name)));
    expectBadInput(r, path(name) + ":" + (std::string(name) == "header.toml" ? "2" : "1") + ":");
    EXPECT_NE(r.err.find("nested"), std::string::npos) << r.err;
  }
}

// Issue 17, row 4: absurd thread counts.
TEST_F(InputLimits, AbsurdThreadCountsAreRefused) {
  expectBadInput(runPiecework("count pentominoes-6x10 --threads 100000"), "--threads 100000");
  expectBadInput(runPiecework("generate iq-fit --level Starter --threads 100000 -q"), "--threads 100000");
  expectBadInput(runPiecework("count pentominoes-6x10 --threads -1"), "--threads -1");
}

// Issue 17, row 5: endless and huge inputs stop at a size limit.
TEST_F(InputLimits, EndlessInputsStopAtALimit) {
  // A device is not a regular file (issue 31, R2); standard input stops at the limit.
  expectBadInput(runPiecework("show /dev/zero"),
                 "/dev/zero: cannot read the definition (not a regular file)");
  expectBadInput(runPiecework("rate iq-link --challenge-file /dev/zero"),
                 "/dev/zero: cannot read the challenge file (not a regular file)");
  expectBadInput(runPiecework("rate iq-link --challenge-file -", std::string((16U << 20U) + 1, '.')),
                 "<stdin>: the challenge file is larger than 16 MiB");
  const auto fromStdin = runPiecework("count iq-fit --challenge-file -", std::string(100 * 1024, '.'));
  expectBadInput(fromStdin, "piecework: <stdin>: the challenge file");  // named once, not "<stdin>: <stdin>:"
  // A sparse file larger than the import limit is refused from its size, before reading.
  { std::ofstream big(path("big.jsonl"), std::ios::binary); }
  fs::resize_file(path("big.jsonl"), 300ULL << 20U);
  expectBadInput(
      runPiecework("catalog import " + quote(path("big.jsonl")) + " --db " + quote(path("c.sqlite"))),
      "the file to import is larger than 256 MiB");
  EXPECT_FALSE(fs::exists(path("c.sqlite")));
}

// Issue 17, row 6: a 200 x 200 board took 40 s and 616 MB; now refused before any placement is built.
TEST_F(InputLimits, HugeBoardsAreRefusedEarly) {
  std::string board;
  for (int row = 0; row < 200; ++row) board += std::string(200, '.') + "\n";
  spit(path("huge.toml"), "name = \"huge\"\nlattice = \"square\"\nboard = \"\"\"\n" + board +
                              "\"\"\"\n\n[[piece]]\nletter = \"a\"\nshape = \"#\"\ncopies = 64\n");
  expectBadInput(runPiecework("show " + quote(path("huge.toml"))), "40000 cells; at most 16384");
  spit(path("box.toml"),
       "name = \"box\"\nlattice = \"cubic\"\nbox = [16, 16, 16]\n\n[[piece]]\nletter = "
       "\"a\"\ncubes = [[0, 0, 0]]\ncopies = 64\n");
  // (Since issue 39 a 4,096-cell box is a board piecework takes: refused now for its pieces alone.)
  expectBadInput(runPiecework("show " + quote(path("box.toml"))), "the pieces cannot fill the board");
  std::string pieces;  // 5 x 64 copies: 320 pieces
  for (const char letter : {'a', 'b', 'c', 'd', 'e'})
    pieces += fmt::format("\n[[piece]]\nletter = \"{}\"\nshape = \"#\"\ncopies = 64\n", letter);
  spit(path("many.toml"), "name = \"many\"\nlattice = \"square\"\nboard = \"...\"\n" + pieces);
  expectBadInput(runPiecework("show " + quote(path("many.toml"))), "320 pieces counting copies; at most 256");
}

// Issue 17, row 7: a misspelt key used to be ignored (and the default rule used).
TEST_F(InputLimits, UnknownKeysAreNamedWithTheirLine) {
  spit(path("typo.toml"), R"(name = "typo"
lattice = "square"
board = "..."

[[piece]]
letter = "a"
move = "turn"
shape = "###"
)");
  expectBadInput(runPiecework("show " + quote(path("typo.toml"))),
                 path("typo.toml") + ":7: unknown key 'move'");
  spit(path("top.toml"),
       "name = \"top\"\nlattice = \"square\"\nboard = \"...\"\nfill_every_cel = false\n\n"
       "[[piece]]\nletter = \"a\"\nshape = \"###\"\n");
  expectBadInput(runPiecework("show " + quote(path("top.toml"))),
                 path("top.toml") + ":4: unknown key 'fill_every_cel'");
}

// Issue 17, row 8: pieces whose cells cannot add up to the board's were searched and gave "0 solutions".
TEST_F(InputLimits, PiecesThatCannotFillTheBoardAreRefused) {
  const std::string start = "name = \"short\"\nlattice = \"square\"\nboard = \"..../....\"\n";
  spit(path("short.toml"), start + "\n[[piece]]\nletter = \"a\"\nshape = \"###\"\ncopies = 2\n");
  expectBadInput(runPiecework("count " + quote(path("short.toml"))),
                 "cover 6 cells (counting copies) and the board has 8");
  // When cells may stay empty, the same pieces are a fine puzzle...
  spit(path("loose.toml"), start +
                               "fill_every_cell = false\n\n[[piece]]\nletter = \"a\"\nshape = \"###\"\n"
                               "copies = 2\n");
  EXPECT_EQ(runPiecework("count " + quote(path("loose.toml"))).status, 0);
  // ...but not when they are more than the board can hold.
  spit(path("over.toml"), start +
                              "fill_every_cell = false\n\n[[piece]]\nletter = \"a\"\nshape = \"###\"\n"
                              "copies = 3\n");
  expectBadInput(runPiecework("count " + quote(path("over.toml"))), "at least 9 cells");
  // Two-faced pieces (3 or 2 cells, as in IQ Fit) can make 8 as 3 + 3 + 2 but never 8 from two of them.
  const std::string twoFaced =
      "\n[[piece]]\nletter = \"L\"\nmoves = \"faces\"\nfaces = [\"##/#.\", \"##\"]\ncopies = ";
  spit(path("faces2.toml"), start + twoFaced + "2\n");
  expectBadInput(runPiecework("count " + quote(path("faces2.toml"))), "cover 4 to 6 cells");
  spit(path("faces3.toml"), start + twoFaced + "3\n");
  EXPECT_EQ(runPiecework("count " + quote(path("faces3.toml"))).status, 0);
}

// Issue 31, R1: boost reads "-1" into an unsigned option as its largest value, so `solve --max -1` printed
// every solution. Counts that cannot be negative or zero are refused in one line.
TEST_F(InputLimits, NegativeAndZeroCountsAreRefused) {
  const std::string fit = " --challenge 'bbbb....../b........./........../........../..........'";
  expectBadInput(runPiecework("solve iq-fit --max -1" + fit),
                 "--max '-1': expected a whole number from 1 to");
  expectBadInput(runPiecework("solve iq-fit --max 0" + fit), "--max '0'");
  expectBadInput(runPiecework("solve iq-fit --max=-1" + fit), "--max '-1'");
  expectBadInput(runPiecework("census pentominoes-3x20 --sample -1"), "--sample '-1'");
  expectBadInput(runPiecework("census pentominoes-3x20 --sample 1 --seed -1"), "--seed '-1'");
  expectBadInput(runPiecework("hint iq-fit --steps -1" + fit), "--steps -1");
  expectBadInput(runPiecework("generate iq-fit --level Starter --count -1 -q"), "--count -1");
  expectBadInput(runPiecework("generate iq-fit --level Starter --max-attempts 0 -q"), "--max-attempts 0");
  expectBadInput(runPiecework("count iq-fit --threads -1"), "--threads -1");
  ASSERT_EQ(
      runPiecework("generate iq-fit --level Starter --count 1 --seed 3 -q --db " + quote(path("c.sqlite")))
          .status,
      0);
  expectBadInput(runPiecework("catalog list --to-place -1 --db " + quote(path("c.sqlite"))), "--to-place -1");
  // A count in range still works: this challenge has more than three solutions.
  const auto three = runPiecework("solve iq-fit --max 3 --json" + fit);
  ASSERT_EQ(three.status, 0) << three.err;
  EXPECT_EQ(nlohmann::json::parse(three.out)["solutions"].size(), 3U);
}

// Issue 31, R2: `show FIFO` with no writer blocked forever in open(). Every file read as input is checked
// with stat first; a FIFO, a device or a socket is refused in one line. A thread opens the FIFO for writing
// after a while, so that a regression fails this test instead of hanging it.
TEST_F(InputLimits, NonRegularFilesAreRefusedWithoutBlocking) {
  const std::string fifo = path("fifo");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  ASSERT_EQ(::mkfifo(path("fifo.xmpuzzle").c_str(), 0600), 0);
  std::atomic<bool> finished{false};
  std::thread unblocker([&] {
    for (int i = 0; i < 300 && !finished; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(100));
    for (const std::string& name : {fifo, path("fifo.xmpuzzle")}) {
      const int fd = ::open(name.c_str(), O_WRONLY | O_NONBLOCK);
      if (fd >= 0) ::close(fd);
    }
  });
  const std::string q = quote(fifo);
  expectBadInput(runPiecework("show " + q), fifo + ": cannot read the definition (not a regular file)");
  expectBadInput(runPiecework("show " + quote(path("fifo.xmpuzzle"))),
                 "fifo.xmpuzzle: cannot read the BurrTools file (not a regular file)");
  expectBadInput(runPiecework("solve iq-fit --challenge-file " + q),
                 fifo + ": cannot read the challenge file (not a regular file)");
  expectBadInput(runPiecework("rate iq-fit --challenge-file " + q),
                 fifo + ": cannot read the challenge file (not a regular file)");
  expectBadInput(runPiecework("rate iq-fit --challenge '....../......' --model " + q),
                 fifo + ": cannot read the rating model (not a regular file)");
  expectBadInput(runPiecework("catalog import " + q + " --db " + quote(path("c.sqlite"))),
                 fifo + ": cannot read the file to import (not a regular file)");
  expectBadInput(runPiecework("catalog list --db " + q),
                 fifo + ": not a piecework catalog (not a regular file)");
  expectBadInput(runPiecework("calibrate iq-fit " + q), fifo + ": cannot read the calibration file");
  finished = true;
  unblocker.join();
  EXPECT_FALSE(fs::exists(path("c.sqlite")));
}

// Issue 31, E1/E2: an error is one line whatever the input holds. Before, a TOML string holding \n and an
// escape sequence gave two lines with a raw ESC, a BurrTools file with byte 0xFF two lines (libxml's
// message), and a 1,000,000-character key a 1,000,149-byte line.
TEST_F(InputLimits, ErrorsAreOneBoundedLineWhateverTheInputHolds) {
  const auto oneLine = [](const RunResult& r) {
    EXPECT_EQ(r.status, 2) << r.err;
    ASSERT_TRUE(r.err.ends_with('\n')) << r.err;
    for (std::size_t i = 0; i + 1 < r.err.size(); ++i) {
      const auto c = static_cast<unsigned char>(r.err[i]);
      EXPECT_TRUE(c >= 0x20 && c < 0x7F) << "byte " << int(c) << " at " << i << " in: " << r.err;
    }
  };
  spit(path("escape.toml"),
       "name = \"t\"\nlattice = \"sq\\nuare\\u001b[2J\"\nboard = \"\"\"\n...\n...\n\"\"\"\n"
       "\n[[piece]]\nletter = \"a\"\nshape = \"###\"\ncopies = 2\n");
  const auto escape = runPiecework("show " + quote(path("escape.toml")));
  oneLine(escape);
  EXPECT_NE(escape.err.find(path("escape.toml") + ":2: unknown lattice 'sq\\nuare\\x1b[2J'"),
            std::string::npos)
      << escape.err;

  spit(path("key.toml"), "name = \"t\"\n" + std::string(1000000, 'k') + " = 1\n");
  const auto key = runPiecework("show " + quote(path("key.toml")));
  oneLine(key);
  EXPECT_LT(key.err.size(), 1000U) << key.err.size();
  // The key's first 80 characters (its opening quote and 79 k), then its length with both quotes.
  EXPECT_NE(key.err.find("'" + std::string(79, 'k') + "[... 1000002 characters in all]"), std::string::npos)
      << key.err;
  EXPECT_NE(key.err.find("(known keys: name,"), std::string::npos) << key.err;  // the end is kept

  // A BurrTools file (gzip-compressed XML) whose attribute holds byte 0xFF (not UTF-8, which it declares;
  // undeclared, 0xFF would be read as Latin-1's y-diaeresis: issue 29).
  const std::string xml =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<puzzle version=\"2\"><shapes><voxel x=\"3\xff\" y=\"1\" "
      "z=\"1\" type=\"0\">###</voxel></shapes></puzzle>";
  spit(path("bad.xml"), xml);
  ASSERT_EQ(std::system(("gzip -c " + quote(path("bad.xml")) + " >" + quote(path("bad.xmpuzzle"))).c_str()),
            0);
  const auto burr = runPiecework("show " + quote(path("bad.xmpuzzle")));
  oneLine(burr);
  EXPECT_NE(burr.err.find("bad.xmpuzzle:2:"), std::string::npos) << burr.err;

  // An unknown command echoes its name, escaped, in its one line.
  const auto command = runPiecework("$(printf 'x\\033[2Jy')");
  EXPECT_EQ(command.status, 2);
  oneLine(command);
  EXPECT_TRUE(command.err.starts_with("piecework: unknown command 'x\\x1b[2Jy' ")) << command.err;
}

TEST(ErrorLine, EscapesControlsAndBytesThatAreNotUtf8) {
  EXPECT_EQ(errorLine("a\tb\rc\nd\x1b[2J\x7f\xff."), "a\\tb\\rc\\nd\\x1b[2J\\x7f\\xff.");
  EXPECT_EQ(errorLine("caf\xc3\xa9 \xe2\x9c\x93"), "caf\xc3\xa9 \xe2\x9c\x93");  // UTF-8 stays
  EXPECT_EQ(errorLine("\xc2\x9b"
                      "2J"),
            "\\xc2\\x9b2J");                                  // CSI as a C1 control
  EXPECT_EQ(errorLine("\xc3(\xe2\x82"), "\\xc3(\\xe2\\x82");  // torn sequences
  EXPECT_EQ(errorLine("\xc0\xaf"), "\\xc0\\xaf");             // overlong '/'
}

TEST(ErrorLine, CutsLongWordsAndLongLines) {
  EXPECT_EQ(errorLine("key '" + std::string(300, 'k') + "' unknown"),
            "key '" + std::string(79, 'k') + "[... 302 characters in all] unknown");
  const std::string exact(80, 'x');
  EXPECT_EQ(errorLine(exact), exact);
  // 2,000 short words: 4,000 characters, cut in the middle.
  std::string many;
  for (int i = 0; i < 2000; ++i) many += "w ";
  const std::string line = errorLine("start " + many + "end");
  EXPECT_TRUE(line.starts_with("start w w")) << line;
  EXPECT_TRUE(line.ends_with("w w end")) << line;
  // At most 400 bytes (issue 31): 260 of its start, the note, 100 of its end; 4009 - 360 characters cut.
  EXPECT_NE(line.find("[... 3649 characters cut]"), std::string::npos) << line;
  EXPECT_EQ(line.size(), 360U + std::string("[... 3649 characters cut]").size());
  // Escapes count as the bytes they print, and are never cut in two.
  std::string controls;
  for (int i = 0; i < 2000; ++i) controls += "\x01 ";
  const std::string escaped = errorLine(controls);
  EXPECT_LE(escaped.size(), 400U) << escaped;
  EXPECT_NE(escaped.find("characters cut]"), std::string::npos) << escaped;
  std::size_t backslashes = 0, escapes = 0;
  for (std::size_t at = escaped.find('\\'); at != std::string::npos; at = escaped.find('\\', at + 1)) {
    ++backslashes;
    if (escaped.compare(at, 4, "\\x01") == 0) ++escapes;
  }
  EXPECT_EQ(backslashes, escapes) << escaped;
}

}  // namespace
}  // namespace piecework

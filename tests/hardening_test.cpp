// SPDX-License-Identifier: Apache-2.0
// Issue 17: nothing unsound reaches a catalog or a page, and no input crashes piecework. One test (or a few)
// per row of the issue's table, run against the real binary: bad input gets one line on stderr naming what
// and where, exit status 2, and nothing written.
#include <gtest/gtest.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <fcntl.h>
#include <linux/fs.h>
#include <pty.h>
#include <sys/file.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "db/catalog.hpp"
#include "generator/generator.hpp"
#include "puzzle/challenge.hpp"
#include "puzzle/definition.hpp"
#include "puzzle/limits.hpp"
#include "support/run.hpp"

namespace piecework {
namespace {

namespace fs = std::filesystem;
using test::runPiecework;
using test::RunResult;

std::string quote(const std::string& text) {
  return "'" + text + "'";
}

void spit(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Every name in `dir`, sorted (hidden files included: temporary files start with a dot).
std::vector<std::string> filesIn(const std::string& dir) {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(dir)) names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

// Bad input: exit status 2, one line on stderr that mentions `mention`, nothing on stdout.
void expectBadInput(const RunResult& r, const std::string& mention) {
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_NE(r.err.find(mention), std::string::npos) << "wanted '" << mention << "' in: " << r.err;
  EXPECT_TRUE(r.out.empty()) << r.out;
}

class Hardening : public ::testing::Test {
 protected:
  void SetUp() override { dir_ = test::tempDir(); }
  void TearDown() override { fs::remove_all(dir_); }
  std::string path(const std::string& name) const { return dir_ + "/" + name; }
  std::string dir_;
};

// The issue's challenge: IQ Fit with only the blue piece given has many solutions.
const char* const kSeveralSolutions =
    R"({"puzzle":"iq-fit","challenge":"bbbb....../b........./........../........../.........."})";
// An IQ Fit challenge with exactly one solution (checked with `piecework solve`), and that solution.
const char* const kFitSolution = "bbbbllpppp/byyyylpprr/gggyylnnnr/igssssnonr/iiissoooor";
const char* const kFitUnique = "....llpppp/.yyyylpprr/...yylnnnr/i.ssssnonr/iiissoooor";
const char* const kPentominoes = ".PP......./PPP......./........../........../........../..........";

// Row 1: a challenge with several solutions must not enter the catalog.
TEST_F(Hardening, ImportRefusesAChallengeWithSeveralSolutions) {
  spit(path("m.jsonl"), std::string(kSeveralSolutions) + "\n");
  const auto r =
      runPiecework("catalog import " + quote(path("m.jsonl")) + " --db " + quote(path("m.sqlite")));
  expectBadInput(r, "m.jsonl:1: challenge has several solutions");
  EXPECT_EQ(filesIn(dir_), std::vector<std::string>{"m.jsonl"});
}

// Row 1: a catalog written by an older piecework may hold one; booklet refuses it before writing anything.
TEST_F(Hardening, BookletRefusesAStoredChallengeThatIsNotUnique) {
  const Puzzle fit = loadPuzzle("iq-fit");
  {
    db::Catalog catalog(path("m.sqlite"), db::Catalog::Access::ReadWrite);
    const auto id = catalog.ensurePuzzle("iq-fit", shippedText("iq-fit"));
    for (const std::string& text : {std::string(kFitUnique), std::string("bbbb....../b........./........../"
                                                                         "........../..........")}) {
      const bool unique = text == kFitUnique;
      const auto givens = parseChallenge(fit, text);
      db::NewChallenge c;
      c.puzzleId = id;
      c.challengeText = text;
      c.canonicalKey = db::canonicalKey(fit, givens);
      c.solutionText = kFitSolution;
      c.given = static_cast<int>(givens.size());
      c.toPlace = 10 - c.given;
      c.level = unique ? Level::Junior : Level::Wizard;
      ASSERT_TRUE(catalog.insertChallenge(c));
    }
  }
  const auto before = filesIn(dir_);
  const auto r = runPiecework("booklet --db " + quote(path("m.sqlite")) + " --out " + quote(path("m.pdf")));
  expectBadInput(r, "challenge 2: has several solutions");
  EXPECT_EQ(filesIn(dir_), before);
  // The unique one alone prints.
  const auto ok = runPiecework("booklet --db " + quote(path("m.sqlite")) + " --out " + quote(path("m.pdf")) +
                               " --level Junior");
  EXPECT_EQ(ok.status, 0) << ok.err;
}

// Row 2: a 3x3x3 box with 2 straight and 3 bent tricubes plus T, S and O tetracubes (27 cells).
const char* const kBoxWithCopies = R"(name = "box-copies"
lattice = "cubic"
box = [3, 3, 3]

[[piece]]
letter = "I"
copies = 2
cubes = [[0, 0, 0], [1, 0, 0], [2, 0, 0]]

[[piece]]
letter = "V"
copies = 3
cubes = [[0, 0, 0], [1, 0, 0], [0, 1, 0]]

[[piece]]
letter = "T"
cubes = [[0, 0, 0], [1, 0, 0], [2, 0, 0], [1, 1, 0]]

[[piece]]
letter = "S"
cubes = [[0, 0, 0], [1, 0, 0], [1, 1, 0], [2, 1, 0]]

[[piece]]
letter = "O"
cubes = [[0, 0, 0], [1, 0, 0], [0, 1, 0], [1, 1, 0]]
)";

TEST_F(Hardening, ChallengesOfAPuzzleWithPieceCopiesImportBack) {
  spit(path("box.toml"), kBoxWithCopies);
  // The issue's case is Expert; another level serves as well should a rater change put Expert out of reach.
  RunResult generated;
  for (const char* level : {"Expert", "Junior", "Master", "Starter", "Wizard"}) {
    generated = runPiecework("generate " + quote(path("box.toml")) + " --level " + level +
                             " --count 3 --seed 7 --json -q");
    if (generated.status == 0) break;
  }
  ASSERT_EQ(generated.status, 0) << generated.err;
  spit(path("box.jsonl"), generated.out);
  const auto r = runPiecework("catalog import " + quote(path("box.jsonl")) + " --puzzle " +
                              quote(path("box.toml")) + " --db " + quote(path("box.sqlite")));
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("imported 3 challenges"), std::string::npos) << r.out;
  // The same cells under another split into copies is the same solution; a different filling is not.
  const std::string line = generated.out.substr(0, generated.out.find('\n'));
  const std::regex solution(R"re("solution":"([^"]*)")re");
  std::smatch match;
  ASSERT_TRUE(std::regex_search(line, match, solution));
  std::string wrong = match[1].str();
  std::swap(wrong[0], wrong[wrong.find_first_not_of(wrong[0])]);  // two cells of different pieces swapped
  spit(path("wrong.jsonl"), std::regex_replace(line, solution, "\"solution\":\"" + wrong + "\"") + "\n");
  const auto bad = runPiecework("catalog import " + quote(path("wrong.jsonl")) + " --puzzle " +
                                quote(path("box.toml")) + " --db " + quote(path("box.sqlite")));
  expectBadInput(bad, "wrong.jsonl:1: solution");
}

// Row 3: toml++ parses nesting recursively; 100000 levels overflowed the stack.
TEST_F(Hardening, DeepTomlNestingIsOneLineNotACrash) {
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

// Row 4.
TEST_F(Hardening, AbsurdThreadCountsAreRefused) {
  expectBadInput(runPiecework("count pentominoes-6x10 --threads 100000"), "--threads 100000");
  expectBadInput(runPiecework("generate iq-fit --level Starter --threads 100000 -q"), "--threads 100000");
  expectBadInput(runPiecework("count pentominoes-6x10 --threads -1"), "--threads -1");
}

// Row 5: endless and huge inputs stop at a size limit.
TEST_F(Hardening, EndlessInputsStopAtALimit) {
  // A device is not a regular file (issue 31, R2); standard input stops at the limit.
  expectBadInput(runPiecework("show /dev/zero"),
                 "/dev/zero: cannot read the definition (not a regular file)");
  expectBadInput(runPiecework("rate iq-link --challenge-file /dev/zero"),
                 "/dev/zero: cannot read the challenge file (not a regular file)");
  expectBadInput(runPiecework("rate iq-link --challenge-file -", std::string((16U << 20U) + 1, '.')),
                 "<stdin>: the challenge file is larger than 16 MiB");
  expectBadInput(runPiecework("count iq-fit --challenge-file -", std::string(100 * 1024, '.')),
                 "<stdin>: the challenge file");
  // A sparse file larger than the import limit is refused from its size, before reading.
  { std::ofstream big(path("big.jsonl"), std::ios::binary); }
  fs::resize_file(path("big.jsonl"), 300ULL << 20U);
  expectBadInput(
      runPiecework("catalog import " + quote(path("big.jsonl")) + " --db " + quote(path("c.sqlite"))),
      "the file to import is larger than 256 MiB");
  EXPECT_FALSE(fs::exists(path("c.sqlite")));
}

// Row 6: a 200 x 200 board took 40 s and 616 MB; now refused before any placement is built.
TEST_F(Hardening, HugeBoardsAreRefusedEarly) {
  std::string board;
  for (int row = 0; row < 200; ++row) board += std::string(200, '.') + "\n";
  spit(path("huge.toml"), "name = \"huge\"\nlattice = \"square\"\nboard = \"\"\"\n" + board +
                              "\"\"\"\n\n[[piece]]\nletter = \"a\"\nshape = \"#\"\ncopies = 64\n");
  expectBadInput(runPiecework("show " + quote(path("huge.toml"))), "40000 cells; at most 512");
  spit(path("box.toml"),
       "name = \"box\"\nlattice = \"cubic\"\nbox = [16, 16, 16]\n\n[[piece]]\nletter = "
       "\"a\"\ncubes = [[0, 0, 0]]\ncopies = 64\n");
  expectBadInput(runPiecework("show " + quote(path("box.toml"))), "4096 cells; at most 512");
  std::string pieces;  // 5 x 64 copies: 320 pieces
  for (const char letter : {'a', 'b', 'c', 'd', 'e'})
    pieces += fmt::format("\n[[piece]]\nletter = \"{}\"\nshape = \"#\"\ncopies = 64\n", letter);
  spit(path("many.toml"), "name = \"many\"\nlattice = \"square\"\nboard = \"...\"\n" + pieces);
  expectBadInput(runPiecework("show " + quote(path("many.toml"))), "320 pieces counting copies; at most 256");
}

// Row 7: a misspelt key used to be ignored (and the default rule used).
TEST_F(Hardening, UnknownKeysAreNamedWithTheirLine) {
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

// Row 8: pieces whose cells cannot add up to the board's were searched and gave "0 solutions".
TEST_F(Hardening, PiecesThatCannotFillTheBoardAreRefused) {
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

// Runs piecework with ARGS (no shell), PIECEWORK_TEST_PAUSE_BEFORE_RENAME set so that it stops with the whole
// document in its temporary file; returns its pid once it says so, or -1.
pid_t startPausedWriter(const std::vector<std::string>& args) {
  int pipeFds[2];
  if (::pipe(pipeFds) != 0) return -1;
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::dup2(pipeFds[1], STDERR_FILENO);
    const int null = ::open("/dev/null", O_WRONLY);
    ::dup2(null, STDOUT_FILENO);
    ::close(pipeFds[0]);
    ::setenv("PIECEWORK_TEST_PAUSE_BEFORE_RENAME", "1", 1);
    std::vector<char*> argv{const_cast<char*>(PIECEWORK_BINARY)};
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    ::execv(PIECEWORK_BINARY, argv.data());
    ::_exit(127);
  }
  ::close(pipeFds[1]);
  std::string said;
  char buffer[256];
  for (;;) {
    const ssize_t got = ::read(pipeFds[0], buffer, sizeof buffer);
    if (got <= 0) break;
    said.append(buffer, static_cast<std::size_t>(got));
    if (said.find("paused before rename") != std::string::npos) break;
  }
  ::close(pipeFds[0]);
  if (said.find("paused before rename") == std::string::npos) {
    ADD_FAILURE() << "the writer did not pause: " << said;
    ::kill(pid, SIGKILL);
    ::waitpid(pid, nullptr, 0);
    return -1;
  }
  return pid;
}

bool hasTempFile(const std::vector<std::string>& names) {
  return std::any_of(names.begin(), names.end(),
                     [](const std::string& n) { return n.find(".tmp-") != std::string::npos; });
}

// Row 9: an interrupted sheet or booklet left ".NAME.tmp-XXXXXX" behind.
TEST_F(Hardening, InterruptedWritersLeaveNoTemporaryFile) {
  spit(path("in.jsonl"), std::string(R"({"puzzle":"iq-fit","challenge":")") + kFitUnique + "\"}\n");
  ASSERT_EQ(
      runPiecework("catalog import " + quote(path("in.jsonl")) + " --db " + quote(path("c.sqlite"))).status,
      0);
  const std::vector<std::vector<std::string>> commands = {
      {"sheet", "pentominoes-6x10", "--challenge", kPentominoes, "--out", path("s.pdf")},
      {"sheet", "iq-link", "--challenge", "", "--out", path("s.svg")},
      {"booklet", "--db", path("c.sqlite"), "--out", path("b.pdf")},
  };
  for (const int signal : {SIGINT, SIGTERM}) {
    for (const auto& command : commands) {
      const auto before = filesIn(dir_);
      const pid_t pid = startPausedWriter(command);
      ASSERT_GT(pid, 0);
      EXPECT_TRUE(hasTempFile(filesIn(dir_))) << "the test must catch the writer with its temporary file";
      ::kill(pid, signal);
      int status = 0;
      ASSERT_EQ(::waitpid(pid, &status, 0), pid);
      EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == signal) << command[0] << " status " << status;
      EXPECT_EQ(filesIn(dir_), before) << command[0] << " signal " << signal;
    }
  }
}

// Row 9: SIGKILL cannot be caught; the next run removes what it left, but not a live writer's file.
TEST_F(Hardening, StaleTemporaryFilesAreRemovedByTheNextRun) {
  spit(path(".s.pdf.tmp-AbC123"), "left by a killed run");
  spit(path(".s.pdf.tmp-LiVe99"), "a run still writing");
  spit(path(".other.pdf.tmp-XyZ789"), "another file's");
  const int live = ::open(path(".s.pdf.tmp-LiVe99").c_str(), O_RDONLY);
  ASSERT_GE(live, 0);
  ASSERT_EQ(::flock(live, LOCK_EX), 0);
  const auto r = runPiecework("sheet pentominoes-6x10 --challenge " + quote(kPentominoes) + " --out " +
                              quote(path("s.pdf")));
  ::close(live);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(filesIn(dir_), (std::vector<std::string>{".other.pdf.tmp-XyZ789", ".s.pdf.tmp-LiVe99", "s.pdf"}));
}

// Row 9: a replaced file's mode was reset to 644.
TEST_F(Hardening, ReplacingAFileKeepsItsMode) {
  for (const mode_t mode : {mode_t{0600}, mode_t{0640}}) {
    spit(path("s.pdf"), "old");
    ASSERT_EQ(::chmod(path("s.pdf").c_str(), mode), 0);
    ASSERT_EQ(runPiecework("sheet pentominoes-6x10 --challenge " + quote(kPentominoes) + " --out " +
                           quote(path("s.pdf")))
                  .status,
              0);
    struct stat info {};
    ASSERT_EQ(::stat(path("s.pdf").c_str(), &info), 0);
    EXPECT_EQ(info.st_mode & 07777, mode);
    EXPECT_NE(slurp(path("s.pdf")), "old");
  }
}

// Row 12: a directory where a file belongs exited with status 1.
TEST_F(Hardening, DirectoriesWhereFilesBelongAreBadInput) {
  fs::create_directory(path("d.pdf"));
  fs::create_directory(path("d.jsonl"));
  expectBadInput(runPiecework("sheet pentominoes-6x10 --challenge " + quote(kPentominoes) + " --out " +
                              quote(path("d.pdf"))),
                 "is a directory");
  spit(path("in.jsonl"), std::string(R"({"puzzle":"iq-fit","challenge":")") + kFitUnique + "\"}\n");
  ASSERT_EQ(
      runPiecework("catalog import " + quote(path("in.jsonl")) + " --db " + quote(path("c.sqlite"))).status,
      0);
  expectBadInput(runPiecework("booklet --db " + quote(path("c.sqlite")) + " --out " + quote(path("d.pdf"))),
                 "is a directory");
  expectBadInput(
      runPiecework("catalog import " + quote(path("d.jsonl")) + " --db " + quote(path("c.sqlite"))),
      "a directory");
  expectBadInput(runPiecework("show " + quote(dir_)), "a directory");
  expectBadInput(runPiecework("count iq-fit --challenge-file " + quote(dir_)), "a directory");
  EXPECT_TRUE(fs::is_empty(path("d.pdf")));
}

// Row 13: a grade from a rater newer than this build's would be stored and never re-rated.
TEST_F(Hardening, ImportRefusesAGradeFromAnUnknownRater) {
  spit(path("new.jsonl"), std::string(R"({"puzzle":"iq-fit","challenge":")") + kFitUnique +
                              R"(","level":"Junior","score":3,"rater_version":999})" + "\n");
  expectBadInput(
      runPiecework("catalog import " + quote(path("new.jsonl")) + " --db " + quote(path("c.sqlite"))),
      "new.jsonl:1: \"rater_version\": 999");
  EXPECT_FALSE(fs::exists(path("c.sqlite")));
}

std::vector<std::string> sideFiles(const std::string& dir) {
  std::vector<std::string> found;
  for (const auto& name : filesIn(dir))
    if (name.ends_with("-wal") || name.ends_with("-shm") || name.ends_with("-journal")) found.push_back(name);
  return found;
}

// Row 10 (the part every user can test): reading a catalog leaves no -wal/-shm behind.
TEST_F(Hardening, ReadCommandsLeaveNothingBesideTheCatalog) {
  spit(path("in.jsonl"), std::string(R"({"puzzle":"iq-fit","challenge":")") + kFitUnique + "\"}\n");
  ASSERT_EQ(
      runPiecework("catalog import " + quote(path("in.jsonl")) + " --db " + quote(path("c.sqlite"))).status,
      0);
  EXPECT_TRUE(sideFiles(dir_).empty());
  for (const std::string command : {"catalog list", "catalog show 1", "catalog export"}) {
    const auto r = runPiecework(command + " --db " + quote(path("c.sqlite")));
    EXPECT_EQ(r.status, 0) << command << ": " << r.err;
    EXPECT_TRUE(sideFiles(dir_).empty()) << command;
  }
}

// Makes a directory read-only for this process, also for root (which ignores mode bits): with the immutable
// attribute when running as root, with mode 555 otherwise. Undone on destruction.
class ReadOnlyDirectory {
 public:
  explicit ReadOnlyDirectory(std::string dir) : dir_(std::move(dir)) {
    if (::geteuid() != 0) {
      ok_ = ::chmod(dir_.c_str(), 0555) == 0;
      return;
    }
    const int fd = ::open(dir_.c_str(), O_RDONLY | O_DIRECTORY);
    if (fd < 0) return;
    int flags = 0;
    if (::ioctl(fd, FS_IOC_GETFLAGS, &flags) == 0) {
      flags |= FS_IMMUTABLE_FL;
      immutable_ = ok_ = ::ioctl(fd, FS_IOC_SETFLAGS, &flags) == 0;
    }
    ::close(fd);
  }
  ~ReadOnlyDirectory() {
    if (!ok_) return;
    if (!immutable_) {
      ::chmod(dir_.c_str(), 0755);
      return;
    }
    const int fd = ::open(dir_.c_str(), O_RDONLY | O_DIRECTORY);
    int flags = 0;
    if (fd >= 0 && ::ioctl(fd, FS_IOC_GETFLAGS, &flags) == 0) {
      flags &= ~FS_IMMUTABLE_FL;
      ::ioctl(fd, FS_IOC_SETFLAGS, &flags);
    }
    if (fd >= 0) ::close(fd);
  }
  ReadOnlyDirectory(const ReadOnlyDirectory&) = delete;
  ReadOnlyDirectory& operator=(const ReadOnlyDirectory&) = delete;
  bool ok() const { return ok_; }

 private:
  std::string dir_;
  bool ok_ = false;
  bool immutable_ = false;
};

// Row 10: a catalog in a read-only directory could not even be listed (SQLite wanted its -shm file).
TEST_F(Hardening, CatalogInAReadOnlyDirectoryIsReadableAndRefusesWrites) {
  const std::string ro = path("ro");
  fs::create_directory(ro);
  spit(path("in.jsonl"), std::string(R"({"puzzle":"iq-fit","challenge":")") + kFitUnique + "\"}\n");
  ASSERT_EQ(
      runPiecework("catalog import " + quote(path("in.jsonl")) + " --db " + quote(ro + "/c.sqlite")).status,
      0);
  const std::string before = slurp(ro + "/c.sqlite");
  const ReadOnlyDirectory readOnly(ro);
  if (!readOnly.ok())
    GTEST_SKIP() << "cannot make a directory read-only here (root without the immutable attribute)";
  ASSERT_NE(::access(ro.c_str(), W_OK), 0) << "the directory is still writable";
  const auto list = runPiecework("catalog list --db " + quote(ro + "/c.sqlite"));
  EXPECT_EQ(list.status, 0) << list.err;
  EXPECT_NE(list.out.find(kFitUnique), std::string::npos) << list.out;
  const auto exported = runPiecework("catalog export --db " + quote(ro + "/c.sqlite"));
  EXPECT_EQ(exported.status, 0) << exported.err;
  spit(path("more.jsonl"), std::string(R"({"puzzle":"iq-fit","challenge":")") + kFitSolution + "\"}\n");
  expectBadInput(
      runPiecework("catalog import " + quote(path("more.jsonl")) + " --db " + quote(ro + "/c.sqlite")),
      "read-only");
  expectBadInput(runPiecework("generate iq-fit --level Starter -q --db " + quote(ro + "/c.sqlite")),
                 "read-only");
  expectBadInput(
      runPiecework("catalog import " + quote(path("more.jsonl")) + " --db " + quote(ro + "/new.sqlite")),
      "read-only");
  EXPECT_EQ(filesIn(ro), std::vector<std::string>{"c.sqlite"});
  EXPECT_EQ(slurp(ro + "/c.sqlite"), before);
}

// Row 11: a truncated catalog was refused, but -wal and -shm files appeared beside it.
TEST_F(Hardening, RefusedCatalogsGetNothingBesideThem) {
  spit(path("in.jsonl"), std::string(R"({"puzzle":"iq-fit","challenge":")") + kFitUnique + "\"}\n");
  ASSERT_EQ(
      runPiecework("catalog import " + quote(path("in.jsonl")) + " --db " + quote(path("c.sqlite"))).status,
      0);
  const std::string whole = slurp(path("c.sqlite"));
  ASSERT_GT(whole.size(), 8192U);
  const std::string truncated = whole.substr(0, 3000);
  spit(path("t.sqlite"), truncated);
  const std::vector<std::string> commands = {
      "catalog list --db " + quote(path("t.sqlite")),
      "catalog import " + quote(path("in.jsonl")) + " --db " + quote(path("t.sqlite")),
      "booklet --out " + quote(path("b.pdf")) + " --db " + quote(path("t.sqlite")),
      "generate iq-fit --level Starter -q --db " + quote(path("t.sqlite")),
  };
  for (const auto& command : commands) {
    expectBadInput(runPiecework(command), path("t.sqlite"));
    EXPECT_EQ(filesIn(dir_), (std::vector<std::string>{"c.sqlite", "in.jsonl", "t.sqlite"})) << command;
    EXPECT_EQ(slurp(path("t.sqlite")), truncated) << command;
  }
}

// Row 14: on a terminal, count's progress came out of order and a stale line ran into the result.
TEST_F(Hardening, CountProgressOnATerminalIsOrderedAndCleared) {
  int master = -1;
  const pid_t pid = ::forkpty(&master, nullptr, nullptr, nullptr);
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    ::execl(PIECEWORK_BINARY, PIECEWORK_BINARY, "count", "pentominoes-6x10", "--threads", "4", nullptr);
    ::_exit(127);
  }
  std::string screen;
  char buffer[4096];
  for (;;) {
    const ssize_t got = ::read(master, buffer, sizeof buffer);
    if (got <= 0) break;  // EIO once the child has closed the terminal
    screen.append(buffer, static_cast<std::size_t>(got));
  }
  ::close(master);
  int status = 0;
  ASSERT_EQ(::waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << screen;
  const std::regex counter(R"(counting: [\d.]+% \((\d+)/(\d+) parts\))");
  std::vector<long> seen;
  for (std::sregex_iterator it(screen.begin(), screen.end(), counter), end; it != end; ++it)
    seen.push_back(std::stol((*it)[1].str()));
  for (std::size_t i = 1; i < seen.size(); ++i) EXPECT_LT(seen[i - 1], seen[i]) << screen;
  EXPECT_FALSE(seen.empty()) << "no progress line on the terminal: " << screen;
  // 9356 solutions, 2339 distinct (pentominoes on 6 x 10: see docs and the Counts tests).
  const auto result = screen.find("9356 solutions");
  ASSERT_NE(result, std::string::npos) << screen;
  const std::string before = screen.substr(0, result);
  if (!seen.empty()) {
    const auto lastCounter = before.rfind("counting:");
    ASSERT_NE(lastCounter, std::string::npos) << "a counter after the result: " << screen;
    EXPECT_NE(before.find("\r\x1b[K", lastCounter), std::string::npos)
        << "the line was not cleared: " << screen;
    EXPECT_TRUE(before.ends_with("\r\x1b[K")) << screen;
  }
}

// Issue 31, item 6: work bounded by a model file shows progress and honours its documented limit. A model
// that grades every challenge far below Wizard makes `generate --level Wizard` search in vain: on a terminal
// it says how far it is from its first attempt, and it stops at --max-attempts with exit status 1.
TEST_F(Hardening, GenerateWithAnAbsurdModelShowsProgressAndStopsAtItsAttempts) {
  spit(path("easy.json"), R"({"format":"piecework-rating-model","name":"easy","features":["to_place"],)"
                          R"("mean":[0],"scale":[1],"weights":[1],"cuts":[100,101,102,103]})");
  const std::string model = path("easy.json");
  int master = -1;
  const pid_t pid = ::forkpty(&master, nullptr, nullptr, nullptr);
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    ::execl(PIECEWORK_BINARY, PIECEWORK_BINARY, "generate", "iq-fit", "--level", "Wizard", "--count", "2",
            "--seed", "1", "--threads", "1", "--max-attempts", "12", "--model", model.c_str(), nullptr);
    ::_exit(127);
  }
  std::string screen;
  char buffer[4096];
  for (;;) {
    const ssize_t got = ::read(master, buffer, sizeof buffer);
    if (got <= 0) break;  // EIO once the child has closed the terminal
    screen.append(buffer, static_cast<std::size_t>(got));
  }
  ::close(master);
  int status = 0;
  ASSERT_EQ(::waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(WIFEXITED(status)) << screen;
  EXPECT_EQ(WEXITSTATUS(status), 1) << screen;
  EXPECT_TRUE(std::regex_search(screen, std::regex(R"(generating: 0/2 Wizard challenges, \d+ attempts, )"
                                                   R"(challenge 1: attempt \d+ of at most 12)")))
      << "no progress line on the terminal: " << screen;
  EXPECT_NE(screen.find("gave up on challenge 1 of 2 after 12 attempts: no new Wizard challenge found"),
            std::string::npos)
      << screen;
}

// Row 15: generate kept every challenge (1.3 kB each); the command now streams them.
TEST(GenerateStreaming, ABatchNeedNotKeepItsChallenges) {
  const Puzzle fit = loadPuzzle("iq-fit");
  GenerateOptions options;
  options.level = Level::Starter;
  options.count = 12;
  options.seed = 5;
  options.threads = 2;
  const GenerateResult kept = generateBatch(fit, options);
  ASSERT_TRUE(kept.complete);
  ASSERT_EQ(kept.challenges.size(), 12U);
  std::vector<std::string> streamed;
  options.keep = false;
  options.accepted = [&](int index, const GeneratedChallenge& c) {
    EXPECT_EQ(index, static_cast<int>(streamed.size()));
    streamed.push_back(c.challengeText);
  };
  const GenerateResult result = generateBatch(fit, options);
  EXPECT_TRUE(result.complete);
  EXPECT_TRUE(result.challenges.empty());
  EXPECT_EQ(result.produced, 12);
  ASSERT_EQ(streamed.size(), 12U);
  for (std::size_t i = 0; i < streamed.size(); ++i) EXPECT_EQ(streamed[i], kept.challenges[i].challengeText);
}

// Issue 31, R1: boost reads "-1" into an unsigned option as its largest value, so `solve --max -1` printed
// every solution. Counts that cannot be negative or zero are refused in one line.
TEST_F(Hardening, NegativeAndZeroCountsAreRefused) {
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
TEST_F(Hardening, NonRegularFilesAreRefusedWithoutBlocking) {
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
TEST_F(Hardening, ErrorsAreOneBoundedLineWhateverTheInputHolds) {
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

  // An unknown command echoes its name (and then prints the usage).
  const auto command = runPiecework("$(printf 'x\\033[2Jy')");
  EXPECT_EQ(command.status, 2);
  EXPECT_TRUE(command.err.starts_with("piecework: unknown command 'x\\x1b[2Jy'\n")) << command.err;
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

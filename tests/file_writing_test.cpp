// SPDX-License-Identifier: Apache-2.0
// Files piecework writes: an interrupted writer leaves no temporary file, a killed one's is removed by the
// next run, a replaced file keeps its mode, a directory where a file belongs is bad input (issue 17, rows 9
// and 12).
#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "support/temp_dir_test.hpp"

namespace piecework {
namespace {

namespace fs = std::filesystem;
using namespace test;  // the shared helpers (support/temp_dir_test.hpp, support/run.hpp)

class FileWriting : public TempDirTest {};

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

// Issue 17, row 9: an interrupted sheet or booklet left ".NAME.tmp-XXXXXX" behind.
TEST_F(FileWriting, InterruptedWritersLeaveNoTemporaryFile) {
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

// A rating model, a converted definition and a catalog export replace their file whole: stopped with the new
// text in the temporary file, the old file is still all there, and nothing else is left. (calibrate --out
// used to empty the file it replaced and then fail on a name that was not UTF-8.)
TEST_F(FileWriting, InterruptedTextWritersLeaveTheOldFile) {
  spit(path("in.jsonl"), std::string(R"({"puzzle":"iq-fit","challenge":")") + kFitUnique + "\"}\n");
  ASSERT_EQ(
      runPiecework("catalog import " + quote(path("in.jsonl")) + " --db " + quote(path("c.sqlite"))).status,
      0);
  const std::string booklet = std::string(PIECEWORK_SOURCE_DIR) + "/data/calibration/iq-fit-booklet.jsonl";
  const std::vector<std::vector<std::string>> commands = {
      {"calibrate", "iq-fit", booklet, "--out", path("m.json")},
      {"convert", "soma", path("s.toml")},
      {"catalog", "export", "--db", path("c.sqlite"), "--out", path("e.jsonl")},
  };
  for (const auto& command : commands) {
    const std::string& target = command[command[0] == "convert" ? 2 : command.size() - 1];
    spit(target, "the old file");
    const auto before = filesIn(dir_);
    const pid_t pid = startPausedWriter(command);
    ASSERT_GT(pid, 0);
    EXPECT_TRUE(hasTempFile(filesIn(dir_))) << command[0];
    ::kill(pid, SIGTERM);
    int status = 0;
    ASSERT_EQ(::waitpid(pid, &status, 0), pid);
    EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM) << command[0] << " status " << status;
    // (SQLite's -wal and -shm files of the catalog being read stay, as after any killed reader.)
    auto after = filesIn(dir_);
    std::erase_if(after,
                  [](const std::string& name) { return name.ends_with("-wal") || name.ends_with("-shm"); });
    EXPECT_EQ(after, before) << command[0];
    EXPECT_EQ(slurp(target), "the old file") << command[0];
    std::string again;
    for (const std::string& word : command) again += quote(word) + " ";
    const auto whole = runPiecework(again);
    EXPECT_EQ(whole.status, 0) << whole.err;
    EXPECT_NE(slurp(target), "the old file") << command[0];
  }
}

// A symbolic link is followed (the file it leads to is replaced, the link stays); /dev/stdout is written
// into, even when standard output is a file; a read-only file and the catalog itself are not overwritten.
TEST_F(FileWriting, LinksDevicesReadOnlyFilesAndTheCatalog) {
  spit(path("real.toml"), "old");
  fs::create_symlink("real.toml", path("link.toml"));
  ASSERT_EQ(runPiecework("convert soma " + quote(path("link.toml"))).status, 0);
  EXPECT_TRUE(fs::is_symlink(path("link.toml")));
  EXPECT_TRUE(slurp(path("real.toml")).starts_with("# ")) << slurp(path("real.toml"));

  const auto shown = runShell(std::string(PIECEWORK_BINARY) + " convert soma /dev/stdout --to toml > " +
                              quote(path("redirected.toml")));
  EXPECT_EQ(shown.status, 0) << shown.err;
  EXPECT_EQ(slurp(path("redirected.toml")), slurp(path("real.toml")));

  if (::geteuid() != 0) {  // root may write a read-only file
    spit(path("ro.toml"), "old");
    ASSERT_EQ(::chmod(path("ro.toml").c_str(), 0444), 0);
    const auto r = runPiecework("convert soma " + quote(path("ro.toml")));
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_EQ(slurp(path("ro.toml")), "old");
  }

  spit(path("in.jsonl"), std::string(R"({"puzzle":"iq-fit","challenge":")") + kFitUnique + "\"}\n");
  ASSERT_EQ(
      runPiecework("catalog import " + quote(path("in.jsonl")) + " --db " + quote(path("c.sqlite"))).status,
      0);
  const auto onItself =
      runPiecework("catalog export --db " + quote(path("c.sqlite")) + " --out " + quote(path("c.sqlite")));
  EXPECT_EQ(onItself.status, 2) << onItself.err;
  EXPECT_EQ(runPiecework("catalog check --db " + quote(path("c.sqlite"))).status, 0);
}

// A document is never written over what the command reads (its catalog, its challenge file), into a pipe or
// a device, or over what a link to a device leads to; a link that leads to no file yet is followed; a name
// too long for a temporary file beside it is written all the same.
TEST_F(FileWriting, DocumentsSpareInputsPipesAndDevices) {
  spit(path("in.jsonl"), std::string(R"({"puzzle":"iq-fit","challenge":")") + kFitUnique + "\"}\n");
  ASSERT_EQ(
      runPiecework("catalog import " + quote(path("in.jsonl")) + " --db " + quote(path("c.pdf"))).status, 0);
  const std::string catalog = slurp(path("c.pdf"));
  const auto overCatalog =
      runPiecework("booklet --db " + quote(path("c.pdf")) + " --out " + quote(path("c.pdf")));
  EXPECT_EQ(overCatalog.status, 2) << overCatalog.err;
  EXPECT_NE(overCatalog.err.find("is the file of --db"), std::string::npos) << overCatalog.err;
  EXPECT_EQ(slurp(path("c.pdf")), catalog);

  spit(path("ch.svg"), std::string(kFitUnique) + "\n");
  for (const char* command : {"sheet", "hint"}) {
    const auto r = runPiecework(std::string(command) + " iq-fit --challenge-file " + quote(path("ch.svg")) +
                                " --out " + quote(path("ch.svg")));
    EXPECT_EQ(r.status, 2) << command << r.err;
    EXPECT_EQ(slurp(path("ch.svg")), std::string(kFitUnique) + "\n") << command;
  }

  ASSERT_EQ(::mkfifo(path("f.svg").c_str(), 0600), 0);
  fs::create_symlink("/dev/null", path("n.svg"));
  for (const char* target : {"f.svg", "n.svg"}) {
    const auto r =
        runPiecework("sheet iq-fit --challenge " + quote(kFitUnique) + " --out " + quote(path(target)));
    EXPECT_EQ(r.status, 2) << target << r.err;
    EXPECT_NE(r.err.find("not a regular file"), std::string::npos) << r.err;
  }
  EXPECT_TRUE(fs::is_fifo(path("f.svg")));
  EXPECT_TRUE(fs::is_character_file("/dev/null"));

  fs::create_directory(path("releases"));
  fs::create_symlink("releases/v2.svg", path("latest.svg"));
  ASSERT_EQ(
      runPiecework("sheet iq-fit --challenge " + quote(kFitUnique) + " --out " + quote(path("latest.svg")))
          .status,
      0);
  EXPECT_TRUE(fs::is_symlink(path("latest.svg")));
  EXPECT_TRUE(fs::is_regular_file(path("releases/v2.svg")));

  const std::string longName =
      std::string(240, 'c') + ".svg";  // 244 bytes: its temporary file's would be 256
  const auto r =
      runPiecework("sheet iq-fit --challenge " + quote(kFitUnique) + " --out " + quote(path(longName)));
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(fs::is_regular_file(path(longName)));
  EXPECT_FALSE(hasTempFile(filesIn(dir_)));
}

// A disk that fills while a booklet is written (a file size limit here) is a system failure: exit status 1,
// one line, the old file kept, no temporary file; it made cairo abort on an assertion at some sizes.
TEST_F(FileWriting, ABookletOnAFullDiskIsOneLineAndExitOne) {
  ASSERT_EQ(runPiecework("generate iq-fit --level Expert --count 40 --seed 1 --db " + quote(path("c.sqlite")))
                .status,
            0);
  for (const int kilobytes : {100, 300, 500, 700}) {
    spit(path("b.pdf"), "old");
    const auto r = runShell("ulimit -f " + std::to_string(kilobytes) + "; trap '' XFSZ; " + PIECEWORK_BINARY +
                            " booklet --db " + quote(path("c.sqlite")) + " --out " + quote(path("b.pdf")));
    EXPECT_EQ(r.status, 1) << kilobytes << " KB: " << r.out;  // (runShell: standard error in `out`)
    EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << r.out;
    EXPECT_NE(r.out.find("cannot write the document"), std::string::npos) << r.out;
    EXPECT_EQ(slurp(path("b.pdf")), "old") << kilobytes;
    EXPECT_FALSE(hasTempFile(filesIn(dir_))) << kilobytes;
  }
}

// Issue 17, row 9: SIGKILL cannot be caught; the next run removes what it left, but not a live writer's file.
TEST_F(FileWriting, StaleTemporaryFilesAreRemovedByTheNextRun) {
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

// Issue 17, row 9: a replaced file's mode was reset to 644.
TEST_F(FileWriting, ReplacingAFileKeepsItsMode) {
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

// Issue 17, row 12: a directory where a file belongs exited with status 1.
TEST_F(FileWriting, DirectoriesWhereFilesBelongAreBadInput) {
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

}  // namespace
}  // namespace piecework

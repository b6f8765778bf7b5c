// SPDX-License-Identifier: Apache-2.0
// A catalog's file: reading it leaves nothing beside it, a read-only one is readable and refuses writes, a
// refused one gets nothing beside it (issue 17, rows 10 and 11).
#include <gtest/gtest.h>

#include <fcntl.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "support/temp_dir_test.hpp"

namespace piecework {
namespace {

namespace fs = std::filesystem;
using namespace test;  // the shared helpers (support/temp_dir_test.hpp, support/run.hpp)

class CatalogFiles : public TempDirTest {};

std::vector<std::string> sideFiles(const std::string& dir) {
  std::vector<std::string> found;
  for (const auto& name : filesIn(dir))
    if (name.ends_with("-wal") || name.ends_with("-shm") || name.ends_with("-journal")) found.push_back(name);
  return found;
}

// Issue 17, row 10 (the part every user can test): reading a catalog leaves no -wal/-shm behind.
TEST_F(CatalogFiles, ReadCommandsLeaveNothingBesideTheCatalog) {
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

// Issue 17, row 10: a catalog in a read-only directory could not even be listed (SQLite wanted its -shm
// file).
TEST_F(CatalogFiles, CatalogInAReadOnlyDirectoryIsReadableAndRefusesWrites) {
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

// Issue 17, row 11: a truncated catalog was refused, but -wal and -shm files appeared beside it.
TEST_F(CatalogFiles, RefusedCatalogsGetNothingBesideThem) {
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

// A catalog in a directory that is not there: a mistyped path, said as such (it read "the catalog is
// read-only here"), and nothing made on the way.
TEST_F(CatalogFiles, CatalogInAMissingDirectoryNamesTheDirectory) {
  spit(path("in.jsonl"), std::string(R"({"puzzle":"iq-fit","challenge":")") + kFitUnique + "\"}\n");
  spit(path("file"), "not a directory\n");
  const std::string missing = path("missing"), nested = path("missing/deeper");
  const std::vector<std::pair<std::string, std::string>> cases = {
      {missing + "/x.sqlite", missing + "/x.sqlite: the directory " + missing + " does not exist"},
      {nested + "/x.sqlite", nested + "/x.sqlite: the directory " + nested + " does not exist"},
      {path("file") + "/x.sqlite", path("file") + "/x.sqlite: " + path("file") + " is not a directory"},
  };
  for (const auto& [db, message] : cases) {
    for (const std::string& command : {"generate iq-fit --level Starter --seed 1 -q --db " + quote(db),
                                       "catalog import " + quote(path("in.jsonl")) + " --db " + quote(db)}) {
      SCOPED_TRACE(command);
      expectBadInput(runPiecework(command), message);
      EXPECT_EQ(filesIn(dir_), (std::vector<std::string>{"file", "in.jsonl"}));
    }
  }
}

}  // namespace
}  // namespace piecework

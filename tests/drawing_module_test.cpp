// SPDX-License-Identifier: Apache-2.0
// The drawing module (output/drawing_module.hpp): the program maps no drawing library until a command draws,
// finds the module beside itself or in LIBDIR/piecework/ above it, and without it refuses to draw in one
// line.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>

#include "support/run.hpp"
#include "support/temp_dir_test.hpp"

namespace piecework {
namespace {

namespace fs = std::filesystem;

// The program copied alone into a fresh directory (its drawing module left behind).
std::string lonelyProgram() {
  const std::string dir = test::tempDir();
  const std::string program = dir + "/bin/piecework";
  fs::create_directories(dir + "/bin");
  fs::copy_file(PIECEWORK_BINARY, program);
  return program;
}

TEST(DrawingModule, TheProgramLinksNoDrawingLibrary) {
  // (ldd lists what the dynamic loader maps at start-up; the module is loaded later, by dlopen)
  const test::RunResult ldd = test::runShell(std::string("ldd ") + PIECEWORK_BINARY);
  ASSERT_EQ(ldd.status, 0) << ldd.out;
  for (const char* library : {"libcairo", "libfreetype", "libfontconfig", "libpixman", "libpng"})
    EXPECT_FALSE(test::contains(ldd.out, library)) << library << " in\n" << ldd.out;
}

TEST(DrawingModule, WithoutItTextCommandsRunAndDrawingIsOneLineExit2) {
  const std::string program = lonelyProgram();
  const std::string dir = fs::path(program).parent_path().string();
  const test::RunResult show = test::runShell(test::quote(program) + " show soma 2>&1 >/dev/null; echo $?");
  EXPECT_EQ(show.out, "0\n");
  const test::RunResult sheet = test::runShell(test::quote(program) + " sheet soma --out " +
                                               test::quote(dir + "/s.svg") + " 2>&1; echo $?");
  // one line naming the paths looked at, then the exit status
  EXPECT_TRUE(test::contains(sheet.out, dir + "/piecework_draw.so")) << sheet.out;
  EXPECT_TRUE(test::contains(sheet.out, "/../" PIECEWORK_LIBDIR "/piecework/piecework_draw.so")) << sheet.out;
  EXPECT_EQ(std::count(sheet.out.begin(), sheet.out.end(), '\n'), 2) << sheet.out;
  EXPECT_TRUE(sheet.out.ends_with("\n2\n")) << sheet.out;
  EXPECT_FALSE(fs::exists(dir + "/s.svg"));
}

TEST(DrawingModule, FoundInLibdirPieceworkAboveTheProgram) {
  const std::string program = lonelyProgram();
  const fs::path root = fs::path(program).parent_path().parent_path();
  fs::create_directories(root / PIECEWORK_LIBDIR / "piecework");
  fs::copy_file(fs::path(PIECEWORK_BINARY).parent_path() / "piecework_draw.so",
                root / PIECEWORK_LIBDIR / "piecework" / "piecework_draw.so");
  const std::string out = (root / "s.svg").string();
  const test::RunResult sheet =
      test::runShell(test::quote(program) + " sheet soma --out " + test::quote(out));
  ASSERT_EQ(sheet.status, 0) << sheet.out;
  EXPECT_TRUE(test::contains(test::slurp(out), "<svg")) << out;
}

}  // namespace
}  // namespace piecework

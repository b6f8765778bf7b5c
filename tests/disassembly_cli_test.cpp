// SPDX-License-Identifier: Apache-2.0
// count, solve and rate --disassemble on designs of our own whose levels are counted by hand
// (tests/disassembly_test.cpp takes the same assemblies apart, and checks them against a brute force).
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "support/run.hpp"

namespace piecework {
namespace {

using test::runPiecework;

// A ring with a hole of two cubes and a hook through it: one slide right, then they come apart (level 2).
constexpr const char* kHook = R"(name = "ring-and-hook"
lattice = "cubic"
board = "####/..##/####|..../..#./....|####/..##/####"

[[piece]]
letter = "A"
name = "ring"
moves = "turn"
shape = "####/#..#/####"

[[piece]]
letter = "B"
name = "hook"
moves = "turn"
cubes = [[0, 0, 0], [1, 0, 0], [1, 0, 1], [1, 0, 2], [0, 0, 2]]
)";
// The same with a plug in the hole that lifts out first: 1, then ring and hook as above (level 1.2).
constexpr const char* kPlug = R"(name = "ring-hook-and-plug"
lattice = "cubic"
board = "####/..##/####|..../..../....|####/...#/####"

[[piece]]
letter = "A"
name = "ring"
moves = "turn"
shape = "####/#..#/####"

[[piece]]
letter = "B"
name = "hook"
moves = "turn"
cubes = [[0, 0, 0], [1, 0, 0], [1, 0, 1], [1, 0, 2], [0, 0, 2]]

[[piece]]
letter = "C"
name = "plug"
moves = "turn"
cubes = [[0, 0, 0], [0, 0, 1]]
)";
// A ring and a Z through it: it assembles, but nothing slides at all (no solution).
constexpr const char* kLocked = R"(name = "ring-and-z"
lattice = "cubic"
board = "###/..#/###|.../.../...|###/#../###"

[[piece]]
letter = "A"
name = "ring"
moves = "turn"
shape = "###/#.#/###"

[[piece]]
letter = "Z"
name = "z"
moves = "turn"
cubes = [[0, 0, 0], [1, 0, 0], [1, 0, 1], [1, 0, 2], [2, 0, 2]]
)";

std::string write(const std::string& name, const char* text) {
  const std::string path = test::tempDir() + "/" + name + ".toml";
  std::ofstream(path) << text;
  return path;
}

nlohmann::json countJson(const std::string& path) {
  const auto r = runPiecework("count " + path + " --disassemble --json");
  EXPECT_EQ(r.status, 0) << r.err;
  return nlohmann::json::parse(r.out);
}

TEST(DisassemblyCli, CountsWhatComesApartWithLevels) {
  const nlohmann::json hook = countJson(write("hook", kHook));
  EXPECT_EQ(hook["disassemblable"], 1);
  EXPECT_EQ(hook["levels"], nlohmann::json::array({"2"}));
  const nlohmann::json plug = countJson(write("plug", kPlug));
  EXPECT_EQ(plug["disassemblable"], 1);
  EXPECT_EQ(plug["levels"], nlohmann::json::array({"1.2"}));
  const nlohmann::json locked = countJson(write("locked", kLocked));
  EXPECT_EQ(locked["solutions"], 1);  // (it assembles)
  EXPECT_EQ(locked["disassemblable"], 0);
  EXPECT_EQ(locked["levels"], nlohmann::json::array());
}

TEST(DisassemblyCli, SolvePrintsTheMovesInWords) {
  const auto r = runPiecework("solve " + write("plug", kPlug) + " --disassemble");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("level 1.2\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  take C out, moving up\n  move B 1 right\n  take A out, moving up\n"),
            std::string::npos)
      << r.out;
  const auto json = runPiecework("solve " + write("hook", kHook) + " --disassemble --json");
  ASSERT_EQ(json.status, 0) << json.err;
  EXPECT_EQ(nlohmann::json::parse(json.out)["solutions"][0]["moves"],
            nlohmann::json::array({"move B 1 right", "take A out, moving up"}));
}

TEST(DisassemblyCli, RateGradesByTheLevel) {
  const auto r = runPiecework("rate " + write("hook", kHook) + " --disassemble --json");
  ASSERT_EQ(r.status, 0) << r.err;
  const nlohmann::json json = nlohmann::json::parse(r.out);
  EXPECT_EQ(json["disassembly_level"], "2");
  EXPECT_EQ(json["level"], "Junior");  // (2 moves to the first separation: docs/disassembly.md's table)
  EXPECT_EQ(json["solutions"], 1);
  const auto locked = runPiecework("rate " + write("locked", kLocked) + " --disassemble --json");
  ASSERT_EQ(locked.status, 0) << locked.err;
  EXPECT_TRUE(nlohmann::json::parse(locked.out)["level"].is_null());
}

TEST(DisassemblyCli, BadRequestsAreOneLineAndStatus2) {
  for (const std::string& args :
       {std::string("count pentominoes-6x10 --disassemble"), std::string("solve iq-fit --disassemble"),
        "count " + write("hook", kHook) + " --merge-mirrors",
        "count " + write("hook", kHook) + " --disassemble --challenge '....'"}) {
    const auto r = runPiecework(args);
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << args << ": " << r.err;
    EXPECT_TRUE(r.out.empty()) << args;
  }
}

}  // namespace
}  // namespace piecework

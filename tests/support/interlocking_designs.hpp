// SPDX-License-Identifier: Apache-2.0
// Small interlocking designs of our own whose disassemblies are counted by hand (docs/disassembly.md, "An
// example"), for the tests of count, solve, rate, sheet and calibrate on interlocking puzzles.
#pragma once

#include <string>

namespace piecework::test {

// A ring with a hole of two cubes and a hook through it: one slide right, then they come apart (level 2).
inline constexpr const char* kHook = R"(name = "ring-and-hook"
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
// The same with a plug in the hole that lifts out first: 1, then ring and hook as above (level 1.2, three
// moves: the plug lifts out, the hook slides one unit right into its place, and ring and hook come apart).
inline constexpr const char* kPlug = R"(name = "ring-hook-and-plug"
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
// A ring and a Z through it: it assembles, but nothing slides at all (no solution, no level).
inline constexpr const char* kLocked = R"(name = "ring-and-z"
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

// Writes a design to NAME.toml in a fresh temporary directory; returns its path.
std::string writeDesign(const std::string& name, const char* text);

}  // namespace piecework::test

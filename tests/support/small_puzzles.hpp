// SPDX-License-Identifier: Apache-2.0
// Small puzzle definitions that several tests use, each with the facts about it counted by hand.
#pragma once

namespace piecework::test {

// A strip of five cells, a domino and a tromino. By hand: its fillings are AABBB and BBBAA (one up to the
// mirror), and its unique challenges with a piece to place are the domino given at an end or the tromino
// given at an end, two up to the mirror.
inline constexpr const char* kStripOfFive = R"(name = "strip"
title = "Strip of five"
lattice = "square"
board = "....."

[[piece]]
letter = "A"
name = "domino"
colour = "#ff0000"
moves = "turn-mirror"
shape = "##"

[[piece]]
letter = "B"
name = "tromino"
colour = "#00ff00"
moves = "turn-mirror"
shape = "###"
)";

}  // namespace piecework::test

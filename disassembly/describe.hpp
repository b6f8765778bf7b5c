// SPDX-License-Identifier: Apache-2.0
// A disassembly in words, for a person: "move B and C 2 up", one line per move.
#pragma once

#include <string>
#include <vector>

#include "disassembly/separation.hpp"

namespace piecework {

// The words of a unit step: +x "right", -x "left", +y "forward" (down a layer's picture), -y "back", +z "up"
// (towards the next layer), -z "down".
std::string directionWords(Site step);

// Every move of the tree in order (a separation's moves, then its left part's, then its removed part's), each
// naming the pieces by `names` (per piece of the assembly): "move B and C 2 up", the last of each
// separation "take A out, moving left".
std::vector<std::string> describeMoves(const Separation& separation, const std::vector<std::string>& names);

}  // namespace piecework

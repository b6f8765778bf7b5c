// SPDX-License-Identifier: Apache-2.0
// Pictures: the text form of boards, piece shapes and cell-puzzle challenges. Rows end with a newline or '/',
// layers of a 3-D box are separated by a blank line or '|'.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace piecework {

struct PictureChar {
  char value;
  int row;     // 1-based row in its layer
  int column;  // 1-based column
  int layer;   // 1-based layer
  int offset;  // 0-based character offset in the text
};

struct Picture {
  std::vector<std::vector<std::vector<PictureChar>>> layers;  // layers[z][y][x]
  int width() const;
  int height() const;
  int depth() const { return static_cast<int>(layers.size()); }
};

// Splits text into layers and rows. Leading and trailing blank lines are dropped; spaces and tabs inside a
// row are dropped when dropSpaces is true (hex boards draw their offset rows with spaces).
Picture parsePicture(std::string_view text, bool dropSpaces = false);

}  // namespace piecework

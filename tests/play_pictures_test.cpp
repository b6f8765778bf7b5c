// SPDX-License-Identifier: Apache-2.0
// The play page's pictures of loose pieces (output/play/play_pictures.hpp), against the same puzzle drawn
// without its colour window: what the board draws around and over the pieces must not show in them.
#include <gtest/gtest.h>

#include <string>

#include "output/play/play_pictures.hpp"
#include "puzzle/definition.hpp"

namespace piecework::test {
namespace {

// IQ Focus with its window's cells ('o' in the board picture) made plain cells: the same board, pieces and
// placements, no window and so no window frame.
std::string withoutWindow(std::string text) {
  const std::size_t board = text.find("board = \"\"\"");
  const std::size_t end = text.find("\"\"\"", board + 11);
  for (std::size_t i = board + 11; i < end; ++i)
    if (text[i] == 'o') text[i] = '.';
  return text;
}

// Five IQ Focus pieces lie across the window's frame wherever they go; cut out of boards drawn with the frame
// over them, their outlines had gaps (issue 42).
TEST(PlayPictures, APieceLooksTheSameOnABoardWithoutItsWindow) {
  const std::string text = shippedText("iq-focus");
  const Puzzle framed = loadDefinition(text, "iq-focus.toml");
  const Puzzle plain = loadDefinition(withoutWindow(text), "iq-focus-without-window.toml");
  ASSERT_FALSE(framed.window.empty());
  ASSERT_TRUE(plain.window.empty());
  ASSERT_EQ(framed.placements.size(), plain.placements.size());
  const PiecePictures withFrame = piecePictures(framed, 40);
  const PiecePictures withoutFrame = piecePictures(plain, 40);
  ASSERT_EQ(withFrame.orientations.size(), withoutFrame.orientations.size());
  for (std::size_t p = 0; p < withFrame.orientations.size(); ++p) {
    ASSERT_EQ(withFrame.orientations[p].size(), withoutFrame.orientations[p].size());
    for (std::size_t o = 0; o < withFrame.orientations[p].size(); ++o)
      EXPECT_EQ(withFrame.orientations[p][o].piece.base64, withoutFrame.orientations[p][o].piece.base64)
          << "piece " << framed.pieces[p].letter << ", orientation " << o;
  }
}

}  // namespace
}  // namespace piecework::test

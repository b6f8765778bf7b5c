// SPDX-License-Identifier: Apache-2.0
#include "puzzle/picture.hpp"

#include <algorithm>

namespace piecework {

int Picture::width() const {
  std::size_t w = 0;
  for (const auto& layer : layers)
    for (const auto& row : layer) w = std::max(w, row.size());
  return static_cast<int>(w);
}

int Picture::height() const {
  std::size_t h = 0;
  for (const auto& layer : layers) h = std::max(h, layer.size());
  return static_cast<int>(h);
}

Picture parsePicture(std::string_view text, bool dropSpaces) {
  // First cut into rows, remembering which ones are blank (layer separators) or end with '|'.
  struct Row {
    std::vector<PictureChar> chars;
    bool endsLayer = false;
  };
  std::vector<Row> rows(1);
  for (int i = 0; i < static_cast<int>(text.size()); ++i) {
    const char c = text[static_cast<std::size_t>(i)];
    if (c == '\r') continue;
    if (c == '\n' || c == '/') {
      rows.emplace_back();
    } else if (c == '|') {
      rows.back().endsLayer = true;
      rows.emplace_back();
    } else if ((c == ' ' || c == '\t') && (dropSpaces || rows.back().chars.empty())) {
      continue;
    } else {
      rows.back().chars.push_back(PictureChar{c, 0, 0, 0, i});
    }
  }
  for (auto& row : rows)  // trailing blanks never count
    while (!row.chars.empty() && (row.chars.back().value == ' ' || row.chars.back().value == '\t'))
      row.chars.pop_back();

  Picture picture;
  std::vector<std::vector<PictureChar>> layer;
  auto closeLayer = [&] {
    if (!layer.empty()) picture.layers.push_back(std::move(layer));
    layer.clear();
  };
  for (auto& row : rows) {
    if (row.chars.empty()) {
      closeLayer();  // a blank line separates layers; several blank lines count as one
    } else {
      layer.push_back(std::move(row.chars));
    }
    if (row.endsLayer) closeLayer();
  }
  closeLayer();
  for (int z = 0; z < picture.depth(); ++z)
    for (int y = 0; y < static_cast<int>(picture.layers[static_cast<std::size_t>(z)].size()); ++y) {
      auto& r = picture.layers[static_cast<std::size_t>(z)][static_cast<std::size_t>(y)];
      for (int x = 0; x < static_cast<int>(r.size()); ++x) {
        r[static_cast<std::size_t>(x)].row = y + 1;
        r[static_cast<std::size_t>(x)].column = x + 1;
        r[static_cast<std::size_t>(x)].layer = z + 1;
      }
    }
  return picture;
}

}  // namespace piecework

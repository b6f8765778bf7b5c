// SPDX-License-Identifier: Apache-2.0
#include "puzzle/challenge_file.hpp"

#include <fmt/format.h>

#include "puzzle/errors.hpp"
#include "puzzle/family.hpp"

namespace piecework {
namespace {

std::string trimmed(const std::string& line) {
  const auto b = line.find_first_not_of(" \t\r");
  if (b == std::string::npos) return {};
  const auto e = line.find_last_not_of(" \t\r");
  return line.substr(b, e - b + 1);
}

}  // namespace

std::vector<ChallengeText> splitChallengeFile(const Puzzle& puzzle, const std::string& fileName,
                                              const std::string& text) {
  std::vector<std::string> lines;
  for (std::size_t start = 0; start <= text.size();) {
    const auto end = text.find('\n', start);
    lines.push_back(text.substr(start, end == std::string::npos ? std::string::npos : end - start));
    if (end == std::string::npos) break;
    start = end + 1;
  }
  std::vector<ChallengeText> out;
  const bool pictures = !familyOf(puzzle).challengesOnOneLine();
  const int depth = layered(puzzle.lattice) ? puzzle.high.z - puzzle.low.z + 1 : 1;
  ChallengeText picture;  // the multi-line picture being collected
  int layers = 0;         // complete layers in it
  bool inLayer = false;
  auto finish = [&](int line) {
    if (picture.text.empty()) return;
    if (layers != depth)
      throw InputError(fmt::format("{}:{}: the picture starting on line {} has {} layer{}, the box has {}",
                                   fileName, line, picture.line, layers, layers == 1 ? "" : "s", depth));
    out.push_back(picture);
    picture = {};
    layers = 0;
  };
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const int lineNo = static_cast<int>(i) + 1;
    const std::string line = trimmed(lines[i]);
    if (!pictures) {
      if (!line.empty()) out.push_back({line, lineNo});
      continue;
    }
    if (line == "---") {
      if (inLayer) ++layers, inLayer = false;
      finish(lineNo);
      continue;
    }
    if (line.empty()) {
      if (inLayer) {
        ++layers, inLayer = false;
        if (layers == depth)
          finish(lineNo);
        else
          picture.text += '\n';
      }
      continue;
    }
    if (line.find('/') != std::string::npos || line.find('|') != std::string::npos) {
      if (!picture.text.empty() || inLayer)
        throw InputError(
            fmt::format("{}:{}: a one-line picture inside a multi-line picture (end that with a blank line)",
                        fileName, lineNo));
      out.push_back({line, lineNo});
      continue;
    }
    if (picture.text.empty()) picture.line = lineNo;
    picture.text += line + '\n';
    inLayer = true;
  }
  if (inLayer) ++layers;
  finish(static_cast<int>(lines.size()));
  if (out.empty()) throw InputError(fmt::format("{}: no challenge in the file", fileName));
  return out;
}

}  // namespace piecework

// SPDX-License-Identifier: Apache-2.0
// The play page's HTML, CSS and JavaScript (output/play/play.html), compiled into the binary.
#pragma once

#include <string>
#include <vector>

namespace piecework {

struct PlayTemplateFile {
  const char* name;
  const char* text;
};

// Generated from output/play/*.html by cmake/embed.cmake.
const std::vector<PlayTemplateFile>& playTemplateFiles();

// The text of output/play/play.html.
std::string playTemplate();

}  // namespace piecework

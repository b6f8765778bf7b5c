// SPDX-License-Identifier: Apache-2.0
#include "output/play/play_template.hpp"

#include <stdexcept>
#include <string_view>

namespace piecework {

std::string playTemplate() {
  for (const PlayTemplateFile& file : playTemplateFiles())
    if (std::string_view(file.name) == "play") return file.text;
  throw std::logic_error("the play page's template (output/play/play.html) was not compiled in");
}

}  // namespace piecework

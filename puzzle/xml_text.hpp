// SPDX-License-Identifier: Apache-2.0
// Text for XML attributes and character data (BurrTools files, SVG pages): one escaper.
#pragma once

#include <string>
#include <string_view>

namespace piecework {

// `text` with &, <, > and " written as entities (and carriage returns as &#13;), ready for an attribute
// value or element content.
std::string xmlEscaped(std::string_view text);

}  // namespace piecework

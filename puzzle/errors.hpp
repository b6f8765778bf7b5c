// SPDX-License-Identifier: Apache-2.0
// Bad input is reported by throwing InputError; the command line turns it into one line and exit status 2.
#pragma once

#include <stdexcept>
#include <string>

namespace piecework {

class InputError : public std::runtime_error {
 public:
  explicit InputError(const std::string& what) : std::runtime_error(what) {}
};

}  // namespace piecework

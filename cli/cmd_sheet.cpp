// piecework sheet: placeholder until issue 7 lands.
#include <stdexcept>

#include "cli/command.hpp"

namespace piecework::cli {

int runSheet(const std::vector<std::string>& args) {
  (void)args;
  throw std::runtime_error("'sheet' is not available yet (issue 7)");
}

}  // namespace piecework::cli

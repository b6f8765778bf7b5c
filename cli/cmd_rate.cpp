// piecework rate: placeholder until issue 5 lands.
#include <stdexcept>

#include "cli/command.hpp"

namespace piecework::cli {

int runRate(const std::vector<std::string>& args) {
  (void)args;
  throw std::runtime_error("'rate' is not available yet (issue 5)");
}

}  // namespace piecework::cli

// piecework booklet: placeholder until issue 7 lands.
#include <stdexcept>

#include "cli/command.hpp"

namespace piecework::cli {

int runBooklet(const std::vector<std::string>& args) {
  (void)args;
  throw std::runtime_error("'booklet' is not available yet (issue 7)");
}

}  // namespace piecework::cli

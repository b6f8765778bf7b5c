// piecework catalog: placeholder until issue 6 lands.
#include <stdexcept>

#include "cli/command.hpp"

namespace piecework::cli {

int runCatalog(const std::vector<std::string>& args) {
  (void)args;
  throw std::runtime_error("'catalog' is not available yet (issue 6)");
}

}  // namespace piecework::cli

// piecework generate: placeholder until issue 4 lands.
#include <stdexcept>

#include "cli/command.hpp"

namespace piecework::cli {

int runGenerate(const std::vector<std::string>& args) {
  (void)args;
  throw std::runtime_error("'generate' is not available yet (issue 4)");
}

}  // namespace piecework::cli

// Placeholder until the catalog lands (issue 6).
#include "cli/catalog_sink.hpp"

#include <stdexcept>

namespace piecework::cli {

std::unique_ptr<ChallengeSink> openCatalogSink(const std::string& path, const Puzzle& puzzle,
                                               const std::string& definitionText) {
  (void)path;
  (void)puzzle;
  (void)definitionText;
  throw std::runtime_error("--db: the catalog is not available yet (issue 6)");
}

}  // namespace piecework::cli

// SPDX-License-Identifier: Apache-2.0
// The plain family: exact cover over the cells of a square, cubic or triangular board (polyominoes, IQ Fit,
// IQ Blocks, the cubes), with the board picture as its notation. Everything is Family's default.
#include "puzzle/families/registry.hpp"

namespace piecework {
namespace {

class CellsFamily final : public Family {
 public:
  std::string_view name() const override { return kFamilyCells; }
};

}  // namespace

const Family& cellsFamily() {
  static const CellsFamily family;
  return family;
}

}  // namespace piecework

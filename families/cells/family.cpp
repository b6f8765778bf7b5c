// SPDX-License-Identifier: Apache-2.0
// The plain family: exact cover over the cells of a square, cubic or triangular board (polyominoes, IQ Fit,
// IQ Blocks, the cubes), with the board picture as its notation. Everything is Family's default.
#include "families/cells/module.hpp"

namespace piecework {
namespace {

class CellsFamily final : public Family {
 public:
  std::string_view name() const override { return "cells"; }
  bool claims(const PuzzleSpec&) const override { return true; }  // the fallback: registered last
  // Hex-peg pieces are balls and rings, which only IQ-Link's family reads.
  bool canRule(const PuzzleSpec& spec) const override { return spec.lattice != Lattice::HexPegs; }
};

}  // namespace

FamilyModule cellsModule() {
  static const CellsFamily family;
  return {.family = &family};
}

}  // namespace piecework

// SPDX-License-Identifier: Apache-2.0
#include "puzzle/part_cell_solids.hpp"

#include <cstddef>

namespace piecework {

std::array<Point3, 4> partCellCorners(Lattice lattice, const Site& voxel) {
  const int b = partBlock(lattice);
  const std::array<int, 3> v{voxel.x, voxel.y, voxel.z};
  std::array<double, 3> block{};  // the cube's low corner
  std::array<int, 3> in{};        // the voxel within its block
  for (std::size_t i = 0; i < 3; ++i) {
    in[i] = floorMod(v[i], b);
    block[i] = (v[i] - in[i]) / b;
  }
  std::array<Point3, 4> out{};
  if (lattice == Lattice::RhombicTetrahedra) {
    std::size_t face = 0, edge = 0, along = 0;
    for (std::size_t i = 0; i < 3; ++i) {
      if (in[i] == 0 || in[i] == 4) face = i;
      if (in[i] == 1 || in[i] == 3) edge = i;
      if (in[i] == 2) along = i;
    }
    Point3 centre{block[0] + 0.5, block[1] + 0.5, block[2] + 0.5};
    Point3 faceCentre = centre, end0 = centre, end1 = centre;
    faceCentre[face] = end0[face] = end1[face] = block[face] + (in[face] == 4 ? 1 : 0);
    end0[edge] = end1[edge] = block[edge] + (in[edge] == 3 ? 1 : 0);
    end0[along] = block[along];
    end1[along] = block[along] + 1;
    return {centre, faceCentre, end0, end1};
  }
  if (in == std::array<int, 3>{1, 1, 1}) {
    std::size_t k = 0;
    for (int corner = 0; corner < 8; ++corner) {
      const int cx = corner & 1, cy = (corner >> 1) & 1, cz = (corner >> 2) & 1;
      const int sum = static_cast<int>(block[0] + block[1] + block[2]) + cx + cy + cz;
      if (floorMod(sum, 2) == 0) out[k++] = {block[0] + cx, block[1] + cy, block[2] + cz};
    }
    return out;
  }
  // A corner voxel: 0 is the cube's low corner along that axis, 2 its high one; the eighth runs inwards.
  const Point3 corner{block[0] + in[0] / 2, block[1] + in[1] / 2, block[2] + in[2] / 2};
  out[0] = corner;
  for (std::size_t i = 0; i < 3; ++i) {
    out[i + 1] = corner;
    out[i + 1][i] += in[i] == 0 ? 1 : -1;
  }
  return out;
}

}  // namespace piecework

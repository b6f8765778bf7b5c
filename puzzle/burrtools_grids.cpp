// SPDX-License-Identifier: Apache-2.0
#include "puzzle/burrtools_grids.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <climits>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "puzzle/errors.hpp"

namespace piecework::burrtools {
namespace {

// One site of a shape in piecework's coordinates, with its voxel's state and colour.
struct SiteVoxel {
  Site at;
  VoxelState state;
  int colour;
};

// Shape `v` (its name and line kept) as the box of `sites`, from their least corner (moved down to one from
// which shifts keep cells, on lattices with several kinds of cell: geometry.hpp, alignedLow) to their
// greatest.
Voxel boxOfSites(const Voxel& v, const std::vector<SiteVoxel>& sites, Lattice lattice) {
  Site low{INT_MAX, INT_MAX, INT_MAX}, high{INT_MIN, INT_MIN, INT_MIN};
  for (const SiteVoxel& s : sites) {
    low = Site{std::min(low.x, s.at.x), std::min(low.y, s.at.y), std::min(low.z, s.at.z)};
    high = Site{std::max(high.x, s.at.x), std::max(high.y, s.at.y), std::max(high.z, s.at.z)};
  }
  Voxel out;
  out.name = v.name;
  out.line = v.line;
  if (sites.empty()) low = high = Site{0, 0, 0};
  low = alignedLow(lattice, low);
  out.x = high.x - low.x + 1, out.y = high.y - low.y + 1, out.z = high.z - low.z + 1;
  const auto size = static_cast<std::size_t>(out.x) * static_cast<std::size_t>(out.y) * out.z;
  out.state.assign(size, VoxelState::Empty);
  out.colour.assign(size, 0);
  for (const SiteVoxel& s : sites) {
    const auto i =
        static_cast<std::size_t>((s.at.x - low.x) + out.x * ((s.at.y - low.y) + out.y * (s.at.z - low.z)));
    out.state[i] = s.state;
    out.colour[i] = s.colour;
  }
  return out;
}

// A cell of piecework's lattice gathered from the voxels that are its parts (tetrahedra of a rhombic
// dodecahedron, eighths of an octahedron): how many, and their state and colour, `mixed` when they differ.
struct PartCell {
  int parts = 0;
  VoxelState state = VoxelState::Empty;
  int colour = 0;
  bool mixed = false;
};

// Whether a position within a block (0..4 each) is one of the 24 tetrahedra.
bool rhombicTetrahedron(int a, int b, int c) {
  std::array<int, 3> folded = {std::min(a, 4 - a), std::min(b, 4 - b), std::min(c, 4 - c)};
  std::sort(folded.begin(), folded.end());
  return folded == std::array<int, 3>{0, 1, 2};
}

int floorDiv(int a, int b) {
  return a >= 0 ? a / b : -((b - 1 - a) / b);
}

// `voxels` moved by -`low`, and `size` set to the box from 0 that holds them (at least 1 x 1 x 1).
std::map<Site, char> shiftedBy(const std::map<Site, char>& voxels, const Site& low, Site& size) {
  std::map<Site, char> out;
  size = Site{1, 1, 1};
  for (const auto& [v, c] : voxels) {
    const Site at{v.x - low.x, v.y - low.y, v.z - low.z};
    out[at] = c;
    size = Site{std::max(size.x, at.x + 1), std::max(size.y, at.y + 1), std::max(size.z, at.z + 1)};
  }
  return out;
}

}  // namespace

Voxel sphereLayers(const std::string& file, const Voxel& v) {
  std::vector<SiteVoxel> balls;
  for (int z = 0; z < v.z; ++z)
    for (int y = 0; y < v.y; ++y)
      for (int x = 0; x < v.x; ++x) {
        if (v.at(x, y, z) == VoxelState::Empty) continue;
        if ((x + y + z) % 2 != 0)
          throw InputError(
              fmt::format("{}:{}: shape '{}': voxel ({}, {}, {}) is no sphere of the sphere grid "
                          "(x + y + z must be even)",
                          file, v.line, v.name, x, y, z));
        balls.push_back({Site{(x + y - z) / 2, (y - z - x) / 2, z}, v.at(x, y, z), v.colourAt(x, y, z)});
      }
  return boxOfSites(v, balls, Lattice::Spheres);
}

// The rhombic grid's voxels as sphere-grid voxels (one per dodecahedron, at its cube), for sphereLayers:
// each tetrahedron belongs to the dodecahedron of its own cube when that cube's parity is the shape's, else
// to that of the neighbour across its base. A shape is whole dodecahedra centred on cubes of one parity;
// BurrTools lets a designer choose either, so both are tried.
Voxel rhombicSpheres(const std::string& file, const Voxel& v) {
  std::optional<std::string> firstProblem;  // of the parity with the fewest broken dodecahedra
  int fewestIncomplete = 0;
  for (int parity = 0; parity < 2; ++parity) {  // of the sum of the dodecahedra's cubes
    std::map<Site, PartCell> cells;  // by cube, shifted by one so that neighbours of cube 0 stay at 0 or more
    std::optional<std::string> problem;
    for (int z = 0; z < v.z; ++z)
      for (int y = 0; y < v.y; ++y)
        for (int x = 0; x < v.x; ++x) {
          const VoxelState state = v.at(x, y, z);
          if (state == VoxelState::Empty) continue;
          const std::array<int, 3> at = {x % kRhombicBlock, y % kRhombicBlock, z % kRhombicBlock};
          if (!rhombicTetrahedron(at[0], at[1], at[2]))
            throw InputError(
                fmt::format("{}:{}: shape '{}': voxel ({}, {}, {}) is no tetrahedron of the "
                            "rhombic grid",
                            file, v.line, v.name, x, y, z));
          std::array<int, 3> cube = {x / kRhombicBlock + 1, y / kRhombicBlock + 1, z / kRhombicBlock + 1};
          if ((cube[0] + cube[1] + cube[2] + 1) % 2 != parity)  // (+1: the shift by (1, 1, 1))
            for (std::size_t a = 0; a < 3; ++a)
              if (at[a] == 0 || at[a] == kRhombicBlock - 1) cube[a] += at[a] == 0 ? -1 : 1;
          PartCell& cell = cells[Site{cube[0], cube[1], cube[2]}];
          if (cell.parts > 0 && (cell.state != state || cell.colour != v.colourAt(x, y, z)))
            cell.mixed = true;
          ++cell.parts;
          cell.state = state;
          cell.colour = v.colourAt(x, y, z);
        }
    int incomplete = 0;
    for (const auto& [cube, cell] : cells) {
      if (cell.parts == kTetrahedraPerCell && !cell.mixed) continue;
      ++incomplete;
      const Site from{kRhombicBlock * (cube.x - 1), kRhombicBlock * (cube.y - 1),
                      kRhombicBlock * (cube.z - 1)};
      if (!problem)
        problem = fmt::format(
            "{}:{}: shape '{}': the rhombic dodecahedron on the cube of voxels ({}..{}, {}..{}, {}..{}) has "
            "{} "
            "(piecework reads shapes of whole rhombic dodecahedra only: 48 tetrahedra of one kind and "
            "colour)",
            file, v.line, v.name, from.x, from.x + 4, from.y, from.y + 4, from.z, from.z + 4,
            cell.mixed ? "tetrahedra of different kinds or colours"
                       : fmt::format("{} of its 48 tetrahedra", cell.parts));
    }
    if (problem) {
      // (the parity with fewer broken dodecahedra is the one the designer meant)
      if (!firstProblem || incomplete < fewestIncomplete)
        firstProblem = problem, fewestIncomplete = incomplete;
      continue;
    }
    // Sphere voxels at the dodecahedra's cubes, moved to an even sum and to coordinates of 0 or more.
    Voxel out;
    out.name = v.name;
    out.line = v.line;
    out.x = v.x / kRhombicBlock + 4, out.y = v.y / kRhombicBlock + 4, out.z = v.z / kRhombicBlock + 4;
    const auto size = static_cast<std::size_t>(out.x) * static_cast<std::size_t>(out.y) * out.z;
    out.state.assign(size, VoxelState::Empty);
    out.colour.assign(size, 0);
    for (const auto& [cube, cell] : cells) {
      const Site even{cube.x + 1 - parity, cube.y + 1, cube.z + 1};
      const auto i = static_cast<std::size_t>(even.x + out.x * (even.y + out.y * even.z));
      out.state[i] = cell.state;
      out.colour[i] = cell.colour;
    }
    return sphereLayers(file, out);
  }
  throw InputError(*firstProblem);
}

// The voxels of a tetrahedra-octahedra shape as piecework's sites (geometry.hpp), in a box from an aligned
// corner, for the TOML writer; an octahedron must be whole (8 eighths of one kind and colour).
Voxel tetraOctaSites(const std::string& file, const Voxel& v) {
  std::map<Site, PartCell> cells;  // by piecework site
  for (int z = 0; z < v.z; ++z)
    for (int y = 0; y < v.y; ++y)
      for (int x = 0; x < v.x; ++x) {
        const VoxelState state = v.at(x, y, z);
        if (state == VoxelState::Empty) continue;
        const Site cube{x / kTetraOctaBlock, y / kTetraOctaBlock, z / kTetraOctaBlock};
        const Site in{x % kTetraOctaBlock, y % kTetraOctaBlock, z % kTetraOctaBlock};
        Site site;
        if (in == Site{1, 1, 1}) {
          site = Site{cube.x + 1, cube.y, 2 * cube.z + 1};
        } else {
          const bool corner = in.x != 1 && in.y != 1 && in.z != 1;
          const Site grid{cube.x + in.x / 2, cube.y + in.y / 2, cube.z + in.z / 2};
          if (!corner || (grid.x + grid.y + grid.z) % 2 == 0)
            throw InputError(
                fmt::format("{}:{}: shape '{}': voxel ({}, {}, {}) is no part of a tetrahedron or octahedron "
                            "of the tetrahedra-octahedra grid",
                            file, v.line, v.name, x, y, z));
          site = Site{grid.x + 1, grid.y, 2 * grid.z};
        }
        PartCell& cell = cells[site];
        if (cell.parts > 0 && (cell.state != state || cell.colour != v.colourAt(x, y, z))) cell.mixed = true;
        ++cell.parts;
        cell.state = state;
        cell.colour = v.colourAt(x, y, z);
      }
  std::vector<SiteVoxel> sites;
  for (const auto& [site, cell] : cells) {
    const int parts = site.z % 2 != 0 ? 1 : 8;
    if (cell.mixed || cell.parts != parts) {
      const Site corner{site.x - 1, site.y, site.z / 2};
      throw InputError(fmt::format(
          "{}:{}: shape '{}': the octahedron on the corner of voxels ({}..{}, {}..{}, {}..{}) has {} "
          "(piecework reads shapes of whole octahedra and tetrahedra only: 8 eighths of one kind and colour)",
          file, v.line, v.name, 3 * corner.x - 1, 3 * corner.x, 3 * corner.y - 1, 3 * corner.y,
          3 * corner.z - 1, 3 * corner.z,
          cell.mixed ? "eighths of different kinds or colours"
                     : fmt::format("{} of its 8 eighths", cell.parts)));
    }
    sites.push_back({site, cell.state, cell.colour});
  }
  return boxOfSites(v, sites, Lattice::TetrahedraOctahedra);  // (the aligned box keeps the cells' kinds)
}

Voxel partCellVoxels(const std::string& file, const Voxel& v, Lattice lattice) {
  for (int z = 0; z < v.z; ++z)
    for (int y = 0; y < v.y; ++y)
      for (int x = 0; x < v.x; ++x)
        if (v.at(x, y, z) != VoxelState::Empty && !isCell(lattice, Site{x, y, z}))
          throw InputError(
              fmt::format("{}:{}: shape '{}': voxel ({}, {}, {}) is no {}", file, v.line, v.name, x, y, z,
                          lattice == Lattice::RhombicTetrahedra
                              ? "tetrahedron of the rhombic grid"
                              : "part of a tetrahedron or octahedron of the tetrahedra-octahedra grid"));
  return v;
}

std::string gridShapes(const std::string& file, int gridType, const std::vector<Voxel*>& shapes,
                       const Voxel* result) {
  if (gridType == kSphereGrid) {
    for (Voxel* v : shapes) *v = sphereLayers(file, *v);
    return "spheres";
  }
  if (gridType == kPrismGrid) return "triangular-prisms";
  if (gridType != kRhombicGrid && gridType != kTetraOctaGrid) return "cubic";
  const bool rhombic = gridType == kRhombicGrid;
  const Lattice parts = rhombic ? Lattice::RhombicTetrahedra : Lattice::TetraOctaParts;
  for (Voxel* v : shapes) *v = partCellVoxels(file, *v, parts);
  // Whole polyhedra where they count the same: on the tetrahedra-octahedra grid the shifts and turns of
  // whole cells are BurrTools' own, always; on the rhombic grid BurrTools also shifts a dodecahedron by a
  // single cube, which puts it across 7 others, but no filling of a board of whole dodecahedra uses such a
  // placement when every cell must be filled (docs/interop.md, "Part-cells"), so there only.
  const bool variable = std::any_of(result->state.begin(), result->state.end(),
                                    [](VoxelState s) { return s == VoxelState::Variable; });
  if (!rhombic || !variable) {
    std::vector<Voxel> whole;
    try {
      for (const Voxel* v : shapes)
        whole.push_back(rhombic ? rhombicSpheres(file, *v) : tetraOctaSites(file, *v));
    } catch (const InputError&) {
      return rhombic ? "rhombic-tetrahedra" : "tetrahedra-octahedra-parts";
    }
    for (std::size_t i = 0; i < shapes.size(); ++i) *shapes[i] = std::move(whole[i]);
    return rhombic ? "rhombic-dodecahedra" : "tetrahedra-octahedra";
  }
  return "rhombic-tetrahedra";
}

// The inverse of tetraOctaSites: each site's voxels, shifted by whole steps of 2 cubes (6 voxels) to start
// at 0 or more (so that every cube keeps its parity). The box grows to whole cubes.
std::map<Site, char> tetraOctaVoxels(const std::map<Site, char>& sites, Site& size) {
  std::map<Site, char> voxels;
  for (const auto& [s, c] : sites) {
    if (s.z % 2 != 0) {
      const Site cube{s.x - 1, s.y, (s.z - 1) / 2};  // BurrTools' cube
      voxels[Site{kTetraOctaBlock * cube.x + 1, kTetraOctaBlock * cube.y + 1, kTetraOctaBlock * cube.z + 1}] =
          c;
      continue;
    }
    const Site corner{s.x - 1, s.y, s.z / 2};  // BurrTools' grid point, of odd sum
    for (int dz = -1; dz <= 0; ++dz)
      for (int dy = -1; dy <= 0; ++dy)
        for (int dx = -1; dx <= 0; ++dx)
          voxels[Site{kTetraOctaBlock * corner.x + dx, kTetraOctaBlock * corner.y + dy,
                      kTetraOctaBlock * corner.z + dz}] = c;
  }
  Site low{INT_MAX, INT_MAX, INT_MAX};
  for (const auto& [v, c] : voxels)
    low = Site{std::min(low.x, v.x), std::min(low.y, v.y), std::min(low.z, v.z)};
  const auto step = [](int l) { return 2 * kTetraOctaBlock * floorDiv(l, 2 * kTetraOctaBlock); };
  low = Site{step(low.x), step(low.y), step(low.z)};
  std::map<Site, char> out = shiftedBy(voxels, low, size);
  const auto whole = [](int n) { return (n + kTetraOctaBlock - 1) / kTetraOctaBlock * kTetraOctaBlock; };
  size = Site{whole(size.x), whole(size.y), whole(size.z)};
  return out;
}

// The inverse of sphereLayers: ball (i, j) of layer k is BurrTools' voxel x = i - j, y = i + j + k, z = k.
// The voxels are then shifted to start at 0 by a lattice translation (x + y + z stays even: a shift by an
// odd sum would put every ball between the grid's spheres), so the box may be one wider than the balls.
std::map<Site, char> sphereVoxels(const std::map<Site, char>& balls, Site& size) {
  std::map<Site, char> voxels;
  Site low{INT_MAX, INT_MAX, INT_MAX};
  for (const auto& [s, c] : balls) {
    const Site v{s.x - s.y, s.x + s.y + s.z, s.z};
    low = Site{std::min(low.x, v.x), std::min(low.y, v.y), std::min(low.z, v.z)};
    voxels[v] = c;
  }
  if (((low.x + low.y + low.z) % 2) != 0) --low.x;  // an odd sum: x starts at 1 instead
  return shiftedBy(voxels, low, size);
}

// The inverse of rhombicSpheres: each sphere-grid voxel (x + y + z even) becomes the 48 tetrahedra of the
// rhombic dodecahedron on cube (x + 1, y + 1, z + 1) (one further, so that its neighbours' pyramids stay
// inside the box; the dodecahedra then sit on cubes of odd sum, which BurrTools allows as well). The box
// becomes whole cubes of 5 x 5 x 5 voxels.
std::map<Site, char> rhombicVoxels(const std::map<Site, char>& balls, Site& size) {
  std::map<Site, char> out;
  Site cubes{0, 0, 0};
  for (const auto& [ball, c] : balls) {
    const Site cube{ball.x + 1, ball.y + 1, ball.z + 1};
    cubes = Site{std::max(cubes.x, cube.x + 2), std::max(cubes.y, cube.y + 2), std::max(cubes.z, cube.z + 2)};
    for (int a = 0; a < kRhombicBlock; ++a)
      for (int b = 0; b < kRhombicBlock; ++b)
        for (int d = 0; d < kRhombicBlock; ++d) {
          if (!rhombicTetrahedron(a, b, d)) continue;
          out[Site{kRhombicBlock * cube.x + a, kRhombicBlock * cube.y + b, kRhombicBlock * cube.z + d}] = c;
          // The tetrahedron is also the base-facing one of the neighbour across its face, when it lies on
          // the face that faces this cube: position 4 of the cube before, or 0 of the cube after.
          const std::array<int, 3> at = {a, b, d};
          for (std::size_t axis = 0; axis < 3; ++axis) {
            if (at[axis] != 0 && at[axis] != kRhombicBlock - 1) continue;
            std::array<int, 3> inNeighbour = at;
            inNeighbour[axis] = kRhombicBlock - 1 - at[axis];
            std::array<int, 3> neighbour = {cube.x, cube.y, cube.z};
            neighbour[axis] += at[axis] == 0 ? -1 : 1;
            out[Site{kRhombicBlock * neighbour[0] + inNeighbour[0],
                     kRhombicBlock * neighbour[1] + inNeighbour[1],
                     kRhombicBlock * neighbour[2] + inNeighbour[2]}] = c;
          }
        }
  }
  size = Site{kRhombicBlock * cubes.x, kRhombicBlock * cubes.y, kRhombicBlock * cubes.z};
  return out;
}

}  // namespace piecework::burrtools

// SPDX-License-Identifier: Apache-2.0
#include "puzzle/burrtools.hpp"

#include <fmt/format.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <zlib.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <stdexcept>
#include <string_view>
#include <vector>

#include "puzzle/burrtools_xml.hpp"
#include "puzzle/errors.hpp"
#include "puzzle/limits.hpp"
#include "puzzle/xml_text.hpp"

namespace piecework {

namespace {

constexpr std::string_view kExtension = ".xmpuzzle";
constexpr std::size_t kMaxXmlBytes = 64U << 20U;  // far above any real puzzle; stops a gzip bomb
constexpr int kMaxVoxelSide = 64;
// The rhombic grid spends 5 voxels on each cube along an axis (below), so its shapes may be that much wider.
constexpr int kMaxRhombicVoxelSide = 5 * 24;

// ---- reading -------------------------------------------------------------------------------------------

std::string gunzipFile(const std::string& file) {
  requireRegularFile(file, "the BurrTools file");
  gzFile in = gzopen(file.c_str(), "rb");
  if (in == nullptr) throw InputError(fmt::format("{}: cannot read the BurrTools file", file));
  std::string text;
  char buffer[1 << 16];
  while (true) {
    const int got = gzread(in, buffer, sizeof buffer);
    if (got < 0) {
      int code = 0;
      const std::string why = gzerror(in, &code);
      gzclose(in);
      throw InputError(fmt::format("{}: not a readable gzip file ({})", file, why));
    }
    if (got == 0) break;
    text.append(buffer, static_cast<std::size_t>(got));
    if (text.size() > kMaxXmlBytes) {
      gzclose(in);
      throw InputError(fmt::format("{}: more than {} MB of XML", file, kMaxXmlBytes >> 20U));
    }
  }
  // gzread stops quietly at a truncated stream; gzclose reports it.
  if (gzclose(in) != Z_OK) throw InputError(fmt::format("{}: the gzip data is truncated or corrupt", file));
  return text;
}

using XmlDocument = std::unique_ptr<xmlDoc, decltype(&xmlFreeDoc)>;

std::string attribute(const xmlNode* node, const char* name) {
  xmlChar* value = xmlGetProp(node, reinterpret_cast<const xmlChar*>(name));
  if (value == nullptr) return {};
  std::string text(reinterpret_cast<const char*>(value));
  xmlFree(value);
  return text;
}

std::string content(const xmlNode* node) {
  xmlChar* value = xmlNodeGetContent(node);
  if (value == nullptr) return {};
  std::string text(reinterpret_cast<const char*>(value));
  xmlFree(value);
  return text;
}

bool named(const xmlNode* node, std::string_view name) {
  return node->type == XML_ELEMENT_NODE && reinterpret_cast<const char*>(node->name) == name;
}

std::vector<const xmlNode*> children(const xmlNode* parent, std::string_view name) {
  std::vector<const xmlNode*> out;
  if (parent == nullptr) return out;
  for (const xmlNode* n = parent->children; n != nullptr; n = n->next)
    if (named(n, name)) out.push_back(n);
  return out;
}

const xmlNode* child(const xmlNode* parent, std::string_view name) {
  const auto all = children(parent, name);
  return all.empty() ? nullptr : all.front();
}

struct Reader {
  std::string file;

  [[noreturn]] void fail(const xmlNode* node, const std::string& what) const {
    if (node != nullptr && node->line > 0) throw InputError(fmt::format("{}:{}: {}", file, node->line, what));
    throw InputError(fmt::format("{}: {}", file, what));
  }

  // A whole number from an attribute, from `low` to `high`; `fallback` when the attribute is missing.
  int number(const xmlNode* node, const char* name, int low, int high,
             std::optional<int> fallback = {}) const {
    const std::string text = attribute(node, name);
    if (text.empty()) {
      if (fallback) return *fallback;
      fail(node, fmt::format("<{}> needs a '{}' attribute", reinterpret_cast<const char*>(node->name), name));
    }
    char* end = nullptr;
    errno = 0;
    const long value = std::strtol(text.c_str(), &end, 10);
    if (*end != '\0' || errno != 0 || value < low || value > high)
      fail(node, fmt::format("{}=\"{}\": not a whole number from {} to {}", name, text, low, high));
    return static_cast<int>(value);
  }
};

enum class VoxelState { Empty, Filled, Variable };

struct Voxel {
  int x = 0, y = 0, z = 0;
  std::vector<VoxelState> state;  // index x + sx * (y + sy * z), as BurrTools stores it
  std::vector<int> colour;        // 0: neutral
  std::string name;
  int line = 0;
  VoxelState at(int i, int j, int k) const { return state[static_cast<std::size_t>(i + x * (j + y * k))]; }
  int colourAt(int i, int j, int k) const { return colour[static_cast<std::size_t>(i + x * (j + y * k))]; }
};

Voxel readVoxel(const Reader& reader, const xmlNode* node, int maxSide) {
  Voxel v;
  v.line = node->line;
  v.x = reader.number(node, "x", 1, maxSide);
  v.y = reader.number(node, "y", 1, maxSide);
  v.z = reader.number(node, "z", 1, maxSide);
  if (reader.number(node, "type", 0, 0, 0) != 0)
    reader.fail(node, "unknown voxel type (only type 0 is known)");
  v.name = attribute(node, "name");
  const std::string text = content(node);
  for (std::size_t i = 0; i < text.size();) {
    const char c = text[i++];
    if (std::isspace(static_cast<unsigned char>(c)) != 0) continue;
    VoxelState s{};
    if (c == '_')
      s = VoxelState::Empty;
    else if (c == '#')
      s = VoxelState::Filled;
    else if (c == '+')
      s = VoxelState::Variable;
    else
      reader.fail(node, fmt::format("voxel data: unexpected '{}' (expected _, # or +)", c));
    int colour = 0;
    while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])) != 0) {
      colour = colour * 10 + (text[i++] - '0');
      if (colour > kMaxConstraintColour)
        reader.fail(node, fmt::format("voxel data: colour {} is above {}, BurrTools' largest", colour,
                                      kMaxConstraintColour));
    }
    v.state.push_back(s);
    v.colour.push_back(colour);
  }
  const std::size_t expected = static_cast<std::size_t>(v.x) * static_cast<std::size_t>(v.y) * v.z;
  if (v.state.size() != expected)
    reader.fail(node, fmt::format("voxel data has {} voxels, {} x {} x {} needs {}", v.state.size(), v.x, v.y,
                                  v.z, expected));
  return v;
}

// "FILE.xmpuzzle#SELECTOR" -> (FILE.xmpuzzle, SELECTOR)
std::pair<std::string, std::string> splitPath(const std::string& path) {
  const std::size_t at = path.rfind(kExtension);
  const std::size_t end = at + kExtension.size();
  if (end < path.size() && path[end] == '#') return {path.substr(0, end), path.substr(end + 1)};
  return {path, ""};
}

// The file's name without its directory, as printable text: it goes into a TOML comment and the puzzle's
// name, which the catalog keeps.
std::string baseName(const std::string& path) {
  const std::size_t slash = path.rfind('/');
  return printableText(slash == std::string::npos ? path : path.substr(slash + 1));
}

// The puzzle's name: the file's name without a trailing .xmpuzzle, .xmpuzzle.gz or .xml (any case), else
// the whole name (a BurrTools file may have any name: others are read by their content).
std::string puzzleNameOf(const std::string& fileName) {
  std::string lower = fileName;
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  for (const std::string_view suffix : {".xmpuzzle.gz", ".xmpuzzle", ".xml"})
    if (lower.size() > suffix.size() && lower.ends_with(suffix))
      return fileName.substr(0, fileName.size() - suffix.size());
  return fileName;
}

// A BurrTools name or picture as a TOML string (printableText's text).
std::string tomlString(std::string_view text) {
  std::string out = "\"";
  for (const char c : printableText(text)) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + '"';
}

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

// BurrTools' sphere grid (grid type 2): voxel (x, y, z) is a ball when x + y + z is even, touching balls
// differing by (+-1, +-1, 0) in some order (the face-centred cubic lattice; docs/interop.md). The voxel box
// becomes a box in piecework's layer coordinates (puzzle/geometry.hpp): i = (x + y - z) / 2,
// j = (y - z - x) / 2, k = z, shifted to start at 0.
constexpr int kSphereGrid = 2;

Voxel sphereLayers(const Reader& reader, const Voxel& v) {
  std::vector<SiteVoxel> balls;
  for (int z = 0; z < v.z; ++z)
    for (int y = 0; y < v.y; ++y)
      for (int x = 0; x < v.x; ++x) {
        if (v.at(x, y, z) == VoxelState::Empty) continue;
        if ((x + y + z) % 2 != 0)
          throw InputError(
              fmt::format("{}:{}: shape '{}': voxel ({}, {}, {}) is no sphere of the sphere grid "
                          "(x + y + z must be even)",
                          reader.file, v.line, v.name, x, y, z));
        balls.push_back({Site{(x + y - z) / 2, (y - z - x) / 2, z}, v.at(x, y, z), v.colourAt(x, y, z)});
      }
  return boxOfSites(v, balls, Lattice::Spheres);
}

// BurrTools' rhombic grid (grid type 3) cuts each cube of the grid into 24 tetrahedra by the six planes
// through its centre and two opposite edges; a cube is a 5 x 5 x 5 block of voxels, and the voxel of a
// tetrahedron has, within the block, one coordinate 0 or 4 (the cube face that is the tetrahedron's base),
// one 1 or 3 and one 2 (file format facts: docs/interop.md). A rhombic dodecahedron is a cube with the
// square pyramid of each neighbouring cube that stands on their common face: that cube's 24 tetrahedra and
// 4 from each of its 6 neighbours, 48 in all. With the dodecahedra on cubes whose coordinates have one
// parity of sum, the others are cut into pyramids. Their centres are thus the face-centred cubic lattice of
// the sphere grid, one cube to a ball.
constexpr int kRhombicGrid = 3;
// BurrTools' triangular-prism grid (grid type 1) stores triangle x of row y of layer z as voxel (x, y, z),
// the triangles alternating along a row, and those with x + y even facing row y - 1 with their flat side
// (file format facts: docs/interop.md): piecework's pictures as they are (puzzle/geometry.hpp, Site).
constexpr int kPrismGrid = 1;
constexpr int kRhombicBlock = 5;
constexpr int kTetrahedraPerCell = 48;

// Whether a position within a block (0..4 each) is one of the 24 tetrahedra.
bool rhombicTetrahedron(int a, int b, int c) {
  std::array<int, 3> folded = {std::min(a, 4 - a), std::min(b, 4 - b), std::min(c, 4 - c)};
  std::sort(folded.begin(), folded.end());
  return folded == std::array<int, 3>{0, 1, 2};
}

// The rhombic grid's voxels as sphere-grid voxels (one per dodecahedron, at its cube), for sphereLayers:
// each tetrahedron belongs to the dodecahedron of its own cube when that cube's parity is the shape's, else
// to that of the neighbour across its base. A shape is whole dodecahedra centred on cubes of one parity;
// BurrTools lets a designer choose either, so both are tried.
Voxel rhombicSpheres(const Reader& reader, const Voxel& v) {
  struct Cell {
    int tetrahedra = 0;
    VoxelState state = VoxelState::Empty;
    int colour = 0;
    bool mixed = false;
  };
  std::optional<std::string> firstProblem;  // of the parity with the fewest broken dodecahedra
  int fewestIncomplete = 0;
  for (int parity = 0; parity < 2; ++parity) {  // of the sum of the dodecahedra's cubes
    std::map<Site, Cell> cells;  // by cube, shifted by one so that neighbours of cube 0 stay at 0 or more
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
                            reader.file, v.line, v.name, x, y, z));
          std::array<int, 3> cube = {x / kRhombicBlock + 1, y / kRhombicBlock + 1, z / kRhombicBlock + 1};
          if ((cube[0] + cube[1] + cube[2] + 1) % 2 != parity)  // (+1: the shift by (1, 1, 1))
            for (std::size_t a = 0; a < 3; ++a)
              if (at[a] == 0 || at[a] == kRhombicBlock - 1) cube[a] += at[a] == 0 ? -1 : 1;
          Cell& cell = cells[Site{cube[0], cube[1], cube[2]}];
          if (cell.tetrahedra > 0 && (cell.state != state || cell.colour != v.colourAt(x, y, z)))
            cell.mixed = true;
          ++cell.tetrahedra;
          cell.state = state;
          cell.colour = v.colourAt(x, y, z);
        }
    int incomplete = 0;
    for (const auto& [cube, cell] : cells) {
      if (cell.tetrahedra == kTetrahedraPerCell && !cell.mixed) continue;
      ++incomplete;
      const Site from{kRhombicBlock * (cube.x - 1), kRhombicBlock * (cube.y - 1),
                      kRhombicBlock * (cube.z - 1)};
      if (!problem)
        problem = fmt::format(
            "{}:{}: shape '{}': the rhombic dodecahedron on the cube of voxels ({}..{}, {}..{}, {}..{}) has "
            "{} "
            "(piecework reads shapes of whole rhombic dodecahedra only: 48 tetrahedra of one kind and "
            "colour)",
            reader.file, v.line, v.name, from.x, from.x + 4, from.y, from.y + 4, from.z, from.z + 4,
            cell.mixed ? "tetrahedra of different kinds or colours"
                       : fmt::format("{} of its 48 tetrahedra", cell.tetrahedra));
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
    return sphereLayers(reader, out);
  }
  throw InputError(*firstProblem);
}

// BurrTools' tetrahedra-octahedra grid (grid type 4) gives each cube of the cubic grid a block of 3 x 3 x 3
// voxels, of which 5 are parts of cells: the centre (1, 1, 1), the cube's tetrahedron, and the four corners
// (0 or 2 in each coordinate) of the cube corners with an odd sum of grid coordinates, each an eighth of the
// octahedron centred on that grid corner, whose 8 eighths are thus the voxels 3X - 1..3X of each axis around
// corner X (file format facts from BurrTools' src/lib/voxel_4.cpp, validCoordinate: docs/interop.md). So
// BurrTools' octahedra sit on the grid corners of odd sum, piecework's on those of even sum (geometry.hpp,
// Site): BurrTools' grid point (X, Y, Z) is piecework's (X + 1, Y, Z), for the cubes' tetrahedra too.
constexpr int kTetraOctaGrid = 4;
constexpr int kTetraOctaBlock = 3;

int floorDiv(int a, int b) {
  return a >= 0 ? a / b : -((b - 1 - a) / b);
}

// The voxels of a tetrahedra-octahedra shape as piecework's sites (geometry.hpp), in a box from an aligned
// corner, for the TOML writer; an octahedron must be whole (8 eighths of one kind and colour).
Voxel tetraOctaSites(const Reader& reader, const Voxel& v) {
  struct Cell {
    int parts = 0;
    VoxelState state = VoxelState::Empty;
    int colour = 0;
    bool mixed = false;
  };
  std::map<Site, Cell> cells;  // by piecework site
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
                            reader.file, v.line, v.name, x, y, z));
          site = Site{grid.x + 1, grid.y, 2 * grid.z};
        }
        Cell& cell = cells[site];
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
          reader.file, v.line, v.name, 3 * corner.x - 1, 3 * corner.x, 3 * corner.y - 1, 3 * corner.y,
          3 * corner.z - 1, 3 * corner.z,
          cell.mixed ? "eighths of different kinds or colours"
                     : fmt::format("{} of its 8 eighths", cell.parts)));
    }
    sites.push_back({site, cell.state, cell.colour});
  }
  return boxOfSites(v, sites, Lattice::TetrahedraOctahedra);  // (the aligned box keeps the cells' kinds)
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
  std::map<Site, char> out;
  size = Site{1, 1, 1};
  for (const auto& [v, c] : voxels) {
    const Site at{v.x - low.x, v.y - low.y, v.z - low.z};
    out[at] = c;
    size = Site{std::max(size.x, at.x + 1), std::max(size.y, at.y + 1), std::max(size.z, at.z + 1)};
  }
  const auto whole = [](int n) { return (n + kTetraOctaBlock - 1) / kTetraOctaBlock * kTetraOctaBlock; };
  size = Site{whole(size.x), whole(size.y), whole(size.z)};
  return out;
}

// ---- writing -------------------------------------------------------------------------------------------

std::string gzipped(const std::string& data) {
  z_stream stream{};
  // 15 + 16: a gzip header and trailer instead of zlib's; the header carries no time, so output is
  // reproducible.
  if (deflateInit2(&stream, Z_BEST_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
    throw std::runtime_error("zlib: cannot start compressing");
  std::string out(deflateBound(&stream, data.size()), '\0');
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  stream.avail_in = static_cast<uInt>(data.size());
  stream.next_out = reinterpret_cast<Bytef*>(out.data());
  stream.avail_out = static_cast<uInt>(out.size());
  const int status = deflate(&stream, Z_FINISH);
  out.resize(stream.total_out);
  deflateEnd(&stream);
  if (status != Z_STREAM_END) throw std::runtime_error("zlib: compressing failed");
  return out;
}

// Whether mirroring the piece gives a shape that no turn gives (cubes or spheres).
bool chiral(Lattice lattice, const PieceDef& piece) {
  std::vector<Transform> rotations;
  for (const auto& t : pointGroup(lattice))
    if (!t.mirror) rotations.push_back(t);
  return distinctImages(lattice, piece.faces.front(), rotations).size() !=
         distinctImages(lattice, piece.faces.front(), pointGroup(lattice)).size();
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
  std::map<Site, char> out;
  size = Site{1, 1, 1};
  for (const auto& [v, c] : voxels) {
    const Site at{v.x - low.x, v.y - low.y, v.z - low.z};
    out[at] = c;
    size = Site{std::max(size.x, at.x + 1), std::max(size.y, at.y + 1), std::max(size.z, at.z + 1)};
  }
  return out;
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

// BurrTools voxel text for cells: '#' (or '+') where a cell is, '_' elsewhere; its colour appended when not
// 0: the cell's own in `cellColours`, else `colour`.
std::string voxelXml(const std::string& name, const Site& size, const std::map<Site, char>& cells, int colour,
                     const std::map<Site, int>& cellColours = {}) {
  std::string data;
  for (int z = 0; z < size.z; ++z)
    for (int y = 0; y < size.y; ++y)
      for (int x = 0; x < size.x; ++x) {
        const auto found = cells.find(Site{x, y, z});
        if (found == cells.end()) {
          data += '_';
        } else {
          data += found->second;
          const auto own = cellColours.find(found->first);
          const int c = own != cellColours.end() ? own->second : colour;
          if (c != 0) data += std::to_string(c);
        }
      }
  return fmt::format("<voxel x=\"{}\" y=\"{}\" z=\"{}\" name=\"{}\" type=\"0\">{}</voxel>", size.x, size.y,
                     size.z, xmlEscaped(name), data);
}

}  // namespace

bool isBurrToolsPath(const std::string& path) {
  const std::size_t at = path.rfind(kExtension);
  if (at == std::string::npos) return false;
  const std::size_t end = at + kExtension.size();
  return end == path.size() || path[end] == '#';
}

std::string burrToolsDefinition(const std::string& path) {
  const auto [file, selector] = splitPath(path);
  const Reader reader{file};
  const std::string xml = gunzipFile(file);
  XmlDocument doc(parseBurrToolsXml(file, xml), xmlFreeDoc);
  const xmlNode* root = xmlDocGetRootElement(doc.get());
  if (root == nullptr || !named(root, "puzzle"))
    reader.fail(root, "not a BurrTools puzzle (no <puzzle> element)");
  const xmlNode* grid = child(root, "gridType");
  const int gridType = grid != nullptr ? reader.number(grid, "type", 0, 1000) : 0;
  if (gridType > kTetraOctaGrid)  // (BurrTools' grids are types 0 to 4, all read)
    reader.fail(
        grid, fmt::format("BurrTools grid type {} (unknown) is not supported: piecework reads the grids of "
                          "cubes (type 0), triangular prisms (type 1), spheres (type 2), rhombic dodecahedra "
                          "(type 3) and tetrahedra and octahedra (type 4)",
                          gridType));

  std::vector<std::string> colours;
  for (const xmlNode* c : children(child(root, "colors"), "color"))
    colours.push_back(fmt::format("#{:02x}{:02x}{:02x}", reader.number(c, "red", 0, 255),
                                  reader.number(c, "green", 0, 255), reader.number(c, "blue", 0, 255)));
  std::vector<Voxel> shapes;
  for (const xmlNode* v : children(child(root, "shapes"), "voxel"))
    shapes.push_back(readVoxel(
        reader, v,
        gridType == kRhombicGrid || gridType == kTetraOctaGrid ? kMaxRhombicVoxelSide : kMaxVoxelSide));
  if (gridType == kSphereGrid)
    for (Voxel& v : shapes) v = sphereLayers(reader, v);
  if (gridType == kRhombicGrid)
    for (Voxel& v : shapes) v = rhombicSpheres(reader, v);
  if (gridType == kTetraOctaGrid)
    for (Voxel& v : shapes) v = tetraOctaSites(reader, v);

  const auto problems = children(child(root, "problems"), "problem");
  if (problems.empty()) reader.fail(root, "no problem in the file (BurrTools: Problems tab)");
  const xmlNode* problem = nullptr;
  int problemNumber = 0;
  if (selector.empty()) {
    problem = problems.front(), problemNumber = 1;
  } else {
    for (std::size_t i = 0; i < problems.size(); ++i)
      if (attribute(problems[i], "name") == selector || std::to_string(i + 1) == selector)
        problem = problems[i], problemNumber = static_cast<int>(i) + 1;
    if (problem == nullptr)
      reader.fail(nullptr, fmt::format("no problem '{}' (the file has {}, numbered from 1)", selector,
                                       problems.size()));
  }
  const int shapeCount = static_cast<int>(shapes.size());
  const xmlNode* resultNode = child(problem, "result");
  if (resultNode == nullptr) reader.fail(problem, "the problem has no <result> shape");
  const Voxel& result = shapes[static_cast<std::size_t>(reader.number(resultNode, "id", 0, shapeCount - 1))];

  // The pieces: shape, count or range of counts.
  struct Piece {
    const Voxel* voxel;
    int count;     // the most copies
    int minCount;  // the fewest
    int id;
  };
  std::vector<Piece> pieces;
  for (const xmlNode* s : children(child(problem, "shapes"), "shape")) {
    const int id = reader.number(s, "id", 0, shapeCount - 1);
    int count = 1, minCount = 1;
    if (!attribute(s, "count").empty()) {
      count = minCount = reader.number(s, "count", 0, 64);
    } else if (!attribute(s, "min").empty() || !attribute(s, "max").empty()) {
      minCount = reader.number(s, "min", 0, 64);
      count = reader.number(s, "max", 0, 64);
      if (minCount > count)
        reader.fail(s, fmt::format("min=\"{}\" is more than max=\"{}\"", minCount, count));
    }
    if (count > 0) pieces.push_back({&shapes[static_cast<std::size_t>(id)], count, minCount, id});
  }
  if (pieces.empty()) reader.fail(problem, "the problem has no pieces");

  // Colour constraints: where the result has coloured voxels, a piece's coloured voxel may only go on a
  // neutral one or one whose colour the problem's <bitmap> pairs with it (colours numbered from 0 there, from
  // 1 in the voxels); with a neutral result they change nothing, and the pieces' colours are just colours.
  const bool constrained =
      std::any_of(result.colour.begin(), result.colour.end(), [](int c) { return c != 0; });
  std::string colourRules;
  for (const xmlNode* pair : children(child(problem, "bitmap"), "pair"))
    colourRules += fmt::format("{}[{}, {}]", colourRules.empty() ? "" : ", ",
                               reader.number(pair, "piece", 0, kMaxConstraintColour - 1) + 1,
                               reader.number(pair, "result", 0, kMaxConstraintColour - 1) + 1);

  // Square when everything is one layer thick (BurrTools turns flat pieces over in space: turn-mirror).
  bool flat = gridType == 0 && result.z == 1;
  for (const auto& p : pieces) flat = flat && p.voxel->z == 1;

  // Letters: the first character of each piece's name when these are distinct letters or digits, else A, B,
  // ... A name "[L] rest", as convert writes a piece whose name does not start with its letter L, gives L and
  // the name "rest" (files written before that had "L rest", read as the letter L and that name).
  std::vector<char> letters;
  std::vector<std::string> names;  // every piece's, whatever the letters turn out to be
  for (const auto& p : pieces) {
    const std::string& name = p.voxel->name;
    const bool bracketed = name.size() >= 3 && name[0] == '[' && name[2] == ']' &&
                           std::isalnum(static_cast<unsigned char>(name[1])) != 0 &&
                           (name.size() == 3 || name[3] == ' ');
    letters.push_back(bracketed ? name[1] : name.empty() ? '\0' : name[0]);
    names.push_back(!bracketed ? name : name.size() > 4 ? name.substr(4) : std::string());
  }
  std::set<char> used;
  const bool distinct = std::all_of(letters.begin(), letters.end(), [&](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 &&
           used.insert(static_cast<char>(std::toupper(static_cast<unsigned char>(c)))).second;
  });
  if (!distinct) {
    const std::string_view pool = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    if (pieces.size() > pool.size())
      reader.fail(problem,
                  fmt::format("{} different pieces; piecework names at most {}", pieces.size(), pool.size()));
    letters.assign(pool.begin(), pool.begin() + static_cast<std::ptrdiff_t>(pieces.size()));
    for (std::size_t p = 0; p < pieces.size(); ++p) names[p] = pieces[p].voxel->name;  // (as written)
  }

  // The board: cells where the result has voxels; '#' voxels must be filled, '+' ones may stay empty (a
  // board picture's '+', or fill_every_cell = false when every voxel is variable).
  bool anyFilled = false, anyVariable = false;
  for (const auto s : result.state)
    anyFilled |= s == VoxelState::Filled, anyVariable |= s == VoxelState::Variable;
  if (!anyFilled && !anyVariable)
    throw InputError(fmt::format("{}:{}: the result shape is empty", file, result.line));
  const bool mixed = anyFilled && anyVariable;
  std::string board;
  for (int k = 0; k < result.z; ++k) {
    if (k > 0) board += '|';
    for (int j = 0; j < result.y; ++j) {
      if (j > 0) board += '/';
      for (int i = 0; i < result.x; ++i) {
        const VoxelState s = result.at(i, j, k);
        board += s == VoxelState::Empty ? '#' : s == VoxelState::Variable && mixed ? '+' : '.';
      }
    }
  }

  const std::string base = puzzleNameOf(baseName(file));
  std::string title = attribute(problem, "name");
  if (title.empty()) title = problems.size() > 1 ? fmt::format("{}, problem {}", base, problemNumber) : base;
  // The catalog keeps this text and its hash, which must not depend on how the file is named or reached
  // (soma.xmpuzzle and soma.xmpuzzle.gz are the same puzzle, soma): the comment names only the problem.
  std::string toml = fmt::format("# Read from a BurrTools file (problem {}).\n", problemNumber);
  toml += fmt::format("name = {}\ntitle = {}\nlattice = \"{}\"\nboard = {}\n", tomlString(base),
                      tomlString(title),
                      flat                         ? "square"
                      : gridType == kSphereGrid    ? "spheres"
                      : gridType == kRhombicGrid   ? "rhombic-dodecahedra"
                      : gridType == kPrismGrid     ? "triangular-prisms"
                      : gridType == kTetraOctaGrid ? "tetrahedra-octahedra"
                                                   : "cubic",
                      tomlString(board));
  if (anyVariable && !mixed) toml += "fill_every_cell = false\n";
  if (constrained) {
    std::vector<int> boardColours;
    for (int k = 0; k < result.z; ++k)
      for (int j = 0; j < result.y; ++j)
        for (int i = 0; i < result.x; ++i)
          if (result.at(i, j, k) != VoxelState::Empty) boardColours.push_back(result.colourAt(i, j, k));
    toml += fmt::format("board_colours = [{}]\ncolour_rules = [{}]\n", fmt::join(boardColours, ", "),
                        colourRules);
  }
  for (std::size_t p = 0; p < pieces.size(); ++p) {
    const Voxel& v = *pieces[p].voxel;
    toml += fmt::format("\n[[piece]]\nletter = \"{}\"\n", letters[p]);
    if (!names[p].empty()) toml += fmt::format("name = {}\n", tomlString(names[p]));
    std::vector<Site> cubes;
    std::vector<int> cellColours;  // in the order of `cubes`, as the shape picture reads too
    int colour = -1;
    for (int k = 0; k < v.z; ++k)
      for (int j = 0; j < v.y; ++j)
        for (int i = 0; i < v.x; ++i)
          if (v.at(i, j, k) != VoxelState::Empty) {
            cubes.push_back({i, j, k});
            const int c = v.colourAt(i, j, k);
            cellColours.push_back(c);
            colour = colour == -1 || colour == c ? c : 0;
          }
    if (cubes.empty()) reader.fail(nullptr, fmt::format("shape {} (a piece) has no voxels", pieces[p].id));
    if (colour > 0 && colour <= static_cast<int>(colours.size()))
      toml += fmt::format("colour = \"{}\"\n", colours[static_cast<std::size_t>(colour - 1)]);
    if (constrained && std::any_of(cellColours.begin(), cellColours.end(), [](int c) { return c != 0; }))
      toml += fmt::format("cell_colours = [{}]\n", fmt::join(cellColours, ", "));
    if (pieces[p].minCount != pieces[p].count)
      toml += fmt::format("copies = [{}, {}]\n", pieces[p].minCount, pieces[p].count);
    else if (pieces[p].count != 1)
      toml += fmt::format("copies = {}\n", pieces[p].count);
    if (flat) {
      std::string shape;
      for (int j = 0; j < v.y; ++j) {
        if (j > 0) shape += '/';
        for (int i = 0; i < v.x; ++i) shape += v.at(i, j, 0) == VoxelState::Empty ? '.' : '#';
      }
      toml += fmt::format("moves = \"turn-mirror\"\nshape = \"{}\"\n", shape);
    } else {
      std::string list;
      for (const auto& c : cubes)
        list += fmt::format("{}[{}, {}, {}]", list.empty() ? "" : ", ", c.x, c.y, c.z);
      toml += fmt::format("moves = \"turn\"\ncubes = [{}]\n", list);
    }
  }
  return toml;
}

std::string toBurrTools(const Puzzle& puzzle) {
  if (puzzle.lattice == Lattice::HexPegs)
    throw InputError(fmt::format("{}: BurrTools has no grid for hex pegs", puzzle.name));
  // (Written as cubes, a triangular board's cells would meet other neighbours: IQ Stars' 381 tilings became
  // 332.)
  if (puzzle.lattice == Lattice::Triangular)
    throw InputError(fmt::format(
        "{}: triangular boards are not written to BurrTools files (their cells have six neighbours: "
        "BurrTools has no such grid; its triangular prisms are lattice = \"triangular-prisms\")",
        puzzle.name));
  for (const auto& piece : puzzle.pieces) {
    if (puzzle.lattice == Lattice::Square && piece.moves != Moves::TurnMirror)
      throw InputError(
          fmt::format("{}: piece '{}' may not be turned over, but BurrTools turns flat pieces over "
                      "(it knows only turning in space)",
                      puzzle.name, piece.letter));
    if ((faceCentred(puzzle.lattice) || puzzle.lattice == Lattice::TriangularPrisms ||
         puzzle.lattice == Lattice::TetrahedraOctahedra) &&
        piece.moves == Moves::Faces)
      throw InputError(
          fmt::format("{}: piece '{}' lies on given faces only, but BurrTools turns pieces of "
                      "{} any way in space",
                      puzzle.name, piece.letter,
                      puzzle.lattice == Lattice::Spheres              ? "balls"
                      : puzzle.lattice == Lattice::RhombicDodecahedra ? "rhombic dodecahedra"
                      : puzzle.lattice == Lattice::TriangularPrisms   ? "triangular prisms"
                                                                      : "tetrahedra and octahedra"));
    if (layered(puzzle.lattice) && piece.moves != Moves::Turn && chiral(puzzle.lattice, piece))
      throw InputError(
          fmt::format("{}: piece '{}' may be mirrored, which BurrTools cannot say (give its mirror "
                      "image as a piece of its own)",
                      puzzle.name, piece.letter));
  }
  const bool spheres = puzzle.lattice == Lattice::Spheres;
  const ColourConstraints& constraints = puzzle.colourConstraints;
  const bool rhombic = puzzle.lattice == Lattice::RhombicDodecahedra;
  const bool prisms = puzzle.lattice == Lattice::TriangularPrisms;
  const bool tetraOcta = puzzle.lattice == Lattice::TetrahedraOctahedra;
  const bool wide = rhombic || tetraOcta;  // (several voxels to a cell along an axis)
  if ((spheres || rhombic || prisms || tetraOcta) && !constraints.empty())
    throw InputError(
        fmt::format("{}: colour constraints are written to BurrTools files on cubes only", puzzle.name));
  std::string xml =
      fmt::format("<?xml version=\"1.0\"?>\n<puzzle version=\"2\"><gridType type=\"{}\"/><colors>",
                  spheres     ? kSphereGrid
                  : rhombic   ? kRhombicGrid
                  : prisms    ? kPrismGrid
                  : tetraOcta ? kTetraOctaGrid
                              : 0);
  const auto colourXml = [](const std::string& hex) {
    const unsigned long rgb = std::strtoul(hex.c_str() + (hex.empty() ? 0 : 1), nullptr, 16);
    return fmt::format("<color red=\"{}\" green=\"{}\" blue=\"{}\"/>", (rgb >> 16U) & 0xffU,
                       (rgb >> 8U) & 0xffU, rgb & 0xffU);
  };
  if (constraints.empty()) {
    // Each piece in its own colour: with a neutral result, colours constrain nothing.
    for (const auto& piece : puzzle.pieces) xml += colourXml(piece.colour);
  } else {
    // The constraint colours 1..n, drawn in the pieces' colours in turn.
    int colours = 1;
    for (int c : constraints.cellColours) colours = std::max(colours, c);
    for (const auto& piece : puzzle.pieces)
      for (int c : piece.cellColours) colours = std::max(colours, c);
    for (const auto& [a, b] : constraints.allowed) colours = std::max({colours, a, b});
    for (int c = 0; c < colours; ++c)
      xml += colourXml(puzzle.pieces[static_cast<std::size_t>(c) % puzzle.pieces.size()].colour);
  }
  xml += "</colors><shapes>";
  // Shape 0: the board, cells relative to the bounding box; '+' for cells that may stay empty.
  std::map<Site, char> board;
  std::map<Site, int> boardColours;
  for (const Site& cell : puzzle.cells) {
    const Site at{cell.x - puzzle.low.x, cell.y - puzzle.low.y, cell.z - puzzle.low.z};
    const auto site = static_cast<std::size_t>(puzzle.siteIndex.at(cell));
    board[at] = puzzle.mustFill[site] ? '#' : '+';
    if (!constraints.empty()) boardColours[at] = constraints.cellColours[site];
  }
  Site boardSize{puzzle.high.x - puzzle.low.x + 1, puzzle.high.y - puzzle.low.y + 1,
                 puzzle.high.z - puzzle.low.z + 1};
  if (spheres) board = sphereVoxels(board, boardSize);
  if (rhombic) board = rhombicVoxels(sphereVoxels(board, boardSize), boardSize);
  if (tetraOcta) board = tetraOctaVoxels(board, boardSize);
  if (std::max({boardSize.x, boardSize.y, boardSize.z}) > (wide ? kMaxRhombicVoxelSide : kMaxVoxelSide))
    throw InputError(fmt::format(
        "{}: the board is {} x {} x {} voxels in BurrTools' grid, wider than the {} "
        "voxels piecework reads back",
        puzzle.name, boardSize.x, boardSize.y, boardSize.z, wide ? kMaxRhombicVoxelSide : kMaxVoxelSide));
  xml += voxelXml(puzzle.title, boardSize, board, 0, boardColours);
  // Shapes 1..n: the pieces, each in its own colour, named so that the reader finds the letter first.
  for (std::size_t p = 0; p < puzzle.pieces.size(); ++p) {
    const PieceDef& piece = puzzle.pieces[p];
    const Shape shape = normalized(puzzle.lattice, piece.faces.front());
    std::map<Site, char> cells;
    Site size{1, 1, 1};
    for (const Site& s : shape) {
      cells[s] = '#';
      size = {std::max(size.x, s.x + 1), std::max(size.y, s.y + 1), std::max(size.z, s.z + 1)};
    }
    // Its cells' constraint colours, moved as normalized() moves the face (to the origin).
    std::map<Site, int> cellColours;
    if (!constraints.empty() && !piece.cellColours.empty()) {
      Site low{INT_MAX, INT_MAX, INT_MAX};
      for (const Site& s : piece.faces.front())
        low = {std::min(low.x, s.x), std::min(low.y, s.y), std::min(low.z, s.z)};
      for (std::size_t k = 0; k < piece.cellColours.size(); ++k) {
        const Site& s = piece.faces.front()[k];
        cellColours[Site{s.x - low.x, s.y - low.y, s.z - low.z}] = piece.cellColours[k];
      }
    }
    if (spheres) cells = sphereVoxels(cells, size);
    if (rhombic) cells = rhombicVoxels(sphereVoxels(cells, size), size);
    if (tetraOcta) cells = tetraOctaVoxels(cells, size);
    // The reader takes a name's first character as the letter; a name that does not start with the letter
    // (in the same case) gets it in front in brackets, "[A] 2x2x3 block", which the reader takes off again.
    const bool letterFirst = !piece.name.empty() && piece.name[0] == piece.letter;
    const std::string name = letterFirst          ? piece.name
                             : piece.name.empty() ? fmt::format("[{}]", piece.letter)
                                                  : fmt::format("[{}] {}", piece.letter, piece.name);
    xml += voxelXml(name, size, cells, constraints.empty() ? static_cast<int>(p) + 1 : 0, cellColours);
  }
  xml +=
      fmt::format("</shapes><problems><problem name=\"{}\" state=\"0\"><shapes>", xmlEscaped(puzzle.title));
  for (std::size_t p = 0; p < puzzle.pieces.size(); ++p)
    xml += puzzle.pieces[p].ranged()
               ? fmt::format("<shape id=\"{}\" min=\"{}\" max=\"{}\"/>", p + 1, puzzle.pieces[p].minCopies,
                             puzzle.pieces[p].copies)
               : fmt::format("<shape id=\"{}\" count=\"{}\"/>", p + 1, puzzle.pieces[p].copies);
  xml += "</shapes><result id=\"0\"/>";
  if (constraints.allowed.empty()) {
    xml += "<bitmap/>";
  } else {
    xml += "<bitmap>";
    for (const auto& [pieceColour, boardColour] : constraints.allowed)
      xml += fmt::format("<pair piece=\"{}\" result=\"{}\"/>", pieceColour - 1, boardColour - 1);
    xml += "</bitmap>";
  }
  xml += "</problem></problems>";
  xml +=
      fmt::format("<comment>{} (written by piecework convert)</comment></puzzle>\n", xmlEscaped(puzzle.name));
  return gzipped(xml);
}

std::vector<BurrToolsProblem> burrToolsProblems(const std::string& path) {
  const auto [file, selector] = splitPath(path);
  const std::string xml = gunzipFile(file);
  XmlDocument doc(parseBurrToolsXml(file, xml), xmlFreeDoc);
  const xmlNode* root = xmlDocGetRootElement(doc.get());
  if (root == nullptr || !named(root, "puzzle"))
    Reader{file}.fail(root, "not a BurrTools puzzle (no <puzzle> element)");
  std::vector<BurrToolsProblem> out;
  int selected = selector.empty() ? 0 : -1;
  for (const xmlNode* node : children(child(root, "problems"), "problem")) {
    BurrToolsProblem problem;
    problem.number = static_cast<int>(out.size()) + 1;
    problem.name = attribute(node, "name");
    // (as burrToolsDefinition chooses: the last problem the selector names)
    if (!selector.empty() && (problem.name == selector || std::to_string(problem.number) == selector))
      selected = static_cast<int>(out.size());
    problem.name = printableText(problem.name);  // (matched as the file spells it, printed as text)
    // state 2: BurrTools finished solving; its assemblies attribute is then the count it found.
    const std::string count = attribute(node, "assemblies");
    if (attribute(node, "state") == "2" && !count.empty() &&
        std::all_of(count.begin(), count.end(),
                    [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }) &&
        count.size() < 20)
      problem.storedAssemblies = std::stoull(count);
    out.push_back(std::move(problem));
  }
  if (selected >= 0 && selected < static_cast<int>(out.size()))
    out[static_cast<std::size_t>(selected)].selected = true;
  return out;
}

}  // namespace piecework

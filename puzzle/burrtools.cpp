// SPDX-License-Identifier: Apache-2.0
#include "puzzle/burrtools.hpp"

#include <fmt/format.h>
#include <sys/stat.h>
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

#include "puzzle/burrtools_grids.hpp"
#include "puzzle/burrtools_xml.hpp"
#include "puzzle/errors.hpp"
#include "puzzle/limits.hpp"
#include "puzzle/xml_text.hpp"

namespace piecework {

namespace {

using namespace burrtools;  // the grids (burrtools_grids.hpp)

constexpr std::string_view kExtension = ".xmpuzzle";
constexpr std::size_t kMaxXmlBytes = 64U << 20U;  // far above any real puzzle; stops a gzip bomb
constexpr int kMaxVoxelSide = 64;
// The rhombic grid spends 5 voxels on each cube along an axis (below), so its shapes may be that much wider.
constexpr int kMaxRhombicVoxelSide = 5 * 24;

// ---- reading -------------------------------------------------------------------------------------------

std::string gunzipped(const std::string& file);

std::string gunzipFile(const std::string& file) {
  requireRegularFile(file, "the BurrTools file");
  // The last file read, kept per thread while it stays the same file with the same size and time of change:
  // a command reads one file several times (`count`: the problem, then the problems' list for the stored
  // count). Measured (callgrind, `count lohe.misused-key.xmpuzzle#2 --json --threads 1`): gunzipFile 2.0M ->
  // 1.2M instructions.
  struct Last {
    std::string file;
    dev_t device = 0;
    ino_t inode = 0;
    off_t size = -1;
    timespec changed{};
    std::string text;
  };
  thread_local Last last;
  struct stat info {};
  const bool known = ::stat(file.c_str(), &info) == 0 && S_ISREG(info.st_mode);
  if (known && last.size >= 0 && last.file == file && last.device == info.st_dev &&
      last.inode == info.st_ino && last.size == info.st_size && last.changed.tv_sec == info.st_mtim.tv_sec &&
      last.changed.tv_nsec == info.st_mtim.tv_nsec)
    return last.text;
  last.size = -1;
  std::string text = gunzipped(file);
  if (known) last = Last{file, info.st_dev, info.st_ino, info.st_size, info.st_mtim, text};
  return text;
}

std::string gunzipped(const std::string& file) {
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

struct Reader {
  std::string file;

  [[noreturn]] void fail(const XmlNode* node, const std::string& what) const {
    if (node != nullptr && node->line > 0) throw InputError(fmt::format("{}:{}: {}", file, node->line, what));
    throw InputError(fmt::format("{}: {}", file, what));
  }

  // A whole number from an attribute, from `low` to `high`; `fallback` when the attribute is missing.
  int number(const XmlNode* node, const char* name, int low, int high,
             std::optional<int> fallback = {}) const {
    const std::string text = xmlAttribute(node, name);
    if (text.empty()) {
      if (fallback) return *fallback;
      fail(node, fmt::format("<{}> needs a '{}' attribute", node->name, name));
    }
    char* end = nullptr;
    errno = 0;
    const long value = std::strtol(text.c_str(), &end, 10);
    if (*end != '\0' || errno != 0 || value < low || value > high)
      fail(node, fmt::format("{}=\"{}\": not a whole number from {} to {}", name, text, low, high));
    return static_cast<int>(value);
  }
};

Voxel readVoxel(const Reader& reader, const XmlNode* node, int maxSide) {
  Voxel v;
  v.line = node->line;
  v.x = reader.number(node, "x", 1, maxSide);
  v.y = reader.number(node, "y", 1, maxSide);
  v.z = reader.number(node, "z", 1, maxSide);
  if (reader.number(node, "type", 0, 0, 0) != 0)
    reader.fail(node, "unknown voxel type (only type 0 is known)");
  v.name = xmlAttribute(node, "name");
  const std::string text = xmlContent(node);
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

// A part-cell shape's voxel box grown to whole blocks of the grid, as BurrTools keeps its shapes.
Site wholeBlocks(Lattice lattice, const Site& size) {
  const int b = partBlock(lattice);
  const auto whole = [b](int n) { return (n + b - 1) / b * b; };
  return Site{whole(size.x), whole(size.y), whole(size.z)};
}

// Whether mirroring the piece gives a shape that no turn gives (cubes or spheres).
bool chiral(Lattice lattice, const PieceDef& piece) {
  if (turnedOverInSpace(lattice, piece.faces.front())) return false;
  std::vector<Transform> rotations;
  for (const auto& t : pointGroup(lattice))
    if (!t.mirror) rotations.push_back(t);
  return distinctImages(lattice, piece.faces.front(), rotations).size() !=
         distinctImages(lattice, piece.faces.front(), pointGroup(lattice)).size();
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

namespace {

// The lattice a definition names (as the definition reader knows them), or none.
std::optional<Lattice> latticeNamed(std::string_view name) {
  static const std::pair<std::string_view, Lattice> kNames[] = {
      {"square", Lattice::Square},
      {"cubic", Lattice::Cubic},
      {"spheres", Lattice::Spheres},
      {"rhombic-dodecahedra", Lattice::RhombicDodecahedra},
      {"triangular-prisms", Lattice::TriangularPrisms},
      {"tetrahedra-octahedra", Lattice::TetrahedraOctahedra},
      {"rhombic-tetrahedra", Lattice::RhombicTetrahedra},
      {"tetrahedra-octahedra-parts", Lattice::TetraOctaParts}};
  for (const auto& [known, lattice] : kNames)
    if (name == known) return lattice;
  return std::nullopt;
}

// Text that a TOML string holds as it is and a definition's names may be: printable ASCII.
bool plainText(std::string_view text) {
  return std::all_of(text.begin(), text.end(), [](char c) { return c >= 0x20 && c < 0x7f; });
}

// burrToolsDefinition's text; with `spec`, that too (`direct` false where it cannot be made so).
std::string definitionOf(const std::string& path, PuzzleSpec* spec, bool* direct = nullptr) {
  const auto [file, selector] = splitPath(path);
  const Reader reader{file};
  const std::string xml = gunzipFile(file);
  const auto doc = parsedBurrToolsXmlWithoutSolutions(file, xml);
  const XmlNode* root = doc->root();
  if (root == nullptr || !xmlNamed(root, "puzzle"))
    reader.fail(root, "not a BurrTools puzzle (no <puzzle> element)");
  const XmlNode* grid = xmlChild(root, "gridType");
  const int gridType = grid != nullptr ? reader.number(grid, "type", 0, 1000) : 0;
  if (gridType > kTetraOctaGrid)  // (BurrTools' grids are types 0 to 4, all read)
    reader.fail(
        grid, fmt::format("BurrTools grid type {} (unknown) is not supported: piecework reads the grids of "
                          "cubes (type 0), triangular prisms (type 1), spheres (type 2), rhombic dodecahedra "
                          "(type 3) and tetrahedra and octahedra (type 4)",
                          gridType));

  std::vector<std::string> colours;
  for (const XmlNode* c : xmlChildren(xmlChild(root, "colors"), "color"))
    colours.push_back(fmt::format("#{:02x}{:02x}{:02x}", reader.number(c, "red", 0, 255),
                                  reader.number(c, "green", 0, 255), reader.number(c, "blue", 0, 255)));
  std::vector<Voxel> shapes;
  for (const XmlNode* v : xmlChildren(xmlChild(root, "shapes"), "voxel"))
    shapes.push_back(readVoxel(
        reader, v,
        gridType == kRhombicGrid || gridType == kTetraOctaGrid ? kMaxRhombicVoxelSide : kMaxVoxelSide));

  const auto problems = xmlChildren(xmlChild(root, "problems"), "problem");
  if (problems.empty()) reader.fail(root, "no problem in the file (BurrTools: Problems tab)");
  const XmlNode* problem = nullptr;
  int problemNumber = 0;
  if (selector.empty()) {
    problem = problems.front(), problemNumber = 1;
  } else {
    for (std::size_t i = 0; i < problems.size(); ++i)
      if (xmlAttribute(problems[i], "name") == selector || std::to_string(i + 1) == selector)
        problem = problems[i], problemNumber = static_cast<int>(i) + 1;
    if (problem == nullptr)
      reader.fail(nullptr, fmt::format("no problem '{}' (the file has {}, numbered from 1)", selector,
                                       problems.size()));
  }
  const int shapeCount = static_cast<int>(shapes.size());
  const XmlNode* resultNode = xmlChild(problem, "result");
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
  for (const XmlNode* s : xmlChildren(xmlChild(problem, "shapes"), "shape")) {
    const int id = reader.number(s, "id", 0, shapeCount - 1);
    int count = 1, minCount = 1;
    if (!xmlAttribute(s, "count").empty()) {
      count = minCount = reader.number(s, "count", 0, 64);
    } else if (!xmlAttribute(s, "min").empty() || !xmlAttribute(s, "max").empty()) {
      minCount = reader.number(s, "min", 0, 64);
      count = reader.number(s, "max", 0, 64);
      if (minCount > count)
        reader.fail(s, fmt::format("min=\"{}\" is more than max=\"{}\"", minCount, count));
    }
    if (count > 0) pieces.push_back({&shapes[static_cast<std::size_t>(id)], count, minCount, id});
  }
  if (pieces.empty()) reader.fail(problem, "the problem has no pieces");
  // The shapes in piecework's sites (burrtools_grids.hpp), those of this problem only: a shape the problem
  // does not use may be anything.
  std::vector<Voxel*> problemShapes{&shapes[static_cast<std::size_t>(&result - shapes.data())]};
  for (const Piece& p : pieces) problemShapes.push_back(&shapes[static_cast<std::size_t>(p.id)]);
  std::sort(problemShapes.begin(), problemShapes.end());
  problemShapes.erase(std::unique(problemShapes.begin(), problemShapes.end()), problemShapes.end());
  const std::string lattice = gridShapes(reader.file, gridType, problemShapes, &result);

  // Colour constraints: where the result has coloured voxels, a piece's coloured voxel may only go on a
  // neutral one or one whose colour the problem's <bitmap> pairs with it (colours numbered from 0 there, from
  // 1 in the voxels); with a neutral result they change nothing, and the pieces' colours are just colours.
  const bool constrained =
      std::any_of(result.colour.begin(), result.colour.end(), [](int c) { return c != 0; });
  std::string colourRules;
  for (const XmlNode* pair : xmlChildren(xmlChild(problem, "bitmap"), "pair"))
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
  std::string title = xmlAttribute(problem, "name");
  if (title.empty()) title = problems.size() > 1 ? fmt::format("{}, problem {}", base, problemNumber) : base;
  // The catalog keeps this text and its hash, which must not depend on how the file is named or reached
  // (soma.xmpuzzle and soma.xmpuzzle.gz are the same puzzle, soma): the comment names only the problem.
  std::string toml = fmt::format("# Read from a BurrTools file (problem {}).\n", problemNumber);
  toml += fmt::format("name = {}\ntitle = {}\nlattice = \"{}\"\nboard = {}\n", tomlString(base),
                      tomlString(title), flat ? "square" : lattice, tomlString(board));
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
  // The puzzle as loadDefinition reads the text (the same values, the same checks, else `direct` false).
  std::optional<Lattice> latticeRead;
  if (spec != nullptr) {
    latticeRead = latticeNamed(flat ? "square" : lattice);
    *direct = latticeRead.has_value() && plainText(base) && plainText(title);
    if (*direct) {
      spec->name = base;
      spec->title = title;
      spec->lattice = *latticeRead;
      spec->fillAll = !(anyVariable && !mixed);
      for (int k = 0; k < result.z && *direct; ++k)
        for (int j = 0; j < result.y; ++j)
          for (int i = 0; i < result.x; ++i) {
            const VoxelState s = result.at(i, j, k);
            if (s == VoxelState::Empty) continue;
            const Site cell{i, j, k};
            *direct = *direct && isCell(*latticeRead, cell);
            spec->cells.push_back(cell);
            if (s == VoxelState::Variable && mixed) spec->optionalCells.push_back(cell);
            if (constrained) spec->colourConstraints.cellColours.push_back(result.colourAt(i, j, k));
          }
      if (constrained)
        for (const XmlNode* pair : xmlChildren(xmlChild(problem, "bitmap"), "pair"))
          spec->colourConstraints.allowed.insert(
              {reader.number(pair, "piece", 0, kMaxConstraintColour - 1) + 1,
               reader.number(pair, "result", 0, kMaxConstraintColour - 1) + 1});
    }
  }
  std::size_t lines = 0, counted = 0;  // line breaks in toml[0, counted)
  for (std::size_t p = 0; p < pieces.size(); ++p) {
    const Voxel& v = *pieces[p].voxel;
    lines += static_cast<std::size_t>(
        std::count(toml.begin() + static_cast<std::ptrdiff_t>(counted), toml.end(), '\n'));
    counted = toml.size();
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
    if (spec == nullptr || !*direct) continue;
    PieceDef piece;
    piece.line = static_cast<int>(lines) + 2;  // (the [[piece]] line, after a blank one)
    piece.letter = letters[p];
    *direct = std::isalnum(static_cast<unsigned char>(piece.letter)) != 0 && plainText(names[p]);
    piece.name = names[p].empty() ? std::string(1, piece.letter) : names[p];
    piece.colourGiven = colour > 0 && colour <= static_cast<int>(colours.size());
    if (piece.colourGiven) piece.colour = colours[static_cast<std::size_t>(colour - 1)];
    piece.copies = pieces[p].count;
    piece.minCopies = pieces[p].minCount;
    *direct = *direct && piece.minCopies >= 0 && piece.copies >= 1 && piece.copies <= 64 &&
              piece.minCopies <= piece.copies;
    piece.moves = flat ? Moves::TurnMirror : Moves::Turn;
    const int most = flat ? INT_MAX : partCells(*latticeRead) ? 32 * partBlock(*latticeRead) : 32;
    for (const Site& c : cubes)
      *direct = *direct && c.x <= most && c.y <= most && c.z <= most && isCell(*latticeRead, c);
    piece.faces.push_back(std::move(cubes));
    if (constrained && std::any_of(cellColours.begin(), cellColours.end(), [](int c) { return c != 0; }))
      piece.cellColours = std::move(cellColours);
    for (const PieceDef& other : spec->pieces)
      *direct = *direct && std::tolower(static_cast<unsigned char>(other.letter)) !=
                               std::tolower(static_cast<unsigned char>(piece.letter));
    spec->pieces.push_back(std::move(piece));
  }
  return toml;
}

}  // namespace

std::string burrToolsDefinition(const std::string& path) {
  return definitionOf(path, nullptr);
}

std::string burrToolsDefinition(const std::string& path, std::optional<PuzzleSpec>& spec) {
  spec.reset();
  PuzzleSpec read;
  bool direct = true;
  std::string text = definitionOf(path, &read, &direct);
  if (direct) spec = std::move(read);
  return text;
}

std::string toBurrTools(const Puzzle& puzzle, const BurrToolsSolved* solved) {
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
         puzzle.lattice == Lattice::TetrahedraOctahedra || partCells(puzzle.lattice)) &&
        piece.moves == Moves::Faces)
      throw InputError(
          fmt::format("{}: piece '{}' lies on given faces only, but BurrTools turns pieces of "
                      "{} any way in space",
                      puzzle.name, piece.letter,
                      puzzle.lattice == Lattice::Spheres              ? "balls"
                      : puzzle.lattice == Lattice::RhombicDodecahedra ? "rhombic dodecahedra"
                      : puzzle.lattice == Lattice::TriangularPrisms   ? "triangular prisms"
                      : puzzle.lattice == Lattice::RhombicTetrahedra  ? "the rhombic grid's tetrahedra"
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
  const bool parts = partCells(puzzle.lattice);  // (sites are BurrTools' voxels: geometry.hpp, Site)
  const bool prisms = puzzle.lattice == Lattice::TriangularPrisms;
  const bool tetraOcta = puzzle.lattice == Lattice::TetrahedraOctahedra;
  const bool wide = rhombic || tetraOcta || parts;  // (several voxels to a cell along an axis)
  if ((spheres || rhombic || prisms || tetraOcta || parts) && !constraints.empty())
    throw InputError(
        fmt::format("{}: colour constraints are written to BurrTools files on cubes only", puzzle.name));
  std::string xml =
      fmt::format("<?xml version=\"1.0\"?>\n<puzzle version=\"2\"><gridType type=\"{}\"/><colors>",
                  spheres                                                   ? kSphereGrid
                  : rhombic || puzzle.lattice == Lattice::RhombicTetrahedra ? kRhombicGrid
                  : prisms                                                  ? kPrismGrid
                  : tetraOcta || puzzle.lattice == Lattice::TetraOctaParts  ? kTetraOctaGrid
                                                                            : 0);
  const auto colourXml = [](const std::string& hex) {
    const unsigned long rgb = std::strtoul(hex.c_str() + (hex.empty() ? 0 : 1), nullptr, 16);
    return fmt::format("<color red=\"{}\" green=\"{}\" blue=\"{}\"/>", (rgb >> 16U) & 0xffU,
                       (rgb >> 8U) & 0xffU, rgb & 0xffU);
  };
  if (constraints.empty()) {
    // The pieces' colours as the file's colours, for a designer to use; no voxel carries them.
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
  if (parts) boardSize = wholeBlocks(puzzle.lattice, boardSize);
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
    if (parts) size = wholeBlocks(puzzle.lattice, size);
    // The reader takes a name's first character as the letter; a name that does not start with the letter
    // (in the same case) gets it in front in brackets, "[A] 2x2x3 block", which the reader takes off again.
    const bool letterFirst = !piece.name.empty() && piece.name[0] == piece.letter;
    const std::string name = letterFirst          ? piece.name
                             : piece.name.empty() ? fmt::format("[{}]", piece.letter)
                                                  : fmt::format("[{}] {}", piece.letter, piece.name);
    // (no colour of its own: BurrTools compares voxel colours when it looks for mirror pairs, and would
    // count a filling and its mirror image apart where the pieces' colours differ: docs/interop.md)
    xml += voxelXml(name, size, cells, 0, cellColours);
  }
  xml += fmt::format("</shapes><problems><problem name=\"{}\" ", xmlEscaped(puzzle.title));
  xml += solved == nullptr ? std::string("state=\"0\"")
                           : fmt::format("state=\"2\" assemblies=\"{}\" solutions=\"{}\" time=\"0\"",
                                         solved->assemblies, solved->solutions);
  xml += "><shapes>";
  for (std::size_t p = 0; p < puzzle.pieces.size(); ++p) {
    const int group = solved != nullptr && p < solved->groups.size() ? solved->groups[p] : 0;
    xml += puzzle.pieces[p].ranged()
               ? fmt::format("<shape id=\"{}\" min=\"{}\" max=\"{}\"", p + 1, puzzle.pieces[p].minCopies,
                             puzzle.pieces[p].copies)
               : fmt::format("<shape id=\"{}\" count=\"{}\"", p + 1, puzzle.pieces[p].copies);
    xml += group != 0 ? fmt::format(" group=\"{}\"/>", group) : std::string("/>");
  }
  xml += "</shapes><result id=\"0\"/>";
  if (constraints.allowed.empty()) {
    xml += "<bitmap/>";
  } else {
    xml += "<bitmap>";
    for (const auto& [pieceColour, boardColour] : constraints.allowed)
      xml += fmt::format("<pair piece=\"{}\" result=\"{}\"/>", pieceColour - 1, boardColour - 1);
    xml += "</bitmap>";
  }
  if (solved != nullptr) xml += solved->solutionsXml;
  xml += "</problem></problems>";
  xml +=
      fmt::format("<comment>{} (written by piecework convert)</comment></puzzle>\n", xmlEscaped(puzzle.name));
  return gzipped(xml);
}

std::vector<Site> burrToolsPieceVoxels(const Puzzle& puzzle, int piece) {
  // (as toBurrTools writes the piece's shape: its first face, moved to the origin)
  return normalized(puzzle.lattice, puzzle.pieces[static_cast<std::size_t>(piece)].faces.front());
}

Site burrToolsOrigin(const Puzzle& puzzle) {
  return puzzle.low;
}

std::vector<BurrToolsProblem> burrToolsProblems(const std::string& path) {
  const auto [file, selector] = splitPath(path);
  const std::string xml = gunzipFile(file);
  const auto doc = parsedBurrToolsXmlWithoutSolutions(file, xml);
  const XmlNode* root = doc->root();
  if (root == nullptr || !xmlNamed(root, "puzzle"))
    Reader{file}.fail(root, "not a BurrTools puzzle (no <puzzle> element)");
  std::vector<BurrToolsProblem> out;
  int selected = selector.empty() ? 0 : -1;
  for (const XmlNode* node : xmlChildren(xmlChild(root, "problems"), "problem")) {
    BurrToolsProblem problem;
    problem.number = static_cast<int>(out.size()) + 1;
    problem.name = xmlAttribute(node, "name");
    // (as burrToolsDefinition chooses: the last problem the selector names)
    if (!selector.empty() && (problem.name == selector || std::to_string(problem.number) == selector))
      selected = static_cast<int>(out.size());
    problem.name = printableText(problem.name);  // (matched as the file spells it, printed as text)
    // state 2: BurrTools finished solving; its assemblies attribute is then the count it found.
    const std::string count = xmlAttribute(node, "assemblies");
    if (xmlAttribute(node, "state") == "2" && !count.empty() &&
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

std::string burrToolsXmlText(const std::string& path) {
  return gunzipFile(splitPath(path).first);
}

}  // namespace piecework

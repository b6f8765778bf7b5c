// SPDX-License-Identifier: Apache-2.0
#include "puzzle/definition.hpp"

#include <fmt/format.h>
#include <toml++/toml.h>
#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <filesystem>
#include <initializer_list>
#include <optional>
#include <tuple>
#include <utility>

#include "puzzle/burrtools.hpp"
#include "puzzle/errors.hpp"
#include "puzzle/family.hpp"
#include "puzzle/limits.hpp"
#include "puzzle/picture.hpp"
#include "puzzle/piece_reader.hpp"
#include "puzzle/shipped.hpp"

namespace piecework {
namespace {

// Why a site is no cell of `lattice`, for an error message (geometry.hpp, isCell).
std::string noCellThere(Lattice lattice) {
  if (lattice == Lattice::RhombicTetrahedra)
    return "no tetrahedron of the rhombic grid there: within each block of 5 x 5 x 5 voxels a cell has one "
           "coordinate 0 or 4, one 1 or 3 and one 2, counting from 0";
  if (lattice == Lattice::TetraOctaParts)
    return "no part of the tetrahedra-octahedra grid there: within each block of 3 x 3 x 3 voxels the centre "
           "(1, 1, 1) and the corners at grid corners of odd sum are cells, counting from 0";
  return "no octahedron there: on the octahedra's layers 1, 3, ... (the even third coordinates from 0) of "
         "tetrahedra-octahedra boards only every other site is a cell, where x + y + z / 2 is even, counting "
         "from 0; '#' elsewhere";
}

const char* const kPalette[] = {"#e6194b", "#3cb44b", "#ffe119", "#4363d8", "#f58231", "#911eb4", "#46f0f0",
                                "#f032e6", "#bcf60c", "#fabebe", "#008080", "#e6beff", "#9a6324", "#800000"};

}  // namespace

// toml++ parses nested tables and arrays recursively: a dotted key a.a.a... 100000 parts deep overflows the
// stack. This scan measures nesting before parsing (table header parts, dotted key parts, open arrays and
// inline tables) and refuses deeper than kMaxTomlNesting, naming the line.
void checkTomlNesting(std::string_view text, const std::string& source) {
  struct Open {
    char bracket;
    int depth;  // the depth before it opened
  };
  std::vector<Open> open;
  int line = 1;
  int headerDepth = 0;  // parts of the current [table] header
  int depth = 0;
  bool statementStart = true;
  bool inKey = true;  // reading a key: dots add a level
  bool inHeader = false;
  auto deeper = [&](int levels) {
    depth += levels;
    if (depth > kMaxTomlNesting)
      throw InputError(fmt::format("{}:{}: tables or arrays nested more than {} levels deep (docs/limits.md)",
                                   source, line, kMaxTomlNesting));
  };
  const std::size_t n = text.size();
  for (std::size_t i = 0; i < n; ++i) {
    const char c = text[i];
    if (c == '\n') {
      ++line;
      if (open.empty()) {
        statementStart = true;
        inKey = true;
        inHeader = false;
        depth = headerDepth;
      }
      continue;
    }
    if (c == ' ' || c == '\t' || c == '\r') continue;
    if (c == '#') {
      while (i + 1 < n && text[i + 1] != '\n') ++i;
      continue;
    }
    if (c == '"' || c == '\'') {  // strings (and quoted keys): skip, counting lines
      const bool multi = i + 2 < n && text[i + 1] == c && text[i + 2] == c;
      i += multi ? 3 : 1;
      for (; i < n; ++i) {
        if (text[i] == '\n') {
          if (!multi) break;
          ++line;
        } else if (c == '"' && text[i] == '\\') {
          if (i + 1 < n && text[i + 1] == '\n') ++line;
          ++i;
        } else if (text[i] == c && (!multi || (i + 2 < n && text[i + 1] == c && text[i + 2] == c))) {
          if (multi) {
            i += 2;
            // A multi-line string may end in one or two quotes of its own: """a""""" is a, then two quotes.
            for (int extra = 0; extra < 2 && i + 1 < n && text[i + 1] == c; ++extra) ++i;
          }
          break;
        }
      }
      if (i < n && text[i] == '\n') --i;  // let the loop count the line end of an unterminated string
      statementStart = false;
      continue;
    }
    if (statementStart && open.empty() && c == '[') {  // [table] or [[array of tables]]
      inHeader = true;
      inKey = true;
      depth = 0;
      if (i + 1 < n && text[i + 1] == '[') ++i;
      deeper(1);
      statementStart = false;
      continue;
    }
    statementStart = false;
    if (inKey) {
      if (c == '.') {
        deeper(1);
      } else if (c == ']' && inHeader) {
        headerDepth = depth;
        inKey = false;
        while (i + 1 < n && text[i + 1] != '\n') ++i;  // the rest of the header line
      } else if (c == '=') {
        inKey = false;
        deeper(1);
      } else if (c == '}' && !open.empty() && open.back().bracket == '{') {  // an empty inline table
        depth = open.back().depth;
        open.pop_back();
        inKey = false;
      }
      continue;
    }
    if (c == '[' || c == '{') {
      open.push_back(Open{c, depth});
      deeper(1);
      inKey = c == '{';
    } else if ((c == ']' || c == '}') && !open.empty()) {
      depth = open.back().depth;
      open.pop_back();
    } else if (c == ',' && !open.empty() && open.back().bracket == '{') {
      depth = open.back().depth + 1;
      inKey = true;
    }
  }
}

namespace {

class Reader final : public DefinitionReader {
 public:
  Reader(std::string source, ControlCharacters controls) : source_(std::move(source)), controls_(controls) {}

  [[noreturn]] void fail(const toml::node* node, const std::string& what) const override {
    if (node != nullptr && node->source().begin.line > 0)
      throw InputError(fmt::format("{}:{}: {}", source_, node->source().begin.line, what));
    throw InputError(fmt::format("{}: {}", source_, what));
  }

  // A misspelt key (move = "turn" for moves) would silently give the default: refuse keys not in `known`.
  void onlyKnownKeys(const toml::table& table, std::initializer_list<std::string_view> known,
                     std::string_view where) const override {
    for (const auto& [key, value] : table) {
      if (std::find(known.begin(), known.end(), key.str()) != known.end()) continue;
      std::string list;
      for (const auto k : known) list += fmt::format("{}{}", list.empty() ? "" : ", ", k);
      const auto line = key.source().begin.line > 0 ? key.source().begin.line : value.source().begin.line;
      const std::string what = fmt::format("unknown key '{}' in {} (known keys: {})", key.str(), where, list);
      if (line > 0) throw InputError(fmt::format("{}:{}: {}", source_, line, what));
      throw InputError(fmt::format("{}: {}", source_, what));
    }
  }

  std::optional<std::string> optionalString(const toml::table& table, std::string_view key) const {
    const toml::node* node = table.get(key);
    if (node == nullptr) return std::nullopt;
    if (!node->is_string()) fail(node, fmt::format("'{}' must be a string", key));
    return *node->value<std::string>();
  }

  // A string that piecework prints, on a terminal and in SVG, PDF and the catalog: refused with a control
  // character (C0, DEL or C1: U+0080..U+009F), which would move a terminal's cursor or change its colours
  // and which XML does not allow. A definition the catalog stored before they were refused has each one
  // as a space instead (ControlCharacters::AsSpaces).
  std::optional<std::string> optionalText(const toml::table& table, std::string_view key) const {
    auto text = optionalString(table, key);
    if (!text) return text;
    if (controls_ != ControlCharacters::Refused) return printableText(*text);
    for (std::size_t i = 0; i < text->size();) {
      const TextCharacter c = textCharacterAt(*text, i);
      if (c.kind == TextCharacter::Control)
        fail(table.get(key),
             fmt::format("'{}' has a control character (U+{:04X}): names and titles are text to print", key,
                         c.codePoint));
      i += c.length;
    }
    return text;
  }

  std::string requiredString(const toml::table& table, std::string_view key,
                             const toml::node* where) const override {
    auto value = optionalString(table, key);
    if (!value) fail(where, fmt::format("missing '{}'", key));
    return *value;
  }

  Lattice lattice(const toml::table& root) const {
    const std::string name = requiredString(root, "lattice", &root);
    if (name == "square") return Lattice::Square;
    if (name == "cubic") return Lattice::Cubic;
    if (name == "hex-pegs") return Lattice::HexPegs;
    if (name == "triangular") return Lattice::Triangular;
    if (name == "spheres") return Lattice::Spheres;
    if (name == "rhombic-dodecahedra") return Lattice::RhombicDodecahedra;
    if (name == "triangular-prisms") return Lattice::TriangularPrisms;
    if (name == "tetrahedra-octahedra") return Lattice::TetrahedraOctahedra;
    if (name == "rhombic-tetrahedra") return Lattice::RhombicTetrahedra;
    if (name == "tetrahedra-octahedra-parts") return Lattice::TetraOctaParts;
    fail(root.get("lattice"),
         fmt::format(
             "unknown lattice '{}' (square, cubic, hex-pegs, triangular, spheres, rhombic-dodecahedra, "
             "triangular-prisms, tetrahedra-octahedra, rhombic-tetrahedra or tetrahedra-octahedra-parts)",
             name));
  }

  // Board pictures: '.' a cell (or peg), '#' no cell, 'o' a cell of the colour window (square and triangular
  // boards), '+' a cell that may stay empty (not on hex pegs). `box = [x, y, z]` is a shortcut for a full
  // box.
  std::vector<Site> board(const toml::table& root, Lattice lattice, std::vector<Site>& window,
                          std::vector<Site>& optional) const {
    std::vector<Site> cells;
    if (const toml::node* box = root.get("box")) {
      const toml::array* dims = box->as_array();
      if (dims == nullptr || dims->size() != 3 || !layered(lattice))
        fail(box,
             "'box' must be [x, y, z] on the cubic lattice (or [columns, rows, layers] of spheres, rhombic "
             "dodecahedra or triangular prisms)");
      std::array<int, 3> n{};
      for (std::size_t i = 0; i < 3; ++i) {
        auto v = (*dims)[i].value<int64_t>();
        const int most = partCells(lattice) ? 16 * partBlock(lattice) : 16;  // (part-cells: voxels)
        if (!v || *v < 1 || *v > most)
          fail(box, fmt::format("box sizes must be whole numbers from 1 to {}", most));
        n[i] = static_cast<int>(*v);
      }
      for (int z = 0; z < n[2]; ++z)
        for (int y = 0; y < n[1]; ++y)
          for (int x = 0; x < n[0]; ++x)
            if (isCell(lattice, Site{x, y, z})) cells.push_back(Site{x, y, z});
      return cells;
    }
    const toml::node* node = root.get("board");
    if (node == nullptr) fail(&root, "missing 'board' (a picture) or 'box'");
    if (!node->is_string()) fail(node, "'board' must be a picture string");
    const bool offsetRows = lattice == Lattice::HexPegs || lattice == Lattice::Triangular;
    const Picture picture = parsePicture(*node->value<std::string>(), offsetRows);
    if (picture.depth() == 0) fail(node, "the board picture is empty");
    if (!layered(lattice) && picture.depth() > 1)
      fail(node,
           "only cubic, sphere, rhombic-dodecahedra, triangular-prism and tetrahedra-octahedra boards have "
           "layers");
    for (const auto& layer : picture.layers)
      for (const auto& row : layer)
        for (const auto& c : row) {
          if (c.value == '#') continue;
          const bool windowCell =
              c.value == 'o' && (lattice == Lattice::Square || lattice == Lattice::Triangular);
          const bool optionalCell = c.value == '+' && lattice != Lattice::HexPegs;
          if (c.value != '.' && !windowCell && !optionalCell)
            fail(node,
                 fmt::format("board picture row {}, column {}: '{}' is neither '.' (cell), '#' (no cell), "
                             "'+' (a cell that may stay empty, not on hex pegs) nor 'o' (a window cell, "
                             "square and triangular boards)",
                             c.row, c.column, c.value));
          const int x = c.column - 1, y = c.row - 1, z = c.layer - 1;
          if (!isCell(lattice, Site{x, y, z}))
            fail(node, fmt::format("board picture layer {}, row {}, column {}: {}", c.layer, c.row, c.column,
                                   noCellThere(lattice)));
          // Hex and triangular boards: odd rows sit half a step right, so axial q = column - floor(row / 2).
          cells.push_back(offsetRows ? Site{x - y / 2, y, 0} : Site{x, y, z});
          if (windowCell) window.push_back(cells.back());
          if (optionalCell) optional.push_back(cells.back());
        }
    if (cells.empty()) fail(node, "the board has no cells");
    return cells;
  }

  // A shape picture: '#' covered, '.' not. With `colours`, each covered square is instead the letter of its
  // colour (A-Z), collected in the shape's order. Triangular shapes are drawn like the board: odd rows half a
  // step right, spaces dropped.
  Shape shapePicture(const toml::node* node, Lattice lattice, std::vector<char>* colours = nullptr) const {
    if (!node->is_string()) fail(node, "a shape must be a picture string");
    const bool triangular = lattice == Lattice::Triangular;
    const Picture picture = parsePicture(*node->value<std::string>(), triangular);
    if (!layered(lattice) && picture.depth() > 1) fail(node, "flat-lattice shapes have one layer");
    Shape shape;
    for (const auto& layer : picture.layers)
      for (const auto& row : layer)
        for (const auto& c : row) {
          if (c.value == '.') continue;
          if (colours != nullptr) {
            if (c.value < 'A' || c.value > 'Z')
              fail(node,
                   fmt::format("colours row {}, column {}: '{}' is neither a colour letter (A-Z) nor '.'",
                               c.row, c.column, c.value));
            colours->push_back(c.value);
          } else if (c.value != '#') {
            fail(node, fmt::format("shape row {}, column {}: '{}' is neither '#' (covered) nor '.'", c.row,
                                   c.column, c.value));
          }
          const int x = c.column - 1, y = c.row - 1;
          shape.push_back(triangular ? Site{x - y / 2, y, 0} : Site{x, y, c.layer - 1});
        }
    if (shape.empty()) fail(node, "the shape covers no cell");
    return shape;
  }

  Shape shapeCubes(const toml::node* node, Lattice lattice) const {
    const toml::array* list = node->as_array();
    if (list == nullptr || list->empty()) fail(node, "'cubes' must be a list of [x, y, z]");
    Shape shape;
    for (const auto& item : *list) {
      const toml::array* xyz = item.as_array();
      if (xyz == nullptr || xyz->size() != 3) fail(node, "each cube must be [x, y, z]");
      std::array<int, 3> v{};
      for (std::size_t i = 0; i < 3; ++i) {
        auto n = (*xyz)[i].value<int64_t>();
        const int most = partCells(lattice) ? 32 * partBlock(lattice) : 32;  // (part-cells: voxels)
        if (!n || *n < 0 || *n > most)
          fail(node, fmt::format("cube coordinates must be whole numbers from 0 to {}", most));
        v[i] = static_cast<int>(*n);
      }
      shape.push_back(Site{v[0], v[1], v[2]});
    }
    return shape;
  }

  PieceDef piece(const toml::table& table, Lattice lattice, const Family& family, int index) const {
    onlyKnownKeys(table,
                  {"letter", "name", "colour", "copies", "moves", "shape", "colours", "cubes", "faces",
                   "parts", "cell_colours"},
                  "a [[piece]]");
    PieceDef piece;
    piece.line = static_cast<int>(table.source().begin.line);
    const std::string letter = requiredString(table, "letter", &table);
    if (letter.size() != 1 || !std::isalnum(static_cast<unsigned char>(letter[0])))
      fail(table.get("letter"), fmt::format("a piece letter is one letter or digit, not '{}'", letter));
    piece.letter = letter[0];
    piece.name = optionalText(table, "name").value_or(letter);
    piece.colourGiven = table.get("colour") != nullptr;
    piece.colour = optionalString(table, "colour").value_or(kPalette[index % 14]);
    if (piece.colour.size() != 7 || piece.colour[0] != '#' ||
        !std::all_of(piece.colour.begin() + 1, piece.colour.end(),
                     [](char c) { return std::isxdigit(static_cast<unsigned char>(c)); }))
      fail(table.get("colour"), fmt::format("colour '{}' is not of the form #rrggbb", piece.colour));
    if (const toml::node* copies = table.get("copies")) {
      // A number, or [min, max]: a solution uses from min to max copies (BurrTools' piece ranges).
      if (const toml::array* range = copies->as_array()) {
        const auto low = range->size() == 2 ? (*range)[0].value<int64_t>() : std::nullopt;
        const auto high = range->size() == 2 ? (*range)[1].value<int64_t>() : std::nullopt;
        if (!low || !high || *low < 0 || *high < 1 || *high > 64 || *low > *high)
          fail(copies, "'copies' as a range must be [min, max] with 0 <= min <= max, max from 1 to 64");
        piece.minCopies = static_cast<int>(*low);
        piece.copies = static_cast<int>(*high);
        if (lattice == Lattice::HexPegs && piece.ranged())
          fail(copies, "a range of copies is not supported on hex-pegs (every piece is placed there)");
      } else {
        auto n = copies->value<int64_t>();
        if (!n || *n < 1 || *n > 64)
          fail(copies, "'copies' must be a whole number from 1 to 64, or a range [min, max]");
        piece.copies = piece.minCopies = static_cast<int>(*n);
      }
    }
    const std::string moves = optionalString(table, "moves").value_or("turn-mirror");
    if (moves == "turn")
      piece.moves = Moves::Turn;
    else if (moves == "turn-mirror")
      piece.moves = Moves::TurnMirror;
    else if (moves == "faces")
      piece.moves = Moves::Faces;
    else
      fail(table.get("moves"), fmt::format("unknown moves '{}' (turn, turn-mirror or faces)", moves));

    if (const PieceReader* own = family.pieceReader()) {  // IQ-Link: balls and rings
      own->read(*this, table, piece);
      return piece;
    }
    if (piece.moves == Moves::Faces) {
      const toml::node* faces = table.get("faces");
      const toml::array* list = faces ? faces->as_array() : nullptr;
      if (list == nullptr || list->empty())
        fail(&table, fmt::format("piece '{}' with moves = \"faces\" needs 'faces'", letter));
      for (const auto& face : *list) piece.faces.push_back(shapePicture(&face, lattice));
    } else if (const toml::node* coloured = table.get("colours")) {
      if (table.get("shape") != nullptr) fail(coloured, "give 'shape' or 'colours', not both");
      if (layered(lattice)) fail(coloured, "'colours' needs a flat lattice (square or triangular)");
      piece.faceColours.emplace_back();
      piece.faces.push_back(shapePicture(coloured, lattice, &piece.faceColours.back()));
    } else if (const toml::node* shape = table.get("shape")) {
      piece.faces.push_back(shapePicture(shape, lattice));
    } else if (const toml::node* cubes = table.get("cubes")) {
      piece.faces.push_back(shapeCubes(cubes, lattice));
    } else {
      fail(&table,
           fmt::format("piece '{}' needs 'shape' (a picture), 'colours', 'cubes' or 'faces'", letter));
    }
    for (const Shape& face : piece.faces)
      for (const Site& s : face)
        if (!isCell(lattice, s))
          fail(&table, fmt::format("piece '{}': [{}, {}, {}] is no cell ({})", letter, s.x, s.y, s.z,
                                   noCellThere(lattice)));
    if (const toml::node* colours = table.get("cell_colours")) {
      if (table.get("colours") != nullptr || piece.faces.size() != 1 || lattice == Lattice::Triangular)
        fail(colours,
             "'cell_colours' goes with a piece's 'shape' or 'cubes' (not 'colours' or 'faces'), "
             "on a square, cubic or sphere lattice");
      piece.cellColours = colourList(*colours, "cell_colours", piece.faces.front().size(), "cells");
    }
    return piece;
  }

  // A list of `count` constraint colours, 0 (neutral) to kMaxConstraintColour.
  std::vector<int> colourList(const toml::node& node, std::string_view key, std::size_t count,
                              std::string_view what) const {
    const toml::array* list = node.as_array();
    if (list == nullptr || list->size() != count)
      fail(&node,
           fmt::format("'{}' must be a list of {} colours, one per {} in reading order", key, count, what));
    std::vector<int> colours;
    for (const auto& item : *list) {
      const auto n = item.value<int64_t>();
      if (!item.is_integer() || !n || *n < 0 || *n > kMaxConstraintColour)
        fail(&node, fmt::format("'{}': each colour is a whole number from 0 (neutral) to {}", key,
                                kMaxConstraintColour));
      colours.push_back(static_cast<int>(*n));
    }
    return colours;
  }

  // Colour constraints: the board's cell colours and the allowed (piece colour, board colour) pairs.
  ColourConstraints colourConstraints(const toml::table& root, std::size_t cells, Lattice lattice) const {
    ColourConstraints constraints;
    const toml::node* board = root.get("board_colours");
    const toml::node* rules = root.get("colour_rules");
    if (board == nullptr) {
      if (rules != nullptr) fail(rules, "'colour_rules' needs 'board_colours' (the board cells' colours)");
      return constraints;
    }
    if (lattice == Lattice::Triangular || lattice == Lattice::HexPegs)
      fail(board, "'board_colours' needs a square, cubic or sphere lattice");
    constraints.cellColours = colourList(*board, "board_colours", cells, "board cell");
    if (rules == nullptr) return constraints;
    const toml::array* pairs = rules->as_array();
    if (pairs == nullptr) fail(rules, "'colour_rules' must be a list of [piece colour, board colour] pairs");
    for (const auto& item : *pairs) {
      const toml::array* pair = item.as_array();
      const auto a = pair != nullptr && pair->size() == 2 ? (*pair)[0].value<int64_t>() : std::nullopt;
      const auto b = pair != nullptr && pair->size() == 2 ? (*pair)[1].value<int64_t>() : std::nullopt;
      if (!a || !b || *a < 1 || *b < 1 || *a > kMaxConstraintColour || *b > kMaxConstraintColour)
        fail(rules, fmt::format("'colour_rules': each rule is [piece colour, board colour], colours 1 to {}",
                                kMaxConstraintColour));
      constraints.allowed.insert({static_cast<int>(*a), static_cast<int>(*b)});
    }
    return constraints;
  }

 private:
  std::string source_;
  ControlCharacters controls_;
};

// A `[min, max]` pair of counts.
std::pair<int, int> readRange(const Reader& reader, const toml::node& node, std::string_view key) {
  const toml::array* pair = node.as_array();
  if (pair == nullptr || pair->size() != 2 || !(*pair)[0].is_integer() || !(*pair)[1].is_integer())
    reader.fail(&node, fmt::format("'{}' must be [min, max], two whole numbers", key));
  const auto low = *(*pair)[0].value<std::int64_t>();
  const auto high = *(*pair)[1].value<std::int64_t>();
  if (low < 0 || high < low || high > 1000)
    reader.fail(&node, fmt::format("'{}' must be [min, max] with 0 <= min <= max <= 1000", key));
  return {static_cast<int>(low), static_cast<int>(high)};
}

// [booklet.LEVEL] tables: what the official booklet's challenges of that level are like.
Booklet readBooklet(const Reader& reader, const toml::node& node) {
  static constexpr std::array<std::string_view, 5> kLevels = {"Starter", "Junior", "Expert", "Master",
                                                              "Wizard"};
  const toml::table* table = node.as_table();
  if (table == nullptr) reader.fail(&node, "'booklet' must be a table of levels");
  reader.onlyKnownKeys(*table, {"Starter", "Junior", "Expert", "Master", "Wizard"}, "[booklet]");
  Booklet booklet;
  for (std::size_t level = 0; level < kLevels.size(); ++level) {
    const toml::node* entry = table->get(kLevels[level]);
    if (entry == nullptr) continue;
    const toml::table* facts = entry->as_table();
    if (facts == nullptr) reader.fail(entry, fmt::format("'booklet.{}' must be a table", kLevels[level]));
    reader.onlyKnownKeys(*facts, {"to_place", "spare_givens"}, fmt::format("[booklet.{}]", kLevels[level]));
    BookletLevel shape;
    if (const toml::node* toPlace = facts->get("to_place"))
      std::tie(shape.minToPlace, shape.maxToPlace) = readRange(reader, *toPlace, "to_place");
    if (const toml::node* spare = facts->get("spare_givens"))
      std::tie(shape.minSpareGivens, shape.maxSpareGivens) = readRange(reader, *spare, "spare_givens");
    booklet[level] = shape;
  }
  return booklet;
}

}  // namespace

Puzzle loadDefinition(std::string_view text, const std::string& source) {
  return loadDefinition(text, source, ControlCharacters::Refused);
}

Puzzle loadStoredDefinition(std::string_view text, const std::string& source) {
  return loadDefinition(text, source, ControlCharacters::AsSpaces);
}

Puzzle loadDefinition(std::string_view text, const std::string& source, ControlCharacters controls) {
  if (text.size() > kMaxDefinitionBytes)
    throw InputError(fmt::format("{}: the definition is larger than {}, the limit (docs/limits.md)", source,
                                 sizeText(kMaxDefinitionBytes)));
  checkTomlNesting(text, source);
  toml::table root;
  try {
    root = toml::parse(text, source);
  } catch (const toml::parse_error& e) {
    throw InputError(fmt::format("{}:{}: {}", source, e.source().begin.line, e.description()));
  }
  Reader reader(source, controls);
  reader.onlyKnownKeys(root,
                       {"name", "title", "lattice", "board", "box", "fill_every_cell", "marked_cells", "rule",
                        "family", "piece", "booklet", "board_colours", "colour_rules"},
                       "the definition");
  PuzzleSpec spec;
  spec.source = source;
  spec.name = reader.optionalText(root, "name").value_or("");
  if (!root.contains("name")) reader.fail(&root, "missing 'name'");
  spec.title = reader.optionalText(root, "title").value_or(spec.name);
  spec.lattice = reader.lattice(root);
  spec.fillAll = spec.lattice != Lattice::HexPegs;
  if (const toml::node* fill = root.get("fill_every_cell")) {
    if (!fill->is_boolean()) reader.fail(fill, "'fill_every_cell' must be true or false");
    spec.fillAll = *fill->value<bool>();
  }
  if (const toml::node* marked = root.get("marked_cells")) {
    if (!marked->is_boolean() || spec.lattice == Lattice::HexPegs)
      reader.fail(marked, "'marked_cells' must be true or false, on a cell lattice");
    spec.markedCells = *marked->value<bool>();
  }
  if (auto rule = reader.optionalString(root, "rule")) {
    if (*rule == "linked" && spec.lattice == Lattice::HexPegs)
      spec.hasFamilyRule = true;
    else if (*rule != "none")
      reader.fail(root.get("rule"), fmt::format("unknown rule '{}' (linked needs hex-pegs, or none)", *rule));
  }
  if (auto family = reader.optionalString(root, "family")) {
    const std::vector<std::string_view> known = familyNames();
    if (std::find(known.begin(), known.end(), *family) == known.end())
      reader.fail(root.get("family"),
                  fmt::format("unknown puzzle family '{}' (known: {})", *family, fmt::join(known, ", ")));
    spec.family = *family;
  }
  if (const toml::node* booklet = root.get("booklet")) spec.booklet = readBooklet(reader, *booklet);
  spec.cells = reader.board(root, spec.lattice, spec.window, spec.optionalCells);
  spec.colourConstraints = reader.colourConstraints(root, spec.cells.size(), spec.lattice);
  if (!spec.family.empty() && !familyNamed(spec.family).canRule(spec))
    reader.fail(
        root.get("family"),
        fmt::format("the puzzle family '{}' cannot rule this definition (docs/families.md)", spec.family));
  const Family& family = familyNamed(familyFor(spec));

  const toml::node* pieces = root.get("piece");
  const toml::array* list = pieces ? pieces->as_array() : nullptr;
  if (list == nullptr || list->empty()) reader.fail(&root, "no pieces: add [[piece]] tables");
  int index = 0;
  for (const auto& item : *list) {
    const toml::table* table = item.as_table();
    if (table == nullptr) reader.fail(pieces, "each [[piece]] must be a table");
    PieceDef def = reader.piece(*table, spec.lattice, family, index++);
    for (const auto& other : spec.pieces)
      if (std::tolower(static_cast<unsigned char>(other.letter)) ==
          std::tolower(static_cast<unsigned char>(def.letter)))
        reader.fail(table->get("letter"), fmt::format("letter '{}' is used by two pieces", def.letter));
    if (!def.cellColours.empty() && spec.colourConstraints.empty())
      reader.fail(table->get("cell_colours"),
                  "'cell_colours' needs 'board_colours' (the board cells' colours)");
    spec.pieces.push_back(std::move(def));
  }
  return buildPuzzle(std::move(spec));
}

std::vector<std::string> shippedNames() {
  std::vector<std::string> names;
  for (const auto& d : shippedDefinitions()) names.emplace_back(d.name);
  return names;
}

std::string shippedText(const std::string& name) {
  for (const auto& d : shippedDefinitions())
    if (name == d.name) return d.text;
  return {};
}

Puzzle loadPuzzle(const std::string& nameOrPath) {
  std::string definitionText;
  return loadPuzzle(nameOrPath, definitionText);
}

Puzzle loadPuzzle(const std::string& nameOrPath, std::string& definitionText) {
  if (std::string text = shippedText(nameOrPath); !text.empty()) {
    definitionText = std::move(text);
    return loadDefinition(definitionText, nameOrPath + ".toml");
  }
  if (isBurrToolsPath(nameOrPath)) {
    // (the puzzle made from the file as the text says it, without reading the text back: burrtools.hpp)
    std::optional<PuzzleSpec> spec;
    definitionText = burrToolsDefinition(nameOrPath, spec);
    if (!spec || definitionText.size() > kMaxDefinitionBytes)
      return loadDefinition(definitionText, nameOrPath);
    spec->source = nameOrPath;
    for (std::size_t i = 0; i < spec->pieces.size(); ++i)
      if (!spec->pieces[i].colourGiven) spec->pieces[i].colour = kPalette[i % 14];
    return buildPuzzle(std::move(*spec));
  }
  std::error_code ec;
  if (!std::filesystem::exists(nameOrPath, ec)) {
    std::string known;
    for (const auto& n : shippedNames()) known += (known.empty() ? "" : ", ") + n;
    throw InputError(
        fmt::format("unknown puzzle '{}': not a shipped name ({}) nor a readable file", nameOrPath, known));
  }
  std::string text = readFileLimited(nameOrPath, kMaxDefinitionBytes, "the definition");
  std::string extension = std::filesystem::path(nameOrPath).extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (extension == ".toml") {
    definitionText = std::move(text);
    return loadDefinition(definitionText, nameOrPath);
  }
  // Another name is read by its content: BurrTools' XML (gzip-compressed or plain) or else TOML, and an error
  // says which kinds are read (a dlx file read as TOML would otherwise fail on some TOML detail).
  const std::size_t start = text.find_first_not_of(" \t\r\n");
  const bool gzip = text.size() >= 2 && text[0] == '\x1f' && text[1] == '\x8b';
  if (gzip || (start != std::string::npos && text[start] == '<')) {
    definitionText = burrToolsDefinition(nameOrPath);
    return loadDefinition(definitionText, nameOrPath);
  }
  try {
    definitionText = std::move(text);
    return loadDefinition(definitionText, nameOrPath);
  } catch (const InputError& e) {
    throw InputError(
        fmt::format("{} (read as a TOML definition: piecework reads definitions (.toml) and "
                    "BurrTools files (.xmpuzzle))",
                    e.what()));
  }
}

}  // namespace piecework

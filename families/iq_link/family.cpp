// SPDX-License-Identifier: Apache-2.0
// The IQ-Link family: pegs on a hex lattice, each with seven slots (its centre, where a ball sits, and six
// directions, where a ring or a ball's link lies); 3-letter placement codes (docs/notation.md). Its rule,
// that all pieces link into one structure, reaches the engine as peg masks (engine_rule.cpp), the rater as
// its linkability strategy (strategies.cpp); its drawing is drawing.cpp and its terminal pictures
// pictures.cpp, all in this folder.
#include "families/iq_link/family.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <cctype>
#include <optional>
#include <set>

#include "families/iq_link/module.hpp"
#include "puzzle/errors.hpp"
#include "puzzle/piece_reader.hpp"

namespace piecework {
namespace {

int pegIndex(char letter) {
  if (letter >= 'A' && letter <= 'Z') return letter - 'A';
  if (letter >= 'a' && letter <= 'z') return 26 + (letter - 'a');
  return -1;
}

// The placement of `piece` in hex orientation `code` with its middle part on `peg`, or -1 if off the board.
int pegPlacement(const Puzzle& puzzle, int peg, int piece, int code) {
  const Site origin = puzzle.cells[static_cast<std::size_t>(peg)];
  const Shape turned = transformed(puzzle.lattice, hexOrientation(code),
                                   puzzle.pieces[static_cast<std::size_t>(piece)].faces.front());
  std::vector<int> sites;
  for (const Site& s : turned) {
    auto it = puzzle.siteIndex.find(Site{s.x + origin.x, s.y + origin.y, s.z});
    if (it == puzzle.siteIndex.end()) return -1;
    sites.push_back(it->second);
  }
  return puzzle.findPlacement(piece, sites);
}

std::vector<int> parseCodes(const Puzzle& puzzle, std::string_view text) {
  std::string compact;
  std::vector<int> offsets;
  for (std::size_t i = 0; i < text.size(); ++i)
    if (!std::isspace(static_cast<unsigned char>(text[i])))
      compact.push_back(text[i]), offsets.push_back(static_cast<int>(i));
  if (compact.size() % 3 != 0)
    throw InputError(
        fmt::format("challenge: {} letters is not a whole number of 3-letter codes (peg, piece, orientation)",
                    compact.size()));
  std::vector<int> placements;
  std::vector<std::string> slotOwner(puzzle.sites.size());
  std::vector<std::string> pieceCode(puzzle.pieces.size());
  for (std::size_t k = 0; k < compact.size(); k += 3) {
    const std::string code = compact.substr(k, 3);
    const std::string at = fmt::format("challenge code '{}' (character {})", code, offsets[k] + 1);
    const int peg = pegIndex(code[0]);
    if (peg < 0 || peg >= static_cast<int>(puzzle.cells.size()))
      throw InputError(fmt::format("{}: unknown peg '{}' (pegs are A to {})", at, code[0],
                                   pegLetter(static_cast<int>(puzzle.cells.size()) - 1)));
    const int piece = puzzle.pieceByLetter(code[1]);
    if (piece < 0) throw InputError(fmt::format("{}: unknown piece '{}'", at, code[1]));
    const char o = static_cast<char>(std::toupper(static_cast<unsigned char>(code[2])));
    if (o < 'A' || o > 'L')
      throw InputError(fmt::format("{}: unknown orientation '{}' (A to L)", at, code[2]));
    const int id = pegPlacement(puzzle, peg, piece, o - 'A');
    if (id < 0)
      throw InputError(fmt::format("{}: piece '{}' would stick out of the board", at,
                                   puzzle.pieces[static_cast<std::size_t>(piece)].letter));
    if (!pieceCode[static_cast<std::size_t>(piece)].empty() &&
        std::count_if(placements.begin(), placements.end(), [&](int p) {
          return puzzle.placements[static_cast<std::size_t>(p)].piece == piece;
        }) >= puzzle.pieces[static_cast<std::size_t>(piece)].copies)
      throw InputError(fmt::format("{}: piece '{}' is already given by '{}'", at, code[1],
                                   pieceCode[static_cast<std::size_t>(piece)]));
    pieceCode[static_cast<std::size_t>(piece)] = code;
    for (int s : puzzle.placements[static_cast<std::size_t>(id)].sites) {
      if (!slotOwner[static_cast<std::size_t>(s)].empty())
        throw InputError(fmt::format("{}: two parts in one slot of peg {} (with '{}')", at,
                                     pegLetter(pegOfSite(s)), slotOwner[static_cast<std::size_t>(s)]));
      slotOwner[static_cast<std::size_t>(s)] = code;
    }
    placements.push_back(id);
  }
  std::sort(placements.begin(), placements.end());
  return placements;
}

}  // namespace

char pegLetter(int peg) {
  return peg < 26 ? static_cast<char>('A' + peg) : static_cast<char>('a' + peg - 26);
}

std::string pegCode(const Puzzle& puzzle, int placement) {
  // The same answer as trying pegPlacement() for every orientation and peg, in that order, and taking the
  // first that gives this placement; but only the pegs that put the piece's first part onto one of the
  // placement's slots are tried (the rater names thousands of placements per challenge).
  const Placement& target = puzzle.placements[static_cast<std::size_t>(placement)];
  const int piece = target.piece;
  for (int code = 0; code < 12; ++code) {
    const Shape turned = transformed(puzzle.lattice, hexOrientation(code),
                                     puzzle.pieces[static_cast<std::size_t>(piece)].faces.front());
    if (turned.empty() || turned.size() != target.sites.size()) continue;
    int found = -1;  // the lowest peg that works
    for (int slot : target.sites) {
      const Site& at = puzzle.sites[static_cast<std::size_t>(slot)];
      if (at.z != turned.front().z) continue;
      const int dx = at.x - turned.front().x;
      const int dy = at.y - turned.front().y;
      for (int peg = 0; peg < static_cast<int>(puzzle.cells.size()); ++peg) {
        const Site origin = puzzle.cells[static_cast<std::size_t>(peg)];
        if (origin.x != dx || origin.y != dy || (found >= 0 && peg >= found)) continue;
        // The turned parts are distinct, so they are the placement's slots when each one is among them.
        const bool all = std::all_of(turned.begin(), turned.end(), [&](const Site& s) {
          auto it = puzzle.siteIndex.find(Site{s.x + origin.x, s.y + origin.y, s.z});
          return it != puzzle.siteIndex.end() &&
                 std::binary_search(target.sites.begin(), target.sites.end(), it->second);
        });
        if (all) found = peg;
      }
    }
    if (found >= 0)
      return {pegLetter(found), puzzle.pieces[static_cast<std::size_t>(piece)].letter,
              static_cast<char>('A' + code)};
  }
  return "???";
}

namespace {

// IQ-Link's pieces in a definition: parts on pegs, each a ball with one or two links or a ring with its
// openings (docs/puzzle-format.md).
struct PartsReader {
  const DefinitionReader& r;

  static std::optional<int> direction(std::string_view name) {
    static const char* const names[] = {"R", "DR", "DL", "L", "UL", "UR"};
    for (int d = 0; d < 6; ++d)
      if (name == names[d]) return d;
    return std::nullopt;
  }

  std::vector<int> directions(const toml::table& part, std::string_view key) const {
    std::vector<int> dirs;
    const toml::node* node = part.get(key);
    if (node == nullptr) return dirs;
    const toml::array* list = node->as_array();
    if (list == nullptr) r.fail(node, fmt::format("'{}' must be a list of directions", key));
    for (const auto& item : *list) {
      auto name = item.value<std::string>();
      auto d = name ? direction(*name) : std::nullopt;
      if (!d) r.fail(node, fmt::format("'{}': directions are R, DR, DL, L, UL, UR", key));
      if (std::find(dirs.begin(), dirs.end(), *d) != dirs.end())
        r.fail(node, fmt::format("'{}' repeats {}", key, *name));
      dirs.push_back(*d);
    }
    return dirs;
  }

  // Hex-peg pieces: parts on pegs; each part becomes the slots it takes on its peg.
  void pegParts(const toml::node* node, PieceDef& piece) const {
    const toml::array* list = node->as_array();
    if (list == nullptr || list->empty()) r.fail(node, "'parts' must be a list of parts");
    Shape slots;
    for (const auto& item : *list) {
      const toml::table* part = item.as_table();
      if (part == nullptr) r.fail(node, "each part must be a table { at = ..., kind = ... }");
      r.onlyKnownKeys(*part, {"at", "kind", "link", "open"}, "a part");
      PegPart peg;
      const toml::node* at = part->get("at");
      if (at == nullptr) r.fail(node, "a part needs 'at' (0, R, DR, DL, L, UL, UR or [q, r])");
      if (auto name = at->value<std::string>()) {
        if (*name != "0") {
          auto d = direction(*name);
          if (!d) r.fail(at, fmt::format("unknown part position '{}'", *name));
          peg.offset = kHexStep[static_cast<std::size_t>(*d)];
        }
      } else if (const toml::array* qr = at->as_array();
                 qr != nullptr && qr->size() == 2 && (*qr)[0].is_integer() && (*qr)[1].is_integer()) {
        peg.offset = Site{static_cast<int>(*(*qr)[0].value<int64_t>()),
                          static_cast<int>(*(*qr)[1].value<int64_t>()), 0};
      } else {
        r.fail(at, "'at' must be 0, R, DR, DL, L, UL, UR or [q, r]");
      }
      const std::string kind = r.requiredString(*part, "kind", node);
      if (kind == "ball") {
        peg.ball = true;
        peg.directions = directions(*part, "link");
        if (peg.directions.empty() || peg.directions.size() > 2) r.fail(node, "a ball has one or two links");
        slots.push_back(Site{peg.offset.x, peg.offset.y, 0});
        for (int d : peg.directions) slots.push_back(Site{peg.offset.x, peg.offset.y, 1 + d});
      } else if (kind == "ring") {
        peg.directions = directions(*part, "open");
        for (int d = 0; d < 6; ++d)
          if (std::find(peg.directions.begin(), peg.directions.end(), d) == peg.directions.end())
            slots.push_back(Site{peg.offset.x, peg.offset.y, 1 + d});
      } else {
        r.fail(node, fmt::format("unknown part kind '{}' (ball or ring)", kind));
      }
      for (const auto& other : piece.parts)
        if (other.offset == peg.offset) r.fail(node, "two parts of one piece on the same peg");
      piece.parts.push_back(std::move(peg));
    }
    piece.faces.push_back(std::move(slots));
  }
};

class IqLinkPieceReader final : public PieceReader {
 public:
  void read(const DefinitionReader& r, const toml::table& table, PieceDef& piece) const override {
    const toml::node* parts = table.get("parts");
    if (parts == nullptr)
      r.fail(&table, fmt::format("piece '{}' needs 'parts' on the hex-peg lattice", piece.letter));
    if (piece.moves == Moves::Faces) r.fail(table.get("moves"), "hex-peg pieces turn, or turn and mirror");
    PartsReader{r}.pegParts(parts, piece);
  }
};

class IqLinkFamily final : public Family {
 public:
  std::string_view name() const override { return "iq-link"; }
  bool claims(const PuzzleSpec& spec) const override { return spec.lattice == Lattice::HexPegs; }
  int sitesPerCell() const override { return kSlotsPerPeg; }
  const char* cellNoun() const override { return "pegs"; }
  const char* siteNoun() const override { return "peg slots"; }
  bool challengesOnOneLine() const override { return true; }
  std::string_view ruleName() const override { return "linked"; }
  std::string_view ruleClause() const override { return "the pieces must form one linked structure"; }

  // Pegs in reading order with their seven slots.
  const PieceReader* pieceReader() const override {
    static const IqLinkPieceReader reader;
    return &reader;
  }

  std::vector<Site> searchOrder(const Puzzle& puzzle) const override {
    std::vector<Site> sites;
    for (const auto& peg : puzzle.cells)
      for (int slot = 0; slot < kSlotsPerPeg; ++slot) sites.push_back(Site{peg.x, peg.y, slot});
    return sites;
  }

  Challenge parseChallenge(const Puzzle& puzzle, std::string_view text) const override {
    return {parseCodes(puzzle, text), {}};
  }
  std::vector<int> parsePlacements(const Puzzle& puzzle, std::string_view text) const override {
    return parseCodes(puzzle, text);
  }
  std::string formatPlacements(const Puzzle& puzzle, const std::vector<int>& placements,
                               Layout) const override {
    std::vector<int> byPiece = placements;
    std::sort(byPiece.begin(), byPiece.end(), [&](int a, int b) {
      return puzzle.placements[static_cast<std::size_t>(a)].piece <
             puzzle.placements[static_cast<std::size_t>(b)].piece;
    });
    std::string out;
    for (int id : byPiece) out += pegCode(puzzle, id);
    return out;
  }
  std::string describePlacement(const Puzzle& puzzle, int placement) const override {
    return pegCode(puzzle, placement);
  }
  std::string siteName(const Puzzle&, int site) const override {
    return fmt::format("peg {}", pegLetter(pegOfSite(site)));
  }
  std::string placementWhere(const Puzzle& puzzle, int placement) const override {
    std::set<int> pegs;
    for (int site : puzzle.placements[static_cast<std::size_t>(placement)].sites)
      pegs.insert(pegOfSite(site));
    std::string letters;  // "A", "A and B", "A, B and G"
    std::size_t i = 0;
    for (const int peg : pegs) {
      if (i > 0) letters += i + 1 == pegs.size() ? " and " : ", ";
      letters += pegLetter(peg);
      ++i;
    }
    return fmt::format("on peg{} {}", pegs.size() == 1 ? "" : "s", letters);
  }
  std::string rulesText(const Puzzle& puzzle) const override {
    return "Put the pieces shown under each board on the empty pegs. A ball may sit inside an open ring when "
           "its link "
           "passes through the opening." +
           std::string(puzzle.hasFamilyRule ? " All pieces must link into one structure." : "");
  }
};

}  // namespace

const Family& iqLinkFamily() {
  static const IqLinkFamily family;
  return family;
}

}  // namespace piecework

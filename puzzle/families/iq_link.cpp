// The IQ-Link family: pegs on a hex lattice, each with seven slots (its centre, where a ball sits, and six
// directions, where a ring or a ball's link lies); 3-letter placement codes (docs/notation.md). Its rule,
// that all pieces link into one structure, reaches the engine as peg masks (solver/families/iq_link.cpp), the
// rater as its linkability strategy (rater/families/iq_link.cpp); its drawing is output/families/iq_link.cpp.
#include "puzzle/families/iq_link.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <cctype>
#include <set>

#include "puzzle/errors.hpp"
#include "puzzle/families/registry.hpp"

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
        throw InputError(fmt::format("{}: two parts in one slot of peg {} (with '{}')", at, pegLetter(s / 7),
                                     slotOwner[static_cast<std::size_t>(s)]));
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

class IqLinkFamily final : public Family {
 public:
  std::string_view name() const override { return kFamilyIqLink; }
  int sitesPerCell() const override { return 7; }
  const char* cellNoun() const override { return "pegs"; }
  const char* siteNoun() const override { return "peg slots"; }

  // Pegs in reading order with their seven slots.
  std::vector<Site> searchOrder(const Puzzle& puzzle) const override {
    std::vector<Site> sites;
    for (const auto& peg : puzzle.cells)
      for (int slot = 0; slot < 7; ++slot) sites.push_back(Site{peg.x, peg.y, slot});
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
    return fmt::format("peg {}", pegLetter(site / 7));
  }
  std::string placementWhere(const Puzzle& puzzle, int placement) const override {
    std::set<int> pegs;
    for (int site : puzzle.placements[static_cast<std::size_t>(placement)].sites) pegs.insert(site / 7);
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
           std::string(puzzle.linked ? " All pieces must link into one structure." : "");
  }
};

}  // namespace

const Family& iqLinkFamily() {
  static const IqLinkFamily family;
  return family;
}

}  // namespace piecework

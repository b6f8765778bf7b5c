// SPDX-License-Identifier: Apache-2.0
// A puzzle as the engine sees it: board sites, pieces with their distinct orientations, every distinct
// placement on the empty board, and the board symmetries that map the placement set onto itself.
#pragma once

#include <array>
#include <climits>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "puzzle/geometry.hpp"

namespace piecework {

class Family;  // puzzle/family.hpp

enum class Moves { Turn, TurnMirror, Faces };

// One part of a piece on the hex-peg lattice (IQ-Link): a ball with its links, or a ring with its openings.
struct PegPart {
  Site offset;  // peg offset from the middle part, z = 0
  bool ball = false;
  std::vector<int> directions;  // ball: its links; ring: its openings (none for a closed ring)
};

struct PieceDef {
  char letter = '?';
  std::string name;
  std::string colour;        // "#rrggbb"
  bool colourGiven = false;  // the definition gave `colour` (else one of the palette's, for drawing only)
  int copies = 1;            // identical copies; with a range (minCopies < copies), the most that may be used
  int minCopies = 1;         // the fewest copies a solution uses (equal to copies unless a range is given)
  Moves moves = Moves::TurnMirror;
  std::vector<Shape> faces;  // base shapes as defined (hex: slots relative to the middle part)
  // Coloured squares (IQ Focus): per face, the colour letter of each square in faces[i]'s order; empty when
  // the piece's squares carry no colours.
  std::vector<std::vector<char>> faceColours;
  // Colour constraints (BurrTools'): the constraint colour of each cell of faces.front(), in its order, 1 to
  // kMaxConstraintColour, 0 for a neutral cell; empty when the piece's cells carry none. (A piece has
  // faceColours or these, not both.)
  std::vector<int> cellColours;
  std::vector<PegPart> parts;       // hex-peg pieces only
  std::vector<Shape> orientations;  // distinct, normalised
  // coloured pieces (faceColours or cellColours): per orientation, per (sorted) square
  std::vector<std::vector<char>> orientationColours;
  int line = 0;  // where the definition declares it (for error messages), 0 if unknown
  int size() const { return faces.empty() ? 0 : static_cast<int>(faces.front().size()); }
  bool ranged() const { return minCopies != copies; }  // a solution may use fewer copies than `copies`
};

// Colour constraints, as BurrTools has them: board cells and piece cells may carry a colour (1 to
// kMaxConstraintColour; 0 is neutral), and a placement is allowed only where every coloured cell of the
// piece lands on a neutral cell or on a cell whose colour the rules allow for the piece cell's colour.
inline constexpr int kMaxConstraintColour = 63;  // BurrTools' limit
struct ColourConstraints {
  std::vector<int> cellColours;           // per board cell (PuzzleSpec: cells order; Puzzle: per site)
  std::set<std::pair<int, int>> allowed;  // (piece cell colour, board cell colour)
  bool empty() const { return cellColours.empty(); }
  bool allows(int pieceColour, int boardColour) const {
    return pieceColour == 0 || boardColour == 0 || allowed.count({pieceColour, boardColour}) != 0U;
  }
};

struct Placement {
  int piece = 0;
  int orientation = 0;            // index into the piece's orientations
  std::vector<int> sites;         // sorted site indices
  std::vector<char> colours;      // coloured pieces: the colour on each of `sites`; empty otherwise
  char colourAt(int site) const;  // the colour this placement shows on `site`, 0 if none
};

// (piece, sorted sites) -> the placement of that piece on those sites, the lowest-numbered where a coloured
// piece has several: open addressing by a hash of the sites, which are compared in the placements. Measured
// (callgrind, `count FILE#N --json --threads 1`), against an ordered map keyed by a copy of the sites (and,
// for coloured pieces, an ordered set of copies of the sites and colours): computePlacements
// lohe.misused-key#2 (3,751 placements of coloured pieces) 18.5M -> 10.9M instructions and
// ~Puzzle 1.9M -> 1.0M, PelikanBurr#1 (3,601) 11.1M -> 8.9M.
class PlacementIndex {
 public:
  static std::uint64_t keyOf(int piece, const std::vector<int>& sortedSites);
  // The lowest-numbered placement of `piece` on exactly `sortedSites` (whose key is `key`), or -1; with
  // `colours`, the lowest-numbered that also shows those colours on them.
  int find(const std::vector<Placement>& placements, std::uint64_t key, int piece,
           const std::vector<int>& sortedSites, const std::vector<char>* colours = nullptr) const;
  void add(std::uint64_t key, int id);

 private:
  struct Slot {
    std::uint64_t key = 0;
    int id = -1;  // -1: empty
  };
  std::vector<Slot> slots_;
  std::size_t count_ = 0;
};

// A board symmetry: permutations of sites, pieces and placements that map every piece's placement set onto
// the placement set of its image piece.
struct Symmetry {
  std::vector<int> site;
  std::vector<int> piece;
  std::vector<int> placement;
  bool mirror = false;
};

// What an official booklet's challenges of one level are like ([booklet] in the definition,
// docs/puzzle-format.md); the generator keeps to it by default (docs/generating.md).
struct BookletLevel {
  int minToPlace = 0, maxToPlace = INT_MAX;          // pieces to place
  int minSpareGivens = 0, maxSpareGivens = INT_MAX;  // givens the challenge could do without
  bool limitsSpareGivens() const { return minSpareGivens > 0 || maxSpareGivens < INT_MAX; }
};
// By level, Starter first; a level the booklet says nothing about is empty.
using Booklet = std::array<std::optional<BookletLevel>, 5>;

struct PuzzleSpec {
  std::string name;
  std::string title;
  std::string source;  // file name used in error messages
  Lattice lattice = Lattice::Square;
  bool hasFamilyRule = false;       // its family's own rule beyond exact cover applies (rule = "linked")
  bool fillAll = true;              // every board cell must be covered (false: cells may stay empty)
  std::vector<Site> cells;          // board cells, or pegs on the hex lattice (z = 0), in reading order
  std::vector<Site> optionalCells;  // cells that may stay empty even when fillAll ('+' in a board picture)
  std::vector<Site> window;  // cells whose colours a challenge gives (IQ Focus's window), reading order
  bool markedCells = false;  // a piece's letters that are no whole placement mark cells it covers (IQ Stars)
  ColourConstraints colourConstraints;  // none when its cellColours are empty
  std::vector<PieceDef> pieces;
  Booklet booklet;
  std::string family;  // its family's name (puzzle/family.hpp); empty: familyFor() derives it
};

struct Puzzle {
  std::string name;
  std::string title;
  const Family* family = nullptr;  // its rules beyond exact cover, notation and drawing (familyOf())
  Lattice lattice = Lattice::Square;
  // Sites per board cell, its family's (Family::sitesPerCell): 1 where the sites are the cells, which the
  // searches' region pruning needs (IQ-Link: a peg's 7 slots, which have no cell neighbours).
  int sitesPerCell = 1;
  // Its family adds a rule of its own to exact cover, which Rules::familyRule may leave out (IQ-Link's
  // definitions: the pieces must form one linked structure).
  bool hasFamilyRule = false;
  bool fillAll = true;          // every site must be covered (false when some or all may stay empty)
  std::vector<Site> cells;      // reading order (layer, row, column); pegs on the hex lattice
  Site low, high;               // bounding box of the cells
  std::vector<Site> sites;      // search order; bit i of a placement mask is sites[i]
  std::vector<bool> mustFill;   // per site
  std::vector<int> window;      // site indices of the colour window in reading order (empty: no window)
  std::vector<int> windowRows;  // how many window cells each of its rows has, top to bottom
  bool markedCells = false;     // see PuzzleSpec
  ColourConstraints colourConstraints;  // see PuzzleSpec; cellColours per site (placements keep to them)
  Booklet booklet;                      // see PuzzleSpec
  std::unordered_map<Site, int, SiteHash> siteIndex;
  std::vector<PieceDef> pieces;
  std::vector<Placement> placements;
  std::vector<std::vector<int>> piecePlacements;
  PlacementIndex placementIndex;     // (piece, sorted sites) -> placement
  std::vector<Symmetry> symmetries;  // identity first

  int pieceCount() const { return static_cast<int>(pieces.size()); }
  int siteCount() const { return static_cast<int>(sites.size()); }
  int totalPieces() const;  // copies counted (the most, for pieces with a range)
  bool hasCopyRanges() const;
  // Throws InputError ("NAME: WHAT needs ...") when some piece has a range of copies: challenges, their
  // ratings and census assume every piece is placed a known number of times.
  void requireFixedCopies(const std::string& what) const;
  // The piece whose letter matches (case-insensitively), or -1.
  int pieceByLetter(char letter) const;
  // The placement of `piece` covering exactly these sites, or -1.
  int findPlacement(int piece, std::vector<int> sites) const;
};

// Derives sites, orientations, placements and symmetries. Throws InputError for definitions that cannot work.
Puzzle buildPuzzle(PuzzleSpec spec);

// The canonical form of a set of placements under the puzzle's symmetries: the smallest image, sorted.
std::vector<int> canonicalPlacements(const Puzzle& puzzle, const std::vector<int>& placements);

}  // namespace piecework

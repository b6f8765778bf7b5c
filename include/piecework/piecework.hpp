// SPDX-License-Identifier: Apache-2.0
// piecework: generate, solve and rate piece-placement puzzles (IQ-Link, IQ Fit, IQ Blocks, pentomino boards,
// the Soma cube, the Super IQ cube, or any puzzle defined in a small TOML file).
//
// This header is the library's whole public interface: load a puzzle, read a challenge, count, solve, prove
// unique, rate, hint and generate; keep challenges in a catalog, print a booklet of them and a sheet of one.
//
//   #include <piecework/piecework.hpp>
//   namespace pw = piecework::api;
//   const pw::Puzzle soma = pw::Puzzle::load("soma");
//   const pw::Counts counts = pw::count(soma);  // counts.solutions 11520, counts.distinct 240
//
// Building against it: with CMake, find_package(piecework) and target_link_libraries(app
// piecework::piecework); otherwise `pkg-config --cflags --libs piecework`. It needs C++17 or later.
//
// Errors: bad input (an unknown puzzle, a malformed definition or challenge, overlapping givens) throws
// piecework::api::Error, whose what() is one line naming what and where. Out of memory throws std::bad_alloc.
//
// Threads: a Puzzle does not change after loading; it may be shared between threads, and every function below
// may be called from several threads at once. count() and generate() use several threads of their own
// (Options::threads).
//
// Time: most calls take milliseconds; counting every solution of a large empty board (IQ-Link, IQ Fit: tens
// of seconds; the Super IQ cube: far longer) or generating many challenges at a scarce level
// (docs/generating.md) can take minutes. The overloads of count(), solve(), uniqueness() and generate() that
// take a Control report progress and can be cancelled from another thread (StopToken): a search checks the
// flag every few thousand nodes, so they return within milliseconds of it. solve() can also hand each
// solution to a callback as it is found. The other overloads run to the end.
//
// Drawing: writeBooklet() and writeSheet() draw through piecework's drawing module (piecework_draw.so, in
// LIBDIR/piecework/ beside the library, as installed), loaded on first use: without it they throw Error in
// one line, and nothing else needs it. The catalog is an SQLite file (docs/catalog.md), the one the
// command line's `catalog`, `generate --db` and `booklet` read and write.
//
// The puzzle definition format is described in docs/puzzle-format.md, the challenge notation in
// docs/notation.md, the levels in docs/rating.md and generation in docs/generating.md (installed in
// share/doc/piecework).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#if defined(__GNUC__)
#define PIECEWORK_API __attribute__((visibility("default")))
#else
#define PIECEWORK_API
#endif

namespace piecework::api {

// The library's version, "MAJOR.MINOR.PATCH".
PIECEWORK_API const char* version();

// Bad input; what() is one line naming what and where ("soma.toml:12: ...").
class PIECEWORK_API Error : public std::runtime_error {
 public:
  explicit Error(const std::string& what);
};

// The difficulty levels, easiest first (docs/rating.md).
enum class Level { Starter, Junior, Expert, Master, Wizard };
// "Starter" .. "Wizard"; throws Error for a value outside the enumeration.
PIECEWORK_API const char* levelName(Level level);
// Case-insensitive ("expert", "Expert"); throws Error for an unknown name.
PIECEWORK_API Level parseLevel(std::string_view name);

// Pieces placed on a puzzle's board: a challenge's givens or a whole solution. A placement is a number from 0
// to Puzzle::placementCount() - 1 that stands for one piece in one position; it means something only together
// with the puzzle it came from. Puzzle::parse and Puzzle::format convert to and from the notation.
//
// Some families ask more of a challenge than placed pieces: IQ Focus's challenge is the colour pattern its
// window must show (colours), IQ Stars' may mark cells a given piece must cover (markedPieces). Puzzle::parse
// and generate() fill these and every function below honours them; they name board sites by number, so they
// too mean something only with their puzzle. Solutions have none.
struct Challenge {
  std::vector<int> placements;                      // sorted
  std::vector<std::pair<int, char>> colours{};      // (site, colour letter): the colour the site must show
  std::vector<std::pair<int, int>> markedPieces{};  // (site, piece index): the piece that must cover the site
};

struct Options {
  bool linked = true;  // IQ-Link: the pieces must form one linked structure (the toy's rule)
  int threads = 0;     // count() and generate(): threads to use, 0 for every core, at most 256
};

class PIECEWORK_API Puzzle {
 public:
  // A shipped name (see shippedNames()) or else the path of a definition file, as the command line takes it.
  static Puzzle load(const std::string& nameOrPath);
  // The definition file at `path`, never a shipped name: a TOML definition or a BurrTools file (.xmpuzzle,
  // or any other name, read by its content), as load() reads files.
  static Puzzle fromFile(const std::string& path);
  // A definition in TOML; `source` names it in error messages.
  static Puzzle fromToml(std::string_view toml, const std::string& source = "definition");
  // The puzzles compiled into the library ("iq-link", "soma", ...).
  static std::vector<std::string> shippedNames();

  const std::string& name() const;
  const std::string& title() const;
  int pieceCount() const;  // pieces to place, copies counted
  int cellCount() const;   // board cells (pegs on IQ-Link's board)
  int placementCount() const;

  // Reads a challenge (or a solution) in the notation: a picture with '/' between rows and '|' between
  // layers, IQ-Link's 3-letter codes, or IQ Focus's colour pattern (RRR/BWB/BRB). Throws Error naming the
  // position of a mistake.
  Challenge parse(std::string_view text) const;
  // Writes a challenge in the notation (its colour pattern, or its pieces with their marked cells), on one
  // line (or one board row per line).
  std::string format(const Challenge& challenge, bool oneLine = true) const;

  struct Impl;
  const Impl& impl() const { return *impl_; }

 private:
  explicit Puzzle(std::shared_ptr<const Impl> impl);
  std::shared_ptr<const Impl> impl_;
};

struct Counts {
  std::uint64_t solutions = 0;  // every filling of the board that keeps the givens
  std::uint64_t distinct = 0;   // up to the board's symmetries that keep the givens in place
  int symmetries = 1;           // how many symmetries `distinct` is taken under
  std::uint64_t nodes = 0;      // search nodes visited
  double seconds = 0;
};
PIECEWORK_API Counts count(const Puzzle& puzzle, const Challenge& givens = {}, const Options& options = {});

enum class Uniqueness { None, Unique, Multiple };
// Searches for at most two solutions.
PIECEWORK_API Uniqueness uniqueness(const Puzzle& puzzle, const Challenge& givens,
                                    const Options& options = {});
// Up to `max` solutions (givens included), always in the same order.
PIECEWORK_API std::vector<Challenge> solve(const Puzzle& puzzle, const Challenge& givens, std::size_t max = 1,
                                           const Options& options = {});

struct Rating {
  Level level = Level::Starter;
  double score = 0;                      // orders challenges within and across levels
  bool solved = false;                   // the human strategies reached the solution
  std::string hardest;                   // the hardest strategy needed ("single placement", ..., "trial")
  int toPlace = 0;                       // pieces left to place
  int trials = 0;                        // trial placements needed
  Challenge solution;                    // when solved
  std::vector<std::string> explanation;  // the steps, in words a person can follow
};
// Grades a challenge by replaying human strategies. Throws Error for a challenge without a solution; a
// challenge with several solutions comes back graded as finding one of them (call uniqueness() to tell).
PIECEWORK_API Rating rate(const Puzzle& puzzle, const Challenge& givens, const Options& options = {});

// One hint, as `piecework hint` gives them: a placement to make, placements to rule out with their reason,
// or a guess that fails or works, in words a person can follow (docs/rating.md, "Hints").
struct Hint {
  enum class Kind { Place, RuleOut, GuessFails, GuessWorks };
  Kind kind = Kind::Place;
  int depth = 0;              // how many guesses it rests on (0: none)
  std::string text;           // one line
  Challenge board;            // the givens and every placement made by this hint and those before it
  std::vector<int> ruledOut;  // the placements it shows crossed out (a rule-out or a failed guess)
};
// Every hint for a challenge, in order: the first is the most useful step a person can take (a forced
// placement where there is one, else the few placements ruled out that make one forced), and the last fills
// the board. Throws Error for a challenge without a solution; one with several gets hints towards one of
// them.
PIECEWORK_API std::vector<Hint> hints(const Puzzle& puzzle, const Challenge& givens,
                                      const Options& options = {});

// The short explanation, as `piecework rate --explain` prints it: one line per move of the path a person
// would take (a piece placed, placements ruled out and why, a guess that fails or works), where
// Rating::explanation holds every step of the rater's log (`rate --explain=full`). Throws Error as rate().
struct ExplanationLine {
  int depth = 0;     // how many guesses the move rests on (the command indents by it)
  std::string text;  // one line
};
PIECEWORK_API std::vector<ExplanationLine> shortExplanation(const Puzzle& puzzle, const Challenge& givens,
                                                            const Options& options = {});

struct Generated {
  Challenge challenge;  // the givens (and the colour pattern or marked cells, where the family has them)
  Challenge solution;   // the unique solution
  Rating rating;
  std::uint64_t seed = 0;  // regenerate(puzzle, level, seed) makes this challenge again
};
// `count` unique challenges at `level`; the same seed gives the same challenges whatever the thread count.
// Fewer come back when the generator gives up on the level (docs/generating.md).
PIECEWORK_API std::vector<Generated> generate(const Puzzle& puzzle, Level level, int count,
                                              std::uint64_t seed = 1, const Options& options = {});
// The one challenge a Generated::seed stands for (same puzzle, level and Options::linked), as
// `piecework generate --challenge-seed` makes it; nullopt for a seed that yields no challenge at the level.
PIECEWORK_API std::optional<Generated> regenerate(const Puzzle& puzzle, Level level, std::uint64_t seed,
                                                  const Options& options = {});

// Progress and cancellation of a long call: new types and overloads beside the calls above, which keep their
// meaning (and the library its ABI).
//
// A stop flag that any thread may set; copies share one flag, so the caller keeps a copy and passes another
// in Control. Once set it stays set.
class PIECEWORK_API StopToken {
 public:
  StopToken();
  void requestStop() const noexcept;
  bool stopRequested() const noexcept;

  struct Access;  // (the library's own)

 private:
  friend struct Access;
  std::shared_ptr<std::atomic<bool>> flag_;
};

struct Progress {
  std::uint64_t done = 0;   // parts finished: count()'s jobs (a share of the search tree), generate()'s
                            // challenges, solve()'s solutions
  std::uint64_t total = 0;  // parts in all; 0 while not yet known (and always for solve())
  double seconds = 0;       // since the call began
};

struct Control {
  // Called once as the call begins (done 0), then at least once a second while it runs, one call at a time,
  // from a thread of the library's own; it must return quickly and not throw. May be empty.
  std::function<void(const Progress&)> progress;
  // Set from any thread to stop the call: the searches of count(), solve() and uniqueness() stop within a few
  // thousand nodes (milliseconds), wherever they are in the tree; generate() stops after the attempts under
  // way.
  StopToken stop;
};

struct CountReport {
  Counts counts;           // when cancelled, the solutions of the jobs finished only (a lower bound); the
                           // nodes include those of the jobs cut short
  bool cancelled = false;  // Control::stop cut the count short
};
PIECEWORK_API CountReport count(const Puzzle& puzzle, const Challenge& givens, const Options& options,
                                const Control& control);

struct SolveReport {
  std::uint64_t found = 0;  // solutions handed to the callback
  bool exhausted = false;   // the whole tree was searched: there are no more solutions
  bool cancelled = false;   // Control::stop cut the search short
};
// Hands every solution (givens included, in solve()'s order) to `onSolution` as it is found, on the calling
// thread; returning false stops the search (not counted as cancelled).
PIECEWORK_API SolveReport solve(const Puzzle& puzzle, const Challenge& givens,
                                const std::function<bool(const Challenge&)>& onSolution,
                                const Options& options = {}, const Control& control = {});

struct UniquenessReport {
  Uniqueness uniqueness =
      Uniqueness::None;    // when cancelled, as far as the search got (None: none found yet)
  bool cancelled = false;  // Control::stop cut the search short
};
PIECEWORK_API UniquenessReport uniqueness(const Puzzle& puzzle, const Challenge& givens,
                                          const Options& options, const Control& control);

struct GenerateReport {
  std::vector<Generated> challenges;  // as generate() gives them; when cancelled, those finished first
  bool cancelled = false;
};
PIECEWORK_API GenerateReport generate(const Puzzle& puzzle, Level level, int count, std::uint64_t seed,
                                      const Options& options, const Control& control);

// ---------------------------------------------------------------------------------------------------------
// The catalog (docs/catalog.md): an SQLite file of puzzles, challenges and booklets, the one the command
// line's `catalog`, `generate --db` and `booklet` use.

struct CatalogChallenge {
  std::int64_t id = 0;
  std::string puzzle;  // the puzzle's name (its definition is stored beside it)
  Level level = Level::Starter;
  double score = 0;
  int given = 0;           // pieces given
  int toPlace = 0;         // pieces to place
  std::string challenge;   // in the notation, on one line (Puzzle::parse reads it)
  std::string solution;    // the one solution, in the notation
  bool linked = true;      // stored under the puzzle's family rule (Options::linked)
  std::uint64_t seed = 0;  // the seed it was stored with (Generated::seed), 0 when none
};

struct CatalogQuery {
  std::vector<std::string> puzzles;  // puzzle names; empty: every puzzle
  std::vector<Level> levels;         // empty: every level
};

class PIECEWORK_API Catalog {
 public:
  // Opens the catalog at `path`, creating it when there is no file (or an empty one), as `piecework generate
  // --db` does. Throws Error, leaving the file untouched, when it is not a catalog (or from a newer version).
  explicit Catalog(const std::string& path);
  const std::string& path() const;

  // Stores a challenge of `puzzle` (with its definition), as `piecework generate --db` stores one: it is
  // admitted only with exactly one solution (searched again here, not taken on trust) and graded again, so
  // the stored level is the rater's whatever `challenge.rating` says; the seed is kept as given. Returns
  // false (nothing stored) when the catalog already holds the challenge or one of its symmetric images under
  // the same rules. Throws Error for a challenge with no solution or several.
  bool add(const Puzzle& puzzle, const Generated& challenge, const Options& options = {});

  // The stored challenges that match, ordered by level (Starter..Wizard), then score, then id, as `piecework
  // catalog list` lists them; each row is checked as that command checks it (Error naming a damaged row).
  std::vector<CatalogChallenge> challenges(const CatalogQuery& query = {}) const;

  struct Impl;

 private:
  std::shared_ptr<Impl> impl_;
};

// A booklet's options, as `piecework booklet` takes them (docs/printing.md); an empty text is one not given.
struct BookletOptions {
  CatalogQuery challenges;       // the stored challenges to print (default: every one)
  std::string order = "puzzle";  // "puzzle", "level", "generated" or puzzle names separated by commas
  std::string paper = "a4";      // "a4", "a5", "letter" or WIDTHxHEIGHT in millimetres ("148x210")
  double bleedMm = 0;            // 0 to 10, with crop marks
  int perPage = 0;               // challenges per page, 1 to 12; 0: 4, or 2 on paper under 3/4 of A4
  int answersPerPage = 18;       // 1 to 40
  bool answersAtFoot = false;    // each page's answers upside down at its foot instead of an answer key
  bool solutions = true;         // print the answers
  bool cover = false;
  int padTo = 1;  // blank pages at the end up to a multiple of this many, 1 to 64 (4: saddle stitching)
  std::string imprintFile;  // an imprint file (TOML); the texts below win over its fields
  std::string title, author, isbn, edition, date, subject, keywords;
  std::string fontFile;      // TrueType or OpenType; default DejaVu Sans
  bool skipDamaged = false;  // leave damaged rows out (BookletReport::damagedLeftOut) rather than refuse
};

struct BookletReport {
  int pages = 0;
  int challengePages = 0;
  int answerPages = 0;
  int rulesPages = 0;
  int blankPages = 0;
  std::size_t challenges = 0;
  std::vector<std::int64_t> damagedLeftOut;
  std::int64_t bookletId = 0;  // the booklet as the catalog recorded it; 0 when it could not (notRecorded)
  std::string notRecorded;     // why the catalog could not record it (the PDF stands)
};
// Writes a PDF booklet of the catalog's challenges to `pdfPath`, as `piecework booklet --db CATALOG --out
// PDF` does (the same function draws it): each challenge is checked against a fresh solve first, and the
// booklet is recorded in the catalog. Throws Error for bad options, no matching challenge or a damaged row.
PIECEWORK_API BookletReport writeBooklet(const Catalog& catalog, const std::string& pdfPath,
                                         const BookletOptions& options = {});

// A sheet's options, as `piecework sheet` takes them.
struct SheetOptions {
  std::string paper = "a4";  // as BookletOptions::paper
  std::string title;         // the heading; empty: the puzzle's title
  bool solution = false;     // solve the challenge and draw the answer below it
  // Draw the walk-through instead (`sheet --explain`): the challenge, then a small board per move of the
  // path a person would take (the moves of hints()), with the move in words. Not with `solution`.
  bool explain = false;
};

struct SheetReport {
  bool answered = false;         // an answer was drawn (with `solution`, or the walk-through's last board)
  bool unique = false;           // ... and it is the only one (always, for a walk-through)
  Challenge answer;              // the answer drawn
  Level level = Level::Starter;  // the walk-through's level (its heading says it)
  int moves = 0;                 // the walk-through's moves
};
// Writes one challenge as a page to `path` (FILE.pdf, FILE.svg or FILE.png), as `piecework sheet PUZZLE
// --challenge TEXT --out FILE [--solution | --explain]` does (the same function draws it; an SVG is byte for
// byte the command's). Throws Error for a bad path or paper, an answer asked for a challenge without one, or
// a walk-through of a challenge without exactly one solution.
PIECEWORK_API SheetReport writeSheet(const Puzzle& puzzle, const Challenge& challenge,
                                     const std::string& path, const SheetOptions& sheet = {},
                                     const Options& options = {});

}  // namespace piecework::api

// SPDX-License-Identifier: Apache-2.0
// piecework: generate, solve and rate piece-placement puzzles (IQ-Link, IQ Fit, IQ Blocks, pentomino boards,
// the Soma cube, the Super IQ cube, or any puzzle defined in a small TOML file).
//
// This header is the library's whole public interface: load a puzzle, read a challenge, count, solve, prove
// unique, rate and generate.
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
// (docs/generating.md) can take minutes. The overloads of count(), solve() and generate() that take a
// Control report progress and can be cancelled from another thread (StopToken); solve() can also hand each
// solution to a callback as it is found. The other overloads run to the end.
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
  // Set from any thread to stop the call: count() starts no further job and returns after the jobs under way
  // (each a small share of the tree: at least 64 per thread); generate() stops after the attempts under way;
  // solve() stops at the next solution found (a search that finds none runs to the end of its tree).
  StopToken stop;
};

struct CountReport {
  Counts counts;           // when cancelled, the solutions of the jobs finished only (a lower bound)
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

struct GenerateReport {
  std::vector<Generated> challenges;  // as generate() gives them; when cancelled, those finished first
  bool cancelled = false;
};
PIECEWORK_API GenerateReport generate(const Puzzle& puzzle, Level level, int count, std::uint64_t seed,
                                      const Options& options, const Control& control);

}  // namespace piecework::api

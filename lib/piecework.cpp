// SPDX-License-Identifier: Apache-2.0
// The public library interface (include/piecework/piecework.hpp): a thin layer over puzzle/, solver/, rater/
// and generator/ that converts their types and turns their InputError into piecework::api::Error.
#include "piecework/piecework.hpp"

#include "lib/api_internal.hpp"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <limits>
#include <mutex>
#include <thread>
#include <utility>

#include "families/registry.hpp"
#include "generator/generator.hpp"
#include "puzzle/challenge.hpp"
#include "puzzle/definition.hpp"
#include "puzzle/errors.hpp"
#include "puzzle/limits.hpp"
#include "rater/explain.hpp"
#include "rater/hint.hpp"
#include "rater/rater.hpp"
#include "solver/problem.hpp"
#include "solver/solver.hpp"

namespace piecework::api {

namespace internal {

piecework::Level engineLevel(Level level) {
  const int value = static_cast<int>(level);
  if (value < 0 || value > static_cast<int>(Level::Wizard))
    throw Error("level " + std::to_string(value) + " is not one of Starter (0) .. Wizard (4)");
  return static_cast<piecework::Level>(value);
}

Level publicLevel(piecework::Level level) {
  return static_cast<Level>(static_cast<int>(level));
}

Challenge sorted(std::vector<int> placements) {
  std::sort(placements.begin(), placements.end());
  return Challenge{std::move(placements), {}, {}};
}

// The numbers come from the caller, so they are checked as parse() would check their text (a whole window
// of the pieces' colours; marked cells on a puzzle that has them, each on a cell its piece can cover).
const std::vector<int>& checked(const Puzzle& puzzle, const Challenge& challenge) {
  for (const int p : challenge.placements)
    if (p < 0 || p >= puzzle.placementCount())
      throw Error(puzzle.name() + ": placement " + std::to_string(p) + " is not one of this puzzle's 0.." +
                  std::to_string(puzzle.placementCount() - 1));
  if (challenge.colours.empty() && challenge.markedPieces.empty()) return challenge.placements;
  const auto sites = static_cast<int>(inner(puzzle).sites.size());
  const auto pieces = static_cast<int>(inner(puzzle).pieces.size());
  for (const auto& [site, colour] : challenge.colours)
    if (site < 0 || site >= sites)
      throw Error(puzzle.name() + ": colour mark on site " + std::to_string(site) + ", not one of 0.." +
                  std::to_string(sites - 1));
  for (const auto& [site, piece] : challenge.markedPieces)
    if (site < 0 || site >= sites || piece < 0 || piece >= pieces)
      throw Error(puzzle.name() + ": marked cell (site " + std::to_string(site) + ", piece " +
                  std::to_string(piece) + ") is not on this puzzle");
  translated([&] {
    piecework::Challenge c;
    c.givens = challenge.placements;
    c.marks.colours = challenge.colours;
    c.marks.pieces = challenge.markedPieces;
    const piecework::Challenge back =
        parseChallengeText(inner(puzzle), formatChallengeText(inner(puzzle), c));
    const auto sortedMarks = [](auto marks) {
      std::sort(marks.begin(), marks.end());
      return marks;
    };
    if (sortedMarks(back.marks.colours) != sortedMarks(c.marks.colours) ||
        sortedMarks(back.marks.pieces) != sortedMarks(c.marks.pieces))
      throw InputError(puzzle.name() +
                       ": the colours or marked cells are not a challenge of this puzzle "
                       "(each site once, as Puzzle::parse gives them)");
  });
  return challenge.placements;
}

Rules rules(const Options& options, const Challenge& challenge) {
  Rules r;
  r.familyRule = options.linked;
  r.marks.colours = challenge.colours;
  r.marks.pieces = challenge.markedPieces;
  return r;
}

}  // namespace internal

using namespace internal;

namespace {

// The library's families are registered as it loads, before any call can read a definition.
[[maybe_unused]] const bool familiesRegistered = (registerShippedFamilies(), true);

void checkThreads(const Options& options) {
  if (options.threads < 0 || options.threads > kMaxThreads)
    throw Error("threads must be 0 (every core) to " + std::to_string(kMaxThreads) + ", not " +
                std::to_string(options.threads));
}

Challenge publicChallenge(const piecework::Challenge& c) {
  Challenge out = sorted(c.givens);
  out.colours = c.marks.colours;
  out.markedPieces = c.marks.pieces;
  return out;
}

Generated publicGenerated(const GeneratedChallenge& g);

double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Raises `value` to `seen` (the counting threads report jobs done out of order).
void raise(std::atomic<std::uint64_t>& value, std::uint64_t seen) {
  std::uint64_t now = value.load();
  while (now < seen && !value.compare_exchange_weak(now, seen)) {
  }
}

// Calls Control::progress on a thread of its own: once at the start, every half second, and once more at
// finish(), so that a caller sees progress however long each part of the work takes.
class ProgressReporter {
 public:
  ProgressReporter(const Control& control, std::function<Progress(double)> sample)
      : progress_(control.progress), sample_(std::move(sample)) {
    if (progress_) thread_ = std::thread([this] { report(); });
  }
  ~ProgressReporter() { finish(); }
  ProgressReporter(const ProgressReporter&) = delete;
  ProgressReporter& operator=(const ProgressReporter&) = delete;

  void finish() {
    if (!thread_.joinable()) return;
    {
      std::lock_guard lock(mutex_);
      finished_ = true;
    }
    wake_.notify_all();
    thread_.join();
  }

 private:
  void report() {
    std::unique_lock lock(mutex_);
    progress_(Progress{});  // the start, before any part is done, whenever this thread gets to run
    wake_.wait_for(lock, std::chrono::milliseconds(500), [this] { return finished_; });
    for (;;) {
      const bool last = finished_;
      progress_(sample_(secondsSince(start_)));
      if (last) return;
      wake_.wait_for(lock, std::chrono::milliseconds(500), [this] { return finished_; });
    }
  }

  const std::function<void(const Progress&)>& progress_;
  std::function<Progress(double)> sample_;
  const std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  std::mutex mutex_;
  std::condition_variable wake_;
  bool finished_ = false;
  std::thread thread_;
};

Rating convert(const piecework::Rating& r) {
  Rating out;
  out.level = static_cast<Level>(static_cast<int>(r.level));
  out.score = r.score;
  out.solved = r.solved;
  out.hardest = r.hardest;
  out.toPlace = r.toPlace;
  out.trials = r.trials;
  out.solution = sorted(r.solution);
  for (const auto& step : r.steps) out.explanation.push_back(step.explanation);
  return out;
}

}  // namespace

const char* version() {
  return PIECEWORK_VERSION;
}

// One bounded line whatever the input echoed (a name with a newline, a 100 KB path), as the command line
// prints errors.
Error::Error(const std::string& what) : std::runtime_error(errorLine(what)) {}

const char* levelName(Level level) {
  return piecework::levelName(engineLevel(level));
}

Level parseLevel(std::string_view name) {
  const auto level = piecework::parseLevel(name);
  if (!level)
    throw Error("unknown level '" + std::string(name) + "' (Starter, Junior, Expert, Master or Wizard)");
  return static_cast<Level>(static_cast<int>(*level));
}

Puzzle::Puzzle(std::shared_ptr<const Impl> impl) : impl_(std::move(impl)) {}

namespace {

// The puzzle `nameOrPath` names, with the definition text a catalog keeps beside its challenges.
std::shared_ptr<const Puzzle::Impl> loaded(const std::string& nameOrPath) {
  return translated([&] {
    std::string definitionText;
    piecework::Puzzle puzzle = loadPuzzle(nameOrPath, definitionText);
    return std::make_shared<const Puzzle::Impl>(
        Puzzle::Impl{std::move(puzzle), std::move(definitionText), nameOrPath});
  });
}

}  // namespace

Puzzle Puzzle::load(const std::string& nameOrPath) {
  return Puzzle(loaded(nameOrPath));
}

Puzzle Puzzle::fromFile(const std::string& path) {
  // As load() reads a file (by extension, else by content, within docs/limits.md's bounds); a path without a
  // directory is made one, so that a file called "soma" is never taken for the shipped puzzle.
  const std::string file = path.find('/') == std::string::npos ? "./" + path : path;
  std::error_code ec;
  std::string onDisk = file;  // (a BurrTools file may name one of its problems: FILE.xmpuzzle#2)
  if (!std::filesystem::exists(onDisk, ec) && !ec && file.find('#') != std::string::npos)
    onDisk = file.substr(0, file.rfind('#'));
  if (!std::filesystem::exists(onDisk, ec))
    throw Error(path + ": " + (ec ? ec.message() : std::string("no such file")));
  return Puzzle(loaded(file));
}

Puzzle Puzzle::fromToml(std::string_view toml, const std::string& source) {
  return translated([&] {
    return Puzzle(
        std::make_shared<const Impl>(Impl{loadDefinition(toml, source), std::string(toml), source}));
  });
}

std::vector<std::string> Puzzle::shippedNames() {
  return piecework::shippedNames();
}

const std::string& Puzzle::name() const {
  return impl_->puzzle.name;
}

const std::string& Puzzle::title() const {
  return impl_->puzzle.title;
}

int Puzzle::pieceCount() const {
  return impl_->puzzle.totalPieces();
}

int Puzzle::cellCount() const {
  return static_cast<int>(impl_->puzzle.cells.size());
}

int Puzzle::placementCount() const {
  return static_cast<int>(impl_->puzzle.placements.size());
}

Challenge Puzzle::parse(std::string_view text) const {
  return translated([&] { return publicChallenge(parseChallengeText(impl_->puzzle, text)); });
}

std::string Puzzle::format(const Challenge& challenge, bool oneLine) const {
  piecework::Challenge c;
  c.givens = checked(*this, challenge);
  c.marks = rules({}, challenge).marks;
  return translated(
      [&] { return formatChallengeText(impl_->puzzle, c, oneLine ? Layout::OneLine : Layout::Lines); });
}

Counts count(const Puzzle& puzzle, const Challenge& givens, const Options& options) {
  checkThreads(options);
  CountOptions countOptions;
  countOptions.rules = rules(options, givens);
  countOptions.threads = options.threads;
  const CountResult r =
      translated([&] { return countSolutions(inner(puzzle), checked(puzzle, givens), countOptions); });
  Counts out;
  out.solutions = r.solutions;
  out.distinct = r.distinct;
  out.symmetries = r.symmetries;
  out.nodes = r.nodes;
  out.seconds = r.seconds;
  return out;
}

Uniqueness uniqueness(const Puzzle& puzzle, const Challenge& givens, const Options& options) {
  const auto u = translated(
      [&] { return piecework::uniqueness(inner(puzzle), checked(puzzle, givens), rules(options, givens)); });
  switch (u) {
    case piecework::Uniqueness::None:
      return Uniqueness::None;
    case piecework::Uniqueness::Unique:
      return Uniqueness::Unique;
    case piecework::Uniqueness::Multiple:
      break;
  }
  return Uniqueness::Multiple;
}

std::vector<Challenge> solve(const Puzzle& puzzle, const Challenge& givens, std::size_t max,
                             const Options& options) {
  FindOptions find;
  find.rules = rules(options, givens);
  find.max = max;
  if (max == 0) return {};
  const FindResult r =
      translated([&] { return findSolutions(inner(puzzle), checked(puzzle, givens), find); });
  std::vector<Challenge> out;
  for (const auto& solution : r.solutions) out.push_back(sorted(solution));
  return out;
}

Rating rate(const Puzzle& puzzle, const Challenge& givens, const Options& options) {
  return convert(translated([&] {
    // One problem, checked once: a challenge without a solution has nothing to grade (as `piecework rate`).
    const Problem problem = makeProblem(inner(puzzle), checked(puzzle, givens), rules(options, givens));
    if (piecework::uniqueness(problem) == piecework::Uniqueness::None)
      throw InputError(puzzle.name() + ": the challenge has no solution, so it cannot be rated");
    return piecework::rate(problem);
  }));
}

std::vector<ExplanationLine> shortExplanation(const Puzzle& puzzle, const Challenge& givens,
                                              const Options& options) {
  return translated([&] {
    // Checked once, as rate(); the moves are those `rate --explain` prints (rater/explain.hpp).
    const Problem problem = makeProblem(inner(puzzle), checked(puzzle, givens), rules(options, givens));
    if (piecework::uniqueness(problem) == piecework::Uniqueness::None)
      throw InputError(puzzle.name() + ": the challenge has no solution, so it cannot be explained");
    std::vector<ExplanationLine> lines;
    for (const piecework::Move& move : piecework::explainMoves(inner(puzzle), piecework::rate(problem)))
      lines.push_back({move.depth, move.text});
    return lines;
  });
}

std::vector<Hint> hints(const Puzzle& puzzle, const Challenge& givens, const Options& options) {
  return translated([&] {
    // Checked once, as rate(): the hints are the rater's path retold (rater/hint.hpp).
    const Problem problem = makeProblem(inner(puzzle), checked(puzzle, givens), rules(options, givens));
    if (piecework::uniqueness(problem) == piecework::Uniqueness::None)
      throw InputError(puzzle.name() + ": the challenge has no solution, so there is no hint to give");
    const piecework::Rating rating = piecework::rate(problem);
    std::vector<Hint> out;
    for (const Move& move : hintMoves(problem, rating)) {
      Hint hint;
      hint.kind = move.kind == Move::Place        ? Hint::Kind::Place
                  : move.kind == Move::RuleOut    ? Hint::Kind::RuleOut
                  : move.kind == Move::GuessFails ? Hint::Kind::GuessFails
                                                  : Hint::Kind::GuessWorks;
      hint.depth = move.depth;
      hint.text = move.text;
      std::vector<int> board = givens.placements;
      board.insert(board.end(), move.placed.begin(), move.placed.end());
      hint.board = sorted(std::move(board));
      hint.board.colours = givens.colours;
      hint.board.markedPieces = givens.markedPieces;
      hint.ruledOut = move.ruledOut;
      out.push_back(std::move(hint));
    }
    return out;
  });
}

std::vector<Generated> generate(const Puzzle& puzzle, Level level, int count, std::uint64_t seed,
                                const Options& options) {
  if (count < 1) throw Error("generate: count must be 1 or more");
  checkThreads(options);
  GenerateOptions generateOptions;
  generateOptions.level = engineLevel(level);
  generateOptions.count = count;
  generateOptions.seed = seed;
  generateOptions.rules = rules(options);
  generateOptions.threads = options.threads;
  const GenerateResult r = translated([&] { return generateBatch(inner(puzzle), generateOptions); });
  std::vector<Generated> out;
  for (const auto& g : r.challenges) out.push_back(publicGenerated(g));
  return out;
}

std::optional<Generated> regenerate(const Puzzle& puzzle, Level level, std::uint64_t seed,
                                    const Options& options) {
  const AttemptResult attempt =
      translated([&] { return generateAttempt(inner(puzzle), engineLevel(level), rules(options), seed); });
  if (!attempt.challenge) return std::nullopt;
  return publicGenerated(*attempt.challenge);
}

struct StopToken::Access {
  static const std::atomic<bool>* flag(const StopToken& token) { return token.flag_.get(); }
};

StopToken::StopToken() : flag_(std::make_shared<std::atomic<bool>>(false)) {}

void StopToken::requestStop() const noexcept {
  flag_->store(true);
}

bool StopToken::stopRequested() const noexcept {
  return flag_->load();
}

CountReport count(const Puzzle& puzzle, const Challenge& givens, const Options& options,
                  const Control& control) {
  checkThreads(options);
  CountOptions countOptions;
  countOptions.rules = rules(options, givens);
  countOptions.threads = options.threads;
  countOptions.stopRequested = StopToken::Access::flag(control.stop);
  std::atomic<std::uint64_t> done{0}, total{0};
  countOptions.progress = [&](std::size_t jobsDone, std::size_t jobs) {
    total.store(jobs);
    raise(done, jobsDone);
  };
  ProgressReporter reporter(control, [&](double seconds) {
    return Progress{done.load(), total.load(), seconds};
  });
  const CountResult r =
      translated([&] { return countSolutions(inner(puzzle), checked(puzzle, givens), countOptions); });
  reporter.finish();
  CountReport out;
  out.counts.solutions = r.solutions;
  out.counts.distinct = r.distinct;
  out.counts.symmetries = r.symmetries;
  out.counts.nodes = r.nodes;
  out.counts.seconds = r.seconds;
  out.cancelled = r.stopped;
  return out;
}

SolveReport solve(const Puzzle& puzzle, const Challenge& givens,
                  const std::function<bool(const Challenge&)>& onSolution, const Options& options,
                  const Control& control) {
  if (!onSolution) throw Error("solve: no callback for the solutions");
  FindOptions find;
  find.rules = rules(options, givens);
  find.max = std::numeric_limits<std::size_t>::max();
  find.stopRequested = StopToken::Access::flag(control.stop);
  SolveReport out;
  std::atomic<std::uint64_t> found{0};
  find.onSolution = [&](const std::vector<int>& solution) {
    if (control.stop.stopRequested()) {
      out.cancelled = true;
      return false;
    }
    const bool more = onSolution(sorted(solution));
    ++found;
    return more;
  };
  ProgressReporter reporter(control, [&](double seconds) { return Progress{found.load(), 0, seconds}; });
  const FindResult r =
      translated([&] { return findSolutions(inner(puzzle), checked(puzzle, givens), find); });
  reporter.finish();
  out.found = found.load();
  out.exhausted = r.exhausted;
  out.cancelled = out.cancelled || r.stopped;
  return out;
}

UniquenessReport uniqueness(const Puzzle& puzzle, const Challenge& givens, const Options& options,
                            const Control& control) {
  FindOptions find;
  find.rules = rules(options, givens);
  find.max = 2;  // as uniqueness() searches
  find.stopRequested = StopToken::Access::flag(control.stop);
  std::atomic<std::uint64_t> found{0};
  find.onSolution = [&](const std::vector<int>&) {
    ++found;
    return true;
  };
  ProgressReporter reporter(control, [&](double seconds) { return Progress{found.load(), 0, seconds}; });
  const FindResult r =
      translated([&] { return findSolutions(inner(puzzle), checked(puzzle, givens), find); });
  reporter.finish();
  UniquenessReport out;
  out.uniqueness = r.found == 0 ? Uniqueness::None : r.found == 1 ? Uniqueness::Unique : Uniqueness::Multiple;
  out.cancelled = r.stopped;
  return out;
}

GenerateReport generate(const Puzzle& puzzle, Level level, int count, std::uint64_t seed,
                        const Options& options, const Control& control) {
  if (count < 1) throw Error("generate: count must be 1 or more");
  checkThreads(options);
  GenerateOptions generateOptions;
  generateOptions.level = engineLevel(level);
  generateOptions.count = count;
  generateOptions.seed = seed;
  generateOptions.rules = rules(options);
  generateOptions.threads = options.threads;
  generateOptions.stopRequested = StopToken::Access::flag(control.stop);
  std::atomic<std::uint64_t> done{0};
  generateOptions.progress = [&](int produced, const GenerateStats&) {
    raise(done, static_cast<std::uint64_t>(produced));
  };
  ProgressReporter reporter(control, [&](double seconds) {
    return Progress{done.load(), static_cast<std::uint64_t>(count), seconds};
  });
  const GenerateResult r = translated([&] { return generateBatch(inner(puzzle), generateOptions); });
  done.store(static_cast<std::uint64_t>(r.produced));
  reporter.finish();
  GenerateReport out;
  for (const auto& g : r.challenges) out.challenges.push_back(publicGenerated(g));
  out.cancelled = !r.complete && r.failure == "cancelled";
  return out;
}

namespace {

Generated publicGenerated(const GeneratedChallenge& g) {
  Generated item;
  item.challenge = sorted(g.givens);
  item.challenge.colours = g.marks.colours;
  item.challenge.markedPieces = g.marks.pieces;
  item.solution = sorted(g.solution);
  item.rating = convert(g.rating);
  item.seed = g.seed;
  return item;
}

}  // namespace

}  // namespace piecework::api

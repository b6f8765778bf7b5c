// SPDX-License-Identifier: Apache-2.0
// The public library interface (include/piecework/piecework.hpp): a thin layer over puzzle/, solver/, rater/
// and generator/ that converts their types and turns their InputError into piecework::api::Error.
#include "piecework/piecework.hpp"

#include <algorithm>
#include <utility>

#include "families/registry.hpp"
#include "generator/generator.hpp"
#include "puzzle/challenge.hpp"
#include "puzzle/definition.hpp"
#include "puzzle/errors.hpp"
#include "puzzle/limits.hpp"
#include "rater/rater.hpp"
#include "solver/solver.hpp"

namespace piecework::api {

struct Puzzle::Impl {
  piecework::Puzzle puzzle;
};

namespace {

// The library's families are registered as it loads, before any call can read a definition.
[[maybe_unused]] const bool familiesRegistered = (registerShippedFamilies(), true);

// Runs `work`, turning the engine's InputError into the public Error.
template <typename Work>
auto translated(Work&& work) -> decltype(work()) {
  try {
    return work();
  } catch (const InputError& e) {
    throw Error(e.what());
  }
}

const piecework::Puzzle& inner(const Puzzle& puzzle) {
  return puzzle.impl().puzzle;
}

Rules rules(const Options& options) {
  Rules r;
  r.familyRule = options.linked;
  return r;
}

Challenge sorted(std::vector<int> placements) {
  std::sort(placements.begin(), placements.end());
  return Challenge{std::move(placements)};
}

// The givens, checked to be placements of this puzzle (placement numbers come from the caller).
const std::vector<int>& checked(const Puzzle& puzzle, const Challenge& challenge) {
  for (const int p : challenge.placements)
    if (p < 0 || p >= puzzle.placementCount())
      throw Error(puzzle.name() + ": placement " + std::to_string(p) + " is not one of this puzzle's 0.." +
                  std::to_string(puzzle.placementCount() - 1));
  return challenge.placements;
}

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

Error::Error(const std::string& what) : std::runtime_error(what) {}

const char* levelName(Level level) {
  return piecework::levelName(static_cast<piecework::Level>(static_cast<int>(level)));
}

Level parseLevel(std::string_view name) {
  const auto level = piecework::parseLevel(name);
  if (!level)
    throw Error("unknown level '" + std::string(name) + "' (Starter, Junior, Expert, Master or Wizard)");
  return static_cast<Level>(static_cast<int>(*level));
}

Puzzle::Puzzle(std::shared_ptr<const Impl> impl) : impl_(std::move(impl)) {}

Puzzle Puzzle::load(const std::string& nameOrPath) {
  return translated([&] { return Puzzle(std::make_shared<const Impl>(Impl{loadPuzzle(nameOrPath)})); });
}

Puzzle Puzzle::fromFile(const std::string& path) {
  // As the command line reads it: a FIFO would block, a device never end (docs/limits.md).
  return fromToml(
      translated([&] { return readFileLimited(path, kMaxDefinitionBytes, "the puzzle definition"); }), path);
}

Puzzle Puzzle::fromToml(std::string_view toml, const std::string& source) {
  return translated([&] { return Puzzle(std::make_shared<const Impl>(Impl{loadDefinition(toml, source)})); });
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
  return translated([&] { return sorted(parseChallenge(impl_->puzzle, text)); });
}

std::string Puzzle::format(const Challenge& challenge, bool oneLine) const {
  return formatChallenge(impl_->puzzle, checked(*this, challenge), oneLine ? Layout::OneLine : Layout::Lines);
}

Counts count(const Puzzle& puzzle, const Challenge& givens, const Options& options) {
  if (options.threads < 0) throw Error("threads must be 0 (every core) or more");
  CountOptions countOptions;
  countOptions.rules = rules(options);
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
      [&] { return piecework::uniqueness(inner(puzzle), checked(puzzle, givens), rules(options)); });
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
  find.rules = rules(options);
  find.max = max;
  if (max == 0) return {};
  const FindResult r =
      translated([&] { return findSolutions(inner(puzzle), checked(puzzle, givens), find); });
  std::vector<Challenge> out;
  for (const auto& solution : r.solutions) out.push_back(sorted(solution));
  return out;
}

Rating rate(const Puzzle& puzzle, const Challenge& givens, const Options& options) {
  return convert(
      translated([&] { return piecework::rate(inner(puzzle), checked(puzzle, givens), rules(options)); }));
}

std::vector<Generated> generate(const Puzzle& puzzle, Level level, int count, std::uint64_t seed,
                                const Options& options) {
  if (count < 1) throw Error("generate: count must be 1 or more");
  if (options.threads < 0) throw Error("threads must be 0 (every core) or more");
  GenerateOptions generateOptions;
  generateOptions.level = static_cast<piecework::Level>(static_cast<int>(level));
  generateOptions.count = count;
  generateOptions.seed = seed;
  generateOptions.rules = rules(options);
  generateOptions.threads = options.threads;
  const GenerateResult r = translated([&] { return generateBatch(inner(puzzle), generateOptions); });
  std::vector<Generated> out;
  for (const auto& g : r.challenges) {
    Generated item;
    item.challenge = sorted(g.givens);
    item.solution = sorted(g.solution);
    item.rating = convert(g.rating);
    item.seed = g.seed;
    out.push_back(std::move(item));
  }
  return out;
}

}  // namespace piecework::api

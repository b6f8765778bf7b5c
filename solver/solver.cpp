// SPDX-License-Identifier: Apache-2.0
#include "solver/solver.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>

#include "solver/family_rule.hpp"
#include "solver/rule_searches.hpp"

namespace piecework {
namespace {

double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// The searches of the problem's search rule: its family's (families/NAME/), or plain exact cover's.
const RuleSearches& searchesFor(const Puzzle& puzzle, const Problem& problem) {
  static const RuleSearches plain = searchesWith<NoRule>();
  const EngineRule* rule = engineRuleOf(puzzle);
  const RuleSearches* own = rule != nullptr ? rule->searches(problem) : nullptr;
  return own != nullptr ? *own : plain;
}

}  // namespace

CountJobs::CountJobs(const Puzzle& puzzle, const std::vector<int>& givens, const Rules& rules,
                     std::size_t minJobs)
    : CountJobs(makeProblem(puzzle, givens, rules), minJobs) {}

CountJobs::CountJobs(Problem problem, std::size_t minJobs) {
  const Puzzle& puzzle = *problem.puzzle;
  const RuleSearches& searches = searchesFor(puzzle, problem);
  impl_ = searches.countJobs(puzzle, std::move(problem), minJobs, nullptr);
}

CountJobs::CountJobs(Problem problem, std::size_t minJobs, std::span<const Symmetry> group) {
  const Puzzle& puzzle = *problem.puzzle;
  const RuleSearches& searches = searchesFor(puzzle, problem);
  std::vector<const Symmetry*> symmetries;
  for (const Symmetry& s : group) symmetries.push_back(&s);
  impl_ = searches.countJobs(puzzle, std::move(problem), minJobs, &symmetries);
}

CountJobs::~CountJobs() = default;
CountJobs::CountJobs(CountJobs&&) noexcept = default;
CountJobs& CountJobs::operator=(CountJobs&&) noexcept = default;

std::size_t CountJobs::size() const {
  return impl_->size();
}
std::uint64_t CountJobs::weight(std::size_t job) const {
  return impl_->weight(job);
}
int CountJobs::symmetries() const {
  return impl_->symmetries;
}
const std::string& CountJobs::breakingPiece() const {
  return impl_->breakingPiece;
}
std::unique_ptr<CountJobs::Searcher> CountJobs::searcher() const {
  return impl_->searcher();
}

CountResult countSolutions(const Puzzle& puzzle, const std::vector<int>& givens,
                           const CountOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  CountResult result;
  const unsigned threads = options.threads > 0 ? static_cast<unsigned>(options.threads)
                                               : std::max(1U, std::thread::hardware_concurrency());
  result.threads = static_cast<int>(threads);
  const CountJobs jobs(puzzle, givens, options.rules,
                       std::max<std::size_t>(threads > 1 ? 64 * threads : 1, options.minJobs));
  result.symmetries = jobs.symmetries();
  result.breakingPiece = jobs.breakingPiece();
  result.jobs = jobs.size();

  // Jobs finished by an earlier run (checkpoints), added as they were recorded.
  std::vector<char> skip(jobs.size(), 0);
  std::uint64_t distinct = 0, plain = 0, nodes = 0;
  if (options.resume)
    for (const auto& [index, counts] : options.resume(jobs.size())) {
      if (index >= jobs.size() || skip[index] != 0) continue;
      skip[index] = 1;
      plain += counts.solutions, distinct += counts.distinct, nodes += counts.nodes;
    }
  std::atomic<std::size_t> done{static_cast<std::size_t>(std::count(skip.begin(), skip.end(), 1))};
  if (options.progress) options.progress(done.load(), jobs.size());  // the jobs in all, before any finishes

  std::atomic<std::size_t> next{0};
  std::mutex merge, report;
  auto worker = [&] {
    const std::unique_ptr<CountJobs::Searcher> searcher = jobs.searcher();
    searcher->stopWhen(options.stopRequested);
    JobCounts mine;
    for (std::size_t j = next++; j < jobs.size(); j = next++) {
      if (skip[j] != 0) continue;
      if (options.stopRequested != nullptr && options.stopRequested->load(std::memory_order_relaxed)) break;
      const JobCounts counts = searcher->run(j);
      if (counts.stopped) {  // a part of the job: its nodes were visited, its solutions are not all known
        mine.nodes += counts.nodes;
        break;
      }
      mine.solutions += counts.solutions;
      mine.distinct += counts.distinct;
      mine.nodes += counts.nodes;
      if (options.finished) {
        std::lock_guard lock(report);
        options.finished(j, counts);
      }
      const std::size_t finished = ++done;
      if (options.progress) options.progress(finished, jobs.size());
    }
    std::lock_guard lock(merge);
    plain += mine.solutions;
    distinct += mine.distinct;
    nodes += mine.nodes;
  };
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < threads; ++t) pool.emplace_back(worker);
  worker();
  for (auto& t : pool) t.join();

  result.stopped = done.load() < jobs.size();
  result.solutions = plain;
  result.distinct = distinct;
  result.nodes = nodes;
  result.seconds = secondsSince(start);
  return result;
}

FindResult findSolutions(const Puzzle& puzzle, const std::vector<int>& givens, const FindOptions& options) {
  return findSolutions(makeProblem(puzzle, givens, options.rules), options);
}

FindResult findSolutions(const Problem& problem, const FindLimits& limits) {
  const Puzzle& puzzle = *problem.puzzle;
  if (limits.excluded.empty()) return searchesFor(puzzle, problem).find(puzzle, problem, limits);
  // (a mark per placement, not a scan of the list per option. Measured (callgrind, `count Prisgon#1
  // --disassemble --json --threads 1`, 2,494 options, 420 excluded): the scans took 2.7M instructions)
  std::vector<char> out(puzzle.placements.size(), 0);
  for (const int id : limits.excluded) out[static_cast<std::size_t>(id)] = 1;
  Problem without = problem;
  std::erase_if(without.options, [&](int id) { return out[static_cast<std::size_t>(id)] != 0; });
  return searchesFor(puzzle, without).find(puzzle, without, limits);
}

Uniqueness uniqueness(const Puzzle& puzzle, const std::vector<int>& givens, Rules rules,
                      std::uint64_t* nodes) {
  return uniqueness(makeProblem(puzzle, givens, std::move(rules)), nodes);
}

Uniqueness uniqueness(const Problem& problem, std::uint64_t* nodes) {
  FindLimits limits;
  limits.max = 2;
  const FindResult found = findSolutions(problem, limits);
  if (nodes != nullptr) *nodes = found.nodes;
  if (found.solutions.empty()) return Uniqueness::None;
  return found.solutions.size() == 1 ? Uniqueness::Unique : Uniqueness::Multiple;
}

}  // namespace piecework

// SPDX-License-Identifier: Apache-2.0
// The searches the solver runs on the engine built on one search rule (Engine<W, Rule>, solver/engine.hpp):
// a count split into jobs, and a find. They are templates, instantiated once per rule: by solver.cpp for
// plain exact cover (NoRule), and by a family for its own rule in its own folder (families/NAME/), which
// hands them to the solver through its EngineRule (solver/family_rule.hpp). So the solver compiles no
// family's rule, and a family's rule costs the plain search nothing.
#pragma once

#include <fmt/format.h>
#include <algorithm>
#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "puzzle/errors.hpp"
#include "solver/engine.hpp"
#include "solver/solver.hpp"
#include "solver/symmetry_breaking.hpp"

namespace piecework {

struct CountJobs::Impl {
  virtual ~Impl() = default;
  virtual std::size_t size() const = 0;
  virtual std::uint64_t weight(std::size_t job) const = 0;
  virtual std::unique_ptr<Searcher> searcher() const = 0;
  int symmetries = 1;
  std::string breakingPiece;
};

// One search rule's searches, for every word count (the board's sites decide which).
struct RuleSearches {
  // (group: the symmetries to break by; null: the puzzle's own that keep the givens and marks)
  std::unique_ptr<const CountJobs::Impl> (*countJobs)(const Puzzle& puzzle, Problem problem,
                                                      std::size_t minJobs,
                                                      const std::vector<const Symmetry*>* group) = nullptr;
  FindResult (*find)(const Puzzle& puzzle, const Problem& problem, const FindLimits& limits) = nullptr;
};

// Everything below has internal linkage in each file that includes this one (solver.cpp, a family's
// engine rule): GCC then inlines the search loop into the one job searcher that calls it, as it did when
// these lived in solver.cpp (with external linkage, `count pentominoes-6x10` took 1.4% more instructions:
// 580.8M against 572.6M, callgrind).
namespace {
namespace searches {

// The jobs of one count: prefixes of the search tree, each remembering the breaking leaf it descends from.
template <int W, class Rule>
class CountJobsFor final : public CountJobs::Impl {
 public:
  CountJobsFor(const Puzzle& puzzle, Problem problem, std::size_t minJobs,
               const std::vector<const Symmetry*>* group)
      : puzzle_(puzzle), problem_(std::move(problem)) {
    if (group != nullptr) {
      group_ = *group;
    } else {
      group_ = stabilizer(puzzle, problem_.givens);
      std::erase_if(group_, [&](const Symmetry* s) { return !keepsMarks(problem_.rules.marks, *s); });
    }
    symmetries = static_cast<int>(group_.size());
    breaking_ = group_.size() > 1 ? buildBreaking(puzzle, problem_, group_) : Breaking{{BreakNode{}}, {0}};
    if (breaking_.nodes[0].piece >= 0)
      breakingPiece =
          std::string(1, puzzle.pieces[static_cast<std::size_t>(breaking_.nodes[0].piece)].letter);
    givens_ = problem_.givens;
    std::sort(givens_.begin(), givens_.end());

    std::vector<int> optionOf(puzzle.placements.size(), -1);
    for (std::size_t i = 0; i < problem_.options.size(); ++i)
      optionOf[static_cast<std::size_t>(problem_.options[i])] = static_cast<int>(i);
    const std::size_t wanted = std::max<std::size_t>(1, minJobs);
    for (std::size_t l = 0; l < breaking_.leaves.size(); ++l) {
      Job job{{}, l};
      for (int id : breaking_.nodes[static_cast<std::size_t>(breaking_.leaves[l])].path)
        job.path.push_back(Step{optionOf[static_cast<std::size_t>(id)], Step::Cell});
      jobs_.push_back(std::move(job));
    }
    // The engine that splits the jobs is built only when there are too few (one thread: never). Measured
    // (callgrind, `count PelikanBurr#1 --json --threads 1`): that engine's set-up took 5.5M
    // instructions of the run's 132M, as much as the searcher's own.
    std::optional<Engine<W, Rule>> engine;
    for (int depth = 0; depth < 3 && jobs_.size() < wanted; ++depth) {
      if (!engine) engine.emplace(problem_);
      std::vector<Job> deeper;
      for (const Job& job : jobs_) {
        std::vector<std::vector<Step>> paths;
        engine->split(job.path, 1, paths);
        for (auto& path : paths) deeper.push_back(Job{std::move(path), job.leaf});
      }
      jobs_ = std::move(deeper);
    }
  }

  std::size_t size() const override { return jobs_.size(); }
  std::uint64_t weight(std::size_t job) const override {
    return breaking_.nodes[static_cast<std::size_t>(breaking_.leaves[jobs_.at(job).leaf])].weight;
  }

  std::unique_ptr<CountJobs::Searcher> searcher() const override { return std::make_unique<Searcher>(*this); }

 private:
  struct Job {
    std::vector<Step> path;
    std::size_t leaf = 0;  // index into breaking_.leaves
  };

  class Searcher final : public CountJobs::Searcher {
   public:
    explicit Searcher(const CountJobsFor& jobs) : jobs_(jobs), engine_(jobs.problem_) {}

    JobCounts run(std::size_t j) override {
      const Job& job = jobs_.jobs_.at(j);
      const Breaking& breaking = jobs_.breaking_;
      const BreakNode& leaf = breaking.nodes[static_cast<std::size_t>(breaking.leaves[job.leaf])];
      const bool trivial = leaf.fixersSuffice && leaf.fixers.size() <= 1;
      const std::uint64_t nodesBefore = engine_.nodes();
      JobCounts counts;
      position_ = JobPosition(job.path);
      engine_.stopWhen(stop_);
      engine_.search(job.path, [&](const std::vector<int>& stack) {
        ++counts.solutions;
        if ((counts.solutions & 1023U) == 0) [[unlikely]]
          follow(stack);
        if (trivial && !onDistinct_) {
          ++counts.distinct;
          return true;
        }
        solution_ = jobs_.problem_.givens;
        for (int o : stack) solution_.push_back(engine_.placementOf(o));
        std::sort(solution_.begin(), solution_.end());
        if (trivial ||
            (leaf.fixersSuffice ? isCanonical(solution_, leaf.fixers)
                                : isCanonicalAmongEnumerated(jobs_.puzzle_, breaking, jobs_.givens_,
                                                             solution_, jobs_.group_))) {
          ++counts.distinct;
          if (onDistinct_) onDistinct_(solution_);
        }
        return true;
      });
      counts.solutions *= leaf.weight;
      counts.nodes = engine_.nodes() - nodesBefore;
      counts.stopped = engine_.stopped();
      underWay_.store(0, std::memory_order_relaxed);
      return counts;
    }

   private:
    // Where a job's search is, for underWay(): when the job started, and when the share was last taken.
    struct JobPosition {
      JobPosition() = default;
      explicit JobPosition(const std::vector<Step>& path)
          : path(&path), start(std::chrono::steady_clock::now()), last(start) {}
      const std::vector<Step>* path = nullptr;
      std::chrono::steady_clock::time_point start, last;
      double share = 0;
    };

    // Called every 1024th solution: after the job's first second (and then at most five times a second), the
    // share of the job's tree that the search has left behind, as far as the branches above the latest
    // solution tell, each branch of a node taken as an equal share of it: at each level, the branches
    // before the one taken (Knuth's estimate of a backtrack's progress, read off the path). The branches are
    // listed by a second engine, so that the search's own, and its node counts, are left alone.
    void follow(const std::vector<int>& stack) {
      JobPosition& p = position_;
      const auto now = std::chrono::steady_clock::now();
      if (now - p.start < std::chrono::seconds(1) || now - p.last < std::chrono::milliseconds(200)) return;
      p.last = now;
      if (!splitter_) splitter_ = std::make_unique<Engine<W, Rule>>(jobs_.problem_);
      std::vector<Step> node = *p.path;
      double share = 0, weight = 1;
      std::vector<std::vector<Step>> children;
      // (below a weight of 1e-9 the levels left change the share by less than a line shows)
      while (node.size() < stack.size() && weight > 1e-9) {
        children.clear();
        splitter_->split(node, 1, children);
        std::size_t taken = children.size();
        for (std::size_t i = 0; i < children.size(); ++i)
          if (children[i].size() == node.size() + 1 && children[i].back().option == stack[node.size()]) {
            taken = i;
            break;
          }
        if (taken == children.size()) break;  // (the search went where the list does not: stop here)
        weight /= static_cast<double>(children.size());
        share += weight * static_cast<double>(taken);
        node = std::move(children[taken]);
      }
      p.share = std::max(p.share, share);
      underWay_.store(p.share, std::memory_order_relaxed);
    }

    const CountJobsFor& jobs_;
    Engine<W, Rule> engine_;
    std::unique_ptr<Engine<W, Rule>> splitter_;  // lists the branches above a long job's solutions (follow)
    JobPosition position_;
    std::vector<int> solution_;
  };

  const Puzzle& puzzle_;
  Problem problem_;
  std::vector<const Symmetry*> group_;
  Breaking breaking_;
  std::vector<int> givens_;  // sorted
  std::vector<Job> jobs_;
};

template <int W, class Rule>
FindResult findWith(const Puzzle& puzzle, const Problem& problem, const FindLimits& options) {
  (void)puzzle;
  const auto start = std::chrono::steady_clock::now();
  FindResult result;
  Engine<W, Rule> engine(problem);
  if (options.seed != 0) engine.randomize(options.seed);
  engine.stopWhen(options.stopRequested);
  result.exhausted = engine.search({}, [&](const std::vector<int>& stack) {
    std::vector<int> solution = problem.givens;
    for (int o : stack) solution.push_back(engine.placementOf(o));
    std::sort(solution.begin(), solution.end());
    ++result.found;
    if (options.onSolution) return options.onSolution(solution) && result.found < options.max;
    result.solutions.push_back(std::move(solution));
    return result.found < options.max;
  });
  result.stopped = engine.stopped();
  result.exhausted = result.exhausted && !result.stopped;
  result.nodes = engine.nodes();
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

// Runs f.template operator()<W>() with the smallest word count that holds every site, up to MaxW words.
// Boards of up to 512 sites take the word counts they always took (1, 2, 3, 4, 8), so their searches are
// unchanged; larger ones double from 16 words (1,024 sites) on.
template <int MaxW, class F>
auto withWords(const Puzzle& puzzle, F&& f) {
  const int sites = puzzle.siteCount();
  if (sites <= 64) return f.template operator()<1>();
  if (sites <= 128) return f.template operator()<2>();
  if (sites <= 192) return f.template operator()<3>();
  if (sites <= 256) return f.template operator()<4>();
  if (sites <= 512) return f.template operator()<8>();
#ifdef PIECEWORK_ONE_LARGE_BOARD_ENGINE
  // The sanitizer and fuzz builds (CMakePresets.json) build one engine, the widest, for every board over 512
  // sites: the same code, a fifth of the instantiations (with all five, CI's sanitizer build took 883 s,
  // 2026-12-01).
  if constexpr (MaxW > 8)
    if (sites <= MaxW * 64) return f.template operator()<MaxW>();
#else
  if constexpr (MaxW >= 16)
    if (sites <= 1024) return f.template operator()<16>();
  if constexpr (MaxW >= 32)
    if (sites <= 2048) return f.template operator()<32>();
  if constexpr (MaxW >= 64)
    if (sites <= 4096) return f.template operator()<64>();
  if constexpr (MaxW >= 128)
    if (sites <= 8192) return f.template operator()<128>();
  if constexpr (MaxW >= 256)
    if (sites <= 16384) return f.template operator()<256>();
#endif
  static_assert(MaxW <= 256, "withWords: add the larger word counts");
  throw InputError(fmt::format("{}: the board has {} sites; this puzzle's search takes at most {}",
                               puzzle.name, sites, MaxW * 64));
}

}  // namespace searches

// The searches of Engine<W, Rule>; a family with a search rule returns these from its EngineRule.
template <class Rule>
RuleSearches searchesWith() {
  RuleSearches s;
  s.countJobs = [](const Puzzle& puzzle, Problem problem, std::size_t minJobs,
                   const std::vector<const Symmetry*>* group) -> std::unique_ptr<const CountJobs::Impl> {
    return searches::withWords<maxWordsOf<Rule>()>(puzzle,
                                                   [&]<int W>() -> std::unique_ptr<const CountJobs::Impl> {
                                                     return std::make_unique<searches::CountJobsFor<W, Rule>>(
                                                         puzzle, std::move(problem), minJobs, group);
                                                   });
  };
  s.find = [](const Puzzle& puzzle, const Problem& problem, const FindLimits& options) {
    return searches::withWords<maxWordsOf<Rule>()>(
        puzzle, [&]<int W>() { return searches::findWith<W, Rule>(puzzle, problem, options); });
  };
  return s;
}

}  // namespace

}  // namespace piecework

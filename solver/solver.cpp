#include "solver/solver.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>

#include "puzzle/errors.hpp"
#include "solver/engine.hpp"

namespace piecework {
namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// Runs f.template operator()<W>() with the smallest word count that holds every site.
template <class F>
auto withWidth(const Puzzle& puzzle, F&& f) {
  const int sites = puzzle.siteCount();
  if (sites <= 64) return f.template operator()<1>();
  if (sites <= 128) return f.template operator()<2>();
  if (sites <= 192) return f.template operator()<3>();
  if (sites <= 256) return f.template operator()<4>();
  if (sites <= 512) return f.template operator()<8>();
  throw InputError(fmt::format("{}: the board has {} sites; at most 512 are supported", puzzle.name, sites));
}

std::vector<const Symmetry*> stabilizer(const Puzzle& puzzle, const std::vector<int>& givens) {
  std::vector<int> sorted = givens;
  std::sort(sorted.begin(), sorted.end());
  std::vector<const Symmetry*> group;
  for (const auto& sym : puzzle.symmetries) {
    std::vector<int> image;
    for (int id : givens) image.push_back(sym.placement[static_cast<std::size_t>(id)]);
    std::sort(image.begin(), image.end());
    if (image == sorted) group.push_back(&sym);
  }
  return group;
}

// A representative placement of the breaking piece, and the symmetries that fix it.
struct Representative {
  int option = -1;                      // engine option index
  std::vector<const Symmetry*> fixers;  // includes the identity
};

struct Breaking {
  int piece = -1;
  std::vector<Representative> reps;
};

Breaking chooseBreaking(const Puzzle& puzzle, const Problem& problem,
                        const std::vector<const Symmetry*>& group) {
  Breaking best;
  std::size_t bestCost = SIZE_MAX;
  if (group.size() <= 1) return best;
  std::vector<int> optionOf(puzzle.placements.size(), -1);
  for (std::size_t i = 0; i < problem.options.size(); ++i)
    optionOf[static_cast<std::size_t>(problem.options[i])] = static_cast<int>(i);
  for (int p = 0; p < puzzle.pieceCount(); ++p) {
    if (problem.need[static_cast<std::size_t>(p)] != 1) continue;
    if (!std::all_of(group.begin(), group.end(),
                     [&](const Symmetry* g) { return g->piece[static_cast<std::size_t>(p)] == p; }))
      continue;
    Breaking candidate;
    candidate.piece = p;
    std::size_t fixedReps = 0;
    for (int id : problem.options) {
      if (puzzle.placements[static_cast<std::size_t>(id)].piece != p) continue;
      bool smallest = true;
      Representative rep;
      rep.option = optionOf[static_cast<std::size_t>(id)];
      for (const Symmetry* g : group) {
        const int image = g->placement[static_cast<std::size_t>(id)];
        if (image < id) smallest = false;
        if (image == id) rep.fixers.push_back(g);
      }
      if (!smallest) continue;
      if (rep.fixers.size() > 1) ++fixedReps;
      candidate.reps.push_back(std::move(rep));
    }
    // Fewest branches at the root; representatives fixed by a symmetry cost a test at every leaf below them.
    const std::size_t cost = candidate.reps.size() * 4 + fixedReps * 3;
    if (cost < bestCost) bestCost = cost, best = std::move(candidate);
  }
  return best;
}

bool isCanonical(const std::vector<int>& sortedSolution, const std::vector<const Symmetry*>& group) {
  std::vector<int> image(sortedSolution.size());
  for (const Symmetry* g : group) {
    for (std::size_t i = 0; i < sortedSolution.size(); ++i)
      image[i] = g->placement[static_cast<std::size_t>(sortedSolution[i])];
    std::sort(image.begin(), image.end());
    if (image < sortedSolution) return false;
  }
  return true;
}

template <int W>
CountResult countWith(const Puzzle& puzzle, const Problem& problem, const CountOptions& options) {
  const auto start = Clock::now();
  CountResult result;
  const auto group = stabilizer(puzzle, problem.givens);
  result.symmetries = static_cast<int>(group.size());
  const Breaking breaking = chooseBreaking(puzzle, problem, group);
  if (breaking.piece >= 0)
    result.breakingPiece = std::string(1, puzzle.pieces[static_cast<std::size_t>(breaking.piece)].letter);

  unsigned threads = options.threads > 0 ? static_cast<unsigned>(options.threads)
                                         : std::max(1U, std::thread::hardware_concurrency());
  result.threads = static_cast<int>(threads);

  // Jobs: prefixes of the search tree. Each job remembers which representative it descends from.
  struct Job {
    std::vector<Step> path;
    int rep = -1;
  };
  std::vector<Job> jobs;
  {
    Engine<W> engine(problem);
    const std::size_t wanted = threads > 1 ? 64 * threads : 1;
    if (breaking.piece >= 0) {
      for (std::size_t r = 0; r < breaking.reps.size(); ++r)
        jobs.push_back(Job{{Step{breaking.reps[r].option, Step::Cell}}, static_cast<int>(r)});
    } else {
      jobs.push_back(Job{{}, -1});
    }
    for (int depth = 0; depth < 3 && jobs.size() < wanted; ++depth) {
      std::vector<Job> deeper;
      for (const Job& job : jobs) {
        std::vector<std::vector<Step>> paths;
        engine.split(job.path, 1, paths);
        for (auto& path : paths) deeper.push_back(Job{std::move(path), job.rep});
      }
      jobs = std::move(deeper);
    }
  }
  result.jobs = jobs.size();

  std::atomic<std::size_t> next{0};
  std::atomic<std::size_t> done{0};
  std::mutex merge;
  std::vector<std::uint64_t> perRepSolutions(std::max<std::size_t>(1, breaking.reps.size()), 0);
  std::uint64_t distinct = 0, plain = 0, nodes = 0;
  auto worker = [&] {
    Engine<W> engine(problem);
    std::vector<std::uint64_t> mySolutions(perRepSolutions.size(), 0);
    std::uint64_t myDistinct = 0;
    std::vector<int> solution;
    for (std::size_t j = next++; j < jobs.size(); j = next++) {
      const Job& job = jobs[j];
      const std::vector<const Symmetry*>* fixers = nullptr;
      if (job.rep >= 0) {
        if (breaking.reps[static_cast<std::size_t>(job.rep)].fixers.size() > 1)
          fixers = &breaking.reps[static_cast<std::size_t>(job.rep)].fixers;
      } else if (group.size() > 1) {
        fixers = &group;
      }
      const std::size_t slot = job.rep >= 0 ? static_cast<std::size_t>(job.rep) : 0;
      engine.search(job.path, [&](const std::vector<int>& stack) {
        ++mySolutions[slot];
        if (fixers == nullptr) {
          ++myDistinct;
        } else {
          solution = problem.givens;
          for (int o : stack) solution.push_back(engine.placementOf(o));
          std::sort(solution.begin(), solution.end());
          if (isCanonical(solution, *fixers)) ++myDistinct;
        }
        return true;
      });
      const std::size_t finished = ++done;
      if (options.progress) options.progress(finished, jobs.size());
    }
    std::lock_guard lock(merge);
    for (std::size_t i = 0; i < mySolutions.size(); ++i) perRepSolutions[i] += mySolutions[i];
    distinct += myDistinct;
    nodes += engine.nodes();
  };
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < threads; ++t) pool.emplace_back(worker);
  worker();
  for (auto& t : pool) t.join();

  if (breaking.piece >= 0) {
    for (std::size_t r = 0; r < breaking.reps.size(); ++r)
      plain += perRepSolutions[r] * (group.size() / breaking.reps[r].fixers.size());
  } else {
    plain = perRepSolutions[0];
  }
  result.solutions = plain;
  result.distinct = distinct;
  result.nodes = nodes;
  result.seconds = secondsSince(start);
  return result;
}

template <int W>
FindResult findWith(const Puzzle& puzzle, const Problem& problem, const FindOptions& options) {
  (void)puzzle;
  const auto start = Clock::now();
  FindResult result;
  Engine<W> engine(problem);
  if (options.seed != 0) engine.randomize(options.seed);
  result.exhausted = engine.search({}, [&](const std::vector<int>& stack) {
    std::vector<int> solution = problem.givens;
    for (int o : stack) solution.push_back(engine.placementOf(o));
    std::sort(solution.begin(), solution.end());
    result.solutions.push_back(std::move(solution));
    return result.solutions.size() < options.max;
  });
  result.nodes = engine.nodes();
  result.seconds = secondsSince(start);
  return result;
}

}  // namespace

CountResult countSolutions(const Puzzle& puzzle, const std::vector<int>& givens,
                           const CountOptions& options) {
  const Problem problem = makeProblem(puzzle, givens, options.rules);
  return withWidth(puzzle, [&]<int W>() { return countWith<W>(puzzle, problem, options); });
}

FindResult findSolutions(const Puzzle& puzzle, const std::vector<int>& givens, const FindOptions& options) {
  const Problem problem = makeProblem(puzzle, givens, options.rules);
  return withWidth(puzzle, [&]<int W>() { return findWith<W>(puzzle, problem, options); });
}

Uniqueness uniqueness(const Puzzle& puzzle, const std::vector<int>& givens, Rules rules,
                      std::uint64_t* nodes) {
  FindOptions options;
  options.rules = rules;
  options.max = 2;
  const FindResult found = findSolutions(puzzle, givens, options);
  if (nodes != nullptr) *nodes = found.nodes;
  if (found.solutions.empty()) return Uniqueness::None;
  return found.solutions.size() == 1 ? Uniqueness::Unique : Uniqueness::Multiple;
}

const char* toString(Uniqueness u) {
  switch (u) {
    case Uniqueness::None:
      return "none";
    case Uniqueness::Unique:
      return "unique";
    case Uniqueness::Multiple:
      break;
  }
  return "multiple";
}

}  // namespace piecework

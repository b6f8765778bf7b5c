// SPDX-License-Identifier: Apache-2.0
#include "solver/solver.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>

#include "puzzle/errors.hpp"
#include "solver/engine.hpp"
#include "solver/families/search_rules.hpp"

namespace piecework {

struct CountJobs::Impl {
  virtual ~Impl() = default;
  virtual std::size_t size() const = 0;
  virtual std::uint64_t weight(std::size_t job) const = 0;
  virtual std::unique_ptr<Searcher> searcher() const = 0;
  int symmetries = 1;
  std::string breakingPiece;
};

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// Runs f.template operator()<W, Rule>() with the smallest word count that holds every site and the search
// rule of the problem's family (solver/families/search_rules.hpp).
template <class F>
auto withEngine(const Puzzle& puzzle, const Problem& problem, F&& f) {
  auto withRule = [&]<int W>() {
    return withSearchRule(problem, [&]<class Rule>() { return f.template operator()<W, Rule>(); });
  };
  const int sites = puzzle.siteCount();
  if (sites <= 64) return withRule.template operator()<1>();
  if (sites <= 128) return withRule.template operator()<2>();
  if (sites <= 192) return withRule.template operator()<3>();
  if (sites <= 256) return withRule.template operator()<4>();
  if (sites <= 512) return withRule.template operator()<8>();
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

// Symmetry breaking as a small tree. At each node one thing every solution below contains exactly once is
// restricted to orbit representatives: the placement of a single-copy piece that the node's group keeps,
// or the placement covering a must-fill cell (under the part of the group that keeps that cell). Below a
// representative the group shrinks to the symmetries that fix it, and the node may restrict again.
//
// Correctness. Let E be the solutions the search enumerates (those whose restricted placements are
// representatives, all along their path). Every orbit of solutions meets E: a symmetry of the node's group
// (or of the part keeping the cell) moves the restricted placement onto its representative and keeps the
// placements chosen above. A solution of E counts as distinct when no image of it under the whole group that
// also lies in E is smaller; so each orbit counts once. When every node's restriction is kept by the node's
// whole group, an image lies in E only through a symmetry fixing every representative on the path, so
// testing those symmetries (the leaf's fixers) is enough. Solutions: each solution of E stands for the
// product, over its path, of the orbit sizes of its representatives under the restricting groups.
struct BreakNode {
  int piece = -1;                             // restricted below: the placement of this piece,
  int cell = -1;                              // or the placement covering this site; both -1 at a leaf
  std::vector<std::pair<int, int>> children;  // (representative placement id, node), sorted by id
  std::vector<const Symmetry*> fixers;        // symmetries that fix every representative on the path
  std::vector<int> path;                      // representative placement ids from the root
  std::uint64_t weight = 1;                   // solutions each enumerated one stands for
  bool fixersSuffice = true;                  // the leaf's canonical test needs only `fixers`
};

struct Breaking {
  std::vector<BreakNode> nodes;  // nodes[0] is the root
  std::vector<int> leaves;
};

// Restricting a cell, or anything below the root, places a piece ahead of the search order and splits the
// search where the cell order would have cut early, which costs more than a group of 2 saves (measured:
// pentominoes-3x20 went from 10,788 to 176,770 nodes); from 4 up it pays (super-iq-cube: 4,082,930 nodes with
// the root level alone, 1,730,506 with up to 4 levels). A piece at the root is where it always was.
constexpr int kMaxBreakingDepth = 4;
constexpr std::size_t kMinSplittingGroup = 4;
// In boxes the search branches by MRV, so a restriction costs no order and pays from a group of 2 (measured:
// pentacubes-3x4x5 937,718 nodes with 4, 468,529 with 2).
constexpr std::size_t kMinSplittingGroupMrv = 2;

// The restriction chosen at one node: what is restricted, the group that acts on it, and its representatives
// with their fixers.
struct Restriction {
  int piece = -1;
  int cell = -1;
  std::vector<const Symmetry*> group;
  std::vector<std::pair<int, std::vector<const Symmetry*>>> reps;  // (placement id, fixers)
  std::size_t candidates = 0;                                      // placements restricted
};

void collectReps(const std::vector<int>& ids, Restriction& r) {
  r.candidates = ids.size();
  for (int id : ids) {
    bool smallest = true;
    std::vector<const Symmetry*> fixers;
    for (const Symmetry* g : r.group) {
      const int image = g->placement[static_cast<std::size_t>(id)];
      if (image < id) {
        smallest = false;
        break;
      }
      if (image == id) fixers.push_back(g);
    }
    if (smallest) r.reps.emplace_back(id, std::move(fixers));
  }
}

// Picks the restriction for a node whose placements so far are `path` and whose group is `group`: a
// single-copy piece the group keeps (fewest representatives, those fixed by a symmetry cost a test at every
// leaf below them), else the open must-fill cell whose covering placements shrink most; below the root, and
// for cells, only under kMinSplittingGroup (boxes: kMinSplittingGroupMrv) or more symmetries. Returns false
// when nothing qualifies.
bool chooseRestriction(const Puzzle& puzzle, const Problem& problem, const std::vector<int>& path,
                       const std::vector<const Symmetry*>& group, bool root, Restriction& best) {
  std::vector<char> covered(puzzle.sites.size(), 0);
  std::vector<int> need = problem.need;
  std::vector<char> onPath(puzzle.pieces.size(), 0);
  for (int id : problem.givens)
    for (int s : puzzle.placements[static_cast<std::size_t>(id)].sites)
      covered[static_cast<std::size_t>(s)] = 1;
  for (int id : path) {
    const Placement& p = puzzle.placements[static_cast<std::size_t>(id)];
    for (int s : p.sites) covered[static_cast<std::size_t>(s)] = 1;
    --need[static_cast<std::size_t>(p.piece)];
    onPath[static_cast<std::size_t>(p.piece)] = 1;
  }
  std::vector<int> fitting;
  for (int id : problem.options) {
    const Placement& p = puzzle.placements[static_cast<std::size_t>(id)];
    if (need[static_cast<std::size_t>(p.piece)] <= 0) continue;
    if (std::any_of(p.sites.begin(), p.sites.end(),
                    [&](int s) { return covered[static_cast<std::size_t>(s)]; }))
      continue;
    fitting.push_back(id);
  }

  bool found = false;
  std::size_t bestCost = SIZE_MAX;
  const std::size_t minGroup = branchesByMrv(puzzle) ? kMinSplittingGroupMrv : kMinSplittingGroup;
  for (int p = 0; p < puzzle.pieceCount() && (root || group.size() >= minGroup); ++p) {
    // (A piece that may be left out (a range of copies) is in not every solution: not restricted.)
    if (problem.need[static_cast<std::size_t>(p)] != 1 || problem.spare[static_cast<std::size_t>(p)] != 0 ||
        onPath[static_cast<std::size_t>(p)])
      continue;
    if (!std::all_of(group.begin(), group.end(),
                     [&](const Symmetry* g) { return g->piece[static_cast<std::size_t>(p)] == p; }))
      continue;
    Restriction candidate;
    candidate.piece = p;
    candidate.group = group;
    std::vector<int> ids;
    for (int id : fitting)
      if (puzzle.placements[static_cast<std::size_t>(id)].piece == p) ids.push_back(id);
    collectReps(ids, candidate);
    if (candidate.reps.size() == candidate.candidates) continue;
    std::size_t fixedReps = 0;
    for (const auto& rep : candidate.reps) fixedReps += rep.second.size() > 1 ? 1 : 0;
    const std::size_t cost = candidate.reps.size() * 4 + fixedReps * 3;
    if (cost < bestCost) bestCost = cost, best = std::move(candidate), found = true;
  }
  if (found) return true;

  // Cells: fewest representatives per covering placement; ties go to cells that the whole group keeps
  // (cheaper leaf test), then to the first in search order.
  std::size_t bestReps = 1, bestCandidates = 1;  // a ratio of 1 shrinks nothing
  bool bestKept = false;
  for (int c = 0; c < puzzle.siteCount(); ++c) {
    if (!puzzle.mustFill[static_cast<std::size_t>(c)] || covered[static_cast<std::size_t>(c)]) continue;
    Restriction candidate;
    candidate.cell = c;
    for (const Symmetry* g : group)
      if (g->site[static_cast<std::size_t>(c)] == c) candidate.group.push_back(g);
    if (candidate.group.size() < minGroup) continue;
    std::vector<int> ids;
    for (int id : fitting) {
      const auto& sites = puzzle.placements[static_cast<std::size_t>(id)].sites;
      if (std::binary_search(sites.begin(), sites.end(), c)) ids.push_back(id);
    }
    collectReps(ids, candidate);
    if (candidate.candidates == 0) continue;
    // reps / candidates against the best's, cross-multiplied
    const std::size_t mine = candidate.reps.size() * bestCandidates;
    const std::size_t theirs = bestReps * candidate.candidates;
    const bool kept = candidate.group.size() == group.size();
    if (mine < theirs || (mine == theirs && kept && !bestKept)) {
      bestReps = candidate.reps.size(), bestCandidates = candidate.candidates, bestKept = kept;
      best = std::move(candidate), found = true;
    }
  }
  return found;
}

Breaking buildBreaking(const Puzzle& puzzle, const Problem& problem,
                       const std::vector<const Symmetry*>& group) {
  Breaking b;
  b.nodes.emplace_back();
  b.nodes[0].fixers = group;
  // Breadth first; nodes are appended while the loop walks them.
  for (std::size_t n = 0; n < b.nodes.size(); ++n) {
    Restriction r;
    if (b.nodes[n].fixers.size() <= 1 || static_cast<int>(b.nodes[n].path.size()) >= kMaxBreakingDepth ||
        !chooseRestriction(puzzle, problem, b.nodes[n].path, b.nodes[n].fixers, n == 0, r)) {
      b.leaves.push_back(static_cast<int>(n));
      continue;
    }
    b.nodes[n].piece = r.piece;
    b.nodes[n].cell = r.cell;
    const bool kept = r.group.size() == b.nodes[n].fixers.size();
    for (auto& [id, fixers] : r.reps) {
      BreakNode child;
      child.path = b.nodes[n].path;
      child.path.push_back(id);
      child.weight = b.nodes[n].weight * (r.group.size() / fixers.size());
      child.fixers = std::move(fixers);
      child.fixersSuffice = b.nodes[n].fixersSuffice && kept;
      b.nodes[n].children.emplace_back(id, static_cast<int>(b.nodes.size()));
      b.nodes.push_back(std::move(child));
    }
    std::sort(b.nodes[n].children.begin(), b.nodes[n].children.end());
  }
  return b;
}

// Is this solution (sorted placement ids, givens included) one the search enumerates?
bool enumerated(const Puzzle& puzzle, const Breaking& b, const std::vector<int>& givens,
                const std::vector<int>& solution) {
  const BreakNode* node = &b.nodes[0];
  while (node->piece >= 0 || node->cell >= 0) {
    int chosen = -1;
    for (int id : solution) {
      const Placement& p = puzzle.placements[static_cast<std::size_t>(id)];
      const bool match = node->piece >= 0 ? p.piece == node->piece
                                          : std::binary_search(p.sites.begin(), p.sites.end(), node->cell);
      if (match && !std::binary_search(givens.begin(), givens.end(), id)) {
        chosen = id;
        break;
      }
    }
    auto it = std::lower_bound(node->children.begin(), node->children.end(), std::pair<int, int>{chosen, -1});
    if (it == node->children.end() || it->first != chosen) return false;
    node = &b.nodes[static_cast<std::size_t>(it->second)];
  }
  return true;
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

// No smaller image under `group` that the search also enumerates.
bool isCanonicalAmongEnumerated(const Puzzle& puzzle, const Breaking& b, const std::vector<int>& givens,
                                const std::vector<int>& sortedSolution,
                                const std::vector<const Symmetry*>& group) {
  std::vector<int> image(sortedSolution.size());
  for (const Symmetry* g : group) {
    for (std::size_t i = 0; i < sortedSolution.size(); ++i)
      image[i] = g->placement[static_cast<std::size_t>(sortedSolution[i])];
    std::sort(image.begin(), image.end());
    if (image < sortedSolution && enumerated(puzzle, b, givens, image)) return false;
  }
  return true;
}

// The jobs of one count: prefixes of the search tree, each remembering the breaking leaf it descends from.
template <int W, class Rule>
class CountJobsFor final : public CountJobs::Impl {
 public:
  CountJobsFor(const Puzzle& puzzle, Problem problem, const Rules& rules, std::size_t minJobs)
      : puzzle_(puzzle), problem_(std::move(problem)) {
    group_ = stabilizer(puzzle, problem_.givens);
    std::erase_if(group_, [&](const Symmetry* s) { return !keepsMarks(rules.marks, *s); });
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
    Engine<W, Rule> engine(problem_);
    const std::size_t wanted = std::max<std::size_t>(1, minJobs);
    for (std::size_t l = 0; l < breaking_.leaves.size(); ++l) {
      Job job{{}, l};
      for (int id : breaking_.nodes[static_cast<std::size_t>(breaking_.leaves[l])].path)
        job.path.push_back(Step{optionOf[static_cast<std::size_t>(id)], Step::Cell});
      jobs_.push_back(std::move(job));
    }
    for (int depth = 0; depth < 3 && jobs_.size() < wanted; ++depth) {
      std::vector<Job> deeper;
      for (const Job& job : jobs_) {
        std::vector<std::vector<Step>> paths;
        engine.split(job.path, 1, paths);
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
      engine_.search(job.path, [&](const std::vector<int>& stack) {
        ++counts.solutions;
        if (trivial) {
          ++counts.distinct;
          return true;
        }
        solution_ = jobs_.problem_.givens;
        for (int o : stack) solution_.push_back(engine_.placementOf(o));
        std::sort(solution_.begin(), solution_.end());
        if (leaf.fixersSuffice
                ? isCanonical(solution_, leaf.fixers)
                : isCanonicalAmongEnumerated(jobs_.puzzle_, breaking, jobs_.givens_, solution_, jobs_.group_))
          ++counts.distinct;
        return true;
      });
      counts.solutions *= leaf.weight;
      counts.nodes = engine_.nodes() - nodesBefore;
      return counts;
    }

   private:
    const CountJobsFor& jobs_;
    Engine<W, Rule> engine_;
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
FindResult findWith(const Puzzle& puzzle, const Problem& problem, const FindOptions& options) {
  (void)puzzle;
  const auto start = Clock::now();
  FindResult result;
  Engine<W, Rule> engine(problem);
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

CountJobs::CountJobs(const Puzzle& puzzle, const std::vector<int>& givens, const Rules& rules,
                     std::size_t minJobs) {
  Problem problem = makeProblem(puzzle, givens, rules);
  impl_ = withEngine(puzzle, problem, [&]<int W, class Rule>() -> std::unique_ptr<const Impl> {
    return std::make_unique<CountJobsFor<W, Rule>>(puzzle, std::move(problem), rules, minJobs);
  });
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
  const auto start = Clock::now();
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

  std::atomic<std::size_t> next{0};
  std::mutex merge, report;
  auto worker = [&] {
    const std::unique_ptr<CountJobs::Searcher> searcher = jobs.searcher();
    JobCounts mine;
    for (std::size_t j = next++; j < jobs.size(); j = next++) {
      if (skip[j] != 0) continue;
      const JobCounts counts = searcher->run(j);
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

  result.solutions = plain;
  result.distinct = distinct;
  result.nodes = nodes;
  result.seconds = secondsSince(start);
  return result;
}

FindResult findSolutions(const Puzzle& puzzle, const std::vector<int>& givens, const FindOptions& options) {
  Problem problem = makeProblem(puzzle, givens, options.rules);
  std::erase_if(problem.options, [&](int id) {
    return std::find(options.excluded.begin(), options.excluded.end(), id) != options.excluded.end();
  });
  return withEngine(puzzle, problem,
                    [&]<int W, class Rule>() { return findWith<W, Rule>(puzzle, problem, options); });
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

}  // namespace piecework

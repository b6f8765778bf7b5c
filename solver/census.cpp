// SPDX-License-Identifier: Apache-2.0
#include "solver/census.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "puzzle/errors.hpp"
#include "solver/solver.hpp"

namespace piecework {
namespace {

using Mask = std::uint64_t;

bool within(Mask inner, Mask outer) {
  return (inner & ~outer) == 0;
}

// The symmetries that map the solution onto itself, as permutations of its positions (identity left out).
std::vector<std::vector<int>> stabiliser(const Puzzle& puzzle, const std::vector<int>& solution) {
  std::vector<std::vector<int>> perms;
  std::vector<int> image;
  for (std::size_t g = 1; g < puzzle.symmetries.size(); ++g) {
    const Symmetry& sym = puzzle.symmetries[g];
    image.clear();
    for (int id : solution) image.push_back(sym.placement[static_cast<std::size_t>(id)]);
    std::vector<int> sorted = image;
    std::sort(sorted.begin(), sorted.end());
    if (sorted != solution) continue;
    std::vector<int> perm;
    for (int id : image)
      perm.push_back(
          static_cast<int>(std::lower_bound(solution.begin(), solution.end(), id) - solution.begin()));
    perms.push_back(std::move(perm));
  }
  return perms;
}

Mask mapped(Mask subset, const std::vector<int>& perm) {
  Mask image = 0;
  for (std::size_t i = 0; i < perm.size(); ++i)
    if ((subset >> i) & 1U) image |= Mask{1} << perm[i];
  return image;
}

// Counts each subset once per orbit under the stabiliser: the subset whose mask is smallest.
bool smallestInOrbit(Mask subset, const std::vector<std::vector<int>>& perms) {
  return std::all_of(perms.begin(), perms.end(), [&](const auto& p) { return mapped(subset, p) >= subset; });
}

// Subsets of pieces that a solution shares with another solution: none of them is unique. Kept as the list
// of the largest such sets, and for solutions of up to kClosureBits pieces also as a table of every subset of
// them (so that a query is one look-up).
constexpr int kClosureBits = 20;

class SharedSets {
 public:
  explicit SharedSets(int pieces) {
    if (pieces <= kClosureBits) closure_.assign(std::size_t{1} << pieces, 0);
  }
  bool contains(Mask subset) const {
    if (!closure_.empty()) return closure_[subset] != 0;
    return std::any_of(largest_.begin(), largest_.end(), [&](Mask s) { return within(subset, s); });
  }
  // Adds one set (with every subset of it).
  void add(Mask shared) {
    if (contains(shared)) return;
    std::erase_if(largest_, [&](Mask s) { return within(s, shared); });
    largest_.push_back(shared);
    if (closure_.empty()) return;
    for (Mask sub = shared;; sub = (sub - 1) & shared) {
      closure_[sub] = 1;
      if (sub == 0) break;
    }
  }
  // Adds many sets at once: each set marked, then every subset of a marked set, largest sets first.
  void addAll(const std::vector<Mask>& sets, int pieces) {
    if (closure_.empty()) {
      for (Mask s : sets) add(s);
      return;
    }
    for (Mask s : sets) closure_[s] = 1;
    for (Mask m = closure_.size(); m-- > 0;) {
      if (closure_[m] != 0) continue;
      for (int i = 0; i < pieces; ++i)
        if (((m >> i) & 1U) == 0 && closure_[m | (Mask{1} << i)] != 0) {
          closure_[m] = 1;
          break;
        }
    }
  }

 private:
  std::vector<Mask> largest_;
  std::vector<char> closure_;
};

// The next larger mask with the same number of bits (Gosper's hack).
Mask nextSameSize(Mask x) {
  const Mask lowest = x & (~x + 1);
  const Mask ripple = x + lowest;
  return (((ripple ^ x) >> 2) / lowest) | ripple;
}

// The subsets of up to maxGiven pieces in the sum over k of C(pieces, k), saturating at UINT64_MAX.
std::uint64_t censusSubsets(int pieces, int maxGiven) {
  std::uint64_t total = 0, binomial = 1;  // C(pieces, k)
  for (int k = 0; k <= maxGiven && k <= pieces; ++k) {
    if (total > UINT64_MAX - binomial) return UINT64_MAX;
    total += binomial;
    // C(n, k + 1) = C(n, k) * (n - k) / (k + 1), split as q * (n - k) + r * (n - k) / (k + 1) where
    // C(n, k) = q * (k + 1) + r (both parts are whole numbers) so that it cannot overflow unnoticed.
    const std::uint64_t up = static_cast<std::uint64_t>(pieces - k), down = static_cast<std::uint64_t>(k + 1);
    const std::uint64_t q = binomial / down, r = binomial % down;
    binomial = (up != 0 && q > (UINT64_MAX - r * up / down) / up) ? UINT64_MAX : q * up + r * up / down;
  }
  return total;
}

}  // namespace

CensusPlan planCensus(const Puzzle& puzzle, const Rules& rules, int maxGiven, CensusMethod method) {
  puzzle.requireFixedCopies("census");
  CensusPlan plan;
  plan.method = method;
  plan.puzzle = &puzzle;
  plan.rules = rules;
  plan.pieces = puzzle.totalPieces();
  if (plan.pieces > 63)
    throw InputError(
        fmt::format("census: {} has {} pieces; a census handles at most 63", puzzle.name, plan.pieces));
  if (maxGiven != kCensusAllPieces && (maxGiven < 0 || maxGiven > plan.pieces))
    throw InputError(fmt::format("census: --max-given {}: must be from 0 to {} (the pieces of {})", maxGiven,
                                 plan.pieces, puzzle.name));
  plan.maxGiven = maxGiven == kCensusAllPieces ? plan.pieces : maxGiven;
  if (censusSubsets(plan.pieces, plan.maxGiven) > kMaxCensusSubsets) {
    int fits = 0;
    while (censusSubsets(plan.pieces, fits + 1) <= kMaxCensusSubsets) ++fits;
    throw InputError(
        fmt::format("census: {} has {} pieces, so each solution has {} subsets of up to {} pieces to go "
                    "through, more than "
                    "{}; give --max-given K with K at most {}",
                    puzzle.name, plan.pieces,
                    plan.maxGiven >= 64 ? std::string("2^64")
                                        : fmt::format("{}", censusSubsets(plan.pieces, plan.maxGiven)),
                    plan.maxGiven, kMaxCensusSubsets, fits));
  }
  plan.counters.maxGiven = plan.maxGiven;
  plan.symmetries = static_cast<int>(puzzle.symmetries.size());

  FindOptions find;
  find.rules = rules;
  find.max = kMaxCensusSolutions + 1;
  FindResult all = findSolutions(puzzle, {}, find);
  if (all.solutions.size() > kMaxCensusSolutions)
    throw InputError(
        fmt::format("census: {} has more than {} solutions on the empty board; a census holds "
                    "at most that many (docs/limits.md)",
                    puzzle.name, kMaxCensusSolutions));
  plan.allSolutions = all.solutions.size();
  for (const auto& solution : all.solutions)  // (findSolutions gives them sorted)
    if (canonicalPlacements(puzzle, solution) == solution) plan.solutions.push_back(solution);
  if (method == CensusMethod::Table) {
    plan.fillings = std::move(all.solutions);
    plan.holding.resize(puzzle.placements.size());
    for (std::size_t f = 0; f < plan.fillings.size(); ++f)
      for (int id : plan.fillings[f])
        plan.holding[static_cast<std::size_t>(id)].push_back(static_cast<std::uint32_t>(f));
  }
  std::sort(plan.solutions.begin(), plan.solutions.end());
  plan.perJob = std::max<std::size_t>(1, (plan.solutions.size() + kMaxCensusJobs - 1) / kMaxCensusJobs);
  return plan;
}

namespace {

// Table: the sets of pieces the solution shares with each other filling, from the fillings that hold each of
// its pieces; every subset of one of them is not unique, and every other subset is.
void addSharedFromTable(const CensusPlan& plan, const std::vector<int>& solution, SharedSets& shared) {
  if (plan.fillings.size() <= 1) return;  // no other filling
  const int n = static_cast<int>(solution.size());
  thread_local std::vector<Mask> common;  // per filling; all 0 between calls
  thread_local std::vector<std::uint32_t> touched;
  common.resize(plan.fillings.size(), 0);
  touched.clear();
  for (int i = 0; i < n; ++i)
    for (std::uint32_t f : plan.holding[static_cast<std::size_t>(solution[static_cast<std::size_t>(i)])]) {
      if (common[f] == 0) touched.push_back(f);
      common[f] |= Mask{1} << i;
    }
  const Mask all = (Mask{1} << n) - 1;  // (n <= 63)
  std::vector<Mask> sets{0};            // what it shares with a filling that holds none of its pieces
  for (std::uint32_t f : touched) {
    if (common[f] != all) sets.push_back(common[f]);
    common[f] = 0;
  }
  std::sort(sets.begin(), sets.end());
  sets.erase(std::unique(sets.begin(), sets.end()), sets.end());
  shared.addAll(sets, n);
}

}  // namespace

// Goes through the subsets by size, smallest first. A subset of the pieces that the solution shares with
// another solution is not unique. Table: every such set is known, so every other subset is unique, and
// minimal when each subset one piece smaller is shared. Solver: a subset containing a unique one is unique;
// the subsets that neither rule decides go to the solver, which looks for two solutions: one found means
// unique (and minimal, as every smaller subset was decided non-unique), two give another solution, whose
// shared pieces decide all their subsets.
void censusOfSolution(const CensusPlan& plan, std::size_t index, std::vector<std::uint64_t>& counters) {
  const Puzzle& puzzle = *plan.puzzle;
  const std::vector<int>& solution = plan.solutions.at(index);
  const int n = static_cast<int>(solution.size());
  const CensusCounters& at = plan.counters;
  const auto perms = stabiliser(puzzle, solution);
  const std::uint64_t orbit = puzzle.symmetries.size() / (perms.size() + 1);
  const bool table = plan.method == CensusMethod::Table;
  SharedSets shared(n);
  if (table) addSharedFromTable(plan, solution, shared);
  std::vector<Mask> minimalUnique;  // Solver: every unique subset found so far contains one
  FindOptions find;
  find.rules = plan.rules;
  find.max = 2;
  std::vector<int> givens;
  const Mask end = Mask{1} << n;  // n <= 63
  for (int k = 0; k <= plan.maxGiven; ++k) {
    for (Mask subset = (Mask{1} << k) - 1; subset < end; subset = k == 0 ? end : nextSameSize(subset)) {
      bool minimal = false;
      if (table) {
        if (shared.contains(subset)) continue;
        minimal = true;
        for (int i = 0; i < n && minimal; ++i)
          if ((subset >> i) & 1U) minimal = shared.contains(subset & ~(Mask{1} << i));
      } else if (std::none_of(minimalUnique.begin(), minimalUnique.end(),
                              [&](Mask m) { return within(m, subset); })) {
        if (shared.contains(subset)) continue;
        givens.clear();
        for (int i = 0; i < n; ++i)
          if ((subset >> i) & 1U) givens.push_back(solution[static_cast<std::size_t>(i)]);
        const FindResult found = findSolutions(puzzle, givens, find);
        ++counters[at.checks()];
        counters[at.nodes()] += found.nodes;
        if (found.solutions.empty())
          throw std::logic_error("census: a subset of a solution has no solution");  // cannot happen
        if (found.solutions.size() == 2) {
          const auto& other = found.solutions[0] == solution ? found.solutions[1] : found.solutions[0];
          Mask common = 0;
          for (int i = 0; i < n; ++i)
            if (std::binary_search(other.begin(), other.end(), solution[static_cast<std::size_t>(i)]))
              common |= Mask{1} << i;
          shared.add(common);
          continue;
        }
        minimal = true;
        minimalUnique.push_back(subset);
      }
      const bool counted = perms.empty() || smallestInOrbit(subset, perms);
      if (counted) ++counters[at.unique(k)];
      counters[at.uniqueFixed(k)] += orbit;
      if (minimal) {
        if (counted) ++counters[at.minimal(k)];
        counters[at.minimalFixed(k)] += orbit;
      }
    }
  }
  ++counters[at.solutions()];
}

bool forEachUniqueChallenge(
    const CensusPlan& plan, std::size_t index,
    const std::function<bool(const std::vector<int>& givens, int spareGivens)>& visit) {
  if (plan.method != CensusMethod::Table)
    throw std::logic_error("forEachUniqueChallenge: needs a plan that holds every filling");
  const std::vector<int>& solution = plan.solutions.at(index);
  const int n = static_cast<int>(solution.size());
  const auto perms = stabiliser(*plan.puzzle, solution);
  SharedSets shared(n);
  addSharedFromTable(plan, solution, shared);
  std::vector<int> givens;
  const Mask end = Mask{1} << n;  // n <= 63
  for (int k = 0; k <= plan.maxGiven; ++k)
    for (Mask subset = (Mask{1} << k) - 1; subset < end; subset = k == 0 ? end : nextSameSize(subset)) {
      if (shared.contains(subset) || !(perms.empty() || smallestInOrbit(subset, perms))) continue;
      givens.clear();
      int spare = 0;
      for (int i = 0; i < n; ++i)
        if ((subset >> i) & 1U) {
          givens.push_back(solution[static_cast<std::size_t>(i)]);
          spare += shared.contains(subset & ~(Mask{1} << i)) ? 0 : 1;
        }
      if (!visit(givens, spare)) return false;  // (sorted: the solution is)
    }
  return true;
}

std::vector<std::uint64_t> censusJob(const CensusPlan& plan, std::size_t job) {
  std::vector<std::uint64_t> counters(plan.counters.size(), 0);
  const std::size_t first = job * plan.perJob;
  for (std::size_t s = first; s < std::min(first + plan.perJob, plan.solutions.size()); ++s)
    censusOfSolution(plan, s, counters);
  return counters;
}

}  // namespace piecework

// SPDX-License-Identifier: Apache-2.0
#include "generator/generator.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <exception>
#include <map>
#include <mutex>
#include <optional>
#include <random>
#include <thread>
#include <unordered_set>

#include "generator/family_booklet.hpp"
#include "generator/marked.hpp"
#include "puzzle/challenge.hpp"
#include "puzzle/family.hpp"
#include "solver/shuffle.hpp"
#include "solver/solver.hpp"

namespace piecework {
namespace {

// FNV-1a over the placement ids, then a final mix (splitmix64's) so that near keys spread.
std::uint64_t placementsHash(const std::vector<int>& placements) {
  std::uint64_t hash = 0xcbf29ce484222325ULL;
  for (const int id : placements) {
    hash ^= static_cast<std::uint32_t>(id);
    hash *= 0x100000001b3ULL;
  }
  hash ^= hash >> 30;
  hash *= 0xbf58476d1ce4e5b9ULL;
  hash ^= hash >> 27;
  hash *= 0x94d049bb133111ebULL;
  return hash ^ (hash >> 31);
}

// The hash of a generated challenge up to symmetry: its canonical givens, or with marks its canonical text.
std::uint64_t challengeHash(const Puzzle& puzzle, const GeneratedChallenge& challenge) {
  if (challenge.marks.empty()) return placementsHash(canonicalPlacements(puzzle, challenge.givens));
  const std::string text = canonicalChallengeText(puzzle, Challenge{challenge.givens, challenge.marks});
  std::vector<int> bytes(text.begin(), text.end());
  return placementsHash(bytes);
}

std::uint64_t splitmix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30U)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27U)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31U);
}

std::uint64_t nonZero(std::uint64_t x) {
  return x == 0 ? 1 : x;
}

using Clock = std::chrono::steady_clock;
double secondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// Measured (24 challenges, one thread, placeholder rater): one random start piece cut IQ-Link's time per full
// solution from 1.0 s to 0.6 s; on IQ Fit a random start made it 7x slower (a piece put down at random often
// walls off cells, and proving that costs a whole subtree), so cell puzzles start from the empty board;
// except where the booklet's level leaves one piece given (IQ Stars' Master): that piece must be in exactly
// one tiling, and a random start piece gives each such placement the same chance. From the empty board the
// seeded search reached some of IQ Stars' 32 such placements so seldom that 24 distinct Masters (--seed 1)
// needed more than 300 attempts for one challenge; with a start piece, at most N (docs/generating.md).
int startPieces(const Puzzle& puzzle, const BookletLevel& shape) {
  if (!puzzle.fillAll) return 1;
  return shape.minToPlace == puzzle.totalPieces() - 1 ? 1
                                                      : 0;  // every challenge of the level gives one piece
}

// Measured on IQ Fit, Master (24 challenges): 1 pass 4% of attempts accepted, 2 passes 9%, 4 passes 11%,
// 8 passes 16%; the time per accepted challenge fell from 1.7 s to 0.5 s.
constexpr int kRemovalPasses = 8;

// A random full solution. The seeded search alone starts every solution from the same corner of the tree, and
// on IQ-Link it takes seconds; so first a few random starts are tried: pieces put down at random places (no
// two overlapping), completed by the seeded search. A start that cannot be completed costs only the small
// search below it. After kStartTries such starts, the seeded search on the empty board decides (and proves
// that there is no solution at all when it finds none).
bool randomSolution(const Puzzle& puzzle, Rules rules, const BookletLevel& shape, std::mt19937_64& rng,
                    AttemptResult& result, std::vector<int>& solution) {
  constexpr int kStartTries = 20;
  const auto start = Clock::now();
  FindOptions find;
  find.rules = rules;
  find.max = 1;
  const int k = std::min(startPieces(puzzle, shape), puzzle.pieceCount() - 1);
  for (int attempt = 0; attempt < kStartTries && k > 0; ++attempt) {
    std::vector<int> pieces(static_cast<std::size_t>(puzzle.pieceCount()));
    for (int p = 0; p < puzzle.pieceCount(); ++p) pieces[static_cast<std::size_t>(p)] = p;
    portableShuffle(pieces, rng);
    std::vector<bool> taken(static_cast<std::size_t>(puzzle.siteCount()), false);
    std::vector<int> givens;
    for (int p : pieces) {
      if (static_cast<int>(givens.size()) == k) break;
      const auto& candidates = puzzle.piecePlacements[static_cast<std::size_t>(p)];
      if (candidates.empty()) continue;
      const int id = candidates[static_cast<std::size_t>(rng() % candidates.size())];
      const auto& sites = puzzle.placements[static_cast<std::size_t>(id)].sites;
      if (std::any_of(sites.begin(), sites.end(), [&](int s) { return taken[static_cast<std::size_t>(s)]; }))
        continue;
      for (int s : sites) taken[static_cast<std::size_t>(s)] = true;
      givens.push_back(id);
    }
    find.seed = nonZero(rng());
    const FindResult found = findSolutions(puzzle, givens, find);
    result.nodes += found.nodes;
    if (!found.solutions.empty()) {
      solution = found.solutions.front();
      result.solutionSeconds += secondsSince(start);
      return true;
    }
  }
  find.seed = nonZero(rng());
  const FindResult full = findSolutions(puzzle, {}, find);
  result.nodes += full.nodes;
  result.solutionSeconds += secondsSince(start);
  if (full.solutions.empty()) return false;
  solution = full.solutions.front();
  return true;
}

// One unique challenge met on the way down from the full solution.
struct State {
  std::vector<int> givens;
  Rating rating;
  bool keep = false;  // graded at the level and like the booklet's challenges there
};

}  // namespace

bool fitsBooklet(const BookletLevel& shape, const Rating& rating) {
  if (rating.toPlace < shape.minToPlace || rating.toPlace > shape.maxToPlace) return false;
  if (!shape.limitsSpareGivens()) return true;
  const int spare = rating.features.spareGivens;
  return spare >= shape.minSpareGivens && spare <= shape.maxSpareGivens;
}

int leastToPlace(const Puzzle& puzzle) {
  return puzzle.totalPieces() >= 3 ? 2 : 1;
}

const char* rejectName(Reject reason) {
  switch (reason) {
    case Reject::None:
      return "accepted";
    case Reject::NoSolution:
      return "no solution";
    case Reject::TooEasy:
      return "too easy";
    case Reject::TooHard:
      return "too hard";
    case Reject::Skipped:
      return "level skipped";
    case Reject::SecondCheck:
      return "second check";
    case Reject::Ambiguous:
      return "pattern not unique";
    case Reject::TooManyMarks:
      return "too many marks needed";
    case Reject::UnlikeBooklet:
      return "unlike the booklet";
    case Reject::Duplicate:
      break;
  }
  return "duplicate";
}

void GenerateStats::add(const AttemptResult& attempt) {
  ++attempts;
  ++rejects[static_cast<std::size_t>(attempt.reject)];
  uniquenessChecks += static_cast<std::uint64_t>(attempt.uniquenessChecks);
  ratings += static_cast<std::uint64_t>(attempt.ratings);
  passes += static_cast<std::uint64_t>(attempt.passes);
  if (attempt.challenge || attempt.reject == Reject::Duplicate || attempt.reject == Reject::SecondCheck)
    ++passesHit;
  nodes += attempt.nodes;
  solutionSeconds += attempt.solutionSeconds;
  uniquenessSeconds += attempt.uniquenessSeconds;
  ratingSeconds += attempt.ratingSeconds;
  checkSeconds += attempt.checkSeconds;
  maxUniquenessSeconds = std::max(maxUniquenessSeconds, attempt.maxUniquenessSeconds);
}

std::uint64_t challengeSeed(std::uint64_t batchSeed, Level level, std::uint64_t index) {
  const auto salt = static_cast<std::uint64_t>(level) * 0x8cb92ba72f3d8dd7ULL;
  return nonZero(splitmix(splitmix(batchSeed ^ salt) ^ (index * 0xd1b54a32d192ed03ULL)));
}

std::uint64_t attemptSeed(std::uint64_t streamSeed, std::uint64_t attempt) {
  // Attempt 0 uses the stream seed itself, so a challenge's stream seed regenerates it when it needed one
  // try.
  return attempt == 0 ? nonZero(streamSeed) : nonZero(splitmix(streamSeed + attempt * 0x9e3779b97f4a7c15ULL));
}

AttemptResult generateAttempt(const Puzzle& puzzle, Level level, Rules rules, std::uint64_t seed,
                              const RatingModel* model, bool likeBooklet) {
  puzzle.requireFixedCopies("generating challenges");
  AttemptResult result;
  std::mt19937_64 rng(seed);

  // How the family makes a challenge at this level, and what its official booklet's challenges there are
  // like (generator/family_booklet.hpp). A family without a booklet limits nothing.
  const LevelShape levelForm = levelShape(puzzle, level, likeBooklet);
  const BookletLevel& shape = levelForm.ranges;

  // 1. A random full solution.
  std::vector<int> solution;
  if (!randomSolution(puzzle, rules, shape, rng, result, solution)) {
    result.reject = Reject::NoSolution;
    return result;
  }
  if (levelForm.form != ChallengeForm::Pieces) {
    markedAttempt(puzzle, level, rules, seed, model, levelForm, solution, rng, result);
    return result;
  }

  // 2. Removals in a random order, each kept only while exactly one solution remains. Fewer givens never
  // means fewer solutions, so one pass leaves a challenge from which no further piece can go. Every unique
  // challenge on the way is rated; the ratings grow with the removals, so the pass stops once it has passed
  // the level. A pass that misses the level is followed by another order on the same solution (up to
  // kRemovalPasses); answers are remembered, since the passes share their first steps.
  const int minToPlace = leastToPlace(puzzle);
  std::map<std::vector<int>, Uniqueness> known;
  std::map<std::vector<int>, Rating> rated;
  std::optional<State> chosen;
  for (int pass = 0; pass < kRemovalPasses && !chosen; ++pass) {
    // Measured, Wizard, 24 challenges: a random order hit the level in 10% of passes on IQ Fit and 11% on IQ
    // Blocks; larger pieces first 7% and 2%, smaller pieces first 4% and 1%. So the order stays random.
    ++result.passes;
    std::vector<int> order = solution;
    portableShuffle(order, rng);
    std::vector<int> givens = solution;
    std::vector<State> chain;
    std::vector<int> needed;  // removals that left several solutions: needed by every later challenge too
    for (int placement : order) {
      std::vector<int> trial;
      for (int g : givens)
        if (g != placement) trial.push_back(g);
      std::optional<Problem> problem;  // built once, for the search or the rating that needs it first
      auto u = known.find(trial);
      if (u == known.end()) {
        std::uint64_t nodes = 0;
        const auto start = Clock::now();
        problem = makeProblem(puzzle, trial, rules);
        const Uniqueness answer = uniqueness(*problem, &nodes);
        const double took = secondsSince(start);
        result.uniquenessSeconds += took;
        result.maxUniquenessSeconds = std::max(result.maxUniquenessSeconds, took);
        ++result.uniquenessChecks;
        result.nodes += nodes;
        u = known.emplace(trial, answer).first;
      }
      if (u->second != Uniqueness::Unique) {
        needed.push_back(placement);
        continue;
      }
      givens = std::move(trial);
      auto r = rated.find(givens);
      if (r == rated.end()) {
        const auto start = Clock::now();
        if (!problem) problem = makeProblem(puzzle, givens, rules);
        r = rated.emplace(givens, rate(*problem, model, &needed)).first;
        result.ratingSeconds += secondsSince(start);
        ++result.ratings;
      }
      Rating& rating = r->second;
      const bool atLevel = rating.level == level && rating.toPlace >= minToPlace;
      if (atLevel && shape.limitsSpareGivens())
        measureSpareGivens(puzzle, givens, rules, rating.features, &needed);
      chain.push_back(State{givens, rating, atLevel && fitsBooklet(shape, rating)});
      if (chain.back().rating.level > level) break;
      // Nothing rates above Wizard, so a Wizard pass would run on down to the fewest givens, where uniqueness
      // checks are the slowest (IQ-Link: seconds each); the first Wizard challenge that will do is taken.
      if (level == Level::Wizard && chain.back().keep) break;
    }

    // 3. Keep one of the challenges graded exactly at the level and like the booklet's there.
    std::vector<std::size_t> matching;
    bool anyAtLevel = false;
    for (std::size_t i = 0; i < chain.size(); ++i) {
      if (chain[i].keep) matching.push_back(i);
      anyAtLevel = anyAtLevel || (chain[i].rating.level == level && chain[i].rating.toPlace >= minToPlace);
    }
    if (matching.empty()) {
      if (anyAtLevel)
        result.reject = Reject::UnlikeBooklet;
      else if (chain.empty() || chain.back().rating.level < level)
        result.reject = Reject::TooEasy;
      else if (chain.front().rating.level > level)
        result.reject = Reject::TooHard;
      else
        result.reject = Reject::Skipped;
      continue;
    }
    result.reject = Reject::None;
    chosen = chain[matching[static_cast<std::size_t>(rng() % matching.size())]];
  }
  if (!chosen) return result;

  // 4. An independent second check: another search order, asked for two solutions, must find exactly the one.
  FindOptions check;
  check.rules = rules;
  check.max = 2;
  check.seed = nonZero(rng() | 2U);
  const auto checkStart = Clock::now();
  const FindResult second = findSolutions(puzzle, chosen->givens, check);
  result.checkSeconds = secondsSince(checkStart);
  result.nodes += second.nodes;
  if (second.solutions.size() != 1 || !second.exhausted || second.solutions.front() != solution) {
    result.reject = Reject::SecondCheck;
    return result;
  }

  GeneratedChallenge challenge;
  challenge.givens = chosen->givens;
  std::sort(challenge.givens.begin(), challenge.givens.end());
  challenge.solution = solution;
  challenge.challengeText = formatChallenge(puzzle, challenge.givens);
  challenge.solutionText = formatChallenge(puzzle, solution);
  challenge.rating = chosen->rating;
  challenge.given = static_cast<int>(challenge.givens.size());
  challenge.toPlace = puzzle.totalPieces() - challenge.given;
  challenge.seed = seed;
  challenge.familyRule = appliesFamilyRule(puzzle, rules);
  result.challenge = std::move(challenge);
  return result;
}

GenerateResult generateBatch(const Puzzle& puzzle, const GenerateOptions& options) {
  puzzle.requireFixedCopies("generating challenges");
  const auto start = Clock::now();
  GenerateResult result;
  const int count = std::max(0, options.count);
  // Attempts allowed for the challenge being committed: --max-attempts when given; by default it grows with
  // what the batch has needed so far, since a scarce level's attempts per challenge grow as its few distinct
  // challenges are used up (IQ Stars' Master: 32 one-piece challenges in all, docs/generating.md).
  int cap = options.maxAttempts > 0 ? options.maxAttempts : kDefaultMaxAttempts;
  auto updateCap = [&] {
    if (options.maxAttempts <= 0)
      cap = std::max(kDefaultMaxAttempts, kAttemptsGrowth * result.stats.mostAttempts);
  };

  // Challenge i is the first attempt of its stream, in attempt order, that succeeds and is not a duplicate of
  // challenges 0..i-1. Threads run attempts ahead (several slots at once, or several attempts of the last
  // slots); the prefix is committed in index order, so the batch does not depend on the thread count or
  // timing.
  struct Slot {
    std::uint64_t stream = 0;
    int dispatched = 0;  // attempts handed out
    int scanned = 0;     // attempts examined by the commit
    int inFlight = 0;
    int pendingSuccesses = 0;  // successful attempts not yet examined
    std::map<int, AttemptResult> results;
  };

  std::mutex mutex;
  std::condition_variable changed;
  int committed = 0;
  bool stop = count == 0;
  std::exception_ptr error;
  // Hashes of the canonical givens of the committed challenges: 8 bytes each instead of the givens. Two
  // different challenges share a hash with probability about 3e-8 in a batch of a million; the later one is
  // then skipped as a duplicate, which changes nothing else (the batch stays reproducible).
  std::unordered_set<std::uint64_t> seen;
  // Slots committed .. committed + window.size() - 1; later ones are made when first handed out, and
  // committed ones dropped, so memory stays flat in the batch size. A deque keeps references to its elements
  // across push_back, and across pop_front of other elements.
  std::deque<Slot> window;
  auto slotAt = [&](int i) -> Slot& {
    while (committed + static_cast<int>(window.size()) <= i) {
      window.emplace_back();
      window.back().stream = challengeSeed(options.seed, options.level,
                                           static_cast<std::uint64_t>(committed) + window.size() - 1);
    }
    return window[static_cast<std::size_t>(i - committed)];
  };

  std::array<std::uint64_t, kRejectKinds>
      rejectsBefore{};  // the batch's rejects before the current challenge
  // Examines finished attempts in order; called with the lock held.
  auto commit = [&] {
    while (!stop && committed < count) {
      Slot& slot = slotAt(committed);
      bool advanced = false;
      while (slot.scanned < cap) {
        auto it = slot.results.find(slot.scanned);
        if (it == slot.results.end()) break;
        AttemptResult& attempt = it->second;
        ++slot.scanned;
        if (attempt.challenge) {
          --slot.pendingSuccesses;
          if (!seen.insert(challengeHash(puzzle, *attempt.challenge)).second) {
            attempt.reject = Reject::Duplicate;
            result.stats.add(attempt);
            slot.results.erase(it);
            continue;
          }
          result.stats.add(attempt);
          rejectsBefore = result.stats.rejects;
          if (options.accepted) options.accepted(committed, *attempt.challenge);
          if (options.keep) result.challenges.push_back(std::move(*attempt.challenge));
          ++result.produced;
          result.stats.mostAttempts = std::max(result.stats.mostAttempts, slot.scanned);
          updateCap();
          result.stats.discarded += slot.results.size() - 1;  // attempts run ahead that are not needed
          window.pop_front();                                 // `slot` and `attempt` are gone from here on
          ++committed;
          advanced = true;
          break;
        }
        if (attempt.reject == Reject::NoSolution) {
          result.stats.add(attempt);
          result.failure = fmt::format("{} has no solution{}", puzzle.name,
                                       appliesFamilyRule(puzzle, options.rules)
                                           ? fmt::format(" under the {} rule", familyOf(puzzle).ruleName())
                                           : "");
          stop = true;
          return;
        }
        result.stats.add(attempt);
        slot.results.erase(it);
      }
      if (advanced) continue;
      if (slot.scanned >= cap) {
        result.failure = fmt::format(
            "gave up on challenge {} of {} after {} attempts: no new {} challenge found (rejects: {}); "
            "the level may be out of this puzzle's reach, or the batch asks for more distinct challenges "
            "than exist",
            committed + 1, count, cap, levelName(options.level), [&] {
              std::string text;
              for (int r = 1; r < kRejectKinds; ++r) {
                const auto n = result.stats.rejects[static_cast<std::size_t>(r)] -
                               rejectsBefore[static_cast<std::size_t>(r)];
                if (n != 0)
                  text +=
                      fmt::format("{}{} {}", text.empty() ? "" : ", ", n, rejectName(static_cast<Reject>(r)));
              }
              return text.empty() ? std::string("none") : text;
            }());
        stop = true;
      }
      return;
    }
  };

  auto worker = [&] {
    std::unique_lock lock(mutex);
    for (;;) {
      if (stop || committed >= count) return;
      // The slot that most needs an attempt: fewest attempts running, then lowest index.
      int best = -1;
      // Slots past the window are untouched (no attempt in flight), so the scan stops at the first of them.
      for (int i = committed; i < count; ++i) {
        const Slot& s = slotAt(i);
        if (s.pendingSuccesses > 0 || s.dispatched >= cap) continue;
        if (best < 0 || s.inFlight < slotAt(best).inFlight) best = i;
        if (s.inFlight == 0) break;
      }
      if (best < 0) {
        bool anyRunning = false;
        for (std::size_t i = 0; i < window.size(); ++i) anyRunning = anyRunning || window[i].inFlight > 0;
        if (!anyRunning) {
          commit();
          if (!stop && committed < count) {
            // Nothing runs, nothing can be handed out: the commit must have stopped (cap reached).
            stop = true;
            if (result.failure.empty()) result.failure = "internal: the batch made no progress";
          }
          changed.notify_all();
          return;
        }
        changed.wait(lock);
        continue;
      }
      Slot& chosen = slotAt(best);
      const int k = chosen.dispatched++;
      ++chosen.inFlight;
      const std::uint64_t seed = attemptSeed(chosen.stream, static_cast<std::uint64_t>(k));
      lock.unlock();
      // Once unlocked, the slot may be committed and dropped: look it up again under the lock.
      AttemptResult attempt;
      try {
        attempt =
            generateAttempt(puzzle, options.level, options.rules, seed, options.model, options.likeBooklet);
      } catch (...) {
        lock.lock();
        if (!error) error = std::current_exception();
        stop = true;
        if (best >= committed) --slotAt(best).inFlight;
        changed.notify_all();
        return;
      }
      lock.lock();
      if (best < committed) {
        ++result.stats.discarded;  // its challenge was settled by an earlier attempt meanwhile
      } else {
        Slot& slot = slotAt(best);
        --slot.inFlight;
        if (attempt.challenge) ++slot.pendingSuccesses;
        slot.results.emplace(k, std::move(attempt));
      }
      try {
        commit();
        if (!stop && options.stopRequested != nullptr && options.stopRequested->load()) {
          stop = true;
          result.failure = "cancelled";
        }
        if (options.progress && !stop) {
          result.stats.currentAttempts = committed < count ? slotAt(committed).scanned : 0;
          result.stats.attemptCap = cap;
          options.progress(committed, result.stats);
        }
      } catch (...) {
        if (!error) error = std::current_exception();
        stop = true;
      }
      changed.notify_all();
    }
  };

  unsigned threads = options.threads > 0 ? static_cast<unsigned>(options.threads)
                                         : std::max(1U, std::thread::hardware_concurrency());
  threads = std::min<unsigned>(threads, static_cast<unsigned>(std::max(1, count)) * 4U);
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < threads; ++t) pool.emplace_back(worker);
  worker();
  for (auto& t : pool) t.join();
  if (error) std::rethrow_exception(error);

  result.complete = committed == count;
  if (!result.complete && result.failure.empty()) result.failure = "stopped";
  result.stats.seconds = secondsSince(start);
  return result;
}

}  // namespace piecework

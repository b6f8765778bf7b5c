// SPDX-License-Identifier: Apache-2.0
// piecework count: every solution, and the distinct ones up to symmetry.
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>

#include "cli/checkpoint.hpp"
#include "cli/command.hpp"
#include "cli/job_runner.hpp"
#include "cli/progress.hpp"
#include "puzzle/burrtools.hpp"
#include "puzzle/burrtools_symmetry.hpp"
#include "puzzle/challenge.hpp"
#include "puzzle/definition.hpp"
#include "puzzle/errors.hpp"
#include "solver/solver.hpp"

namespace piecework::cli {

namespace {

struct BurrToolsCount {
  std::optional<std::uint64_t> assemblies;  // BurrTools' count, where it is defined
  bool withMirrors = false;                 // mirror images were merged too (the pieces are mirror-paired)
  std::optional<std::uint64_t> stored;      // the count a BurrTools file stores for the problem
};

// BurrTools' `assemblies` (docs/interop.md): the solutions up to the symmetries BurrTools merges by. Defined
// for whole puzzles only (BurrTools has no givens); when that group is piecework's own it is `distinct`,
// otherwise a second count under the smaller group.
BurrToolsCount countAsBurrTools(const Puzzle& puzzle, const std::string& path, const std::vector<int>& givens,
                                const CountResult& counted, int threads) {
  BurrToolsCount out;
  if (isBurrToolsPath(path))
    for (const auto& problem : burrToolsProblems(path))
      if (problem.selected) out.stored = problem.storedAssemblies;
  if (!givens.empty()) return out;
  std::optional<std::vector<Symmetry>> group = burrToolsSymmetries(puzzle, isBurrToolsPath(path));
  if (!group) return out;
  out.withMirrors = std::any_of(group->begin(), group->end(), [](const Symmetry& s) { return s.mirror; }) ||
                    puzzle.lattice == Lattice::Square;
  if (group->size() == puzzle.symmetries.size()) {
    out.assemblies = counted.distinct;
    return out;
  }
  Puzzle turnsOnly = puzzle;
  turnsOnly.symmetries = std::move(*group);
  CountOptions options;
  options.threads = threads;
  out.assemblies = countSolutions(turnsOnly, {}, options).distinct;
  return out;
}

}  // namespace

int runCount(const std::vector<std::string>& args) {
  po::options_description options("options");
  addChallengeOptions(options);
  options.add_options()("threads", po::value<int>()->default_value(0),
                        "threads to use (0: every core; under mpirun: per rank, the rank's share)")(
      "checkpoint", po::value<std::string>(), "record finished parts in FILE and skip those already there")(
      "progress", po::value<std::string>()->default_value("auto"),
      "progress on stderr: auto (a line on a terminal), tty, plain (a line every few seconds), none")(
      "json", "print JSON");
  addRulesOption(options);
  po::variables_map vm;
  if (!parseArguments("count",
                      "piecework count PUZZLE [--challenge TEXT | --challenge-file FILE] [--threads N] "
                      "[--checkpoint FILE] [--progress auto|tty|plain|none] [--json]",
                      args, options, vm))
    return 0;
  const ProgressMode progressMode = parseProgressMode(vm["progress"].as<std::string>());
  const std::string path = vm["puzzle"].as<std::string>();
  const Puzzle puzzle = loadPuzzle(path);
  Challenge challenge = readChallengeText(puzzle, vm, false);
  const std::vector<int>& givens = challenge.givens;
  Rules rules = readRules(vm);
  rules.marks = std::move(challenge.marks);
  const int requestedThreads = readThreads(vm);

  // Under mpirun every rank gets here with the same arguments; each builds the same job list (it depends on
  // the threads of all ranks together, so `mpirun -np 2` with one thread each splits like `--threads 2`).
  const auto start = std::chrono::steady_clock::now();
  const RankInfo& ranks = rankInfo();
  const int threads = requestedThreads > 0 ? requestedThreads : defaultThreadsPerRank();
  const std::uint64_t allThreads = sumOverRanks(static_cast<std::uint64_t>(threads));
  const bool checkpointed = vm.count("checkpoint") != 0U;
  // (with a checkpoint at least 256 jobs, so a kill loses little; the same jobs for up to 4 threads in all)
  const CountJobs jobs(puzzle, givens, rules,
                       std::max<std::uint64_t>(allThreads > 1 ? 64 * allThreads : 1, checkpointed ? 256 : 0));

  JobWork work;
  work.jobs = jobs.size();
  work.counters = 3;  // solutions, distinct, nodes
  work.worker = [&jobs] {
    std::shared_ptr<CountJobs::Searcher> searcher = jobs.searcher();
    return [searcher](std::size_t job) {
      const JobCounts counts = searcher->run(job);
      return JobCounters{counts.solutions, counts.distinct, counts.nodes};
    };
  };
  // The checkpoint is rank 0's alone, opened inside runJobs so that an error in it stops every rank.
  std::unique_ptr<JobRecordFile> checkpoint;
  if (checkpointed) {
    work.resume = [&] {
      std::vector<std::uint64_t> weights(jobs.size());
      for (std::size_t j = 0; j < weights.size(); ++j) weights[j] = jobs.weight(j);
      checkpoint = std::make_unique<JobRecordFile>(
          vm["checkpoint"].as<std::string>(),
          countCheckpointLayout(countFingerprint(puzzle, givens, rules), std::move(weights)));
      return checkpoint->finished();
    };
    work.finished = [&](std::size_t job, const JobCounters& c) { checkpoint->record(job, c); };
  }
  Progress progress(progressMode, "counting");
  work.progress = [&](std::size_t done, std::size_t all) { progress.update(done, all); };
  const std::optional<JobTotals> totals = runJobs(work, threads);
  progress.finish();
  if (!totals) return 0;  // another rank than 0: rank 0 prints

  CountResult r;
  r.solutions = totals->sums[0];
  r.distinct = totals->sums[1];
  r.nodes = totals->sums[2];
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  r.threads = threads;
  r.symmetries = jobs.symmetries();
  const BurrToolsCount burrTools = countAsBurrTools(puzzle, path, givens, r, threads);
  if (vm.count("json") != 0U) {
    nlohmann::json json = {{"solutions", r.solutions},
                           {"distinct", r.distinct},
                           {"seconds", r.seconds},
                           {"nodes", r.nodes},
                           {"threads", r.threads},
                           {"symmetries", r.symmetries},
                           {"linked", appliesFamilyRule(puzzle, rules)}};
    if (ranks.distributed) json["ranks"] = ranks.ranks;
    if (burrTools.assemblies) json["assemblies"] = *burrTools.assemblies;
    if (burrTools.stored) json["stored_assemblies"] = *burrTools.stored;
    if (burrTools.stored && burrTools.assemblies)
      json["stored_agrees"] = *burrTools.stored == *burrTools.assemblies;
    printJson(json);
    return 0;
  }
  std::cout << fmt::format("{} solutions, {} distinct up to {} symmetr{}\n", r.solutions, r.distinct,
                           r.symmetries, r.symmetries == 1 ? "y" : "ies");
  // (in text only for BurrTools files, where one compares with BurrTools; other text stays as it was)
  if (burrTools.assemblies && isBurrToolsPath(path))
    std::cout << fmt::format("{} assemblies as BurrTools counts them (up to turns of the whole{})\n",
                             *burrTools.assemblies,
                             burrTools.withMirrors ? " and mirror images" : "; mirror images count apart");
  if (burrTools.stored) {
    std::cout << fmt::format("the file stores BurrTools' count: {} assemblies", *burrTools.stored);
    if (burrTools.assemblies)
      std::cout << (*burrTools.stored == *burrTools.assemblies ? ", which agrees" : ", which does NOT agree");
    std::cout << '\n';
  }
  std::cout << fmt::format("{:.3f} s, {} nodes, {} thread{}", r.seconds, r.nodes, r.threads,
                           r.threads == 1 ? "" : "s");
  if (ranks.distributed)
    std::cout << fmt::format(" on each of {} MPI rank{}", ranks.ranks, ranks.ranks == 1 ? "" : "s");
  std::cout << '\n';
  return 0;
}

}  // namespace piecework::cli

// SPDX-License-Identifier: Apache-2.0
// piecework count: every solution, and the distinct ones up to symmetry.
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <iostream>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>

#include "cli/command.hpp"
#include "cli/count_burrtools.hpp"
#include "cli/progress.hpp"
#include "jobs/checkpoint.hpp"
#include "jobs/job_runner.hpp"
#include "puzzle/challenge.hpp"
#include "puzzle/definition.hpp"
#include "puzzle/dlx_read.hpp"
#include "puzzle/errors.hpp"
#include "puzzle/limits.hpp"
#include "solver/exact_cover_count.hpp"
#include "solver/solver.hpp"

namespace piecework::cli {

// The job layer (jobs/): threads, MPI ranks and the checkpoint file.
using jobs::countCheckpointLayout;
using jobs::countFingerprint;
using jobs::defaultThreadsPerRank;
using jobs::JobCounters;
using jobs::JobRecordFile;
using jobs::JobTotals;
using jobs::JobWork;
using jobs::RankInfo;
using jobs::rankInfo;
using jobs::runJobs;
using jobs::sumOverRanks;

namespace {

// The count by the job layer (threads, MPI ranks, the checkpoint, --jsonl's lines); nothing on ranks other
// than 0, which print nothing.
std::optional<CountResult> countByJobs(const Puzzle& puzzle, const std::vector<int>& givens,
                                       const Rules& rules, int threads, const po::variables_map& vm,
                                       ProgressMode progressMode) {
  // Under mpirun every rank gets here with the same arguments; each builds the same job list (it depends on
  // the threads of all ranks together, so `mpirun -np 2` with one thread each splits like `--threads 2`).
  const auto start = std::chrono::steady_clock::now();
  const std::uint64_t allThreads = sumOverRanks(static_cast<std::uint64_t>(threads));
  const bool checkpointed = vm.count("checkpoint") != 0U;
  // (with a checkpoint at least 256 jobs, so a kill loses little; the same jobs for up to 4 threads in all)
  const CountJobs jobs(puzzle, givens, rules,
                       std::max<std::uint64_t>(allThreads > 1 ? 64 * allThreads : 1, checkpointed ? 256 : 0));

  JobWork work;
  work.jobs = jobs.size();
  work.counters = 3;  // solutions, distinct, nodes
  // Every searcher of this rank, so that progress lines can say how far the jobs under way are.
  std::mutex searchersMutex;
  std::vector<std::shared_ptr<CountJobs::Searcher>> searchers;
  work.worker = [&jobs, &searchersMutex, &searchers] {
    std::shared_ptr<CountJobs::Searcher> searcher = jobs.searcher();
    {
      const std::lock_guard lock(searchersMutex);
      searchers.push_back(searcher);
    }
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
  }
  const bool jsonl = vm.count("jsonl") != 0U;
  JobCounters soFar(3, 0);
  std::size_t jobsDone = 0;
  auto lastLine = start;
  if (jsonl && work.resume)  // (jobs a checkpoint holds count in the lines as done)
    work.resume = [&, resume = work.resume] {
      auto finished = resume();
      for (const auto& [job, c] : finished)
        for (std::size_t i = 0; i < soFar.size(); ++i) soFar[i] += c[i];
      jobsDone = finished.size();
      return finished;
    };
  if (checkpointed || jsonl)
    work.finished = [&](std::size_t job, const JobCounters& c) {
      if (checkpoint) checkpoint->record(job, c);
      if (!jsonl) return;
      for (std::size_t i = 0; i < soFar.size(); ++i) soFar[i] += c[i];
      ++jobsDone;
      // At most four lines a second, and a line for the last job: a reader sees the counts grow.
      const auto now = std::chrono::steady_clock::now();
      if (jobsDone != jobs.size() && jobsDone != 1 && now - lastLine < std::chrono::milliseconds(250)) return;
      lastLine = now;
      printJson(nlohmann::json{{"type", "progress"},
                               {"jobs_done", jobsDone},
                               {"jobs", jobs.size()},
                               {"solutions", soFar[0]},
                               {"distinct", soFar[1]},
                               {"nodes", soFar[2]},
                               {"seconds", std::chrono::duration<double>(now - start).count()}});
      std::cout.flush();
    };
  Progress progress(progressMode, "counting");
  progress.setUnderWay([&searchersMutex, &searchers] {
    const std::lock_guard lock(searchersMutex);
    double underWay = 0;
    for (const auto& searcher : searchers) underWay += searcher->underWay();
    return underWay;
  });
  work.progress = [&](std::size_t done, std::size_t all) { progress.update(done, all); };
  const std::optional<JobTotals> totals = runJobs(work, threads);
  progress.finish();
  if (!totals) return std::nullopt;

  CountResult r;
  r.solutions = totals->sums[0];
  r.distinct = totals->sums[1];
  r.nodes = totals->sums[2];
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  r.threads = threads;
  r.symmetries = jobs.symmetries();
  return r;
}

// count FILE.dlx: the exact covers of a dlx1 file, by Algorithm X (no symmetry, no family rule: the file
// says all there is).
int countDlxFile(const std::string& path, const po::variables_map& vm) {
  for (const char* option : {"challenge", "challenge-file", "checkpoint", "unlinked", "disassemble"})
    if (vm.count(option) != 0U)
      throw InputError(fmt::format("count {}: --{} applies to puzzles, not to a dlx file", path, option));
  const DlxProblem problem = parseDlx(readFileLimited(path, kMaxDlxBytes, "the dlx file"), path);
  const auto start = std::chrono::steady_clock::now();
  const ExactCoverCount counted = countExactCovers(problem);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const std::size_t secondary = problem.items.size() - problem.primary;
  if (vm.count("json") != 0U || vm.count("jsonl") != 0U) {
    nlohmann::json json = {{"solutions", counted.solutions},   {"seconds", seconds},
                           {"nodes", counted.nodes},           {"threads", 1},
                           {"primary_items", problem.primary}, {"secondary_items", secondary},
                           {"options", problem.options.size()}};
    if (vm.count("jsonl") != 0U) json["type"] = "summary";  // (one search: no counts on the way)
    printJson(json);
    return 0;
  }
  std::cout << fmt::format("{} solutions (exact covers of {} primary and {} secondary items by {} options)\n",
                           counted.solutions, problem.primary, secondary, problem.options.size());
  std::cout << fmt::format("{:.3f} s, {} nodes, 1 thread\n", seconds, counted.nodes);
  return 0;
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
      "json", "print JSON")(
      "jsonl",
      "stream JSON lines: the counts so far as parts of the search finish, then the --json object as a "
      "summary line")(
      "disassemble",
      "also take every assembly apart: how many come apart (BurrTools' solutions) and their levels "
      "(docs/disassembly.md)")(
      "merge-mirrors",
      "with --disassemble: count assemblies that are mirror images of each other once, as BurrTools 0.7.1 "
      "does by default when the pieces include each one's mirror image");
  addRulesOption(options);
  po::variables_map vm;
  if (!parseArguments(
          "count",
          "piecework count PUZZLE|FILE.dlx [--challenge TEXT | --challenge-file FILE] [--threads N] "
          "[--checkpoint FILE] [--progress auto|tty|plain|none] [--disassemble [--merge-mirrors]] "
          "[--unlinked] "
          "[--json | --jsonl]",
          args, options, vm))
    return 0;
  const ProgressMode progressMode = parseProgressMode(vm["progress"].as<std::string>());
  if (vm.count("jsonl") != 0U && vm.count("json") != 0U)
    throw InputError("count: give --json or --jsonl, not both");
  const std::string path = vm["puzzle"].as<std::string>();
  if (isDlxPath(path)) return countDlxFile(path, vm);
  const Puzzle puzzle = loadPuzzle(path);
  Challenge challenge = readChallengeText(puzzle, vm, false);
  const std::vector<int>& givens = challenge.givens;
  Rules rules = readRules(vm);
  rules.marks = std::move(challenge.marks);
  const int requestedThreads = readThreads(vm);
  const bool disassembling = vm.count("disassemble") != 0U;
  if (vm.count("merge-mirrors") != 0U && !disassembling)
    throw InputError("--merge-mirrors needs --disassemble");
  if (disassembling) {
    requireDisassemblyGrid(puzzle);
    if (!givens.empty() || !rules.marks.empty())
      throw InputError("count --disassemble: takes the whole puzzle apart, not a challenge");
  }

  const int threads = requestedThreads > 0 ? requestedThreads : defaultThreadsPerRank();
  const bool jsonl = vm.count("jsonl") != 0U;
  const bool mergeMirrors = vm.count("merge-mirrors") != 0U;
  BurrToolsCount burrTools = burrToolsContext(puzzle, path, givens);
  // --disassemble lists every assembly, and that list gives the count's figures: the count's own search is
  // left out (in one process, without a checkpoint or --jsonl's lines, and with no family rule: the list's
  // search has none of them), and `nodes` are the list's. Measured (callgrind, `count FILE#N --disassemble
  // --json --threads 1`, with findSolutions' excluded marks and the engine's ORed conflict rows, which came
  // just before): Prisgon#1 31.0M -> 21.8M (the count's jobs had been 5.1M), Prisgon#2 22.8M -> 17.9M,
  // CubeInCage#1 29.7M -> 28.7M.
  std::optional<Apart> apart;
  std::optional<CountResult> counted;
  if (disassembling && !rankInfo().distributed && vm.count("checkpoint") == 0U && !jsonl &&
      !puzzle.hasFamilyRule) {
    apart = takeApart(puzzle, path, threads, mergeMirrors, burrTools);
    counted = countOfListing(puzzle, apart->found, threads);
  }
  if (!counted) {
    counted = countByJobs(puzzle, givens, rules, threads, vm, progressMode);
    if (!counted) return 0;  // another rank than 0: rank 0 prints
    if (disassembling && !apart) apart = takeApart(puzzle, path, threads, mergeMirrors, burrTools);
  }
  const CountResult& r = *counted;
  countAsBurrTools(burrTools, puzzle, r, threads,
                   apart && !mergeMirrors ? std::optional(apart->found.assemblies) : std::nullopt);
  const RankInfo& ranks = rankInfo();
  if (vm.count("json") != 0U || jsonl) {
    nlohmann::json json = {{"solutions", r.solutions},
                           {"distinct", r.distinct},
                           {"seconds", r.seconds},
                           {"nodes", r.nodes},
                           {"threads", r.threads},
                           {"symmetries", r.symmetries},
                           {"linked", appliesFamilyRule(puzzle, rules)}};
    if (ranks.distributed) json["ranks"] = ranks.ranks;
    addBurrToolsJson(json, burrTools);
    if (apart) addApartJson(json, *apart);
    if (jsonl) json["type"] = "summary";
    printJson(json);
    return 0;
  }
  std::cout << fmt::format("{} solution{}, {} distinct up to {} symmetr{}\n", r.solutions,
                           r.solutions == 1 ? "" : "s", r.distinct, r.symmetries,
                           r.symmetries == 1 ? "y" : "ies");
  printBurrTools(burrTools, path);
  if (apart) printApart(*apart);
  std::cout << fmt::format("{:.3f} s, {} nodes, {} thread{}", r.seconds, r.nodes, r.threads,
                           r.threads == 1 ? "" : "s");
  if (ranks.distributed)
    std::cout << fmt::format(" on each of {} MPI rank{}", ranks.ranks, ranks.ranks == 1 ? "" : "s");
  std::cout << '\n';
  return 0;
}

}  // namespace piecework::cli

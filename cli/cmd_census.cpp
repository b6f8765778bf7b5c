// SPDX-License-Identifier: Apache-2.0
// piecework census: how many unique (and minimal) challenges exist for each number of pieces given.
#include <fmt/format.h>
#include <unistd.h>

#include <chrono>
#include <iostream>
#include <memory>
#include <optional>
#include <random>

#include "cli/command.hpp"
#include "cli/progress.hpp"
#include "jobs/checkpoint.hpp"
#include "jobs/job_runner.hpp"
#include "puzzle/definition.hpp"
#include "puzzle/errors.hpp"
#include "puzzle/family.hpp"
#include "solver/census.hpp"
#include "solver/shuffle.hpp"

namespace piecework::cli {

// The job layer (jobs/): threads, MPI ranks and the checkpoint file.
using jobs::censusCheckpointLayout;
using jobs::countFingerprint;
using jobs::defaultThreadsPerRank;
using jobs::JobCounters;
using jobs::JobRecordFile;
using jobs::JobTotals;
using jobs::JobWork;
using jobs::RankInfo;
using jobs::rankInfo;
using jobs::runJobs;

namespace {

struct SampleTiming {
  std::size_t solution = 0;
  double seconds = 0;
  std::uint64_t checks = 0;
  std::uint64_t nodes = 0;
};

constexpr std::uint64_t kMaxSample = 1'000'000;

}  // namespace

int runCensus(const std::vector<std::string>& args) {
  po::options_description options("options");
  options.add_options()("threads", po::value<int>()->default_value(0),
                        "threads to use (0: every core; under mpirun: per rank, the rank's share)")(
      "max-given", po::value<int>(), "only challenges with at most K pieces given (default: every subset)")(
      "checkpoint", po::value<std::string>(), "record finished jobs in FILE and skip those already there")(
      "method", po::value<std::string>()->default_value("table"),
      "table: hold every filling and read uniqueness off it; solver: ask the solver for two solutions")(
      "sample", po::value<std::string>()->value_name("N"),
      "go through only N distinct solutions drawn at random, on one thread, timing each (for estimates)")(
      "seed", po::value<std::string>()->default_value("1")->value_name("S"), "the seed of --sample's draw")(
      "progress", po::value<std::string>()->default_value("auto"),
      "progress on stderr: auto (a line on a terminal), tty, plain (a line every few seconds), none")(
      "json", "print JSON");
  addRulesOption(options);
  po::variables_map vm;
  if (!parseArguments(
          "census",
          "piecework census PUZZLE [--max-given K] [--threads N] [--checkpoint FILE] [--unlinked] "
          "[--method table|solver] [--sample N [--seed S]] [--progress MODE] [--json]\n\n"
          "For every distinct solution of the empty board and every subset of its pieces given, is\n"
          "that challenge unique? Prints, per number of pieces given, the unique challenges and the\n"
          "minimal ones (no given piece can be removed), up to the board's symmetries and on the\n"
          "fixed board (docs/census.md).",
          args, options, vm))
    return 0;
  const Puzzle puzzle = loadPuzzle(vm["puzzle"].as<std::string>());
  const int requestedThreads = readThreads(vm);
  const bool sampling = vm.count("sample") != 0U;
  if (!sampling && !vm["seed"].defaulted())
    throw InputError("census: --seed is the seed of --sample's draw; give --sample N too");
  if (sampling && vm.count("checkpoint") != 0U)
    throw InputError("census: give --sample or --checkpoint, not both");
  const std::uint64_t sample =
      sampling ? parseWholeNumber(vm["sample"].as<std::string>(), "census: --sample", 1, kMaxSample) : 0;
  const std::uint64_t seed = parseWholeNumber(vm["seed"].as<std::string>(), "census: --seed", 0, UINT64_MAX);
  Rules rules = readRules(vm);
  const int maxGiven = vm.count("max-given") != 0U ? vm["max-given"].as<int>() : kCensusAllPieces;
  if (vm.count("max-given") != 0U && maxGiven < 0)
    throw InputError(fmt::format("census: --max-given {}: must be 0 or more", maxGiven));

  const std::string methodName = vm["method"].as<std::string>();
  if (methodName != "table" && methodName != "solver")
    throw InputError(fmt::format("census: --method {}: must be table or solver", methodName));
  const CensusMethod method = methodName == "table" ? CensusMethod::Table : CensusMethod::Solver;

  const ProgressMode progressMode = parseProgressMode(vm["progress"].as<std::string>());
  const RankInfo& ranks = rankInfo();
  if (sampling && ranks.ranks > 1)
    throw InputError("census: --sample runs in one process; start it without mpirun");
  // Under mpirun every rank builds the same plan (the distinct solutions in a fixed order), so that a job
  // index means the same solutions everywhere; rank 0 alone tells what it is doing.
  const bool tty = ranks.rank == 0 && (progressMode == ProgressMode::Tty ||
                                       (progressMode == ProgressMode::Auto && isatty(STDERR_FILENO) != 0));
  if (tty) std::cerr << "census: finding the distinct solutions\x1b[K" << std::flush;
  if (ranks.rank == 0 && progressMode == ProgressMode::Plain)
    std::cerr << "census: finding the distinct solutions\n";
  const auto start = std::chrono::steady_clock::now();
  const CensusPlan plan = planCensus(puzzle, rules, maxGiven, method);
  if (tty) std::cerr << "\r\x1b[K" << std::flush;
  const CensusCounters& at = plan.counters;

  std::vector<std::uint64_t> counters(at.size(), 0);
  std::vector<SampleTiming> timings;
  int threadsUsed = 1;
  std::size_t jobs = plan.jobs();
  if (sampling) {
    // Solutions drawn without replacement; each is timed alone on this thread.
    std::vector<std::size_t> order(plan.solutions.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::mt19937_64 rng(seed);
    portableShuffle(order, rng);
    order.resize(std::min<std::size_t>(order.size(), sample));
    jobs = order.size();
    Progress progress(progressMode, "census (sample)");
    for (std::size_t i = 0; i < order.size(); ++i) {
      progress.update(i, order.size());
      std::vector<std::uint64_t> one(at.size(), 0);
      const auto t0 = std::chrono::steady_clock::now();
      censusOfSolution(plan, order[i], one);
      const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      timings.push_back(SampleTiming{order[i], seconds, one[at.checks()], one[at.nodes()]});
      for (std::size_t c = 0; c < counters.size(); ++c) counters[c] += one[c];
    }
    progress.finish();
  } else {
    const int threads = requestedThreads > 0 ? requestedThreads : defaultThreadsPerRank();
    JobWork work;
    work.jobs = plan.jobs();
    work.counters = at.size();
    work.worker = [&plan] { return [&plan](std::size_t job) { return censusJob(plan, job); }; };
    // The checkpoint is rank 0's alone, opened inside runJobs so that an error in it stops every rank.
    std::unique_ptr<JobRecordFile> checkpoint;
    if (vm.count("checkpoint") != 0U) {
      work.resume = [&] {
        const std::string fingerprint =
            fmt::format("census {} max-given={} distinct={} method={}", countFingerprint(puzzle, {}, rules),
                        plan.maxGiven, plan.solutions.size(), methodName);
        checkpoint = std::make_unique<JobRecordFile>(
            vm["checkpoint"].as<std::string>(), censusCheckpointLayout(fingerprint, plan.jobs(), at.size()));
        return checkpoint->finished();
      };
      work.finished = [&](std::size_t job, const JobCounters& values) { checkpoint->record(job, values); };
    }
    Progress progress(progressMode, "census");
    work.progress = [&](std::size_t done, std::size_t all) { progress.update(done, all); };
    const std::optional<JobTotals> totals = runJobs(work, threads);
    progress.finish();
    if (!totals) return 0;  // another rank than 0: rank 0 prints
    counters = totals->sums;
    threadsUsed = threads;
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  std::uint64_t unique = 0, minimal = 0, uniqueFixed = 0, minimalFixed = 0;
  for (int k = 0; k <= plan.maxGiven; ++k) {
    unique += counters[at.unique(k)], minimal += counters[at.minimal(k)];
    uniqueFixed += counters[at.uniqueFixed(k)], minimalFixed += counters[at.minimalFixed(k)];
  }
  const bool linked = appliesFamilyRule(puzzle, rules);
  if (vm.count("json") != 0U) {
    nlohmann::json byGiven = nlohmann::json::array();
    for (int k = 0; k <= plan.maxGiven; ++k)
      byGiven.push_back({{"given", k},
                         {"unique", counters[at.unique(k)]},
                         {"minimal", counters[at.minimal(k)]},
                         {"unique_fixed", counters[at.uniqueFixed(k)]},
                         {"minimal_fixed", counters[at.minimalFixed(k)]}});
    nlohmann::json out = {{"puzzle", puzzle.name},
                          {"pieces", plan.pieces},
                          {"max_given", plan.maxGiven},
                          {"method", methodName},
                          {"solutions", plan.allSolutions},
                          {"distinct", plan.solutions.size()},
                          {"symmetries", plan.symmetries},
                          {"linked", linked},
                          {"by_given", byGiven},
                          {"unique", unique},
                          {"minimal", minimal},
                          {"unique_fixed", uniqueFixed},
                          {"minimal_fixed", minimalFixed},
                          {"solutions_done", counters[at.solutions()]},
                          {"checks", counters[at.checks()]},
                          {"nodes", counters[at.nodes()]},
                          {"jobs", jobs},
                          {"seconds", seconds},
                          {"threads", threadsUsed}};
    if (ranks.distributed) out["ranks"] = ranks.ranks;
    if (sampling) {
      out["sample"] = timings.size();
      out["seed"] = std::to_string(seed);  // a string, as every seed (docs/json.md)
      nlohmann::json each = nlohmann::json::array();
      for (const auto& t : timings)
        each.push_back(
            {{"solution", t.solution}, {"seconds", t.seconds}, {"checks", t.checks}, {"nodes", t.nodes}});
      out["per_solution"] = each;
    }
    printJson(out);
    return 0;
  }
  std::cout << fmt::format("{}: {} distinct solution{} ({} in all, {} symmetr{}), {} pieces{}\n", puzzle.name,
                           plan.solutions.size(), plan.solutions.size() == 1 ? "" : "s", plan.allSolutions,
                           plan.symmetries, plan.symmetries == 1 ? "y" : "ies", plan.pieces,
                           linked ? fmt::format(", {}", familyOf(puzzle).ruleName()) : "");
  if (sampling)
    std::cout << fmt::format("sample: {} of the distinct solutions, drawn with seed {}\n", timings.size(),
                             seed);
  std::cout << fmt::format("{:>5}  {:>12}  {:>12}  {:>14}  {:>14}\n", "given", "unique", "minimal",
                           "unique fixed", "minimal fixed");
  for (int k = 0; k <= plan.maxGiven; ++k)
    std::cout << fmt::format("{:>5}  {:>12}  {:>12}  {:>14}  {:>14}\n", k, counters[at.unique(k)],
                             counters[at.minimal(k)], counters[at.uniqueFixed(k)],
                             counters[at.minimalFixed(k)]);
  std::cout << fmt::format("{:>5}  {:>12}  {:>12}  {:>14}  {:>14}\n", "all", unique, minimal, uniqueFixed,
                           minimalFixed);
  std::cout << fmt::format(
      "unique and minimal: up to the board's symmetries; fixed: every turn and mirror image "
      "apart\n");
  std::cout << fmt::format("{:.3f} s, {} solver checks, {} nodes, {} thread{}\n", seconds,
                           counters[at.checks()], counters[at.nodes()], threadsUsed,
                           threadsUsed == 1 ? "" : "s");
  return 0;
}

}  // namespace piecework::cli

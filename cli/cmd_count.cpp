// piecework count: every solution, and the distinct ones up to symmetry.
#include <fmt/format.h>
#include <unistd.h>
#include <iostream>
#include <memory>
#include <mutex>

#include "cli/checkpoint.hpp"
#include "cli/command.hpp"
#include "puzzle/challenge.hpp"
#include "puzzle/definition.hpp"
#include "puzzle/errors.hpp"
#include "solver/solver.hpp"

namespace piecework::cli {

int runCount(const std::vector<std::string>& args) {
  po::options_description options("options");
  addChallengeOptions(options);
  options.add_options()("threads", po::value<int>()->default_value(0), "threads to use (0: every core)")(
      "unlinked", "IQ-Link: accept fillings whose pieces do not form one linked structure")(
      "checkpoint", po::value<std::string>(), "record finished parts in FILE and skip those already there")(
      "json", "print JSON");
  po::variables_map vm;
  if (!parseArguments("count",
                      "piecework count PUZZLE [--challenge TEXT | --challenge-file FILE] [--threads N] "
                      "[--checkpoint FILE] "
                      "[--json]",
                      args, options, vm))
    return 0;
  const Puzzle puzzle = loadPuzzle(vm["puzzle"].as<std::string>());
  Challenge challenge = readChallengeText(puzzle, vm, false);
  const std::vector<int>& givens = challenge.givens;
  CountOptions count;
  count.rules.linked = vm.count("unlinked") == 0U;
  count.rules.marks = std::move(challenge.marks);
  count.threads = readThreads(vm);
  // The counting threads report as they finish parts, in any order: one lock, and only a larger count is
  // shown, so the line never goes back; it is cleared before the result is printed.
  std::mutex progressLock;
  std::size_t shown = 0;
  bool lineShown = false;
  if (isatty(STDERR_FILENO) != 0) {
    count.progress = [&](std::size_t done, std::size_t all) {
      std::lock_guard lock(progressLock);
      if (done <= shown || done >= all) return;
      shown = done;
      lineShown = true;
      std::cerr << fmt::format("\rcounting: {}/{} parts of the search done\x1b[K", done, all) << std::flush;
    };
  }
  std::unique_ptr<CountCheckpoint> checkpoint;
  std::string checkpointError;  // (recorded from the counting threads, thrown once they are done)
  if (vm.count("checkpoint") != 0U) {
    checkpoint = std::make_unique<CountCheckpoint>(vm["checkpoint"].as<std::string>(),
                                                   countFingerprint(puzzle, givens, count.rules));
    count.minJobs = 256;  // (a kill loses at most the jobs in progress; the same jobs for up to 4 threads)
    count.resume = [&](std::size_t jobs) { return checkpoint->resume(jobs); };
    count.finished = [&](std::size_t job, const JobCounts& counts) {
      if (!checkpointError.empty()) return;
      try {
        checkpoint->record(job, counts);
      } catch (const InputError& e) {
        checkpointError = e.what();
      }
    };
  }
  const CountResult r = countSolutions(puzzle, givens, count);
  {
    std::lock_guard lock(progressLock);
    if (lineShown) std::cerr << "\r\x1b[K" << std::flush;
  }
  if (!checkpointError.empty()) throw InputError(checkpointError);
  if (vm.count("json") != 0U) {
    printJson({{"solutions", r.solutions},
               {"distinct", r.distinct},
               {"seconds", r.seconds},
               {"nodes", r.nodes},
               {"threads", r.threads},
               {"symmetries", r.symmetries},
               {"linked", puzzle.linked && count.rules.linked}});
    return 0;
  }
  std::cout << fmt::format("{} solutions, {} distinct up to {} symmetr{}\n", r.solutions, r.distinct,
                           r.symmetries, r.symmetries == 1 ? "y" : "ies");
  std::cout << fmt::format("{:.3f} s, {} nodes, {} thread{}\n", r.seconds, r.nodes, r.threads,
                           r.threads == 1 ? "" : "s");
  return 0;
}

}  // namespace piecework::cli

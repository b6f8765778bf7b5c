// SPDX-License-Identifier: Apache-2.0
// Projects the cost of a whole census over R ranks from a sample (`piecework census PUZZLE --sample N
// --json`): the job times of the whole run are drawn from the sampled per-solution times (with replacement,
// seeded), grouped into jobs as the census groups distinct solutions (solver/census.hpp: at most 65,536
// jobs), and handed out the way the job layer does (jobs/job_runner.hpp: the next job goes to whichever
// worker is free first). Every rank first builds the plan (the list of distinct solutions), which costs
// --setup seconds.
//
// usage: census_projection SAMPLE.json [--ranks 1,64,1024] [--threads-per-rank 1] [--setup S] [--runs 5]
// Prints per rank count the median simulated wall time over the runs, the ideal (work / workers), and the
// efficiency (ideal / simulated).
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <iostream>
#include <nlohmann/json.hpp>
#include <queue>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace {

double simulate(const std::vector<double>& jobs, std::size_t workers, double setup) {
  std::priority_queue<double, std::vector<double>, std::greater<>> freeAt;
  for (std::size_t w = 0; w < workers; ++w) freeAt.push(setup);
  double end = setup;
  for (double job : jobs) {
    const double t = freeAt.top() + job;
    freeAt.pop();
    freeAt.push(t);
    end = std::max(end, t);
  }
  return end;
}

std::string duration(double seconds) {
  char text[64];
  if (seconds < 120)
    std::snprintf(text, sizeof text, "%.1f s", seconds);
  else if (seconds < 7200)
    std::snprintf(text, sizeof text, "%.1f min", seconds / 60);
  else if (seconds < 2 * 86400)
    std::snprintf(text, sizeof text, "%.1f h", seconds / 3600);
  else
    std::snprintf(text, sizeof text, "%.1f days", seconds / 86400);
  return text;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr
        << "usage: census_projection SAMPLE.json [--ranks 1,64,1024] [--threads-per-rank T] [--setup S] "
           "[--runs N]\n";
    return 2;
  }
  std::vector<std::size_t> ranks = {1, 64, 1024};
  std::size_t threadsPerRank = 1, runs = 5;
  double setup = -1;
  for (int i = 2; i + 1 < argc; i += 2) {
    const std::string option = argv[i], value = argv[i + 1];
    if (option == "--ranks") {
      ranks.clear();
      std::istringstream in(value);
      for (std::string part; std::getline(in, part, ',');) ranks.push_back(std::stoul(part));
    } else if (option == "--threads-per-rank") {
      threadsPerRank = std::stoul(value);
    } else if (option == "--setup") {
      setup = std::stod(value);
    } else if (option == "--runs") {
      runs = std::stoul(value);
    } else {
      std::cerr << "census_projection: unknown option " << option << "\n";
      return 2;
    }
  }
  std::ifstream in(argv[1]);
  const nlohmann::json sample = nlohmann::json::parse(in);
  std::vector<double> times;
  for (const auto& s : sample["per_solution"]) times.push_back(s["seconds"].get<double>());
  const std::uint64_t distinct = sample["distinct"];
  const std::uint64_t perJob = std::max<std::uint64_t>(1, (distinct + 65535) / 65536);
  double sum = 0;
  for (double t : times) sum += t;
  // Without --setup: the sample run's own time outside the sampled solutions (its plan).
  if (setup < 0) setup = std::max(0.0, sample["seconds"].get<double>() - sum);
  std::sort(times.begin(), times.end());
  std::cout << "sample: " << times.size() << " of " << distinct << " distinct solutions; per solution mean "
            << sum / static_cast<double>(times.size()) << " s, median " << times[times.size() / 2]
            << " s, max " << times.back() << " s; " << perJob << " solution(s) per job\n";
  std::cout << "ranks  workers  simulated (median of " << runs << ")  ideal  efficiency\n";
  for (std::size_t r : ranks) {
    std::vector<std::pair<double, double>> results;  // (simulated, ideal) per run
    for (std::size_t run = 0; run < runs; ++run) {
      std::mt19937_64 rng(run + 1);
      std::uniform_int_distribution<std::size_t> pick(0, times.size() - 1);
      std::vector<double> jobs;
      double work = 0;
      for (std::uint64_t s = 0; s < distinct; s += perJob) {
        double job = 0;
        for (std::uint64_t k = s; k < std::min(distinct, s + perJob); ++k) job += times[pick(rng)];
        jobs.push_back(job);
        work += job;
      }
      results.emplace_back(simulate(jobs, r * threadsPerRank, setup),
                           setup + work / static_cast<double>(r * threadsPerRank));
    }
    std::sort(results.begin(), results.end());
    const auto [simulated, ideal] = results[results.size() / 2];
    std::printf("%5zu  %7zu  %24s  %s  %.3f\n", r, r * threadsPerRank, duration(simulated).c_str(),
                duration(ideal).c_str(), ideal / simulated);
  }
  return 0;
}

// SPDX-License-Identifier: Apache-2.0
#include "support/kill_resume.hpp"

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <sstream>
#include <thread>

namespace piecework::test {

std::string readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

void writeFile(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
}

std::vector<std::string> readLines(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::size_t jobRecords(const std::string& path) {
  std::size_t n = 0;
  for (const auto& line : readLines(path)) n += line.rfind("job ", 0) == 0 ? 1 : 0;
  return n;
}

std::vector<std::size_t> recordedJobs(const std::string& path) {
  const std::vector<std::string> lines = readLines(path);
  std::vector<std::size_t> jobs;
  for (std::size_t i = 1; i < lines.size(); ++i) {
    std::istringstream in(lines[i]);
    std::string tag;
    std::size_t job = 0;
    if (in >> tag >> job && tag == "job")
      jobs.push_back(job);
    else
      ADD_FAILURE() << path << ":" << i + 1 << ": not a job record: " << lines[i];
  }
  return jobs;
}

std::size_t countCheckpointJobs(const std::string& path) {
  const std::vector<std::string> lines = readLines(path);
  if (lines.empty()) {
    ADD_FAILURE() << path << ": empty";
    return 0;
  }
  return std::stoul(lines[0].substr(lines[0].rfind('\t') + 1));
}

pid_t startInBackground(const std::string& program, const std::vector<std::string>& args,
                        const std::vector<std::pair<std::string, std::string>>& environment) {
  // (everything execv needs is made before fork: the child only sets variables and redirects)
  std::vector<std::string> words = {program};
  words.insert(words.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& word : words) argv.push_back(word.data());
  argv.push_back(nullptr);
  const pid_t pid = fork();
  if (pid == 0) {
    for (const auto& [name, value] : environment) setenv(name.c_str(), value.c_str(), 1);
    if (std::freopen("/dev/null", "w", stdout) == nullptr ||
        std::freopen("/dev/null", "w", stderr) == nullptr)
      _exit(126);
    execv(argv[0], argv.data());
    _exit(127);
  }
  return pid;
}

void waitForRecords(const std::string& file, std::size_t records) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(5);
  while (jobRecords(file) < records && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
}

bool killAndReap(pid_t pid) {
  if (kill(pid, SIGKILL) != 0) return false;
  int status = 0;
  return waitpid(pid, &status, 0) == pid && WIFSIGNALED(status);
}

}  // namespace piecework::test

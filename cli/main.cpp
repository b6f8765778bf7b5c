// SPDX-License-Identifier: Apache-2.0
// piecework: generate, solve and rate piece-placement puzzles. One binary, one file per subcommand.
#include <fmt/format.h>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <new>
#include <streambuf>
#include <string>
#include <vector>

#include "cli/command.hpp"
#include "families/registry.hpp"
#include "puzzle/errors.hpp"
#include "puzzle/limits.hpp"

namespace piecework::cli {

const std::vector<Command>& commands() {
  static const std::vector<Command> all = {
      {"puzzles", "list the shipped puzzles", runPuzzles},
      {"show", "show a puzzle's board and pieces with their orientations and placements", runShow},
      {"solve", "solve a challenge: unique, multiple or none, and the solutions", runSolve},
      {"count", "count every solution, and the distinct ones up to symmetry", runCount},
      {"census", "how many unique and minimal challenges exist, per number of pieces given", runCensus},
      {"rate", "grade a challenge Starter..Wizard by replaying human strategies", runRate},
      {"generate", "generate unique challenges at a level, reproducible from a seed", runGenerate},
      {"catalog", "list, show, import, export, re-rate and check the challenges of a catalog", runCatalog},
      {"booklet", "print a booklet (PDF) of catalog challenges with answer keys", runBooklet},
      {"sheet", "draw one challenge as SVG, PDF or PNG, with its answer or a walk-through", runSheet},
      {"hint", "the next move a person would make on a challenge, in words and as a picture", runHint},
      {"play", "write challenges as a web page to play in a browser, recording each attempt", runPlay},
      {"calibrate", "fit a rating model to a booklet's levels, with cross-validated agreement", runCalibrate},
      {"convert", "convert a puzzle: definition (TOML), BurrTools (.xmpuzzle), dlx", runConvert},
  };
  return all;
}

namespace {

void printUsage(std::ostream& out) {
  out << "usage: piecework COMMAND [OPTIONS]\n\ncommands:\n";
  for (const auto& c : commands()) out << fmt::format("  {:<10} {}\n", c.name, c.summary);
  out << "\n'piecework COMMAND --help' describes a command's options.\n";
}

// Runs the command that args[0] names; its exit status (an error already reported in one line).
int dispatch(const std::vector<std::string>& args) {
  if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    printUsage(args.empty() ? std::cerr : std::cout);
    return args.empty() ? 2 : 0;
  }
  if (args[0] == "--version") {
    std::cout << "piecework " PIECEWORK_VERSION "\n";
    return 0;
  }
  try {
    for (const auto& command : commands())
      if (args[0] == command.name) return command.run(std::vector<std::string>(args.begin() + 1, args.end()));
    // One line, like every other error: the list of commands is one --help away.
    std::cerr << errorLine(fmt::format("piecework: unknown command '{}' (see 'piecework --help')", args[0]))
              << '\n';
    return 2;
  } catch (const InputError& e) {
    // One place for every command: a message may echo a stranger's input (issue 31, E1/E2).
    std::cerr << errorLine(std::string("piecework: ") + e.what()) << '\n';
    return 2;
  } catch (const std::bad_alloc&) {
    std::cerr << "piecework: out of memory\n";
    return 1;
  } catch (const std::exception& e) {
    std::cerr << errorLine(std::string("piecework: ") + e.what()) << '\n';
    return 1;
  }
}

// std::cout's buffer, passed through, remembering why the first write that failed did: by the end of the
// command the stream knows only that one did (errno has moved on, the C library's buffer is dropped).
class WriteErrorRecorder : public std::streambuf {
 public:
  explicit WriteErrorRecorder(std::streambuf* inner) : inner_(inner) {}
  int error() const { return error_.load(); }

 protected:
  int_type overflow(int_type c) override {
    if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
    errno = 0;
    const int_type written = inner_->sputc(traits_type::to_char_type(c));
    if (traits_type::eq_int_type(written, traits_type::eof())) record();
    return written;
  }
  std::streamsize xsputn(const char* text, std::streamsize count) override {
    errno = 0;
    const std::streamsize written = inner_->sputn(text, count);
    if (written < count) record();
    return written;
  }
  int sync() override {
    errno = 0;
    const int result = inner_->pubsync();
    if (result != 0) record();
    return result;
  }

 private:
  void record() {
    int none = 0;
    error_.compare_exchange_strong(none, errno);  // the first failure's reason (writers may be threads)
  }
  std::streambuf* inner_;
  std::atomic<int> error_{0};
};

// Standard output is checked once, after every command: what a command printed may still sit in the buffer,
// and a full disk (or a closed descriptor) must not pass for success with a truncated result. An I/O failure:
// exit status 1, one line, unless the command failed already with its own status and message.
int runCheckingStandardOutput(const std::vector<std::string>& args) {
  WriteErrorRecorder recorder(std::cout.rdbuf());
  std::streambuf* const original = std::cout.rdbuf(&recorder);
  const int status = dispatch(args);
  std::cout.flush();
  errno = 0;
  const bool flushed = std::fflush(stdout) == 0;
  const int error = recorder.error() != 0 ? recorder.error() : errno;
  const bool failed = !flushed || !std::cout || std::ferror(stdout) != 0;
  std::cout.rdbuf(original);
  if (!failed || status != 0) return status;
  std::cerr << "piecework: cannot write standard output: "
            << (error != 0 ? std::strerror(error) : "a write failed") << '\n';
  return 1;
}

}  // namespace
}  // namespace piecework::cli

int main(int argc, char** argv) {
  using namespace piecework;
#if defined(__x86_64__) && defined(__POPCNT__)
  if (!__builtin_cpu_supports("popcnt")) {
    std::cerr << "piecework: this build needs a processor with the POPCNT instruction; rebuild with "
                 "cmake -DPIECEWORK_X86_POPCNT=OFF\n";
    return 2;
  }
#endif
#if defined(__x86_64__) && defined(__BMI__)
  if (!__builtin_cpu_supports("bmi")) {
    std::cerr << "piecework: this build needs a processor with the BMI1 instructions; rebuild with "
                 "cmake -DPIECEWORK_X86_BMI=OFF\n";
    return 2;
  }
#endif
  registerShippedFamilies();
  const std::vector<std::string> args(argv + 1, argv + argc);
  return cli::runCheckingStandardOutput(args);
}

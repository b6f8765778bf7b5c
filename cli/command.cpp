// SPDX-License-Identifier: Apache-2.0
#include "cli/command.hpp"

#include <fmt/format.h>
#include <charconv>
#include <filesystem>
#include <iostream>
#include <string_view>

#include "puzzle/challenge.hpp"
#include "puzzle/definition.hpp"
#include "puzzle/errors.hpp"
#include "puzzle/limits.hpp"

namespace piecework::cli {

bool parseArguments(const char* command, const char* usage, const std::vector<std::string>& args,
                    po::options_description& options, po::variables_map& vm, const char* positional,
                    bool positionalRequired, const char* secondPositional) {
  options.add_options()("help,h", "show this help");
  po::options_description all;
  all.add(options);
  po::positional_options_description positionals;
  if (positional != nullptr) {
    all.add_options()(positional, po::value<std::string>(), positional);
    positionals.add(positional, 1);
  }
  if (secondPositional != nullptr) {
    // Named in the usage line; not listed among the options unless the command lists it itself.
    if (options.find_nothrow(secondPositional, false) == nullptr)
      all.add_options()(secondPositional, po::value<std::string>(), secondPositional);
    positionals.add(secondPositional, 1);
  }
  try {
    po::store(po::command_line_parser(args).options(all).positional(positionals).run(), vm);
    po::notify(vm);
  } catch (const po::too_many_positional_options_error&) {
    // A challenge typed after the puzzle is the usual slip: say where it goes.
    const bool takesChallenge = options.find_nothrow("challenge", false) != nullptr;
    const std::string_view shown(usage);  // a usage of several lines is left to --help
    throw InputError(fmt::format("{}: more arguments than the command takes{} ({})", command,
                                 takesChallenge ? "; give the challenge as --challenge TEXT" : "",
                                 shown.find('\n') == std::string_view::npos
                                     ? fmt::format("usage: {}", shown)
                                     : fmt::format("see 'piecework {} --help'", command)));
  } catch (const po::error& e) {
    throw InputError(fmt::format("{}: {} (see 'piecework {} --help')", command, e.what(), command));
  }
  if (vm.count("help") != 0U) {
    std::cout << "usage: " << usage << "\n\n" << options << '\n';
    return false;
  }
  if (positional != nullptr && positionalRequired && vm.count(positional) == 0U) {
    if (std::string_view(positional) == kPuzzleArgument)
      throw InputError(
          fmt::format("{}: which puzzle? (usage: {}; 'piecework puzzles' lists them)", command, usage));
    throw InputError(fmt::format("{}: missing {} (usage: {})", command, positional, usage));
  }
  return true;
}

void addChallengeOptions(po::options_description& options, bool many) {
  options.add_options()(
      "challenge", po::value<std::string>(),
      "the challenge: a picture ('/' between rows, '|' between layers), IQ-Link codes, or IQ Focus's window "
      "colours (RRR/BWB/BRB)")(
      "challenge-file", po::value<std::string>(),
      many ? "read the challenges from this file, one or more ('-' for standard input)"
           : "read the challenge from this file ('-' for standard input)");
}

std::string challengeText(const po::variables_map& vm, std::size_t maxBytes) {
  if (vm.count("challenge") != 0U && vm.count("challenge-file") != 0U)
    throw InputError("give --challenge or --challenge-file, not both");
  if (vm.count("challenge") != 0U) return vm["challenge"].as<std::string>();
  if (vm.count("challenge-file") == 0U) return {};
  return readFileLimited(vm["challenge-file"].as<std::string>(), maxBytes, "the challenge file");
}

// One challenge from --challenge-file (rate reads many): a reading error names the file.
template <typename Parse>
auto namingTheFile(const po::variables_map& vm, Parse parse) {
  if (vm.count("challenge-file") == 0U) return parse();
  const std::string file = vm["challenge-file"].as<std::string>();
  const std::string name = file == "-" ? "<stdin>" : file;  // as readFileLimited names it
  try {
    return parse();
  } catch (const InputError& e) {
    if (std::string_view(e.what()).starts_with(name + ":")) throw;  // the file could not be read: named
    throw InputError(fmt::format("{}: {}", name, e.what()));
  }
}

std::vector<int> readChallenge(const Puzzle& puzzle, const po::variables_map& vm, bool required) {
  const bool given = vm.count("challenge") != 0U || vm.count("challenge-file") != 0U;
  if (!given) {
    if (required) throw InputError("missing --challenge (or --challenge-file)");
    return {};
  }
  return namingTheFile(vm, [&] { return parseChallenge(puzzle, challengeText(vm)); });
}

Challenge readChallengeText(const Puzzle& puzzle, const po::variables_map& vm, bool required) {
  const bool given = vm.count("challenge") != 0U || vm.count("challenge-file") != 0U;
  if (!given) {
    if (required) throw InputError("missing --challenge (or --challenge-file)");
    return {};
  }
  return namingTheFile(vm, [&] { return parseChallengeText(puzzle, challengeText(vm)); });
}

std::uint64_t parseWholeNumber(const std::string& text, const char* option, std::uint64_t min,
                               std::uint64_t max) {
  std::uint64_t value = 0;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || ec != std::errc() || ptr != end || value < min || value > max)
    throw InputError(fmt::format("{} '{}': expected a whole number from {} to {}", option, text, min, max));
  return value;
}

std::optional<std::string> textOption(const po::variables_map& vm, const char* option) {
  if (vm.count(option) == 0U) return std::nullopt;
  std::string text = vm[option].as<std::string>();
  if (const std::string fault = textFault(text); !fault.empty())
    throw InputError(fmt::format("--{}: {}", option, fault));
  return text;
}

bool sameFile(const std::string& a, const std::string& b) {
  std::error_code error;
  return std::filesystem::equivalent(a, b, error) && !error;
}

void refuseOutputOverInputs(const po::variables_map& vm, const std::string& out,
                            std::initializer_list<const char*> inputs) {
  for (const char* input : inputs)
    if (vm.count(input) != 0U && sameFile(out, vm[input].as<std::string>()))
      throw InputError(
          fmt::format("--out {}: is the file of --{}, which is being read; give another name", out, input));
}

std::string catalogPuzzleName(const std::string& value) {
  if (!shippedText(value).empty()) return value;
  std::error_code ec;
  const bool isFile = value.find('/') != std::string::npos || value.ends_with(".toml") ||
                      std::filesystem::is_regular_file(value, ec);
  return isFile ? loadPuzzle(value).name : value;
}

std::string percentText(double share) {
  return fmt::format("{:.1f}%", share * 100);
}

int readThreads(const po::variables_map& vm) {
  const int threads = vm["threads"].as<int>();
  if (threads < 0 || threads > kMaxThreads)
    throw InputError(fmt::format("--threads {}: must be from 0 (every core) to {} (docs/limits.md)", threads,
                                 kMaxThreads));
  return threads;
}

}  // namespace piecework::cli

namespace piecework::cli {

void addRulesOption(po::options_description& options, const char* what) {
  // (program_options copies the description.)
  const std::string description =
      fmt::format("IQ-Link: accept {} whose pieces do not form one linked structure", what);
  options.add_options()("unlinked", description.c_str());
}

Rules readRules(const po::variables_map& vm) {
  Rules rules;
  rules.familyRule = vm.count("unlinked") == 0U;
  return rules;
}

void addModelOption(po::options_description& options) {
  options.add_options()("model", po::value<std::string>()->value_name("MODEL"),
                        "grade with this rating model (made by 'piecework calibrate'); default: the "
                        "puzzle's shipped model")(
      "model-any-puzzle", "let --model grade a puzzle other than the one it was fitted on");
}

void checkModelPuzzle(const std::optional<RatingModel>& model, const Puzzle& puzzle,
                      const po::variables_map& vm) {
  // A feature's scale is learnt from one puzzle's challenges (IQ Fit's trials are not IQ-Link's), so grading
  // another puzzle with it is a choice to make knowingly, not by a mistyped file name.
  if (!model || model->puzzle.empty() || model->puzzle == puzzle.name || vm.count("model-any-puzzle") != 0U)
    return;
  throw InputError(
      fmt::format("--model {}: fitted on {}, not {} (--model-any-puzzle grades with it all the same)",
                  vm["model"].as<std::string>(), model->puzzle, puzzle.name));
}

std::optional<RatingModel> readModelOption(const po::variables_map& vm) {
  if (vm.count("model") == 0U) return std::nullopt;
  return loadModel(vm["model"].as<std::string>());
}

}  // namespace piecework::cli

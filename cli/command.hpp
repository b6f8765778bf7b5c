// SPDX-License-Identifier: Apache-2.0
// Shared pieces of the subcommands: option parsing, challenge input, errors.
#pragma once

#include <boost/program_options.hpp>
#include <cstdint>
#include <initializer_list>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "puzzle/challenge.hpp"
#include "puzzle/limits.hpp"
#include "puzzle/puzzle.hpp"
#include "rater/model.hpp"
#include "solver/problem.hpp"

namespace piecework::cli {

namespace po = boost::program_options;

struct Command {
  const char* name;
  const char* summary;
  int (*run)(const std::vector<std::string>& args);
};

const std::vector<Command>& commands();

int runPuzzles(const std::vector<std::string>& args);
int runShow(const std::vector<std::string>& args);
int runCount(const std::vector<std::string>& args);
int runSolve(const std::vector<std::string>& args);
int runRate(const std::vector<std::string>& args);
int runGenerate(const std::vector<std::string>& args);
int runCatalog(const std::vector<std::string>& args);
int runBooklet(const std::vector<std::string>& args);
int runSheet(const std::vector<std::string>& args);
int runCalibrate(const std::vector<std::string>& args);
int runHint(const std::vector<std::string>& args);
int runConvert(const std::vector<std::string>& args);
int runCensus(const std::vector<std::string>& args);
int runPlay(const std::vector<std::string>& args);
int runImportPlaytests(const std::vector<std::string>& args);        // catalog import-playtests
int runCalibratePlaytests(const std::vector<std::string>& args);     // calibrate --playtests
int runCalibrateInterlocking(const std::vector<std::string>& args);  // calibrate --interlocking

// Parses args against `options` (and --help), with at most one positional argument, stored in `vm` under the
// name `positional` (nullptr: none), and a second one stored under `secondPositional`, an option of
// `options`. Returns false when --help was printed. Throws InputError for unknown or malformed options, and
// when a required positional argument is missing.
inline constexpr const char* kPuzzleArgument = "puzzle";  // PUZZLE: a shipped name or a definition file
bool parseArguments(const char* command, const char* usage, const std::vector<std::string>& args,
                    po::options_description& options, po::variables_map& vm,
                    const char* positional = kPuzzleArgument, bool positionalRequired = true,
                    const char* secondPositional = nullptr);

// Adds --challenge and --challenge-file; reads whichever was given (none: an empty challenge).
void addChallengeOptions(po::options_description& options, bool many = false);  // many: rate's file
std::vector<int> readChallenge(const Puzzle& puzzle, const po::variables_map& vm, bool required);
// The same, keeping a colour pattern (count and solve).
Challenge readChallengeText(const Puzzle& puzzle, const po::variables_map& vm, bool required);
std::string challengeText(const po::variables_map& vm, std::size_t maxBytes = kMaxChallengeBytes);

// `text`, the value of `option`, as a whole number from `min` to `max`; InputError otherwise. Unsigned
// options go through this rather than po::value<unsigned>, which takes "-1" as the largest value.
std::uint64_t parseWholeNumber(const std::string& text, const char* option, std::uint64_t min,
                               std::uint64_t max);

// The value of the free-text option `option` ("title": --title), printed into a document; nullopt when not
// given. InputError naming the option when it is not printable UTF-8 text on one line (textFault).
std::optional<std::string> textOption(const po::variables_map& vm, const char* option);

// The value of --threads: 0 (every core) up to kMaxThreads (puzzle/limits.hpp); InputError otherwise.
int readThreads(const po::variables_map& vm);

// --unlinked: IQ-Link's own rule (all pieces linked) left out, for puzzles that have it; read into Rules
// once, so that every command means the same by it. `what` names what it accepts ("fillings", "answers").
void addRulesOption(po::options_description& options, const char* what = "fillings");
Rules readRules(const po::variables_map& vm);

// --model FILE: a rating model made by `piecework calibrate`; without it each puzzle's shipped model is used.
// --model-any-puzzle lets a model fitted on one puzzle grade another.
void addModelOption(po::options_description& options);
std::optional<RatingModel> readModelOption(const po::variables_map& vm);
// Refuses (InputError) to grade `puzzle` with a model fitted on another puzzle, unless --model-any-puzzle.
void checkModelPuzzle(const std::optional<RatingModel>& model, const Puzzle& puzzle,
                      const po::variables_map& vm);

// Whether the two paths name one existing file (hard links and symbolic links included): an output that
// would overwrite the input being read, or the catalog, is refused.
bool sameFile(const std::string& a, const std::string& b);

// Refuses (InputError) an output file `out` that is the file of one of the options `inputs` given
// (--db, --challenge-file, --imprint, --font, --model, ...): writing it would destroy what is being read.
void refuseOutputOverInputs(const po::variables_map& vm, const std::string& out,
                            std::initializer_list<const char*> inputs);

// A --puzzle value of the commands that read the catalog, as the catalog names puzzles: a shipped name as it
// is; a definition file (a path, or a file that exists) its `name`; anything else as it is.
std::string catalogPuzzleName(const std::string& value);

// A share as a percentage with one decimal ("86.7%").
std::string percentText(double share);

// One JSON value on one line of standard output. Text that is not UTF-8 (a file name, say) is printed with
// U+FFFD in place of the bytes that are not, rather than failing after the work is done.
template <class Json = nlohmann::json>
void printJson(const Json& value) {
  std::cout << value.dump(-1, ' ', false, Json::error_handler_t::replace) << '\n';
}

}  // namespace piecework::cli

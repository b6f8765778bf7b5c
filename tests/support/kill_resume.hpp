// SPDX-License-Identifier: Apache-2.0
// Kill-and-resume tests of `--checkpoint FILE` (count, census, under mpirun): start the work in the
// background, wait until it has recorded some jobs, kill it with SIGKILL, and read what the file holds.
#pragma once

#include <sys/types.h>

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace piecework::test {

// A file's bytes ("" when it cannot be read), and its lines.
std::string readFile(const std::string& path);
std::vector<std::string> readLines(const std::string& path);
// Replaces a file's bytes with TEXT.
void writeFile(const std::string& path, const std::string& text);

// How many lines of a checkpoint are job records (`job INDEX ...`), a torn last one included.
std::size_t jobRecords(const std::string& path);

// The job index of every line after a checkpoint's header, in the file's order; a line that is not a job
// record is a test failure.
std::vector<std::size_t> recordedJobs(const std::string& path);

// The number of jobs a count checkpoint's header names (its last field).
std::size_t countCheckpointJobs(const std::string& path);

// Starts PROGRAM ARGS (PROGRAM is also argv[0]) with the ENVIRONMENT variables set and its output thrown
// away; returns its process id, or -1 when it could not fork.
pid_t startInBackground(const std::string& program, const std::vector<std::string>& args,
                        const std::vector<std::pair<std::string, std::string>>& environment = {});

// Waits until FILE holds at least RECORDS job records, or 5 minutes went by.
void waitForRecords(const std::string& file, std::size_t records);

// Kills PID with SIGKILL and waits for it; true when the signal ended it (false: it had ended already, or
// it is not our child).
bool killAndReap(pid_t pid);

}  // namespace piecework::test

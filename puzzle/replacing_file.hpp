// SPDX-License-Identifier: Apache-2.0
// A file written whole or not at all. The text goes to a temporary file ".NAME.tmp-XXXXXX" beside the target,
// which replaces the target only once everything was written and synced; until then the target keeps what it
// had. The replacement keeps the replaced file's mode. An interrupted run (SIGINT, SIGTERM, SIGHUP) removes
// its temporary file; one killed outright leaves it, and the next run writing beside it removes it (a writer
// holds a lock on its temporary file, so an unlocked one is stale). Documents (output/document.hpp), rating
// models, converted definitions and catalog exports are all written this way.
#pragma once

#include <cstdio>
#include <string>
#include <string_view>

namespace piecework {

class ReplacingFile {
 public:
  // `option` names the target in errors ("--out", "convert OUT"). A symbolic link is followed: the file it
  // leads to is replaced. Throws InputError when `path` is a directory or not a file name, is a file that
  // may not be written (read-only), or when the temporary file cannot be made there (a missing directory, no
  // permission), with the system's reason. One ReplacingFile is open at a time (its signal handler).
  ReplacingFile(std::string path, std::string_view option);
  ~ReplacingFile();
  ReplacingFile(const ReplacingFile&) = delete;
  ReplacingFile& operator=(const ReplacingFile&) = delete;

  std::FILE* stream() { return file_; }
  // The temporary file's path (to read back what was written so far).
  const std::string& temporaryPath() const { return temp_; }

  // With `problem` empty: flushes, syncs and moves the temporary file into place. Otherwise, or when that
  // fails, removes the temporary file and throws std::runtime_error "PATH: cannot write the WHAT: PROBLEM";
  // the target is then untouched.
  void commit(std::string_view what, std::string problem = {});

 private:
  void discard();
  std::string name_;  // as given, for messages
  std::string path_;  // the file replaced: name_, or where the symbolic link name_ leads
  std::string temp_;
  std::FILE* file_ = nullptr;
};

// `text` written to `path` as a ReplacingFile, or straight into a device or pipe (/dev/stdout, a FIFO).
// Errors as the constructor's and commit's (a full disk is std::runtime_error: not bad input).
void writeReplacingFile(const std::string& path, std::string_view option, std::string_view what,
                        std::string_view text);

}  // namespace piecework

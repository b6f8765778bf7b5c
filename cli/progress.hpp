// SPDX-License-Identifier: Apache-2.0
// Progress of long work on stderr: the fraction done and a rough time left, from parts done and time spent.
// `tty`: one line rewritten in place and cleared before the result; `plain`: a line every few seconds, for
// logs; `auto`: tty when stderr is a terminal, nothing otherwise; `none`.
#pragma once

#include <chrono>
#include <cstddef>
#include <mutex>
#include <string>

namespace piecework::cli {

enum class ProgressMode { Auto, Tty, Plain, None };

// Reads --progress's value; throws InputError naming the option when it is none of auto, tty, plain, none.
ProgressMode parseProgressMode(const std::string& text);

class Progress {
 public:
  // `what` starts every line ("counting"). Plain lines come at most every PIECEWORK_PROGRESS_SECONDS seconds
  // (default 5; 0 prints every update, for tests).
  Progress(ProgressMode mode, std::string what);
  ~Progress();
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  // (parts done, parts in all), from any thread. The first call gives the parts done before this run (resumed
  // from a checkpoint), which do not count towards the speed. Lines never go back.
  void update(std::size_t done, std::size_t all);
  // Clears the tty line; call before printing the result.
  void finish();

 private:
  using Clock = std::chrono::steady_clock;
  enum class Output { None, Tty, Plain };
  Output output_;
  std::string what_;
  std::mutex mutex_;
  Clock::time_point start_ = Clock::now();
  Clock::time_point lastLine_;
  double interval_ = 5;
  bool started_ = false;
  std::size_t baseline_ = 0;  // parts done before this run
  std::size_t shown_ = 0;
  bool lineShown_ = false;
  std::string describe(std::size_t done, std::size_t all, double elapsed) const;
};

}  // namespace piecework::cli

// SPDX-License-Identifier: Apache-2.0
// Progress of long work on stderr: the fraction done and a rough time left, from parts done and time spent.
// `tty`: one line rewritten in place and cleared before the result; `plain`: a line every few seconds, for
// logs; `auto`: tty when stderr is a terminal, nothing otherwise; `none`. A line comes within the first
// second and then at least every interval even while no part finishes (issue 44, F7): a part of a long count
// may take hours, and a silent count cannot be told from a hung one.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

namespace piecework::cli {

enum class ProgressMode { Auto, Tty, Plain, None };

// Reads --progress's value; throws InputError naming the option when it is none of auto, tty, plain, none.
ProgressMode parseProgressMode(const std::string& text);

class Progress {
 public:
  // `what` starts every line ("counting"). Plain lines come at most every PIECEWORK_PROGRESS_SECONDS seconds
  // (default 5; 0 prints every update and no timed line, for tests), the first after one second; a terminal
  // line changes at most ten times a second, and at least once a second.
  Progress(ProgressMode mode, std::string what);
  ~Progress();
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  // (parts done, parts in all), from any thread. The first call gives the parts done before this run (resumed
  // from a checkpoint), which do not count towards the speed. Lines never go back.
  void update(std::size_t done, std::size_t all);
  // How much of the parts under way is done (in parts, each running part 0..1), for the timed lines: read
  // from the timer's thread, so it must be safe to call from any thread. Set it before the work starts.
  void setUnderWay(std::function<double()> underWay);
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
  std::size_t done_ = 0, all_ = 0;  // the last update
  double shownFraction_ = 0;        // of the last line: lines never go back
  bool lineShown_ = false;
  std::function<double()> underWay_;
  // The timer: a line when none came for a while (tick()).
  std::condition_variable wake_;
  bool stopping_ = false;
  std::thread timer_;
  std::string describe(double done, std::size_t all, double elapsed, bool timed);
  void show(const std::string& line);
  void tick();
};

}  // namespace piecework::cli

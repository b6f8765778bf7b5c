// SPDX-License-Identifier: Apache-2.0
#include "cli/progress.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <iostream>

#include "puzzle/errors.hpp"

namespace piecework::cli {
namespace {

std::string duration(double seconds) {
  const auto s = static_cast<long long>(std::llround(seconds));
  if (s < 60) return fmt::format("{} s", s);
  if (s < 3600) return fmt::format("{} min {:02} s", s / 60, s % 60);
  if (s < 86400) return fmt::format("{} h {:02} min", s / 3600, s % 3600 / 60);
  return fmt::format("{} d {:02} h", s / 86400, s % 86400 / 3600);
}

}  // namespace

ProgressMode parseProgressMode(const std::string& text) {
  if (text == "auto") return ProgressMode::Auto;
  if (text == "tty") return ProgressMode::Tty;
  if (text == "plain") return ProgressMode::Plain;
  if (text == "none") return ProgressMode::None;
  throw InputError(fmt::format("--progress {}: must be auto, tty, plain or none", text));
}

Progress::Progress(ProgressMode mode, std::string what) : what_(std::move(what)) {
  switch (mode) {
    case ProgressMode::Auto:
      output_ = isatty(STDERR_FILENO) != 0 ? Output::Tty : Output::None;
      break;
    case ProgressMode::Tty:
      output_ = Output::Tty;
      break;
    case ProgressMode::Plain:
      output_ = Output::Plain;
      break;
    case ProgressMode::None:
      output_ = Output::None;
      break;
  }
  if (const char* seconds = std::getenv("PIECEWORK_PROGRESS_SECONDS");
      seconds != nullptr && *seconds != '\0') {
    char* end = nullptr;
    const double value = std::strtod(seconds, &end);
    if (*end == '\0' && value >= 0 && value <= 86400) interval_ = value;
  }
  lastLine_ = start_;
  // (no timed lines when every update prints: tests count the lines)
  if (output_ == Output::Tty || (output_ == Output::Plain && interval_ > 0))
    timer_ = std::thread([this] { tick(); });
}

Progress::~Progress() {
  finish();
}

void Progress::setUnderWay(std::function<double()> underWay) {
  std::lock_guard lock(mutex_);
  underWay_ = std::move(underWay);
}

std::string Progress::describe(double done, std::size_t all, double elapsed, bool timed) {
  double fraction = all == 0 ? 1.0 : std::min(1.0, done / static_cast<double>(all));
  fraction = std::max(fraction, shownFraction_);
  shownFraction_ = fraction;
  // (a long count's first percent takes a while: a timed line has more digits below 1%, so that it moves)
  std::string text = fmt::format("{}: {:.{}f}% ({}/{} parts), {}", what_, 100 * fraction,
                                 timed && fraction < 0.01 ? 3 : 1, done_, all, duration(elapsed));
  // The time left assumes the work still to do goes as fast as the work done in this run (parts finished,
  // and the share of the parts under way that is done).
  const double doneHere = fraction * static_cast<double>(all) - static_cast<double>(baseline_);
  if (doneHere > 1e-9 && done_ < all && fraction < 1)
    text += fmt::format(", about {} left",
                        duration(elapsed * (static_cast<double>(all) * (1 - fraction)) / doneHere));
  return text;
}

void Progress::show(const std::string& line) {
  lastLine_ = Clock::now();
  if (output_ == Output::Tty) {
    lineShown_ = true;
    std::cerr << '\r' << line << "\x1b[K" << std::flush;
  } else {
    std::cerr << line << '\n' << std::flush;
  }
}

void Progress::update(std::size_t done, std::size_t all) {
  std::lock_guard lock(mutex_);
  if (!started_) {
    started_ = true;
    baseline_ = done;
    shown_ = done;
    done_ = done;
    all_ = all;
    return;
  }
  if (done > all) return;
  done_ = std::max(done_, done);
  all_ = all;
  if (output_ == Output::None || done <= shown_) return;
  const Clock::time_point now = Clock::now();
  const double sinceLine = std::chrono::duration<double>(now - lastLine_).count();
  const double elapsed = std::chrono::duration<double>(now - start_).count();
  if (output_ == Output::Tty) {
    // A terminal line is cheap but need not change more than ten times a second.
    if (done >= all || (sinceLine < 0.1 && lineShown_)) return;
  } else if (sinceLine < interval_) {
    return;
  }
  shown_ = done;
  show(describe(static_cast<double>(done_) + (underWay_ ? underWay_() : 0.0), all, elapsed, false));
}

// A line when none came for a while: on a terminal a second, in a log the first second and then the
// interval. It says the parts done and, from the share of the parts under way that is done, the time left.
void Progress::tick() {
  std::unique_lock lock(mutex_);
  bool anyLine = false;
  while (!wake_.wait_for(lock, std::chrono::milliseconds(200), [this] { return stopping_; })) {
    if (!started_ || output_ == Output::None || done_ >= all_) continue;
    const Clock::time_point now = Clock::now();
    const double sinceLine = std::chrono::duration<double>(now - lastLine_).count();
    const double due = output_ == Output::Tty || !anyLine ? 1.0 : std::max(1.0, interval_);
    if (sinceLine < due) continue;
    anyLine = true;
    show(describe(static_cast<double>(done_) + (underWay_ ? underWay_() : 0.0), all_,
                  std::chrono::duration<double>(now - start_).count(), true));
  }
}

void Progress::finish() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (timer_.joinable()) timer_.join();
  std::lock_guard lock(mutex_);
  if (lineShown_) std::cerr << "\r\x1b[K" << std::flush;
  lineShown_ = false;
  output_ = Output::None;
}

}  // namespace piecework::cli

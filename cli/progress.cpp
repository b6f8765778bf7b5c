// SPDX-License-Identifier: Apache-2.0
#include "cli/progress.hpp"

#include <fmt/format.h>
#include <unistd.h>

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
}

Progress::~Progress() {
  finish();
}

std::string Progress::describe(std::size_t done, std::size_t all, double elapsed) const {
  const double fraction = all == 0 ? 1.0 : static_cast<double>(done) / static_cast<double>(all);
  std::string text =
      fmt::format("{}: {:.1f}% ({}/{} parts), {}", what_, 100 * fraction, done, all, duration(elapsed));
  // The time left assumes the parts still to do take as long on average as those done in this run.
  const std::size_t doneHere = done - baseline_;
  if (doneHere > 0 && done < all)
    text += fmt::format(", about {} left",
                        duration(elapsed * static_cast<double>(all - done) / static_cast<double>(doneHere)));
  return text;
}

void Progress::update(std::size_t done, std::size_t all) {
  std::lock_guard lock(mutex_);
  if (!started_) {
    started_ = true;
    baseline_ = done;
    shown_ = done;
    return;
  }
  if (output_ == Output::None || done <= shown_ || done > all) return;
  const Clock::time_point now = Clock::now();
  const double sinceLine = std::chrono::duration<double>(now - lastLine_).count();
  const double elapsed = std::chrono::duration<double>(now - start_).count();
  if (output_ == Output::Tty) {
    // A terminal line is cheap but need not change more than ten times a second.
    if (done >= all || (sinceLine < 0.1 && lineShown_)) return;
    shown_ = done;
    lastLine_ = now;
    lineShown_ = true;
    std::cerr << '\r' << describe(done, all, elapsed) << "\x1b[K" << std::flush;
    return;
  }
  if (sinceLine < interval_) return;
  shown_ = done;
  lastLine_ = now;
  std::cerr << describe(done, all, elapsed) << '\n' << std::flush;
}

void Progress::finish() {
  std::lock_guard lock(mutex_);
  if (lineShown_) std::cerr << "\r\x1b[K" << std::flush;
  lineShown_ = false;
  output_ = Output::None;
}

}  // namespace piecework::cli

// See Progress.h.
#include "driver/Progress.h"

#include <algorithm>
#include <cstdio>
#include <iostream>

#include <unistd.h>

namespace smc {

namespace {
constexpr auto kQuietFor = std::chrono::seconds(1);
constexpr auto kRedrawEvery = std::chrono::milliseconds(100);
constexpr int kBarWidth = 25;
}  // namespace

ProgressLine::ProgressLine(std::string label)
    : label_(std::move(label)), began_(std::chrono::steady_clock::now()) {}

ProgressLine::~ProgressLine() {
  if (shown_) std::cerr << "\r" << std::string(72, ' ') << "\r" << std::flush;
}

bool ProgressLine::terminal() { return isatty(fileno(stderr)) != 0; }

void ProgressLine::update(double fraction, const std::string& text) {
  auto now = std::chrono::steady_clock::now();
  if (now - began_ < kQuietFor || (shown_ && now - drawn_ < kRedrawEvery)) return;
  shown_ = true;
  drawn_ = now;
  int filled = static_cast<int>(std::clamp(fraction, 0.0, 1.0) * kBarWidth);
  std::string line = "\r" + label_ + " [" + std::string(static_cast<size_t>(filled), '#') +
                     std::string(static_cast<size_t>(kBarWidth - filled), ' ') + "] " + text;
  if (line.size() > 72) line.resize(72);
  std::cerr << line << std::flush;
}

}  // namespace smc

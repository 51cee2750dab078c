// Step counting for CommunicationGrid; see CommunicationGrid.h. When
// (stop - start) / h is within a relative 1e-9 of an integer n, exactly n
// steps are taken (0.3 / 0.1 = 2.9999999999999996 means 3 steps, not a
// 4th of length 4e-17); otherwise ceil gives one shortened final step.
#include "importer/CommunicationGrid.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
#include <string>

namespace smc::importer {

namespace {
constexpr double kMaxSteps = 1e9;  // beyond this the run cannot finish anyway
constexpr double kRelativeSlack = 1e-9;
}  // namespace

Result<CommunicationGrid> CommunicationGrid::make(double start, double stop, double step) {
  if (!std::isfinite(start) || !std::isfinite(stop)) {
    return Error{fmt::format("start time {} and stop time {} must be finite", start, stop)};
  }
  if (stop < start) {
    return Error{fmt::format("stop time {} is before start time {}", stop, start)};
  }
  if (!std::isfinite(step) || step <= 0.0) {
    return Error{fmt::format("step size {} must be a positive number", step)};
  }
  double ratio = (stop - start) / step;
  if (ratio > kMaxSteps) {
    return Error{fmt::format("step size {} is too small for the interval [{}, {}]: it would "
                             "take {:.3g} steps",
                             step, start, stop, ratio)};
  }
  double nearest = std::round(ratio);
  bool whole = std::fabs(ratio - nearest) <= kRelativeSlack * std::max(1.0, ratio);
  double count = whole ? nearest : std::ceil(ratio);
  bool shortened = !whole;
  // A positive interval shorter than rounding slack still needs one step.
  if (count == 0.0 && stop > start) {
    count = 1.0;
    shortened = true;
  }
  return CommunicationGrid(start, stop, step, static_cast<std::size_t>(count), shortened);
}

double CommunicationGrid::point(std::size_t k) const {
  if (!points_.empty()) return points_[std::min(k, points_.size() - 1)];
  if (k >= steps_) return stop_;
  return start_ + static_cast<double>(k) * step_;
}

CommunicationGrid CommunicationGrid::withPoints(std::vector<double> times) const {
  std::vector<double> all;
  all.reserve(steps_ + 1 + times.size());
  for (std::size_t k = 0; k <= steps_; ++k) all.push_back(point(k));
  for (double t : times)
    if (std::isfinite(t) && t > start_ && t < stop_) all.push_back(t);
  std::sort(all.begin(), all.end());
  all.erase(std::unique(all.begin(), all.end()), all.end());
  CommunicationGrid out = *this;
  out.steps_ = all.size() - 1;
  out.points_ = std::move(all);
  return out;
}

Result<std::vector<double>> readOutputTimes(const std::filesystem::path& path) {
  std::ifstream in(path);
  if (!in) return Error{fmt::format("cannot read output times from '{}'", path.string())};
  std::vector<double> times;
  std::string line;
  for (std::size_t number = 1; std::getline(in, line); ++number) {
    const std::string cell = line.substr(0, line.find(','));
    const auto first = cell.find_first_not_of(" \t\r\"");
    if (first == std::string::npos) continue;  // a blank line
    const std::string text = cell.substr(first, cell.find_last_not_of(" \t\r\"") - first + 1);
    double t = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), t);
    if (error != std::errc() || end != text.data() + text.size() || !std::isfinite(t)) {
      if (number == 1) continue;  // a CSV header
      return Error{fmt::format("{}:{}: '{}' is not a time", path.string(), number, text)};
    }
    times.push_back(t);
  }
  return times;
}

}  // namespace smc::importer

// Step counting for CommunicationGrid; see CommunicationGrid.h. When
// (stop - start) / h is within a relative 1e-9 of an integer n, exactly n
// steps are taken (0.3 / 0.1 = 2.9999999999999996 means 3 steps, not a
// 4th of length 4e-17); otherwise ceil gives one shortened final step.
#include "importer/CommunicationGrid.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

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
  if (k >= steps_) return stop_;
  return start_ + static_cast<double>(k) * step_;
}

}  // namespace smc::importer

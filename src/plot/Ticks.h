// Axis ticks a reader can use: steps of 1, 2 or 5 times a power of ten,
// labelled without floating-point noise ("0.3", not "0.30000000000000004")
// and in scientific notation ("2.5e6", "1e-5") when numbers are very large
// or very small.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace smc::plot {

struct AxisTicks {
  double step = 0.0;
  std::vector<double> values;       // ascending, all within the range
  std::vector<std::string> labels;  // one per value
};

// The multiples of the smallest 1-2-5 step that puts at most `maxCount`
// ticks inside [low, high]; that is usually 4 to `maxCount` ticks. A
// `maxCount` below 3 counts as 3.
// A degenerate range (empty, reversed or not finite) gets one tick at
// `low`.
AxisTicks niceTicks(double low, double high, std::size_t maxCount = 8);

}  // namespace smc::plot

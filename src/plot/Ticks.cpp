// Nice ticks; see Ticks.h. Tick values are built as an integer times the
// mantissa divided (or multiplied) by an exact power of ten, so 3 × 0.1 is
// the double nearest 0.3, and labels print as many decimals as the step
// needs, no more.
#include "plot/Ticks.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace smc::plot {
namespace {

// Fixed notation outside this band would need many zeros.
constexpr double largestFixed = 1e6;
constexpr double smallestFixed = 1e-3;

// m × 10^e for an integer multiple count; exact decimal steps stay exact.
double tickValue(double multiple, int mantissa, int exponent) {
  double scaled = multiple * mantissa;
  double value = exponent >= 0 ? scaled * std::pow(10.0, exponent)
                               : scaled / std::pow(10.0, -exponent);
  return value == 0.0 ? 0.0 : value;  // no "-0"
}

std::string fixedLabel(double value, int stepExponent) {
  return fmt::format("{:.{}f}", value, std::max(0, -stepExponent));
}

// "2.5e6", "-1e-5": the digits the step needs, trailing zeros dropped.
std::string scientificLabel(double value, int stepExponent) {
  if (value == 0.0) return "0";
  int valueExponent = static_cast<int>(std::floor(std::log10(std::fabs(value))));
  std::string text = fmt::format("{:.{}e}", value, std::max(0, valueExponent - stepExponent));
  std::size_t e = text.find('e');
  std::string mantissa = text.substr(0, e);
  if (mantissa.find('.') != std::string::npos) {
    mantissa.erase(mantissa.find_last_not_of('0') + 1);
    if (mantissa.back() == '.') mantissa.pop_back();
  }
  return fmt::format("{}e{}", mantissa, std::atoi(text.c_str() + e + 1));
}

AxisTicks singleTick(double value) {
  AxisTicks ticks;
  ticks.values = {value};
  ticks.labels = {fmt::format("{}", value)};
  return ticks;
}

}  // namespace

AxisTicks niceTicks(double low, double high, std::size_t maxCount) {
  AxisTicks ticks;
  double span = high - low;
  maxCount = std::max<std::size_t>(maxCount, 3);  // fewer could leave no tick
  if (!std::isfinite(span) || !(span > 1e-290)) return singleTick(low);
  // Start one decade below the step that would give exactly maxCount ticks
  // and walk up 1, 2, 5, 10, 20, ... until the ticks fit.
  int exponent = static_cast<int>(std::floor(std::log10(span / static_cast<double>(maxCount)))) - 1;
  constexpr int mantissas[] = {1, 2, 5};
  double tolerance = 1e-9;  // in steps: a bound a hair inside a multiple still counts
  // Ten decades always suffice (by then a step exceeds the span); the bound
  // only guards against a range whose bounds overflow when divided.
  for (int decade = 0; decade < 10; ++decade, ++exponent) {
    for (int mantissa : mantissas) {
      double step = tickValue(1, mantissa, exponent);
      double first = std::ceil(low / step - tolerance);
      double last = std::floor(high / step + tolerance);
      if (!(last - first + 1 <= static_cast<double>(maxCount))) continue;  // also NaN
      ticks.step = step;
      for (double k = first; k <= last; ++k) ticks.values.push_back(tickValue(k, mantissa, exponent));
      double largest = std::max(std::fabs(low), std::fabs(high));
      bool scientific = largest >= largestFixed || largest < smallestFixed;
      for (double value : ticks.values) {
        ticks.labels.push_back(scientific ? scientificLabel(value, exponent)
                                          : fixedLabel(value, exponent));
      }
      return ticks;
    }
  }
  return singleTick(low);
}

}  // namespace smc::plot

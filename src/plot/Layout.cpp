// Layout; see Layout.h. The x range is the data's own (time usually starts
// and ends on a tick); the y range gets 5% headroom so a trace at its
// extreme does not run along the frame.
#include "plot/Layout.h"

#include "importer/NameSuggestions.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace smc::plot {
namespace {

using importer::Error;
using importer::Result;
using importer::SimulationResult;

std::string unknownVariableMessage(std::string_view name, const SimulationResult& result) {
  // closeMatches works on model variables; a column is one by name.
  std::vector<importer::ScalarVariable> candidates;
  for (const std::string& column : result.columns) {
    importer::ScalarVariable candidate;
    candidate.name = column;
    candidates.push_back(std::move(candidate));
  }
  std::string message = result.modelName.empty()
                            ? fmt::format("no variable named '{}' in the result", name)
                            : fmt::format("no variable named '{}' in the result of model '{}'",
                                          name, result.modelName);
  std::vector<std::string> matches = importer::closeMatches(name, candidates);
  if (matches.empty()) return message;
  message += "; did you mean ";
  for (std::size_t i = 0; i < matches.size(); ++i) {
    if (i > 0) message += i + 1 == matches.size() ? " or " : ", ";
    message += fmt::format("'{}'", matches[i]);
  }
  return message + "?";
}

struct Range {
  double low = 0.0, high = 1.0;
};

// A constant (or single) value still needs an axis: pad around it.
Range padded(double low, double high, double fraction) {
  if (low == high) {
    double pad = low == 0.0 ? 1.0 : std::fabs(low) * 0.1;
    return {low - pad, high + pad};
  }
  double pad = (high - low) * fraction;
  return {low - pad, high + pad};
}

Range xRange(const SimulationResult& result) {
  auto [lowest, highest] = std::minmax_element(
      result.rows.begin(), result.rows.end(),
      [](const std::vector<double>& a, const std::vector<double>& b) { return a[0] < b[0]; });
  return padded((*lowest)[0], (*highest)[0], 0.0);
}

// Over the finite values of the chosen columns, with 5% headroom so a
// trace at its extreme does not run along the frame.
Range yRange(const SimulationResult& result, const std::vector<std::size_t>& columns) {
  double low = std::numeric_limits<double>::infinity();
  double high = -low;
  for (const std::vector<double>& row : result.rows) {
    for (std::size_t column : columns) {
      double value = row[column];
      if (!std::isfinite(value)) continue;
      low = std::min(low, value);
      high = std::max(high, value);
    }
  }
  if (low > high) return {0.0, 1.0};  // nothing finite: an empty but labelled axis
  return padded(low, high, 0.05);
}

double widestLabel(const AxisTicks& ticks) {
  std::size_t chars = 0;
  for (const std::string& label : ticks.labels) chars = std::max(chars, label.size());
  return static_cast<double>(chars) * charWidth;
}
}  // namespace

std::size_t codePointCount(std::string_view text) {
  return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) {
    return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  }));
}

// "…" and the last characters of a long name: the end of a dotted name

Result<void> checkResult(const SimulationResult& result, const PlotOptions& options) {
  if (!(std::isfinite(options.width) && std::isfinite(options.height) && options.width > 0 &&
        options.height > 0)) {
    return Error{fmt::format("the plot size {}x{} is not a positive size in pixels",
                             options.width, options.height)};
  }
  if (result.columns.empty()) return Error{"the result has no columns"};
  if (result.rows.empty()) return Error{"the result has no rows to plot"};
  for (std::size_t i = 0; i < result.rows.size(); ++i) {
    const std::vector<double>& row = result.rows[i];
    if (row.size() != result.columns.size()) {
      return Error{fmt::format("row {} of the result has {} values for {} columns", i + 1,
                               row.size(), result.columns.size())};
    }
    if (!std::isfinite(row[0])) {
      return Error{fmt::format("column '{}' is the x axis and must hold finite numbers, but row "
                               "{} holds {}",
                               result.columns[0], i + 1, row[0])};
    }
  }
  return {};
}

Result<std::vector<std::size_t>> selectColumns(const SimulationResult& result,
                                               const PlotOptions& options) {
  std::vector<std::size_t> selected;
  if (options.variables.empty()) {
    for (std::size_t i = 1; i < result.columns.size(); ++i) selected.push_back(i);
    if (selected.empty()) {
      return Error{fmt::format("nothing to plot: the result has only the column '{}'",
                               result.columns[0])};
    }
    return selected;
  }
  for (const std::string& name : options.variables) {
    auto found = std::find(result.columns.begin(), result.columns.end(), name);
    if (found == result.columns.end()) return Error{unknownVariableMessage(name, result)};
    selected.push_back(static_cast<std::size_t>(found - result.columns.begin()));
  }
  return selected;
}

Result<Layout> computeLayout(const SimulationResult& result, const std::vector<std::size_t>& columns,
                             const PlotOptions& options, bool yTitle) {
  Layout layout;
  Frame& frame = layout.frame;
  Range x = xRange(result);
  Range y = yRange(result, columns);
  if (!std::isfinite(x.high - x.low) || !std::isfinite(y.high - y.low)) {
    return Error{"the values span more than the range of a double; nothing can be drawn"};
  }
  frame.xMin = x.low;
  frame.xMax = x.high;
  frame.yMin = y.low;
  frame.yMax = y.high;

  frame.top = options.title.empty() ? 14.0 : 14.0 + titleSize + 12.0;
  frame.height = options.height - frame.top - 52.0;  // below: tick labels and the x title
  // About one tick per 40 pixels: 9 or 10 on a default-sized plot when 5
  // would leave the axis sparse (1-2-5 steps jump by up to 2.5 times).
  auto yCount = static_cast<std::size_t>(std::clamp(frame.height / 40.0, 3.0, 10.0));
  layout.yTicks = niceTicks(y.low, y.high, yCount);
  frame.left = 10.0 + (yTitle ? fontSize + 10.0 : 0.0) + widestLabel(layout.yTicks) + tickLength + 5.0;

  std::size_t longestName = 0;
  for (std::size_t column : columns) {
    longestName = std::max(longestName, codePointCount(result.columns[column]));
  }
  double legendText = std::min(static_cast<double>(longestName) * charWidth, options.width * 0.28);
  layout.legendChars = static_cast<std::size_t>(legendText / charWidth);
  double legendWidth = 16.0 + legendSampleLength + 6.0 + legendText + 10.0;
  frame.width = options.width - frame.left - legendWidth;
  layout.legendLeft = frame.left + frame.width + 16.0;

  if (frame.width < smallestPlotSide || frame.height < smallestPlotSide) {
    return Error{fmt::format("the plot size {}x{} is too small for the axes, labels and legend",
                             options.width, options.height)};
  }
  // As many x ticks as fit side by side with a gap between labels.
  for (std::size_t count = 8;; --count) {
    layout.xTicks = niceTicks(x.low, x.high, count);
    double needed = static_cast<double>(layout.xTicks.values.size()) * (widestLabel(layout.xTicks) + 16.0);
    if (needed <= frame.width || count <= 3) break;
  }
  return layout;
}

}  // namespace smc::plot

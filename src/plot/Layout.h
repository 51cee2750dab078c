// Where everything goes: which columns are drawn, the data ranges (padded
// so a constant or a single sample still gets an axis), the ticks, and the
// margins left for tick labels, axis titles and the legend. Text widths are
// estimated (7 px per character at 12 px sans-serif) since no font metrics
// are at hand.
#pragma once

#include "importer/Result.h"
#include "importer/Simulate.h"
#include "plot/Plot.h"
#include "plot/Ticks.h"
#include "plot/Trace.h"

#include <cstddef>
#include <string_view>
#include <vector>

namespace smc::plot {

inline constexpr double fontSize = 12.0;
inline constexpr double charWidth = 7.0;  // estimate for fontSize
inline constexpr double titleSize = 16.0;
inline constexpr double legendRowHeight = 18.0;
inline constexpr double legendSampleLength = 24.0;
inline constexpr double tickLength = 5.0;
inline constexpr double smallestPlotSide = 60.0;  // pixels of plot area, below which nothing is readable

struct Layout {
  Frame frame;
  AxisTicks xTicks, yTicks;
  std::size_t legendChars = 0;  // longest legend name shown in full
  double legendLeft = 0.0;
};

// Characters (not bytes) of UTF-8 text, for width estimates.
std::size_t codePointCount(std::string_view text);

// Checks the size and the result's shape: rows, columns, a finite x column.
importer::Result<void> checkResult(const importer::SimulationResult& result,
                                   const PlotOptions& options);

// Indices of the columns to draw; an unknown name gets "did you mean".
importer::Result<std::vector<std::size_t>> selectColumns(const importer::SimulationResult& result,
                                                         const PlotOptions& options);

// Fails when the size leaves no room for a plot or values overflow a range.
importer::Result<Layout> computeLayout(const importer::SimulationResult& result,
                                       const std::vector<std::size_t>& columns,
                                       const PlotOptions& options, bool yTitle);

}  // namespace smc::plot

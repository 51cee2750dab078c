// `smc plot`: draws chosen variables of a simulation result against its
// first column (usually time) as one standalone SVG file, with nice ticks,
// grid lines, axis labels and a legend.
//
// The SVG text is written by hand: it is a few kinds of element, and no
// Debian-packaged C++ plotting library produces SVG without pulling in a GUI
// stack. fmt formats the numbers.
//
// Errors: every function returns importer::Result (importer/Result.h); no
// exception leaves this API, and bad input (a malformed CSV, an unknown
// variable, an empty result) yields a message naming what is wrong.
#pragma once

#include "importer/Result.h"
#include "importer/Simulate.h"

#include <filesystem>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

namespace smc::plot {

// Reads a CSV written by smc (header "time,a,b", RFC 4180 quoting, numbers
// as fmt prints them, including nan and inf) or by other tools (comma
// separated, the first column is the independent variable). An empty field
// reads as NaN (a missing sample), "true"/"false" as 1/0. Errors name the
// origin, line and column: "result.csv:3:5: 'abc' is not a number".
importer::Result<importer::SimulationResult> readCsv(const std::filesystem::path& path);
importer::Result<importer::SimulationResult> parseCsv(std::string_view text,
                                                      std::string_view origin);

struct PlotOptions {
  std::vector<std::string> variables{};  // empty: every column after the first
  std::string title{};                   // empty: none
  double width = 800, height = 480;      // pixels
};

// The SVG document. Fails for an unknown variable (suggesting close names),
// a result without rows or columns to plot, a non-finite value in the first
// column, or a size too small to hold a plot.
importer::Result<std::string> renderSvg(const importer::SimulationResult& result,
                                        const PlotOptions& options);
importer::Result<void> writeSvg(const std::filesystem::path& path,
                                const importer::SimulationResult& result,
                                const PlotOptions& options);

// The `smc plot` command: reads csvPath, writes svgPath (empty: csvPath with
// the extension .svg). Errors go to `err` as "smc plot: error: ..."; returns
// the exit status, 0 or 1.
int runPlotCommand(const std::string& csvPath, const std::string& svgPath,
                   const PlotOptions& options, std::ostream& err);

}  // namespace smc::plot

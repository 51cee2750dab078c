// The body of `smc plot result.csv [-o plot.svg]`; see runPlotCommand in
// Plot.h. The driver only parses options and calls this, so the command's
// behaviour (default output name, error format, exit status) is tested
// here without spawning a process.
#include "plot/Plot.h"

#include <fmt/format.h>

#include <ostream>
#include <system_error>

namespace smc::plot {
namespace {

importer::Result<void> plotFile(const std::filesystem::path& csvPath,
                                const std::filesystem::path& svgPath, const PlotOptions& options) {
  // Writing the picture over its own data would lose the data.
  std::error_code code;
  if (svgPath.lexically_normal() == csvPath.lexically_normal() ||
      std::filesystem::equivalent(csvPath, svgPath, code)) {
    return importer::Error{fmt::format("the SVG output '{}' would overwrite the CSV input",
                                       svgPath.string())};
  }
  importer::Result<importer::SimulationResult> result = readCsv(csvPath);
  if (!result) return result.error();
  importer::Result<void> written = writeSvg(svgPath, *result, options);
  if (!written) {
    // The message alone would not say which file the plot came from.
    if (written.error().message.rfind("cannot write", 0) == 0) return written;
    return importer::Error{fmt::format("{}: {}", csvPath.string(), written.error().message)};
  }
  return {};
}

}  // namespace

int runPlotCommand(const std::string& csvPath, const std::string& svgPath,
                   const PlotOptions& options, std::ostream& err) {
  if (csvPath.empty()) {
    err << "smc plot: error: no CSV file given\n";
    return 1;
  }
  std::filesystem::path output = svgPath;
  if (output.empty()) output = std::filesystem::path(csvPath).replace_extension(".svg");
  importer::Result<void> plotted = plotFile(csvPath, output, options);
  if (!plotted) {
    err << "smc plot: error: " << plotted.error().message << '\n';
    return 1;
  }
  return 0;
}

}  // namespace smc::plot

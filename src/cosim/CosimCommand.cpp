// See CosimCommand.h.
#include "cosim/CosimCommand.h"

#include "plot/Plot.h"

#include <ostream>

namespace smc::cosim {

int runCosimCommand(const CosimCommandOptions& options, std::ostream& out, std::ostream& err) {
  CosimReport report =
      runCosim(options.run, [&out](std::string_view line) { out << line << '\n' << std::flush; });
  if (report.configurationUnreadable) {
    err << "smc cosim: error: " << report.error << "\n";
    return 2;
  }
  int status = report.phase == Phase::Completed ? 0 : 1;
  const bool hasRows = !report.result.rows.empty();
  if (!options.csvPath.empty() && hasRows) {
    if (auto written = importer::writeCsv(options.csvPath, report.result); !written) {
      err << "smc cosim: error: " << written.error().message << "\n";
      status = 1;
    }
  }
  if (!options.plotPath.empty() && hasRows) {
    plot::PlotOptions plotOptions;
    plotOptions.title = report.result.modelName;
    if (auto drawn = plot::writeSvg(options.plotPath, report.result, plotOptions); !drawn) {
      err << "smc cosim: error: " << drawn.error().message << "\n";
      status = 1;
    }
  }
  if (report.phase != Phase::Completed)
    err << "smc cosim: error: " << toString(report.phase) << ": " << report.error << "\n";
  else
    importer::printSummary(out, report.result);
  return status;
}

}  // namespace smc::cosim

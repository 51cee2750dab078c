// The `smc cosim` command: runs the system, prints the lifecycle log, and
// writes the CSV and the plot of what was recorded (also after a
// simulation-error, so the rows up to the failure can be inspected).
#pragma once

#include "cosim/Cosim.h"

#include <iosfwd>
#include <string>

namespace smc::cosim {

struct CosimCommandOptions {
  CosimOptions run;
  std::string csvPath;   // empty: no CSV
  std::string plotPath;  // empty: no plot
};

// Exit status: 0 completed, 1 ended in an error state, 2 the description
// (or an option) could not be used at all. Log lines go to `out`, the
// final error to `err`.
int runCosimCommand(const CosimCommandOptions& options, std::ostream& out, std::ostream& err);

}  // namespace smc::cosim

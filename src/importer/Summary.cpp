// The short report `smc simulate` prints after a run; see printSummary in
// Simulate.h. Final values use the same shortest round-trip form as the CSV.
#include "importer/Simulate.h"

#include <fmt/format.h>

#include <algorithm>
#include <ostream>

namespace smc::importer {
namespace {
constexpr std::size_t kMaxListed = 25;  // --all can mean thousands of columns
}

void printSummary(std::ostream& out, const SimulationResult& result) {
  out << fmt::format("{}: simulated t={} to t={} in {} step{} ({:.3f} s wall time)\n",
                     result.modelName, result.startTime, result.stopTime, result.stepCount,
                     result.stepCount == 1 ? "" : "s", result.wallSeconds);
  if (!result.rows.empty()) {
    const std::vector<double>& last = result.rows.back();
    std::size_t listed = std::min(result.columns.size(), kMaxListed + 1);
    std::size_t width = 0;
    for (std::size_t i = 1; i < listed; ++i) width = std::max(width, result.columns[i].size());
    for (std::size_t i = 1; i < listed && i < last.size(); ++i) {
      out << fmt::format("  {:<{}} = {}\n", result.columns[i], width, last[i]);
    }
    if (result.columns.size() > listed) {
      out << fmt::format("  ... and {} more columns\n", result.columns.size() - listed);
    }
  }
  for (const std::string& warning : result.warnings) {
    out << "warning: " << warning << '\n';
  }
}

}  // namespace smc::importer

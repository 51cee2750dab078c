// See CosimSupport.h.
#include "CosimSupport.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace smc::cosim::test {

std::filesystem::path testFile(const std::string& name) {
  return std::filesystem::path(COSIM_DIR) / name;
}

std::string LoggedRun::logText() const {
  std::string text;
  for (const std::string& line : log) text += line + "\n";
  return text;
}

std::vector<std::string> LoggedRun::states() const {
  static const std::vector<std::string> names = {"configured", "initialized", "simulating",
                                                 "completed", "initialization-error",
                                                 "simulation-error"};
  std::vector<std::string> found;
  for (const std::string& line : log) {
    std::size_t colon = line.find(':');
    if (colon == std::string::npos) continue;
    std::string head = line.substr(0, colon);
    if (std::find(names.begin(), names.end(), head) != names.end()) found.push_back(head);
  }
  return found;
}

bool LoggedRun::hasProblem(const std::string& rule) const {
  return std::any_of(report.problems.begin(), report.problems.end(),
                     [&](const check::Problem& p) { return p.rule == rule; });
}

LoggedRun runLogged(const CosimOptions& options) {
  LoggedRun run;
  run.report = runCosim(options, [&](std::string_view line) { run.log.emplace_back(line); });
  return run;
}

LoggedRun runSystem(const std::string& system, MasterAlgorithm algorithm, double step) {
  CosimOptions options;
  options.systemPath = testFile(system).string();
  options.algorithm = algorithm;
  options.stepSize = step;
  return runLogged(options);
}

std::vector<double> column(const importer::SimulationResult& result, const std::string& name) {
  auto it = std::find(result.columns.begin(), result.columns.end(), name);
  EXPECT_NE(it, result.columns.end()) << "no column " << name;
  std::vector<double> values;
  if (it == result.columns.end()) return values;
  auto index = static_cast<std::size_t>(it - result.columns.begin());
  for (const std::vector<double>& row : result.rows) values.push_back(row[index]);
  return values;
}

}  // namespace smc::cosim::test

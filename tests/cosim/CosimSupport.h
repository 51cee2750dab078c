// Helpers shared by the cosim tests: where the test systems and FMUs are,
// running a system while keeping its log, and reading result columns.
#pragma once

#include "cosim/Cosim.h"

#include <filesystem>
#include <string>
#include <vector>

namespace smc::cosim::test {

// A file of the build's cosim test directory ("ControlLoop.ssd", "fmus/Gain.fmu").
std::filesystem::path testFile(const std::string& name);

struct LoggedRun {
  CosimReport report;
  std::vector<std::string> log;

  std::string logText() const;
  // The lifecycle states in the order the log announced them.
  std::vector<std::string> states() const;
  bool hasProblem(const std::string& rule) const;
};

LoggedRun runLogged(const CosimOptions& options);
// `system` under the test directory, with a step and a master.
LoggedRun runSystem(const std::string& system, MasterAlgorithm algorithm, double step);

// The column named `name`; fails the test when there is none.
std::vector<double> column(const importer::SimulationResult& result, const std::string& name);

}  // namespace smc::cosim::test

// `smc cosim system.ssd`: runs a system of Co-Simulation FMUs described by
// an SSP system structure description (.ssd, or an .ssp archive) through
// the lifecycle of Lifecycle.h:
//   configured        the description read and the run's times settled;
//   (initializing)    every FMU validated with the `smc check` rules, every
//                     connector and connection checked (Binding.h), the
//                     FMUs loaded and instantiated, parameters set, and the
//                     initialization done with inputs propagated in
//                     dependency order;
//   initialized       every FMU out of initialization mode at the start time;
//   simulating        fixed communication steps (Master.h);
//   completed         every FMU terminated.
// An error moves the run to initialization-error or simulation-error, with
// the component, the call and the time; every instance is freed on every
// path (instances before libraries before unpacked files).
#pragma once

#include "check/Problem.h"
#include "cosim/Lifecycle.h"
#include "cosim/Master.h"
#include "importer/LoadOptions.h"
#include "importer/Simulate.h"

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace smc::cosim {

struct CosimOptions {
  std::string systemPath;  // .ssd or .ssp
  // Unset: the SSD's DefaultExperiment, else start 0, stop start+1, step
  // (stop-start)/500.
  std::optional<double> startTime, stopTime, stepSize, tolerance;
  MasterAlgorithm algorithm = MasterAlgorithm::GaussSeidel;
  std::vector<std::string> outputVariables;  // "component.variable"; empty: every output
  bool fmuLogging = false;
  // How each FMU is opened (archive limits, --no-check), and the .ssp.
  importer::LoadOptions load{};
  // --allow-outside: a bare .ssd may name files outside its folder.
  bool allowOutside = false;
};

struct CosimReport {
  Phase phase = Phase::Configured;  // where the run ended
  std::string error;                // why, when it ended in an error state
  std::vector<check::Problem> problems;  // located problems of the description or FMUs
  importer::SimulationResult result;     // the rows recorded until the end
  std::size_t instancesCreated = 0;
  std::size_t instancesFreed = 0;
  bool configurationUnreadable = false;  // the description itself could not be read
};

// Runs the system; the lifecycle's lines go to `log`.
CosimReport runCosim(const CosimOptions& options, const LogLine& log);

}  // namespace smc::cosim

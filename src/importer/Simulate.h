// `smc simulate model.fmu`: runs an FMI 2.0 Co-Simulation FMU with fixed
// communication steps from start to stop time and collects the chosen
// variables at every communication point.
//
// Errors: simulate() and writeCsv() return Result (importer/Result.h); no
// exception leaves them. An fmi2 call that returns fmi2Error or fmi2Fatal
// ends the run with an error naming the call and the time; fmi2Discard from
// fmi2DoStep ends it early but successfully, with a warning in the result.
#pragma once

#include "importer/FmuLogger.h"
#include "importer/LoadOptions.h"
#include "importer/Result.h"

#include <filesystem>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace smc::importer {

struct SimulateOptions {
  std::string fmuPath{};
  // Unset: the FMU's DefaultExperiment, else start 0, stop start+1,
  // step (stop-start)/500, and no tolerance.
  std::optional<double> startTime{}, stopTime{}, stepSize{}, tolerance{};
  // Further communication points besides the steps (--output-times).
  std::vector<double> outputTimes{};
  // --output-events: also a row just before and one just after each event
  // inside a step, at the event's time (FMUs made by smc tell their events).
  bool outputEvents = false;
  std::vector<std::pair<std::string, std::string>> settings{};  // --set name=value
  std::vector<std::string> outputVariables{};                    // empty = outputs
  bool allVariables = false;                                     // --all
  std::string csvPath{};                                         // empty = no file
  bool fmuLogging = false;  // loggingOn for fmi2Instantiate
  LogSink logSink{};        // the FMU's log messages; empty = stderr
  LoadOptions load{};       // archive limits, --no-check
  // Called after each communication step with the time reached and the
  // run's start and stop (smc simulate's progress line); may be empty.
  std::function<void(double time, double start, double stop)> progress{};
};

struct SimulationResult {
  std::vector<std::string> columns;       // "time" first
  // One per communication point; with outputEvents also two per event
  // between them (before, after: equal times).
  std::vector<std::vector<double>> rows;
  std::string modelName;
  double startTime = 0.0;
  double stopTime = 0.0;      // time of the last row
  std::size_t stepCount = 0;  // fmi2DoStep calls that completed
  double wallSeconds = 0.0;
  std::vector<std::string> warnings;
};

Result<SimulationResult> simulate(const SimulateOptions& options);

// CSV (RFC 4180): header "time,name1,...", numbers in shortest round-trip
// form, names quoted when they contain a comma or a quote.
void writeCsv(std::ostream& out, const SimulationResult& result);
Result<void> writeCsv(const std::filesystem::path& path, const SimulationResult& result);

// A few lines for the terminal: model, steps, wall time, final values,
// warnings.
void printSummary(std::ostream& out, const SimulationResult& result);

}  // namespace smc::importer

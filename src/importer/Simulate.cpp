// The co-simulation master behind `smc simulate`; see Simulate.h. The
// sequence follows FMI 2.0 section 4.2.4: instantiate, setup experiment,
// set start values, enter and exit initialization mode, then fmi2DoStep
// from one communication point to the next, terminate, free.
//
// Everything the user typed (names, values, times) is checked against the
// model description before the FMU's code is loaded, so a typo never runs
// foreign code.
#include "importer/Simulate.h"

#include "importer/CommunicationGrid.h"
#include "importer/Fmu.h"
#include "importer/FmuArchive.h"
#include "importer/FmuInstance.h"
#include "importer/ModelDescription.h"
#include "importer/Recorder.h"
#include "importer/Session.h"
#include "importer/Settings.h"

#include <fmt/format.h>

#include <chrono>
#include <cmath>

namespace smc::importer {
namespace {

// Options first, then the FMU's DefaultExperiment, then our defaults.
Result<CommunicationGrid> planGrid(const SimulateOptions& options,
                                   const DefaultExperiment& experiment) {
  double start = options.startTime.value_or(experiment.startTime.value_or(0.0));
  double stop = options.stopTime.value_or(experiment.stopTime.value_or(start + 1.0));
  std::optional<double> step = options.stepSize ? options.stepSize : experiment.stepSize;
  if (!step) step = stop > start ? (stop - start) / 500.0 : 1.0;
  Result<CommunicationGrid> grid = CommunicationGrid::make(start, stop, *step);
  if (!grid || options.outputTimes.empty()) return grid;
  return grid->withPoints(options.outputTimes);
}

Result<std::optional<double>> chooseTolerance(const SimulateOptions& options,
                                              const DefaultExperiment& experiment) {
  std::optional<double> tolerance = options.tolerance ? options.tolerance : experiment.tolerance;
  if (tolerance && !(std::isfinite(*tolerance) && *tolerance > 0.0)) {
    return Error{fmt::format("tolerance {} must be a positive number", *tolerance)};
  }
  return tolerance;
}

std::string because(const FmuInstance& instance) {
  return instance.lastFmuProblem().empty() ? "" : " (" + instance.lastFmuProblem() + ")";
}

// A discarded step ends the run; keep the FMU's last good point if it has one.
void endAfterDiscard(FmuInstance& instance, Recorder& recorder, double time, double stepSize,
                     SimulationResult& result) {
  std::string why = because(instance);
  std::optional<bool> terminated = instance.terminatedByFmu();
  std::optional<double> last = instance.lastSuccessfulTime();
  double end = time;
  if (last && std::isfinite(*last) && *last > time && *last <= time + stepSize) {
    std::vector<double> row;
    Result<fmi2::Status> read = recorder.read(instance, *last, row);
    if (read && *read != fmi2::Status::Discard) {
      result.rows.push_back(std::move(row));
      end = *last;
    }
  }
  result.stopTime = end;
  result.warnings.push_back(fmt::format(
      "fmi2DoStep returned fmi2Discard at t={:.10g}{}: {}; results end at t={:.10g}", time, why,
      terminated.value_or(false) ? "the FMU ended the simulation"
                                 : "the FMU could not complete the step",
      end));
}

// With --output-events, the rows of the events inside the steps. An event
// that changed none of the columns (a crossing found exactly at zero, whose
// relation flips an instant later) leaves no rows. A row the FMU cannot read
// is left out (the step that follows reports the trouble).
void recordEventRows(FmuInstance& instance, Recorder& recorder, SimulationResult& result) {
  bool observed = instance.observeEvents([&instance, &recorder, &result](double time, bool after) {
    std::vector<double> row;
    Result<fmi2::Status> read = recorder.read(instance, time, row);
    if (!read || *read == fmi2::Status::Discard) return;
    if (after && !result.rows.empty() && result.rows.back() == row) {
      result.rows.pop_back();
      return;
    }
    result.rows.push_back(std::move(row));
  });
  if (!observed)
    result.warnings.push_back("the FMU does not tell its events (only FMUs made by smc do): the "
                              "results hold the communication points only");
}

Result<void> run(FmuInstance& instance, Recorder& recorder, const CommunicationGrid& grid,
                 const SimulateOptions& options, SimulationResult& result) {
  if (options.outputEvents) recordEventRows(instance, recorder, result);
  std::vector<double> row;
  for (std::size_t k = 0;; ++k) {
    double t = grid.point(k);
    Result<fmi2::Status> read = recorder.read(instance, t, row);
    if (!read) return read.error();
    if (*read == fmi2::Status::Discard) {
      result.warnings.push_back(fmt::format(
          "reading values returned fmi2Discard at t={:.10g}{}; results end before it", t,
          because(instance)));
      return {};
    }
    // An event at the communication point already gave this row.
    if (result.rows.empty() || result.rows.back() != row) result.rows.push_back(row);
    result.stopTime = t;
    if (k == grid.stepCount()) return {};

    double h = grid.point(k + 1) - t;
    Result<fmi2::Status> step = instance.doStep(t, h);
    if (!step) return step.error();
    if (*step == fmi2::Status::Discard) {
      endAfterDiscard(instance, recorder, t, h, result);
      return {};
    }
    if (*step == fmi2::Status::Warning)
      result.warnings.push_back(fmt::format("fmi2DoStep returned fmi2Warning at t={:.10g}{}", t,
                                            instance.lastFmuWarning().empty()
                                                ? std::string()
                                                : ": " + instance.lastFmuWarning()));
    ++result.stepCount;
    if (options.progress) options.progress(grid.point(k + 1), grid.start(), grid.stop());
  }
}

}  // namespace

Result<SimulationResult> simulate(const SimulateOptions& options) {
  auto began = std::chrono::steady_clock::now();

  Result<Session> session = describeFmu(options.fmuPath, options.load);
  if (!session) return session.error();
  const ModelDescription* md = &session->description;

  SimulationResult result;
  result.modelName = md->modelName;
  Result<CommunicationGrid> grid = planGrid(options, md->defaultExperiment);
  if (!grid) return grid.error();
  Result<std::optional<double>> tolerance = chooseTolerance(options, md->defaultExperiment);
  if (!tolerance) return tolerance.error();
  Result<std::vector<Setting>> settings = resolveSettings(*md, options.settings);
  if (!settings) return settings.error();
  Result<Recorder> recorder =
      Recorder::choose(*md, {options.outputVariables, options.allVariables}, result.warnings);
  if (!recorder) return recorder.error();
  if (!options.outputTimes.empty() && !md->canHandleVariableCommunicationStepSize) {
    result.warnings.push_back(
        "the FMU declares canHandleVariableCommunicationStepSize=false, but the output times make steps of "
        "varying length");
  } else if (grid->lastStepShortened() && !md->canHandleVariableCommunicationStepSize) {
    result.warnings.push_back(fmt::format(
        "step size {} does not divide [{}, {}] and the FMU declares "
        "canHandleVariableCommunicationStepSize=false; the final step is shorter",
        grid->step(), grid->start(), grid->stop()));
  }

  if (Result<void> made = instantiate(*session, InstanceOptions{"", false, options.fmuLogging, options.logSink}); !made)
    return made.error();
  FmuInstance& instance = *session->instance;
  if (Result<void> ready = initializeInstance(instance, grid->start(), grid->stop(), *tolerance, *settings); !ready)
    return ready.error();
  result.columns.push_back("time");
  result.columns.insert(result.columns.end(), recorder->names().begin(),
                        recorder->names().end());
  result.startTime = grid->start();
  Result<void> ran = run(instance, *recorder, *grid, options, result);
  if (options.outputEvents) instance.observeEvents({});  // it holds references to this frame
  if (!ran) return ran.error();
  Result<fmi2::Status> terminated = instance.terminate(result.stopTime);
  if (!terminated) return terminated.error();

  if (!options.csvPath.empty()) {
    if (Result<void> written = writeCsv(options.csvPath, result); !written) {
      return written.error();
    }
  }
  std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - began;
  result.wallSeconds = elapsed.count();
  return result;
}

}  // namespace smc::importer

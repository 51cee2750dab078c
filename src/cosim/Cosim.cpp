// See Cosim.h. runCosim is a straight line through the lifecycle; each
// helper returns an error message and the caller moves the lifecycle to
// the matching error state. Instances live in the CoupledSystem, which
// frees them (freeInstances) on every path before it is destroyed.
#include "cosim/Cosim.h"

#include "check/Check.h"
#include "cosim/Binding.h"
#include "cosim/SystemRecorder.h"
#include "importer/CommunicationGrid.h"
#include "importer/Settings.h"
#include "ssp/SspArchive.h"

#include <fmt/format.h>

#include <chrono>
#include <cmath>

namespace smc::cosim {
namespace {

using importer::Error;
using importer::Result;

std::size_t errorCount(const std::vector<check::Problem>& problems) {
  std::size_t errors = 0;
  for (const check::Problem& problem : problems)
    if (problem.severity == check::Severity::Error) ++errors;
  return errors;
}

// The description, from an .ssd file or an .ssp archive (kept unpacked in
// `archive` while the run uses its FMUs).
std::optional<ssp::SystemDescription> readDescription(const CosimOptions& options,
                                                      const std::string& path,
                                                      std::optional<ssp::SspArchive>& archive,
                                                      CosimReport& report) {
  ssp::SsdReadResult read;
  if (std::filesystem::path(path).extension() == ".ssp") {
    Result<ssp::SspArchive> opened = ssp::openSsp(path, options.load.limits);
    if (!opened) {
      report.error = opened.error().message;
      return std::nullopt;
    }
    archive.emplace(std::move(opened).value());
    read = std::move(archive->description);
  } else {
    ssp::SsdReadOptions ssd;
    ssd.confinement.allowOutside = options.allowOutside;
    ssd.maxXmlBytes = options.load.limits.maxXmlBytes;
    read = ssp::readSsd(path, {}, ssd);
  }
  report.problems = std::move(read.problems);
  if (!read.system)
    report.error = fmt::format("the system description has {} error{}",
                               errorCount(report.problems),
                               errorCount(report.problems) == 1 ? "" : "s");
  return std::move(read.system);
}

Result<importer::CommunicationGrid> planGrid(const CosimOptions& options,
                                             const ssp::DefaultExperiment& experiment) {
  double start = options.startTime.value_or(experiment.startTime.value_or(0.0));
  double stop = options.stopTime.value_or(experiment.stopTime.value_or(start + 1.0));
  double step = options.stepSize.value_or(stop > start ? (stop - start) / 500.0 : 1.0);
  if (options.tolerance && !(std::isfinite(*options.tolerance) && *options.tolerance > 0.0))
    return Error{fmt::format("tolerance {} must be a positive number", *options.tolerance)};
  return importer::CommunicationGrid::make(start, stop, step);
}

Result<void> instantiateAll(CoupledSystem& system, const CosimOptions& options,
                            CosimReport& report) {
  for (ComponentRun& component : system.components) {
    importer::InstanceOptions instance;
    instance.instanceName = component.name;
    instance.loggingOn = options.fmuLogging;
    Result<void> made = importer::instantiate(component.session, std::move(instance));
    if (!made)
      return Error{fmt::format("component '{}': {}", component.name, made.error().message)};
    ++report.instancesCreated;
  }
  return {};
}

Result<void> judgedInit(const ComponentRun& component, const Result<importer::fmi2::Status>& status,
                        const char* call, double time) {
  if (!status) return Error{fmt::format("component '{}': {}", component.name, status.error().message)};
  if (*status == importer::fmi2::Status::Discard)
    return Error{fmt::format("component '{}': {} returned fmi2Discard at t={:.10g}", component.name,
                             call, time)};
  return {};
}

// Setup, parameters and initialization mode for every FMU; the inputs are
// propagated in dependency order inside initialization mode (so each FMU
// initializes from its sources' initial outputs) and once more after it.
Result<void> initializeAll(CoupledSystem& system, const importer::CommunicationGrid& grid,
                           std::optional<double> tolerance) {
  const double start = grid.start();
  for (ComponentRun& component : system.components) {
    importer::FmuInstance& instance = *component.session.instance;
    if (auto done = judgedInit(component, instance.setupExperiment(tolerance, start, grid.stop()),
                               "fmi2SetupExperiment", start);
        !done)
      return done;
    if (auto set = importer::applySettings(instance, component.parameters, start); !set)
      return Error{fmt::format("component '{}': {}", component.name, set.error().message)};
    if (auto done = judgedInit(component, instance.enterInitializationMode(start),
                               "fmi2EnterInitializationMode", start);
        !done)
      return done;
  }
  if (Result<void> done = exchange(system, start); !done) return done;
  for (std::size_t c : system.stepOrder) {
    ComponentRun& component = system.components[c];
    if (auto done = judgedInit(component, component.session.instance->exitInitializationMode(start),
                               "fmi2ExitInitializationMode", start);
        !done)
      return done;
  }
  return exchange(system, start);
}

Result<void> terminateAll(CoupledSystem& system, double time) {
  for (std::size_t c : system.stepOrder) {
    ComponentRun& component = system.components[c];
    if (auto done = judgedInit(component, component.session.instance->terminate(time),
                               "fmi2Terminate", time);
        !done)
      return done;
  }
  return {};
}

// fmi2FreeInstance for every instance (in reverse order of creation), then
// the libraries; the unpacked files go with the system.
void freeInstances(CoupledSystem& system, CosimReport& report) {
  for (auto it = system.components.rbegin(); it != system.components.rend(); ++it) {
    if (it->session.instance) {
      it->session.instance.reset();
      ++report.instancesFreed;
    }
    it->session.fmu.reset();
  }
}

// "1 connection", "2 connections"
std::string counted(std::size_t n, const char* noun) {
  return fmt::format("{} {}{}", n, noun, n == 1 ? "" : "s");
}

std::string joinNames(const CoupledSystem& system, const std::vector<std::size_t>& order) {
  std::string names;
  for (std::size_t c : order) names += (names.empty() ? "" : ", ") + system.components[c].name;
  return names;
}

// The stepping loop; returns the error that ends the run, if any.
Result<void> simulate(CoupledSystem& system, const importer::CommunicationGrid& grid,
                      MasterAlgorithm algorithm, SystemRecorder& recorder, Lifecycle& lifecycle,
                      CosimReport& report) {
  std::vector<double> row;
  if (Result<void> read = recorder.read(system, grid.start(), row); !read) return read;
  report.result.rows.push_back(row);
  for (std::size_t k = 0; k < grid.stepCount(); ++k) {
    const double t = grid.point(k);
    const double next = grid.point(k + 1);
    auto stepped = doStep(system, algorithm, t, next - t);
    if (!stepped) return stepped.error();
    if (*stepped) {
      const Discarded& discarded = **stepped;
      std::string warning = fmt::format(
          "component '{}' could not complete the step from t={:.10g} (fmi2Discard{}{}); the run "
          "ends there",
          discarded.component, t, discarded.reason.empty() ? "" : ": ", discarded.reason);
      lifecycle.note(warning);
      report.result.warnings.push_back(warning);
      return {};
    }
    ++report.result.stepCount;
    if (Result<void> done = exchange(system, next); !done) return done;
    if (Result<void> read = recorder.read(system, next, row); !read) return read;
    report.result.rows.push_back(row);
    report.result.stopTime = next;
  }
  return {};
}

}  // namespace

CosimReport runCosim(const CosimOptions& options, const LogLine& log) {
  auto began = std::chrono::steady_clock::now();
  CosimReport report;
  std::optional<ssp::SspArchive> archive;
  std::optional<ssp::SystemDescription> description =
      readDescription(options, options.systemPath, archive, report);
  for (const check::Problem& problem : report.problems) log(check::formatProblem(problem));
  if (!description) {
    report.configurationUnreadable = true;
    return report;
  }
  Result<importer::CommunicationGrid> grid = planGrid(options, description->experiment);
  if (!grid) {
    report.configurationUnreadable = true;
    report.error = grid.error().message;
    return report;
  }

  Lifecycle lifecycle(log);
  lifecycle.enter(Phase::Configured,
                  fmt::format("system '{}': {}, {}; {} master, step {:g} from t={:g} to t={:g}",
                              description->name.empty() ? description->systemName : description->name,
                              counted(description->components.size(), "component"),
                              counted(description->connections.size(), "connection"),
                              toString(options.algorithm), grid->step(), grid->start(),
                              grid->stop()));
  auto failWith = [&](std::string message) {
    report.error = std::move(message);
    lifecycle.fail(report.error);
    report.phase = lifecycle.phase();
  };

  std::size_t problemsBefore = report.problems.size();
  std::optional<CoupledSystem> system = bindSystem(*description, options.load, report.problems);
  for (std::size_t i = problemsBefore; i < report.problems.size(); ++i)
    lifecycle.note(check::formatProblem(report.problems[i]));
  if (!system) {
    std::size_t errors = errorCount(report.problems);
    failWith(fmt::format("the system is inconsistent ({} above); no FMU was loaded",
                         counted(errors, "error")));
    return report;
  }
  lifecycle.note(fmt::format("validated {} and {}; step order: {}",
                             counted(system->components.size(), "FMU"),
                             counted(system->links.size(), "connection"),
                             joinNames(*system, system->stepOrder)));

  report.result.modelName = system->name;
  report.result.startTime = grid->start();
  report.result.stopTime = grid->start();
  Result<SystemRecorder> recorder =
      SystemRecorder::choose(*system, options.outputVariables, report.result.warnings);
  if (!recorder) {
    failWith(recorder.error().message);
    return report;
  }
  report.result.columns = recorder->columns();

  auto finish = [&] {
    freeInstances(*system, report);
    lifecycle.note(fmt::format("freed {} of {} instances", report.instancesFreed,
                               report.instancesCreated));
    std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - began;
    report.result.wallSeconds = elapsed.count();
    return report;
  };

  if (Result<void> made = instantiateAll(*system, options, report); !made) {
    failWith(made.error().message);
    return finish();
  }
  if (Result<void> ready = initializeAll(*system, *grid, options.tolerance); !ready) {
    failWith(ready.error().message);
    return finish();
  }
  lifecycle.enter(Phase::Initialized,
                  fmt::format("{} instances at t={:g}, inputs propagated in dependency order",
                              report.instancesCreated, grid->start()));

  lifecycle.enter(Phase::Simulating, fmt::format("{} steps of {:g}", grid->stepCount(), grid->step()));
  if (Result<void> ran = simulate(*system, *grid, options.algorithm, *recorder, lifecycle, report);
      !ran) {
    failWith(ran.error().message);
    return finish();
  }
  if (Result<void> ended = terminateAll(*system, report.result.stopTime); !ended) {
    failWith(ended.error().message);
    return finish();
  }
  lifecycle.enter(Phase::Completed,
                  fmt::format("t={:g} after {} steps", report.result.stopTime,
                              report.result.stepCount));
  report.phase = lifecycle.phase();
  return finish();
}

}  // namespace smc::cosim

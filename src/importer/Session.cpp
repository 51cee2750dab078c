// See Session.h.
#include "importer/Session.h"

#include "check/Check.h"

#include <fmt/format.h>

#include <system_error>

namespace smc::importer {
namespace {

// The errors of `smc check`, as it prints them, under one line that says
// why nothing runs.
std::string refusal(const check::CheckResult& result, bool unpacked) {
  std::string problems;
  for (const check::Problem& problem : result.problems)
    if (problem.severity == check::Severity::Error)
      problems += "\n  " + check::formatProblem(problem);
  std::size_t errors = result.errorCount();
  if (!unpacked)
    return fmt::format("cannot unpack '{}' ({} error{}):{}", result.fmuLabel, errors,
                       errors == 1 ? "" : "s", problems);
  return fmt::format("'{}' is not a valid FMI 2.0 Co-Simulation FMU ({} error{} found by smc "
                     "check); not running it (--no-check runs it anyway):{}",
                     result.fmuLabel, errors, errors == 1 ? "" : "s", problems);
}

}  // namespace

Result<Session> describeFmu(const std::string& fmuPath, const LoadOptions& options) {
  check::CheckedFmu checked = check::checkAndUnpack(
      fmuPath, options.limits,
      options.requireValid ? check::CheckScope::Everything : check::CheckScope::ArchiveOnly);
  if (!checked.unpacked) return Error{refusal(checked.result, false)};
  if (options.requireValid && checked.result.errorCount() > 0)
    return Error{refusal(checked.result, true)};
  return describeUnpackedFmu(std::move(*checked.unpacked), options.limits);
}

Result<Session> describeAttachedFmu(const std::string& name, const std::filesystem::path& root,
                                    const LoadOptions& options) {
  return describeUnpackedFmu(archive::UnpackedArchive::attach(name, root), options.limits);
}

Result<Session> describeUnpackedFmu(archive::UnpackedArchive unpacked,
                                    const archive::ArchiveLimits& limits) {
  Session session;
  session.archive = std::make_unique<FmuArchive>(std::move(unpacked));
  const FmuArchive& fmu = *session.archive;
  std::error_code ec;
  if (!std::filesystem::is_regular_file(fmu.modelDescriptionPath(), ec))
    return Error{fmt::format("'{}' is not an FMU: modelDescription.xml missing from the top "
                             "level of the archive",
                             fmu.name())};
  Result<std::string> xml =
      archive::readBoundedFile(fmu.modelDescriptionPath(), limits.maxXmlBytes,
                               fmu.unpacked().label(fmu.modelDescriptionPath()));
  if (!xml) return xml.error();
  Result<ModelDescription> md = parseModelDescription(*xml, "modelDescription.xml");
  if (!md) return md.error();
  session.description = std::move(md).value();
  return session;
}

Result<void> instantiate(Session& session, InstanceOptions options) {
  Result<std::unique_ptr<Fmu>> fmu = Fmu::load(*session.archive, session.description);
  if (!fmu) return fmu.error();
  session.fmu = std::move(fmu).value();
  Result<std::unique_ptr<FmuInstance>> instance = FmuInstance::instantiate(
      *session.fmu, session.description, session.archive->resourcesUri(), std::move(options));
  if (!instance) return instance.error();
  session.instance = std::move(instance).value();
  return {};
}

Result<void> initializeInstance(FmuInstance& instance, double start, double stop, std::optional<double> tolerance,
                                const std::vector<Setting>& settings) {
  Result<fmi2::Status> setup = instance.setupExperiment(tolerance, start, stop);
  if (!setup) return setup.error();
  if (Result<void> applied = applySettings(instance, settings, start); !applied) return applied;
  auto initialized = [&](const Result<fmi2::Status>& status) -> Result<void> {
    if (!status) return status.error();
    if (*status == fmi2::Status::Discard) {
      const std::string& why = instance.lastFmuProblem();
      return Error{fmt::format("the FMU discarded its initialization at t={:.10g}{}{}", start, why.empty() ? "" : ": ",
                               why)};
    }
    return {};
  };
  if (Result<void> entered = initialized(instance.enterInitializationMode(start)); !entered) return entered;
  return initialized(instance.exitInitializationMode(start));
}

}  // namespace smc::importer
